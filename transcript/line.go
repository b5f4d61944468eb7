package transcript

import (
	"strings"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/escape"
)

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
		c.text(tab, len(tab), 0)
	case '\b':
		c.loneCR()
		c.rep.Controls.add(b)
		if c.opts.BS == BSErase && !c.clearPending && len(c.line) > 0 {
			_, size := utf8.DecodeLastRune(c.line)
			c.line = c.line[:len(c.line)-size]
			c.rep.Overwritten += int64(size)
			c.linePlain, c.lineDirty = edges(c.line, c.linePlain, min(c.lineDirty, len(c.line)))
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
	if c.crPending {
		c.settleCR()
	}
}

// settleCR is loneCR's work, in a function of its own so that loneCR,
// called for every piece of text, is inlined.
func (c *Cleaner) settleCR() {
	c.crPending = false
	c.rep.Controls['\r']++
	if c.opts.CR == CROverwrite {
		c.clearPending = true
		return
	}
	c.emitLine(true)
}

// crRun settles the run of CRs at the start of rest, which follow a CR
// still pending, as a call of control for each would, and returns their
// number. Each settles the one before it: under CRNewline the first ends
// the line and the others empty ones, written as one run of line ends;
// under CROverwrite each leaves the line to be cleared by the text that
// follows.
func (c *Cleaner) crRun(rest []byte) int {
	m := escape.RunOf(rest, '\r')
	if m == 0 {
		return 0
	}
	c.groundIn += m // groundRun's, which counts them in BytesIn
	if c.opts.CR == CROverwrite {
		c.rep.Controls['\r'] += int64(m)
		c.clearPending = true
		return m
	}
	c.control('\r') // the line, then the first empty one
	c.rep.Controls['\r'] += int64(m - 1)
	c.reserve(m - 1)
	for left := m - 1; left > 0; {
		k := min(left, len(lineEnds))
		c.emit(lineEnds[:k])
		left -= k
	}
	return m
}

// lineEnds is a run of '\n', written in one piece for a run of empty
// lines.
var lineEnds = []byte(strings.Repeat("\n", 64))

// text appends printable text to the line, writing out a piece of it each
// time it grows past Limits.MaxLine. Where the pieces end depends only on
// the line's content, never on how the input was chunked. Only
// b[plain:dirty] may hold code points that the Unicode checks change:
// b[:plain] and b[dirty:] are known to hold only ASCII and code points
// that they leave alone (dirty <= plain when all of b is).
func (c *Cleaner) text(b []byte, plain, dirty int) {
	if c.clearPending {
		c.clearPending = false
		c.rep.Overwritten += int64(len(c.line))
		c.line = c.line[:0]
	}
	if len(c.line) == 0 {
		c.linePlain, c.lineDirty = 0, 0
		if c.line == nil && c.lineCap > 0 {
			c.line = make([]byte, 0, c.lineCap)
		}
	}
	if c.linePlain >= len(c.line) {
		// The line is plain so far: so is it to the end of b's
		// plain prefix. (After BS erased, linePlain may be past its
		// end.)
		c.linePlain = len(c.line) + plain
	}
	if dirty > plain {
		c.lineDirty = len(c.line) + dirty
	}
	maxLine := c.lim.MaxLine
	if len(c.line)+len(b) > cap(c.line) && c.lineCap > 0 {
		c.growLine(len(c.line) + len(b))
	}
	for len(c.line)+len(b) > maxLine {
		k := maxLine + 1 - len(c.line)
		appendInPlace(&c.line, b[:k])
		b = b[k:]
		i := maxLine
		for i > 0 && !utf8.RuneStart(c.line[i]) {
			i--
		}
		c.unread = len(b)
		c.emitSegment(c.line[:i], c.linePlain, min(c.lineDirty, i), false)
		c.unread = 0
		c.rep.LongLines++
		c.line = c.line[:copy(c.line, c.line[i:])]
		c.linePlain = max(c.linePlain-i, 0)
		c.lineDirty = max(c.lineDirty-i, 0)
	}
	appendInPlace(&c.line, b)
}

// growLine makes room in Clean's line buffer for need bytes, which its
// first size, the input's length, does not hold (U+FFFD stands for one
// invalid byte): to twice its size, and no more than the longest line,
// MaxLine+1 bytes, so that append does not grow it by a quarter at a
// time.
func (c *Cleaner) growLine(need int) {
	size := min(max(need, 2*cap(c.line)), c.lim.MaxLine+1)
	if size <= cap(c.line) {
		return
	}
	line := make([]byte, len(c.line), size)
	copy(line, c.line)
	c.line = line
}

