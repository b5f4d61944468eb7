// Package typography decides whether an invisible or unusual space
// character stands where the typography of a living language puts it: a
// no-break space before a French colon, a zero-width space between Khmer
// words, a right-to-left mark after a Latin word in a Hebrew sentence.
// docs/typography.md states each rule and the convention it follows; the
// rules here are T1, T2, T4 to T7 and T11 to T13 of that page, the ones
// that judge a single code point by its neighbours, with the line tests
// of T3 and T8 and the time separator of T9.
//
// A rule admits only the places it names; everything else, including
// anything that merely resembles such a place, is [None]. Each rule looks
// at a bounded window around the code point, so judging every code point
// of a text takes linear time.
package typography

import (
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/names"
	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// A Rule names the typographic convention under which a code point stands
// in its place.
type Rule uint8

const (
	// None: the code point stands in no typographic place.
	None Rule = iota
	// HighPunctuation: a no-break space before a high punctuation mark or
	// closing guillemet, or after an opening guillemet (French and its
	// neighbours; Khmer before its sentence signs); also around a spaced
	// dash (T1).
	HighPunctuation
	// ShortWord: a no-break space after a word of one or two letters
	// (Czech, Slovak, Polish, Esperanto) (T2).
	ShortWord
	// WordSeparator: a zero-width space between words of a script written
	// without spaces (Line_Break=SA: Thai, Lao, Khmer, Myanmar and their
	// kin) (T4).
	WordSeparator
	// Number: a no-break or fine space between digit groups, or between a
	// number and its unit or sign (T5).
	Number
	// FinalNonJoiner: a zero-width non-joiner at the end of a word, after
	// a virama (Indic explicit virama) or after a joining Arabic-script
	// letter (Persian) (T6).
	FinalNonJoiner
	// DirectionMark: LRM, RLM or ALM in a right-to-left line, at the edge
	// of a word or number rather than inside one (T7).
	DirectionMark
	// IdeographicSpace: an ideographic space in Chinese, Japanese or
	// Korean text (T11).
	IdeographicSpace
	// WordSpace: a no-break space between two words, or between a word
	// and its number; between words of ASCII letters, only where they do
	// not read as a command (T12, T13).
	WordSpace
	// MorphemeBoundary: a zero-width non-joiner between the parts of a
	// Persian word after a letter that does not join on its left (T6).
	MorphemeBoundary

	numRules
)

var ruleNames = names.Table[Rule]{
	None:             "none",
	HighPunctuation:  "high_punctuation",
	ShortWord:        "short_word",
	WordSeparator:    "word_separator",
	Number:           "number",
	FinalNonJoiner:   "final_non_joiner",
	DirectionMark:    "direction_mark",
	IdeographicSpace: "ideographic_space",
	WordSpace:        "word_space",
	MorphemeBoundary: "morpheme_boundary",
}

// String returns the stable name of r, such as "high_punctuation".
func (r Rule) String() string { return ruleNames.String(r, "Rule") }

// maxRun bounds how many repeated zero-width spaces or direction marks a
// rule walks over, and how far it looks for a conversion's '%': a longer
// run is not typography.
const maxRun = 4

// JudgedAsRun reports whether At judges every copy of the code point r in
// a run of copies the same: the zero-width space and the direction marks,
// whose rules (T4, T7) read the run they stand in as a whole, its
// neighbours and its length. The rules of the other code points that
// Placed names read each one's own neighbours.
func JudgedAsRun(r rune) bool { return r == '\u200b' || isDirectionMark(r) }

// A Judge applies the rules to the code points of one text. It caches
// whether the current line is right-to-left, so that judging the code
// points of a text in order takes linear time. The zero value judges the
// empty text, of unknown role; Reset gives it another.
type Judge struct {
	// Prose says that the text is prose (ContextProse): no line of it
	// reads as a command as a whole, though a clause of it still can
	// (T13).
	Prose bool

	text      string
	lineKnown bool // facts hold for text[lineStart:lineEnd]
	lineStart int
	lineEnd   int
	facts     lineFacts
}

// Reset makes j judge text, of the same role.
func (j *Judge) Reset(text string) {
	*j = Judge{text: text, Prose: j.Prose}
}

// Placed reports whether r is one of the code points that can stand in a
// typographic place: U+00A0, U+2007, U+2009, U+200A, U+200B, U+200C,
// U+200E, U+200F, U+202F, U+3000 and U+061C. For any other, At is None.
func Placed(r rune) bool {
	switch r {
	case '\u00a0', '\u202f', '\u2007', '\u2009', '\u200a', '\u200b', '\u200c', '\u200e', '\u200f', '\u061c', '\u3000':
		return true
	}
	return false
}

// At returns the rule under which the code point that starts at text[i]
// stands in a typographic place, or None. Only the code points that
// Placed reports can have one.
func (j *Judge) At(i int) Rule {
	if i < 0 || i >= len(j.text) {
		return None
	}
	r, size := utf8.DecodeRuneInString(j.text[i:])
	switch r {
	case '\u00a0', '\u202f':
		switch {
		case j.highPunctuation(i, size):
			return HighPunctuation
		case j.number(i, size):
			return Number
		case j.shortWord(i, size):
			return ShortWord
		case j.wordSpace(i, size):
			return WordSpace
		}
	case '\u2007', '\u2009', '\u200a':
		if j.number(i, size) {
			return Number
		}
		if r != '\u2007' && j.spacedDash(i, size) {
			return HighPunctuation
		}
	case '\u200b':
		if j.wordSeparator(i, size) {
			return WordSeparator
		}
	case '\u200c':
		if j.finalNonJoiner(i, size) {
			return FinalNonJoiner
		}
		if j.morphemeBoundary(i, size) {
			return MorphemeBoundary
		}
	case '\u200e', '\u200f', '\u061c':
		if j.directionMark(i, size) {
			return DirectionMark
		}
	case '\u3000':
		if j.ideographicSpace(i, size) {
			return IdeographicSpace
		}
	}
	return None
}

// boundary stands for the start or end of the text or of a line in the
// neighbour of a code point.
const boundary = -1

// before returns the code point that ends at text[i], and its size; at the
// start of the text or of a line, boundary.
func (j *Judge) before(i int) (rune, int) {
	if i <= 0 {
		return boundary, 0
	}
	r, size := utf8.DecodeLastRuneInString(j.text[:i])
	if r == '\n' {
		return boundary, 0
	}
	return r, size
}

// after returns the code point that starts at text[i], and its size; at
// the end of the text or of a line, boundary.
func (j *Judge) after(i int) (rune, int) {
	if i >= len(j.text) {
		return boundary, 0
	}
	r, size := utf8.DecodeRuneInString(j.text[i:])
	if r == '\n' {
		return boundary, 0
	}
	return r, size
}

// isSpace reports whether r separates words: a space or the boundary of a
// line. A tab does not count: Sanitize shows it as \t, and a rule must judge
// its output as it judged its input (see isControl).
func isSpace(r rune) bool { return r == ' ' || r == boundary }

// isControl reports whether r is a control that Sanitize escapes as \xNN
// or \t. On the left of a code point such an escape ends in a letter or a
// digit, so the rules never count on a control there: under ContextProse,
// where a typographic code point is shown as itself, sanitizing the output
// again must judge it the same way.
func isControl(r rune) bool {
	return r >= 0 && r < 0x20 && r != '\n' || r >= 0x7f && r <= 0x9f
}

// isNoBreakSpace reports whether r is one of the spaces the rules place.
func isNoBreakSpace(r rune) bool {
	return r == '\u00a0' || r == '\u202f' || r == '\u2007' || r == '\u2009' || r == '\u200a'
}

// visible returns the properties of r if r is a code point that Sanitize
// shows as itself in a text (a letter, mark, digit, punctuation or
// symbol that is not default-ignorable), and whether it is.
func visible(r rune) (ucd.Props, bool) {
	if r < 0 {
		return 0, false
	}
	p := ucd.Lookup(r)
	cat := p.Category()
	ok := (cat.IsLetter() || cat.IsMark() || cat.IsNumber() || cat.IsPunct() || cat.IsSymbol()) && !p.DefaultIgnorable()
	return p, ok
}

// isLetter reports whether r is a visible letter or mark.
func isLetter(r rune) bool {
	p, ok := visible(r)
	return ok && (p.Category().IsLetter() || p.Category().IsMark())
}

// isDigit reports whether r is a decimal digit of any system.
func isDigit(r rune) bool {
	if '0' <= r && r <= '9' {
		return true
	}
	p, ok := visible(r)
	return ok && p.Category() == ucd.Nd
}
