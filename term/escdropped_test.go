package term

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// escTailBytes are the bytes that the parser's escape states tell apart:
// controls that are executed, written (LF, tab) or abort (CAN, SUB, ESC);
// intermediates; finals, those that open a CSI, an OSC, a DCS or a string
// among them; DEL; C1 controls, raw and introducers; continuation bytes;
// C2, which may open a C1 control in UTF-8; the leads of characters of two
// to four bytes, E0, ED and F4 with their narrower ranges; bytes no UTF-8
// holds.
var escTailBytes = []byte{
	0x01, '\r', '\b', '\n', '\t', 0x18, 0x1a, 0x1b,
	' ', '!', '/', '0', 'm', '[', ']', 'P', 'X', '^', '_', 'c', '~', 0x7f,
	0x80, 0x85, 0x90, 0x9b, 0x9c, 0x9d, 0x9f, 0xa0, 0xbf,
	0xc2, 0xc3, 0xe0, 0xe2, 0xed, 0xf0, 0xf4, 0xf5, 0xff,
}

// TestEscDroppedEnd compares Transform with the parser alone, with and
// without the vector loop, on ESC followed by every string of up to three
// of escTailBytes, and on longer random ones, in text, in binary output
// and at the end of the input.
func TestEscDroppedEnd(t *testing.T) {
	var tails []string
	for _, a := range escTailBytes {
		tails = append(tails, string([]byte{a}))
		for _, b := range escTailBytes {
			tails = append(tails, string([]byte{a, b}))
			for _, c := range escTailBytes {
				tails = append(tails, string([]byte{a, b, c}))
			}
		}
	}
	rng := rand.New(rand.NewPCG(9, 10))
	for range 3000 {
		b := make([]byte, 4+rng.IntN(70))
		for k := range b {
			b[k] = escTailBytes[rng.IntN(len(escTailBytes))]
		}
		tails = append(tails, string(b))
	}
	binary := "\xff\x01\xa0\x85"
	for k, tail := range tails {
		in := "ab\x1b" + tail + "cd\xc3\xa9\x01" + strings.Repeat("x", 70)
		if k%3 == 1 {
			in = binary + "\x1b" + tail + "\x1bz" + binary + strings.Repeat("\x80\xff", 40)
		}
		checkVectorPaths(t, in)
		if k%7 == 0 {
			checkVectorPaths(t, "ab\x1b"+tail)
		}
	}
}

// TestEscDroppedEndReads checks that escDroppedEnd reads the sequences of
// binary output that it is there for, rather than leaving them all to the
// parser, which the comparison above would not notice.
func TestEscDroppedEndReads(t *testing.T) {
	for in, want := range map[string]int{
		"\x1b\xa0m":              3,
		"\x1b\xff\xc3\xa9 !z":    7,
		"\x1b\xe2\x82\xac0":      5,
		"\x1b\x85m":              1,
		"\x1b\xa0\xc2\x9bm":      2,
		"\x1b\r\x01\x7f(B":       6,
		"\x1b\x01[":              0,
		"\x1b\xa0\n0":            0,
		"\x1b\xa0\x18m":          0,
		"\x1b\xa0" + "\xa0":      0,
		"\x1b\xa0\xc2":           0,
		"\x1b\xa0\xe2\x9b0m":     5,
		"\x1b\xa0\xe2\x41\x9b0m": 4,
	} {
		if got := escDroppedEnd([]byte(in), 0); got != want {
			t.Errorf("escDroppedEnd(%+q) = %d, want %d", in, got, want)
		}
	}
}
