package plainsight

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

func TestLineColumn(t *testing.T) {
	type pos struct{ Line, Column int }
	tests := []struct {
		text string
		off  int
		want pos
	}{
		{"", 0, pos{1, 1}},
		{"abc", 2, pos{1, 3}},
		{"ab\ncd", 3, pos{2, 1}},
		{"ab\ncd", 4, pos{2, 2}},
		{"\u00e9\u00e9x", 4, pos{1, 3}}, // two-byte letters are one column each
		{"a\u202eb", 4, pos{1, 3}},      // after a three-byte control
		{"\xff\xfex", 2, pos{1, 3}},     // each invalid byte is a column
		{"\U0001F600!", 4, pos{1, 2}},   // four bytes, one column
		{"a\r\nb", 3, pos{2, 1}},        // CR counts as a column, LF ends the line
		{"abc", 99, pos{1, 4}},          // past the end: the end
		{"abc", -5, pos{1, 1}},          // before the start: the start
		{"x\n\n\ny", 4, pos{4, 1}},
	}
	for _, tt := range tests {
		l, c := LineColumn(tt.text, tt.off)
		if diff := cmp.Diff(tt.want, pos{l, c}); diff != "" {
			t.Errorf("LineColumn(%+q, %d) mismatch (-want +got):\n%s", tt.text, tt.off, diff)
		}
	}
}

// loc is a Location in short form for the tables.
func loc(inStart, inEnd, textStart, textEnd int) Location {
	return Location{Input: Span{inStart, inEnd}, Text: Span{textStart, textEnd}}
}

