package shellread

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// A lexed holds what the quoting lexer found in a command: where its
// top-level commands start, whether each needs the parser (it holds a
// non-ASCII byte in code, outside quotes, comments and here-document
// bodies, or a construct the lexer does not follow: arithmetic, case
// patterns, a here-document without its end line), whether each holds a
// non-ASCII byte at all, and the runs of non-ASCII bytes that lie inside
// quotes, with the role and quoting of each.
type lexed struct {
	starts []int
	code   []bool
	wide   []bool // whether each command holds a byte 0x80-0xFF
	runs   []run
	from   int // the first run of the last command
}

// A run is a range of non-ASCII bytes inside quotes, a comment or a
// here-document body, as the lexer sees it.
type run struct {
	start, end int
	role       Role
	quote      Quote
}

// note records the run of non-ASCII bytes that starts at i and ends
// before end or at the first ASCII byte, read in the given role and
// quoting, and returns where the run ends. The runs of a command that
// needs the parser are not kept: the parser places them.
func (l *lexed) note(src string, i, end int, role Role, quote Quote) int {
	j := i + 1
	for j < end && src[j] >= 0x80 {
		j++
	}
	l.wide[len(l.wide)-1] = true
	if l.code[len(l.code)-1] {
		return j
	}
	if k := len(l.runs) - 1; k >= 0 && l.runs[k].end == i && l.runs[k].role == role && l.runs[k].quote == quote {
		l.runs[k].end = j
		return j
	}
	l.runs = appendDoubling(l.runs, run{i, j, role, quote})
	return j
}

// parse marks the last command as one that needs the parser, and drops
// its runs.
func (l *lexed) parse() {
	l.code[len(l.code)-1] = true
	l.runs = l.runs[:l.from]
}

// appendDoubling is append that doubles a full slice: append grows a long
// slice by a quarter, which allocates five times its final size along the
// way; doubling allocates twice.
func appendDoubling[T any](s []T, v T) []T {
	if len(s) == cap(s) {
		s = slices.Grow(s, max(len(s), 8))
	}
	return append(s, v)
}

// segments returns where the top-level commands of src start: offsets
// just after a newline that ends a complete command, outside quotes,
// substitutions, compound commands and here-document bodies, and not
// after a pipe, an && or || or a backslash. The first segment starts at 0;
// each segment can be parsed on its own.
//
// The scan is a lexer of Bash's quoting, far simpler than the parser, and
// it may be wrong on contrived input: then a segment does not parse, and
// its text is read as unquoted, the strictest reading. It never joins two
// commands into one, which could hide nothing either.
func segments(src string) []int { return lex(src, nil).starts }

