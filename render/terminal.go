package render

import (
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/internal/tty"
	"github.com/rivo/uniseg"
)

// TerminalOptions says how [Terminal] styles a Result. The zero value is
// plain output, for a file, a pipe or a terminal with colour turned off.
type TerminalOptions struct {
	// Color styles the text with SGR sequences: escapes in reverse video,
	// the tokens a warning is about underlined, and each warning line in
	// the colour of its severity (bold yellow for warn, cyan for info).
	//
	// Without Color, every line that holds an escape or a marked token is
	// followed by a marker line: ^ under each escape, ~ under each other
	// marked token, aligned by display width. A typed \x1b gets no ^, so
	// escapes stay distinguishable from the same characters typed.
	//
	// Either way, each run of padding that a padding warning locates
	// (blank lines, or spaces and tabs before more text) is folded into
	// its marker, styled as an escape: "⟨120 blank lines⟩" on a line of
	// its own, "⟨8,000 spaces⟩" inline. So is each run of one escape
	// repeated more than 16 times: "⟨\x1b ×4,096⟩" for a flood of ESC
	// bytes, which would take pages escape by escape, and, without Color,
	// as many bytes again in its marker line. The text before and after
	// it stays on one screen.
	Color bool
	// Width, when positive, is the most columns a line of text may take:
	// longer lines are broken to fit, at a space or tab where the line
	// has one (the spaces stay at the end of the line), inside a word only
	// when the word is wider than a line; each broken line ends in ↩
	// (U+21A9), so that a TUI shows the whole command instead of cutting
	// it. Columns are counted with uniseg, a tab to the next multiple of
	// 8. Warning lines are broken the same way.
	Width int
	// Source names the input, such as a file name, at the start of each
	// warning line ("file:2:7: warn bidi: …"). It is written with control
	// characters escaped.
	Source string
}

// SGR sequences this package writes, in the canonical form term.Sanitizer
// keeps byte for byte.
const (
	sgrReverse     = "\x1b[7m"
	sgrNoReverse   = "\x1b[27m"
	sgrUnderline   = "\x1b[4m"
	sgrNoUnderline = "\x1b[24m"
	sgrWarn        = "\x1b[1;33m"
	sgrInfo        = "\x1b[36m"
	sgrReset       = "\x1b[0m"
	sgrDim         = "\x1b[2m"
	sgrNoDim       = "\x1b[22m"
)

// continued ends a line that Width broke.
const continued = "\u21a9"

// Marker characters of plain output.
const (
	markEscape = '^'
	markToken  = '~'
)

// Terminal returns r for a terminal: [TerminalText] followed by a newline
// if it does not end in one, then [TerminalWarnings].
//
// The output holds no control character other than newline and tab, and no
// escape sequence other than the SGR sequences Color asks for, so it passes
// through term.Sanitizer unchanged.
func Terminal(r plainsight.Result, opts TerminalOptions) string {
	// One builder for both parts: the text may be most of the output.
	w := textWriter(r, opts)
	if w.b.Len() > 0 && !strings.HasSuffix(w.b.String(), "\n") {
		w.b.WriteByte('\n')
	}
	writeWarnings(&w.b, r, opts)
	return w.b.String()
}

// TerminalText returns r.Text styled as [TerminalOptions] says. Styles
// never continue across a newline: each line opens and closes its own, so
// a TUI may lay the lines out one by one.
func TerminalText(r plainsight.Result, opts TerminalOptions) string {
	w := textWriter(r, opts)
	return w.b.String()
}

