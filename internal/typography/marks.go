package typography

// This file holds the rule for implicit direction marks: T7 of
// docs/typography.md.

// isDirectionMark reports whether r is LRM, RLM or ALM.
func isDirectionMark(r rune) bool { return r == '\u200e' || r == '\u200f' || r == '\u061c' }

// directionMark reports whether the direction mark at text[i:i+size]
// settles the direction of neutral or weak characters at the edge of a
// word or number in a right-to-left line (T7; UAX #9, 2.6 "Implicit
// Directional Marks"), rather than standing inside a word or a number.
func (j *Judge) directionMark(i, size int) bool {
	if !j.line(i).rtl {
		return false
	}
	start, end, ok := j.run(i, size, isDirectionMark)
	if !ok {
		return false
	}
	prev, psize := j.before(start)
	next, nsize := j.after(end)
	switch {
	case isControl(prev):
		return false
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
