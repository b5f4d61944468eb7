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

// TestFindings places each location of a Result as Sanitize will fill them:
// one finding per location, in position order, with its neutralized token.
func TestFindings(t *testing.T) {
	text := "a\u202eb\r\nc\rd\n\u200bx\u202e"
	res := plainsight.Result{
		Text: `a\u{202e}b\x0d` + "\n" + `c\x0dd` + "\n" + `\u{200b}x\u{202e}`,
		Warnings: []plainsight.Warning{
			{Kind: plainsight.KindCarriageReturn, Explanation: "cr", Count: 2, Locations: []plainsight.Location{
				{Input: plainsight.Span{Start: 5, End: 6}, Text: plainsight.Span{Start: 10, End: 14}},
				{Input: plainsight.Span{Start: 8, End: 9}, Text: plainsight.Span{Start: 16, End: 20}},
			}},
			{Kind: plainsight.KindBidi, Explanation: "bidi", Count: 2, Locations: []plainsight.Location{
				{Input: plainsight.Span{Start: 1, End: 4}, Text: plainsight.Span{Start: 1, End: 9}},
				{Input: plainsight.Span{Start: 15, End: 18}, Text: plainsight.Span{Start: 31, End: 39}},
			}},
			{Kind: plainsight.KindZeroWidth, Explanation: "zw", Count: 1, Locations: []plainsight.Location{
				{Input: plainsight.Span{Start: 11, End: 14}, Text: plainsight.Span{Start: 22, End: 30}},
			}},
			{Kind: plainsight.KindMixedScript, Severity: plainsight.SeverityWarn, Explanation: "unplaced", Count: 1},
		},
	}
	got := findings("f", "f", text, res)
	type row struct {
		Line, Column, EndLine, EndColumn int
		Kind                             string
		Token                            string
	}
	var rows []row
	for _, f := range got {
		rows = append(rows, row{f.Line, f.Column, f.EndLine, f.EndColumn, f.Kind.String(), f.Token})
	}
	want := []row{
		{0, 0, 0, 0, "mixed_script", ""},
		{1, 2, 1, 3, "bidi", `\u{202e}`},
		{2, 2, 2, 3, "carriage_return", `\x0d`},
		{3, 1, 3, 2, "zero_width", `\u{200b}`},
		{3, 3, 3, 4, "bidi", `\u{202e}`},
	}
	if diff := cmp.Diff(want, rows); diff != "" {
		t.Errorf("findings mismatch (-want +got):\n%s", diff)
	}
}
