package transcript

import (
	"encoding/binary"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/ansi"
	"golang.org/x/text/transform"
)

// TruncationMarker is the line a Cleaner writes when the output limit is
// reached, after a '\n' if the text did not end with one. It is part of the
// text and counts toward the limit. A program can print the same line, so
// Report.Truncated, not the marker, is the authority.
const TruncationMarker = "[transcript: output truncated]\n"

// payloadCap is how much of each control string the parser stores: enough
// for an OSC number, which is all the report needs. The payload itself is
// never looked at again.
const payloadCap = 16

// A Cleaner turns raw process output into plain text for an agent: it
// removes every escape sequence, control string and control except '\n' and
// '\t', applies the CR and BS policies, replaces invalid UTF-8 with U+FFFD,
// handles invisible Unicode per [UnicodePolicy], caps the output, and counts
// all it did in a [Report].
//
// Cleaner implements [transform.Transformer] (use it with transform.NewReader,
// transform.String and so on) and io.Writer-style streaming through
// [Writer]. Its output does not depend on how the input is split into
// chunks. Text is released a line at a time (or a piece of Limits.MaxLine
// bytes of a longer line), because CR and BS can still change the current
// line and because the Unicode checks look at a line as a whole; memory stays
// bounded by Limits.MaxLine.
//
// The zero value is ready to use with the default [Options]. A Cleaner is not
// safe for concurrent use.
type Cleaner struct {
	opts Options
	lim  Limits // opts.Limits.Effective(), set by init
	p    *ansi.Parser

	line []byte // the current line, not yet written: valid UTF-8, no '\n'
	// lineASCII: line holds only ASCII, so the Unicode checks would
	// return it unchanged. False is always safe.
	lineASCII bool
	// crPending: a CR was seen; the next token says whether it was CR LF.
	crPending bool
	// clearPending: under CROverwrite, a lone CR put the cursor at the start
	// of the line; the next printable rune clears it.
	clearPending bool
	midLine      bool // the text written so far does not end with '\n'
	// afterInvalid: the parser's last token was an invalid byte, after
	// which it treats the continuation bytes of the broken character as
	// invalid too. This state is invisible to InSequence, so the fast
	// paths in step must let the parser see the next byte.
	afterInvalid bool

	out    []byte // output not yet handed out by Transform
	outPos int
	tail   []byte // held-back input of write (at most a few bytes)

	rep Report
}

// NewCleaner returns a Cleaner with the given options.
func NewCleaner(opts Options) *Cleaner {
	c := &Cleaner{opts: opts}
	c.init()
	return c
}

func (c *Cleaner) init() {
	if c.p == nil {
		c.p = ansi.NewParser(payloadCap)
		c.lim = c.opts.Limits.Effective()
	}
}

// Options returns the options c was built with.
func (c *Cleaner) Options() Options { return c.opts }

// Report returns the counts so far. The returned Report is a copy.
func (c *Cleaner) Report() Report {
	r := c.rep
	r.Unicode = r.Unicode.clone()
	return r
}

// Reset implements [transform.Transformer]: it restores the state of a new
// Cleaner with the same options, report included.
func (c *Cleaner) Reset() {
	p, line, out := c.p, c.line[:0], c.out[:0]
	*c = Cleaner{opts: c.opts, p: p, line: line, out: out, tail: c.tail[:0]}
	if p != nil {
		p.Reset()
		c.lim = c.opts.Limits.Effective()
	}
}

// Transform implements [transform.Transformer]. It holds back at most the
// bytes of an incomplete UTF-8 character or a lone ESC (returning
// transform.ErrShortSrc), and keeps output it could not fit in dst for the
// next call (returning transform.ErrShortDst).
func (c *Cleaner) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	c.init()
	for {
		if c.outPos < len(c.out) {
			n := copy(dst[nDst:], c.out[c.outPos:])
			nDst += n
			c.outPos += n
			if c.outPos < len(c.out) {
				return nDst, nSrc, transform.ErrShortDst
			}
			c.out, c.outPos = c.out[:0], 0
		}
		if nSrc == len(src) {
			if !atEOF {
				return nDst, nSrc, nil
			}
			c.finish()
			if len(c.out) == 0 {
				return nDst, nSrc, nil
			}
			continue
		}
		n := c.step(src[nSrc:], atEOF)
		if n == 0 {
			return nDst, nSrc, transform.ErrShortSrc
		}
		nSrc += n
	}
}

