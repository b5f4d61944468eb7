//go:build !purego

package term

import (
	"unsafe"

	"github.com/plainsight-dev/plainsight/internal/cpuid"
)

// useColourVector reports whether Transform hands colour logs to the
// vector loop first: the processor has AVX-512 (cpuid.AVX512). Tests turn
// it off to hold the vector loop to colourRun's output.
var useColourVector = cpuid.AVX512

// colourVectorBuilt reports whether this build has a vector loop over
// colour logs, used or not.
const colourVectorBuilt = true

// The vector loop clears a colours as 40 bytes, reads a colour as 4, and
// the table entries of sgrEffects and styleEffects as 8.
var (
	_ = [1]int{}[unsafe.Sizeof(colours{})-40]
	_ = [1]int{}[unsafe.Sizeof(colour(0))-4]
	_ = [1]int{}[unsafe.Sizeof(sgrEffect{})-8]
	_ = [1]int{}[unsafe.Sizeof(styleEffect{})-8]
)

// colourBlocks reads a colour log from the start of src, as colourRun
// does, into dst and c, and returns the input length n and the output
// length w: the text 64 bytes at a time (printable ASCII, LF, tab and
// whole characters other than C1 controls, which colourRun leaves to
// ground), the SGRs that colourRun writes as they are or without the
// leading zeros of their values (up to five values of up to three digits;
// orig_pair), applied to c and written as colourRun applies and writes
// them, ESC [ m, and in Strip mode (strip) what colourRun drops between
// them. It returns before everything else colourRun reads (an SGR it
// rewrites otherwise or does not take), before text while c.settle is
// set, and where fewer than
// colourMargin bytes of src or of room in dst are left at the start of a
// block of 64. It writes past w in dst, within the room it checked.
// Callers call it where colourAhead holds.
//
//go:noescape
func colourBlocks(dst, src []byte, c *colours, strip bool) (n, w int)
