package plainsight

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// builderRuns returns the runs of l as Sanitize's cursors read them, with
// its last run left open: forward, and backward put back in order.
func builderRuns(l EscapeList) (forward, backward []escapeRun) {
	es := slices.Collect(l.All())
	var b escapeBuilder
	for _, e := range es {
		b.add(runOf(e))
	}
	for c := b.runs(); ; {
		e, ok := c.next()
		if !ok {
			break
		}
		forward = append(forward, e)
	}
	for c := b.runsBackward(); ; {
		e, ok := c.next()
		if !ok {
			break
		}
		backward = append(backward, e)
	}
	slices.Reverse(backward)
	return forward, backward
}

func TestEscapeList(t *testing.T) {
	tests := []struct {
		name string
		es   []Escape
	}{
		{"empty", nil},
		{"bidi", []Escape{{Start: 1, End: 9, Rune: 0x202E, Class: ClassBidi}}},
		{"tab and controls", []Escape{
			{Start: 0, End: 2, Rune: '\t', Class: ClassTab},
			{Start: 2, End: 6, Rune: '\b', Class: ClassBackspace},
			{Start: 9, End: 13, Rune: '\r', Class: ClassCarriageReturn},
			{Start: 13, End: 17, Rune: 0x9B, Class: ClassControl},
		}},
		{"runs", []Escape{
			{Start: 0, End: 12, Rune: 0x1B, Class: ClassControl, Repeat: 2},
			{Start: 12, End: 6012, Rune: 0xFF, Class: ClassInvalidUTF8, Repeat: 999},
			{Start: 6012, End: 6018, Rune: 0x80, Class: ClassInvalidUTF8},
		}},
		{"planes", []Escape{
			{Start: 3, End: 12, Rune: 0xE0041, Class: ClassTag},
			{Start: 1 << 20, End: 1<<20 + 10, Rune: 0x10FFFF, Class: ClassNoncharacter},
		}},
		{"flagged", []Escape{
			{Start: 0, End: 8, Rune: '$', Class: ClassFlagged},
			{Start: 8, End: 10, Rune: '\t', Class: ClassFlagged, Repeat: 0},
			{Start: 10, End: 26, Rune: 0x430, Class: ClassFlagged, Repeat: 1},
		}},
		{"built by hand", []Escape{
			{Start: 1, End: 2},
			{Start: 2, End: 9, Rune: 0x1B, Class: ClassBidi},
			{Start: 9, End: 39, Rune: 0xFF, Class: ClassInvalidUTF8, Repeat: 2},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := NewEscapeList(tt.es...)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.es, slices.Collect(l.All())); diff != "" {
				t.Errorf("All mismatch (-want +got):\n%s", diff)
			}
			if l.Len() != len(tt.es) {
				t.Errorf("Len() = %d, want %d", l.Len(), len(tt.es))
			}
			forward, backward := builderRuns(l)
			if diff := cmp.Diff(forward, backward, cmp.AllowUnexported(escapeRun{})); diff != "" {
				t.Errorf("cursors disagree (-forward +backward):\n%s", diff)
			}
			b, err := json.Marshal(l)
			if err != nil {
				t.Fatal(err)
			}
			var back EscapeList
			if err := json.Unmarshal(b, &back); err != nil {
				t.Fatal(err)
			}
			if !back.Equal(l) {
				t.Errorf("JSON %s decodes to %v", b, slices.Collect(back.All()))
			}
		})
	}
}

