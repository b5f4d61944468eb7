// Package shellread reads a command the way Bash will, and says for every
// byte what the shell makes of it: part of a command name, an option, an
// argument, an assignment, a redirection target, a here-document body, a
// comment or shell syntax, and whether it is quoted and how.
//
// Only ASCII characters are syntax to the shell. A U+2018 LEFT SINGLE
// QUOTATION MARK is an ordinary word character, so in
//
//	echo \u2018$(id)\u2019
//
// the $(id) is a command substitution in an unquoted word, and Read says
// so: its bytes are Syntax and Name, not Single.
//
// Read parses with mvdan.cc/sh/v3/syntax (Bash, comments kept). A command
// that does not parse is read as far as it does; the rest is unquoted
// Argument text, the strictest reading, and Reading.Err says why.
//
// A quoted string that a program runs as code (the script of bash -c,
// ssh's remote command, eval's words, a here-document read by a shell, a
// git ! alias, python -c's program...) is a Layer: its bytes get the roles
// of that code, read recursively, as the one table of layers.go says
// (docs/commands.md).
package shellread

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A Span is a run of bytes with one role and one quoting. It starts where
// the previous span of a Reading ends (the first at 0) and ends before End.
type Span struct {
	End   int
	Role  Role
	Quote Quote
	// Layer is the innermost layer holding the span (an index into
	// Reading.Layers plus one), or 0 for the command itself.
	Layer int32
}

// A Reading is how the shell reads a command: a run-length list of roles
// covering every byte. The zero Reading is that of the empty command.
type Reading struct {
	// Spans cover the command from byte 0 to its end; neighbouring spans
	// differ in Role or Quote.
	Spans []Span
	// Unparsed lists the byte ranges the parser could not read, in order;
	// they are unquoted Argument text.
	Unparsed []Range
	// Err is the first parse error of the command, or nil when the
	// whole command parsed. (A layer that does not parse is read as
	// unquoted text, and listed in Unparsed, with no Err.)
	Err error
	// Layers lists the strings of the command that a program runs as
	// code, outer before inner; see Layer.
	Layers []Layer
}

// A Range is the half-open byte range [Start, End) of a command.
type Range struct {
	Start, End int
}

// ErrTooDeep is the Err of a Reading whose command nests too deeply to
// parse safely (more than a thousand levels of parentheses, braces,
// backquotes or compound commands).
var ErrTooDeep = errors.New("shellread: command nests too deeply to parse")

// At returns the span holding byte i, or the zero Span if i is out of
// range.
func (r Reading) At(i int) Span {
	k, _ := slices.BinarySearchFunc(r.Spans, i, func(s Span, i int) int {
		if s.End <= i {
			return -1
		}
		return 1
	})
	if k < len(r.Spans) && i >= 0 {
		return r.Spans[k]
	}
	return Span{}
}

// Start returns where span k of r starts.
func (r Reading) Start(k int) int {
	if k == 0 {
		return 0
	}
	return r.Spans[k-1].End
}

// Parsed reports whether byte i was read by the parser, not as unquoted
// text after a parse error.
func (r Reading) Parsed(i int) bool {
	for _, u := range r.Unparsed {
		if u.Start <= i && i < u.End {
			return false
		}
	}
	return true
}

// Read reads src as a Bash command. It never panics, and its time and
// memory are linear in len(src) (the parse tree included).
//
// Each top-level command (a line, or the lines that a quote, a compound
// command, a here-document or a trailing pipe hold together) is parsed on
// its own, so that a parse error spoils only its own command.
func Read(src string) Reading { return read(src, false, nil) }

// ReadFor is Read for a caller that judges only some non-ASCII runes:
// those for which judged returns true, or all of them when judged is nil.
// A top-level command that holds no non-ASCII byte is not parsed: every
// byte of it is Unread. Nor is one whose non-ASCII bytes outside quotes,
// comments and here-document bodies are none that the caller judges, and
// that names no program or variable of the layers table that runs a
// string as code (layers.go): a lexer of the shell's quoting places its
// non-ASCII runes inside quotes, comments and here-documents, and every
// other byte is Unread. FuzzQuickPath checks that the lexer then gives
// the parser's reading of every non-ASCII byte. On typical commands,
// mostly ASCII, ReadFor is many times faster than Read.
func ReadFor(src string, judged func(rune) bool) Reading { return read(src, true, judged) }

