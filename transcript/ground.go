package transcript

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf8"
	"unsafe"

	"github.com/plainsight-dev/plainsight/ansi"
	"github.com/plainsight-dev/plainsight/internal/c1string"
	"github.com/plainsight-dev/plainsight/internal/escape"
)

// groundBatch is how much output groundRun gathers before it hands it
// to text: U+FFFD for invalid bytes and the short pieces of text between
// them. It lives on the Cleaner, so that a call does not clear it, and is
// large enough that the vector loop (groundBlocks) writes several blocks
// into a batch after each byte groundRun reads on its own.
const groundBatch = 2048

// maxVectorBackoff bounds how many bytes groundRun reads a byte at a time
// after the vector loop stops early, in bytes dense with its stops.
const maxVectorBackoff = 4096

// groundRun cleans the run at the start of src that the parser, in
// Ground, would return token by token with nothing left pending: C0 and
// C1 controls (raw and in UTF-8), text, each byte of an ill-formed UTF-8
// prefix (one U+FFFD each), and the OSC, SOS, PM and APC strings and the
// DCSs that C1 introducers open and that end in src (c1String, which
// leaves some DCSs to the parser). It stops at ESC, any other C1
// introducer, a UTF-8 prefix that src ends in (unless atEOF), and after a
// '\n', unless passLines would skip the next line (after failing on those
// before) and the vector loop reads it. It returns the bytes read, 0 when
// the first is one the parser must read.
//
// Random bytes and binary output are mostly such runs: one loop over them,
// instead of a parser token for each byte, is what keeps the Cleaner fast
// there. Where the processor has one, the vector loop (groundBlocks) reads
// them 64 bytes at a time, with most of the sequences that end in its
// blocks; groundBytes reads them a byte at a time after the bytes that
// loop stops at and near the end of src.
func (c *Cleaner) groundRun(src []byte, atEOF bool) int {
	if c.controls == nil {
		c.controls = new(controlCounts)
		c.batch = new([groundBatch]byte)
		c.lineEvents = new([2 * maxLineEvents]uint64)
	}
	buf := c.batch
	// buf[:k] is output not yet given to text; only buf[plain:dirty]
	// may hold code points that the Unicode checks change: the rest holds
	// ASCII, U+FFFD and other code points that they leave alone. plain is
	// len(buf) and dirty 0 while all of buf[:k] does.
	k, plain, dirty := 0, len(buf), 0
	n := 0
	vectorFrom := 0 // where groundBlocks may read again
	if c.vectorBackoff == 0 {
		c.vectorBackoff = groundBlock
	}
loop:
	for n < len(src) {
		// Room for the most one case writes: three U+FFFD for the
		// cut prefix of a four-byte character.
		if k > len(buf)-3*utf8.UTFMax {
			c.groundText(buf[:k], min(plain, k), dirty, n)
			k, plain, dirty = 0, len(buf), 0
		}
		b := src[n]
		if c.groundOut()[b] != gOutStop {
			// Bytes alone, two-byte characters and the cut prefixes
			// of longer ones: a loop of their own.
			if useGroundVector && n >= vectorFrom && len(src)-n >= groundBlock+3 {
				if groundClass[b] == gInvalid && n+8 <= len(src) && escape.InvalidWord(binary.LittleEndian.Uint64(src[n:])) {
					// A run the vector loop would write a lane at a
					// time. (groundBytes stops before one.)
					k, plain, dirty, n = c.invalidRun(src, n, k, plain, dirty)
					continue
				}
				if len(buf)-k < groundVectorRoom {
					c.groundText(buf[:k], min(plain, k), dirty, n)
					k, plain, dirty = 0, len(buf), 0
				}
				w, m, from, to, lines := c.groundBlocks(buf[k:], src[n:])
				if to > 0 {
					from, to = k+from, k+to // in buf
				}
				if lines > 0 {
					// The loop read on past line controls: the
					// text before the last goes to text, and the
					// text after it stays, with the call's range of
					// characters the Unicode pass must see.
					last := c.groundLines(buf[:k+w], src, k, plain, dirty, n, lines)
					k, w, plain, dirty = 0, copy(buf[:], buf[last:k+w]), len(buf), 0
					if to > 0 {
						from, to = from-last, to-last
					}
				}
				if to > 0 {
					plain, dirty = min(plain, from), max(dirty, to)
				}
				k += w
				n += m
				if m < groundBlock/8 {
					// Where the loop's stops are dense, a call
					// costs more than the bytes it reads: the
					// next bytes a byte at a time, twice as
					// many after each such call in a row.
					vectorFrom = n + c.vectorBackoff
					c.vectorBackoff = min(2*c.vectorBackoff, maxVectorBackoff)
				} else {
					c.vectorBackoff = groundBlock
				}
				if m > 0 {
					continue
				}
			}
			run := src
			if n < vectorFrom {
				run = src[:min(len(src), vectorFrom)]
			}
			var p, d int
			k, n, p, d = c.groundBytes(buf, k, run, n)
			plain, dirty = min(plain, p), max(dirty, d)
			if n == len(src) {
				break
			}
			if k > len(buf)-3*utf8.UTFMax {
				continue
			}
			b = src[n]
		}
		// One table lookup sorts the byte; each case is the parser's
		// token for it, without the parser.
		switch groundClass[b] {
		case gText:
			buf[k] = b
			k++
			n++
			for n < len(src) && k < len(buf) && src[n]-0x20 < 0x5F {
				buf[k] = src[n]
				k++
				n++
			}
		case gLine:
			if b == '\b' && c.bsOnlyCounted() {
				// As in overstrike, x BS x: the line goes on in
				// buf.
				c.rep.Controls.add(b)
				n++
				continue
			}
			// They act on the line: it must hold what came before.
			if k > 0 {
				c.groundText(buf[:k], min(plain, k), dirty, n)
				k, plain, dirty = 0, len(buf), 0
			}
			c.control(b)
			n++
			if b == '\n' {
				if c.passSkip > 0 && n >= vectorFrom && useGroundVector {
					// passLines would send the next line to the
					// token path untried, and the vector loop
					// reads it: the line goes on in this loop.
					c.skipPassLine()
					continue
				}
				if n < len(src) && src[n] == 0x1B {
					// A colour log's next line, which starts
					// with a sequence and so does not pass:
					// counted now, as colourRun counts it.
					c.passlessLine()
				}
				// passLines may take the next line whole; the next
				// line would be read here a byte at a time, where
				// step's fast paths read its text and sequences
				// faster; or it starts with a sequence, which they
				// read (colourRun).
				c.rep.BytesIn += int64(n)
				c.groundIn = 0
				return n
			}
			if b == '\r' {
				c.groundIn = n
				n += c.crRun(src[n:])
			}
		case gControl:
			c.rep.Controls.add(b) // counted; the line is untouched
			n++
		case gC1:
			if c1string.Introducer(b) {
				if m := c.c1String(src[n:]); m > 0 {
					n += m
					continue
				}
				break loop
			}
			c.rep.C1++
			n++
		case gInvalid:
			if n+8 <= len(src) && groundClass[src[n+1]] == gInvalid && escape.InvalidWord(binary.LittleEndian.Uint64(src[n:])) {
				// A run of bytes that no valid UTF-8 holds (0xFF
				// padding, stray continuation bytes).
				k, plain, dirty, n = c.invalidRun(src, n, k, plain, dirty)
				continue
			}
			buf[k], buf[k+1], buf[k+2] = 0xEF, 0xBF, 0xBD
			k += 3
			c.rep.InvalidUTF8++
			n++
		case gLead2:
			if n+1 == len(src) {
				if !atEOF {
					break loop // more input may complete it
				}
				buf[k], buf[k+1], buf[k+2] = 0xEF, 0xBF, 0xBD
				k += 3
				c.rep.InvalidUTF8++
				n++
				continue
			}
			b1 := src[n+1]
			switch {
			case b1&0xC0 != 0x80:
				// A lead byte without its continuation: one
				// invalid byte.
				buf[k], buf[k+1], buf[k+2] = 0xEF, 0xBF, 0xBD
				k += 3
				c.rep.InvalidUTF8++
				n++
			case b == 0xC2 && b1 < 0xA0:
				// A C1 control in UTF-8 (C2 80-9F).
				if c1string.Introducer(b1) {
					if m := c.c1String(src[n:]); m > 0 {
						n += m
						continue
					}
					break loop
				}
				c.rep.C1++
				n += 2
			default:
				r := rune(b&0x1F)<<6 | rune(b1&0x3F)
				if plainBMP[r>>6]&(1<<(r&63)) == 0 {
					plain, dirty = min(plain, k), k+2
				}
				buf[k], buf[k+1] = b, b1
				k += 2
				n += 2
			}
		case gLead3:
			if n+2 < len(src) {
				b1, b2 := src[n+1], src[n+2]
				if b1&0xC0 != 0x80 {
					buf[k], buf[k+1], buf[k+2] = 0xEF, 0xBF, 0xBD
					k += 3
					c.rep.InvalidUTF8++
					n++
					continue
				}
				if b2&0xC0 == 0x80 && (b != 0xE0 || b1 >= 0xA0) && (b != 0xED || b1 < 0xA0) {
					r := rune(b&0x0F)<<12 | rune(b1&0x3F)<<6 | rune(b2&0x3F)
					if plainBMP[r>>6]&(1<<(r&63)) == 0 {
						plain, dirty = min(plain, k), k+3
					}
					buf[k], buf[k+1], buf[k+2] = b, b1, b2
					k += 3
					n += 3
					continue
				}
			}
			if !c.groundInvalid(src[n:], buf, &k, &plain, &dirty, &n, atEOF) {
				break loop
			}
		case gESC:
			break loop
		default: // gLead4
			if !c.groundInvalid(src[n:], buf, &k, &plain, &dirty, &n, atEOF) {
				break loop
			}
		}
	}
	if k > 0 {
		c.groundText(buf[:k], min(plain, k), dirty, n)
	}
	c.rep.BytesIn += int64(n)
	c.groundIn = 0
	return n
}

