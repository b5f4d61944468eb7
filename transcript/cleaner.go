package transcript

import (
	"encoding/binary"
	"math/bits"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/ansi"
	"github.com/plainsight-dev/plainsight/internal/escape"
	"github.com/plainsight-dev/plainsight/internal/terminfo"
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
	// linePlain is the length of the prefix of line known to hold only
	// ASCII and code points that the Unicode checks leave alone (U+FFFD):
	// they would return it unchanged, and start their walk after it.
	// Zero is always safe.
	linePlain int
	// lineDirty is where the part of line that the Unicode checks must
	// read ends: line[lineDirty:], like line[:linePlain], holds only
	// ASCII and code points that they leave alone, and their walk stops
	// at it. len(line) is always safe; nothing is left to read when it
	// is linePlain or less.
	lineDirty int
	// crPending: a CR was seen; the next token says whether it was CR LF.
	crPending bool
	// clearPending: under CROverwrite, a lone CR put the cursor at the start
	// of the line; the next printable rune clears it.
	clearPending bool
	midLine      bool // the text written so far does not end with '\n'
	// passTried: passLines found no whole clean line at the start of the
	// current line; the line takes the token path to its end.
	passTried bool
	// passMisses counts the lines in a row that did not pass, up to
	// maxPassMisses;
	// passSkip, the lines still to send to the token path untried.
	passMisses, passSkip int
	// afterInvalid: the parser's last token was an invalid byte after
	// which it may treat the continuation bytes of the broken character
	// as invalid too. This state is invisible to InSequence, so the fast
	// paths in step must let the parser see the next byte.
	afterInvalid bool
	// parserOnly turns off every fast path: the tests' oracle.
	parserOnly bool

	out     []byte     // output not yet handed out by Transform
	ubuf    []byte     // a segment with its escapes, for emitUnicode
	classes classCache // the classes of the code points last looked up
	segDone int        // the bytes of its segment that emitUnicode has written
	unread  int        // the bytes of text not yet in the line while text writes a piece
	// groundIn: the bytes that groundRun has read and given text for,
	// not yet counted in BytesIn.
	groundIn int

	sb strings.Builder // Clean's output, written instead of out when toText
	// stage holds the end of Clean's output, stage[:staged], not yet in
	// sb; all of it, for a text no longer than stage.
	stage  []byte
	staged int
	toText bool
	// pass: Clean's output so far is raw[:passN], and not yet written
	// to sb.
	pass   bool
	raw    []byte
	passN  int
	outPos int
	tail   []byte // held-back input of write (at most a few bytes)

	rep Report
	// controls holds the counts of the controls groundBytes drops, by
	// name (controlSlot), which Report adds to rep's. groundRun allocates
	// it the first time it runs, so that clean text does not.
	controls *controlCounts
	// batch is where groundRun gathers its output, allocated with
	// controls.
	batch *[groundBatch]byte
	// lineEvents is where the vector loop records the line controls it
	// reads on past (groundBlocks), two words each, allocated with
	// controls.
	lineEvents *[2 * maxLineEvents]uint64
	// vectorTally holds the other counts of the vector loop
	// (groundBlocks), which Report adds to rep's.
	vectorTally groundTally
	// vectorBackoff is how many bytes groundRun reads a byte at a time
	// after the vector loop stops early: 0 at first.
	vectorBackoff int
	// sequenceSkip is how many calls of sequenceBlocks return at once
	// after one that read little.
	sequenceSkip uint8
	// escapes counts the Unicode findings by class, which Report copies
	// into rep.Unicode's maps and sums by kind: an array costs nothing
	// per finding, and one count a finding is all the pass keeps.
	escapes [32]int64
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
	c.vectorTally.add(&r)
	if c.controls != nil {
		for i := range r.Controls {
			for _, n := range c.controls[i*controlWays : (i+1)*controlWays] {
				r.Controls[i] += n
			}
		}
	}
	r.Unicode = Unicode{}
	for cls, n := range c.escapes {
		if n == 0 {
			continue
		}
		if r.Unicode.Escapes == nil {
			r.Unicode.Escapes = make(map[plainsight.Class]int64)
		}
		r.Unicode.Escapes[plainsight.Class(cls)] = n
		if k := plainsight.Class(cls).Kind(); k != plainsight.KindUnknown {
			if r.Unicode.Warnings == nil {
				r.Unicode.Warnings = make(map[plainsight.Kind]int64)
			}
			r.Unicode.Warnings[k] += n
		}
	}
	return r
}

