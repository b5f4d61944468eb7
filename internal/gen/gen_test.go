package main

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func writeDir(t *testing.T, files map[string]string, sums map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	var list strings.Builder
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, sum := range sums {
		list.WriteString(sum + "  " + name + "\n")
	}
	if err := os.WriteFile(filepath.Join(dir, "SHA256SUMS"), []byte(list.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func sum(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

func TestLoaderVerifiesChecksums(t *testing.T) {
	const good = "# good.txt\n0041 ; X\n"
	dir := writeDir(t,
		map[string]string{"good.txt": good, "bad.txt": "changed", "unlisted.txt": "x"},
		map[string]string{"good.txt": sum(good), "bad.txt": sum("original"), "missing.txt": sum("")})
	l, err := newLoader(dir)
	if err != nil {
		t.Fatal(err)
	}
	s, err := l.load("good.txt")
	if err != nil || s.header != "# good.txt" {
		t.Fatalf("load(good.txt) = %+v, %v", s, err)
	}
	for name, want := range map[string]string{
		"bad.txt":      "sha256",
		"unlisted.txt": "not listed",
		"missing.txt":  "no such file",
	} {
		if _, err := l.load(name); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("load(%s) error = %v, want one containing %q", name, err, want)
		}
	}
	if _, err := newLoader(t.TempDir()); err == nil {
		t.Error("newLoader without SHA256SUMS succeeded")
	}
}

func TestGenerateFailsOnMissingFile(t *testing.T) {
	dir := writeDir(t, nil, nil)
	if _, err := Generate(dir); err == nil || !strings.Contains(err.Error(), "not listed") {
		t.Errorf("Generate on an empty directory: %v", err)
	}
}

func TestParseRange(t *testing.T) {
	tests := []struct {
		in     string
		lo, hi rune
		ok     bool
	}{
		{"0041", 0x41, 0x41, true},
		{"0041..005A", 0x41, 0x5A, true},
		{"10FFFF", 0x10FFFF, 0x10FFFF, true},
		{"110000", 0, 0, false},
		{"005A..0041", 0, 0, false},
		{"41", 0, 0, false},
		{"zzzz", 0, 0, false},
		{"0041..", 0, 0, false},
	}
	for _, tt := range tests {
		lo, hi, err := parseRange(tt.in)
		if got := []any{lo, hi, err == nil}; !cmp.Equal([]any{tt.lo, tt.hi, tt.ok}, got) {
			t.Errorf("parseRange(%q) = %v, %v, %v", tt.in, lo, hi, err)
		}
	}
}

func TestRecordsSkipsComments(t *testing.T) {
	s := &source{name: "t.txt", data: []byte("# header\n\n0041..0042 ; Latin # comment\n0300 ; Inherited#tight\n")}
	var got [][]string
	if err := s.records(func(_ int, f []string) error { got = append(got, f); return nil }); err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"0041..0042", "Latin"}, {"0300", "Inherited"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("records mismatch (-want +got):\n%s", diff)
	}
}

func TestDedup(t *testing.T) {
	blocks, index := dedup([]int{1, 2, 3, 4, 1, 2, 5, 6, 3, 4}, 2)
	if diff := cmp.Diff([]int{1, 2, 3, 4, 5, 6}, blocks); diff != "" {
		t.Errorf("blocks mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]int{0, 1, 0, 2, 1}, index); diff != "" {
		t.Errorf("index mismatch (-want +got):\n%s", diff)
	}
}