// groundLines gives text the pieces of buf that end at the line controls
// the vector loop read on past, recorded in c.lineEvents, lines of them,
// and executes each after its piece, as groundRun would byte by byte; it
// returns where the text after the last starts. The loop's output starts
// at buf[k], its src at groundRun's n; before it, only buf[plain:dirty]
// may hold characters that the Unicode checks change, and in each piece
// only the range its event gives.
func (c *Cleaner) groundLines(buf, src []byte, k, plain, dirty, n, lines int) int {
	start := 0
	for i := 0; i < lines; i++ {
		e, r := c.lineEvents[2*i], c.lineEvents[2*i+1]
		at, b, read := k+int(e&0xFFFF), byte(e>>16), n+int(e>>24)
		if to := int(r >> 32); to > 0 {
			plain, dirty = min(plain, k+int(uint32(r))), max(dirty, k+to)
		}
		// A CR LF whose LF the loop recorded too: a line end, as
		// control executes the two.
		crlf := b == '\r' && i+1 < lines && c.lineEvents[2*i+2]>>16 == uint64(read-n+1)<<8|'\n'
		if c.wholeLine(at-start) && (b == '\n' || crlf || c.opts.CR == CRNewline && src[read+1] != '\n') {
			// A whole line, ended by LF, by CR LF, or by a CR that
			// text follows.
			c.groundIn = read
			switch {
			case crlf:
				i++ // the LF, with nothing between
				c.groundIn++
				c.rep.CRLF++
			case b == '\r':
				c.rep.Controls['\r']++
			}
			c.emitWholeLine(buf[start:at], min(plain, at)-start, dirty-start)
			plain, dirty = len(buf), 0
			if b == '\n' || crlf {
				c.skipPassLine()
			}
			start = at
			continue
		}
		if at > start {
			c.groundText(buf[start:at], min(plain, at)-start, dirty-start, read)
			plain, dirty = len(buf), 0
		}
		c.control(b)
		if b == '\n' {
			// The loop reads on past as many LFs as passLines would
			// skip the lines after untried.
			c.skipPassLine()
		}
		start = at
	}
	return start
}

