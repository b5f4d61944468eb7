package ansi

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/utf8lead"
)

const maxInt = int(^uint(0) >> 1)

const (
	lsb = 0x0101010101010101 // the low bit of each byte of a word
	msb = 0x8080808080808080 // the high bit of each byte of a word
)

// notPrintable sets the high bit of each byte lane of v that is not
// printable ASCII (0x20-0x7E), and is 0 exactly when every byte is: the
// test of internal/escape's NotPrintable, written here so that this
// package depends on none of the module's Unicode data.
func notPrintable(v uint64) uint64 {
	return ((v-lsb*0x20)&^v | (v + lsb) | v) & msb
}

// outside sets the high bit of each byte lane of v whose byte is not in
// lo-hi (lo <= hi < 0x80), and is 0 exactly when every byte is. Each lane
// is tested on its low seven bits against both ends of the range, with no
// carry or borrow between lanes; a lane whose high bit is set is outside.
func outside(v uint64, lo, hi byte) uint64 {
	low := v &^ msb
	return (v | (low + lsb*uint64(0x7F-hi)) | (lsb*uint64(0x7F+lo) - low)) & msb
}

// rangeRun returns the length of the run of bytes in lo-hi (lo <= hi <
// 0x80) at the start of src, read a word at a time: the bytes of a
// sequence that change nothing but its length, however many there are.
func rangeRun(src []byte, lo, hi byte) int {
	rest := src
	for len(rest) >= 8 && outside(binary.LittleEndian.Uint64(rest), lo, hi) == 0 {
		rest = rest[8:]
	}
	for len(rest) > 0 && rest[0]-lo <= hi-lo {
		rest = rest[1:]
	}
	return len(src) - len(rest)
}

// separators counts the lanes of v0 and v1, words of parameter bytes,
// that hold ':' or ';' (0x3A and 0x3B, the two above the digits): the
// high bits of v0's lanes and the next bits down of v1's, one count.
func separators(v0, v1 uint64) int {
	return bits.OnesCount64((v0+lsb*(0x80-0x3A))&msb | (v1+lsb*(0x80-0x3A))&msb>>1)
}

// satAdd adds k >= 0 to a without overflowing: counters of an endless
// sequence stop at maxInt instead of wrapping.
func satAdd(a, k int) int {
	if a > maxInt-k {
		return maxInt
	}
	return a + k
}

// Parser is a streaming tokenizer. The zero value is ready to use (state
// Ground, payload cap DefaultPayloadCap) and allocates nothing. It holds O(1)
// memory: fixed arrays, plus, from NewParser with a cap above
// DefaultPayloadCap, one payload buffer allocated up front.
//
// A Parser is not safe for concurrent use. Copying a Parser copies its state;
// a copy made with a payload cap above DefaultPayloadCap shares the payload
// buffer with the original.
type Parser struct {
	parserState

	payloadCap int // 0 means DefaultPayloadCap
	small      [DefaultPayloadCap]byte
	big        []byte
}

// parserState is what Reset returns to zero: everything but the payload
// buffer, whose bytes are read only as far as they were written in the
// sequence being read, so that a reset before each sequence does not
// clear it.
type parserState struct {
	state State
	seq   Seq

	// UTF-8 tracking: in a sequence, the continuation bytes of a multi-byte
	// character are part of it, never C1 controls; in Ground, the
	// continuation bytes of an invalid prefix are reported as invalid.
	u8need     uint8
	u8lo, u8hi byte
	c2         bool // in a sequence, a C2 byte awaits the next byte: C2 80-9F is a C1 control

	executed int // C0 controls returned while the sequence was open (Seq.Span)

	// CSI/DCS parameters being parsed.
	inParams bool  // a parameter byte was seen
	extra    bool  // the current parameter is beyond MaxParams
	digits   uint8 // digits of the current parameter

	// An ESC or C1 introducer that aborted the sequence returned last
	// already started the next one; its Seq is set up on the next call, so
	// that Seq() still describes the returned token until then.
	pending   bool
	pendIntro byte
	pendC1    bool
	pendUTF8  bool
	pendLen   uint8

	// escAborted is set while seq describes a bare ESC aborted by the
	// next ESC, as the ESC-flood path of Next leaves it.
	escAborted bool
}

