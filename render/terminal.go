package render

import (
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/plainsight-dev/plainsight"
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
	Color bool
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
)

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
	text := TerminalText(r, opts)
	if text != "" && !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	return text + TerminalWarnings(r, opts)
}

// TerminalText returns r.Text styled as [TerminalOptions] says. Styles
// never continue across a newline: each line opens and closes its own, so
// a TUI may lay the lines out one by one.
func TerminalText(r plainsight.Result, opts TerminalOptions) string {
	var w lineWriter
	w.color = opts.Color
	w.b.Grow(len(r.Text) + len(r.Text)/8)
	segments(r, func(s segment) {
		w.write(scrub(s.text), s.escape != nil, len(s.marks) > 0)
	})
	w.endLine(false)
	return w.b.String()
}

// TerminalWarnings returns one line per warning of r:
//
//	[source:line:column: ]severity kind: explanation[ [decoded: …]]
//
// The line and column, 1-based with the column counted in characters, are
// those of the warning's first location in the input, when it has one.
func TerminalWarnings(r plainsight.Result, opts TerminalOptions) string {
	var b strings.Builder
	var input string
	for _, w := range r.Warnings {
		if len(w.Locations) > 0 && input == "" {
			input = r.Original()
		}
		if opts.Color {
			if w.Severity == plainsight.SeverityInfo {
				b.WriteString(sgrInfo)
			} else {
				b.WriteString(sgrWarn)
			}
		}
		prefix := scrub(opts.Source)
		if len(w.Locations) > 0 {
			line, col := plainsight.LineColumn(input, w.Locations[0].Input.Start)
			if prefix != "" {
				prefix += ":"
			}
			prefix += strconv.Itoa(line) + ":" + strconv.Itoa(col)
		}
		if prefix != "" {
			b.WriteString(prefix)
			b.WriteString(": ")
		}
		b.WriteString(w.Severity.String())
		b.WriteByte(' ')
		b.WriteString(w.Kind.String())
		b.WriteString(": ")
		b.WriteString(oneLine(w.Explanation))
		if w.Decoded != "" {
			b.WriteString(" [decoded: ")
			b.WriteString(oneLine(w.Decoded))
			b.WriteByte(']')
		}
		if opts.Color {
			b.WriteString(sgrReset)
		}
		b.WriteByte('\n')
	}
	return b.String()
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
// command-line tools decide: FORCE_COLOR set and non-empty turns colour on;
// otherwise NO_COLOR set and non-empty, or TERM=dumb, turns it off;
// otherwise colour is on when w is a terminal. getenv is usually
// [os.Getenv].
func ColorFor(w io.Writer, getenv func(string) string) bool {
	switch {
	case getenv("FORCE_COLOR") != "":
		return true
	case getenv("NO_COLOR") != "", getenv("TERM") == "dumb":
		return false
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// A lineWriter writes styled text a line at a time, keeping the marker line
// of plain output alongside.
type lineWriter struct {
	b      strings.Builder
	color  bool
	marks  []byte // marker line of the current line, plain output only
	marked bool   // the marker line holds a marker
	rev    bool   // reverse video is on
	ul     bool   // underline is on
}

// write appends text styled as an escape, a marked token, both or neither.
func (w *lineWriter) write(text string, escape, marked bool) {
	for {
		line, rest, more := strings.Cut(text, "\n")
		w.writeLine(line, escape, marked)
		if !more {
			return
		}
		w.endLine(true)
		text = rest
	}
}

// writeLine appends text that holds no newline.
func (w *lineWriter) writeLine(text string, escape, marked bool) {
	if text == "" {
		return
	}
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
	if rev != w.rev {
		if rev {
			w.b.WriteString(sgrReverse)
		} else {
			w.b.WriteString(sgrNoReverse)
		}
		w.rev = rev
	}
	if ul != w.ul {
		if ul {
			w.b.WriteString(sgrUnderline)
		} else {
			w.b.WriteString(sgrNoUnderline)
		}
		w.ul = ul
	}
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
		w.b.WriteString(strings.TrimRight(string(w.marks), " \t"))
		if newline {
			w.b.WriteByte('\n')
		}
	}
	w.marks, w.marked = w.marks[:0], false
}
