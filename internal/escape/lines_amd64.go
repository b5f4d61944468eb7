//go:build !purego

package escape

import (
	"unsafe"

	"github.com/plainsight-dev/plainsight/internal/cpuid"
)

// linesVectorBuilt reports whether this build has the vector loops over
// lines ended by CR LF, used or not.
const linesVectorBuilt = true

// useLinesVector reports whether CleanLinesPrefix and CopyLessCRs read in
// the vector loops: the processor has AVX-512 with byte compression
// (cpuid.AVX512). Tests turn it off to hold them to the scanners.
var useLinesVector = cpuid.AVX512

// linesBlocksAVX512 is linesBlocks for the n bytes at p, with tab the
// byte taken as a tab ('\n' when tabs are not kept).
//
//go:noescape
func linesBlocksAVX512(p *byte, n int, tab byte) (m, crs int)

// linesBlocks reads b in blocks of 64 bytes, each with the byte after it,
// and returns the index of the first byte that CleanLinesPrefix does not
// take, or the end of the last block read when every block passes, and
// the CRs before that index, each before '\n'. It reads no block that
// lacks 65 bytes of b. Only CleanLinesPrefix calls it, when
// useLinesVector is set.
func linesBlocks(b []byte, keepTab bool) (n, crs int) {
	tab := byte('\n')
	if keepTab {
		tab = '\t'
	}
	return linesBlocksAVX512(unsafe.SliceData(b), len(b), tab)
}

// lessCRsAVX512 is lessCRBlocks for the n bytes at src, and dst with room
// bytes.
//
//go:noescape
func lessCRsAVX512(dst *byte, room int, src *byte, n int) (nDst, nSrc int)

// lessCRBlocks copies src to dst less its CRs in whole blocks of 64 bytes,
// as long as dst has room for a whole block after what it has written, and
// returns the bytes written and read. Each block is written whole, its
// bytes packed at its start: dst is written past the bytes it returns.
// Only CopyLessCRs calls it, when useLinesVector is set.
func lessCRBlocks(dst, src []byte) (nDst, nSrc int) {
	return lessCRsAVX512(unsafe.SliceData(dst), len(dst), unsafe.SliceData(src), len(src))
}
