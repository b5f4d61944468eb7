package term

import (
	"math/bits"
	"unsafe"
)

// stripBlock is the length of the blocks that stripBlocks reads.
const stripBlock = 64

// stripMasks holds the classes of the bytes of a block of 64 that
// stripBlocks reads, a bit for each byte, the block's first byte in bit
// 0. The first eight are the bits of stripClassTable's first table, the
// next five those of its second; high is the bytes from 0x80, of which
// no other class holds any.
type stripMasks struct {
	esc          uint64    // ESC
	inSequence   uint64    // strippedInSequence: executed or ignored in a sequence, and dropped with it
	abort        uint64    // CAN and SUB, which abort a sequence and are dropped with it
	kept         uint64    // keptByte: printable ASCII, LF and tab
	csiHeader    uint64    // 0x20-0x3F: a CSI's parameters, private markers and intermediates
	intermediate uint64    // 0x20-0x2F
	csiFinal     uint64    // 0x40-0x7E but m: a CSI's final byte, an SGR's left to the slower paths
	escFinal     uint64    // 0x30-0x7E but [, P, ], X, ^ and _: the final byte right after ESC
	csiOpen      uint64    // [
	oscOpen      uint64    // ]
	stringOpen   uint64    // X, ^ and _: SOS, PM and APC
	bel          uint64    // BEL, which ends an OSC
	final        uint64    // 0x30-0x7E: the final byte after intermediates
	_            [2]uint64 // the second table's bits 5 and 6, which are none
	high         uint64    // 0x80-0xFF
}

// stripClassTable gives each byte below 0x80 its classes in two tables of
// 128 bytes, bit i of the first for the ith mask of stripMasks, bit i of
// the second for the (8+i)th: the vector loop looks each byte up in both
// and spreads their bits into the masks.
var stripClassTable = buildStripClassTable()

func buildStripClassTable() (t [2][128]byte) {
	for c := range byte(0x80) {
		first := [8]bool{
			c == 0x1b,
			strippedInSequence(c),
			c == 0x18 || c == 0x1a,
			keptByte[c],
			c >= 0x20 && c <= 0x3f,
			c >= 0x20 && c <= 0x2f,
			c >= 0x40 && c <= 0x7e && c != 'm',
			c >= 0x30 && c <= 0x7e && c != '[' && c != 'P' && !stringIntroducer(c),
		}
		second := [5]bool{
			c == '[',
			c == ']',
			c == 'X' || c == '^' || c == '_',
			c == 0x07,
			c >= 0x30 && c <= 0x7e,
		}
		for i, ok := range first {
			if ok {
				t[0][c] |= 1 << i
			}
		}
		for i, ok := range second {
			if ok {
				t[1][c] |= 1 << i
			}
		}
	}
	return t
}

// stripBlocks writes to dst, in Strip mode, the text at the start of src
// and drops the sequences in it, 64 bytes at a time, and returns the bytes
// written and read. src starts in Ground, with no colour correction
// waiting for text. It reads what stripEnd and dropEnd read, and no more:
// printable ASCII, LF and tab, kept; C0 controls and DEL, dropped; escape
// sequences and CSIs, which may hold the controls the parser executes in
// them, and OSC, SOS, PM and APC strings whose payloads hold no byte from
// 0x80, dropped; CAN and SUB, which abort a sequence with them, and ESC,
// which aborts one and starts the next. Every ESC in such text starts a
// sequence (in a string, ESC \ ends it: Strip mode drops the two as it
// drops a string aborted by ESC and then ESC \), so the sequences of a
// block are found at once, from masks of its bytes, not one after the
// other. It stops before anything else (an SGR, a DCS, a byte from 0x80,
// LF or tab in a sequence), before a sequence that does not end within a
// block of where it starts, and where fewer than 64 bytes of src or of
// room in dst are left.
func stripBlocks(dst, src []byte) (w, n int) {
	var m stripMasks
	for len(src)-n >= stripBlock && len(dst)-w >= stripBlock {
		stripClasses(&src[n], &m)
		keep, read, more := m.strip()
		if read == 0 {
			break
		}
		keepBytes(&dst[w], &src[n], keep)
		w += bits.OnesCount64(keep)
		n += read
		if !more {
			break
		}
	}
	return w, n
}