// edges returns plain, the length of a prefix of seg known to need no
// escape, and dirty, where the part that may need one ends, moved so that
// a ZWNJ at either end of seg lies between them. The fast paths pass a
// ZWNJ between two letters that join across it; once a long line is cut
// next to it, or the letter after it is erased, the ZWNJ must be judged
// again. (A plain prefix may run past the end of a line after an erase:
// text then extends it.)
func edges(seg []byte, plain, dirty int) (int, int) {
	if hasZWNJ(seg) {
		plain, dirty = 0, max(dirty, 3)
	}
	if n := len(seg) - 3; n >= 0 && hasZWNJ(seg[n:]) {
		plain, dirty = min(plain, n), len(seg)
	}
	return plain, dirty
}

// hasZWNJ reports whether b starts with U+200C ZERO WIDTH NON-JOINER, the
// three bytes of zwnjBytes.
func hasZWNJ(b []byte) bool {
	return len(b) >= 3 && uint32(b[0])|uint32(b[1])<<8|uint32(b[2])<<16 == zwnjBytes
}

// emitLine writes out the current line, and a newline if nl.
func (c *Cleaner) emitLine(nl bool) {
	c.passTried = false
	c.emitSegment(c.line, c.linePlain, c.lineDirty, nl)
	c.line = c.line[:0]
}

var newline = []byte{'\n'}

// wholeLine reports whether a line of n bytes, all of it at hand and no
// part of it in the line buffer, may go to emitWholeLine: text and control
// would do the same with it (no line yet, no CR pending, no line to clear,
// not longer than Limits.MaxLine).
func (c *Cleaner) wholeLine(n int) bool {
	return len(c.line) == 0 && !c.crPending && !c.clearPending && n <= c.lim.MaxLine
}

// emitWholeLine writes seg, a line that wholeLine allows, and its newline,
// as text and emitLine would, without a copy in the line buffer. Only
// seg[plain:dirty] may hold code points that the Unicode checks change.
func (c *Cleaner) emitWholeLine(seg []byte, plain, dirty int) {
	c.passTried = false
	c.unread = len(seg) // read, but not written out (growText)
	c.emitSegment(seg, plain, dirty, true)
	c.unread = 0
}

// emitSegment writes seg, a piece of clean text, after the Unicode checks,
// and a newline after it if nl. Only seg[plain:dirty] may hold code points
// that they change: seg[:plain] (plain may run past seg's end) and
// seg[dirty:] are known to hold only ASCII and code points they leave
// alone. They read what is between.
func (c *Cleaner) emitSegment(seg []byte, plain, dirty int, nl bool) {
	if len(seg) == 0 {
		if nl {
			c.emitNewline()
		}
		return
	}
	if len(seg) >= 3 && (seg[0] == zwnjBytes&0xFF || seg[len(seg)-3] == zwnjBytes&0xFF) {
		// A ZWNJ's first byte at either end: edges, out of line,
		// reads on.
		plain, dirty = edges(seg, plain, dirty)
	}
	if plain >= len(seg) || dirty <= plain {
		// No code point that Sanitize escapes: it would
		// return seg unchanged. (As a piece of its own, so that
		// Clean's growText counts seg's input as written.)
		c.emitPiece(seg, len(seg))
		c.segDone = 0
		if nl {
			c.emitNewline()
		}
		return
	}
	c.emitUnicode(seg, plain, dirty, nl)
}

// emitNewline is emit(newline): a line ends. Within the output limit, it
// is one store where the output has room for it (the Transformer's out,
// Clean's stage), without the copy and the tests of emit.
func (c *Cleaner) emitNewline() {
	if limit := c.lim.MaxOutput; limit >= 0 && c.budget(limit) < 1 {
		// No room (none is left once the output is cut): emit cuts
		// or writes nothing.
		c.emit(newline)
		return
	}
	switch n := len(c.out); {
	case !c.toText && n < cap(c.out):
		c.out = c.out[:n+1]
		c.out[n] = '\n'
	case c.toText && !c.pass && c.staged < len(c.stage):
		c.stage[c.staged] = '\n'
		c.staged++
	default:
		c.put(newline)
	}
	c.rep.BytesOut++
	c.midLine = false
}

func (c *Cleaner) emitString(s string) {
	if len(s) > 0 {
		c.emit([]byte(s))
	}
}