// parse parses src as Bash. The parser takes a carriage return for a
// blank, and CR LF for a newline, as a script saved on Windows would
// want; Bash takes it for an ordinary byte of a word (`\r#x` is a word,
// not a comment). So the parser is given, in its place, a byte it also
// reads as part of a word, and every other byte keeps its offset.
func parse(p *syntax.Parser, src string) (*syntax.File, error) {
	if strings.IndexByte(src, '\r') >= 0 {
		src = strings.ReplaceAll(src, "\r", "\x01")
	}
	return p.Parse(strings.NewReader(src), "")
}

// A globError stands for a parse error at an extended glob whose text
// holds quoting (quotedGlob).
type globError struct{ at int }

func (e globError) Error() string {
	return fmt.Sprintf("offset %d: an extended glob holding quotes, which the parser reads unlike Bash", e.at)
}

// hasGlobOpen reports whether src holds an opening of an extended glob:
// one of ? * + @ ! before a '('.
func hasGlobOpen(src string) bool {
	for i := 1; i < len(src); i++ {
		if src[i] == '(' {
			switch src[i-1] {
			case '?', '*', '+', '@', '!':
				return true
			}
		}
	}
	return false
}

// quotedGlob returns the offset of the first extended glob in f whose text
// holds a quote, a backslash, a backquote or a $, or -1 if there is none.
// The parser takes a glob's text raw, up to its first ')', where Bash
// reads quotes first (and, with extglob off, a subshell): from such a glob
// on, the parser's reading cannot be trusted, and it is read as a parse
// error there.
func quotedGlob(f *syntax.File) int {
	at := -1
	syntax.Walk(f, func(n syntax.Node) bool {
		if g, ok := n.(*syntax.ExtGlob); ok && g.Pattern != nil && g.OpPos.IsValid() &&
			strings.ContainsAny(g.Pattern.Value, "\"'\\`$") {
			if o := int(g.OpPos.Offset()); at < 0 || o < at {
				at = o
			}
		}
		return true
	})
	return at
}

// parseGlobs is parse, with an extended glob that holds quoting read as a
// parse error where it starts (quotedGlob).
func parseGlobs(p *syntax.Parser, src string) (*syntax.File, error) {
	f, err := parse(p, src)
	if err == nil && hasGlobOpen(src) {
		if at := quotedGlob(f); at >= 0 {
			return nil, globError{at}
		}
	}
	return f, err
}

// errorOffset returns the byte offset a parse error points at.
func errorOffset(err error, n int) (int, bool) {
	var pe syntax.ParseError
	var le syntax.LangError
	var ge globError
	var pos syntax.Pos
	switch {
	case errors.As(err, &ge):
		return min(ge.at, n), true
	case errors.As(err, &pe):
		pos = pe.Pos
	case errors.As(err, &le):
		pos = le.Pos
	default:
		return 0, false
	}
	if !pos.IsValid() {
		return 0, false
	}
	return min(int(pos.Offset()), n), true
}

// inherit marks a role or quote taken from the enclosing mark.
const inherit = 0xff

// A mark gives the bytes [start, end) a role and a quoting, either of
// which may be inherit.
type mark struct {
	start, end int
	role       Role
	quote      Quote
}

// A marker collects the marks of one parse tree, in the order the walk
// meets them: an inner node after the node that holds it.
type marker struct {
	src   string
	marks []mark
	body  *syntax.Word // the here-document body just marked
	// names are the words that name the command a wrapper runs
	// (finder.names): command names, as the first word is.
	names []*syntax.Word
	// globDepth counts the extended globs this marker reads inside
	// (extGlob).
	globDepth int
}

