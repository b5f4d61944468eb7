package ucd

import (
	"fmt"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/text/unicode/rangetable"
)

// propertyChanges are the code points, assigned in Unicode 15.0, whose
// Script or General_Category changed by Unicode 17.0 (Go's unicode tables
// are 15.0.0). Each entry is "U+XXXX Go15 -> 17".
var propertyChanges = []string{
	"U+0295 category Ll -> Lo",  // LATIN LETTER PHARYNGEAL VOICED FRICATIVE, Unicode 16.0
	"U+1171E category Mn -> Mc", // AHOM CONSONANT SIGN MEDIAL RA, Unicode 16.0
}

// TestAgainstGoUnicode15 compares Script and Category with Go's unicode
// tables for every code point assigned in Unicode 15.0.
func TestAgainstGoUnicode15(t *testing.T) {
	if unicode.Version != "15.0.0" {
		t.Skipf("unicode.Version = %s; the change list is for 15.0.0", unicode.Version)
	}
	assigned15 := rangetable.Assigned("15.0.0")
	goScript := make(map[rune]string)
	for name, tab := range unicode.Scripts {
		rangetable.Visit(tab, func(r rune) { goScript[r] = name })
	}
	goCategory := make(map[rune]string)
	for name, tab := range unicode.Categories {
		if len(name) != 2 || name == "Cn" || name == "LC" { // LC is Lu+Ll+Lt
			continue
		}
		rangetable.Visit(tab, func(r rune) { goCategory[r] = name })
	}
	var changes []string
	n := 0
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if !unicode.Is(assigned15, r) {
			continue
		}
		n++
		p := Lookup(r)
		wantScript := goScript[r]
		if wantScript == "" {
			wantScript = "Unknown"
		}
		if got := strings.ReplaceAll(p.Script().String(), " ", "_"); got != wantScript {
			changes = append(changes, fmt.Sprintf("%U script %s -> %s", r, wantScript, got))
		}
		if got := p.Category().String(); got != goCategory[r] {
			changes = append(changes, fmt.Sprintf("%U category %s -> %s", r, goCategory[r], got))
		}
	}
	if n < 149000 {
		t.Fatalf("only %d code points assigned in 15.0", n)
	}
	sort.Strings(changes)
	if diff := cmp.Diff(propertyChanges, changes); diff != "" {
		t.Errorf("changes since Unicode 15 mismatch (-want +got):\n%s", diff)
	}
}

// TestCategoryGroups checks IsLetter, IsMark and the other groups against
// Go's L, M, N, P, S, Z and C tables.
func TestCategoryGroups(t *testing.T) {
	groups := []struct {
		name string
		tab  *unicode.RangeTable
		is   func(Category) bool
	}{
		{"L", unicode.L, Category.IsLetter},
		{"M", unicode.M, Category.IsMark},
		{"N", unicode.N, Category.IsNumber},
		{"P", unicode.P, Category.IsPunct},
		{"S", unicode.S, Category.IsSymbol},
		{"Z", unicode.Z, Category.IsSeparator},
	}
	for c := Category(0); c < numCategories; c++ {
		var in []string
		for _, g := range groups {
			if g.is(c) {
				in = append(in, g.name)
			}
		}
		if c.IsOther() {
			in = append(in, "C")
		}
		if want := []string{c.String()[:1]}; !cmp.Equal(want, in) {
			t.Errorf("%v is in groups %v, want %v", c, in, want)
		}
	}
	for _, g := range groups {
		rangetable.Visit(g.tab, func(r rune) {
			if c := Lookup(r).Category(); !g.is(c) {
				t.Errorf("%U is in unicode.%s but has category %v", r, g.name, c)
			}
		})
	}
}
