//go:build !amd64 || purego

package transcript

// groundVectorBuilt reports whether this build has a vector loop over the
// bytes groundRun reads alone, used or not.
const groundVectorBuilt = false

// useGroundVector is false where there is no vector loop.
var useGroundVector = false

// groundBlocks returns zeros where there is no vector loop: groundBytes
// reads on a byte at a time.
func (c *Cleaner) groundBlocks(dst, src []byte) (nDst, nSrc, dirtyFrom, dirtyTo, lines int) {
	return 0, 0, 0, 0, 0
}