// invalidRun writes U+FFFD for each byte of the run of bytes that no
// valid UTF-8 holds at src[n], a word long at least, after the batch's first k
// bytes, and counts them. The run is found 32 bytes at a time, then
// eight (InvalidRun), and its output is copied from a prepared
// buffer: to the batch when it has room, or else, after the batch, given
// to text straight from that buffer, a batch's worth at a time. It
// returns the new k, plain, dirty and n.
func (c *Cleaner) invalidRun(src []byte, n, k, plain, dirty int) (int, int, int, int) {
	buf := c.batch
	m := escape.InvalidRun(src[n:])
	c.rep.InvalidUTF8 += int64(m)
	if out := m * len(replacement); out <= len(buf)-k {
		k += copy(buf[k:], replacements[:out])
		return k, plain, dirty, n + m
	}
	if k > 0 {
		c.groundText(buf[:k], min(plain, k), dirty, n)
	}
	// text only reads what it is given: the constant's own bytes, which
	// no one may write, are never written.
	prepared := unsafe.Slice(unsafe.StringData(replacements), len(replacements))
	for r := m; r > 0; {
		w := min(r, len(replacements)/len(replacement))
		r -= w
		c.groundText(prepared[:w*len(replacement)], w*len(replacement), 0, n+m-r)
	}
	return 0, len(buf), 0, n + m
}

