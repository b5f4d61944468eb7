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

// TestInvalidRun holds InvalidRun, with the vector loop and without, to a
// byte-level reference: the run of bytes no valid UTF-8 holds at the
// start, cut to whole words, for runs of every length around a word and a
// block, ended by every byte value.
func TestInvalidRun(t *testing.T) {
	invalid := func(c byte) bool { return c >= 0xA0 && c <= 0xC1 || c >= 0xF5 }
	ref := func(s []byte) int {
		n := 0
		for n < len(s) && invalid(s[n]) {
			n++
		}
		return n &^ 7
	}
	fill := []byte{0xFF, 0xA0, 0xC1, 0xF5, 0xBF, 0xC0}
	for _, vector := range scannerPaths(t) {
		restore := setVector(vector)
		for _, size := range []int{0, 7, 8, 9, 31, 32, 33, 40, 64, 65, 100, 200} {
			for at := 0; at <= size; at++ {
				for v := range 256 {
					buf := make([]byte, size)
					for i := range buf {
						buf[i] = fill[i%len(fill)]
					}
					if at < size {
						buf[at] = byte(v)
					}
					if got, want := InvalidRun(buf), ref(buf); got != want {
						t.Fatalf("vector %v: InvalidRun(%d bytes, %#x at %d) = %d, want %d", vector, size, v, at, got, want)
					}
				}
			}
		}
		restore()
	}
}