// NewParser returns a Parser that stores the first payloadCap bytes of each
// control-string payload. payloadCap <= 0 means DefaultPayloadCap; values
// above MaxPayloadCap are clamped to it. A cap above DefaultPayloadCap is
// allocated here, once; nothing is allocated afterwards.
func NewParser(payloadCap int) *Parser {
	p := new(Parser)
	switch {
	case payloadCap <= 0:
		payloadCap = DefaultPayloadCap
	case payloadCap > MaxPayloadCap:
		payloadCap = MaxPayloadCap
	}
	p.payloadCap = payloadCap
	if payloadCap > DefaultPayloadCap {
		p.big = make([]byte, payloadCap)
	}
	return p
}

func (p *Parser) buf() []byte {
	if p.big != nil {
		return p.big
	}
	if p.payloadCap > 0 {
		return p.small[:p.payloadCap]
	}
	return p.small[:]
}

// Seq returns the description of the sequence that the last returned token
// ended. It is meaningful only after a sequence-kind token and is valid
// until the next call to Next, Flush or Reset; Seq().Payload aliases the
// parser's buffer.
func (p *Parser) Seq() *Seq { return &p.seq }

// State returns the current state of the state machine (for tests and
// debugging).
func (p *Parser) State() State { return p.state }

// InSequence reports whether an escape sequence or control string is open.
func (p *Parser) InSequence() bool { return p.state != Ground }

// ESCAborts reports whether an ESC read next aborts the open sequence at
// once, as the introducer of the next: a sequence is open, it is not a
// control string (where an ESC may start ST), and no byte waits for the
// ESC to settle what it is. A C2 at the end of the last src waits: it
// would start a C1 control in UTF-8, and otherwise makes a header
// malformed, which turns a DCS into a control string that the ESC does
// not abort at once.
func (p *Parser) ESCAborts() bool {
	return p.state != Ground && !p.state.IsString() && !p.c2
}

// Reset returns the parser to its zero state, keeping its payload cap. It
// leaves the bytes of the payload buffer as they are: a sequence's
// Payload holds only the bytes it wrote there.
func (p *Parser) Reset() {
	p.parserState = parserState{}
}

