package term

import (
	"encoding/binary"
	"math/bits"
)

// Byte-lane constants for testing eight bytes of a little-endian word at
// once.
const (
	lsbs = 0x0101010101010101 // the low bit of each byte
	msbs = 0x8080808080808080 // the high bit of each byte
	lows = 0x7F7F7F7F7F7F7F7F // the low seven bits of each byte
)

// keptRun returns the length of the longest prefix of src made of bytes
// that every mode keeps as they are: printable ASCII 0x20-0x7E, LF and
// tab. It tests eight bytes at a time, so that text with no control in it
// is found at word speed.
func keptRun(src []byte) int {
	i := 0
	for ; i+8 <= len(src); i += 8 {
		x := binary.LittleEndian.Uint64(src[i:])
		// A quick test for "all printable": a byte below 0x20 borrows
		// into the high bit, 0x7F carries into it, 0x80-0xFF has it.
		// (A borrow may flag the bytes after a real one: notKept
		// decides.)
		if ((x-0x20*lsbs)|(x+lsbs)|x)&msbs == 0 {
			continue
		}
		if bad := notKept(x); bad != 0 {
			return i + bits.TrailingZeros64(bad)/8
		}
	}
	for i < len(src) && keptByte[src[i]] {
		i++
	}
	return i
}

// notKept returns the high bit of each byte of the little-endian word x
// that is not kept as it is. Each byte lane is computed on its own: no
// carry or borrow crosses lanes.
func notKept(x uint64) uint64 {
	low := x & lows
	atLeast20 := low + 0x60*lsbs        // high bit set when low >= 0x20
	is7F := low + lsbs                  // high bit set when low == 0x7F
	printable := atLeast20 &^ is7F &^ x // and no high bit in the byte itself
	kept := printable | zeroLanes(x^0x0A*lsbs) | zeroLanes(x^0x09*lsbs)
	return msbs &^ kept
}

// zeroLanes returns the high bit of each byte of z that is zero.
func zeroLanes(z uint64) uint64 {
	return ^((z & lows) + lows | z) & msbs
}

// keptByte marks the bytes keptRun accepts.
var keptByte = func() (t [256]bool) {
	for c := 0x20; c < 0x7f; c++ {
		t[c] = true
	}
	t['\n'], t['\t'] = true, true
	return t
}()
