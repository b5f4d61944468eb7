package spoof

import (
	"strings"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/typography"
)

// typographicPunctuation refines the class cls of the lookalike r at
// text[i:i+size], which passes for form, where the typography of prose
// puts it whatever the line (docs/typography.md, T3 and T9):
//
//   - a quotation mark around a lone printf conversion ("\u2018%s\u2019")
//     or a lone ASCII sign ("missing \u2018)\u2019"), or of a quoted term
//     joined by a hyphen ("\u201d.plt\u201d-tiedosto"), an ellipsis that
//     ends a word ("wait [pid \u2026]"), U+2236 RATIO between the fields
//     of a time ("15\u223630", "%H\u2236%M"), a hyphen inside a compound
//     word ("Tabulator\u2010Zeichen"; in lowercase words, "reubicar\u2010lo",
//     only away from the place of a command name) and a run of dashes
//     between spaces never warn;
//   - a pair of fullwidth parentheses on a line with CJK letters is a
//     CJK parenthesis (W3C CLREQ, "Brackets") and never warns: no shell
//     groups with them ("  md5    \uff08\u7b49\u4ef7\u4e8e md5sum\uff09");
//   - a low-9 quotation mark that opens a word ("\u201a%s\u2019", the
//     quotation marks of German, Czech, Slovak and Polish) is a quotation
//     mark, not a comma: it warns only where a curly quote does;
//   - the Armenian full stop and mijaket after an Armenian sentence, and
//     CJK punctuation next to a conversion (the conversion stands for
//     the CJK text: "%s\uff1a%s") or at the end of a word ("URI\uff1a
//     %s", a label whose CJK text the line lacks), warn only on a line
//     that reads as a command. Only the punctuation of sentences
//     (": , . ? !") takes these places; the fullwidth forms of shell
//     operators ("true\uff1b rm") and CJK punctuation inside a word
//     ("https\uff1a//") keep their warning.
func (s *Scanner) typographicPunctuation(i, size int, r rune, cls lookClass, form string) lookClass {
	if cls <= lookIgnore || s.role != RoleAny && !s.role.prose() {
		// The words of a parsed command outside quotes and comments are
		// judged as the shell reads them, not as typography.
		return cls
	}
	quote := isQuoteForm(form) || r == '\u201a' || r == '\u201e'
	switch {
	case quote && (typography.QuotesConversion(s.text, i, size) || typography.QuotesSign(s.text, i, size) ||
		typography.QuotesCompound(s.text, i, size)):
		return lookIgnore
	case (form == "..." || form == "..") && typography.EndsOmission(s.text, i+size),
		r == '\u2236' && typography.TimeSeparator(s.text, i, size):
		return lookIgnore
	case (r == '\u2010' || r == '\u2011') && (typography.CompoundHyphen(s.text, i, size) ||
		typography.LowercaseCompound(s.text, i, size) && !s.strictCommandLine() && !s.commandNamePlace()):
		return lookIgnore
	case form == "-" && s.spacedDashRun(i, size):
		return lookIgnore
	case (r == '\u201a' || r == '\u201e') && i == s.wordStart && i+size < len(s.text) && s.text[i+size] != ' ':
		return lookProse
	case (r == '\u0589' || r == '\u2024') && typography.ArmenianPunctuation(s.text, i, size):
		return lookSoft
	case (r == '\uff08' || r == '\uff09') && s.cjkLine() && s.fullwidthPair(i, size, r):
		return lookIgnore
	case cls == lookCJK && isSentencePunct(form) &&
		(typography.TouchesConversion(s.text, i, i+size) || s.endsWordAt(i+size)):
		return lookSoft
	}
	return cls
}

// isQuoteForm reports whether form, the ASCII a lookalike passes for, is
// a quotation mark.
func isQuoteForm(form string) bool {
	switch form {
	case "'", "\"", "''", "`":
		return true
	}
	return false
}

// maxDashRun bounds the run of dashes that spacedDashRun reads.
const maxDashRun = 4

// spacedDashRun reports whether the dash at text[i:i+size] belongs to a
// run of at most maxDashRun dashes with a space or the line's edge on both
// sides: a parenthetical dash, also set between no-break or thin spaces
// ("selhalo\u00a0\u2013 z\u00e1znam", "atribut\u2009\u2013\u2009hodnota"), or a
// doubled en dash that stands for an em dash
// ("\u0433\u0440\u0435\u0448\u043a\u0430 \u2013\u2013 \u043e\u0432\u0430") (T9).
func (s *Scanner) spacedDashRun(i, size int) bool {
	start, end := i, i+size
	for n := 0; ; n++ {
		r, rsize := utf8.DecodeLastRuneInString(s.text[:start])
		if rsize == 0 || !isDash(r) {
			break
		}
		if n == maxDashRun {
			return false
		}
		start -= rsize
	}
	for n := 0; ; n++ {
		r, rsize := utf8.DecodeRuneInString(s.text[end:])
		if rsize == 0 || !isDash(r) {
			break
		}
		if n == maxDashRun {
			return false
		}
		end += rsize
	}
	before, _ := utf8.DecodeLastRuneInString(s.text[:start])
	after, _ := utf8.DecodeRuneInString(s.text[end:])
	return (start == 0 || spaceEdge(before)) && (end == len(s.text) || spaceEdge(after))
}

// spaceEdge reports whether r is a space that can stand beside a spaced
// dash: a space, a line break, or a no-break, thin or hair space.
func spaceEdge(r rune) bool {
	switch r {
	case ' ', '\n', '\u00a0', '\u202f', '\u2009', '\u200a':
		return true
	}
	return false
}

// maxNameScan bounds how far commandNamePlace reads.
const maxNameScan = 256

// commandNamePlace reports whether the current word is the first or the
// second word of its line: where a command name stands, alone or after a
// prefix command ("sudo apt\u2010get install x").
func (s *Scanner) commandNamePlace() bool {
	line := s.text[s.lineStart:s.wordStart]
	if len(line) > maxNameScan {
		return false
	}
	words := 0
	for range strings.FieldsSeq(line) {
		words++
	}
	return words < 2
}

// endsWordAt reports whether a word ends at text[i]: the end of the text,
// white space, or markup, a quotation mark or a closing bracket that ends
// a label ("<b>URI\uff1a</b>").
func (s *Scanner) endsWordAt(i int) bool {
	if i >= len(s.text) {
		return true
	}
	switch s.text[i] {
	case ' ', '\t', '\n', '<', '\'', '"', ')', ']':
		return true
	}
	return false
}

// isSentencePunct reports whether form is the punctuation of a sentence
// that a shell does not read as an operator: ": , . ? !".
func isSentencePunct(form string) bool {
	switch form {
	case ":", ",", ".", "?", "!":
		return true
	}
	return false
}

// fullwidthPair reports whether the fullwidth parenthesis r at
// text[i:i+size] has its partner on the same line, at most maxNameScan
// bytes away: the opening one before a closing one, or the closing one
// after an opening one.
func (s *Scanner) fullwidthPair(i, size int, r rune) bool {
	line := s.line()
	at := i - s.lineStart
	if r == '\uff09' {
		before := line[max(0, at-maxNameScan):at]
		return strings.Contains(before, "\uff08")
	}
	after := line[at+size : min(len(line), at+size+maxNameScan)]
	return strings.Contains(after, "\uff09")
}