// budget returns how many more bytes of text fit within limit, the output
// limit (not negative): room is kept for a newline and the truncation
// marker after a cut.
func (c *Cleaner) budget(limit int) int64 {
	return int64(limit-len(TruncationMarker)-1) - c.rep.BytesOut
}

// emit appends clean text to the output within the output limit.
func (c *Cleaner) emit(b []byte) {
	if c.rep.Truncated || len(b) == 0 {
		return
	}
	if limit := c.lim.MaxOutput; limit >= 0 {
		budget := c.budget(limit)
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
	// appendOut for an output with room for b (the Transformer's out,
	// Clean's stage), without the call of put: emit writes every piece
	// of text.
	if !c.toText {
		if n := len(c.out); cap(c.out)-n >= len(b) {
			c.out = c.out[:n+len(b)]
			copy(c.out[n:], b)
			c.wrote(b)
			return
		}
	} else if !c.pass && len(c.stage)-c.staged >= len(b) {
		c.staged += copy(c.stage[c.staged:], b)
		c.wrote(b)
		return
	}
	c.appendOut(b)
}

// put adds b to the output: the text Clean builds, or else out.
func (c *Cleaner) put(b []byte) {
	if c.toText {
		if c.pass {
			// Clean's text is its input so far: it stays so if b is
			// the next part of the input (most often b is that part
			// itself, and the comparison ends at once).
			if end := c.passN + len(b); end <= len(c.raw) && string(c.raw[c.passN:end]) == string(b) {
				c.passN = end
				return
			}
			c.unpass()
		}
		if c.staged+len(b) <= len(c.stage) {
			c.staged += copy(c.stage[c.staged:], b)
			return
		}
		c.writeText(b)
		return
	}
	appendInPlace(&c.out, b)
}

// putLines is put for lines that passLines passed, crlfs of which end in
// CR LF: each line less the CR. Clean's text then differs from its input,
// and has room made for all of them at once: it grows by the rate of the
// input they end, not by that of their first line.
func (c *Cleaner) putLines(lines []byte, crlfs int) {
	if c.toText {
		if c.pass {
			c.unpass()
		}
		c.reserve(len(lines) - crlfs)
	}
	if c.toText && !c.pass && c.staged+len(lines) <= len(c.stage) {
		c.staged += escape.CopyLessCRs(c.stage[c.staged:], lines)
		return
	}
	// Less their CRs a piece at a time, each written as put writes it.
	var buf [linesPiece]byte
	for len(lines) > 0 {
		n := min(len(lines), len(buf))
		c.put(buf[:escape.CopyLessCRs(buf[:], lines[:n])])
		lines = lines[n:]
	}
}

// linesPiece is the size of the pieces in which putLines writes lines less
// their CRs.
const linesPiece = 4 << 10

// writeText writes the staged text and then b to sb, growing it first,
// or stages b if it is short. The text comes in many small pieces (the
// text between two sequences, a line end), and each write to sb writes
// its slice's pointer back, which costs a write barrier while the
// collector marks: staged, a piece costs a copy into the Cleaner's
// stage, whose length only is written back.
func (c *Cleaner) writeText(b []byte) {
	staged := c.stage[:c.staged]
	if c.sb.Cap()-c.sb.Len() < len(staged)+len(b) {
		c.growText(len(staged) + len(b))
	}
	c.sb.Write(staged)
	c.staged = 0
	if len(b) < len(c.stage) {
		c.staged = copy(c.stage[:], b)
		return
	}
	c.sb.Write(b)
}

// appendInPlace appends b to *s. When *s has room, only its length is
// written back: an append of a slice writes its pointer back too, and
// a pointer written to the heap while the collector marks costs a write
// barrier, which CleanString, allocating its text, makes frequent.
func appendInPlace(s *[]byte, b []byte) {
	n := len(*s)
	if cap(*s)-n < len(b) {
		*s = append(*s, b...)
		return
	}
	*s = (*s)[:n+len(b)]
	copy((*s)[n:], b)
}

// textString returns Clean's text as a string, with what is staged: the
// stage copied to a string of its own length when it holds all of it,
// and so is a text up to maxStage that sb holds with more than an eighth
// of it to spare (a guess that a stretch of dropped sequences made too
// long). A longer text is sb's, which growText sized from its rate.
func (c *Cleaner) textString() string {
	if c.sb.Len() == 0 {
		return string(c.stage[:c.staged])
	}
	c.writeText(nil) // stages nothing
	if n := c.sb.Len(); n <= maxStage && c.sb.Cap()-n > n/8 {
		return strings.Clone(c.sb.String())
	}
	return c.sb.String()
}

// unpass ends Clean's pass-through: the text differs from the input from
// here on, and goes to the stage, or through it to sb, after the part of
// the input it equals so far.
func (c *Cleaner) unpass() {
	c.pass = false
	size := c.textSize()
	if size <= maxStage {
		// A text that likely fits the stage stays there until
		// textString copies it out, the input so far first.
		if cap(c.stage) < size {
			c.stage = make([]byte, size)
		}
		c.stage = c.stage[:cap(c.stage)]
		c.staged = copy(c.stage, c.raw[:c.passN])
		return
	}
	// A longer text goes to sb, through a stage that stays in the
	// processor's nearest cache. After a long stretch of input that was
	// its own text, the text is most likely the input's size: one
	// allocation, which strings.Builder does not clear first, holds it
	// and becomes the string. Before that stretch, nothing tells how
	// long the text will be (escapes make it longer, dropped sequences
	// shorter): it starts at firstText when the text outgrows the stage,
	// so that a text that never does is a string of its own length, and
	// growText sizes it from the rate the input has become text at.
	if cap(c.stage) < textStage {
		c.stage = make([]byte, textStage)
	}
	c.stage = c.stage[:textStage]
	if c.passN <= textStage {
		c.staged = copy(c.stage, c.raw[:c.passN])
		return
	}
	if c.passN < firstText {
		size = min(size, firstText)
	}
	c.sb.Grow(max(size, c.passN+utf8.UTFMax))
	c.sb.Write(c.raw[:c.passN])
}

// textSize returns the likely length of Clean's text: the input's, with
// room for the truncation marker, within the output limit.
func (c *Cleaner) textSize() int {
	size := len(c.raw) + len(TruncationMarker) + 1
	if limit := c.lim.MaxOutput; limit >= 0 {
		size = min(size, limit)
	}
	return size
}

// reserve makes room in Clean's text for n bytes that are known to come
// next (a run of line ends), so that it grows once for all of them.
func (c *Cleaner) reserve(n int) {
	if c.toText && !c.pass && c.staged+n > len(c.stage) && c.sb.Cap()-c.sb.Len() < c.staged+n {
		c.growText(c.staged + n)
	}
}

// firstText is the size of Clean's text when it first differs from the
// input before firstText bytes of it, is likely longer than maxStage, and
// has outgrown the stage.
const firstText = 64 << 10

// growText makes room in Clean's text for need more bytes, when the text
// has outgrown the stage, or its first guess (firstText, or the input's
// length): a long text first to firstText, and then to the size the
// whole text would take at its rate so far (escape.GrowCap), within the
// output limit.
// The text so far stands for the input read (groundIn, the part not yet
// counted) less what is not yet written out (the line, and the rest of
// the text being added to it); the rest of the text is at most maxGrowth
// times the rest of the input. Write would grow it by a quarter, and copy
// a large text five times over; Grow on a builder that holds text, by
// twice its size.
func (c *Cleaner) growText(need int) {
	if c.sb.Cap() == 0 && need <= firstText && c.textSize() > maxStage {
		// A long text's first guess, which unpass left until the text
		// outgrew the stage.
		c.sb.Grow(firstText)
		return
	}
	n := c.sb.Len()
	settled := min(max(int(c.rep.BytesIn)+c.groundIn-c.unread-len(c.line)+c.segDone, 0), len(c.raw))
	want := min(escape.GrowCap(n, need, settled, len(c.raw)), n+need+maxGrowth*(len(c.raw)-settled))
	if limit := c.lim.MaxOutput; limit >= 0 {
		want = min(want, limit)
	}
	// A new builder's first Grow allocates exactly what it is asked,
	// uncleared.
	text := c.sb.String()
	c.sb = strings.Builder{}
	c.sb.Grow(max(want, n+need))
	c.sb.WriteString(text)
}

// maxGrowth bounds how many times longer the text is than the input it
// stands for: an escape is at most four times the bytes of its character
// (\u{00ad} for two), U+FFFD three times an invalid byte.
const maxGrowth = 4

// appendOut adds b to the output and counts it.
func (c *Cleaner) appendOut(b []byte) {
	if len(b) == 0 {
		return
	}
	c.put(b)
	c.wrote(b)
}

// wrote counts b, which is not empty, as output: in the report's
// BytesOut, and in whether the output ends mid-line.
func (c *Cleaner) wrote(b []byte) {
	c.rep.BytesOut += int64(len(b))
	c.midLine = b[len(b)-1] != '\n'
}
