package ansi

import (
	"testing"
	"unicode/utf8"
)

// refTextLen is text's length by the rule it implements: characters that
// are valid UTF-8 and neither C0, DEL nor C1, until one that is not (or
// one cut short by the end of src).
func refTextLen(src []byte) int {
	j := 0
	for j < len(src) {
		r, n := utf8.DecodeRune(src[j:])
		if r == utf8.RuneError && n <= 1 || r < 0x20 || 0x7F <= r && r <= 0x9F {
			break
		}
		j += n
	}
	return j
}

// TestTextTwoAndThreeBytes checks text, after one letter, on every
// two-byte sequence and on every lead and second byte of three-byte
// sequences with a few third bytes, followed by more text or cut short.
func TestTextTwoAndThreeBytes(t *testing.T) {
	check := func(src []byte) {
		t.Helper()
		want := refTextLen(src)
		if want == 0 {
			return // text is only called on a first character known to be text
		}
		if _, got := text(src, 1); got != want {
			t.Fatalf("text(%+q) = %d bytes, want %d", src, got, want)
		}
	}
	for b0 := range 256 {
		for b1 := range 256 {
			check([]byte{'a', byte(b0), byte(b1), 'z'})
			check([]byte{'a', byte(b0), byte(b1)})
			if b0 >= 0xE0 && b0 <= 0xEF {
				for _, b2 := range []byte{0x00, 0x41, 0x7F, 0x80, 0x9B, 0xBF, 0xC0, 0xFF} {
					check([]byte{'a', byte(b0), byte(b1), b2, 'z'})
				}
			}
		}
	}
}
