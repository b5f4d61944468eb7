package scan

import (
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/width"

	"github.com/plainsight-dev/plainsight/internal/filetype"
	"github.com/plainsight-dev/plainsight/internal/shellread"
)

// The danger of padding is what it pushes out of view: code that runs, or
// prose a reader must see. Which of those a run of spaces pushes depends
// on where it is, so scan judges it by the text after it on its line (its
// rest), the way the file's reading reads that text (docs/scan.md):
//
//   - in every file, a run aligning its rest into a column that a
//     neighbouring line's own text reaches is a table's layout;
//   - in prose, whose text is what a reader must see, only that and a
//     pipe table's cell make a run ordinary;
//   - in a source or data file (lexed into spans), a rest made only of
//     comments, the closing quote of the literal the run is in, and
//     punctuation that closes or separates ("),", ";"), hides no code.
//     The text of a string literal may be a command for a shell, so a
//     run that hides some stays warn;
//   - in a shell file, a rest the shell reads only as a comment or as
//     quoted argument text of echo, print or printf hides no command;
//     where Bash cannot parse the file (zsh), a lexer of the quoting
//     accepts the same printed argument;
//   - in a file read as text, a rest that starts a comment hides no code.
//
// The whitespace-only shapes (blank lines, a long line) and indentation
// are judged in regrade, before these.

// maxPadColumns is the width from which a run of spaces is padding (the
// padding kind's threshold): a gap narrower than that is layout.
const maxPadColumns = 64

// maxAlignColumn is the widest column alignsColumn takes for the column
// of a table: the padding kind's long line. It bounds the work per run.
const maxAlignColumn = 1024

// alignNeighbours bounds how many lines up and down alignsColumn walks to
// find the line that justifies a column, so that a file of many aligned
// runs costs linear time.
const alignNeighbours = 64

// hidesNothing reports whether the run of spaces text[start:end], in a
// file of type t, pushes only text that runs nothing and no prose out of
// view: see the comment above. spans are the file's spans when it was
// lexed; shell reads a shell file, once, on demand.
func hidesNothing(text string, start, end int, t filetype.Type, spans []filetype.Span, shell *lazyShell) bool {
	switch {
	case t.Reading == filetype.Prose && tableCell(text, start, end):
		return true
	case alignsColumn(text, end):
		return true
	case t.Reading == filetype.Prose:
		return false
	case spans != nil:
		return restIsProse(text, end, spans)
	case t.Reading == filetype.Shell:
		r := shell.reading()
		if !r.Parsed(end) {
			for _, u := range r.Unparsed {
				if u.Start <= end && end < u.End {
					return printedText(text, start, end, u.Start)
				}
			}
			return false
		}
		return restRunsNothing(text, end, r)
	}
	return alignsComment(text[end:], t)
}

// A lazyShell is the shell's reading of a file, read on first use: most
// shell files have no run of spaces to judge.
type lazyShell struct {
	text string
	r    *shellread.Reading
}

func (l *lazyShell) reading() shellread.Reading {
	if l.r == nil {
		r := shellread.Read(l.text)
		l.r = &r
	}
	return *l.r
}

// lineEnd returns the offset of the newline that ends the line holding
// off, or len(text).
func lineEnd(text string, off int) int {
	if i := strings.IndexByte(text[off:], '\n'); i >= 0 {
		return off + i
	}
	return len(text)
}

// restIsProse reports whether the rest of the line from off holds nothing
// but comments, the closing quote of the string literal the run is in, and
// punctuation that closes or separates: no identifier, keyword, number or
// operator that opens anything, and no text of a string literal, which
// the program may hand to a shell or another interpreter (a value of a
// data file is such a literal when it is quoted). A string left open at
// the end of its line is a guess of the lexer (a regular expression, a
// lifetime), so its text counts as code.
func restIsProse(text string, off int, spans []filetype.Span) bool {
	eol := lineEnd(text, off)
	i := sort.Search(len(spans), func(i int) bool { return spans[i].End > off })
	for p := off; p < eol; {
		if i < len(spans) && spans[i].Start <= p {
			s := spans[i]
			lit := text[s.Start:s.End]
			if s.Reading != filetype.Prose || !closed(lit) || quoted(lit) && strings.Trim(text[p:s.End], "\"'`") != "" {
				return false
			}
			p = s.End
			i++
			continue
		}
		next := eol
		if i < len(spans) && spans[i].Start < eol {
			next = spans[i].Start
		}
		if strings.Trim(text[p:next], " \t\r),;:]}+") != "" {
			return false
		}
		p = next
	}
	return true
}

// closed reports whether the span s, if it is a string literal, ends with
// the quote it starts with.
func closed(s string) bool {
	if !quoted(s) {
		return true
	}
	return len(s) >= 2 && s[len(s)-1] == s[0]
}

