package term

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rivo/uniseg"
)

func TestCell(t *testing.T) {
	tests := []struct {
		in    string
		width int
		want  string
	}{
		{"hello", 10, "hello"},
		{"hello", 5, "hello"},
		{"hello world", 8, "hello w\u2026"},
		{"hello", 1, "\u2026"},
		{"hello", 0, ""},
		{"hello", -3, ""},
		{"", 4, ""},
		// Tabs and newlines become spaces; controls go.
		{"a\tb\nc\rd", 10, "a b cd"},
		// Wide characters are never split.
		{"\u4e16\u754c\u4e16\u754c", 5, "\u4e16\u754c\u2026"},
		{"\u4e16\u754c\u4e16\u754c", 4, "\u4e16\u2026"},
		// Grapheme clusters are never split.
		{"e\u0301e\u0301e\u0301", 2, "e\u0301\u2026"},
		{"\U0001f469\u200d\U0001f4bb code", 4, "\U0001f469\u200d\U0001f4bb \u2026"},
		{"\U0001f1eb\U0001f1f7\U0001f1e9\U0001f1ea", 3, "\U0001f1eb\U0001f1f7\u2026"},
		// SGR is kept, never split, and closed when left open.
		{"\x1b[31mred\x1b[0m", 3, "\x1b[31mred\x1b[0m"},
		{"\x1b[31mred", 10, "\x1b[31mred\x1b[0m"},
		{"\x1b[31mredder\x1b[0m", 4, "\x1b[31mred\u2026\x1b[0m"},
		{"ab\x1b[1mcdef", 3, "ab\u2026"},
		{"ab\x1b[1mcdef\x1b[0m", 4, "ab\x1b[1mc\u2026\x1b[0m"},
		{"\x1b[1ma\x1b[0mbcdef", 3, "\x1b[1ma\x1b[0mb\u2026"},
		// Dropped sequences do not count.
		{"\x1b]0;long title\aok", 2, "ok"},
		{"\x1b[8mhidden", 20, "hidden"},
	}
	for _, tc := range tests {
		got := Cell(tc.in, tc.width)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("Cell(%+q, %d) mismatch (-want +got):\n%s", tc.in, tc.width, diff)
		}
		if w := Width(got); tc.width > 0 && w > tc.width {
			t.Errorf("Width(Cell(%+q, %d)) = %d, too wide", tc.in, tc.width, w)
		}
	}
}

func TestWidth(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"", 0},
		{"hello", uniseg.StringWidth("hello")},
		{"\x1b[31mred\x1b[0m", uniseg.StringWidth("red")},
		{"\u4e16\u754c", uniseg.StringWidth("\u4e16\u754c")},
		{"a\tb\nc", uniseg.StringWidth("a b c")},
		{"\x1b]0;title\aok\r", uniseg.StringWidth("ok")},
	}
	for _, tc := range tests {
		if got := Width(tc.in); got != tc.want {
			t.Errorf("Width(%+q) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

func FuzzCell(f *testing.F) {
	f.Add("\x1b[31mredder\x1b[0m", 4)
	f.Add("\u4e16\u754c\u4e16\u754c", 5)
	f.Add("e\u0301e\u0301e\u0301\x1b[1m", 2)
	f.Fuzz(func(t *testing.T, s string, width int) {
		width %= 200
		c := Cell(s, width)
		if width <= 0 {
			if c != "" {
				t.Fatalf("Cell(%+q, %d) = %+q, want empty", s, width, c)
			}
			return
		}
		checkSafe(t, c)
		if strings.ContainsAny(c, "\t\n") {
			t.Fatalf("Cell(%+q, %d) = %+q holds a tab or newline", s, width, c)
		}
		if w := Width(c); w > width {
			t.Fatalf("Cell(%+q, %d) = %+q is %d wide", s, width, c, w)
		}
		if sgrOpen(c) {
			t.Fatalf("Cell(%+q, %d) = %+q leaves SGR open", s, width, c)
		}
		if flat := cellText(s); Width(s) <= width && c != flat && c != flat+sgrReset {
			t.Fatalf("Cell(%+q, %d) = %+q truncated though %d columns fit", s, width, c, Width(s))
		}
	})
}
