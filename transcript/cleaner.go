package transcript

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/ansi"
	"github.com/plainsight-dev/plainsight/internal/escape"
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
	// lineCap is the size of the line buffer that Clean allocates at the
	// first line that needs it.
	lineCap int
	// linePlain: line holds only ASCII and code points that the
	// Unicode checks leave alone (U+FFFD), so they would return it
	// unchanged. False is always safe.
	linePlain bool
	// crPending: a CR was seen; the next token says whether it was CR LF.
	crPending bool
	// clearPending: under CROverwrite, a lone CR put the cursor at the start
	// of the line; the next printable rune clears it.
	clearPending bool
	midLine      bool // the text written so far does not end with '\n'
	// passTried: passLines found no whole clean line at the start of the
	// current line; the line takes the token path to its end.
	passTried bool
	// passMisses counts the lines in a row that did not pass, up to 16;
	// passSkip, the lines still to send to the token path untried.
	passMisses, passSkip int
	// afterInvalid: the parser's last token was an invalid byte after
	// which it may treat the continuation bytes of the broken character
	// as invalid too. This state is invisible to InSequence, so the fast
	// paths in step must let the parser see the next byte.
	afterInvalid bool
	// parserOnly turns off every fast path: the tests' oracle.
	parserOnly bool

	out    []byte          // output not yet handed out by Transform
	sb     strings.Builder // Clean's output, written instead of out when toSB
	toSB   bool
	outPos int
	tail   []byte // held-back input of write (at most a few bytes)

	rep Report
	// escapes and warnings count the Unicode findings by class and kind,
	// copied into rep.Unicode's maps by Report: an array costs nothing
	// per finding.
	escapes  [32]int64
	warnings [32]int64
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
	r.Unicode = Unicode{}
	for cls, n := range c.escapes {
		if n > 0 {
			if r.Unicode.Escapes == nil {
				r.Unicode.Escapes = make(map[plainsight.Class]int64)
			}
			r.Unicode.Escapes[plainsight.Class(cls)] = n
		}
	}
	for k, n := range c.warnings {
		if n > 0 {
			if r.Unicode.Warnings == nil {
				r.Unicode.Warnings = make(map[plainsight.Kind]int64)
			}
			r.Unicode.Warnings[plainsight.Kind(k)] = n
		}
	}
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
		if nDst == len(dst) {
			return nDst, nSrc, transform.ErrShortDst
		}
		if n := c.passLinesAt(src[nSrc:], len(dst)-nDst); n > 0 {
			// Whole clean lines go straight from src to dst.
			copy(dst[nDst:], src[nSrc:nSrc+n])
			nDst += n
			nSrc += n
			continue
		}
		// Output waits in out until dst takes it: give process no more
		// input than dst has room for (or stepMin, and stepMax at most),
		// so that out stays small. Tokens run one after another without
		// coming back here for each. A token cut short there is like one
		// split across two calls, which changes nothing; one that needs
		// the rest of src gets it, alone.
		rest := src[nSrc:]
		var n int
		if limit := min(max(len(dst)-nDst, stepMin), stepMax); len(rest) > limit {
			if n = c.process(rest[:limit], false); n == 0 {
				n = c.step(rest, atEOF)
			}
		} else {
			n = c.process(rest, atEOF)
		}
		if n == 0 {
			return nDst, nSrc, transform.ErrShortSrc
		}
		nSrc += n
	}
}

// stepMin is the least input Transform hands to step at a time, however
// little room dst has; stepMax the most it hands to process, token after
// token, before it moves their output to dst.
const (
	stepMin = 4 << 10
	stepMax = 16 << 10
)

