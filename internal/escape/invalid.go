package escape

import "encoding/binary"

// InvalidWord reports whether every byte of the little-endian word w is
// one that well-formed UTF-8 never holds where a character starts, and
// that is not a C1 control either: a continuation byte A0-BF, C0, C1, or
// F5-FF. A stream replaces each such byte with U+FFFD whatever follows it,
// so a run of them (0xFF padding, stray continuation bytes) can be found
// eight bytes at a time. Bytes 80-9F are left out: a stream reads them as
// C1 controls.
//
// Each lane is tested on its own, with no carry or borrow across lanes.
func InvalidWord(w uint64) bool {
	cont := zeroBytes(w&(ones*0xE0) ^ ones*0xA0)     // A0-BF
	overlong := zeroBytes(w&(ones*0xFE) ^ ones*0xC0) // C0, C1
	above := (w&lows + ones*0x0B) & w & highs        // F5-FF: the low seven bits reach 0x75, the high bit set
	return cont|overlong|above == highs
}

// zeroBytes sets the high bit of each byte lane of x that is zero, for any
// byte values (zeroLanes needs them below 0x80).
func zeroBytes(x uint64) uint64 {
	return ^((x&lows + lows) | x) & highs
}

// InvalidRun returns the length of the run of bytes that no valid UTF-8
// holds (those InvalidWord tests for) at the start of s, in whole words:
// 32 bytes a step where a vector loop runs (InvalidBlocks), then a word
// at a time. A run shorter than a word, or the bytes past the last whole
// word, are the caller's.
func InvalidRun(s []byte) int {
	n := InvalidBlocks(s)
	for n+8 <= len(s) && InvalidWord(binary.LittleEndian.Uint64(s[n:n+8:n+8])) {
		n += 8
	}
	return n
}
