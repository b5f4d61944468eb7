package transcript

import (
	"bytes"
	"testing"
)

// TestPrintableASCII checks the word-at-a-time scan against a byte loop
// with every byte value at every position of a word and past it, behind
// printable ASCII and behind another stop byte.
func TestPrintableASCII(t *testing.T) {
	for _, before := range []byte{'a', 0x7f, 0x1f, 0x80} {
		for at := range 20 {
			for b := range 256 {
				src := bytes.Repeat([]byte{'a'}, 24)
				src[at] = byte(b)
				if at+1 < len(src) {
					src[at+1] = before
				}
				want := 0
				for want < len(src) && src[want] >= 0x20 && src[want] < 0x7f {
					want++
				}
				if got := printableASCII(src); got != want {
					t.Fatalf("printableASCII(%q) = %d, want %d", src, got, want)
				}
			}
		}
	}
}
