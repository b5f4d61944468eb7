package escape

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestOneLine(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		want string
	}{
		{"plain", 80, "plain"},
		{"a\nb", 80, `a\x0ab`},
		{"\x1b[2J", 80, `\x1b[2J`},
		{"x\u202ey", 80, `x\u{202e}y`},
		{"\xff", 80, `\X{ff}`},
		// A cut never leaves half an escape behind.
		{"ab\u202ecd", 6, "ab…"},
		{"ab\u202ecd", 10, `ab\u{202e}…`},
		{strings.Repeat("é", 10), 5, "éé…"},
		// Only 2n bytes are read: the rest cannot change the prefix.
		{strings.Repeat("a", 10) + "\x1b", 4, "aaaa…"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, OneLine(tt.in, tt.n)); diff != "" {
			t.Errorf("OneLine(%+q, %d) mismatch (-want +got):\n%s", tt.in, tt.n, diff)
		}
	}
}

func TestNeutralizeKeepsCleanText(t *testing.T) {
	for _, in := range []string{"", "ls -la\n", "Grüße, 世界", "\U0001F468\u200D\U0001F469\u200D\U0001F467"} {
		if got := Neutralize(in); got != in {
			t.Errorf("Neutralize(%+q) = %+q, want it unchanged", in, got)
		}
	}
	in := "a\u200Db" // a ZWJ between two letters joins nothing
	if got, want := Neutralize(in), `a\u{200d}b`; got != want {
		t.Errorf("Neutralize(%+q) = %s, want %s", in, got, want)
	}
}

// TestListRoundTrip packs runs of every shape and reads them back.
func TestListRoundTrip(t *testing.T) {
	runs := []Run{
		{Start: 0, End: 4, R: 0x1B},
		{Start: 4, End: 16, R: 0x1B, Repeat: 2},
		{Start: 20, End: 28, R: 0x202E},
		{Start: 28, End: 34, R: 0xFF, Invalid: true},
		{Start: 1000, End: 1010, R: 0x10FFFF},
		{Start: 1010, End: 1018, R: '$', Given: true, Cls: Flagged},
	}
	var b Builder
	for _, r := range runs {
		b.Add(r)
	}
	l := b.Done("")
	var got []Run
	for c := l.Runs(); ; {
		r, ok := c.Next()
		if !ok {
			break
		}
		got = append(got, r)
	}
	if diff := cmp.Diff(runs, got); diff != "" {
		t.Errorf("runs mismatch (-packed +read):\n%s", diff)
	}
	if l.Len() != len(runs) || l.End() != 1018 {
		t.Errorf("Len() = %d, End() = %d", l.Len(), l.End())
	}
}
