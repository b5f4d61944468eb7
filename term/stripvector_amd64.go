//go:build !purego

package term

import (
	"unsafe"

	"github.com/plainsight-dev/plainsight/internal/cpuid"
)

// stripVectorBuilt reports whether this build has the vector loop over
// sequences in Strip mode, used or not.
const stripVectorBuilt = true

// useStripVector reports whether Transform hands runs of sequences in
// Strip mode to stripBlocks: the processor has AVX-512 with byte permutes
// and compression (cpuid.AVX512). Tests turn it off to hold stripBlocks
// to the paths it stands in for.
var useStripVector = cpuid.AVX512

// The vector loop writes the masks at these places.
var (
	_ = [1]int{}[unsafe.Offsetof(stripMasks{}.final)-96]
	_ = [1]int{}[unsafe.Offsetof(stripMasks{}.high)-120]
)

// stripClasses sets m to the classes of the 64 bytes at src.
//
//go:noescape
func stripClasses(src *byte, m *stripMasks)

// keepBytes writes the bytes of the 64 at src that keep marks to dst, in
// order, and may write up to 64 bytes there.
//
//go:noescape
func keepBytes(dst, src *byte, keep uint64)
