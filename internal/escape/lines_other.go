//go:build !amd64 || purego

package escape

// linesVectorBuilt reports whether this build has the vector loops over
// lines ended by CR LF, used or not.
const linesVectorBuilt = false

// useLinesVector is false where there is no vector loop.
var useLinesVector = false

// linesBlocks returns 0, 0 where there is no vector loop: CleanLinesPrefix
// reads on in the scanners.
func linesBlocks(b []byte, keepTab bool) (n, crs int) { return 0, 0 }

// lessCRBlocks returns 0, 0 where there is no vector loop: CopyLessCRs
// copies the text between CRs.
func lessCRBlocks(dst, src []byte) (nDst, nSrc int) { return 0, 0 }