// Next consumes a prefix of src and returns the token it completes, if any,
// and the number of bytes consumed.
//
// n > 0 whenever len(src) > 0, except in two cases in which Next returns
// (Token{}, 0) and the caller must supply more bytes (at most 3 are held
// back; transform.ErrShortSrc) or set atEOF:
//   - where text is expected, src starts with an incomplete but valid UTF-8
//     prefix (with atEOF, each of its bytes is KindInvalid);
//   - in a control string, src is a lone ESC: whether it is the first byte
//     of ST (ESC \) or aborts the string depends on the next byte.
//
// Other bytes of an open sequence are consumed with KindNone until the
// sequence completes, so sequence state survives any chunk split. A text run
// ends at the first byte that is not printable text or at the end of src and
// is returned at once. For KindText, KindInvalid and KindControl tokens, n is
// len(Text). For a sequence token, src[:n] is the sequence's tail in src,
// plus, when an ESC or C1 introducer aborted it, that introducer (which
// starts the next sequence).
func (p *Parser) Next(src []byte, atEOF bool) (tok Token, n int) {
	if p.pending {
		if p.pendLen == 1 && !p.pendC1 && len(src) > 0 && src[0] == 0x1B {
			// The pending sequence is a bare ESC, and this ESC aborts
			// it at once and starts the next: the abort path of an
			// ESC flood, without setting up a sequence that ends here.
			if !p.escAborted {
				p.seq = Seq{Len: 1, Span: 1, Term: TermAborted, Abort: 0x1B}
				p.escAborted = true
			}
			return Token{Kind: KindESC}, 1
		}
		p.settle()
	}
	if len(src) == 0 {
		return Token{}, 0
	}
	i := 0
	if p.state == Ground {
		b := src[0]
		if p.u8need > 0 {
			// The continuation bytes of an invalid prefix are invalid, not
			// C1 controls: "\xe2\x9b" then "A" is no CSI.
			if p.u8lo <= b && b <= p.u8hi {
				p.u8need--
				p.u8lo, p.u8hi = 0x80, 0xBF
				return Token{Kind: KindInvalid, Text: src[:1]}, 1
			}
			p.u8need = 0
		}
		switch t := table[Ground][b]; t.act {
		case aPrint:
			if b < utf8RuneSelf {
				return text(src, 1)
			}
			if b == 0xC2 && len(src) >= 2 && 0x80 <= src[1] && src[1] <= 0x9F {
				if tok, n := p.groundC1(src, src[1], true, 2); n > 0 {
					return tok, n
				}
				i = 2
				break
			}
			size := leadLen(src)
			if size > 0 {
				return text(src, size)
			}
			if size < 0 && !atEOF {
				return Token{}, 0
			}
			l := utf8lead.Leads[b]
			p.u8need, p.u8lo, p.u8hi = l.Need, l.Lo, l.Hi
			return Token{Kind: KindInvalid, Text: src[:1]}, 1
		case aExecute:
			return Token{Kind: KindControl, Text: src[:1], Control: b}, 1
		case aEscape:
			p.begin(0, false, false, 1)
			p.state = Escape
			i = 1
		case aC1, aIntro:
			if tok, n := p.groundC1(src, b, false, 1); n > 0 {
				return tok, n
			}
			i = 1
		default:
			// Unreachable: every Ground cell is print, execute, escape or C1.
			return Token{Kind: KindInvalid, Text: src[:1]}, 1
		}
	}
	return p.sequence(src, i, atEOF)
}

// leadLen returns the length of the well-formed UTF-8 character at the
// start of src, whose first byte is 0x80-0xFF; 0 when src starts with an
// ill-formed one; -1 when src ends inside a prefix of a well-formed one.
// It reads as utf8.DecodeRune and utf8.FullRune would, from leads alone.
func leadLen(src []byte) int {
	l := utf8lead.Leads[src[0]]
	if l.Need == 0 {
		return 0
	}
	if len(src) < 2 {
		return -1
	}
	if c := src[1]; c < l.Lo || c > l.Hi {
		return 0
	}
	for i := 2; i <= int(l.Need); i++ {
		if i == len(src) {
			return -1
		}
		if src[i]&0xC0 != 0x80 {
			return 0
		}
	}
	return int(l.Need) + 1
}