// lex runs the quoting lexer over src. A non-ASCII rune in code makes its
// command need the parser when judged is nil or judged returns true.
func lex(src string, judged func(rune) bool) lexed {
	type frame struct {
		mode  byte // c code, d double quotes, b backquotes
		depth int  // open ( and { of a code frame
	}
	// Every byte of src is either looked at in the loop below or skipped
	// where the skip notes a non-ASCII byte (wide), so that read needs
	// no second scan for one (FuzzQuickPath checks it).
	l := lexed{starts: []int{0}, code: []bool{false}, wide: []bool{false}}
	var (
		frames  = []frame{{mode: 'c'}}
		keyword int      // open compound commands
		heredoc []string // delimiters waiting for their bodies
		dash    []bool   // whether each is <<-
		expands []bool   // whether each body expands $ and ` (unquoted delimiter)
		last    byte     // last non-blank code byte on the line
	)
	for i := 0; i < len(src); i++ {
		c := src[i]
		top := &frames[len(frames)-1]
		if c >= 0x80 {
			if top.mode == 'd' {
				i = l.note(src, i, len(src), Argument, Double) - 1
				continue
			}
			l.wide[len(l.wide)-1] = true
			r, n := utf8.DecodeRuneInString(src[i:])
			// Inside backquotes the lexer follows only \ and `: the
			// quotes and comments there are the parser's to place.
			if judged == nil || top.mode == 'b' || judged(r) {
				l.parse()
			}
			i += n - 1
			continue
		}
		switch top.mode {
		case 'd':
			// Inside double quotes only \, ", ` and $ mean anything.
			if !specialDouble[c] {
				for i+1 < len(src) && !specialDouble[src[i+1]] {
					i++
				}
				continue
			}
			switch c {
			case '\\':
				// A backslash escapes only \, ", ` and $ here (and a
				// newline); before a character that is not ASCII it is
				// itself quoted text, and the character is read as such.
				if i+1 < len(src) && src[i+1] < 0x80 {
					i++
				}
			case '"':
				frames = frames[:len(frames)-1]
			case '`':
				frames = append(frames, frame{mode: 'b'})
			case '$':
				switch {
				case i+1 < len(src) && src[i+1] == '$':
					// The special parameter $$: a '(' after it
					// opens nothing.
					i++
				case i+1 < len(src) && src[i+1] == '(':
					frames = append(frames, frame{mode: 'c'})
					i++
				}
			}
			continue
		case 'b':
			switch c {
			case '\\':
				i++
				if i < len(src) && src[i] >= 0x80 {
					l.wide[len(l.wide)-1] = true
				}
				if i < len(src) && src[i] == '\\' {
					// An escaped backslash: Bash ends `a\\` at its
					// second backquote, and the parser reads on past
					// it, as though the backslash before it escaped
					// it. Where the backquote ends is the parser's to
					// say, as it is after a quote here.
					l.parse()
				}
			case '`':
				frames = frames[:len(frames)-1]
			case '\'', '"':
				// Quotes inside backquotes: where the backquote ends
				// is the parser's to say.
				l.parse()
			}
			continue
		}
		if plainCode[c] && !(keywordStart[c] && (i == 0 || !isWordByte(src[i-1]))) {
			// Most bytes of a command: nothing to track but the last
			// non-blank one, found when the run ends, up to a special
			// byte or a keyword. The hottest loop of the command
			// reading: the bytes of a word are passed with one class
			// look-up each, and a word that starts as a keyword may but
			// is none is read on here.
			start := i
			if codeClass[c]&classWord != 0 {
				for i+1 < len(src) && codeClass[src[i+1]]&(classPlain|classWord) == classPlain|classWord {
					i++
				}
			}
			// Here and at the top of each round, src[i] is a blank or
			// other plain byte that ends no word, or the last byte of a
			// word.
			for i+1 < len(src) {
				n := codeClass[src[i+1]]
				if n&classPlain == 0 {
					break
				}
				if n&classWord == 0 {
					i++
					continue
				}
				// A word starts at i+1.
				if n&classKeyword != 0 && keywordLen(src[i+1:]) > 0 {
					break
				}
				for i++; i+1 < len(src) && codeClass[src[i+1]]&(classPlain|classWord) == classPlain|classWord; i++ {
				}
			}
			for j := i; j >= start; j-- {
				if !isBlank(src[j]) {
					last = src[j]
					break
				}
			}
			continue
		}
		switch c {
		case '\\':
			i++
			if i < len(src) && src[i] >= 0x80 {
				l.wide[len(l.wide)-1] = true
			}
			if i < len(src) && src[i] == '\n' {
				continue
			}
		case '\'':
			q := Single
			var end int
			if ansiCQuote(src, i) {
				// $'…': a backslash escapes the next byte, a quote too.
				q = ANSIC
				end = i + 1
				for end < len(src) && src[end] != '\'' {
					if src[end] == '\\' {
						end++
					}
					end++
				}
				end = min(end, len(src))
			} else if end = strings.IndexByte(src[i+1:], '\''); end < 0 {
				end = len(src)
			} else {
				end += i + 1
			}
			for i++; i < end; i++ {
				if src[i] >= 0x80 {
					i = l.note(src, i, end, Argument, q) - 1
				}
			}
			if i >= len(src) {
				l.parse() // unterminated
			}
		case '"':
			frames = append(frames, frame{mode: 'd'})
		case '`':
			frames = append(frames, frame{mode: 'b'})
		case '#':
			// A comment starts a word; a blank escaped by a backslash
			// (a \ #b) is part of the word before.
			// So does an operator before it (a&#b, a>#b).
			if i == 0 || strings.IndexByte(" \t\n;&|()<>", src[i-1]) >= 0 && !escaped(src, i-1) {
				if i > 0 && src[i-1] == ')' {
					// After a subshell's ) a comment starts, after the )
					// of $(…) the word goes on: the parser tells them
					// apart.
					l.parse()
				}
				for ; i < len(src) && src[i] != '\n'; i++ {
					if src[i] >= 0x80 {
						i = l.note(src, i, len(src), Comment, Unquoted) - 1
					}
				}
				i--
				continue
			}
		case '(', '{':
			if c == '(' && i > 0 && strings.IndexByte("([?*+@!", src[i-1]) >= 0 {
				// Arithmetic, where << and ) mean other things, or an
				// extended glob, where # and | are pattern text.
				l.parse()
			}
			top.depth++
		case ')', '}':
			switch {
			case top.depth > 0:
				top.depth--
			case c == '}' && len(frames) > 1:
				// A } that closes no { ends no substitution: the
				// parser reads it as a byte of a word ($(}x) runs }x),
				// or fails on it.
				l.parse()
			case len(frames) > 1:
				frames = frames[:len(frames)-1]
			}
		case '<':
			if i+2 < len(src) && src[i+1] == '<' && src[i+2] == '<' {
				// A here-string, <<<: its second and third < start no
				// here-document.
				i += 2
			} else if i+2 < len(src) && src[i+1] == '<' {
				i += 2
				d := i < len(src) && src[i] == '-'
				if d {
					i++
				}
				for i < len(src) && isBlank(src[i]) {
					i++
				}
				start := i
				for i < len(src) && !isBlank(src[i]) && strings.IndexByte("\n;|&)<>", src[i]) < 0 {
					if src[i] == '\\' && i+1 < len(src) {
						// An escaped byte, a blank among them, is part
						// of the delimiter (E\ F is "E F").
						i++
					}
					if src[i] >= 0x80 {
						// A non-ASCII delimiter, and the end line that
						// repeats it, are left to the parser: the
						// runs the lexer places are quoted ones.
						l.wide[len(l.wide)-1] = true
						l.parse()
					}
					i++
				}
				if word := src[start:i]; strings.ContainsAny(word, "'\"") && word[len(word)-1] != '\'' && word[len(word)-1] != '"' {
					// A delimiter quoted only in part ("E"F): whether
					// its body expands is the parser's to say.
					l.parse()
				}
				delim, ok := unquoteDelim(src[start:i])
				if !ok {
					// No line is "\n": the body runs to the end, and
					// the parser reads all of it.
					delim = "\n"
					l.parse()
				}
				heredoc = append(heredoc, delim)
				dash = append(dash, d)
				expands = append(expands, !strings.ContainsAny(src[start:i], "'\"\\"))
				i--
			}
		case '\n':
			for k, delim := range heredoc {
				body, end := skipBody(src, i+1, delim, dash[k])
				if end == len(src) || expands[k] && strings.ContainsAny(src[i+1:end], "$`") {
					// No end line: the << may have been arithmetic. Or
					// the body expands: its substitutions are code.
					l.parse()
				}
				for j := i + 1; j < body; j++ {
					if src[j] >= 0x80 {
						j = l.note(src, j, body, Heredoc, Unquoted) - 1
					}
				}
				i = end
			}
			heredoc, dash, expands = heredoc[:0], dash[:0], expands[:0]
			if len(frames) == 1 && frames[0].depth == 0 && keyword == 0 && last != '|' && last != '&' && i+1 < len(src) {
				l.starts = appendDoubling(l.starts, i+1)
				l.code = appendDoubling(l.code, false)
				l.wide = appendDoubling(l.wide, false)
				l.from = len(l.runs)
			}
			last = 0
			continue
		default:
			if i == 0 || !isWordByte(src[i-1]) {
				if n := keywordLen(src[i:]); n > 0 {
					switch src[i : i+n] {
					case "case", "esac":
						// A case pattern's ) closes nothing.
						l.parse()
						if src[i] == 'c' {
							keyword++
						} else if keyword > 0 {
							keyword--
						}
					case "fi", "done":
						if keyword > 0 {
							keyword--
						}
					default:
						keyword++
					}
					i += n - 1
					last = src[i]
					continue
				}
			}
		}
		if i < len(src) && !isBlank(c) {
			last = c
		}
	}
	if len(frames) > 1 {
		l.parse() // unterminated
	}
	if strings.IndexByte(src, 0) >= 0 {
		// The parser ends words and comments at NUL; the lexer does not.
		for k := range l.code {
			l.code[k] = true
		}
	}
	return l
}