// restRunsNothing reports whether the shell reads the rest of the line
// from off only as a comment, quoted argument text of a command that
// prints it (echo, print, printf; a parameter expansion in it included),
// or the blanks and separators that end a command: no command name,
// option, unquoted word, redirection or substitution, and no argument of
// another command, whose text can be a path to delete or a program to
// run (awk's, a here-document's).
func restRunsNothing(text string, off int, r shellread.Reading) bool {
	eol := lineEnd(text, off)
	for p := off; p < eol; {
		sp := r.At(p)
		if sp.End <= p || !r.Parsed(p) {
			return false
		}
		end := min(sp.End, eol)
		switch sp.Role {
		case shellread.Comment:
		case shellread.Argument:
			if !sp.Quote.Quoted() || !printedArgument(text, r, p) {
				return false
			}
		case shellread.Syntax:
			if strings.Trim(text[p:end], " \t\r;&|") != "" {
				return false
			}
		default:
			return false
		}
		p = end
	}
	return true
}

// printedArgument reports whether the argument at byte p is one of a
// command that prints it: the command name before it, past its other
// arguments and options, is echo, print or printf.
func printedArgument(text string, r shellread.Reading, p int) bool {
	k, _ := slices.BinarySearchFunc(r.Spans, p, func(s shellread.Span, p int) int {
		if s.End <= p {
			return -1
		}
		return 1
	})
	for k--; k >= 0; k-- {
		sp, start := r.Spans[k], r.Start(k)
		switch sp.Role {
		case shellread.Name:
			return slices.Contains(printers, text[start:sp.End]+" ")
		case shellread.Argument, shellread.Option:
		case shellread.Syntax:
			if strings.Trim(text[start:sp.End], " \t") != "" {
				return false
			}
		default:
			return false
		}
	}
	return false
}

// printers are the commands that print their arguments, never run them.
var printers = []string{"echo ", "print ", "printf "}

// printedText judges a run of spaces text[start:end] in a shell file whose
// command Bash could not parse (zsh syntax, as in zsh themes and plugins),
// from u, where the part that did not parse starts: the text before u
// parsed as a whole script, so u is outside any quote or substitution.
// From u, a lexer of the shell's quoting reads on to the run's line; the
// run is ordinary when that line is a command of its own that starts with
// echo, print or printf, and the run lies in a double-quoted argument
// that opens on that line and closes at its end, with nothing after the
// run but literal text and plain parameter expansions ($NAME, ${NAME}):
// what the run pushes right is text printed. (print -P expands prompt
// sequences, which run nothing by themselves.) Whatever the lexer is not
// sure of (a here-document, an ANSI-C string, a backquote on the run's
// line or in a string, a quote between backquotes, a command
// substitution or a quote in a double-quoted string, expansion flags
// after the run, a line continued from the one before, another command on
// the line) leaves the run warn.
func printedText(text string, start, end, u int) bool {
	lineStart := strings.LastIndexByte(text[:start], '\n') + 1
	if lineStart >= 2 && text[lineStart-2] == '\\' {
		return false
	}
	line := strings.TrimLeft(text[lineStart:start], " \t")
	printer := false
	for _, p := range printers {
		printer = printer || strings.HasPrefix(line, p)
	}
	if !printer || u > start {
		return false
	}
	// Lex from u to the end of the run's line.
	eol := lineEnd(text, end)
	const (
		unquoted = iota
		double
	)
	state, braces, opened, backquoted := unquoted, 0, -1, false
	for i := u; i < eol; i++ {
		c := text[i]
		switch {
		case c == '\\':
			i++
		case c == '`':
			// A command substitution between backquotes, outside
			// quotes and holding none, reads as the text around it.
			if state != unquoted || i >= lineStart {
				return false
			}
			backquoted = !backquoted
		case backquoted && (c == '\'' || c == '"'):
			return false
		case state == unquoted:
			switch {
			case c == '\'':
				j := strings.IndexByte(text[i+1:], '\'')
				if j < 0 || i < end && i+j+1 >= start {
					return false
				}
				i += j + 1
			case c == '"':
				state, opened = double, i
			case c == '#' && (i == 0 || strings.IndexByte(" \t\n;&|(", text[i-1]) >= 0):
				i = lineEnd(text, i) - 1
			case c == '<' && strings.HasPrefix(text[i:], "<<"), c == '$' && strings.HasPrefix(text[i:], "$'"):
				return false
			case i >= lineStart && strings.IndexByte(";&|(){}<>", c) >= 0:
				// The line holds another command, or a redirection,
				// before the argument.
				return false
			}
		case braces > 0: // in ${...} in a double-quoted string
			switch c {
			case '{':
				braces++
			case '}':
				braces--
			case '"', '\'', '(':
				if c != '(' || i >= end || text[i-1] == '$' {
					return false
				}
			}
		default: // in a double-quoted string
			switch {
			case c == '"':
				if i >= end {
					// The argument closes: only blanks or a ; may follow.
					return opened >= lineStart && opened < start && strings.Trim(text[i+1:eol], " \t\r;") == ""
				}
				state = unquoted
			case c == '$' && strings.HasPrefix(text[i:], "$("):
				return false
			case c == '$' && strings.HasPrefix(text[i:], "${"):
				if i >= end && !plainName(text[i+2:]) {
					return false
				}
				braces, i = 1, i+1
			}
		}
		if i >= start && i < end && (state != double || braces > 0) {
			return false
		}
	}
	return false
}