// Clean cleans raw in one call and returns the text and the report.
func Clean(raw []byte, opts Options) (string, Report) {
	c := NewCleaner(opts)
	// The text is rarely longer than the input: one allocation, which
	// strings.Builder does not clear first, holds it and becomes the
	// string.
	size := len(raw) + len(TruncationMarker) + 1
	if limit := c.lim.MaxOutput; limit >= 0 {
		size = min(size, limit)
	}
	c.sb.Grow(size)
	c.toSB = true
	// The line buffer at its largest, once, rather than grown by
	// doubling; and only if a line takes the token path: clean lines go
	// straight to the output.
	c.lineCap = min(len(raw), c.lim.MaxLine) + utf8.UTFMax
	c.write(raw)
	c.finish()
	return c.sb.String(), c.Report()
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
	if n := c.passLinesAt(src, c.lim.MaxLine); n > 0 {
		c.put(src[:n])
		return n
	}
	fast := !c.afterInvalid && !c.parserOnly && !c.p.InSequence()
	if b := src[0]; (b >= 0x20 && b < 0x7F || b == '\n' || b >= 0xC2) && fast {
		// Fast path: in Ground, printable ASCII and whole valid runes
		// other than C1 controls are text, and '\n' a control, whatever
		// follows, exactly as the parser would return them.
		if b == '\n' {
			c.rep.BytesIn++
			c.control(b)
			return 1
		}
		if n, ascii := textRun(src); n > 0 {
			c.rep.BytesIn += int64(n)
			c.loneCR()
			// A short run, as between the bytes of binary output, is
			// worth checking here: if the line holds only such runs,
			// the Unicode checks need not scan it again.
			c.text(src[:n], ascii || n <= 64 && plainText(src[:n]))
			return n
		}
	}
	if fast && src[0] != 0x1B {
		if n := c.groundRun(src, atEOF); n > 0 {
			return n
		}
	}
	if src[0] == 0x1B && fast {
		// An ESC followed by another is an escape sequence that the
		// second aborts, as the parser would count it: a flood of ESC
		// is counted without it.
		if n := escRun(src); n > 0 {
			c.rep.BytesIn += int64(n)
			c.rep.Sequences.ESC += int64(n)
			c.rep.Unterminated += int64(n)
			return n
		}
		// Fast path for the common CSI, colour above all.
		if n, sgr := simpleCSI(src); n > 0 {
			c.rep.BytesIn += int64(n)
			c.countCSI(sgr, n)
			return n
		}
		// For charset and keypad modes: ESC ( B, ESC =.
		if n := simpleESC(src); n > 0 {
			c.rep.BytesIn += int64(n)
			c.rep.Sequences.ESC++
			if n > c.lim.MaxString {
				c.rep.OverLimit++
			}
			return n
		}
		// And for titles, hyperlinks and other plain strings.
		if n := simpleString(src); n > 0 {
			c.rep.BytesIn += int64(n)
			c.countString(src[:n])
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
	c.afterInvalid = tok.Kind == ansi.KindInvalid && mayOpenCharacter(tok.Text[0], c.afterInvalid)
	c.rep.BytesIn += int64(n)
	c.token(tok)
	return n
}

// mayOpenCharacter reports whether the parser, having returned the byte b
// as invalid, may still wait for continuation bytes of a broken character:
// after a lead byte (C2-F4), or after a continuation byte that a broken
// character before it took (afterInvalid). After C0, C1, F5-FF or a lone
// continuation byte it waits for none, and the fast paths may go on.
func mayOpenCharacter(b byte, afterInvalid bool) bool {
	return b >= 0xC2 && b <= 0xF4 || b < 0xC0 && afterInvalid
}

// passLinesAt is passLines where it can pass anything, at the start of a
// line not yet tried: a check that costs the other tokens no call.
func (c *Cleaner) passLinesAt(src []byte, max int) int {
	if c.passTried || len(c.line) > 0 {
		return 0
	}
	return c.passLines(src, max)
}

// passLines returns the length of the whole lines at the start of src, at
// most max bytes, that the Cleaner would write unchanged, and counts them
// as read and written: the caller copies them. They must start in Ground
// with nothing pending (no line, no CR), hold only clean text that the
// Unicode pass leaves alone, each line no longer than Limits.MaxLine, and
// fit within the output limit; anything else is left to step.
func (c *Cleaner) passLines(src []byte, max int) int {
	if c.passTried || len(c.line) > 0 || c.crPending || c.clearPending || c.afterInvalid || c.parserOnly || c.p.InSequence() {
		return 0
	}
	if c.passSkip > 0 {
		c.passSkip--
		c.passTried = true
		return 0
	}
	n := cleanLines(src[:min(len(src), max)], c.lim.MaxLine)
	if limit := c.lim.MaxOutput; limit >= 0 && int64(n) > int64(limit-len(TruncationMarker)-1)-c.rep.BytesOut {
		n = 0 // near the limit, step cuts the text
	}
	if n == 0 {
		// This line takes the token path, and so may the next few:
		// where no line passes (colour logs, hostile text), stop
		// scanning every line for nothing.
		c.passTried = true
		c.passMisses = min(c.passMisses+1, 16)
		c.passSkip = c.passMisses - 1
		return 0
	}
	c.passMisses = 0
	c.rep.BytesIn += int64(n)
	c.rep.BytesOut += int64(n)
	c.midLine = false
	return n
}

// cleanLines returns the length of the whole lines, each ending in '\n', at
// the start of src that hold only printable ASCII, tabs and valid runes that
// the Unicode pass leaves alone in that line (no C1 control, no escaped
// code point), and that are at most maxLine bytes long before the '\n'.
func cleanLines(src []byte, maxLine int) int {
	end, start := 0, 0 // end of the last whole line; start of the current one
	for i := 0; i < len(src); {
		if b := src[i]; b >= 0x20 && b < 0x7F && i+1 < len(src) && src[i+1] >= utf8.RuneSelf {
			i++ // a space between words of a non-Latin script
		} else if a := i; b < utf8.RuneSelf {
			i += escape.CleanPrefixBytes(src[i:], true)
			// Settle the lines that end in src[a:i].
			if i-start <= maxLine {
				if k := bytes.LastIndexByte(src[a:i], '\n'); k >= 0 {
					end, start = a+k+1, a+k+1
				}
			} else {
				for {
					k := bytes.IndexByte(src[a:i], '\n')
					if k < 0 {
						break
					}
					if a+k-start > maxLine {
						return end
					}
					a += k + 1
					end, start = a, a
				}
			}
			if i == len(src) {
				break
			}
		}
		if src[i] < utf8.RuneSelf {
			return end // a control or DEL
		}
		if n := plainRun(src[i:]); n > 0 {
			i += n
			continue
		}
		r, size := utf8.DecodeRune(src[i:])
		if size == 1 {
			return end // not valid UTF-8, or cut short by the end of src
		}
		if cls, _ := runeClass(r); cls != plainsight.ClassNone && !legitInLine(src, start, i, size, r) {
			return end
		}
		i += size
	}
	return end
}

// legitInLine reports whether the valid rune r at src[i:i+size], in the
// line that starts at src[start], is a joiner, selector or tag that its
// context makes literal: the Unicode pass, which sees the whole line, leaves
// it alone. A line that does not end within src is left to step.
func legitInLine(src []byte, start, i, size int, r rune) bool {
	if _, contextual := runeClass(r); !contextual || r < 0x800 {
		return false
	}
	nl := bytes.IndexByte(src[i:], '\n')
	if nl < 0 {
		return false
	}
	w := unicodeWalk{seg: src[start : i+nl]}
	return w.class(i-start, size, r) == plainsight.ClassNone
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
		c.text(replacement, true) // U+FFFD: the Unicode checks leave it alone
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
// the line's content, never on how the input was chunked. plain says that b
// is known to hold only ASCII and code points that the Unicode checks leave
// alone.
func (c *Cleaner) text(b []byte, plain bool) {
	if c.clearPending {
		c.clearPending = false
		c.rep.Overwritten += int64(len(c.line))
		c.line = c.line[:0]
	}
	if len(c.line) == 0 {
		c.linePlain = true
		if c.line == nil && c.lineCap > 0 {
			c.line = make([]byte, 0, c.lineCap)
		}
	}
	c.linePlain = c.linePlain && plain
	maxLine := c.lim.MaxLine
	for len(c.line)+len(b) > maxLine {
		k := maxLine + 1 - len(c.line)
		c.line = append(c.line, b[:k]...)
		b = b[k:]
		i := maxLine
		for i > 0 && !utf8.RuneStart(c.line[i]) {
			i--
		}
		c.emitSegment(c.line[:i], c.linePlain)
		c.rep.LongLines++
		c.line = append(c.line[:0], c.line[i:]...)
	}
	c.line = append(c.line, b...)
}

// emitLine writes out the current line, and a newline if nl.
func (c *Cleaner) emitLine(nl bool) {
	c.passTried = false
	c.emitSegment(c.line, c.linePlain)
	c.line = c.line[:0]
	if nl {
		c.emit(newline)
	}
}

var newline = []byte{'\n'}

// emitSegment writes seg, a piece of clean text, after the Unicode checks.
// plain says that seg is known to hold only ASCII and code points that
// the Unicode checks leave alone.
func (c *Cleaner) emitSegment(seg []byte, plain bool) {
	if len(seg) == 0 {
		return
	}
	if plain {
		// No code point that Sanitize escapes: it would
		// return seg unchanged.
		c.emit(seg)
		return
	}
	c.emitUnicode(seg)
}

// textRun returns the length of the run of printable ASCII and whole valid
// runes other than C1 controls that starts src, and whether it is all
// ASCII.
func textRun(src []byte) (n int, ascii bool) {
	ascii = true
	for n < len(src) {
		b := src[n]
		if b < utf8.RuneSelf {
			k := escape.PrintablePrefix(src[n:])
			if k == 0 {
				break
			}
			n += k
			continue
		}
		ascii = false
		switch {
		case b >= 0xC2 && b <= 0xDF && n+1 < len(src) && src[n+1]&0xC0 == 0x80:
			if b == 0xC2 && src[n+1] <= 0x9F {
				return n, false // C1
			}
			n += 2
			continue
		case b >= 0xE1 && b <= 0xEC && n+2 < len(src) && src[n+1]&0xC0 == 0x80 && src[n+2]&0xC0 == 0x80:
			n += 3 // neither overlong nor a surrogate
			continue
		}
		_, size := utf8.DecodeRune(src[n:])
		if size == 1 {
			break // invalid or cut short: the parser's
		}
		n += size
	}
	return n, ascii && n > 0
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

// put adds b to the output: the string Clean builds, or else out.
func (c *Cleaner) put(b []byte) {
	if c.toSB {
		c.sb.Write(b)
		return
	}
	c.out = append(c.out, b...)
}

func (c *Cleaner) appendOut(b []byte) {
	if len(b) == 0 {
		return
	}
	c.put(b)
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
		c.countOSC(s.Payload)
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

// escRun returns how many ESC bytes start src and are each followed by
// another ESC: the last ESC of a run is left to the parser.
func escRun(src []byte) int {
	n := 0
	for n+1 < len(src) && src[n+1] == 0x1B {
		n++
	}
	return n
}

// simpleCSI returns the length of the plain CSI that starts src, and
// whether it is an SGR: ESC [, an optional private marker (0x3C-0x3F), at
// most 32 parameters of at most 4 digits separated by ';', and a final
// byte 0x40-0x7E, all within src. For such a CSI the parser would return
// KindCSI, Term Final, nothing malformed; the Cleaner counts it without the
// parser. It returns 0 for anything else, which the parser handles. The
// chunk-split tests compare both paths.
func simpleCSI(src []byte) (n int, sgr bool) {
	if len(src) < 3 || src[1] != '[' {
		return 0, false
	}
	start := 2
	if b := src[2]; b >= 0x3C && b <= 0x3F {
		start = 3 // private marker: never an SGR
	}
	params, digits := 1, 0
	for i := start; i < len(src) && i < start+32*5; i++ {
		switch b := src[i]; {
		case b >= '0' && b <= '9':
			digits++
			if digits > 4 {
				return 0, false
			}
		case b == ';':
			params++
			digits = 0
			if params > ansi.MaxParams {
				return 0, false
			}
		case b >= 0x40 && b <= 0x7E:
			return i + 1, b == 'm' && start == 2
		default:
			return 0, false
		}
	}
	return 0, false
}

// simpleESC returns the length of the escape sequence that starts src if
// it is ESC, at most one intermediate byte 0x20-0x2F and a final byte
// 0x30-0x7E that opens no CSI or control string, all within src: the
// parser would return it as one KindESC token, terminated and well formed.
// It returns 0 for anything else.
func simpleESC(src []byte) int {
	i := 1
	if i < len(src) && src[i] >= 0x20 && src[i] <= 0x2F {
		i++
	}
	if i == len(src) {
		return 0
	}
	switch b := src[i]; {
	case b < 0x30 || b > 0x7E:
		return 0
	case i == 1 && (b == '[' || b == ']' || b == 'P' || b == 'X' || b == '^' || b == '_'):
		return 0
	}
	return i + 1
}

// maxSimpleString bounds the control strings that simpleString reads: a
// longer one is left to the parser, so that no byte is read more than
// twice.
const maxSimpleString = 4 << 10

// simpleString returns the length of the plain control string that starts
// src: ESC ], ESC X, ESC ^ or ESC _, a payload of printable ASCII, and ST
// (ESC \) or, for an OSC, BEL, all within src and maxSimpleString bytes.
// The parser would return such a string as one token, terminated and well
// formed; the Cleaner counts it without the parser. It returns 0 for
// anything else, which the parser handles.
func simpleString(src []byte) int {
	if len(src) < 3 {
		return 0
	}
	intro := src[1]
	if intro != ']' && intro != 'X' && intro != '^' && intro != '_' {
		return 0
	}
	i := 2 + escape.PrintablePrefix(src[2:min(len(src), maxSimpleString)])
	switch {
	case i < len(src) && src[i] == 0x07 && intro == ']':
		return i + 1
	case i+1 < len(src) && src[i] == 0x1B && src[i+1] == '\\':
		return i + 2
	}
	return 0
}

// countString counts the string seq that simpleString found, as sequence
// counts the parser's token for it.
func (c *Cleaner) countString(seq []byte) {
	payload := seq[2 : len(seq)-1]
	if seq[len(seq)-1] == '\\' {
		payload = seq[2 : len(seq)-2]
	}
	r := &c.rep
	switch seq[1] {
	case ']':
		c.countOSC(payload[:min(len(payload), payloadCap)])
	case 'X':
		r.Sequences.SOS++
	case '^':
		r.Sequences.PM++
	default:
		r.Sequences.APC++
	}
	if len(payload) > c.lim.MaxString {
		r.OverLimit++
	}
}

// countOSC counts an OSC by the number its payload, as the parser stores
// it, starts with.
func (c *Cleaner) countOSC(payload []byte) {
	r := &c.rep.Sequences
	switch oscNumber(payload) {
	case 0, 1, 2:
		r.OSCTitle++
	case 8:
		r.OSCHyperlink++
	case 52:
		r.OSCClipboard++
	default:
		r.OSCOther++
	}
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
