package main

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight-dev/plainsight"
)

func TestPlace(t *testing.T) {
	text := "ab\u00e9\n\xff\u202ex\n\n\U0001F600z\u200b"
	var fs []finding
	// Every boundary between characters, in an order place must sort.
	var offs []int
	for i := range text {
		offs = append(offs, i)
	}
	offs = append(offs, len(text))
	for i := len(offs) - 1; i > 0; i-- {
		fs = append(fs, finding{located: true, start: offs[i-1], end: offs[i]})
	}
	place(text, fs)
	for _, f := range fs {
		line, col := plainsight.LineColumn(text, f.start)
		endLine, endCol := plainsight.LineColumn(text, f.end)
		want := [4]int{line, col, endLine, endCol}
		if got := [4]int{f.Line, f.Column, f.EndLine, f.EndColumn}; got != want {
			t.Errorf("span [%d, %d): got %v, want %v", f.start, f.end, got, want)
		}
	}
}

func TestLoneCarriageReturns(t *testing.T) {
	loc := func(off int) plainsight.Location {
		return plainsight.Location{Input: plainsight.Span{Start: off, End: off + 1}}
	}
	tests := []struct {
		text     string
		locs     []plainsight.Location
		want     []plainsight.Location
		wantLone bool
	}{
		{"a\r\nb\r\n", []plainsight.Location{loc(1), loc(4)}, nil, false},
		{"a\rb\r\n", []plainsight.Location{loc(1), loc(3)}, []plainsight.Location{loc(1)}, true},
		{"a\r", []plainsight.Location{loc(1)}, []plainsight.Location{loc(1)}, true},
		{"a\rb", nil, nil, true},
	}
	for _, tt := range tests {
		got, lone := loneCarriageReturns(tt.text, tt.locs)
		if lone != tt.wantLone {
			t.Errorf("loneCarriageReturns(%+q) lone = %v, want %v", tt.text, lone, tt.wantLone)
		}
		if diff := cmp.Diff(tt.want, got); lone && diff != "" {
			t.Errorf("loneCarriageReturns(%+q) mismatch (-want +got):\n%s", tt.text, diff)
		}
	}
}

func TestClipToken(t *testing.T) {
	long := strings.Repeat("a", plainsight.MaxTokenLen-4) + `\u{202e}bcd`
	tests := []struct{ in, want string }{
		{"short", "short"},
		{strings.Repeat("x", plainsight.MaxTokenLen), strings.Repeat("x", plainsight.MaxTokenLen)},
		{strings.Repeat("x", plainsight.MaxTokenLen+1), strings.Repeat("x", plainsight.MaxTokenLen) + "…"},
		{strings.Repeat("\u00e9", plainsight.MaxTokenLen), strings.Repeat("\u00e9", plainsight.MaxTokenLen/2) + "…"},
		{long, strings.Repeat("a", plainsight.MaxTokenLen-4) + "…"},
	}
	for _, tt := range tests {
		if got := clipToken(tt.in); got != tt.want {
			t.Errorf("clipToken(%+q) = %+q, want %+q", tt.in, got, tt.want)
		}
	}
}

func TestPathURI(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a.go", "a.go"},
		{"dir/sub/a.go", "dir/sub/a.go"},
		{"a b/c%.go", "a%20b/c%25.go"},
		{"a:b.go", "./a:b.go"},
		{"x#y?.go", "x%23y%3F.go"},
		{"r\u202e.go", "r%E2%80%AE.go"},
		{"/tmp/a.go", "file:///tmp/a.go"},
	}
	for _, tt := range tests {
		if got := pathURI(tt.in); got != tt.want {
			t.Errorf("pathURI(%+q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestMostlyBinary(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want bool
	}{
		{"short and all control", strings.Repeat("\x1b", binaryMinLen-1), false},
		{"long text", strings.Repeat("caf\u00e9 \u202e\t\n", binaryMinLen/8), false},
		{"long, one in four bad", strings.Repeat("\x00abc", binaryMinLen/4), false},
		{"long, more than one in four bad", strings.Repeat("\x00\xffab", binaryMinLen/4), true},
		{"ESC flood", strings.Repeat("\x1b", binaryMinLen), true},
	}
	for _, tt := range tests {
		if got := mostlyBinary([]byte(tt.in)); got != tt.want {
			t.Errorf("%s: mostlyBinary = %v, want %v", tt.name, got, tt.want)
		}
	}
}