// Clean cleans raw in one call and returns the text and the report.
func Clean(raw []byte, opts Options) (string, Report) {
	c := NewCleaner(opts)
	c.write(raw)
	c.finish()
	return string(c.out), c.Report()
}

// write cleans p, appending the output to c.out and holding back the bytes
// that the parser needs more input to settle.
func (c *Cleaner) write(p []byte) {
	c.init()
	for len(c.tail) > 0 && len(p) > 0 {
		k := min(len(p), 8)
		held := len(c.tail)
		buf := append(c.tail, p[:k]...)
		n := c.process(buf, false)
		if n >= held {
			p = p[n-held:]
			c.tail = c.tail[:0]
			break
		}
		c.tail = append(c.tail[:0], buf[n:]...)
		p = p[k:]
	}
	n := c.process(p, false)
	c.tail = append(c.tail, p[n:]...)
}

// process cleans a prefix of src and returns its length.
func (c *Cleaner) process(src []byte, atEOF bool) int {
	i := 0
	for i < len(src) {
		n := c.step(src[i:], atEOF)
		if n == 0 {
			break
		}
		i += n
	}
	return i
}

// step cleans the token at the start of src and returns its length, or 0
// if more input is needed.
func (c *Cleaner) step(src []byte, atEOF bool) int {
	fast := !c.afterInvalid && !c.p.InSequence()
	if b := src[0]; (b >= 0x20 && b < 0x7F || b == '\n') && fast {
		// Fast path: in Ground, printable ASCII is text and '\n' a
		// control whatever follows, exactly as the parser would
		// return them.
		if b == '\n' {
			c.rep.BytesIn++
			c.control(b)
			return 1
		}
		n := printableASCII(src)
		c.rep.BytesIn += int64(n)
		c.loneCR()
		c.text(src[:n], true)
		return n
	}
	if src[0] == 0x1B && fast {
		// Fast path for the common CSI, colour above all.
		if n, final := simpleCSI(src); n > 0 {
			c.rep.BytesIn += int64(n)
			c.countCSI(final == 'm', n)
			return n
		}
	}
	tok, n := c.p.Next(src, atEOF)
	if n == 0 {
		if !atEOF {
			return 0
		}
		// The parser promises progress at EOF; never stall if it does not.
		tok, n = ansi.Token{Kind: ansi.KindInvalid, Text: src[:1]}, 1
	}
	c.afterInvalid = tok.Kind == ansi.KindInvalid
	c.rep.BytesIn += int64(n)
	c.token(tok)
	return n
}

// finish settles the end of the input: held-back bytes, an open sequence, a
// pending CR and the last line. It is idempotent.
func (c *Cleaner) finish() {
	c.init()
	if len(c.tail) > 0 {
		tail := c.tail
		c.tail = nil
		c.process(tail, true)
		c.tail = tail[:0]
	}
	if tok, ok := c.p.Flush(); ok {
		c.token(tok)
	}
	c.loneCR()
	c.clearPending = false
	if len(c.line) > 0 {
		c.emitLine(false)
	}
}

func (c *Cleaner) token(tok ansi.Token) {
	switch tok.Kind {
	case ansi.KindNone:
	case ansi.KindText:
		c.loneCR()
		c.text(tok.Text, false) // the fast path in step takes ASCII runs
	case ansi.KindInvalid:
		c.loneCR()
		c.rep.InvalidUTF8++
		c.text(replacement, false)
	case ansi.KindControl:
		c.control(tok.Control)
	default:
		c.sequence(tok.Kind, c.p.Seq())
	}
}

var replacement = []byte(string(utf8.RuneError))

// control handles one C0, DEL or C1 control outside any sequence. Removed
// controls are transparent to CR LF: "\r\a\n" is one newline.
func (c *Cleaner) control(b byte) {
	switch b {
	case '\n':
		if c.crPending {
			c.crPending = false
			c.rep.CRLF++
		}
		c.clearPending = false
		c.emitLine(true)
	case '\r':
		c.loneCR()
		c.crPending = true
	case '\t':
		c.loneCR()
		c.text(tab, true)
	case '\b':
		c.loneCR()
		c.rep.Controls.add(b)
		if c.opts.BS == BSErase && !c.clearPending && len(c.line) > 0 {
			_, size := utf8.DecodeLastRune(c.line)
			c.line = c.line[:len(c.line)-size]
			c.rep.Overwritten += int64(size)
		}
	default:
		if b >= 0x80 {
			c.rep.C1++
		} else {
			c.rep.Controls.add(b)
		}
	}
}

