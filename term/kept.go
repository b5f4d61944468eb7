package term

import (
	"encoding/binary"
	"math/bits"
)

// Byte-lane constants for testing eight bytes of a little-endian word at
// once.
const (
	lsbs = 0x0101010101010101 // the low bit of each byte
	lows = 0x7F7F7F7F7F7F7F7F // the low seven bits of each byte
	msbs = 0x8080808080808080 // the high bit of each byte
)

// keptRun returns the length of the longest prefix of src made of bytes
// that every mode keeps as they are: printable ASCII 0x20-0x7E, LF and
// tab. It tests sixteen bytes at a time, so that text with no control in
// it is found at word speed.
func keptRun(src []byte) int {
	rest := src
	for len(rest) >= 16 {
		x := binary.LittleEndian.Uint64(rest[:8])
		y := binary.LittleEndian.Uint64(rest[8:16])
		if mx, my := notPrintable(x), notPrintable(y); mx|my != 0 {
			// Some byte is not printable: the end of the run, or a line
			// end or tab to step over. The lowest flagged lane is
			// exact; when it is neither LF nor tab (ESC before an SGR,
			// say) it is the answer, otherwise notKept decides.
			at := len(src) - len(rest)
			if mx != 0 {
				j := bits.TrailingZeros64(mx) / 8
				if c := rest[j]; c != '\n' && c != '\t' {
					return at + j
				}
				if m := notKept(x); m != 0 {
					return at + bits.TrailingZeros64(m)/8
				}
			}
			if my != 0 {
				j := 8 + bits.TrailingZeros64(my)/8
				if c := rest[j&15]; c != '\n' && c != '\t' {
					return at + j
				}
				if m := notKept(y); m != 0 {
					return at + 8 + bits.TrailingZeros64(m)/8
				}
			}
		}
		rest = rest[16:]
	}
	for len(rest) > 0 && keptByte[rest[0]] {
		rest = rest[1:]
	}
	return len(src) - len(rest)
}

// notPrintable returns the high bit of each lane of the little-endian word
// x whose byte is below 0x20 (the subtraction borrows), 0x7F (the addition
// carries) or 0x80-0xFF. A borrow or carry crosses into the lane above
// only from such a byte, so the lowest set lane is exact: the first byte
// that is not printable ASCII; lanes above it may be set wrongly.
func notPrintable(x uint64) uint64 {
	return ((x - 0x20*lsbs) | (x + lsbs) | x) & msbs
}

// notKept returns the high bit of each lane of the little-endian word x
// whose byte is not kept as it is. Each lane is computed on its own: no
// carry or borrow crosses lanes.
func notKept(x uint64) uint64 {
	low := x & lows
	atLeast20 := low + 0x60*lsbs        // high bit set when low >= 0x20
	is7F := low + lsbs                  // high bit set when low == 0x7F
	printable := atLeast20 &^ is7F &^ x // and no high bit in the byte
	return msbs &^ (printable | zeroLanes(x^'\n'*lsbs) | zeroLanes(x^'\t'*lsbs))
}

// zeroLanes returns the high bit of each lane of z whose byte is zero.
func zeroLanes(z uint64) uint64 {
	return ^(((z & lows) + lows) | z) & msbs
}

// keptByte marks the bytes keptRun accepts.
var keptByte = func() (t [256]bool) {
	for c := 0x20; c < 0x7f; c++ {
		t[c] = true
	}
	t['\n'], t['\t'] = true, true
	return t
}()
