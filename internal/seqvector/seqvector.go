// Package seqvector finds the escape sequences in a block of 64 bytes at
// once, for the streams' vector loops over text that sequences stand
// densely in. Three table lookups give each byte of the block its
// classes as masks of 64 bits (Classify), and a carry through each state
// of the parser's run of bytes finds every sequence's end (Read), so that
// a sequence's place, not the end of the one before it, is where the work
// on it starts.
//
// A block starts in Ground: every ESC in it starts a sequence, since
// every state of a sequence's header and of a string's payload that Read
// follows ends at ESC. In a string, ESC \ is ST: Read finds the ESC as
// the end of the string and as the start of ESC \, a sequence of its own,
// which the masks it returns tell apart.
package seqvector

import (
	"bytes"
	"math/bits"
	"unsafe"

	"github.com/plainsight-dev/plainsight/internal/escape"
)

// BlockLen is the length of a block.
const BlockLen = 64

// Masks holds the classes of the bytes of a block, a bit for each byte,
// the block's first byte in bit 0: those of the first table of
// classTables, then the second, then the third, each in bit order, then
// High, the bytes from 0x80, of which no other class holds any.
type Masks struct {
	ESC          uint64 // ESC
	InSequence   uint64 // a C0 control executed in a sequence, but ESC, LF, tab, CAN and SUB; DEL, ignored there
	Abort        uint64 // CAN and SUB, which abort a sequence
	Kept         uint64 // printable ASCII, LF and tab
	CSIHeader    uint64 // 0x20-0x3F: a CSI's parameters, private markers and intermediates
	Intermediate uint64 // 0x20-0x2F
	CSIFinal     uint64 // 0x40-0x7E but m: a CSI's final byte, but an SGR's
	ESCFinal     uint64 // 0x30-0x7E but [, P, ], X, ^ and _: a final byte right after ESC

	CSIOpen    uint64 // [
	OSCOpen    uint64 // ]
	StringOpen uint64 // X, ^ and _: SOS, PM and APC
	BEL        uint64 // BEL, which ends an OSC
	Final      uint64 // 0x30-0x7E: the final byte after intermediates
	Backslash  uint64 // \, which ESC before makes ST
	Private    uint64 // 0x3C-0x3F: a CSI's private marker
	Param      uint64 // digits and ;

	CR    uint64 // CR
	LF    uint64 // LF
	DEL   uint64 // DEL
	Digit uint64 // 0-9
	SOS   uint64 // X
	PM    uint64 // ^
	M     uint64 // m, an SGR's final byte
	_     uint64

	High uint64 // 0x80-0xFF
}

// classTables gives each byte below 0x80 its classes in three tables of
// 128 bytes, bit i of the kth for the (8k+i)th mask of Masks.
var classTables = buildClassTables()

// InSequence reports whether the parser reads c inside an escape
// sequence or a CSI's header as a byte that ends nothing and that the
// streams drop or count with the sequence: a C0 control that it executes
// there (but LF and tab, which the streams keep, and CAN, SUB and ESC,
// which end the sequence), or DEL, which it ignores there.
func InSequence(c byte) bool {
	return c < 0x20 && c != 0x1b && c != '\n' && c != '\t' && c != 0x18 && c != 0x1a || c == 0x7f
}

func buildClassTables() (t [3][128]byte) {
	for c := range byte(0x80) {
		classes := [3][8]bool{{
			c == 0x1b,
			InSequence(c),
			c == 0x18 || c == 0x1a,
			escape.IsPlain(c, true),
			c >= 0x20 && c <= 0x3f,
			c >= 0x20 && c <= 0x2f,
			c >= 0x40 && c <= 0x7e && c != 'm',
			c >= 0x30 && c <= 0x7e && c != '[' && c != 'P' && c != ']' && c != 'X' && c != '^' && c != '_',
		}, {
			c == '[',
			c == ']',
			c == 'X' || c == '^' || c == '_',
			c == 0x07,
			c >= 0x30 && c <= 0x7e,
			c == '\\',
			c >= 0x3c && c <= 0x3f,
			c >= '0' && c <= '9' || c == ';',
		}, {
			c == '\r',
			c == '\n',
			c == 0x7f,
			c >= '0' && c <= '9',
			c == 'X',
			c == '^',
			c == 'm',
		}}
		for k, bits := range classes {
			for i, ok := range bits {
				if ok {
					t[k][c] |= 1 << i
				}
			}
		}
	}
	return t
}

// Reading says how Read reads a block's sequences.
type Reading uint8

const (
	// Strip reads them as Strip mode drops them: a CSI's header of any
	// bytes 0x20-0x3F, any intermediates, and the controls the parser
	// executes in them, CR and BS included.
	Strip Reading = iota
	// Counted reads only those whose count a caller takes from the
	// masks alone, as the parser's tokens would count them: a CSI's
	// header of a private marker or none and then digits and ;, at most
	// four digits in a row (the controls aside), no intermediate, an SGR
	// included; an escape sequence of one intermediate or none; and no
	// CR, which acts on the line, in any of them.
	Counted
)