// Reset implements [transform.Transformer]: it restores the state of a new
// Cleaner with the same options, report included.
func (c *Cleaner) Reset() { c.reset(c.opts) }

// reset restores the state of a new Cleaner with options opts, keeping
// the memory c has allocated.
func (c *Cleaner) reset(opts Options) {
	p, line, out, ubuf, stage, tail, controls, batch, events := c.p, c.line[:0], c.out[:0], c.ubuf[:0], c.stage, c.tail[:0], c.controls, c.batch, c.lineEvents
	// Cleared in place, then given back what it keeps: a composite
	// literal of the whole struct is built in a temporary and copied.
	*c = Cleaner{}
	c.opts, c.p, c.line, c.out, c.ubuf, c.stage, c.tail = opts, p, line, out, ubuf, stage, tail
	c.controls, c.batch, c.lineEvents = controls, batch, events
	if controls != nil {
		*controls = controlCounts{}
	}
	if p != nil {
		p.Reset()
		c.lim = opts.Limits.Effective()
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
		if !c.passTried && len(c.line) == 0 {
			// At the start of a line not yet tried, whole clean lines
			// go straight from src to dst. A clean line that the rest
			// of dst cannot hold waits for the next call, when dst is
			// empty.
			n, crlfs, wait := c.passLines(src[nSrc:], len(dst)-nDst, passAhead)
			if crlfs == 0 {
				nDst += copy(dst[nDst:], src[nSrc:nSrc+n])
			} else {
				nDst += copyLines(dst[nDst:], src[nSrc:nSrc+n])
			}
			nSrc += n
			if wait && nDst > 0 {
				return nDst, nSrc, transform.ErrShortDst
			}
			if n > 0 {
				continue
			}
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

// passAhead is how far past the room left in dst Transform reads for a
// clean line that the room cuts, which then waits for an empty dst
// rather than take the token path: a line of prose or a log's line.
const passAhead = 4 << 10

// Clean cleans raw in one call and returns the text and the report.
//
// The text is always a string of its own, even when it is raw unchanged:
// raw is a byte slice that the caller may change afterwards, and a string
// must not change. A caller that holds a string calls [CleanString],
// which returns its input itself when nothing changes.
//
// Clean and CleanString reuse the Cleaners of earlier calls, from any
// goroutine: in a program that calls them often, a call allocates only
// for its text and the report's maps. A Cleaner kept between calls holds
// at most some 165 KiB of buffers (a line, its escapes and the text of
// an input up to 64 KiB); the collector frees those that no call takes
// within two of its cycles. A text up to 64 KiB holds at most an eighth
// more memory than its length, and the runtime's rounding up to a size
// class, whatever the input's length.
func Clean(raw []byte, opts Options) (string, Report) {
	return cleanOnce(raw, opts, false)
}

// CleanString is [Clean] for a string. When the text is s unchanged (clean
// lines, no sequence, no control, nothing over a limit), or s cut short
// (a sequence left open at its end is removed), CleanString returns s, or
// that prefix of it, without copying it: it allocates nothing for the
// text.
func CleanString(s string, opts Options) (string, Report) {
	// The Cleaner only reads its input.
	return cleanOnce(unsafe.Slice(unsafe.StringData(s), len(s)), opts, true)
}

// cleanOnce is Clean, with a Cleaner from oneShot. When the text is raw
// or a prefix of it, it is a copy, or raw's own memory if shared (raw
// is a string's).
func cleanOnce(raw []byte, opts Options, shared bool) (string, Report) {
	c := oneShot.Get().(*Cleaner)
	defer c.release()
	return c.clean(raw, opts, shared)
}

// maxStage is the longest text that Clean gathers whole in the Cleaner's
// stage: one the input's length makes likely to fit is copied once, at
// the end, to a string of its own length, which a caller that keeps it
// keeps no more memory for; a stage that size is kept between calls
// (oneShot). A longer text goes to a builder textStage bytes at a time.
const maxStage = 64 << 10

// textStage is how much of a text longer than maxStage the Cleaner
// gathers before it writes it to its builder: little enough to stay in
// the processor's nearest cache.
const textStage = 512

// oneShot holds the Cleaners that Clean and CleanString have finished
// with, for the next call to reuse: a call then allocates its text and
// nothing else, rather than a Cleaner, its parser, its counters and a
// line buffer the size of its input, all cleared first, most of them
// in memory out of the cache. A call on a small input spent as long on
// those as on cleaning it.
var oneShot = sync.Pool{New: func() any { return new(Cleaner) }}

// maxKeptLine bounds the line buffer that a Cleaner keeps in oneShot: the
// one that Limits.MaxLine's default needs. A bigger one, for a bigger
// MaxLine, is left to the collector. (The Unicode buffer never outgrows
// ubufSize.)
const maxKeptLine = DefaultMaxLine + 1 + utf8.UTFMax

// release returns c, done with, to oneShot.
func (c *Cleaner) release() {
	c.forget()
	oneShot.Put(c)
}

// forget lets go of what c must not keep after Clean returns: the input,
// which is the caller's, the text's memory, which is now a string, and a
// line buffer over maxKeptLine. (The stage never outgrows maxStage.)
func (c *Cleaner) forget() {
	c.raw, c.sb = nil, strings.Builder{}
	if cap(c.line) > maxKeptLine {
		c.line = nil
	}
}

// clean cleans raw in one call, with c reset to options opts, and returns
// the text and the report, as cleanOnce does. The text is raw[:passN]
// while pass holds, and else in sb and stage.
func (c *Cleaner) clean(raw []byte, opts Options, shared bool) (string, Report) {
	c.reset(opts)
	c.init()
	// Until the text differs from raw, it is not written anywhere: put
	// only checks that each piece is the next part of raw.
	c.toText, c.pass, c.raw = true, true, raw
	// The line buffer at the size of the longest line raw can hold, once,
	// rather than grown by doubling; and only if a line takes the token
	// path: clean lines go straight to the output. (U+FFFD for invalid
	// bytes may make a line outgrow it: growLine.)
	c.lineCap = min(len(raw), c.lim.MaxLine+1) + utf8.UTFMax
	if cap(c.line) < c.lineCap {
		c.line = nil // a kept buffer too small for it
	}
	c.write(raw)
	c.finish()
	switch {
	case !c.pass:
		return c.textString(), c.Report()
	case shared:
		return unsafe.String(unsafe.SliceData(raw), c.passN), c.Report()
	}
	return string(raw[:c.passN]), c.Report()
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

// textToken cleans the text at the start of src that step's fast path
// takes as one token (printable ASCII and whole valid characters other
// than C1 controls) and returns its length, 0 if src does not start with
// such text.
func (c *Cleaner) textToken(src []byte) int {
	n, ascii := textRun(src)
	if n == 0 {
		return 0
	}
	c.rep.BytesIn += int64(n)
	c.loneCR()
	plain := n
	if !ascii {
		plain = 0
	}
	if end := lineEnd(src[n:]); end > 0 && c.wholeLine(n) {
		// A whole line, which clean-line passing did not take (it
		// holds characters that the Unicode checks change, or it was
		// not tried). The Unicode checks read it once, from its start.
		c.rep.BytesIn += int64(end)
		c.rep.CRLF += int64(end - 1)
		c.emitWholeLine(src[:n], plain, n)
		return n + end
	}
	if !ascii && n <= 64 {
		// A short run, as between the bytes of binary output, is
		// worth checking here: if the line holds only such runs, the
		// Unicode checks need not scan it again.
		plain = plainPrefix(src[:n])
	}
	c.text(src[:n], plain, n)
	return n
}

// lineEnd returns the length of the line end that src starts with: 1 for
// LF, 2 for CR LF, which control writes as one '\n' and counts as a
// CRLF; 0 if it starts with neither.
func lineEnd(src []byte) int {
	switch {
	case len(src) > 0 && src[0] == '\n':
		return 1
	case crlfAt(src, 0):
		return 2
	}
	return 0
}

// mostlyNonASCII reports whether at least half of the first 64 bytes of
// src, which holds as many, are above ASCII: text of a script other than
// Latin, not a word or two of it in ASCII text.
func mostlyNonASCII(src []byte) bool {
	high := 0
	for i := 0; i < groundBlock; i += 8 {
		high += bits.OnesCount64(binary.LittleEndian.Uint64(src[i:]) & 0x8080808080808080)
	}
	return high >= groundBlock/2
}

// colourRun cleans the run of text and simple CSIs at the start of src
// that follows a simple CSI, as step would token by token:
// a colour log's words and the SGRs between them, and a '\n' before the
// next line's first sequence, taken without a turn of process's loop and
// step's tests for each. Nothing here touches the parser or the
// conditions of step's fast path, which hold after the CSI before it. It
// stops at anything else and returns the bytes read.
func (c *Cleaner) colourRun(src []byte) int {
	i := 0
	for i < len(src) {
		if !c.crPending && !c.clearPending && c.linePlain >= len(c.line) && cap(c.line) > 0 {
			// The commonest of it, in one loop (colourLine), while the
			// line is plain so far and text needs no more than to be
			// appended to it (text).
			n, line, sgrs, csis := colourLine(c.line, src[i:], c.lim.MaxLine, c.lim.MaxString)
			if len(line) > len(c.line) {
				if len(c.line) == 0 {
					c.lineDirty = 0
				}
				c.linePlain = len(line)
			}
			c.line = line
			c.rep.BytesIn += int64(n)
			c.rep.Sequences.SGR += int64(sgrs)
			c.rep.Sequences.CSI += int64(csis)
			if i += n; i == len(src) {
				break
			}
		}
		if b := src[i]; b >= 0x20 && b < 0x7F || b >= 0xC2 {
			n := 0
			if b >= 0xC2 && useGroundVector && len(src)-i >= groundBlock+3 && mostlyNonASCII(src[i:]) {
				// Text of another script: the vector loop reads it,
				// and the SGRs after it, a block at a time.
				n = c.groundRun(src[i:], false)
			} else {
				n = c.textToken(src[i:])
			}
			if n == 0 {
				break
			}
			i += n
			continue
		}
		if src[i] == '\n' && i+1 < len(src) && src[i+1] == 0x1B {
			// The end of a line, and the next starts with a sequence:
			// a colour log's next line, which clean-line passing would
			// not take.
			c.rep.BytesIn++
			c.control('\n')
			c.passlessLine()
			i++
			continue
		}
		if src[i] == '\r' && i+2 < len(src) && src[i+1] == '\n' && src[i+2] == 0x1B {
			// The same at a CR LF, as a terminal's output ends its
			// lines.
			c.crlf()
			c.passlessLine()
			i += 2
			continue
		}
		if src[i] == '\r' && i+1 < len(src) && src[i+1] != '\n' && src[i+1] != '\r' {
			// A lone CR: a progress bar's redraw.
			c.cr()
			i++
			continue
		}
		if src[i] != 0x1B {
			break
		}
		n, sgr, aborted := simpleCSI(src[i:])
		if n == 0 {
			if rest := src[i:]; len(rest) >= len(terminfo.SGR0) && string(rest[:len(terminfo.SGR0)]) == terminfo.SGR0 {
				// xterm's sgr0, which ncurses programs write at
				// every change of attributes: ESC ( B, a
				// charset, and ESC [ m, in one comparison.
				c.countESC(len(terminfo.SGR0Charset))
				c.rep.BytesIn += int64(len(terminfo.SGR0Reset))
				c.countCSI(true, len(terminfo.SGR0Reset))
				i += len(terminfo.SGR0)
				continue
			}
			// A charset or keypad mode between SGRs.
			if n = simpleESC(src[i:]); n == 0 {
				break
			}
			c.countESC(n)
			i += n
			continue
		}
		if aborted {
			break
		}
		c.rep.BytesIn += int64(n)
		c.countCSI(sgr, n)
		i += n
	}
	return i
}

// cr takes a lone CR in Ground, as the parser returns it: one control.
func (c *Cleaner) cr() {
	c.rep.BytesIn++
	c.control('\r')
}

// crlf takes a CR LF in Ground, as the parser returns it: two controls.
func (c *Cleaner) crlf() {
	c.rep.BytesIn += 2
	c.control('\r')
	c.control('\n')
}

// cutCSIRun counts the CSIs at the start of src that the ESC of the next
// sequence cuts short in turn, as simpleCSI reads them, and returns their
// length: a flood of ESC [ takes no turn of process's loop for each.
func (c *Cleaner) cutCSIRun(src []byte) int {
	n, cut, maxString := 0, int64(0), c.lim.MaxString
	for {
		// Those with one short parameter or none, the commonest, in a
		// loop of their own with no call (see stringRun).
		for n < len(src) && src[n] == 0x1B {
			end := cutCSIEnd(src, n)
			if end == 0 || end-n > maxString {
				break
			}
			if escape.RepeatsAt(src, n, end) {
				// A flood of one cut CSI: each copy counts as
				// the first.
				e := escape.RepeatEnd(src, n, end)
				cut += int64((e - n) / (end - n))
				n = e
				continue
			}
			cut++
			n = end
		}
		m, _, aborted := simpleCSI(src[n:])
		if !aborted {
			break
		}
		c.countCSI(false, m)
		c.rep.Unterminated++
		n += m
	}
	c.rep.Sequences.CSI += cut
	c.rep.Unterminated += cut
	c.rep.BytesIn += int64(n)
	return n
}

// stringRun counts the plain control strings at the start of src, one
// after another, as simpleString reads them, and returns their length: a
// flood of titles takes no turn of process's loop for each.
func (c *Cleaner) stringRun(src []byte) int {
	n, titles, maxString := 0, int64(0), c.lim.MaxString
	for {
		// Short titles, the commonest, in a loop of their own with no
		// call: a loop with a call would reload after each title what
		// the call spills. A title's payload is all after ESC ] but its
		// BEL.
		for n < len(src) && src[n] == 0x1B {
			end := titleEnd(src, n)
			if end == 0 || end-n-3 > maxString {
				break
			}
			if escape.RepeatsAt(src, n, end) {
				// A flood of one title: each copy counts as
				// the first.
				e := escape.RepeatEnd(src, n, end)
				titles += int64((e - n) / (end - n))
				n = e
				continue
			}
			titles++
			n = end
		}
		if n >= len(src) || src[n] != 0x1B {
			break
		}
		m := simpleString(src[n:])
		if m == 0 {
			break
		}
		c.countString(src[n : n+m])
		n += m
	}
	c.rep.Sequences.OSCTitle += titles
	c.rep.BytesIn += int64(n)
	return n
}

// step cleans the token at the start of src and returns its length, or 0
// if more input is needed.
func (c *Cleaner) step(src []byte, atEOF bool) int {
	if n, crlfs := c.passLinesAt(src, c.lim.MaxLine); n > 0 {
		if crlfs == 0 {
			c.put(src[:n])
		} else {
			c.putLines(src[:n], crlfs)
		}
		return n
	}
	if src[0] == 0x1B && !c.parserOnly && c.p.ESCAborts() {
		// The ESC aborts the sequence the parser holds: a bare ESC, one
		// that the end of a batch or a read cut, or one that holds a
		// control, which the parser returned first. It is counted as
		// the parser returns it, and the ESC starts the next sequence,
		// read below from Ground, where the fast paths take it: a flood
		// of such sequences stays on them.
		tok, _ := c.p.Next(src[:1], false)
		c.token(tok)
		c.p.Reset()
	}
	fast := !c.afterInvalid && !c.parserOnly && !c.p.InSequence()
	if b := src[0]; (b-0x20 < 0x5F || b >= 0xC2 || b-'\t' <= '\n'-'\t' || b == '\r') && fast {
		// Fast path: in Ground, printable ASCII, tabs and whole valid
		// runes other than C1 controls are text, and '\n' a control,
		// whatever follows, exactly as the parser would return them;
		// so is a CR LF, two controls, as a terminal's output ends its
		// lines: the next line goes to clean-line passing, not to
		// groundRun with the CR.
		switch b {
		case '\n':
			c.rep.BytesIn++
			c.control(b)
			return 1
		case '\r':
			if crlfAt(src, 0) {
				c.crlf()
				return 2
			}
			if len(src) > 1 && src[1] != '\r' {
				// A lone CR, as a progress bar's redraw starts:
				// one control, without groundRun's loop.
				c.cr()
				return 1
			}
		default:
			if c.passSkip > 0 && useGroundVector && len(src) >= groundBlock+3 && mostlyNonASCII(src) {
				// Lines that do not pass, of characters above ASCII
				// (text of another script among escapes or
				// colours): the vector loop reads them, and the lines
				// after them, faster than textRun and the Unicode
				// pass from the start of the line.
				if n := c.groundRun(src, atEOF); n > 0 {
					return n
				}
			}
			if n := c.textToken(src); n > 0 {
				return n
			}
		}
	}
	if b := src[0]; fast && (b == 0x9B || b == 0xC2) {
		// A plain CSI introduced by C1, raw or in UTF-8, which
		// groundRun leaves to the parser, and the ones right after it,
		// counted here without a turn of process's loop.
		n := 0
		for n < len(src) {
			m, sgr := simpleC1CSI(src[n:])
			if m == 0 {
				break
			}
			end := n + m
			if escape.RepeatsAt(src, n, end) {
				// A flood of one: each copy counts as the first.
				end = escape.RepeatEnd(src, n, end)
			}
			c.rep.BytesIn += int64(end - n)
			c.countCSIs(sgr, m, int64((end-n)/m))
			n = end
		}
		if n > 0 {
			return n
		}
	}
	if fast && src[0] != 0x1B {
		if n := c.groundRun(src, atEOF); n > 0 {
			return n
		}
	}
	if src[0] == 0x1B && fast {
		// Sequences that stand densely, with the text between them, a
		// block at a time.
		if n := c.sequenceBlocks(src); n > 0 {
			return n
		}
		if n := c.fastSequence(src); n > 0 {
			// The sequences right after it, each read as step would
			// read it here, without a turn of process's loop and
			// step's tests before this one: a screen's redraw, its
			// cursor moves, modes and charsets one after another.
			for n < len(src) && src[n] == 0x1B {
				m := c.fastSequence(src[n:])
				if m == 0 {
					break
				}
				n += m
			}
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
	if seq := c.p.Seq(); n > 1 && tok.Kind.IsSequence() && seq.Term == ansi.TermAborted && seq.Abort == 0x1B && !c.parserOnly {
		// The ESC that cut the sequence short starts the next: it is
		// given back, to be read again from Ground, where the fast
		// paths take the next sequence. A flood of sequences that a
		// batch or a read cut stays on them.
		c.rep.BytesIn += int64(n - 1)
		c.token(tok)
		c.p.Reset()
		return n - 1
	}
	c.rep.BytesIn += int64(n)
	c.token(tok)
	return n
}

// fastSequence counts the escape sequence at the start of src, which starts
// with ESC in Ground, if one of step's fast paths reads it, with what
// that path reads after it, and returns their length; 0 if none does.
func (c *Cleaner) fastSequence(src []byte) int {
	if len(src) < 2 {
		return 0
	}
	// The byte after ESC says which path may read the sequence: one
	// test, not a call of each path in turn.
	switch src[1] {
	case 0x1B:
		// An ESC followed by another is an escape sequence that the
		// second aborts, as the parser would count it: a flood of ESC
		// is counted without it.
		n := escRun(src)
		c.rep.BytesIn += int64(n)
		c.rep.Sequences.ESC += int64(n)
		c.rep.Unterminated += int64(n)
		return n
	case '[':
		// The common CSI, colour above all, and a CSI that the ESC of
		// the next sequence cuts short, as in a flood of ESC [:
		// unterminated.
		n, sgr, aborted := simpleCSI(src)
		if n == 0 {
			return c.controlSequence(src)
		}
		c.rep.BytesIn += int64(n)
		c.countCSI(sgr, n)
		if aborted {
			c.rep.Unterminated++
			return n + c.cutCSIRun(src[n:])
		}
		return n + c.colourRun(src[n:])
	case ']', 'X', '^', '_':
		// Titles, hyperlinks and other plain strings, and the strings
		// right after one (a flood of titles), counted here without a
		// turn of process's loop.
		return c.stringRun(src)
	}
	// Charset and keypad modes, cursor saves and the like: ESC ( B,
	// ESC =, ESC 7; and what colourRun reads after them, as after a
	// CSI: a screen's text and the sequences between its words.
	n := simpleESC(src)
	if n == 0 {
		return c.controlSequence(src)
	}
	c.countESC(n)
	return n + c.colourRun(src[n:])
}

// mayOpenCharacter reports whether the parser, having returned the byte b
// as invalid, may still wait for continuation bytes of a broken character:
// after a lead byte (C2-F4), or after a continuation byte that a broken
// character before it took (afterInvalid). After C0, C1, F5-FF or a lone
// continuation byte it waits for none, and the fast paths may go on.
func mayOpenCharacter(b byte, afterInvalid bool) bool {
	return b >= 0xC2 && b <= 0xF4 || b < 0xC0 && afterInvalid
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
		c.text(tok.Text, 0, len(tok.Text)) // the fast path in step takes ASCII runs
	case ansi.KindInvalid:
		c.loneCR()
		c.rep.InvalidUTF8++
		c.text(replacement, len(replacement), 0) // U+FFFD: the Unicode checks leave it alone
	case ansi.KindControl:
		c.control(tok.Control)
	default:
		c.sequence(tok.Kind, c.p.Seq())
	}
}

var replacement = []byte(string(utf8.RuneError))
