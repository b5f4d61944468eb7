//go:build !amd64 || purego

package term

import "unsafe"

// stripVectorBuilt reports whether this build has the vector loop over
// sequences in Strip mode, used or not.
const stripVectorBuilt = false

// useStripVector is false where there is no vector loop.
var useStripVector = false

// stripClasses is stripClassesGo: tests hold stripBlocks to the other
// paths with it where there is no vector loop.
func stripClasses(src *byte, m *stripMasks) {
	stripClassesGo(unsafe.Slice(src, stripBlock), m)
}

// keepBytes is keepBytesGo.
func keepBytes(dst, src *byte, keep uint64) {
	keepBytesGo(unsafe.Slice(dst, stripBlock), unsafe.Slice(src, stripBlock), keep)
}