var tab = []byte{'\t'}

// loneCR settles a pending CR that is not followed by LF.
func (c *Cleaner) loneCR() {
	if !c.crPending {
		return
	}
	c.crPending = false
	c.rep.Controls['\r']++
	if c.opts.CR == CROverwrite {
		c.clearPending = true
		return
	}
	c.emitLine(true)
}

// text appends printable text to the line, writing out a piece of it each
// time it grows past Limits.MaxLine. Where the pieces end depends only on
// the line's content, never on how the input was chunked. ascii says that b
// is known to be ASCII.
func (c *Cleaner) text(b []byte, ascii bool) {
	if c.clearPending {
		c.clearPending = false
		c.rep.Overwritten += int64(len(c.line))
		c.line = c.line[:0]
	}
	if len(c.line) == 0 {
		c.lineASCII = true
	}
	c.lineASCII = c.lineASCII && ascii
	maxLine := c.lim.MaxLine
	for len(c.line)+len(b) > maxLine {
		k := maxLine + 1 - len(c.line)
		c.line = append(c.line, b[:k]...)
		b = b[k:]
		i := maxLine
		for i > 0 && !utf8.RuneStart(c.line[i]) {
			i--
		}
		c.emitSegment(c.line[:i], c.lineASCII)
		c.rep.LongLines++
		c.line = append(c.line[:0], c.line[i:]...)
	}
	c.line = append(c.line, b...)
}

// emitLine writes out the current line, and a newline if nl.
func (c *Cleaner) emitLine(nl bool) {
	c.emitSegment(c.line, c.lineASCII)
	c.line = c.line[:0]
	if nl {
		c.emit(newline)
	}
}

var newline = []byte{'\n'}

// emitSegment writes seg, a piece of clean text, after the Unicode checks.
// ascii says that seg is known to be ASCII.
func (c *Cleaner) emitSegment(seg []byte, ascii bool) {
	if len(seg) == 0 {
		return
	}
	if ascii {
		// No code point that Sanitize escapes or warns about: it would
		// return seg unchanged.
		c.emit(seg)
		return
	}
	res := plainsight.Policy{KeepTab: true}.Sanitize(string(seg))
	u := &c.rep.Unicode
	for _, e := range res.Escapes {
		if u.Escapes == nil {
			u.Escapes = make(map[plainsight.Class]int64)
		}
		u.Escapes[e.Class] += int64(e.Repeat) + 1
	}
	for _, w := range res.Warnings {
		if u.Warnings == nil {
			u.Warnings = make(map[plainsight.Kind]int64)
		}
		u.Warnings[w.Kind] += int64(w.Count)
	}
	switch {
	case c.opts.Unicode == UnicodeKeep || len(res.Escapes) == 0:
		c.emit(seg)
	case c.opts.Unicode == UnicodeRemove:
		prev := 0
		for _, e := range res.Escapes {
			c.emitString(res.Text[prev:e.Start])
			prev = e.End
		}
		c.emitString(res.Text[prev:])
	default:
		c.emitString(res.Text)
	}
}

// printableASCII returns the length of the run of printable ASCII
// (0x20-0x7E) that starts src, eight bytes at a time where it can.
func printableASCII(src []byte) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(src); i += 8 {
		w := binary.LittleEndian.Uint64(src[i:])
		del := w ^ ones*0x7F
		// Any byte >= 0x80, any byte < 0x20, any byte == 0x7F
		// ("Bit Twiddling Hacks": hasless, haszero).
		if (w|(w-ones*0x20)&^w|(del-ones)&^del)&highs != 0 {
			break
		}
	}
	for ; i < len(src); i++ {
		if b := src[i]; b < 0x20 || b >= 0x7F {
			break
		}
	}
	return i
}

func (c *Cleaner) emitString(s string) {
	if len(s) > 0 {
		c.emit([]byte(s))
	}
}