// c1String counts the OSC, SOS, PM, APC or DCS string that a C1
// introducer, raw or in UTF-8, opens at the start of src, as sequence
// counts the parser's token for it, and returns its length; 0 if there is
// none or it does not end in src (c1string.End, c1string.DCSEnd), which
// the parser then reads. In random bytes a raw C1 introducer opens one
// every fifty bytes or so.
func (c *Cleaner) c1String(src []byte) int {
	header, intro := c1string.Header(src)
	if intro == 0x90 {
		return c.c1DCS(src, header)
	}
	if !c1string.IsString(intro) {
		return 0
	}
	payloadEnd, end, terminated := c1string.End(src, header, intro == 0x9D)
	if end == 0 {
		return 0
	}
	c.countPayload(intro-0x40, src[header:payloadEnd])
	if !terminated {
		c.rep.Unterminated++
	}
	return end
}

// c1DCS counts the DCS that a C1 introducer of header bytes opens at the
// start of src, as sequence counts the parser's token for it, and returns
// its length; 0 if it does not end in src, if it is longer than
// MaxString (its payload, which the parser counts against the limit, may
// then be over it), or if its header holds a parameter that the parser
// may find too long or too many parameters (dcsHeader).
func (c *Cleaner) c1DCS(src []byte, header int) int {
	_, end, terminated := c1string.DCSEnd(src, header)
	if end == 0 || end-header > c.lim.MaxString {
		return 0
	}
	malformed, ok := dcsHeader(src[:end], header)
	if !ok {
		return 0
	}
	r := &c.rep
	r.Sequences.DCS++
	if !terminated {
		r.Unterminated++
	}
	if malformed {
		r.Malformed++
	}
	return end
}

// dcsHeader reads the header of the DCS at src[k:], up to its end, as the
// parser does (dcs_entry, dcs_param, dcs_intermediate), and reports
// whether it makes the DCS malformed: a private marker or a parameter
// where the header takes neither, or a byte from A0 up other than the C2
// of a C1 control in UTF-8 (each of which starts what the parser ignores,
// dcs_ignore), or more than MaxIntermediates intermediates. ok is false
// where a parameter runs to five digits, which the parser may find too
// long, or there are more than MaxParams: the parser counts those. The C0
// controls and DEL, which the header ignores, end no parameter.
func dcsHeader(src []byte, k int) (malformed, ok bool) {
	params, digits, separators, intermediates := false, 0, 0, 0
	for ; k < len(src); k++ {
		switch b := src[k]; {
		case b < 0x20 || b == 0x7F:
			// Ignored; ESC, CAN and SUB end the DCS, at len(src).
		case b <= 0x2F:
			intermediates++
		case b <= 0x3F:
			if intermediates > 0 || params && b >= 0x3C {
				return true, true
			}
			switch {
			case b <= '9':
				if digits++; digits > 4 {
					return false, false
				}
			case b <= ';':
				if separators++; separators >= ansi.MaxParams {
					return false, false
				}
				digits = 0
			}
			params = true
		case b <= 0x7E:
			return intermediates > ansi.MaxIntermediates, true // the final byte
		case b >= 0xA0 && !(b == 0xC2 && k+1 < len(src) && src[k+1]-0x80 < 0x20):
			return true, true
		default:
			// A C1 control, raw or in UTF-8, which ends the DCS.
			return intermediates > ansi.MaxIntermediates, true
		}
	}
	return intermediates > ansi.MaxIntermediates, true
}

// groundText gives text b, groundRun's output for the bytes of its src
// before n, which are counted in BytesIn when it returns: till then
// groundIn holds them, for growText. Only b[plain:dirty] may hold code
// points that the Unicode checks change.
func (c *Cleaner) groundText(b []byte, plain, dirty, n int) {
	c.loneCR()
	c.groundIn = n
	c.text(b, plain, dirty)
}