// buildPlainCode makes plainCode, which marks the ASCII bytes that mean
// nothing to the lexer in code, but for the keywords that words starting
// with keywordStart may be.
func buildPlainCode() (t [256]bool) {
	for c := 0; c < 0x80; c++ {
		t[c] = c >= 0x20 && c < 0x7f || c == '\t'
	}
	for _, c := range []byte("\\'\"`#(){}<\n") {
		t[c] = false
	}
	return t
}

// buildCodeClass makes codeClass, which holds plainCode, keywordStart,
// isWordByte and isBlank of each byte as bits, for lex's loop over plain
// code.
func buildCodeClass() (t [256]uint8) {
	plain, keyword, word := buildPlainCode(), buildKeywordStart(), buildWordByte()
	for c := range 256 {
		b := byte(c)
		if plain[b] {
			t[c] |= classPlain
		}
		if keyword[b] {
			t[c] |= classKeyword
		}
		if word[b] {
			t[c] |= classWord
		}
		if isBlank(b) {
			t[c] |= classBlank
		}
	}
	return t
}

const (
	classPlain = 1 << iota
	classKeyword
	classWord
	classBlank
)

// buildSpecialDouble makes specialDouble, which marks the bytes that mean
// something inside double quotes, and the non-ASCII ones, which the lexer
// notes.
func buildSpecialDouble() (t [256]bool) {
	for c := 0x80; c < 0x100; c++ {
		t[c] = true
	}
	for _, c := range []byte("\\\"`$") {
		t[c] = true
	}
	return t
}