// textWriter returns the lineWriter that holds TerminalText(r, opts).
func textWriter(r plainsight.Result, opts TerminalOptions) *lineWriter {
	w := &lineWriter{color: opts.Color, width: opts.Width}
	// The text shown: Text but the long runs of one escape, folded.
	n := len(r.Text)
	for e := range r.Escapes.All() {
		if e.Repeat+1 > maxRepeatShown && e.Start <= e.End && e.End <= len(r.Text) {
			n -= e.End - e.Start
		}
	}
	n = max(n, 0)
	if !opts.Color && r.Escapes.Len() > 0 {
		// Marker lines: up to a column of ^ under each escape, and
		// a few bytes for each line Width breaks.
		w.b.Grow(2*n + n/16)
	} else {
		w.b.Grow(n + n/8)
	}
	segments(r, true, func(s segment) {
		w.write(scrub(s.text), s.escaped || s.fold, len(s.marks) > 0)
		if s.lines {
			w.commit()
			w.endLine(true)
		}
	})
	w.commit()
	w.endLine(false)
	return w
}

// TerminalWarnings returns one line per warning of r:
//
//	[source:line:column: ]severity kind: explanation[ [decoded: …]]
//
// The line and column, 1-based with the column counted in characters, are
// those of the warning's first location in the input, when it has one.
func TerminalWarnings(r plainsight.Result, opts TerminalOptions) string {
	var b strings.Builder
	writeWarnings(&b, r, opts)
	return b.String()
}

// writeWarnings writes TerminalWarnings(r, opts) to b.
func writeWarnings(b *strings.Builder, r plainsight.Result, opts TerminalOptions) {
	var line strings.Builder
	where := firstPositions(r)
	for i, w := range r.Warnings {
		line.Reset()
		prefix := scrub(opts.Source)
		if len(w.Locations) > 0 {
			l, c := where[i][0], where[i][1]
			if prefix != "" {
				prefix += ":"
			}
			prefix += strconv.Itoa(l) + ":" + strconv.Itoa(c)
		}
		if prefix != "" {
			line.WriteString(prefix)
			line.WriteString(": ")
		}
		line.WriteString(w.Severity.String())
		line.WriteByte(' ')
		line.WriteString(w.Kind.String())
		line.WriteString(": ")
		line.WriteString(oneLine(w.Explanation))
		if w.Decoded != "" {
			line.WriteString(" [decoded: ")
			line.WriteString(oneLine(w.Decoded))
			line.WriteByte(']')
		}
		text := line.String()
		if opts.Width > 0 {
			lw := lineWriter{width: opts.Width}
			lw.write(text, false, false)
			lw.commit()
			lw.endLine(false)
			text = lw.b.String()
		}
		for l := range strings.SplitSeq(text, "\n") {
			if opts.Color {
				if w.Severity == plainsight.SeverityInfo {
					b.WriteString(sgrInfo)
				} else {
					b.WriteString(sgrWarn)
				}
				b.WriteString(l)
				b.WriteString(sgrReset)
			} else {
				b.WriteString(l)
			}
			b.WriteByte('\n')
		}
	}
}

// oneLine scrubs s and writes its newlines as \n, so that one warning is
// one line.
func oneLine(s string) string {
	s = scrub(s)
	if strings.IndexByte(s, '\n') < 0 {
		return s
	}
	return strings.ReplaceAll(s, "\n", plainsight.EscapeRune('\n'))
}

// ColorFor reports whether output to w should be in colour, as most
// command-line tools decide: FORCE_COLOR=0 turns colour off, FORCE_COLOR
// set to anything else non-empty turns it on; otherwise NO_COLOR set and
// non-empty, or TERM=dumb, turns it off; otherwise colour is on when w is
// a terminal (not merely a character device: /dev/null is none). getenv
// is usually [os.Getenv]. Decide for each stream on its own: stderr may
// be a terminal when stdout is a pipe.
func ColorFor(w io.Writer, getenv func(string) string) bool {
	switch force := getenv("FORCE_COLOR"); {
	case force == "0":
		return false
	case force != "":
		return true
	case getenv("NO_COLOR") != "", getenv("TERM") == "dumb":
		return false
	}
	f, ok := w.(*os.File)
	return ok && tty.IsTerminal(f)
}