// text returns the text run at the start of src, whose first size bytes are
// known to be text. It stops at the first byte that is not printable ASCII
// or a valid UTF-8 character outside C1, and before an incomplete character.
func text(src []byte, size int) (Token, int) {
	j := size
	for j < len(src) {
		c := src[j]
		if c < utf8RuneSelf {
			if !asciiText[c] {
				break
			}
			j++
			if j < len(src) && src[j] >= utf8RuneSelf {
				continue // a space between words of another script
			}
			// Then eight printable ASCII bytes at a time: no byte < 0x20
			// and none >= 0x7F (byte+1 sets the high bit of 0x7F; bytes
			// >= 0x80 have it). Tried after two ASCII bytes only, so
			// that runs of other scripts do not pay for it at every
			// space.
			for j+8 <= len(src) {
				v := binary.LittleEndian.Uint64(src[j:])
				if notPrintable(v) != 0 {
					break
				}
				j += 8
			}
			continue
		}
		// The commonest two- and three-byte characters inline (every
		// continuation byte 0x80-0xBF, no C1: not C2, E0 or ED); others
		// by leads, which gives the range of the second byte; the rest
		// through utf8.DecodeRune.
		if 0xC3 <= c && c <= 0xDF && j+1 < len(src) {
			if src[j+1]&0xC0 != 0x80 {
				break
			}
			j += 2
			continue
		}
		if 0xE1 <= c && c <= 0xEF && c != 0xED && j+2 < len(src) {
			if src[j+1]&0xC0 != 0x80 || src[j+2]&0xC0 != 0x80 {
				break
			}
			j += 3
			continue
		}
		if l := utf8lead.Leads[c]; l.Need == 1 && j+1 < len(src) {
			if b1 := src[j+1]; b1 >= l.Lo && b1 <= l.Hi && (c != 0xC2 || b1 >= 0xA0) {
				j += 2
				continue
			}
			break // invalid, or a UTF-8 C1 control
		} else if l.Need == 2 && j+2 < len(src) {
			if b1, b2 := src[j+1], src[j+2]; b1 >= l.Lo && b1 <= l.Hi && b2&0xC0 == 0x80 {
				j += 3
				continue
			}
			break
		}
		r, n := utf8.DecodeRune(src[j:])
		if n <= 1 || r <= 0x9F {
			break // invalid, incomplete, or a UTF-8 C1 control
		}
		j += n
	}
	return Token{Kind: KindText, Text: src[:j]}, j
}

// groundC1 handles the C1 control c in Ground, size bytes at the start of
// src (1 raw, 2 UTF-8). A control is returned as a token; an introducer
// starts a sequence and returns n == 0 so that Next parses on.
func (p *Parser) groundC1(src []byte, c byte, isUTF8 bool, size int) (Token, int) {
	t := table[Ground][c]
	if t.act != aIntro {
		return Token{Kind: KindControl, Text: src[:size], Control: c, C1UTF8: isUTF8}, size
	}
	p.begin(c-0x40, true, isUTF8, size)
	p.state = t.next
	return Token{}, 0
}

// begin starts a new sequence of n bytes so far. The caller sets the state.
func (p *Parser) begin(intro byte, c1, isUTF8 bool, n int) {
	p.seq = Seq{Intro: intro, C1: c1, C1UTF8: isUTF8, Len: n}
	p.escAborted = false
	p.executed = 0
	p.u8need = 0
	p.c2 = false
	p.inParams = false
	p.extra = false
	p.digits = 0
}

// settle sets up the sequence that an aborting ESC or C1 introducer started.
func (p *Parser) settle() {
	p.pending = false
	p.begin(p.pendIntro, p.pendC1, p.pendUTF8, int(p.pendLen))
}

// finish ends the open sequence with term and returns its token's kind.
// The caller sets the next state.
func (p *Parser) finish(term Terminator) Kind {
	s := &p.seq
	s.Term = term
	s.Span = satAdd(s.Len, p.executed)
	if s.PayloadLen > 0 {
		buf := p.buf()
		s.Payload = buf[:min(s.PayloadLen, len(buf))]
	}
	p.u8need = 0
	p.c2 = false
	return kindOf(s.Intro)
}

func kindOf(intro byte) Kind {
	switch intro {
	case '[':
		return KindCSI
	case ']':
		return KindOSC
	case 'P':
		return KindDCS
	case 'X':
		return KindSOS
	case '^':
		return KindPM
	case '_':
		return KindAPC
	}
	return KindESC
}

// abortBy ends the open sequence as aborted by the ESC or C1 introducer c,
// which starts the next sequence (size bytes) in state next.
func (p *Parser) abortBy(c byte, c1, isUTF8 bool, size int, next State) Kind {
	p.seq.Abort = c
	k := p.finish(TermAborted)
	p.state = next
	p.pending = true
	p.pendIntro = 0
	if c1 {
		p.pendIntro = c - 0x40
	}
	p.pendC1, p.pendUTF8, p.pendLen = c1, isUTF8, uint8(size)
	return k
}

