package spoof

import (
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
//     ends a word ("wait [pid \u2026]"), a hyphen inside a compound word
//     ("Tabulator\u2010Zeichen") and a run of dashes between spaces never
//     warn;
//   - a low-9 quotation mark that opens a word ("\u201a%s\u2019", the
//     quotation marks of German, Czech, Slovak and Polish) is a quotation
//     mark, not a comma: it warns only where a curly quote does;
//   - U+2236 RATIO between the fields of a time ("15\u223630",
//     "%H\u2236%M") is a time separator, and warns likewise;
//   - the Armenian full stop and mijaket after an Armenian sentence, and
//     CJK punctuation next to a conversion (the conversion stands for
//     the CJK text: "%s\uff1a%s"), warn only on a line that reads as a
//     command.
func (s *Scanner) typographicPunctuation(i, size int, r rune, cls lookClass, form string) lookClass {
	if cls <= lookIgnore {
		return cls
	}
	quote := isQuoteForm(form) || r == '\u201a' || r == '\u201e'
	switch {
	case quote && (typography.QuotesConversion(s.text, i, size) || typography.QuotesSign(s.text, i, size) ||
		typography.QuotesCompound(s.text, i, size)):
		return lookIgnore
	case (form == "..." || form == "..") && typography.EndsOmission(s.text, i+size):
		return lookIgnore
	case (r == '\u2010' || r == '\u2011') && typography.CompoundHyphen(s.text, i, size):
		return lookIgnore
	case form == "-" && s.spacedDashRun(i, size):
		return lookIgnore
	case (r == '\u201a' || r == '\u201e') && i == s.wordStart && i+size < len(s.text) && s.text[i+size] != ' ':
		return lookProse
	case r == '\u2236' && typography.TimeSeparator(s.text, i, size):
		return lookProse
	case (r == '\u0589' || r == '\u2024') && typography.ArmenianPunctuation(s.text, i, size):
		return lookSoft
	case cls == lookCJK && form != "" && (form[0] < '0' || form[0] > '9') && typography.TouchesConversion(s.text, i, i+size):
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
// sides: a doubled en dash that stands for an em dash
// ("\u0433\u0440\u0435\u0448\u043a\u0430 \u2013\u2013 \u043e\u0432\u0430"), as a single spaced dash
// is a parenthetical dash (T9).
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
	edge := func(b byte) bool { return b == ' ' || b == '\n' }
	return (start == 0 || edge(s.text[start-1])) && (end == len(s.text) || edge(s.text[end])) && end-start > size
}