// Block is what Read finds in a block: the first N bytes of it are text
// and whole sequences, each mask a bit for each byte of them.
type Block struct {
	// N is the length read, up to the first sequence that the reading
	// leaves, or that ends past the block, or a byte from 0x80, or, when
	// Counted, CR or LF outside a sequence; BlockLen if none.
	N int
	// More reports whether the next block may be read from N on: what
	// stops this one is a sequence that ends past it.
	More bool
	// Sequences holds the bytes of the sequences, ST included.
	Sequences uint64
	// Text holds the bytes outside them that the streams keep:
	// printable ASCII, LF and tab.
	Text uint64
	// Open holds the byte that says what each sequence is: the first
	// after its ESC and the controls in it.
	Open uint64
	// Strings holds the bytes of each OSC, SOS, PM and APC from that
	// byte up to the byte that ends it (ST's ESC, BEL, CAN or SUB), that
	// byte left out.
	Strings uint64
	// Aborted holds the byte that cuts each aborted sequence short:
	// CAN, SUB, or the ESC of the next sequence.
	Aborted uint64
	// ST holds the ESC of each ST, ESC \, that ends a string.
	ST uint64
	// SGR holds the m that ends each SGR, when Counted.
	SGR uint64
}

// Read reads the block whose classes are m, which starts in Ground, as
// reading says, into b.
func (m *Masks) Read(reading Reading, b *Block) {
	// Each chain below finds, for each sequence, the byte that ends the
	// run of bytes a state of the parser reads on over: start, a bit for
	// each sequence at the byte before the run, shifted onto it, plus
	// the run's mask carries through the run to the byte after it (the
	// run of one sequence never holds another's start, since every run
	// stops at ESC). A carry out of the block, or a start shifted past
	// it, is the block's last sequence, which ends past it.
	var lost uint64 // a chain ran past the block
	chain := func(start, run uint64) uint64 {
		end, carry := bits.Add64(start<<1, run, 0)
		lost |= start>>63 | carry
		return end &^ run
	}
	inSequence := m.InSequence
	if reading == Counted {
		inSequence &^= m.CR
	}
	// What follows ESC and the controls executed in an escape sequence:
	// the byte that says what the sequence is.
	open := chain(m.ESC, inSequence)
	// ends has a bit at the end of each sequence that its last byte ends
	// (a final byte, BEL, CAN or SUB): the byte after it. One that an
	// ESC aborts, where the next sequence starts, needs none (below).
	// leave has a bit where a sequence holds what the reading leaves;
	// aborted, at each byte that aborts one.
	ends := open & (m.ESCFinal | m.Abort) << 1
	leave := open &^ (m.ESCFinal | m.Abort | m.ESC | m.CSIOpen | m.Intermediate | m.OSCOpen | m.StringOpen)
	aborted := open & (m.Abort | m.ESC)
	// CSI: the header, with controls, then a final byte.
	csi := open & m.CSIOpen
	var t, sgr uint64
	final := m.CSIFinal
	if reading == Counted {
		// A private marker first, then digits and ;.
		first := chain(csi, inSequence)
		t = chain(csi, inSequence|m.Param|first&m.Private)
		// The header's bytes from the one after [ (where the
		// subtraction's borrow runs past the block, as far as it goes:
		// lost stops the block before that CSI anyway). Five digits in
		// a row, the controls aside, may make a value overflow, and a
		// header of 31 bytes may hold more than ansi.MaxParams values:
		// each is left to the parser, which flags them.
		header := t - csi<<1
		r := m.Digit | inSequence
		five := r & (r >> 1) & (r >> 2) & (r >> 3) & (r >> 4)
		long := header
		for _, k := range []int{1, 2, 4, 8, 15} {
			long &= long >> k
		}
		leave |= (five | long) & header
		// And an SGR's m: an SGR is a CSI that ends with it and holds
		// no private marker, whose chain would end there too.
		final |= m.M
		sgr = t & m.M &^ chain(first&m.Private, inSequence|m.Param)
	} else {
		t = chain(csi, m.CSIHeader|inSequence)
	}
	ends |= t & (final | m.Abort) << 1
	leave |= t &^ (final | m.Abort | m.ESC)
	aborted |= t & (m.Abort | m.ESC)
	// ESC, intermediates with controls, then a final byte.
	inter := open & m.Intermediate
	if reading == Counted {
		t = chain(inter, inSequence)
	} else {
		t = chain(inter, m.Intermediate|inSequence)
	}
	ends |= t & (m.Final | m.Abort) << 1
	leave |= t &^ (m.Final | m.Abort | m.ESC)
	aborted |= t & (m.Abort | m.ESC)
	// OSC, SOS, PM and APC: a payload of any byte below 0x80 but those
	// that end it. ST's ESC ends the string and starts ESC \.
	payload := ^(m.ESC | m.Abort | m.High)
	osc, str := open&m.OSCOpen, open&m.StringOpen
	tOSC := chain(osc, payload&^m.BEL)
	tStr := chain(str, payload)
	ends |= tOSC&(m.BEL|m.Abort)<<1 | tStr&m.Abort<<1
	leave |= (tOSC | tStr) & m.High
	stringEnds := tOSC&(m.BEL|m.Abort|m.ESC) | tStr&(m.Abort|m.ESC)
	st := stringEnds & m.ESC & (m.Backslash >> 1)
	aborted |= stringEnds & (m.Abort | m.ESC) &^ st

	b.N, b.More = BlockLen, true
	// The block is read up to the first sequence that holds what the
	// reading leaves, or that ends past the block: at its ESC, the
	// last before the first bit of leave.
	if leave != 0 {
		b.N, b.More = escBefore(m.ESC, bits.TrailingZeros64(leave)), false
	}
	if lost != 0 {
		b.N = min(b.N, escBefore(m.ESC, BlockLen))
	}
	if reading == Counted && b.N < BlockLen && stringEnds&m.ESC>>b.N&1 != 0 {
		// The ESC that stops the block ends a string, as ST's may:
		// the block stops at the string.
		b.N = escBefore(m.ESC, b.N)
	}
	upTo := uint64(1)<<b.N - 1 // all 64 bits for 64, where the shift gives 0
	// The bytes of the sequences before N, from each ESC up to its end:
	// the sum of the ends less the sum of the ESCs is the sum of the
	// spans, each 1<<end - 1<<esc, the mask of their bytes, as far as
	// the subtraction's borrows and carries, which run only up, leave the
	// bits below N alone. Those of the sequences from N on do. An end
	// at 64, 1<<64, is lost in ends as in the sum. An ESC that aborts a
	// sequence is the next one's first byte, set in the sum: the end
	// missing there only clears it, and ESC is neither text nor control.
	seq := ends - m.ESC
	// Outside them, a byte from 0x80 stops the block too, and when
	// Counted, CR and LF.
	stop := m.High
	if reading == Counted {
		stop |= m.CR | m.LF
	}
	if h := stop &^ seq & upTo; h != 0 {
		b.N, b.More = bits.TrailingZeros64(h), false
		upTo = uint64(1)<<b.N - 1
	}
	b.Sequences = (seq | m.ESC) & upTo
	b.Text = m.Kept &^ b.Sequences & upTo
	b.Open = open & upTo
	b.Strings = ((tOSC | tStr) - (osc | str)) & upTo
	b.Aborted = aborted & (upTo<<1 | 1)
	b.ST = st & upTo
	b.SGR = sgr & upTo
}