// groundBytes is groundRun's loop over the bytes whose token needs no
// more than a table look-up and a count, and over the two-byte characters
// that follow a lead: from src[n], it adds to buf[:k] each printable
// ASCII byte, U+FFFD for each byte that no valid UTF-8 holds, for each
// lead byte that the byte after it does not continue, and for each byte
// of the prefix of a three- or four-byte character that a byte not a
// continuation cuts short (the parser reads each as one invalid byte),
// and each two-byte character other than a C1 control; it counts the
// controls it drops, by name in c.controls (a BS in its lane when it is
// only counted, as in overstrike, x BS x), and the invalid bytes. It
// stops at any other byte, before a word-long run of bytes that no valid
// UTF-8 holds (which groundRun copies from a prepared buffer), and where
// buf may not hold the next byte's output, and returns the new k and n,
// and the part of buf[:k] that may hold code points the Unicode checks
// change, from plain to dirty (len(buf) and 0 if none does).
//
// Most bytes take no branch on what they are: a look-up of the byte, a
// comparison with the byte after it (see groundOutput), one store, one
// addition of the entry's lanes for all it counts, and one to the counter
// controlSlot gives the byte: its name's, for a control. A loop of its
// own, in a function with no call, so that its state stays in registers:
// random bytes and binary output are mostly such bytes. Overstrike whose
// BSs are only counted is read a word at a time at the start of a batch.
func (c *Cleaner) groundBytes(buf *[groundBatch]byte, k int, src []byte, n int) (int, int, int, int) {
	out := c.groundOut()
	controls := c.controls
	_ = *controls // one nil check, before the loop
	plain, dirty := len(buf), 0
	var lanes uint64 // the counts of bytes alone, side by side (gOutLanes)
	// A byte is read with the one after it, within the bytes the lanes
	// can count.
	run := src[:min(len(src), n+gOutLaneRun)]
	if k == 0 && out == &groundOutBS {
		// Printable ASCII and BSs that are only counted, as a man
		// page's overstrike writes them (x BS x): a word at a time,
		// with the BSs left out and counted. Tried only at the start
		// of a batch, and kept only while every word holds a BS, so
		// that other text, which comes here after each byte groundRun
		// reads, pays for one test at most; a flood of overstrike
		// comes here with each new batch.
		for n+8 <= len(run) && k <= len(buf)-8 {
			w := binary.LittleEndian.Uint64(run[n:])
			bs, ok := escape.PrintableOrBS(w)
			if !ok || bs == 0 {
				break
			}
			n += 8
			for range 8 {
				buf[k] = byte(w)
				k += int(uint32(byte(w)^'\b')+0xFF) >> 8 // 1 unless a BS
				w >>= 8
			}
			lanes += uint64(bits.OnesCount64(bs)) * uint64(gOutBS>>gOutLaneShift)
		}
	}
	for n+1 < len(run) && uint(k) <= uint(len(buf)-4) {
		b, b1 := run[n], run[n+1]
		o := out[b]
		if o.alone(b1) {
			binary.LittleEndian.PutUint32(buf[k:k+4], uint32(o))
			k += int(o >> 24 & 3)
			lanes += uint64(o) >> gOutLaneShift & gOutLanes
			controls[int(controlSlot[b])+n&(controlWays-1)]++
			n++
			continue
		}
		if o == gOutStop {
			break
		}
		if o&gOutLeadBit == 0 {
			// A byte that no valid UTF-8 holds before one of F5-FF:
			// a run of them a word long is groundRun's.
			if n+8 <= len(run) && escape.InvalidWord(binary.LittleEndian.Uint64(run[n:])) {
				break
			}
			binary.LittleEndian.PutUint32(buf[k:k+4], uint32(o))
			k += len(replacementRune)
			lanes++
			n++
			continue
		}
		// A lead byte that b1 continues.
		if b < 0xE0 && (b != 0xC2 || b1 >= 0xA0) {
			// A two-byte character; C2 80-9F, a C1 control, is
			// groundRun's.
			if r := rune(b&0x1F)<<6 | rune(b1&0x3F); plainBMP[r>>6]&(1<<(r&63)) == 0 {
				plain, dirty = min(plain, k), k+2
			}
			binary.LittleEndian.PutUint16(buf[k:k+2], uint16(b)|uint16(b1)<<8)
			k += 2
			n += 2
			continue
		}
		// The prefix of a three- or four-byte character that a byte not
		// a continuation cuts short: one invalid byte each, two or three
		// written in one store.
		if b < 0xE0 || n+3 >= len(run) || k > len(buf)-3*utf8.UTFMax {
			break // C2 80-9F, the end of run, or a full batch
		}
		if run[n+2]&0xC0 != 0x80 {
			binary.LittleEndian.PutUint64(buf[k:k+8], replacements2x)
			k += 2 * len(replacementRune)
			lanes += 2
			n += 2
			continue
		}
		if b < 0xF0 || run[n+3]&0xC0 == 0x80 {
			break // a whole character
		}
		binary.LittleEndian.PutUint64(buf[k:k+8], replacements2x)
		buf[k+8] = replacementRune[2]
		k += 3 * len(replacementRune)
		lanes += 3
		n += 3
	}
	if n+1 == len(src) && uint(k) <= uint(len(buf)-4) {
		// The last byte of src, which no byte follows: written or
		// counted when no next byte could change it.
		switch o := out[src[n]]; {
		case o.alwaysAlone():
			binary.LittleEndian.PutUint32(buf[k:k+4], uint32(o))
			k += int(o >> 24 & 3)
			lanes += uint64(o) >> gOutLaneShift & gOutLanes
			controls[int(controlSlot[src[n]])+n&(controlWays-1)]++
			n++
		}
	}
	invalid, c1, bs := laneCounts(lanes)
	c.rep.InvalidUTF8 += int64(invalid)
	c.rep.C1 += int64(c1)
	c.rep.Controls['\b'] += int64(bs)
	return k, n, plain, dirty
}