// c1 handles the C1 control c (size bytes, UTF-8 encoded or raw) in an open
// sequence: ST ends a control string, an introducer aborts the sequence and
// starts a new one, any other C1 control aborts it and is counted in it.
func (p *Parser) c1(c byte, isUTF8 bool, size int) Kind {
	s := &p.seq
	if c == 0x9C && p.state.IsString() {
		s.Len = satAdd(s.Len, size)
		k := p.finish(TermST8)
		p.state = Ground
		return k
	}
	if t := table[Ground][c]; t.act == aIntro {
		return p.abortBy(c, true, isUTF8, size, t.next)
	}
	s.Len = satAdd(s.Len, size)
	s.Abort = c
	k := p.finish(TermAborted)
	p.state = Ground
	return k
}

// put appends b to the payload: counted always, stored up to the cap.
func (p *Parser) put(b []byte) {
	s := &p.seq
	if buf := p.buf(); s.PayloadLen < len(buf) {
		copy(buf[s.PayloadLen:], b)
	}
	s.PayloadLen = satAdd(s.PayloadLen, len(b))
	s.Len = satAdd(s.Len, len(b))
}

func (p *Parser) put1(b byte) {
	s := &p.seq
	if buf := p.buf(); s.PayloadLen < len(buf) {
		buf[s.PayloadLen] = b
	}
	s.PayloadLen = satAdd(s.PayloadLen, 1)
	s.Len = satAdd(s.Len, 1)
}

// high handles a byte >= 0xA0 (or a C2 not followed by a C1 byte) in an
// open sequence: payload in strings, malformed in headers. It starts UTF-8
// tracking if b is a lead byte.
func (p *Parser) high(b byte) {
	t := table[p.state][b]
	switch t.act {
	case aPut:
		p.put1(b)
	case aMarkIgnore:
		p.markIgnore(b, t.next)
	default: // aIgnore
		p.seq.Len = satAdd(p.seq.Len, 1)
	}
	l := utf8lead.Leads[b]
	p.u8need, p.u8lo, p.u8hi = l.Need, l.Lo, l.Hi
}

// markIgnore handles the byte b that makes a header malformed: the parser
// goes to the ignore state next. In dcs_ignore, b is the first payload byte.
func (p *Parser) markIgnore(b byte, next State) {
	p.seq.Ignored = true
	p.state = next
	if next.IsString() {
		p.put1(b)
		return
	}
	p.seq.Len = satAdd(p.seq.Len, 1)
}

// cont handles a UTF-8 continuation byte of a character in an open sequence.
func (p *Parser) cont(b byte) {
	p.u8need--
	p.u8lo, p.u8hi = 0x80, 0xBF
	if p.state.IsString() {
		p.put1(b)
		return
	}
	p.seq.Len = satAdd(p.seq.Len, 1)
}

// params consumes the run of parameter bytes (digits, ';', ':') at the
// start of src and returns its length.
func (p *Parser) params(src []byte) int {
	s := &p.seq
	if !p.inParams {
		p.inParams = true
		p.newParam(false)
	}
	j := 0
	for ; j < len(src); j++ {
		if p.extra {
			return j + p.extraParams(src[j:])
		}
		c := src[j]
		if d := c - '0'; d <= 9 {
			// NumParams >= 1 here; the mask (MaxParams is a power of
			// two) spares a bounds check.
			prm := &s.Params[(s.NumParams-1)&(MaxParams-1)]
			prm.Missing = false
			if prm.Overflow {
				continue
			}
			p.digits++
			v := uint32(prm.Value)*10 + uint32(d)
			if p.digits > 5 || v > 0xFFFF {
				prm.Overflow = true
				prm.Value = 0
				continue
			}
			prm.Value = uint16(v)
		} else if c == ';' || c == ':' {
			p.newParam(c == ':')
		} else {
			break
		}
	}
	return j
}

