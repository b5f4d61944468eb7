//go:build !purego

package transcript

import (
	"github.com/plainsight-dev/plainsight/internal/align"
	"github.com/plainsight-dev/plainsight/internal/cpuid"
)

// groundVectorBuilt reports whether this build has a vector loop over the
// bytes groundRun reads alone, used or not.
const groundVectorBuilt = true

// useGroundVector reports whether groundRun hands runs of bytes alone to
// the vector loop: the processor has AVX-512 with byte permutes and
// compression (cpuid.AVX512). Tests turn it off to hold the vector loop to
// groundBytes.
var useGroundVector = cpuid.AVX512

// groundVectorsAt holds groundTables at the start of a cache line, where
// each of the loop's compares reads a vector from one line.
var groundVectorsAt = align.CacheLineCopy(groundTables)

// groundBlocksAVX512 is groundBlocks, with the constants in t, the counts
// of controls by name in controls and the others added to tally, strings
// longer than maxString counted as such, a BS read as bs says, the range
// of dst that holds the characters the Unicode pass must see returned as
// dirtyFrom to dirtyTo (0 and 0 if none), and the line controls it reads
// on past recorded in events, two words each, with at most lines LFs
// among them, and counted in nEvents.
//
//go:noescape
func groundBlocksAVX512(dst, src []byte, t *groundVectors, controls *controlCounts, tally *groundTally, maxString int, bs groundBS, events []uint64, lines int) (nDst, nSrc, dirtyFrom, dirtyTo, nEvents int)

// groundBlocks writes to dst what groundRun would for the bytes at the
// start of src, in blocks of 64, and returns the bytes written and read,
// and where in dst the first character that the Unicode pass must see
// starts and the last ends (0, 0 if none): printable ASCII and tab,
// whole characters, U+FFFD for each invalid byte (as the parser
// reads them: each byte of a cut prefix, a lead that nothing continues, a
// byte that no valid UTF-8 holds). It drops and counts the other C0
// controls and DEL (by name, in c.controls), the C1 controls that open
// nothing, raw or in UTF-8, and, when they end in the block they start,
// the SOS, PM and APC strings, the OSCs whose payload starts with no
// digit, with a number of up to five digits and a ';', or with digits
// that a byte of the payload other than ';' follows, and the DCSs whose
// header holds no parameter or parameters that the parser stores whole,
// that C1 introducers open (raw or in UTF-8) or ESC does; the CSIs that C1
// introducers or ESC [ open whose header holds parameters that the
// parser stores whole (runs of up to four digits, up to MaxParams) after
// a private marker or none, then intermediates or nothing, or holds
// intermediates first, or is malformed from its first byte; and the
// escape sequences of ESC and a final byte, with intermediates or none,
// or malformed from the byte after ESC, or cut short; with the C0
// controls the parser executes inside a CSI or an escape sequence
// counted by name, and DEL, which it ignores there; as c1String and the
// parser do (in c.vectorTally, which Report adds in). It stops at the
// bytes groundRun reads on its own (LF, CR, tab inside a sequence, a BS
// that erases, ESC in any other form, any other C1 introducer, string or
// CSI), where fewer than 67 bytes of src are
// left, and where dst has less than groundVectorRoom bytes of room; it
// reads the three bytes after each it decides, and a block ends before a
// character or cut prefix that starts in its last three bytes; while a CR
// is pending, a BS that erases nothing is a stop too, until the call has
// written text (groundBS). It reads on past an
// LF, and a CR before LF or before text it writes, after controls it
// drops (but BS) or none: at most maxLineEvents, and as many LFs as
// c.passSkip allows, the lines passLines would skip. Each is recorded in
// c.lineEvents for groundLines in two words: its offset in dst in bits
// 0-15 (dst is at most a batch long), the byte in bits 16-23 and its
// offset in src from bit 24; and where in dst the first character that
// the Unicode pass must see starts in the text it ends (bits 0-31) and
// the last ends (from bit 32), 0 and 0 if none. lines is their number;
// dirtyFrom and dirtyTo then give the range in the text after the last.
// Where there is no vector loop it returns zeros.
func (c *Cleaner) groundBlocks(dst, src []byte) (nDst, nSrc, dirtyFrom, dirtyTo, lines int) {
	if !useGroundVector {
		return 0, 0, 0, 0, 0
	}
	bs := bsCounted
	switch {
	case c.opts.BS == BSErase:
		bs = bsActs
	case c.crPending:
		bs = bsSettles
	}
	return groundBlocksAVX512(dst, src, groundVectorsAt, c.controls, &c.vectorTally, c.lim.MaxString, bs, c.lineEvents[:], c.passSkip)
}

// A groundBS says what a BS is to the vector loop: a control it drops and
// counts, or a stop that the caller reads.
type groundBS int

const (
	// bsCounted: a BS erases nothing and settles no CR; the loop counts
	// it.
	bsCounted groundBS = iota
	// bsSettles: a BS erases nothing, but settles the CR still pending
	// at the call's start (control), before the text and the line
	// controls after it: the loop leaves it to groundRun until the call
	// has written text, which settles the CR first, and counts it after.
	bsSettles
	// bsActs: a BS erases (BSErase), which groundRun does.
	bsActs
)
