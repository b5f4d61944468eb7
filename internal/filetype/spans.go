package filetype

import (
	"strings"
)

// A Span is the bytes [Start, End) of a file that are read another way
// than the whole file: Prose (a comment, a string literal, a value) or
// Shell (an embedded command).
type Span struct {
	Start, End int
	Reading    Reading
}

// Spans returns the spans of text, a file of syntax s, in order and
// without overlap. A file that does not lex as its syntax says (an
// unclosed string or comment) has its last span run to the end: the
// lexer never fails, it only decides less.
func Spans(s Syntax, text string) []Span {
	switch s {
	case CLike:
		return lex(text, cLike)
	case Python:
		return lex(text, python)
	case Hash:
		return lex(text, hash)
	case Lua:
		return lex(text, lua)
	case SQL:
		return lex(text, sql)
	case Lisp:
		return lex(text, lisp)
	case Markup:
		return []Span{{0, len(text), Prose}}
	case JSON:
		return jsonSpans(text, false)
	case PackageJSON:
		return jsonSpans(text, true)
	case YAML:
		return yamlSpans(text, false)
	case Workflow:
		return yamlSpans(text, true)
	case INI:
		return iniSpans(text)
	case Dockerfile:
		return dockerSpans(text)
	case Makefile:
		return makeSpans(text)
	}
	return nil
}

// EmbedsShell reports whether files of syntax s hold commands, read as
// Shell spans.
func (s Syntax) EmbedsShell() bool {
	return s == Dockerfile || s == Makefile || s == Workflow || s == PackageJSON
}

// A family is the comment and string syntax of a language family: enough
// to tell code from comments and literals, not to parse.
type family struct {
	line   []string    // line comments
	block  [][2]string // block comments
	quotes []string    // string delimiters, longest first; a backslash escapes
	raw    [][2]string // strings without escapes: Go's `…`, Lua's [[…]]
}

var (
	cLike  = family{line: []string{"//"}, block: [][2]string{{"/*", "*/"}}, quotes: []string{`"`, `'`, "`"}}
	python = family{line: []string{"#"}, quotes: []string{`"""`, `'''`, `"`, `'`}}
	hash   = family{line: []string{"#"}, quotes: []string{`"`, `'`}}
	lua    = family{line: []string{"--"}, block: [][2]string{{"--[[", "]]"}}, quotes: []string{`"`, `'`}, raw: [][2]string{{"[[", "]]"}}}
	sql    = family{line: []string{"--"}, block: [][2]string{{"/*", "*/"}}, quotes: []string{`'`}}
	lisp   = family{line: []string{";"}, block: [][2]string{{"#|", "|#"}}, quotes: []string{`"`}}
)

// lex finds the comments and string literals of text. Block comments are
// tried before line comments, so that "--[[" opens a Lua block.
func lex(text string, f family) []Span {
	var spans []Span
	add := func(start, end int) { spans = append(spans, Span{start, end, Prose}) }
	// opens marks the bytes a delimiter starts with: every other byte is
	// passed over without trying each delimiter.
	var opens [256]bool
	for _, d := range f.line {
		opens[d[0]] = true
	}
	for _, d := range f.quotes {
		opens[d[0]] = true
	}
	for _, p := range f.block {
		opens[p[0][0]] = true
	}
	for _, p := range f.raw {
		opens[p[0][0]] = true
	}
	for i := 0; i < len(text); {
		if !opens[text[i]] {
			i++
			continue
		}
		rest := text[i:]
		if end, ok := pairEnd(rest, f.block); ok {
			add(i, i+end)
			i += end
			continue
		}
		if f.lineComment(rest) {
			end := strings.IndexByte(rest, '\n')
			if end < 0 {
				end = len(rest)
			}
			add(i, i+end)
			i += end
			continue
		}
		if end, ok := pairEnd(rest, f.raw); ok {
			add(i, i+end)
			i += end
			continue
		}
		if q := f.quote(rest); q != "" {
			end := stringEnd(rest, q)
			add(i, i+end)
			i += end
			continue
		}
		i++
	}
	return spans
}

