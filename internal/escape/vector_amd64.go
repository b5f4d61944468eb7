//go:build !purego

package escape

import (
	"unsafe"

	"github.com/plainsight-dev/plainsight/internal/cpuid"
)

// vectorBuilt reports whether this build has a vector loop, used or not.
const vectorBuilt = true

// useVector reports whether the scanners hand long runs to the vector
// loop: the processor has AVX2 and the operating system saves its
// registers. Tests turn it off to hold the word loops to the same
// reference.
var useVector = cpuid.AVX2

// cleanBlocksAVX2 is vectorBlocks for the n bytes at p.
//
//go:noescape
func cleanBlocksAVX2(p *byte, n int, mask, value byte) int

// vectorBlocks reads s in blocks of 32 bytes and returns the index of the
// first byte that is neither printable ASCII nor a byte b with
// (b+1)|mask == value, or len(s) rounded down to a multiple of 32 when
// every whole block passes. The bytes after the last whole block are not
// read. Only the scanners call it, when useVector is set.
func vectorBlocks(s []byte, mask, value byte) int {
	return cleanBlocksAVX2(unsafe.SliceData(s), len(s), mask, value)
}

// padPairBlocksAVX2 is PadPairBlocks for the n bytes at p.
//
//go:noescape
func padPairBlocksAVX2(p *byte, n int) int

// PadPairBlocks returns how far s can be skipped in whole blocks of 32
// bytes in which no pair of pad bytes starts: the start of the first block
// where one does (its second byte may be the next block's first), or else
// of the first block without 33 bytes of s to read. A pad byte is at most
// 0x20 and below 0x80: space and the C0 controls. Where there is no vector
// loop it reads nothing and returns 0: the caller's word loop reads on.
func PadPairBlocks(s []byte) int {
	if !useVector {
		return 0
	}
	return padPairBlocksAVX2(unsafe.SliceData(s), len(s))
}

// invalidBlocksAVX2 is InvalidBlocks for the n bytes at p.
//
//go:noescape
func invalidBlocksAVX2(p *byte, n int) int

// InvalidBlocks returns how far s can be skipped in whole blocks of 32
// bytes that hold only bytes no valid UTF-8 holds (those InvalidWord
// tests for: A0-C1 and F5-FF): the start of the first block that holds
// another byte, or of the first block without 32 bytes of s to read. A
// stream replaces each such byte with U+FFFD, and a run of them (0xFF
// padding, stray continuation bytes) is found here 32 bytes a step.
// Where there is no vector loop it reads nothing and returns 0: the
// caller's word loop (InvalidWord) reads on.
func InvalidBlocks(s []byte) int {
	if !useVector {
		return 0
	}
	return invalidBlocksAVX2(unsafe.SliceData(s), len(s))
}
