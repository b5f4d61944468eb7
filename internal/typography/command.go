package typography

import (
	"strings"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// This file holds the test of T3 and T9 of docs/typography.md: whether a
// line reads as a shell command, where curly quotes, dashes and the
// ellipsis pass for ASCII, or as a sentence, where they are typography.

// ReadsAsCommand reports whether line reads as a shell command rather than
// a sentence. After optional white space, a backquote and a "$ " prompt,
// its first word must be a lowercase ASCII command name followed by white
// space; and outside quoted spans, the line must hold a shell signal (a
// word that starts with '-', or one of | > < & ; $ = and the backquote) or
// fewer than three words with a letter and no full stop at the end of the
// line (a sentence's). "echo \u201chi\u201d" and
// "git commit -m \u201cfix\u201d" read as commands; "file \u201c%s\u201d is
// not a directory" reads as a sentence.
//
// A quoted span runs from a word that starts with a quotation mark to the
// next word that ends with one, before any trailing punctuation.
func ReadsAsCommand(line string) bool {
	if !LeadsWithCommand(line) {
		return false
	}
	line = trimBlankLeft(line)
	line = strings.TrimPrefix(line, "`")
	line = strings.TrimPrefix(line, "$ ")
	words, quoted := 0, false
	for w := range strings.FieldsSeq(line) {
		first, _ := utf8.DecodeRuneInString(w)
		opened := !quoted && isQuote(first)
		if opened {
			quoted = true
		}
		if quoted {
			// The closing mark may stand before the sentence's punctuation:
			// "\u2018%s\u2019:", "\u201c%s\u201d\u2026".
			last, _ := utf8.DecodeLastRuneInString(trimSentencePunct(w))
			// A word that ends with a quotation mark closes the span,
			// unless it is the lone mark that opened it ("\u00ab %s \u00bb");
			// so does a word that opens and closes a span and goes on
			// ("\u201dThumb\u201d-funktio").
			rest := w
			if opened {
				rest = w[utf8.RuneLen(first):]
			}
			if isQuote(last) && !(opened && rest == "") || opened && strings.IndexFunc(rest, isQuote) >= 0 {
				quoted = false
			}
			continue
		}
		if len(w) > 1 && w[0] == '-' || hasShellSignal(w) {
			return true
		}
		// Three words with a letter decide: later ones need no count.
		if words < 3 && strings.IndexFunc(w, isLetter) >= 0 {
			words++
		}
	}
	return words < 3 && !endsSentence(line)
}

// endsSentence reports whether line ends with a full stop glued to a word
// or a closing quotation mark ("argument to \u2018bg\u2019."): the end of a
// sentence. A command ends a word with a dot only in a path ("cd ..").
func endsSentence(line string) bool {
	line = strings.TrimRight(line, " \t")
	if !strings.HasSuffix(line, ".") {
		return false
	}
	r, _ := utf8.DecodeLastRuneInString(line[:len(line)-1])
	return isLetter(r) || isQuote(r) && r != '`'
}

// LeadsWithCommand reports whether line, after optional white space, a
// backquote and a "$ " prompt, starts with a lowercase ASCII command name
// ("rm", "git", "python3", also in fullwidth letters) followed by white
// space: the first test of ReadsAsCommand, and the whole test the
// lookalike check applies to dashes and fullwidth letters.
func LeadsWithCommand(line string) bool {
	line = trimBlankLeft(line)
	line = strings.TrimPrefix(line, "`")
	line = strings.TrimPrefix(line, "$ ")
	n := 0
	for _, r := range line {
		if r >= 0xFF41 && r <= 0xFF5A {
			r -= 0xFF41 - 'a'
		}
		switch {
		case 'a' <= r && r <= 'z':
		case n > 0 && ('0' <= r && r <= '9' || r == '.' || r == '_' || r == '-' || r == '+'):
		case n > 0 && (r == ' ' || r == '\t'):
			return true
		default:
			return false
		}
		n++
	}
	return false
}

// isQuote reports whether r is a quotation mark: ASCII ' " and `, or of
// General_Category Pi or Pf, or a low-9 quotation mark.
func isQuote(r rune) bool {
	if r < utf8.RuneSelf {
		return r == '\'' || r == '"' || r == '`' // no ASCII is Pi or Pf
	}
	switch r {
	case '\'', '"', '`', '\u201a', '\u201e':
		return true
	}
	p, ok := visible(r)
	return ok && (p.Category() == ucd.Pi || p.Category() == ucd.Pf)
}

// The word tests of ReadsAsCommand run once per line of text outside
// prose, on every word of it: they look at bytes, as the strings functions
// they stand for do not with these cutsets (a non-ASCII one decodes every
// rune from the end; an ASCII one is built anew at each call).

// trimBlankLeft is strings.TrimLeft(s, " \t").
func trimBlankLeft(s string) string {
	for len(s) > 0 && (s[0] == ' ' || s[0] == '\t') {
		s = s[1:]
	}
	return s
}

// trimSentencePunct is strings.TrimRight(w, ".,:;!?\u2026"): the
// punctuation a closing quotation mark may stand before. An ASCII byte is
// a rune of its own even after invalid UTF-8, as in TrimRight.
func trimSentencePunct(w string) string {
	for len(w) > 0 {
		switch c := w[len(w)-1]; {
		case c == '.' || c == ',' || c == ':' || c == ';' || c == '!' || c == '?':
			w = w[:len(w)-1]
		case strings.HasSuffix(w, "\u2026"):
			w = w[:len(w)-len("\u2026")]
		default:
			return w
		}
	}
	return w
}

// hasShellSignal is strings.ContainsAny(w, "|><&;$=`"): those bytes never
// occur inside the UTF-8 of another rune.
func hasShellSignal(w string) bool {
	for i := 0; i < len(w); i++ {
		switch w[i] {
		case '|', '>', '<', '&', ';', '$', '=', '`':
			return true
		}
	}
	return false
}