func TestLocations(t *testing.T) {
	type kindLocs struct {
		Kind      Kind
		Count     int
		Locations []Location
	}
	tests := []struct {
		in   string
		want []kindLocs
	}{
		{"echo ok\rrm -rf ~", []kindLocs{{KindCarriageReturn, 1, []Location{loc(7, 8, 7, 11)}}}},
		// A bidi override (3 bytes) becomes \u{202e} (8 bytes); what
		// follows moves by 5.
		{"a\u202eb\u202ec", []kindLocs{{KindBidi, 2, []Location{loc(1, 4, 1, 9), loc(5, 8, 10, 18)}}}},
		// A terminal sequence is one occurrence; its text span covers
		// the escape of ESC and the bytes after it.
		{"x\x1b[2Ky", []kindLocs{{KindTerminalEscape, 1, []Location{loc(1, 5, 1, 8)}}}},
		{"\xffa\xfe", []kindLocs{{KindInvalidUTF8, 2, []Location{loc(0, 1, 0, 6), loc(2, 3, 7, 13)}}}},
		// Each tag character is an occurrence.
		{"hi\U000E0041\U000E0042", []kindLocs{{KindHiddenTags, 2, []Location{loc(2, 6, 2, 11), loc(6, 10, 11, 20)}}}},
		// The mixed-script token, moved by the escape before it.
		{"\u200b p\u0430ypal", []kindLocs{
			{KindZeroWidth, 1, []Location{loc(0, 3, 0, 8)}},
			{KindMixedScript, 1, []Location{loc(4, 11, 9, 16)}},
		}},
		// A token that holds an escape: the span covers the escape.
		{"p\u200d\u0430ypal", []kindLocs{
			{KindMixedScript, 1, []Location{loc(0, 10, 0, 15)}},
			{KindZeroWidth, 1, []Location{loc(1, 4, 1, 9)}},
		}},
		// A lookalike is placed at the character, not the word.
		{"rm \u2212rf /", []kindLocs{{KindLookalike, 1, []Location{loc(3, 6, 3, 6)}}}},
		{"ping 192.168.\u09e7.1", []kindLocs{{KindMixedNumbers, 1, []Location{loc(5, 18, 5, 18)}}}},
	}
	for _, tt := range tests {
		var got []kindLocs
		for _, w := range Sanitize(tt.in).Warnings {
			got = append(got, kindLocs{w.Kind, w.Count, w.Locations})
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Sanitize(%+q) locations mismatch (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestLocationsCapped(t *testing.T) {
	r := Sanitize(strings.Repeat("\u202e", 1000))
	if len(r.Warnings) != 1 {
		t.Fatalf("Sanitize(1000 RLO) warnings = %v", r.Warnings)
	}
	w := r.Warnings[0]
	if w.Count != 1000 || len(w.Locations) != MaxLocations {
		t.Errorf("Sanitize(1000 RLO): count %d, %d locations; want 1000, %d", w.Count, len(w.Locations), MaxLocations)
	}
	if diff := cmp.Diff(loc(3*63, 3*64, 8*63, 8*64), w.Locations[MaxLocations-1]); diff != "" {
		t.Errorf("last location mismatch (-want +got):\n%s", diff)
	}
}

// checkLocations checks the locations of r, the Result of Sanitize(in):
// every occurrence up to MaxLocations is placed, in input order (of two
// that start together, the one that holds the other first); each Input
// span holds the offending bytes and each Text span exactly their
// neutralized form (the escapes inside it stand for the input bytes).
func checkLocations(t *testing.T, in string, r Result) {
	t.Helper()
	es := singleEscapes(r)
	for _, w := range r.Warnings {
		if want := min(w.Count, MaxLocations); len(w.Locations) != want {
			t.Fatalf("Sanitize(%+q): %v has %d locations for count %d", in, w.Kind, len(w.Locations), w.Count)
		}
		for i, l := range w.Locations {
			in0, tx := l.Input, l.Text
			if in0.Start < 0 || in0.Start >= in0.End || in0.End > len(in) || tx.Start < 0 || tx.Start > tx.End || tx.End > len(r.Text) {
				t.Fatalf("Sanitize(%+q): %v location %+v out of range", in, w.Kind, l)
			}
			if prev := w.Locations[max(i-1, 0)].Input; i > 0 && (prev.Start > in0.Start || prev.Start == in0.Start && prev.End <= in0.End) {
				t.Fatalf("Sanitize(%+q): %v locations out of order: %+v", in, w.Kind, w.Locations)
			}
			orig, ok := originalIn(r, es, tx)
			if !ok || orig != in[in0.Start:in0.End] {
				t.Fatalf("Sanitize(%+q): %v location %+v: text %+q stands for %+q (whole escapes: %v), input holds %+q",
					in, w.Kind, l, r.Text[tx.Start:tx.End], orig, ok, in[in0.Start:in0.End])
			}
			switch {
			case w.Kind < KindTerminalEscape || w.Kind > KindTerminalEscape && w.Kind < KindMixedScript:
				// A code point or byte: one escape.
				if e := escapeAt(es, tx.Start); e.Start != tx.Start || e.End != tx.End {
					t.Fatalf("Sanitize(%+q): %v location %+v is not one escape", in, w.Kind, l)
				}
			case w.Kind == KindLookalike:
				if _, size := utf8.DecodeRuneInString(in[in0.Start:]); size != in0.End-in0.Start {
					t.Fatalf("Sanitize(%+q): lookalike location %+v is not one character", in, l)
				}
			}
		}
	}
}

// singleEscapes returns the escapes of r with every run split into its
// single escapes.
func singleEscapes(r Result) []Escape {
	var es []Escape
	for e := range r.Escapes.All() {
		for u := range e.Units() {
			es = append(es, u)
		}
	}
	return es
}

// escapeAt returns the single escape of es that starts at text offset off,
// or the zero Escape.
func escapeAt(es []Escape, off int) Escape {
	if i, ok := slices.BinarySearchFunc(es, off, func(e Escape, off int) int { return e.Start - off }); ok {
		return es[i]
	}
	return Escape{}
}

// originalIn returns the input bytes that r.Text[sp.Start:sp.End] stands
// for, given the single escapes es of r, and whether no escape straddles
// the span's ends.
func originalIn(r Result, es []Escape, sp Span) (string, bool) {
	var b strings.Builder
	last := sp.Start
	first, _ := slices.BinarySearchFunc(es, sp.Start, func(e Escape, off int) int { return e.End - (off + 1) })
	for _, e := range es[first:] {
		if e.Start >= sp.End {
			break
		}
		if e.Start < sp.Start || e.End > sp.End {
			return "", false
		}
		b.WriteString(r.Text[last:e.Start])
		b.WriteString(e.Original())
		last = e.End
	}
	b.WriteString(r.Text[last:sp.End])
	return b.String(), true
}