// emit appends clean text to the output within the output limit.
func (c *Cleaner) emit(b []byte) {
	if c.rep.Truncated || len(b) == 0 {
		return
	}
	if limit := c.lim.MaxOutput; limit >= 0 {
		budget := int64(limit-len(TruncationMarker)-1) - c.rep.BytesOut
		if int64(len(b)) > budget {
			i := int(max(budget, 0))
			for i > 0 && !utf8.RuneStart(b[i]) {
				i--
			}
			c.appendOut(b[:i])
			if c.midLine {
				c.appendOut(newline)
			}
			c.appendOut([]byte(TruncationMarker))
			c.rep.Truncated = true
			return
		}
	}
	c.appendOut(b)
}

func (c *Cleaner) appendOut(b []byte) {
	if len(b) == 0 {
		return
	}
	c.out = append(c.out, b...)
	c.rep.BytesOut += int64(len(b))
	c.midLine = b[len(b)-1] != '\n'
}

// sequence counts a removed sequence.
func (c *Cleaner) sequence(k ansi.Kind, s *ansi.Seq) {
	r := &c.rep
	length := s.PayloadLen
	switch k {
	case ansi.KindCSI:
		c.countCSI(s.Final == 'm' && s.Private == 0 && s.NumIntermediates == 0 &&
			!s.TooManyIntermediates && !s.Ignored, s.Len)
		length = 0 // counted
	case ansi.KindESC:
		r.Sequences.ESC++
		length = s.Len
	case ansi.KindOSC:
		switch oscNumber(s.Payload) {
		case 0, 1, 2:
			r.Sequences.OSCTitle++
		case 8:
			r.Sequences.OSCHyperlink++
		case 52:
			r.Sequences.OSCClipboard++
		default:
			r.Sequences.OSCOther++
		}
	case ansi.KindDCS:
		r.Sequences.DCS++
	case ansi.KindSOS:
		r.Sequences.SOS++
	case ansi.KindPM:
		r.Sequences.PM++
	case ansi.KindAPC:
		r.Sequences.APC++
	}
	if length > c.lim.MaxString {
		r.OverLimit++
	}
	if s.Term == ansi.TermAborted || s.Term == ansi.TermEOF {
		r.Unterminated++
	}
	if s.Ignored || s.TooManyParams || s.TooManyIntermediates || overflow(s) {
		r.Malformed++
	}
}

// countCSI counts a CSI of length bytes.
func (c *Cleaner) countCSI(sgr bool, length int) {
	if sgr {
		c.rep.Sequences.SGR++
	} else {
		c.rep.Sequences.CSI++
	}
	if length > c.lim.MaxString {
		c.rep.OverLimit++
	}
}

// simpleCSI returns the length and final byte of the plain CSI that starts
// src: ESC [, at most 32 parameters of at most 4 digits separated by ';',
// and a final byte 0x40-0x7E, all within src. For such a CSI the parser
// would return KindCSI, Term Final, nothing malformed; the Cleaner counts it
// without the parser. It returns 0 for anything else, which the parser
// handles. The chunk-split tests compare both paths.
func simpleCSI(src []byte) (int, byte) {
	if len(src) < 3 || src[1] != '[' {
		return 0, 0
	}
	params, digits := 1, 0
	for i := 2; i < len(src) && i < 2+32*5; i++ {
		switch b := src[i]; {
		case b >= '0' && b <= '9':
			digits++
			if digits > 4 {
				return 0, 0
			}
		case b == ';':
			params++
			digits = 0
			if params > ansi.MaxParams {
				return 0, 0
			}
		case b >= 0x40 && b <= 0x7E:
			return i + 1, b
		default:
			return 0, 0
		}
	}
	return 0, 0
}

func overflow(s *ansi.Seq) bool {
	for _, p := range s.Params[:s.NumParams] {
		if p.Overflow {
			return true
		}
	}
	return false
}

// oscNumber returns the number that starts an OSC payload ("8;;uri" is 8),
// or -1.
func oscNumber(payload []byte) int {
	n, digits := 0, 0
	for _, b := range payload {
		if b == ';' {
			break
		}
		if b < '0' || b > '9' || digits == 5 {
			return -1
		}
		n = n*10 + int(b-'0')
		digits++
	}
	if digits == 0 {
		return -1
	}
	return n
}
