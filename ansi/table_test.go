package ansi

import (
	"testing"
	"unicode/utf8"
)

// TestRulesCoverEveryCell checks that the rules give every state an
// explicit edge for every byte: a forgotten range would silently become
// aIgnore, the zero action.
func TestRulesCoverEveryCell(t *testing.T) {
	var covered [numStates][256]bool
	for _, r := range rules {
		for s := State(0); s < numStates; s++ {
			if r.from == anywhere || r.from == s {
				for b := int(r.lo); b <= int(r.hi); b++ {
					covered[s][b] = true
				}
			}
		}
	}
	for s := State(0); s < numStates; s++ {
		for b := 0; b < 256; b++ {
			if !covered[s][b] {
				t.Errorf("%v: no rule for %#02x", s, b)
			}
		}
	}
}

// TestAnywhere checks the edges that must hold in every state, whatever
// the state rules say.
func TestAnywhere(t *testing.T) {
	for s := State(0); s < numStates; s++ {
		want := map[byte]action{0x18: aAbort, 0x1A: aAbort, 0x1B: aEscape, 0x9B: aIntro, 0x9D: aIntro, 0x90: aIntro, 0x85: aC1, 0x9C: aC1}
		switch {
		case s == Ground:
			want[0x18], want[0x1A] = aExecute, aExecute
		case s.IsString():
			want[0x1B] = aStringESC
		}
		for b, act := range want {
			if got := table[s][b].act; got != act {
				t.Errorf("%v %#02x: action %d, want %d", s, b, got, act)
			}
		}
		for b := 0x80; b <= 0x9F; b++ {
			if act := table[s][b].act; act != aC1 && act != aIntro {
				t.Errorf("%v %#02x: action %d, want a C1 action", s, b, act)
			}
		}
	}
}

// TestLeadLen checks leadLen against utf8.DecodeRune and utf8.FullRune on
// every lead byte 0x80-0xFF and second byte, with third and fourth bytes
// from each class (ASCII, the edges of 0x80-0xBF, above), cut at every
// length.
func TestLeadLen(t *testing.T) {
	classes := []byte{0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF}
	for b0 := 0x80; b0 <= 0xFF; b0++ {
		for b1 := range 256 {
			for _, b2 := range classes {
				for _, b3 := range classes {
					full := []byte{byte(b0), byte(b1), b2, b3}
					for n := 1; n <= len(full); n++ {
						src := full[:n]
						want := 0
						if r, size := utf8.DecodeRune(src); r != utf8.RuneError || size > 1 {
							want = size
						} else if !utf8.FullRune(src) {
							want = -1
						}
						if got := leadLen(src); got != want {
							t.Fatalf("leadLen(%+q) = %d, want %d", src, got, want)
						}
					}
				}
			}
		}
	}
}