// strip reads the block whose classes are m, which starts in Ground, and
// returns the bytes Strip mode keeps, as a mask, the block's length read,
// up to the first sequence or byte that stripBlocks leaves (64 if none),
// and whether the next block may read on from there: false where what
// stops it is to be left to the slower paths, true where it is a sequence
// that ends past the block.
func (m *stripMasks) strip() (keep uint64, read int, more bool) {
	// Each chain below finds, for each sequence, the byte that ends the
	// run of bytes a state of the parser reads on over: start, a bit for
	// each sequence at the run's first byte, plus the run's mask carries
	// through the run to the byte after it (the run of one sequence never
	// holds another's start, since every run stops at ESC). A carry out of
	// the block, or a start shifted past it, is the block's last
	// sequence, which ends past it.
	var lost uint64 // a chain ran past the block
	chain := func(start, run uint64) uint64 {
		end, carry := bits.Add64(start<<1, run, 0)
		lost |= start>>63 | carry
		return end &^ run
	}
	// What follows ESC and the controls executed in an escape sequence:
	// the byte that says what the sequence is.
	open := chain(m.esc, m.inSequence)
	// ends has a bit at the end of each sequence that its last byte ends
	// (a final byte, BEL, CAN or SUB): the byte after it. One that an
	// ESC aborts, where the next sequence starts, needs none (below).
	// leave has a bit where a sequence holds what stripBlocks leaves.
	ends := open & (m.escFinal | m.abort) << 1
	leave := open &^ (m.escFinal | m.abort | m.esc | m.csiOpen | m.intermediate | m.oscOpen | m.stringOpen)
	// CSI: the header, with controls, then a final byte.
	t := chain(open&m.csiOpen, m.csiHeader|m.inSequence)
	ends |= t & (m.csiFinal | m.abort) << 1
	leave |= t &^ (m.csiFinal | m.abort | m.esc)
	// ESC, intermediates with controls, then a final byte.
	t = chain(open&m.intermediate, m.intermediate|m.inSequence)
	ends |= t & (m.final | m.abort) << 1
	leave |= t &^ (m.final | m.abort | m.esc)
	// OSC, SOS, PM and APC: a payload of any byte below 0x80 but those
	// that end it. The ESC of ST ends the string and starts ESC \.
	payload := ^(m.esc | m.abort | m.high)
	t = chain(open&m.oscOpen, payload&^m.bel)
	ends |= t & (m.bel | m.abort) << 1
	leave |= t & m.high
	t = chain(open&m.stringOpen, payload)
	ends |= t & m.abort << 1
	leave |= t & m.high

	// The block is read up to the first sequence that holds what
	// stripBlocks leaves, or that ends past the block: at its ESC, the
	// last before the first bit of leave.
	read, more = stripBlock, true
	if leave != 0 {
		read = escBefore(m.esc, bits.TrailingZeros64(leave))
		more = false
	}
	if lost != 0 {
		read = min(read, escBefore(m.esc, stripBlock))
	}
	upTo := uint64(1)<<read - 1 // all 64 bits for 64, where the shift gives 0
	// The bytes of the sequences before it, from each ESC up to its end:
	// the sum of the ends less the sum of the ESCs is the sum of the
	// spans, each 1<<end - 1<<esc, the mask of their bytes, as far as
	// the subtraction's borrows and carries, which run only up, leave the
	// bits below read alone. Those of the sequences from read on do. An
	// end at 64, 1<<64, is lost in ends as in the sum. An ESC that aborts
	// a sequence is the next one's first byte, set in the sum: the end
	// missing there only clears it, and ESC is no text.
	seq := ends - m.esc
	// Outside them, a byte from 0x80 stops the block too.
	if h := m.high &^ seq & upTo; h != 0 {
		read, more = bits.TrailingZeros64(h), false
		upTo = uint64(1)<<read - 1
	}
	return m.kept &^ seq & upTo, read, more
}

// stripClassesGo is stripClasses a byte at a time: the classes of the 64
// bytes at the start of src, in m.
func stripClassesGo(src []byte, m *stripMasks) {
	masks := (*[16]uint64)(unsafe.Pointer(m))
	*masks = [16]uint64{}
	for i, c := range src[:stripBlock] {
		if c >= 0x80 {
			m.high |= 1 << i
			continue
		}
		for k, b := range [2]byte{stripClassTable[0][c], stripClassTable[1][c]} {
			for bit := range 8 {
				masks[8*k+bit] |= uint64(b>>bit&1) << i
			}
		}
	}
}

// keepBytesGo is keepBytes a byte at a time.
func keepBytesGo(dst, src []byte, keep uint64) {
	j := 0
	for ; keep != 0; keep &= keep - 1 {
		dst[j] = src[bits.TrailingZeros64(keep)]
		j++
	}
}

// escBefore returns the index of the last ESC in the block before index
// i, whose mask is esc. Every byte strip reports after the block's first
// stands in a sequence an ESC opens in the block.
func escBefore(esc uint64, i int) int {
	return bits.Len64(esc&(uint64(1)<<i-1)) - 1
}
