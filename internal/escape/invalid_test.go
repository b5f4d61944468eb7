package escape

import (
	"testing"
	"unicode/utf8"
)

// TestInvalidWord checks InvalidWord against unicode/utf8 for every byte
// in every lane: a byte is in the set when no valid character starts with
// it and it is not 80-9F.
func TestInvalidWord(t *testing.T) {
	conts := []byte{0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF}
	starts := func(b byte) bool { // a valid character starts with b
		if b < utf8.RuneSelf {
			return true
		}
		for _, c := range conts {
			for _, d := range conts {
				for _, e := range conts {
					if _, size := utf8.DecodeRune([]byte{b, c, d, e}); size > 1 {
						return true
					}
				}
			}
		}
		return false
	}
	for b := range 256 {
		want := b >= 0xA0 && !starts(byte(b))
		for lane := range 8 {
			for _, fill := range []uint64{0xFF, 0xA0, 0xC1} {
				w := fill*ones&^(0xFF<<(8*lane)) | uint64(b)<<(8*lane)
				if got := InvalidWord(w); got != want {
					t.Errorf("byte %#02x in lane %d among %#02x: InvalidWord = %v, want %v", b, lane, fill, got, want)
				}
			}
		}
	}
}