// buildKeywordStart makes keywordStart, which marks the first letters of
// the compound-command keywords.
func buildKeywordStart() (t [256]bool) {
	for _, c := range []byte("iwufscde") {
		t[c] = true
	}
	return t
}

// skipBody returns where the here-document body that starts at i ends
// (before the line that holds only delim, after leading tabs when dash)
// and where that line ends.
func skipBody(src string, i int, delim string, dash bool) (body, end int) {
	for i < len(src) {
		end := i
		for end < len(src) && src[end] != '\n' {
			end++
		}
		line := src[i:end]
		if dash {
			for len(line) > 0 && line[0] == '\t' {
				line = line[1:]
			}
		}
		if line == delim {
			return i, end
		}
		i = end + 1
	}
	return len(src), len(src)
}

// unquoteDelim returns the end line of a here-document whose delimiter
// word is s, as the parser reads it: outside quotes a backslash takes
// the byte after it literally; inside single quotes every byte is
// literal; inside double quotes every byte is kept as written, a
// backslash and the byte it escapes both. It reports false for a word
// it does not read: one with an expansion ($, `) or an unclosed quote.
func unquoteDelim(s string) (string, bool) {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '$', '`':
			return "", false
		case '\\':
			if i++; i < len(s) {
				b = append(b, s[i])
			}
		case '\'', '"':
			j := i + 1
			for j < len(s) && s[j] != c {
				if c == '"' {
					if s[j] == '$' || s[j] == '`' {
						return "", false
					}
					if s[j] == '\\' && j+1 < len(s) {
						j++
					}
				}
				j++
			}
			if j == len(s) {
				return "", false
			}
			b = append(b, s[i+1:j]...)
			i = j
		default:
			b = append(b, c)
		}
	}
	return string(b), true
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' }

// escaped reports whether src[j] follows an odd run of backslashes: in
// unquoted code, the byte is then a literal part of its word.
func escaped(src string, j int) bool {
	n := 0
	for k := j - 1; k >= 0 && src[k] == '\\'; k-- {
		n++
	}
	return n%2 == 1
}

// ansiCQuote reports whether the quote at src[i] opens $'…': the '$'
// before it starts a word of its own. The shell reads a run of '$' two
// at a time, each pair the special parameter $$, so of "$$'x'" only
// 'x' is quoted, and of "$$$'x'" the last '$' and 'x' make $'x'. An
// escaped first '$' is a literal one and pairs with none.
func ansiCQuote(src string, i int) bool {
	k := i
	for k > 0 && src[k-1] == '$' {
		k--
	}
	n := i - k // the '$' before the quote
	if n > 0 && escaped(src, k) {
		n--
	}
	return n%2 == 1
}
