//go:build !purego

package seqvector

import (
	"unsafe"

	"github.com/plainsight-dev/plainsight/internal/cpuid"
)

// Built reports whether this build has the vector loop, used or not.
const Built = true

// Enabled reports whether the processor runs the vector loop: it has
// AVX-512 with byte permutes and compression (cpuid.AVX512). Callers use
// the loop only then; tests turn it off to hold it to the paths it
// stands in for.
var Enabled = cpuid.AVX512

// classify writes Masks at these places.
var (
	_ = [1]int{}[unsafe.Offsetof(Masks{}.Param)-120]
	_ = [1]int{}[unsafe.Offsetof(Masks{}.CR)-128]
	_ = [1]int{}[unsafe.Offsetof(Masks{}.High)-192]
)

// Classify sets m to the classes of the block at block. Callers call it
// where Enabled holds.
func Classify(block *[BlockLen]byte, m *Masks) { classify(&block[0], m) }

// Pack writes the bytes of block that keep marks to dst, in order, and
// may write all 64 bytes of dst. Callers call it where Enabled holds.
func Pack(dst, block *[BlockLen]byte, keep uint64) { pack(&dst[0], &block[0], keep) }

//go:noescape
func classify(block *byte, m *Masks)

//go:noescape
func pack(dst, block *byte, keep uint64)
