package ucd

import (
	"bytes"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"unicode"
)

// dataDir is where the Unicode data files live relative to this package
// (../shared/ucd/17.0.0 from the repository root). The files are not part
// of the repository; tests that need them skip when they are missing.
const dataDir = "../../../shared/ucd/" + UnicodeVersion

// TestTablesUpToDate regenerates tables.go from the data files and
// compares it byte for byte with the committed file.
func TestTablesUpToDate(t *testing.T) {
	if _, err := os.Stat(filepath.Join(dataDir, "SHA256SUMS")); err != nil {
		t.Skipf("Unicode data not available: %v", err)
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("go command not found: %v", err)
	}
	out := filepath.Join(t.TempDir(), "tables.go")
	cmd := exec.Command(goTool, "run", "../gen", "-ucd", dataDir, "-o", out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run ../gen: %v\n%s", err, msg)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("tables.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("tables.go is stale (%d bytes, regenerated %d bytes): run go generate ./internal/ucd", len(want), len(got))
	}
}

func TestTableSize(t *testing.T) {
	fi, err := os.Stat("tables.go")
	if err != nil {
		t.Fatal(err)
	}
	if fi.Size() >= 1<<20 {
		t.Errorf("tables.go is %d bytes, want under 1 MiB", fi.Size())
	}
}

// checkProps reports whether every field of p holds a valid value.
func checkProps(t *testing.T, r rune, p Props) {
	t.Helper()
	if p.Script() >= NumScripts || p.Category() >= numCategories || int(p.JoiningType()) >= len(joiningNames) {
		t.Fatalf("Lookup(%U) = %#x: field out of range", r, uint64(p))
	}
	if p.Script() == ScriptHanb || p.Script() == ScriptJpan || p.Script() == ScriptKore {
		t.Fatalf("Lookup(%U) has pseudo-script %v", r, p.Script())
	}
}

// TestLookupEveryRune checks every code point and the runes outside the
// code space, and that the ASCII fast path agrees with the trie.
func TestLookupEveryRune(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		checkProps(t, r, Lookup(r))
	}
	for r := rune(0); r < 0x80; r++ {
		c := uint32(r)
		i := uint32(trieIndex1[c>>trieShift1])<<trieShift2 | c>>trieShift3&trieMask2
		j := uint32(trieIndex2[i])<<trieShift3 | c&trieMask3
		if got := trieValues[trieLeaf[j]]; got != Lookup(r) {
			t.Errorf("%U: trie %#x, fast path %#x", r, uint64(got), uint64(Lookup(r)))
		}
	}
	for _, r := range []rune{-1, math.MinInt32, math.MaxInt32, unicode.MaxRune + 1, 0x7FFFFFF, -0x10FFFF} {
		if p := Lookup(r); p != 0 {
			t.Errorf("Lookup(%d) = %#x, want 0", r, uint64(p))
		}
		checkInvalidRune(t, r)
	}
}

func checkInvalidRune(t *testing.T, r rune) {
	t.Helper()
	if s := ScriptExtensions(r); s != (ScriptSet{1 << ScriptUnknown}) {
		t.Errorf("ScriptExtensions(%d) = %v", r, s)
	}
	if p, ok := Confusable(r); ok {
		t.Errorf("Confusable(%d) = %q", r, p)
	}
	if z, ok := DigitZero(r); ok {
		t.Errorf("DigitZero(%d) = %d", r, z)
	}
}

func FuzzLookup(f *testing.F) {
	for _, r := range []rune{0, 'a', 0x30FC, 0x10FFFF, -1, 0x110000, math.MinInt32, math.MaxInt32} {
		f.Add(int32(r))
	}
	f.Fuzz(func(t *testing.T, r int32) {
		p := Lookup(r)
		checkProps(t, r, p)
		if r < 0 || r > unicode.MaxRune {
			if p != 0 {
				t.Fatalf("Lookup(%d) = %#x, want 0", r, uint64(p))
			}
			checkInvalidRune(t, r)
			return
		}
		if s := ScriptExtensions(r); s.IsEmpty() || !p.HasScriptExtensions() && s.Scripts()[0] != p.Script() {
			t.Fatalf("ScriptExtensions(%U) = %v, Script %v", r, s, p.Script())
		}
		if proto, ok := Confusable(r); ok != p.HasConfusable() || ok && proto == "" {
			t.Fatalf("Confusable(%U) = %q, %v; HasConfusable %v", r, proto, ok, p.HasConfusable())
		}
		if z, ok := DigitZero(r); ok != (p.Category() == Nd) || ok && (r-z > 9 || r-z < 0 || Lookup(z).Category() != Nd) {
			t.Fatalf("DigitZero(%U) = %U, %v", r, z, ok)
		}
	})
}
