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
		if notPrintable(x)|notPrintable(y) != 0 {
			// Some byte is not printable: a line end, or the end of
			// the run.
			if m := notKept(x); m != 0 {
				return len(src) - len(rest) + bits.TrailingZeros64(m)/8
			}
			if m := notKept(y); m != 0 {
				return len(src) - len(rest) + 8 + bits.TrailingZeros64(m)/8
			}
		}
		rest = rest[16:]
	}
	for len(rest) > 0 && keptByte[rest[0]] {
		rest = rest[1:]
	}
	return len(src) - len(rest)
}

// notPrintable returns a word whose high lane bits are all clear when
// every byte of the little-endian word x is printable ASCII: a byte below
// 0x20 borrows into its high bit, 0x7F carries into it, 0x80-0xFF has it.
// (A borrow or carry can flag the lanes above a real one too.)
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
