package shellread

import "strings"

// This file reads a string that another language's interpreter runs
// (LayerCode) without a parser of that language: its comments and string
// literals are found by the language's row of languages, everything else
// is code (unquoted Argument), and a string literal handed to a shell by
// a well-known call is read as a shell layer.

// A literal is a string literal of code: the bytes between its quotes.
type literal struct {
	start, end int
	shell      bool   // handed to a shell
	via        string // how: the call, "backquotes" or "|"
}

// readCode reads src, a program in lang, at layer depth depth.
func (rd *reader) readCode(src, lang string, depth int) Reading {
	l, ok := lookupLanguage(lang)
	var r Reading
	if !ok {
		r.Spans = appendSpan(nil, Span{End: len(src), Role: Argument})
		return r
	}
	var lits []literal
	for i := 0; i < len(src); {
		if n := commentAt(src, i, l); n > 0 {
			r.Spans = appendSpan(r.Spans, Span{End: i, Role: Argument})
			i += n
			r.Spans = appendSpan(r.Spans, Span{End: i, Role: Comment})
			continue
		}
		c := src[i]
		if strings.IndexByte(l.quotes, c) < 0 && !(c == '`' && l.backquote) {
			i++
			continue
		}
		end := i + 1
		for end < len(src) && src[end] != c {
			if src[end] == '\\' {
				end++
			}
			end++
		}
		end = min(end, len(src))
		lit := literal{start: i + 1, end: end}
		if c == '`' && l.backquote {
			lit.shell, lit.via = true, "backquotes"
		} else {
			lit.via, lit.shell = shellCall(src[:i], src[end:], l)
		}
		r.Spans = appendSpan(r.Spans, Span{End: i + 1, Role: Argument})
		r.Spans = appendSpan(r.Spans, Span{End: end, Role: Argument, Quote: Double})
		lits = append(lits, lit)
		i = min(end+1, len(src))
	}
	r.Spans = appendSpan(r.Spans, Span{End: len(src), Role: Argument})
	var layers []found
	for _, lit := range lits {
		if !lit.shell || lit.end <= lit.start {
			continue
		}
		// The literal's value, with the escapes of C-like languages
		// decoded: \" and \\ stand for one byte, \n for a newline, \$
		// for $ (but in Python, which keeps both bytes).
		var v value
		for i := lit.start; i < lit.end; i++ {
			c := src[i]
			if c == '\\' && i+1 < lit.end {
				switch n := src[i+1]; n {
				case 'n':
					v.add('\n', i, i+2)
				case 't':
					v.add('\t', i, i+2)
				case '\\', '"', '\'', '`':
					v.add(n, i, i+2)
				default:
					if l.keepEscapes {
						// Python keeps the backslash of an unknown escape.
						v.add(c, i, i+1)
						v.add(n, i+1, i+2)
					} else {
						v.add(n, i, i+2)
					}
				}
				i++
				continue
			}
			v.add(c, i, i+1)
		}
		layers = append(layers, found{val: v, kind: LayerShell, via: lang + " " + lit.via, start: lit.start - 1, end: min(lit.end+1, len(src))})
	}
	rd.layers(&r, layers, depth)
	return r
}

// commentAt returns the length of the comment of l that starts at byte i
// of src, or 0.
func commentAt(src string, i int, l language) int {
	for _, c := range l.comments {
		if !strings.HasPrefix(src[i:], c) {
			continue
		}
		if c == "#" && i > 0 && !isCodeBlank(src[i-1]) {
			continue // $# in Perl, a # inside a word
		}
		end := "\n"
		if c == "/*" {
			end = "*/"
		}
		k := strings.Index(src[i+len(c):], end)
		if k < 0 {
			return len(src) - i
		}
		return len(c) + k
	}
	return 0
}

func isCodeBlank(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == ';' || c == '{' || c == '}'
}

// shellCall reports whether the string literal between before and after
// is handed to a shell, and by what: it follows one of l's calls (after an
// optional opening parenthesis), named by that call, or, in awk, it is
// piped to or from, named "|".
func shellCall(before, after string, l language) (string, bool) {
	b := strings.TrimRight(before, " \t")
	if l.pipes && (strings.HasSuffix(b, "|") || strings.HasPrefix(strings.TrimLeft(after[min(1, len(after)):], " \t"), "|")) {
		return "|", true
	}
	b = strings.TrimRight(strings.TrimSuffix(b, "("), " \t")
	name := callName(b + "(")
	for _, c := range l.calls {
		if name == c || strings.HasSuffix(b, c) && strings.Contains(c, " ") {
			return c, true
		}
	}
	for _, c := range l.shellIf {
		if name == c {
			end := strings.IndexByte(after, ')')
			if end < 0 {
				end = len(after)
			}
			return c, strings.Contains(strings.ReplaceAll(after[:end], " ", ""), "shell=True")
		}
	}
	return "", false
}

// callName returns the name of the call whose opening parenthesis (or
// blank) ends before: the last identifier before it.
func callName(before string) string {
	b := strings.TrimRight(before, " \t(")
	i := len(b)
	for i > 0 && (isWordByte(b[i-1]) && b[i-1] < 0x80) {
		i--
	}
	return b[i:]
}