// groundOut returns the groundOutput of each byte as the Cleaner reads
// a BS now: only counted (groundOutBS), or acting on the line.
func (c *Cleaner) groundOut() *[256]groundOutput {
	if c.bsOnlyCounted() {
		return &groundOutBS
	}
	return &groundOut
}

// groundInvalid handles the lead byte of three- and four-byte characters
// at rest[0] that groundRun's fast cases did not settle: a valid
// character is copied, the longest prefix of one that is cut short is
// replaced with one U+FFFD per byte, as the parser reads it. It returns
// false, reading nothing, if rest ends in a prefix that more input may
// complete.
func (c *Cleaner) groundInvalid(rest []byte, buf *[groundBatch]byte, k, plain, dirty, n *int, atEOF bool) bool {
	if r, size := utf8.DecodeRune(rest); size > 1 {
		if r >= 0x10000 || plainBMP[r>>6]&(1<<(r&63)) == 0 {
			*plain, *dirty = min(*plain, *k), *k+size
		}
		*k += copy(buf[*k:], rest[:size])
		*n += size
		return true
	}
	// The parser reads the longest prefix of a valid character (a lead
	// byte and the continuation bytes it allows) as one invalid byte each.
	m := 1
	for m < len(rest) && !utf8.FullRune(rest[:m+1]) {
		m++
	}
	if m == len(rest) && !utf8.FullRune(rest) && !atEOF {
		return false // more input may complete it
	}
	for range m {
		buf[*k], buf[*k+1], buf[*k+2] = 0xEF, 0xBF, 0xBD
		*k += 3
	}
	c.rep.InvalidUTF8 += int64(m)
	*n += m
	return true
}

// The byte classes of groundRun.
const (
	gText    = iota // printable ASCII, and tab, which the line takes as text
	gLine           // '\n', '\r', '\b': they act on the line
	gControl        // the other C0 controls and DEL: counted only
	gESC            // left to the caller
	gC1             // a raw C1 control, 80-9F
	gInvalid        // A0-C1, F5-FF: invalid wherever it stands
	gLead2          // C2-DF
	gLead3          // E0-EF
	gLead4          // F0-F4
)

//go:generate go test -run TestGeneratedTables -gentable

// buildGroundClass makes groundClass, the class of each byte for
// groundRun. The table is generated into tables_gen.go, so that it is data
// in the binary rather than code that runs at start-up;
// TestGeneratedTables keeps the two in step.
func buildGroundClass() (t [256]uint8) {
	for b := range 256 {
		switch {
		case b == '\n' || b == '\r' || b == '\b':
			t[b] = gLine
		case b == '\t':
			t[b] = gText // as control('\t') would add it
		case b == 0x1B:
			t[b] = gESC
		case b < 0x20 || b == 0x7F:
			t[b] = gControl
		case b < 0x7F:
			t[b] = gText
		case b <= 0x9F:
			t[b] = gC1
		case b <= 0xC1 || b >= 0xF5:
			t[b] = gInvalid
		case b <= 0xDF:
			t[b] = gLead2
		case b <= 0xEF:
			t[b] = gLead3
		default:
			t[b] = gLead4
		}
	}
	return t
}

