//go:build !purego

package term

import (
	"github.com/plainsight-dev/plainsight/internal/align"
	"github.com/plainsight-dev/plainsight/internal/cpuid"
)

// aloneVectorBuilt reports whether this build has a vector loop over bytes
// alone, used or not.
const aloneVectorBuilt = true

// useAloneVector reports whether byteRun hands runs of bytes alone to the
// vector loop: the processor has AVX-512 with byte permutes and
// compression (cpuid.AVX512). Tests turn it off to hold the vector loop to
// byteRun's.
var useAloneVector = cpuid.AVX512

// aloneVectorsAt holds aloneTables at the start of a cache line, where
// each of the loop's compares reads a vector from one line.
var aloneVectorsAt = align.CacheLineCopy(aloneTables)

// aloneBlocksAVX512 is aloneBlocks, with the constants in t.
//
//go:noescape
func aloneBlocksAVX512(dst, src []byte, t *aloneVectors) (nDst, nSrc int)

// aloneBlocks writes to dst, in Strip mode, the bytes alone at the start
// of src, and the characters and cut prefixes among them, in blocks of 64,
// as byteRun and ground do, and returns the bytes written and read. It
// drops, as the parser and Transform would, the sequences that start and
// end in a block: C1 controls in UTF-8; the SOS, OSC, PM and APC strings,
// DCSs and CSIs that C1 introducers (raw or in UTF-8) or ESC open; and
// ESC sequences of a final byte, an intermediate and a final byte, or
// none. It stops at a byte that needs the parser (ESC before anything
// else, a sequence that does not end in the block it starts, a CSI that
// holds LF or tab, an SGR: ESC [ up to m), where fewer than 67 bytes of
// src are left, and where dst has less than 208 bytes of room left; it
// reads the three bytes after each it decides. Where there is no vector
// loop it returns 0, 0.
func aloneBlocks(dst, src []byte) (nDst, nSrc int) {
	if !useAloneVector {
		return 0, 0
	}
	return aloneBlocksAVX512(dst, src, aloneVectorsAt)
}
