//go:build !purego

package escape

import "unsafe"

// vectorBuilt reports whether this build has a vector loop, used or not.
const vectorBuilt = true

// useVector reports whether the scanners hand long runs to the vector
// loop: the processor has AVX2 and the operating system saves its
// registers. Tests turn it off to hold the word loops to the same
// reference.
var useVector = hasAVX2()

// hasAVX2 reports whether the processor has AVX2 and the operating system
// has enabled the state of its 256-bit registers (CPUID and XGETBV, as
// the runtime's internal/cpu reads them).
func hasAVX2() bool

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