// A groundOutput is what groundBytes does with one byte, and when the
// byte after it changes that: the output, up to three bytes little-endian
// in the low 24 bits and their number in bits 24-25 (three marks the
// U+FFFD of an invalid byte), a lead byte marked with gOutLeadBit; and in
// the top 32 bits, the range of next bytes that make the byte more than a
// token of its own ([escape.NextRange]). The range is
//   - empty (escape.NoNext) for most bytes;
//   - the continuation bytes of its character for a lead byte, whose
//     output is then the U+FFFD of a lead that nothing continues;
//   - F5-FF for a byte that no valid UTF-8 holds (gInvalid), so that the
//     0xFF padding of binary output leaves the loop for groundRun's word
//     at a time;
//   - every byte for a byte left to groundRun.
//
// A C0 control or DEL writes nothing and is counted by name, outside the
// entry (controlSlot).
//
// What a byte alone counts is in the entry too, as one bit in each of
// three lanes that groundBytes adds up in one word (gOutLanes): bit 25,
// the invalid byte of a U+FFFD; gOutC1, a raw C1 control that opens
// nothing; gOutBS, a BS that is only counted. The last two sit in the
// range of a byte no next byte changes, where they leave it empty: its lo
// stays above every byte, and its span below what would reach one.
type groundOutput uint64

const (
	gOutAlone                = groundOutput(escape.NoNext)    // the range of a byte no next byte changes
	gOutStop                 = groundOutput(escape.EveryNext) // left to groundRun's cases
	gOutLeadBit groundOutput = 1 << 31                        // a lead byte, C2-F4

	// gOutLanes is the bit of each count in an entry shifted down by
	// gOutLaneShift: the invalid bytes in bits 0-9 of the sum, which
	// cannot outgrow them (each writes three bytes of a batch), the C1
	// controls in bits 10-35 (gOutC1Lane) and the BSs in 36-63
	// (gOutBSLane), which can hold gOutLaneRun bytes. The two count bits
	// are clear in the range of every entry that is ever alone (bit 3 of
	// lo, bit 13 of the span).
	gOutLaneShift              = 25
	gOutC1Lane                 = 10
	gOutBSLane                 = 36
	gOutC1        groundOutput = 1 << (gOutLaneShift + gOutC1Lane)
	gOutBS        groundOutput = 1 << (gOutLaneShift + gOutBSLane)
	gOutLanes                  = uint64(1 | gOutC1>>gOutLaneShift | gOutBS>>gOutLaneShift)
	gOutLaneRun                = 1<<(gOutBSLane-gOutC1Lane) - 1 // the most bytes one groundBytes call reads
)

// The lanes hold all that one groundBytes call counts: the invalid bytes
// of a batch, and a C1 control or BS for each byte it reads.
var (
	_ [1<<gOutC1Lane - 1 - groundBatch/len(replacementRune)]struct{}
	_ [1<<(gOutBSLane-gOutC1Lane) - 1 - gOutLaneRun]struct{}
)

// laneCounts returns the counts that the sum of entries' lanes holds.
func laneCounts(lanes uint64) (invalid, c1, bs uint64) {
	return lanes & (1<<gOutC1Lane - 1), lanes >> gOutC1Lane & (1<<(gOutBSLane-gOutC1Lane) - 1), lanes >> gOutBSLane
}

// alwaysAlone reports whether no next byte changes o's byte: the range
// is empty, whatever lanes it holds.
func (o groundOutput) alwaysAlone() bool {
	return uint16(o>>32) > 0xFF
}

// alone reports whether next, the byte after o's byte, leaves it a token
// of its own that o's low bits say what to do with.
func (o groundOutput) alone(next byte) bool {
	return escape.AloneBefore(uint64(o), next)
}

// replacements2x is U+FFFD twice in the low six bytes of a little-endian
// word, and the first two bytes of a third in the top two: one store
// writes two, or with one byte more three.
const replacements2x = 0xBFEF_BDBF_EFBD_BFEF

// outReplacement is the groundOut of an invalid byte: U+FFFD.
const outReplacement = 3<<24 | 0xBD<<16 | 0xBF<<8 | 0xEF

