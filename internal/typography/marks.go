package typography

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/bidi"
)

// This file holds the rule for implicit direction marks: T7 of
// docs/typography.md.

// isDirectionMark reports whether r is LRM, RLM or ALM.
func isDirectionMark(r rune) bool { return r == '\u200e' || r == '\u200f' || r == '\u061c' }

// directionMark reports whether the direction mark at text[i:i+size]
// settles the direction of neutral or weak characters at the edge of a
// word or number in a right-to-left line (T7; UAX #9, 2.6 "Implicit
// Directional Marks"), rather than standing inside a word or a number.
func (j *Judge) directionMark(i, size int) bool {
	if !j.rtlLine(i) {
		return false
	}
	start, end, ok := j.run(i, size, isDirectionMark)
	if !ok {
		return false
	}
	prev, psize := j.before(start)
	next, nsize := j.after(end)
	switch {
	case isLetter(prev) && isLetter(next), isDigit(prev) && isDigit(next):
		return false
	case isDigit(prev) && (next == '.' || next == ','):
		r, _ := j.after(end + nsize)
		return !isDigit(r)
	case (prev == '.' || prev == ',') && isDigit(next):
		r, _ := j.before(start - psize)
		return !isDigit(r)
	}
	return true
}

// rtlLine reports whether the line that holds text[i] holds a letter of
// Bidi_Class R or AL. The answer is cached for the line, so that asking
// for every code point of a text in order scans each line once.
func (j *Judge) rtlLine(i int) bool {
	if j.rtl != 0 && j.lineStart <= i && i < j.lineEnd {
		return j.rtl > 0
	}
	j.lineStart = strings.LastIndexByte(j.text[:i], '\n') + 1
	j.lineEnd = len(j.text)
	if n := strings.IndexByte(j.text[i:], '\n'); n >= 0 {
		j.lineEnd = i + n
	}
	j.rtl = -1
	for _, r := range j.text[j.lineStart:j.lineEnd] {
		if r < 0x590 || r == utf8.RuneError {
			continue
		}
		if p, _ := bidi.LookupRune(r); (p.Class() == bidi.R || p.Class() == bidi.AL) && isLetter(r) {
			j.rtl = 1
			break
		}
	}
	return j.rtl > 0
}
