package transcript

import (
	"math/bits"

	"github.com/plainsight-dev/plainsight/internal/seqvector"
)

// useSequenceVector reports whether step hands runs of sequences to
// sequenceBlocks: where the vector loop runs (seqvector.Enabled). Tests
// turn it off to hold it to the paths it stands in for.
var useSequenceVector = seqvector.Enabled

// sequenceBlock is the length of the blocks that sequenceBlocks reads.
const sequenceBlock = seqvector.BlockLen

// sequenceBackoff is the number of calls to sequenceBlocks that return at
// once after one that reads less than two blocks: a colour log or a
// screen's redraw, where an SGR or a line end stops every call within a
// few sequences, pays for one call in so many.
const sequenceBackoff = 64

// sequenceBlocks cleans the text and the sequences at the start of src, a
// block of 64 bytes at a time (seqvector's Counted reading), as step
// would token by token, and returns their length; 0 where it reads
// nothing. src starts in Ground, where step's fast path reads. It reads
// escape sequences and CSIs with the controls the Cleaner only counts in
// them (onlyCounted), OSC, SOS, PM and APC strings whose payloads hold no
// byte from 0x80, printable ASCII and tab, and the controls between them
// but CR and LF; it counts each as the parser's tokens would. It reads
// nothing while a CR is pending or under BSErase, where BS acts on the
// line, where Limits.MaxString is shorter than a block, where a
// sequence's length would count, or at a flood of one sequence
// (seqvector.Flood) two blocks long or more, which fastSequence reads
// faster.
func (c *Cleaner) sequenceBlocks(src []byte) int {
	if !useSequenceVector || len(src) < sequenceBlock || c.crPending || c.opts.BS == BSErase || c.lim.MaxString < sequenceBlock {
		return 0
	}
	if c.sequenceSkip > 0 {
		c.sequenceSkip--
		return 0
	}
	if unit := seqvector.Flood(src); unit > 0 && len(src) >= 2*sequenceBlock &&
		string(src[unit:2*sequenceBlock]) == string(src[:2*sequenceBlock-unit]) {
		// A flood of one sequence, two blocks of copies or more:
		// fastSequence's, which reads them by comparing them. A few
		// copies in a row, as a PRNG's mix has, stay here, where the
		// sequences after them are read too.
		return 0
	}
	var (
		m    seqvector.Masks
		b    seqvector.Block
		text [sequenceBlock]byte
	)
	n := 0
	for len(src)-n >= sequenceBlock {
		block := (*[sequenceBlock]byte)(src[n:])
		seqvector.Classify(block, &m)
		m.Read(seqvector.Counted, &b)
		if b.N == 0 {
			break
		}
		upTo := uint64(1)<<b.N - 1
		c.countBlock(block, &m, &b, upTo)
		if b.Text != 0 {
			seqvector.Pack(&text, block, b.Text)
			k := bits.OnesCount64(b.Text)
			c.text(text[:k], k, k)
		}
		c.rep.BytesIn += int64(b.N)
		n += b.N
		if !b.More {
			break
		}
	}
	if n < 2*sequenceBlock {
		c.sequenceSkip = sequenceBackoff
	}
	return n
}

// countBlock counts the sequences and controls in the first bytes of
// block that b reads (upTo), whose classes are m, as the parser's tokens
// would count them.
func (c *Cleaner) countBlock(block *[sequenceBlock]byte, m *seqvector.Masks, b *seqvector.Block, upTo uint64) {
	r := &c.rep
	csis, sgrs := bits.OnesCount64(b.Open&m.CSIOpen), bits.OnesCount64(b.SGR)
	strs := b.Open & (m.OSCOpen | m.StringOpen)
	// Every ESC starts a sequence, but ST's.
	r.Sequences.ESC += int64(bits.OnesCount64(m.ESC&upTo) - bits.OnesCount64(b.ST) - csis - bits.OnesCount64(strs))
	r.Sequences.SGR += int64(sgrs)
	r.Sequences.CSI += int64(csis - sgrs)
	sos, pm := bits.OnesCount64(strs&m.SOS), bits.OnesCount64(strs&m.PM)
	r.Sequences.SOS += int64(sos)
	r.Sequences.PM += int64(pm)
	r.Sequences.APC += int64(bits.OnesCount64(strs&^m.OSCOpen) - sos - pm)
	for osc := strs & m.OSCOpen; osc != 0; osc &= osc - 1 {
		// The payload, from the byte after ] up to the byte that ends
		// it, the first past Strings' run: oscNumber decides within
		// its first six bytes, as in the parser's stored payloadCap.
		// No payload a block holds is over MaxString.
		i := bits.TrailingZeros64(osc)
		end := i + bits.TrailingZeros64(^(b.Strings >> i))
		c.countOSC(block[i+1 : end])
	}
	r.Unterminated += int64(bits.OnesCount64(b.Aborted))
	// The controls: those executed in escape sequences and CSIs (not a
	// string's payload or the BEL that ends it, nor DEL, which they
	// ignore), and those between sequences.
	controls := m.InSequence&^m.DEL&b.Sequences&^(b.Strings|b.Strings<<1) | (m.InSequence|m.Abort)&^b.Sequences&upTo
	for ; controls != 0; controls &= controls - 1 {
		r.Controls.add(block[bits.TrailingZeros64(controls)])
	}
}