// pairEnd returns the length of the delimited run that rest opens with
// one of pairs (open, close), to the end of rest when it is not closed.
func pairEnd(rest string, pairs [][2]string) (int, bool) {
	for _, p := range pairs {
		if strings.HasPrefix(rest, p[0]) {
			if j := strings.Index(rest[len(p[0]):], p[1]); j >= 0 {
				return len(p[0]) + j + len(p[1]), true
			}
			return len(rest), true
		}
	}
	return 0, false
}

func (f family) lineComment(rest string) bool {
	for _, l := range f.line {
		if strings.HasPrefix(rest, l) {
			return true
		}
	}
	return false
}

func (f family) quote(rest string) string {
	for _, q := range f.quotes {
		if strings.HasPrefix(rest, q) {
			return q
		}
	}
	return ""
}

// stringEnd returns the end of the string literal that opens rest with
// quote q: after the closing quote, at the end of the line for a one-line
// quote left open (as compilers recover), or at the end of rest. A
// backslash escapes the next byte, except in a Go raw string.
func stringEnd(rest, q string) int {
	multiline := len(q) == 3 || q == "`"
	escapes := q != "`"
	for i := len(q); i < len(rest); i++ {
		c := rest[i]
		if c != q[0] && c != '\\' && c != '\n' {
			continue // the case of most bytes, none of those below
		}
		switch {
		case c == '\\' && escapes:
			i++
		case c == '\n' && !multiline:
			return i
		case strings.HasPrefix(rest[i:], q):
			return i + len(q)
		}
	}
	return len(rest)
}

// jsonSpans reads the strings of a JSON file: a value is prose, a key
// (a string followed by a colon) is code. With scripts, the values of the
// top-level "scripts" object of a package.json are shell.
func jsonSpans(text string, scripts bool) []Span {
	var spans []Span
	depth, scriptsDepth := 0, -1
	pendingScripts := false
	for i := 0; i < len(text); {
		switch text[i] {
		case '{', '[':
			depth++
			if pendingScripts && text[i] == '{' {
				scriptsDepth = depth
			}
			pendingScripts = false
			i++
		case '}', ']':
			if depth == scriptsDepth {
				scriptsDepth = -1
			}
			depth--
			i++
		case '/':
			// Comments of JSONC and JSON5.
			if end, ok := pairEnd(text[i:], cLike.block); ok {
				spans = append(spans, Span{i, i + end, Prose})
				i += end
			} else if strings.HasPrefix(text[i:], "//") {
				end := strings.IndexByte(text[i:], '\n')
				if end < 0 {
					end = len(text) - i
				}
				spans = append(spans, Span{i, i + end, Prose})
				i += end
			} else {
				i++
			}
		case '"':
			end := i + stringEnd(text[i:], `"`)
			j := end
			for j < len(text) && (text[j] == ' ' || text[j] == '\t' || text[j] == '\n' || text[j] == '\r') {
				j++
			}
			isKey := j < len(text) && text[j] == ':'
			switch {
			case isKey:
				pendingScripts = scripts && depth == 1 && text[i:end] == `"scripts"`
			case scriptsDepth >= 0 && depth == scriptsDepth:
				spans = append(spans, Span{i + 1, max(end-1, i+1), Shell})
			default:
				spans = append(spans, Span{i, end, Prose})
			}
			i = end
		default:
			i++
		}
	}
	return spans
}

// lines calls f with each line of text (without its newline) and the
// offset where it starts.
func lines(text string, f func(line string, at int)) {
	for at := 0; at < len(text); {
		end := strings.IndexByte(text[at:], '\n')
		if end < 0 {
			end = len(text) - at
		}
		f(text[at:at+end], at)
		at += end + 1
	}
}

func indent(line string) int { return len(line) - len(strings.TrimLeft(line, " \t")) }