// extraParams consumes the parameter bytes at the start of src once
// MaxParams are stored: only their count is kept, in Seq.ExtraParams.
func (p *Parser) extraParams(src []byte) int {
	// Two words at a time while every byte is a parameter byte: a flood
	// of parameters is read at the speed of the loads.
	n, rest := 0, src
	for len(rest) >= 16 {
		v0, v1 := binary.LittleEndian.Uint64(rest), binary.LittleEndian.Uint64(rest[8:])
		if outside(v0, '0', ';')|outside(v1, '0', ';') != 0 {
			break
		}
		n += separators(v0, v1)
		rest = rest[16:]
	}
	j := len(src) - len(rest)
	for ; j < len(src); j++ {
		switch c := src[j]; {
		case c-'0' <= 9:
		case c == ';' || c == ':':
			n++
		default:
			p.seq.ExtraParams = satAdd(p.seq.ExtraParams, n)
			return j
		}
	}
	p.seq.ExtraParams = satAdd(p.seq.ExtraParams, n)
	return j
}

func (p *Parser) newParam(sub bool) {
	s := &p.seq
	p.digits = 0
	if s.NumParams < MaxParams {
		s.Params[s.NumParams] = Param{Missing: true, Sub: sub}
		s.NumParams++
		p.extra = false
		return
	}
	s.TooManyParams = true
	s.ExtraParams = satAdd(s.ExtraParams, 1)
	p.extra = true
}

func (p *Parser) collect(b byte) {
	s := &p.seq
	if s.NumIntermediates < MaxIntermediates {
		s.Intermediates[s.NumIntermediates] = b
		s.NumIntermediates++
		return
	}
	s.TooManyIntermediates = true
}