// escBefore returns the index of the last ESC in the block before index
// i, whose mask is esc. Every byte that Read stops at but a byte from
// 0x80, CR or LF stands in a sequence that an ESC opens in the block.
func escBefore(esc uint64, i int) int {
	return bits.Len64(esc&(uint64(1)<<i-1)) - 1
}

// ClassifyBytes is Classify a byte at a time, where there is no vector
// loop and for tests.
func ClassifyBytes(block *[BlockLen]byte, m *Masks) {
	masks := (*[25]uint64)(unsafe.Pointer(m))
	*masks = [25]uint64{}
	for i, c := range block {
		if c >= 0x80 {
			m.High |= 1 << i
			continue
		}
		for k := range classTables {
			for bit := range 8 {
				masks[8*k+bit] |= uint64(classTables[k][c]>>bit&1) << i
			}
		}
	}
}

// PackBytes is Pack a byte at a time.
func PackBytes(dst, block *[BlockLen]byte, keep uint64) {
	j := 0
	for ; keep != 0; keep &= keep - 1 {
		dst[j] = block[bits.TrailingZeros64(keep)]
		j++
	}
}

// The masks are 25 words, High the last.
var _ = [1]int{}[unsafe.Sizeof(Masks{})-25*8]

// Flood returns the length of the unit that src starts with, the bytes
// up to its second ESC within a block, where the eight bytes after it
// repeat the unit's first (escape.RepeatsAt): a flood of one sequence,
// which the scalar readers take by comparing its copies, faster than a
// block at a time. It returns 0 where src holds no such unit.
func Flood(src []byte) int {
	if len(src) < 2 {
		return 0
	}
	p := bytes.IndexByte(src[1:min(len(src), BlockLen)], 0x1b) + 1
	if p == 0 || !escape.RepeatsAt(src, 0, p) {
		return 0
	}
	return p
}
