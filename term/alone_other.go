//go:build !amd64 || purego

package term

// aloneVectorBuilt reports whether this build has a vector loop over bytes
// alone, used or not.
const aloneVectorBuilt = false

// useAloneVector is false where there is no vector loop.
var useAloneVector = false

// aloneBlocks returns 0, 0 where there is no vector loop: byteRun reads on
// a byte at a time.
func aloneBlocks(dst, src []byte) (nDst, nSrc int) { return 0, 0 }