func TestNewEscapeListErrors(t *testing.T) {
	for _, tt := range []struct {
		name string
		es   []Escape
	}{
		{"out of order", []Escape{{Start: 4, End: 8, Rune: 0x1B, Class: ClassControl}, {Start: 0, End: 4, Rune: 0x1B, Class: ClassControl}}},
		{"overlapping", []Escape{{Start: 0, End: 4, Rune: 0x1B, Class: ClassControl}, {Start: 3, End: 7, Rune: 0x1B, Class: ClassControl}}},
		{"empty", []Escape{{Start: 2, End: 2}}},
		{"negative", []Escape{{Start: -4, End: 0, Rune: 0x1B, Class: ClassControl}}},
		{"uneven run", []Escape{{Start: 0, End: 9, Rune: 0x1B, Class: ClassControl, Repeat: 1}}},
		{"negative repeat", []Escape{{Start: 0, End: 4, Rune: 0x1B, Class: ClassControl, Repeat: -1}}},
		{"notation too long", []Escape{{Start: 0, End: 11, Rune: 0x1B, Class: ClassControl}}},
		{"ASCII as invalid byte", []Escape{{Start: 0, End: 6, Rune: 'A', Class: ClassInvalidUTF8}}},
		{"past the last code point", []Escape{{Start: 0, End: 10, Rune: 0x110000, Class: ClassUnassigned}}},
		{"unknown class", []Escape{{Start: 0, End: 4, Rune: 0x1B, Class: numClasses}}},
	} {
		if l, err := NewEscapeList(tt.es...); err == nil {
			t.Errorf("%s: NewEscapeList(%v) = %v, want an error", tt.name, tt.es, slices.Collect(l.All()))
		}
	}
	var l EscapeList
	if err := json.Unmarshal([]byte(`[{"start":4,"end":8,"rune":27,"class":"control"},{"start":0,"end":4,"rune":27,"class":"control"}]`), &l); err == nil {
		t.Errorf("json.Unmarshal of escapes out of order: no error")
	}
}

// TestEscapeRuneNotation checks the notation of every code point against
// its definition: \t for tab, \xNN for C0, DEL and C1, and \u{N…} in
// lowercase with at least four digits; and that notationLen agrees with
// it.
func TestEscapeRuneNotation(t *testing.T) {
	for r := rune(0); r <= utf8.MaxRune; r++ {
		var want string
		switch {
		case r == '\t':
			want = `\t`
		case r < 0x20 || r >= 0x7F && r <= 0x9F:
			want = fmt.Sprintf(`\x%02x`, r)
		default:
			want = fmt.Sprintf(`\u{%04x}`, r)
		}
		if got := EscapeRune(r); got != want {
			t.Fatalf("EscapeRune(%U) = %s, want %s", r, got, want)
		}
		if n := notationLen(r, false); n != len(want) {
			t.Fatalf("notationLen(%U) = %d, want %d", r, n, len(want))
		}
	}
	for b := 0x80; b <= 0xFF; b++ {
		if got, want := EscapeByte(byte(b)), fmt.Sprintf(`\X{%02x}`, b); got != want || notationLen(rune(b), true) != len(want) {
			t.Fatalf("EscapeByte(%#x) = %s (length %d), want %s", b, got, notationLen(rune(b), true), want)
		}
	}
}

// FuzzEscapeList builds escape lists from arbitrary values: a list that
// NewEscapeList takes must give back exactly its Escapes, through All and
// through JSON, and Sanitize's cursors must read its runs alike forward and
// backward.
func FuzzEscapeList(f *testing.F) {
	f.Add([]byte{0, 4, 0x1b, 4, 0, 4, 8, 0x1b, 2, 8, 12, 0xff, 14, 1})
	f.Add([]byte{1, 9, 0x2e, 5, 0, 30, 0, 0, 15, 2, 200, 7, 100, 0xff, 0xff, 0x10, 9, 3})
	f.Fuzz(func(t *testing.T, data []byte) {
		var es []Escape
		end := 0
		for len(data) >= 6 {
			// gap, unit length, repeat, rune (three bytes), class
			gap, unit, repeat := int(data[0]), int(data[1]%16), int(data[2]%8)
			r := rune(data[3]) | rune(data[4])<<8 | rune(data[5]&0x1f)<<16
			cls := Class(0)
			if len(data) >= 7 {
				cls = Class(data[6] % uint8(numClasses+1))
				data = data[1:]
			}
			data = data[6:]
			start := end + gap
			end = start + unit*(repeat+1)
			es = append(es, Escape{Start: start, End: end, Rune: r, Class: cls, Repeat: repeat})
		}
		l, err := NewEscapeList(es...)
		if err != nil {
			return
		}
		if got := slices.Collect(l.All()); !slices.Equal(got, es) && !(len(es) == 0 && len(got) == 0) {
			t.Fatalf("All() = %v, want %v", got, es)
		}
		b, err := json.Marshal(l)
		if err != nil {
			t.Fatal(err)
		}
		var back EscapeList
		if err := json.Unmarshal(b, &back); err != nil || !back.Equal(l) {
			t.Fatalf("JSON %s decodes to %v, %v", b, slices.Collect(back.All()), err)
		}
		if forward, backward := builderRuns(l); !slices.Equal(forward, backward) {
			t.Fatalf("cursors disagree:\nforward  %v\nbackward %v", forward, backward)
		}
	})
}
