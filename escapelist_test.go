package plainsight

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/plainsight-dev/plainsight/internal/escape"
)

// builderRuns returns the runs of l as Sanitize's builder reads them
// while its last run is still open, and as the packed list reads them.
func builderRuns(l EscapeList) (open, packed []escape.Run) {
	var b escape.Builder
	for e := range l.All() {
		b.Add(runOf(e))
	}
	for c := b.Runs(); ; {
		e, ok := c.Next()
		if !ok {
			break
		}
		e.Cls = e.Class() // the open run holds its class, a packed one derives it
		open = append(open, e)
	}
	for c := l.list.Runs(); ; {
		e, ok := c.Next()
		if !ok {
			break
		}
		e.Cls = e.Class()
		packed = append(packed, e)
	}
	return open, packed
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
			open, packed := builderRuns(l)
			if diff := cmp.Diff(packed, open); diff != "" {
				t.Errorf("cursors disagree (-packed +open):\n%s", diff)
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
// lowercase with at least four digits, alone and appended after text to a
// slice with no room left and to one with room; and that
// escape.NotationLen agrees with it.
func TestEscapeRuneNotation(t *testing.T) {
	roomy := make([]byte, 2, 2+escape.MaxNotation)
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
		for _, dst := range [][]byte{[]byte("ab")[:2:2], roomy[:2]} {
			copy(dst, "ab")
			if got := AppendEscapeRune(dst, r); string(got) != "ab"+want {
				t.Fatalf("AppendEscapeRune(%q, %U) = %q, want %q", dst, r, got, "ab"+want)
			}
		}
		if n := escape.NotationLen(r, false); n != len(want) {
			t.Fatalf("escape.NotationLen(%U) = %d, want %d", r, n, len(want))
		}
	}
	for b := 0x80; b <= 0xFF; b++ {
		if got, want := EscapeByte(byte(b)), fmt.Sprintf(`\X{%02x}`, b); got != want || escape.NotationLen(rune(b), true) != len(want) {
			t.Fatalf("EscapeByte(%#x) = %s (length %d), want %s", b, got, escape.NotationLen(rune(b), true), want)
		}
	}
}

// FuzzEscapeList builds escape lists from arbitrary values: a list that
// NewEscapeList takes must give back exactly its Escapes, through All and
// through JSON, and Sanitize's builder must read its runs alike while the
// last is open and once packed.
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
		if open, packed := builderRuns(l); !slices.Equal(open, packed) {
			t.Fatalf("cursors disagree:\nopen   %v\npacked %v", open, packed)
		}
	})
}