// A lineWriter writes styled text a line at a time, keeping the marker line
// of plain output alongside.
type lineWriter struct {
	b      strings.Builder
	color  bool
	width  int    // TerminalOptions.Width
	col    int    // columns taken on the current line
	marks  []byte // marker line of the current line, plain output only
	marked bool   // the marker line holds a marker
	rev    bool   // reverse video is on
	ul     bool   // underline is on

	word     []piece // the word being written, with Width
	wordCols int     // its columns
	long     bool    // it is wider than a line, and written as it comes
}

// write appends text styled as an escape, a marked token, both or neither.
func (w *lineWriter) write(text string, escape, marked bool) {
	for {
		line, rest, more := strings.Cut(text, "\n")
		w.writeLine(line, escape, marked)
		if !more {
			return
		}
		w.commit()
		w.endLine(true)
		text = rest
	}
}

// A piece is part of a word that waits for its end to be placed.
type piece struct {
	text           string
	escape, marked bool
}

// writeLine appends text that holds no newline. With a Width, lines break
// at spaces and tabs: a word (what stands between them, escapes and folds
// included) waits until it ends, then goes on the current line if it fits
// there and to the next one if not; the spaces stay at the end of the line
// they follow, so that joining the lines gives the text back. A word wider
// than a whole line breaks where it must (breakText). An escape or a fold
// is never cut at a space of its own.
func (w *lineWriter) writeLine(text string, escape, marked bool) {
	if w.width <= 0 {
		w.put(text, escape, marked)
		return
	}
	if escape {
		w.addWord(text, escape, marked)
		return
	}
	for text != "" {
		i := strings.IndexAny(text, " \t")
		if i < 0 {
			w.addWord(text, false, marked)
			return
		}
		if i > 0 {
			w.addWord(text[:i], false, marked)
		}
		j := i
		for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
			j++
		}
		w.commit()
		w.breakText(text[i:j], false, marked)
		text = text[j:]
	}
}

// addWord adds text to the word being written.
func (w *lineWriter) addWord(text string, escape, marked bool) {
	if w.long {
		w.breakText(text, escape, marked)
		return
	}
	w.word = append(w.word, piece{text, escape, marked})
	w.wordCols += columns(text, 0)
	if w.wordCols > w.width-1 {
		// Wider than a line: it breaks where it must, from here on.
		w.long = true
		for _, p := range w.word {
			w.breakText(p.text, p.escape, p.marked)
		}
		w.word, w.wordCols = w.word[:0], 0
	}
}

// commit places the word being written: on the current line if it fits,
// else on the next.
func (w *lineWriter) commit() {
	w.long = false
	if len(w.word) == 0 {
		return
	}
	if w.col > 0 && w.col+w.wordCols > w.width-1 {
		w.wrap()
	}
	for _, p := range w.word {
		w.breakText(p.text, p.escape, p.marked)
	}
	w.word, w.wordCols = w.word[:0], 0
}

// breakText appends text that holds no newline, breaking it to Width
// wherever the line is full. An escape is broken only if it is wider than
// a whole line.
func (w *lineWriter) breakText(text string, escape, marked bool) {
	if escape && w.width > 0 && w.col > 0 {
		if n := columns(text, w.col); w.col+n > w.width-1 && n <= w.width-1 {
			w.wrap()
		}
	}
	for text != "" {
		part := text
		if w.width > 0 {
			part = text[:w.fit(text)]
			if part == "" {
				w.wrap()
				continue
			}
		}
		w.put(part, escape, marked)
		text = text[len(part):]
	}
}

