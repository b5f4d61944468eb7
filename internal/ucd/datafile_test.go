package ucd

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// readDataFile returns, for every code point listed in the named data
// file of dataDir, the second field of its line; it skips the test when
// the data files are missing. It is a second, simpler parser than the
// generator's, so that the two check each other.
func readDataFile(t *testing.T, name string) map[rune]string {
	t.Helper()
	f, err := os.Open(filepath.Join(dataDir, name))
	if err != nil {
		t.Skipf("Unicode data not available: %v", err)
	}
	defer f.Close()
	values := make(map[rune]string)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		fields := strings.Split(line, ";")
		if len(fields) < 2 {
			continue
		}
		cps, value := strings.TrimSpace(fields[0]), strings.TrimSpace(fields[1])
		a, b, ok := strings.Cut(cps, "..")
		if !ok {
			b = a
		}
		lo, err1 := strconv.ParseUint(a, 16, 32)
		hi, err2 := strconv.ParseUint(b, 16, 32)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: bad line %q", name, sc.Text())
		}
		for r := rune(lo); r <= rune(hi); r++ {
			values[r] = value
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return values
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
	f, err := os.ReadFile(filepath.Join(dataDir, name))
	if err != nil {
		t.Skipf("Unicode data not available: %v", err)
	}
	set := make(map[rune]bool)
	for _, line := range strings.Split(string(f), "\n") {
		line, _, _ = strings.Cut(line, "#")
		fields := strings.Split(line, ";")
		if len(fields) < 2 || strings.TrimSpace(fields[1]) != value {
			continue
		}
		a, b, ok := strings.Cut(strings.TrimSpace(fields[0]), "..")
		if !ok {
			b = a
		}
		lo, err1 := strconv.ParseUint(a, 16, 32)
		hi, err2 := strconv.ParseUint(b, 16, 32)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: bad line %q", name, line)
		}
		for r := rune(lo); r <= rune(hi); r++ {
			set[r] = true
		}
	}
	return set
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
