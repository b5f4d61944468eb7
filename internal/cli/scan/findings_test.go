package scan

import (
	"strings"
	"testing"
	"unicode/utf16"

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
	// The text is a chunk that starts on line 5 after "é😀" (2 characters,
	// 3 UTF-16 units).
	place(text, fs, position{line: 5, col: 3, col16: 4})
	// col16 counts UTF-16 code units before off on its line, plus one.
	col16 := func(off int) int {
		line := text[strings.LastIndexByte(text[:off], '\n')+1 : off]
		n := len(utf16.Encode([]rune(line))) + 1
		if !strings.Contains(text[:off], "\n") {
			n += 3
		}
		return n
	}
	for _, f := range fs {
		line, col := plainsight.LineColumn(text, f.start)
		endLine, endCol := plainsight.LineColumn(text, f.end)
		if line == 1 {
			col += 2
		}
		if endLine == 1 {
			endCol += 2
		}
		want := [6]int{line + 4, col, endLine + 4, endCol, col16(f.start), col16(f.end)}
		if got := [6]int{f.Line, f.Column, f.EndLine, f.EndColumn, f.col16, f.endCol16}; got != want {
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
	got := findings("f", "f", text, res, position{1, 1, 1})
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
