package typography

import "github.com/plainsight-dev/plainsight/internal/ucd"

// This file holds the rules for no-break and fine spaces: T1 (high
// punctuation and guillemets), T2 (short words) and T5 (numbers) of
// docs/typography.md.

// highPunctuation reports whether the no-break space at text[i:i+size]
// stands where French typography and its neighbours put one (T1).
func (j *Judge) highPunctuation(i, size int) bool {
	prev, psize := j.before(i)
	next, nsize := j.after(i + size)
	_, prevVisible := visible(prev)
	_, nextVisible := visible(next)
	switch {
	case isHighPunctuation(next) && !startsConversion(j.text[i+size:]):
		// T1.1: before ": ; ! ? % »" and Khmer sentence signs, after a
		// word, a number or a closing sign (T1.3). A '%' that starts a
		// conversion is a number, not a sign: T2 and T5 judge it.
		return prevVisible
	case prev == '\u00ab' || prev == '\u2039':
		// T1.2: after an opening guillemet.
		return nextVisible
	case isSpacedDash(next):
		// A spaced dash keeps the no-break space before it: the dash
		// must not start a line.
		after, _ := j.after(i + size + nsize)
		return prevVisible && isSpace(after)
	case isSpacedDash(prev):
		// And the one after it, as French writes a dialogue or
		// parenthetical dash.
		before, _ := j.before(i - psize)
		return nextVisible && isSpace(before)
	}
	return false
}

// isHighPunctuation reports whether r is one of the signs that French
// typography separates from the preceding word: the high punctuation, the
// percent sign, the closing guillemets, and the Khmer sentence signs
// U+17D4 KHAN, U+17D5 BARIYOOSAN and U+17D6 CAMNUC PII KUUH.
func isHighPunctuation(r rune) bool {
	switch r {
	case ':', ';', '!', '?', '%', '\u00bb', '\u203a', '\u203c', '\u2047', '\u2048', '\u2049',
		'\u17d4', '\u17d5', '\u17d6':
		return true
	}
	return false
}

// isSpacedDash reports whether r is a dash that prose sets between
// spaces: EN DASH or EM DASH.
func isSpacedDash(r rune) bool { return r == '\u2013' || r == '\u2014' }

// shortWord reports whether the no-break space at text[i:i+size] follows
// a word of one or two letters and precedes a word or number (T2).
func (j *Judge) shortWord(i, size int) bool {
	k, letters := i, 0
	var script ucd.Script
	for letters < 3 {
		r, rsize := j.before(k)
		p, ok := visible(r)
		if !ok || !p.Category().IsLetter() {
			break
		}
		if letters > 0 && p.Script() != script {
			return false
		}
		script = p.Script()
		letters++
		k -= rsize
	}
	if letters == 0 || letters > 2 {
		return false
	}
	if r, _ := j.before(k); !isSpace(r) && !isNoBreakSpace(r) && !isOpening(r) {
		return false
	}
	next, _ := j.after(i + size)
	return isLetter(next) || isDigit(next) || isOpening(next) ||
		startsConversion(j.text[i+size:])
}

// isOpening reports whether r opens a bracket or a quotation
// (General_Category Ps or Pi, and the low-9 quotation marks, which are Ps).
func isOpening(r rune) bool {
	p, ok := visible(r)
	return ok && (p.Category() == ucd.Ps || p.Category() == ucd.Pi)
}

// number reports whether the space at text[i:i+size] separates digit
// groups, or a number and its unit or sign (T5).
func (j *Judge) number(i, size int) bool {
	prev, _ := j.before(i)
	next, _ := j.after(i + size)
	switch {
	case isDigit(prev) && isDigit(next):
		// T5.1: a group separator: one to three digits, then exactly
		// three.
		back := j.digitsBefore(i)
		return 1 <= back && back <= 3 && j.digitsAfter(i+size) == 3
	case isDigit(prev) || j.conversionEndsAt(i):
		// T5.2, T5.3: a unit of at most four letters (optionally an
		// abbreviation's full stop), or a sign that follows numbers.
		if isLetter(next) {
			n := j.lettersAfter(i + size)
			return 1 <= n && n <= 4
		}
		return isNumberSign(next)
	case prev == '\u2116' || prev == '\u00a7' || prev == '\u00d7' || isCurrency(prev):
		// A sign that precedes numbers: numero, section, times, currency.
		return isDigit(next) || startsConversion(j.text[i+size:])
	}
	return false
}

// isNumberSign reports whether r is a sign written after a number and a
// space: percent, per mille, degree, degree Celsius and Fahrenheit,
// multiplication, or a currency symbol.
func isNumberSign(r rune) bool {
	switch r {
	case '%', '\u2030', '\u00b0', '\u2103', '\u2109', '\u00d7':
		return true
	}
	return isCurrency(r)
}

func isCurrency(r rune) bool {
	p, ok := visible(r)
	return ok && p.Category() == ucd.Sc
}

// digitsBefore counts the digits that end at text[i], up to four.
func (j *Judge) digitsBefore(i int) int {
	n := 0
	for n < 4 {
		r, size := j.before(i)
		if !isDigit(r) {
			break
		}
		n++
		i -= size
	}
	return n
}

// digitsAfter counts the digits that start at text[i], up to four.
func (j *Judge) digitsAfter(i int) int {
	n := 0
	for n < 4 {
		r, size := j.after(i)
		if !isDigit(r) {
			break
		}
		n++
		i += size
	}
	return n
}

// lettersAfter counts the letters of the word that starts at text[i], up
// to five.
func (j *Judge) lettersAfter(i int) int {
	n := 0
	for n < 5 {
		r, size := j.after(i)
		if !isLetter(r) {
			break
		}
		n++
		i += size
	}
	return n
}

// conversionEndsAt reports whether a printf conversion whose value is a
// number (or a string, which catalogs use for formatted numbers) ends at
// text[i].
func (j *Judge) conversionEndsAt(i int) bool {
	for k := i - 2; k >= 0 && k >= i-maxConversionLen; k-- {
		if j.text[k] == '%' && conversionLen(j.text[k:]) == i-k {
			switch j.text[i-1] {
			case 'd', 'i', 'o', 'u', 'x', 'X', 'e', 'E', 'f', 'F', 'g', 'G', 'a', 'A', 's':
				return true
			}
			return false
		}
	}
	return false
}