// plainName reports whether s starts with a parameter's name and the }
// that closes its expansion.
func plainName(s string) bool {
	n := 0
	for n < len(s) && (s[n] == '_' || s[n] >= 'a' && s[n] <= 'z' || s[n] >= 'A' && s[n] <= 'Z' || n > 0 && s[n] >= '0' && s[n] <= '9') {
		n++
	}
	return n > 0 && strings.HasPrefix(s[n:], "}")
}

// tableCell reports whether the run of spaces text[start:end] pads a
// cell of a pipe table: its line starts with "|" and the run ends at one.
func tableCell(text string, start, end int) bool {
	if strings.Trim(text[start:end], " \t") != "" || !strings.HasPrefix(text[end:], "|") {
		return false
	}
	line := text[strings.LastIndexByte(text[:start], '\n')+1 : start]
	return strings.HasPrefix(strings.TrimLeft(line, " \t"), "|")
}

// alignsComment reports whether rest, the text after a run of padding,
// starts a comment: spaces that align trailing comments into a column
// push nothing that runs out of view. -- starts a comment in SQL, Lua and
// Haskell, but an option in a shell command, where it stays warn.
func alignsComment(rest string, t filetype.Type) bool {
	return strings.HasPrefix(rest, "//") || strings.HasPrefix(rest, "/*") || strings.HasPrefix(rest, "#") ||
		strings.HasPrefix(rest, "--") && t.Reading != filetype.Shell
}

// alignsColumn reports whether the run of padding that ends at end aligns
// the text after it into a column of a table, as gofmt aligns names and
// values and a word list aligns its glosses: the lines next to it (up to
// alignNeighbours each way) start text in the same display column after
// a space, and one of them reaches that column with no gap as wide as
// padding on the way. That line's own text shows how far right the
// column is; lines that pad to it, however many, justify nothing.
func alignsColumn(text string, end int) bool {
	start := strings.LastIndexByte(text[:end], '\n') + 1
	if end-start > utf8.UTFMax*maxAlignColumn {
		return false // wider than maxAlignColumn, as no character is more than 4 bytes
	}
	col := columnOf(text[start:end])
	if col == 0 || col > maxAlignColumn {
		return false
	}
	// gapAt returns the width of the run of spaces that ends at display
	// column col of line, or -1 when line does not start text there
	// after a space; and whether line reaches col with no gap as wide as
	// padding on the way.
	gapAt := func(line string) (gap int, plain bool) {
		c, widest := 0, 0
		for _, r := range line {
			if c == col {
				if gap == 0 || r == ' ' || r == '\t' || r == '\n' || r == '\r' {
					return -1, false
				}
				return gap, widest < maxPadColumns
			}
			if c > col {
				return -1, false
			}
			if r == ' ' || r == '\t' {
				gap += advance(c, r) - c
				widest = max(widest, gap)
			} else {
				gap = 0
			}
			c = advance(c, r)
		}
		return -1, false
	}
	// Up.
	for i, s := 0, start; i < alignNeighbours && s > 0; i++ {
		prevStart := strings.LastIndexByte(text[:s-1], '\n') + 1
		g, plain := gapAt(text[prevStart:s])
		if g < 0 {
			break
		}
		if plain {
			return true
		}
		s = prevStart
	}
	// Down.
	for i, e := 0, lineEnd(text, end); i < alignNeighbours && e < len(text); i++ {
		nextEnd := lineEnd(text, e+1)
		g, plain := gapAt(text[e+1 : nextEnd])
		if g < 0 {
			break
		}
		if plain {
			return true
		}
		e = nextEnd
	}
	return false
}

// columnOf returns the display column after s, the start of a line: a tab
// moves to the next multiple of eight, a wide East Asian character takes
// two columns, a combining mark none.
func columnOf(s string) int {
	c := 0
	for _, r := range s {
		c = advance(c, r)
	}
	return c
}

// advance returns the display column after r at column c.
func advance(c int, r rune) int {
	switch {
	case r == '\t':
		return c/8*8 + 8
	case r < utf8.RuneSelf:
		return c + 1
	case unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r):
		return c
	}
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return c + 2
	}
	return c + 1
}