// fit returns how many bytes of text, in whole grapheme clusters, fit on
// the current line, keeping a column for the ↩ of a broken line. A line
// always takes one cluster, however wide, so that text always advances.
func (w *lineWriter) fit(text string) int {
	// Only what may fit is looked at: text may be the rest of a long
	// line, and fit is called once for each line of it.
	room := max(1, w.width-1-w.col)
	if head := text[:min(len(text), room+1)]; printableASCII(head) {
		// A byte is a cluster and a column.
		n := max(0, w.width-1-w.col)
		if n == 0 && w.col == 0 {
			n = 1
		}
		return min(n, len(text))
	}
	n, col, state := 0, w.col, -1
	for n < len(text) {
		cluster, _, width, newState := uniseg.FirstGraphemeClusterInString(text[n:], state)
		if cluster == "\t" {
			width = 8 - col%8
		}
		if col+width > w.width-1 && col > 0 {
			break
		}
		n, col, state = n+len(cluster), col+width, newState
	}
	return n
}

// wrap breaks the current line: ↩, then a new line.
func (w *lineWriter) wrap() {
	if w.color {
		w.style(false, false)
		w.b.WriteString(sgrDim + continued + sgrNoDim)
	} else {
		w.b.WriteString(continued)
		w.marks = append(w.marks, ' ')
	}
	w.endLine(true)
}

// put appends text that fits on the current line.
func (w *lineWriter) put(text string, escape, marked bool) {
	w.col += columns(text, w.col)
	if w.color {
		w.style(escape, marked)
		w.b.WriteString(text)
		return
	}
	w.b.WriteString(text)
	c := byte(' ')
	switch {
	case escape:
		c = markEscape
	case marked:
		c = markToken
	}
	if c != ' ' {
		w.marked = true
	}
	if printableASCII(text) {
		for range len(text) {
			w.marks = append(w.marks, c)
		}
		return
	}
	// Tabs stay tabs, so that the marker line lines up with the text
	// wherever the terminal sets its tab stops.
	for {
		part, rest, more := strings.Cut(text, "\t")
		for range uniseg.StringWidth(part) {
			w.marks = append(w.marks, c)
		}
		if !more {
			return
		}
		w.marks = append(w.marks, '\t')
		text = rest
	}
}

// style switches reverse video and underline to the given state.
func (w *lineWriter) style(rev, ul bool) {
	w.rev = w.switchSGR(w.rev, rev, sgrReverse, sgrNoReverse)
	w.ul = w.switchSGR(w.ul, ul, sgrUnderline, sgrNoUnderline)
}

// switchSGR writes the SGR that turns an attribute from was to on, if they
// differ, and returns on.
func (w *lineWriter) switchSGR(was, on bool, onSGR, offSGR string) bool {
	switch {
	case on && !was:
		w.b.WriteString(onSGR)
	case was && !on:
		w.b.WriteString(offSGR)
	}
	return on
}

// endLine closes the styles of the current line and writes its marker
// line, if it has one. newline says whether the text goes on with a
// newline of its own.
func (w *lineWriter) endLine(newline bool) {
	if w.color {
		w.style(false, false)
	}
	if newline {
		w.b.WriteByte('\n')
	}
	if w.marked {
		if !newline {
			w.b.WriteByte('\n')
		}
		m := w.marks
		for len(m) > 0 && (m[len(m)-1] == ' ' || m[len(m)-1] == '\t') {
			m = m[:len(m)-1]
		}
		w.b.Write(m)
		if newline {
			w.b.WriteByte('\n')
		}
	}
	w.marks, w.marked, w.col = w.marks[:0], false, 0
}

// columns returns the columns text takes when it starts at column col.
func columns(text string, col int) int {
	if printableASCII(text) {
		return len(text)
	}
	start := col
	for {
		part, rest, more := strings.Cut(text, "\t")
		col += uniseg.StringWidth(part)
		if !more {
			return col - start
		}
		col += 8 - col%8
		text = rest
	}
}

// printableASCII reports whether text is all printable ASCII, whose every
// byte is a grapheme cluster one column wide: the common case of text and
// of every escape, measured without uniseg.
func printableASCII(text string) bool {
	for i := 0; i < len(text); i++ {
		if c := text[i]; c < 0x20 || c > 0x7E {
			return false
		}
	}
	return true
}
