//go:build !amd64 || purego

package seqvector

// Built reports whether this build has the vector loop, used or not.
const Built = false

// Enabled is false where there is no vector loop.
var Enabled = false

// Classify is ClassifyBytes where there is no vector loop.
func Classify(block *[BlockLen]byte, m *Masks) { ClassifyBytes(block, m) }

// Pack is PackBytes where there is no vector loop.
func Pack(dst, block *[BlockLen]byte, keep uint64) { PackBytes(dst, block, keep) }
