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
)

// keptRun returns the length of the longest prefix of src made of bytes
// that every mode keeps as they are: printable ASCII 0x20-0x7E, LF and
// tab. It tests eight bytes at a time, so that text with no control in it
// is found at word speed.
func keptRun(src []byte) int {
	i := 0
	for i+8 <= len(src) {
		x := binary.LittleEndian.Uint64(src[i:])
		// The high bit of a lane is set when its byte is below 0x20 (the
		// subtraction borrows), 0x7F (the addition carries) or 0x80-0xFF.
		// A borrow or carry crosses into the lane above only from such a
		// byte, so the lowest set lane is the first byte that is not
		// printable.
		m := ((x - 0x20*lsbs) | (x + lsbs) | x) & msbs
		if m == 0 {
			i += 8
			continue
		}
		j := i + bits.TrailingZeros64(m)/8
		if c := src[j]; c != '\n' && c != '\t' {
			return j
		}
		i = j + 1
	}
	for i < len(src) && keptByte[src[i]] {
		i++
	}
	return i
}

// keptByte marks the bytes keptRun accepts.
var keptByte = func() (t [256]bool) {
	for c := 0x20; c < 0x7f; c++ {
		t[c] = true
	}
	t['\n'], t['\t'] = true, true
	return t
}()
