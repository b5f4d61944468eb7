package transcript

import (
	"encoding/binary"

	"github.com/plainsight-dev/plainsight/internal/terminfo"
)

// A groundVectors holds the constants of the vector loop over the bytes
// that groundRun reads alone (groundBlocks), which the loop names by their
// offsets.
type groundVectors struct {
	// leadLo and leadHi hold, by the low six bits of a lead byte
	// (0xC2-0xF4), the range of the byte after it that continues it, as
	// groundLeads has it: for C2 the range takes in 0x80-0x9F, a C1
	// control in UTF-8, which the loop reads as that control.
	leadLo, leadHi [64]byte
	// expand holds, for each sixteen of a block, the lanes that spread
	// each of its bytes over four: the byte, then the three bytes of
	// U+FFFD from replacement.
	expand [4][64]byte
	// replacement holds U+FFFD in its first three bytes: the second
	// table of the lanes, from index 64.
	replacement [64]byte
	// plain has bit r&7 of byte r>>3 set for each code point r of two
	// bytes in UTF-8 (U+0080-U+07FF) that plainBMP holds: the Unicode
	// pass leaves it alone.
	plain [4][64]byte
	// bit holds 1<<(i&7) at i: the bit of plain that the low three bits
	// of a continuation byte pick.
	bit [64]byte
	// fill holds each of groundFillBytes filling a vector: the bytes the
	// loop compares each byte of a block with.
	fill [len(groundFillBytes)][64]byte
	// slot holds, by the low six bits of a C0 control or DEL, the first
	// of its counters in Cleaner.controls, and for 0x20-0x3E, which no
	// control has as its low six bits, the first of the spare counters:
	// the loop packs the counters of a block's dropped controls and
	// fills the rest of the vector with the spare ones.
	slot [64]byte
	// ways holds i&3 at i: the counter, of the four of a control's
	// count, that the control i-th in a block's packed ones adds to.
	ways [64]byte
	// terminfo holds terminfo.OrigPair and terminfo.SGR0 as little-endian
	// words (SGR0's six bytes in the low six), which the loop compares a
	// sequence with whole.
	terminfo [2]uint64
	// wholeBlocks has bit b&7 of byte b>>3 set for each block b of 64
	// code points of three bytes in UTF-8 (U+0800-U+FFFF, b = r>>6) that
	// plainBMP holds whole: a character in one needs no look-up. b>>3 is
	// the lead's low four bits and the top three of the continuation's
	// low six, as plain's index for two bytes.
	wholeBlocks [2][64]byte
}

// buildGroundVectors makes groundTables, the constants of the vector
// loop, from groundLeads and plainBMP.
func buildGroundVectors() (t groundVectors) {
	leads := buildGroundLeads()
	for b := 0xc2; b <= 0xf4; b++ {
		t.leadLo[b&63], t.leadHi[b&63] = leads[b].lo, leads[b].hi
	}
	for g := range t.expand {
		for k := range 16 {
			t.expand[g][4*k] = byte(16*g + k)
			for r := range len(replacementRune) {
				t.expand[g][4*k+1+r] = byte(64 + r)
			}
		}
	}
	copy(t.replacement[:], replacementRune)
	for r := 0x80; r < 0x800; r++ {
		if plainBMP[r>>6]&(1<<(r&63)) != 0 {
			t.plain[r>>9][r>>3&63] |= 1 << (r & 7)
		}
	}
	for b := 0x800 >> 6; b < len(plainBMP); b++ {
		if plainBMP[b] == ^uint64(0) {
			t.wholeBlocks[b>>9][b>>3&63] |= 1 << (b & 7)
		}
	}
	var sgr0 [8]byte
	copy(sgr0[:], terminfo.SGR0)
	t.terminfo = [2]uint64{binary.LittleEndian.Uint64([]byte(terminfo.OrigPair)), binary.LittleEndian.Uint64(sgr0[:])}
	for i := range 64 {
		t.slot[i] = controlSpare
		if b := byte(i); b < 0x20 {
			t.slot[i] = byte(controlIndex(b) * controlWays)
		}
		t.ways[i] = byte(i % controlWays)
	}
	t.slot[0x7f&63] = DEL * controlWays
	for i := range 64 {
		t.bit[i] = 1 << (i & 7)
		for f, b := range groundFillBytes {
			t.fill[f][i] = b
		}
	}
	return t
}

// groundFillBytes are the bytes of groundVectors.fill, in its order; the
// loop names each by its offset (groundvector_amd64.s).
var groundFillBytes = [...]byte{
	0x20, 0x7e, // printable ASCII
	'\t', '\n', '\r', 0x1b, '\b', 0x7f, // the C0 controls and DEL it tells apart
	0x07, 0x18, 0x1a, // BEL, CAN and SUB, which end a string
	0x90, 0x98, 0x9b, 0x9d, 0x9f, // the C1 introducers
	0xa0, 0xc0, 0xc2, 0xe0, 0xf0, 0xf4, // the bounds of continuations and leads
	0x1f, 0x07, // the masks of a code point's bits
	0x40, 0x30, // the first final bytes of a CSI and of an escape sequence
	0x3a, 0x3c, // the first separator and private marker of a CSI's parameters
}

// A groundTally holds what the vector loop counts other than the controls
// by name: the invalid bytes and the C1 controls it drops, and the strings
// it drops, by kind (in the order of the 7-bit forms of their
// introducers, X ] ^ _, then the DCS), unterminated, over the limit and
// malformed (a DCS, CSI or escape sequence whose header starts with a
// byte from A0 up, or holds more than two intermediates or another byte
// after them), and the CSIs, SGRs apart, and escape sequences; last, the
// OSCs whose number is a title's, a hyperlink's or the clipboard's (osc
// counts the others, as OSCOther does). The loop names its fields by their
// offsets.
type groundTally struct {
	invalid, c1                          int64
	sos, osc, pm, apc, dcs               int64
	unterminated, overLimit              int64
	malformed                            int64
	sgr, csi, esc                        int64
	oscTitle, oscHyperlink, oscClipboard int64
}

// add adds t to r.
func (t *groundTally) add(r *Report) {
	r.InvalidUTF8 += t.invalid
	r.C1 += t.c1
	r.Sequences.SOS += t.sos
	r.Sequences.OSCOther += t.osc
	r.Sequences.PM += t.pm
	r.Sequences.APC += t.apc
	r.Sequences.DCS += t.dcs
	r.Unterminated += t.unterminated
	r.OverLimit += t.overLimit
	r.Malformed += t.malformed
	r.Sequences.SGR += t.sgr
	r.Sequences.CSI += t.csi
	r.Sequences.ESC += t.esc
	r.Sequences.OSCTitle += t.oscTitle
	r.Sequences.OSCHyperlink += t.oscHyperlink
	r.Sequences.OSCClipboard += t.oscClipboard
}

// groundBlock is the number of bytes the vector loop reads at a time.
const groundBlock = 64

// groundVectorRoom is the room in dst that the vector loop needs for a
// block: the output of three sixteens, up to 48 bytes each, and the 64
// bytes that the fourth's store writes.
const groundVectorRoom = 208

// maxLineEvents is the most line controls (LF, CR) that one call of the
// vector loop reads on past, recording each for groundLines: as many as
// the most lines that passLines skips (maxPassMisses), so that where every
// line holds something to drop or escape, the loop returns about as often
// as passLines tries a line. (A batch of its output holds about a dozen
// lines of random bytes.)
const maxLineEvents = maxPassMisses