// bodyEnd returns where the body of the here-document of r ends: the
// parser's end position takes in the closing delimiter line, which is
// syntax.
func (m *marker) bodyEnd(r *syntax.Redirect) int {
	start, end := int(r.Hdoc.Pos().Offset()), int(r.Hdoc.End().Offset())
	if end > len(m.src) || start > end {
		return start
	}
	body := m.src[start:end]
	nl := strings.LastIndexByte(body, '\n')
	if nl < 0 || r.Word == nil || !r.Word.Pos().IsValid() {
		return end
	}
	delim := strings.Map(func(c rune) rune {
		if c == '\'' || c == '"' || c == '\\' {
			return -1
		}
		return c
	}, m.src[r.Word.Pos().Offset():r.Word.End().Offset()])
	if strings.TrimLeft(body[nl+1:], "\t") == delim {
		return start + nl + 1
	}
	return end
}

func (m *marker) add(n syntax.Node, role Role, quote Quote) {
	if n == nil || !n.Pos().IsValid() || !n.End().IsValid() {
		return
	}
	m.addRange(int(n.Pos().Offset()), int(n.End().Offset()), role, quote)
}

// comment marks the comment c. The parser's end counts the comment's
// text, which leaves out the NUL bytes bash skips in it: the mark runs
// over them, so that every byte of the comment is in it.
func (m *marker) comment(c *syntax.Comment) {
	if !c.Hash.IsValid() || int(c.Hash.Offset()) >= len(m.src) {
		return
	}
	start := int(c.Hash.Offset())
	i, k := start+1, 0
	for i < len(m.src) && (k < len(c.Text) || m.src[i] == 0) {
		if m.src[i] == 0 && (k == len(c.Text) || c.Text[k] != 0) {
			i++
			continue
		}
		i++
		k++
	}
	m.addRange(start, i, Comment, Unquoted)
}

func (m *marker) addRange(start, end int, role Role, quote Quote) {
	if end > start {
		m.marks = append(m.marks, mark{start, end, role, quote})
	}
}

func (m *marker) file(f *syntax.File) {
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Comment:
			m.comment(n)
		case *syntax.CallExpr:
			for _, a := range n.Assigns {
				m.add(a, Assignment, Unquoted)
			}
			for i, w := range n.Args {
				role := Argument
				switch {
				case i == 0 || slices.Contains(m.names, w):
					role = Name
				case isOption(w):
					role = Option
				}
				m.add(w, role, Unquoted)
				if role == Option && gluedValue(w) {
					// -o<path>: one option letter, then its value, an
					// argument (getopt's reading of a glued value).
					start := int(w.Pos().Offset())
					m.addRange(start+2, int(w.End().Offset()), Argument, inherit)
				}
			}
		case *syntax.DeclClause:
			for _, a := range n.Args {
				if a.Name != nil && !a.Naked {
					m.add(a, Assignment, Unquoted)
				}
			}
		case *syntax.Redirect:
			m.add(n.Word, Redirect, Unquoted)
			if n.Hdoc != nil && n.Hdoc.Pos().IsValid() && n.Hdoc.End().IsValid() {
				m.addRange(int(n.Hdoc.Pos().Offset()), m.bodyEnd(n), Heredoc, Unquoted)
				m.body = n.Hdoc
			}
		case *syntax.Word:
			// A word outside a simple command (a for list, a case
			// pattern, a test operand) is an argument.
			if n != m.body {
				m.add(n, inherit, inherit)
			}
		case *syntax.SglQuoted:
			q := Single
			if n.Dollar {
				q = ANSIC
			}
			m.add(n, inherit, q)
		case *syntax.DblQuoted:
			m.add(n, inherit, Double)
		case *syntax.CmdSubst, *syntax.ProcSubst:
			// A new command: its words get their own roles.
			m.add(n, Syntax, Unquoted)
		case *syntax.ExtGlob:
			m.extGlob(n)
		}
		return true
	})
}

// maxExtGlobDepth bounds how many extended globs inside one another
// extGlob reads as commands; deeper ones stay the word that holds them.
const maxExtGlobDepth = 8