// sequence parses src[i:] in an open sequence until a token completes or
// src ends.
func (p *Parser) sequence(src []byte, i int, atEOF bool) (Token, int) {
	s := &p.seq
	for i < len(src) {
		b := src[i]
		if p.c2 {
			p.c2 = false
			if 0x80 <= b && b <= 0x9F {
				return Token{Kind: p.c1(b, true, 2)}, i + 1
			}
			p.high(0xC2)
		}
		if p.u8need > 0 {
			if p.u8lo <= b && b <= p.u8hi {
				p.cont(b)
				i++
				continue
			}
			p.u8need = 0 // a broken character; b is parsed on its own
		}
		if b == 0xC2 {
			p.c2 = true // counted when the next byte tells what it is
			i++
			continue
		}
		t := table[p.state][b]
		switch t.act {
		case aPut:
			// Bulk: the run of payload bytes, 7-bit and 8-bit, with
			// the UTF-8 tracking of high and cont inline, so that the
			// payload of a string in binary output (a raw C1
			// introducer opens one) costs a few instructions a byte
			// and one put, not two calls a byte. C2 and any byte that
			// is not payload end the run for the loop above.
			row := &table[p.state]
			need, lo, hi := p.u8need, p.u8lo, p.u8hi // need is 0 here
			j := i
			if printablePayload[p.state] {
				// A run of printable ASCII first (a title, a
				// hyperlink, a long unterminated string): eight
				// bytes at a time, as the text run reads them. In
				// random bytes the first word fails, once a run.
				for j+8 <= len(src) {
					v := binary.LittleEndian.Uint64(src[j:])
					if notPrintable(v) != 0 {
						break
					}
					j += 8
				}
			}
			for j < len(src) {
				c := src[j]
				if need > 0 {
					if lo <= c && c <= hi {
						need--
						lo, hi = 0x80, 0xBF
						j++
						continue
					}
					need = 0 // a broken character; c is read on its own
				}
				if c == 0xC2 || row[c].act != aPut {
					break
				}
				if c >= utf8RuneSelf {
					l := utf8lead.Leads[c]
					need, lo, hi = l.Need, l.Lo, l.Hi
				}
				j++
			}
			p.u8need, p.u8lo, p.u8hi = need, lo, hi
			p.put(src[i:j])
			i = j
		case aIgnore:
			if b >= utf8RuneSelf {
				p.high(b)
				i++
				break
			}
			// Bulk: the run of bytes that the state ignores (the rest
			// of a malformed header), a word at a time.
			k := 1
			if r := ignoredRun[p.state]; r.hi != 0 && b-r.lo <= r.hi-r.lo {
				k = rangeRun(src[i:], r.lo, r.hi)
			}
			s.Len = satAdd(s.Len, k)
			i += k
		case aMarkIgnore:
			if b >= utf8RuneSelf {
				p.high(b)
			} else {
				p.markIgnore(b, t.next)
			}
			i++
		case aExecute:
			if i > 0 {
				return Token{}, i
			}
			p.executed = satAdd(p.executed, 1)
			return Token{Kind: KindControl, Text: src[:1], Control: b}, 1
		case aEscape:
			return Token{Kind: p.abortBy(0x1B, false, false, 1, Escape)}, i + 1
		case aStringESC:
			if i+1 == len(src) {
				if !atEOF {
					return Token{}, i // ST or abort: the next byte decides
				}
				return Token{Kind: p.abortBy(0x1B, false, false, 1, Escape)}, i + 1
			}
			if src[i+1] == '\\' {
				s.Len = satAdd(s.Len, 2)
				k := p.finish(TermST)
				p.state = Ground
				return Token{Kind: k}, i + 2
			}
			return Token{Kind: p.abortBy(0x1B, false, false, 1, Escape)}, i + 1
		case aAbort:
			s.Len = satAdd(s.Len, 1)
			s.Abort = b
			k := p.finish(TermAborted)
			p.state = Ground
			return Token{Kind: k}, i + 1
		case aC1, aIntro:
			return Token{Kind: p.c1(b, false, 1)}, i + 1
		case aEnter:
			s.Intro = b
			s.Len = satAdd(s.Len, 1)
			p.state = t.next
			i++
		case aCollect:
			p.collect(b)
			s.Len = satAdd(s.Len, 1)
			p.state = t.next
			i++
			if s.TooManyIntermediates {
				// Bulk: the intermediates past MaxIntermediates, which
				// change nothing but the length (every intermediate
				// state collects 0x20-0x2F and stays).
				k := rangeRun(src[i:], 0x20, 0x2F)
				s.Len = satAdd(s.Len, k)
				i += k
			}
		case aPrivate:
			s.Private = b
			s.Len = satAdd(s.Len, 1)
			p.state = t.next
			i++
		case aParam:
			// Bulk: the run of parameter bytes.
			k := p.params(src[i:])
			s.Len = satAdd(s.Len, k)
			p.state = t.next
			i += k
		case aHook:
			s.Final = b
			s.Len = satAdd(s.Len, 1)
			p.state = t.next
			i++
		case aEscDispatch, aCSIDispatch:
			s.Final = b
			s.Len = satAdd(s.Len, 1)
			k := p.finish(TermFinal)
			p.state = Ground
			return Token{Kind: k}, i + 1
		case aBEL:
			s.Len = satAdd(s.Len, 1)
			k := p.finish(TermBEL)
			p.state = Ground
			return Token{Kind: k}, i + 1
		default: // aPrint cannot occur outside Ground
			s.Len = satAdd(s.Len, 1)
			i++
		}
	}
	return Token{}, i
}

// Flush settles the end of input: a sequence still open is returned as a
// token with Seq().Term == TermEOF and the parser returns to Ground. It
// returns false if no sequence was open. Bytes that Next did not consume
// (an incomplete UTF-8 character, a lone ESC in a string) must be passed to
// Next with atEOF set before Flush.
func (p *Parser) Flush() (Token, bool) {
	if p.pending {
		p.settle()
	}
	p.u8need = 0
	if p.state == Ground {
		return Token{}, false
	}
	if p.c2 {
		p.c2 = false
		p.high(0xC2)
	}
	k := p.finish(TermEOF)
	p.state = Ground
	return Token{Kind: k}, true
}