// buildGroundOut makes groundOut, the groundOutput of each byte; with
// bsCounted, groundOutBS, where a BS is a byte alone that is only
// counted (Cleaner.bsOnlyCounted).
func buildGroundOut(bsCounted bool) (t [256]groundOutput) {
	class := buildGroundClass()
	leads := buildGroundLeads()
	for b := range t {
		switch class[b] {
		case gText:
			t[b] = gOutAlone | 1<<24 | groundOutput(b)
		case gInvalid:
			t[b] = outReplacement | groundOutput(escape.NextRange(0xF5, 0xFF))
		case gControl:
			t[b] = gOutAlone // written as nothing, counted by controlSlot
		case gC1:
			t[b] = gOutAlone | gOutC1
			if c1string.Introducer(byte(b)) {
				t[b] = gOutStop
			}
		case gLead2, gLead3, gLead4:
			l := leads[b]
			t[b] = outReplacement | gOutLeadBit | groundOutput(escape.NextRange(l.lo, l.hi))
		default:
			t[b] = gOutStop
			if b == '\b' && bsCounted {
				t[b] = gOutAlone | gOutBS
			}
		}
	}
	return t
}

// A groundLead is the range of the byte after a lead byte that does not
// make the lead an invalid byte on its own (RFC 3629: E0 A0-BF, ED 80-9F,
// F0 90-BF, F4 80-8F, otherwise 80-BF).
type groundLead struct{ lo, hi byte }

// A controlCounts holds the counts of the controls that groundBytes
// drops, by name, each over controlWays counters, and after them the
// spare counters of other bytes (controlSlot).
type controlCounts [controlSpare + controlWays]int64

// controlWays is how many counters each count of Cleaner.controls is
// spread over: groundBytes adds one, for every byte it reads alone, to
// the counter of the byte's name or to a spare one, chosen by the byte's
// position, so that a run of bytes is not one chain of additions to the
// same word of memory.
const controlWays = 4

// controlSpare is the index in Cleaner.controls of the spare counters,
// after the controls' (Controls, DEL the last).
const controlSpare = (DEL + 1) * controlWays

// buildControlSlot makes controlSlot: the first of each byte's counters
// in Cleaner.controls. A C0 control or DEL that groundBytes counts has
// its own, at its index in Controls; any other byte the spare ones.
func buildControlSlot() (t [256]uint8) {
	class := buildGroundClass()
	for b := range t {
		t[b] = controlSpare
		if class[b] == gControl {
			t[b] = uint8(controlIndex(byte(b)) * controlWays)
		}
	}
	return t
}

// buildGroundLeads makes groundLeads, the groundLead of each byte from C2
// to F4, from unicode/utf8, so that it agrees with it.
func buildGroundLeads() (t [256]groundLead) {
	for b := range t {
		t[b] = groundLead{0xFF, 0}
	}
	for b := 0xC2; b <= 0xF4; b++ {
		l := groundLead{0xFF, 0}
		for c := 0x80; c <= 0xBF; c++ {
			if p := []byte{byte(b), byte(c)}; !utf8.FullRune(p) || utf8.Valid(p) {
				l.lo, l.hi = min(l.lo, byte(c)), byte(c)
			}
		}
		t[b] = l
	}
	return t
}

// replacements is U+FFFD 682 times (2,046 bytes), a batch of it: the
// output of a run of bytes that no valid UTF-8 holds, copied rather than
// written a character at a time, a batch a copy. It is a constant, so
// that no process builds it at start-up.
const replacements = replacements512 + replacements128 + replacements32 + replacements8 + replacements2

const (
	replacementRune = string(utf8.RuneError)
	replacements2   = replacementRune + replacementRune
	replacements8   = replacements2 + replacements2 + replacements2 + replacements2
	replacements32  = replacements8 + replacements8 + replacements8 + replacements8
	replacements128 = replacements32 + replacements32 + replacements32 + replacements32
	replacements512 = replacements128 + replacements128 + replacements128 + replacements128
)

// The batch holds replacements.
var _ [groundBatch - len(replacements)]struct{}

// bsOnlyCounted reports whether a BS here erases nothing and settles no
// CR, so that control would only count it: groundRun and groundBytes
// count it and go on.
func (c *Cleaner) bsOnlyCounted() bool {
	return c.opts.BS != BSErase && !c.crPending
}