// extGlob reads the text of an extended glob (`!(…)`, `@(…)`, …) as the
// commands it holds. The parser keeps that text raw, as a pattern, which
// Bash makes of it only with the extglob option on; a non-interactive
// shell leaves it off and reads `!(…)` as a negation and a subshell. So
// a quote inside is a quote either way, and what runs if it runs is code.
func (m *marker) extGlob(g *syntax.ExtGlob) {
	if m.globDepth >= maxExtGlobDepth || g.Pattern == nil || !g.Pattern.Pos().IsValid() {
		return
	}
	off := int(g.Pattern.Pos().Offset())
	text := g.Pattern.Value
	if off+len(text) > len(m.src) || m.src[off:off+len(text)] != text {
		return
	}
	p := syntax.NewParser(syntax.KeepComments(true), syntax.Variant(syntax.LangBash))
	f, err := parse(p, text)
	if err != nil {
		return
	}
	m.addRange(off, off+len(text), Syntax, Unquoted)
	sub := marker{src: text, globDepth: m.globDepth + 1}
	sub.file(f)
	for _, k := range sub.marks {
		k.start += off
		k.end += off
		m.marks = append(m.marks, k)
	}
}

// isOption reports whether w starts with an ASCII '-' and is not "-"
// alone.
func isOption(w *syntax.Word) bool {
	if len(w.Parts) == 0 {
		return false
	}
	lit, ok := w.Parts[0].(*syntax.Lit)
	return ok && len(lit.Value) > 0 && lit.Value[0] == '-' && (len(lit.Value) > 1 || len(w.Parts) > 1)
}

// gluedValue reports whether w is a one-letter option with a non-ASCII
// value glued to it, such as 7-Zip's -o<path> with a non-Latin path.
func gluedValue(w *syntax.Word) bool {
	lit, ok := w.Parts[0].(*syntax.Lit)
	if !ok || len(lit.Value) < 3 || lit.Value[1] >= 0x80 {
		return false
	}
	c := lit.Value[1]
	return ('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') && lit.Value[2] >= 0x80
}

// sweep turns the marks into spans over [0, n). Marks nest, as the nodes
// of the tree do; one that does not (a here-document body can follow
// later commands) is cut at the end of the mark that holds it.
func (m *marker) sweep(n int) []Span {
	marks := m.marks
	// Order by start, outer before inner; the walk order breaks ties of
	// equal ranges, inner after outer.
	slices.SortStableFunc(marks, func(a, b mark) int {
		if a.start != b.start {
			return a.start - b.start
		}
		return b.end - a.end
	})
	// Every span ends at the end of the text or where a mark starts or
	// ends: room for them all is allocated once (a slice grown by
	// appending passes through a new size of allocation at each doubling,
	// each a fresh span of the heap in a process that reads one command).
	spans := make([]Span, 0, 2*len(marks)+1)
	stack := []mark{{0, n, Syntax, Unquoted}}
	at := 0
	advance := func(to int) {
		for at < to {
			top := stack[len(stack)-1]
			end := min(top.end, to)
			spans = appendSpan(spans, Span{End: end, Role: top.role, Quote: top.quote})
			at = end
			for len(stack) > 1 && stack[len(stack)-1].end <= at {
				stack = stack[:len(stack)-1]
			}
		}
	}
	for _, k := range marks {
		if k.start >= n {
			break
		}
		advance(k.start)
		for len(stack) > 1 && stack[len(stack)-1].end <= k.start {
			stack = stack[:len(stack)-1]
		}
		top := stack[len(stack)-1]
		k.end = min(k.end, top.end)
		if k.end <= k.start {
			continue
		}
		if k.role == inherit {
			k.role = top.role
			if k.role == Syntax {
				k.role = Argument
			}
		}
		if k.quote == inherit {
			k.quote = top.quote
		}
		stack = append(stack, k)
	}
	advance(n)
	return spans
}

// appendSpan appends s to spans, merging it into the last span when both
// have the same role and quoting, and dropping it when it is empty.
func appendSpan(spans []Span, s Span) []Span {
	if end := 0; len(spans) > 0 && s.End <= spans[len(spans)-1].End || len(spans) == 0 && s.End <= end {
		return spans // empty
	}
	if k := len(spans) - 1; k >= 0 && spans[k].Role == s.Role && spans[k].Quote == s.Quote && spans[k].Layer == s.Layer {
		spans[k].End = s.End
		return spans
	}
	return appendDoubling(spans, s)
}