// yamlSpans reads YAML line by line: after "key:" the value is prose, a
// "#" comment is prose, a line without a key (a list item, a block
// scalar's line) is prose. With workflow, the values of run:, script:,
// before_script: and after_script: keys (inline, block scalar or list)
// are shell.
func yamlSpans(text string, workflow bool) []Span {
	var spans []Span
	shellIndent := -1 // lines indented deeper than this are shell
	lines(text, func(line string, at int) {
		ind := indent(line)
		body := strings.TrimRight(line[ind:], "\r")
		if body == "" {
			return
		}
		if shellIndent >= 0 {
			if ind > shellIndent || strings.HasPrefix(body, "- ") && ind == shellIndent {
				start := ind
				if strings.HasPrefix(body, "- ") {
					start += 2
				}
				spans = append(spans, Span{at + start, at + ind + len(body), Shell})
				return
			}
			shellIndent = -1
		}
		if body[0] == '#' {
			spans = append(spans, Span{at + ind, at + ind + len(body), Prose})
			return
		}
		item := strings.TrimPrefix(body, "- ")
		off := ind + len(body) - len(item)
		key, value, ok := strings.Cut(item, ":")
		if !ok || strings.ContainsAny(key, `"' `) && !strings.HasPrefix(key, `"`) {
			spans = append(spans, Span{at + off, at + off + len(item), Prose})
			return
		}
		vstart := off + len(key) + 1
		v := strings.TrimLeft(value, " ")
		vstart += len(value) - len(v)
		if v == "" {
			if workflow && isShellKey(key) {
				shellIndent = off
			}
			return
		}
		if workflow && isShellKey(key) {
			if v[0] == '|' || v[0] == '>' {
				shellIndent = off
				return
			}
			spans = append(spans, Span{at + vstart, at + vstart + len(v), Shell})
			return
		}
		spans = append(spans, Span{at + vstart, at + vstart + len(v), Prose})
	})
	return spans
}

func isShellKey(key string) bool {
	switch strings.TrimSpace(key) {
	case "run", "script", "before_script", "after_script", "shell_command", "command":
		return true
	}
	return false
}

// iniSpans reads TOML, INI and properties files line by line: a "#" or
// ";" comment is prose, "[section]" is code, and after "key =" (or
// "key:") the value is prose; a line without one (a multi-line value) is
// prose.
func iniSpans(text string) []Span {
	var spans []Span
	lines(text, func(line string, at int) {
		ind := indent(line)
		body := strings.TrimRight(line[ind:], "\r")
		switch {
		case body == "":
		case body[0] == '#' || body[0] == ';':
			spans = append(spans, Span{at + ind, at + ind + len(body), Prose})
		case body[0] == '[':
		default:
			eq := strings.IndexAny(body, "=:")
			if eq < 0 {
				spans = append(spans, Span{at + ind, at + ind + len(body), Prose})
				return
			}
			v := body[eq+1:]
			start := ind + eq + 1 + len(v) - len(strings.TrimLeft(v, " \t"))
			if start < ind+len(body) {
				spans = append(spans, Span{at + start, at + ind + len(body), Prose})
			}
		}
	})
	return spans
}

// dockerSpans reads a Dockerfile: a RUN instruction, with its
// continuation lines, is shell; a comment is prose.
func dockerSpans(text string) []Span {
	var spans []Span
	cont := false
	lines(text, func(line string, at int) {
		body := strings.TrimRight(line, "\r")
		ind := indent(body)
		switch {
		case cont:
			spans = append(spans, Span{at, at + len(body), Shell})
		case strings.HasPrefix(body[ind:], "#"):
			spans = append(spans, Span{at + ind, at + len(body), Prose})
			return
		case len(body) > ind+4 && strings.EqualFold(body[ind:ind+4], "RUN "):
			spans = append(spans, Span{at + ind + 4, at + len(body), Shell})
		default:
			return
		}
		cont = strings.HasSuffix(body, `\`)
	})
	return spans
}

// makeSpans reads a Makefile: a recipe line (after a tab) is shell, with
// its continuation lines; a comment is prose.
func makeSpans(text string) []Span {
	var spans []Span
	cont := false
	lines(text, func(line string, at int) {
		body := strings.TrimRight(line, "\r")
		switch {
		case cont || strings.HasPrefix(body, "\t"):
			spans = append(spans, Span{at, at + len(body), Shell})
		case strings.HasPrefix(strings.TrimLeft(body, " "), "#"):
			spans = append(spans, Span{at + indent(body), at + len(body), Prose})
			return
		default:
			cont = false
			return
		}
		cont = strings.HasSuffix(body, `\`)
	})
	return spans
}
