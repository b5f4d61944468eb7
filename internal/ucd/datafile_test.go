package ucd

import (
	"strings"
	"testing"

	"github.com/plainsight-dev/plainsight/internal/ucd/ucdtest"
)

// readDataFile returns the second field of the line of every code point
// the named data file lists.
func readDataFile(t *testing.T, name string) map[rune]string {
	t.Helper()
	return ucdtest.Values(t, dataDir, name)
}

// TestPropListBits checks the PropList.txt properties of Props against the
// data file, code point by code point.
func TestPropListBits(t *testing.T) {
	props := []struct {
		name string
		has  func(Props) bool
	}{
		{"Quotation_Mark", Props.QuotationMark},
		{"White_Space", Props.WhiteSpace},
		{"Bidi_Control", Props.BidiControl},
		{"Variation_Selector", Props.VariationSelector},
		{"Noncharacter_Code_Point", Props.Noncharacter},
		{"Prepended_Concatenation_Mark", Props.PrependedConcatenationMark},
	}
	// PropList.txt lists a code point once per property: read it again
	// per property rather than keep the last value of each line.
	for _, prop := range props {
		want := readProperty(t, "PropList.txt", prop.name)
		n := 0
		for r := rune(0); r <= 0x10FFFF; r++ {
			if got := prop.has(Lookup(r)); got != want[r] {
				if n < 5 {
					t.Errorf("%U: %s = %v, PropList.txt says %v", r, prop.name, got, want[r])
				}
				n++
			}
		}
		if len(want) == 0 {
			t.Errorf("PropList.txt lists no %s", prop.name)
		}
	}
}

// readProperty returns the code points the named data file lists with
// value as their second field.
func readProperty(t *testing.T, name, value string) map[rune]bool {
	t.Helper()
	return ucdtest.Property(t, dataDir, name, value)[value]
}

// TestScriptExtensionsMatchDataFile checks ScriptExtensions against
// ScriptExtensions.txt for every code point it lists, and that no other
// code point has an explicit value.
func TestScriptExtensionsMatchDataFile(t *testing.T) {
	values := readDataFile(t, "ScriptExtensions.txt")
	codes := make(map[string]Script)
	for sc := range Script(NumScripts) {
		codes[sc.Code()] = sc
	}
	for r := rune(0); r <= 0x10FFFF; r++ {
		v, listed := values[r]
		if Lookup(r).HasScriptExtensions() != listed {
			t.Fatalf("%U: HasScriptExtensions %v, listed %v", r, !listed, listed)
		}
		if !listed {
			continue
		}
		var want ScriptSet
		for _, code := range strings.Fields(v) {
			sc, ok := codes[code]
			if !ok {
				t.Fatalf("%U: unknown script %q", r, code)
			}
			want.Add(sc)
		}
		if got := ScriptExtensions(r); got != want {
			t.Errorf("ScriptExtensions(%U) = %v, ScriptExtensions.txt says %v", r, got, want)
		}
	}
}
