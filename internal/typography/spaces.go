package typography

import (
	"strings"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/ucd"
)

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
	case next == ' ' || next == '\u00a0' || next == '\u202f':
		// The first of two spaces before a high punctuation mark.
		r, _ := j.after(i + size + nsize)
		return prevVisible && isHighPunctuation(r) && !startsConversion(j.text[i+size+nsize:])
	case isHighPunctuation(next) && !startsConversion(j.text[i+size:]) || strings.HasPrefix(j.text[i+size:], "..."):
		// T1.1: before ": ; ! ? % » \u2026" and Khmer sentence signs,
		// after a word, a number or a closing sign. A '%' that starts
		// a conversion is a number, not a sign: T2 and T5 judge it.
		if prevVisible || prev == boundary {
			// At the start of a line, the sign follows the value the
			// program puts before the string ("\u00a0: %s").
			return true
		}
		switch {
		case prev == '\u200b':
			// Khmer: the zero-width space that ends the last word.
			return j.wordSeparator(i-psize, psize)
		case prev == '\u00a0' || prev == '\u202f':
			// One space doubled: the gap is wide, but nothing hides in
			// it.
			r, _ := j.before(i - psize)
			_, ok := visible(r)
			return ok
		case prev == ' ' || prev == '\t':
			// A label aligned with spaces or tabs, then the space of
			// the colon ("Nom        \u00a0: %s").
			return j.afterBlanks(i)
		}
		return false
	case prev == '\u00ab' || prev == '\u2039':
		// T1.2: after an opening guillemet; at the end of a line, the
		// quoted value follows in the next string.
		return nextVisible || next == boundary
	case next == boundary:
		// At the end of a line, where the program appends the sign
		// ("R\u00e9solution\u202f" and ":").
		return j.endsWord(i)
	}
	return j.spacedDash(i, size)
}

// maxBlanks bounds the run of spaces and tabs that afterBlanks reads.
const maxBlanks = 64

// afterBlanks reports whether text[:i] ends in a run of spaces and tabs
// that follows a visible code point.
func (j *Judge) afterBlanks(i int) bool {
	for n := 0; n < maxBlanks; n++ {
		r, size := j.before(i)
		if r != ' ' && r != '\t' {
			return n > 0 && j.endsWord(i)
		}
		i -= size
	}
	return false
}

// endsWord reports whether text[:i] ends in a visible code point, or in a
// zero-width space that ends a word of a script written without spaces
// (T4).
func (j *Judge) endsWord(i int) bool {
	r, size := j.before(i)
	if _, ok := visible(r); ok {
		return true
	}
	return r == '\u200b' && j.wordSeparator(i-size, size)
}

// spacedDash reports whether the space at text[i:i+size] stands next to a
// dash set between spaces (T1.3): a spaced dash keeps the no-break or fine
// space before it, for the dash must not start a line (Polish, Czech,
// Norwegian), and the one after it, as French writes a dialogue or
// parenthetical dash; English sets an em dash between thin or hair spaces
// (The Chicago Manual of Style, 6.85). The space on the dash's other side
// may be a space or a space of the same kind.
func (j *Judge) spacedDash(i, size int) bool {
	prev, psize := j.before(i)
	next, nsize := j.after(i + size)
	// The space on the far side counts if this rule keeps it too; were
	// it escaped, sanitizing the output again would find a backslash
	// there and judge this space differently. A space between two dashes
	// ("-\u00a0-") may stand before the one and after the other: either
	// keeps it.
	if isSpacedDash(next) {
		far := i + size + nsize
		after, asize := j.after(far)
		if j.opensDash(i) && (isSpace(after) || isDashSpace(after) && j.closesDash(far+asize)) {
			return true
		}
	}
	if isSpacedDash(prev) {
		far := i - psize
		before, bsize := j.before(far)
		if j.closesDash(i+size) && (isSpace(before) || isDashSpace(before) && j.opensDash(far-bsize)) {
			return true
		}
	}
	return false
}

// isDashSpace reports whether r is a space that this rule places beside a
// dash: a no-break space other than U+2007 FIGURE SPACE, which belongs in
// numbers only (T5).
func isDashSpace(r rune) bool { return isNoBreakSpace(r) && r != '\u2007' }

// opensDash reports whether a space that starts at text[i] may stand
// before a spaced dash: after a word, after blanks that follow one, or at
// the start of a line, after the value the program puts before it.
func (j *Judge) opensDash(i int) bool {
	prev, _ := j.before(i)
	_, ok := visible(prev)
	return ok || prev == boundary || (prev == ' ' || prev == '\t') && j.afterBlanks(i)
}

// closesDash reports whether a space that ends at text[i] may stand after
// a spaced dash: before a word or sign.
func (j *Judge) closesDash(i int) bool {
	next, _ := j.after(i)
	_, ok := visible(next)
	return ok
}

// isHighPunctuation reports whether r is one of the signs that French
// typography separates from the preceding word: the high punctuation, the
// percent sign, the closing guillemets, the ellipsis that stands for
// omitted words or items ("KB, MB,\u00a0\u2026"), and the Khmer sentence signs
// U+17D4 KHAN, U+17D5 BARIYOOSAN and U+17D6 CAMNUC PII KUUH.
func isHighPunctuation(r rune) bool {
	switch r {
	case ':', ';', '!', '?', '%', '\u00bb', '\u203a', '\u203c', '\u2047', '\u2048', '\u2049',
		'\u2026', '\u17d4', '\u17d5', '\u17d6':
		return true
	}
	return false
}

// isSpacedDash reports whether r is a dash that prose sets between
// spaces: EN DASH or EM DASH, or a hyphen that stands for one.
func isSpacedDash(r rune) bool {
	switch r {
	case '\u2013', '\u2014', '-', '\u2010', '\u2011':
		return true
	}
	return false
}

// shortWord reports whether the no-break space at text[i:i+size] follows
// a short word and precedes a word or number (T2): a word of one or two
// letters (a Czech, Slovak or Polish preposition or conjunction), an
// abbreviation of one to three letters and a full stop ("p.\u00a0ex.",
// "\u010d.\u00a0%d"), or an elided word of one or two letters and an
// apostrophe (Walloon "d'\u00a0l'\u00a0ome").
//
// Words and elisions take U+00A0 only, the space these languages' rules
// prescribe; abbreviations also take U+202F.
func (j *Judge) shortWord(i, size int) bool {
	k, maxLetters := i, 2
	switch r, rsize := j.before(k); r {
	case '.':
		k, maxLetters = k-rsize, 3
	case '\'', '\u2019':
		k -= rsize
		fallthrough
	default:
		if j.text[i:i+size] != "\u00a0" {
			return false
		}
	}
	letters, nonASCII := 0, false
	var script ucd.Script
	for letters <= maxLetters {
		r, rsize := j.before(k)
		p, ok := visible(r)
		if !ok || !p.Category().IsLetter() {
			break
		}
		if letters > 0 && p.Script() != script {
			return false
		}
		script = p.Script()
		nonASCII = nonASCII || r >= utf8.RuneSelf
		letters++
		k -= rsize
	}
	if letters == 0 || letters > maxLetters {
		return false
	}
	// The word stands alone: before it no letter, mark or digit. (An
	// escape that Sanitize writes there reads as punctuation, so a second
	// Sanitize of its output judges the same.)
	before, bsize := j.before(k)
	if isLetter(before) || isDigit(before) || isControl(before) {
		return false
	}
	next, nsize := j.after(i + size)
	switch {
	case isLetter(next), isDigit(next):
		// Between ASCII words, not where they read as a command (T13):
		// "cd My\u00a0Documents && rm -rf *".
		// A one-letter word is a preposition or a conjunction, not
		// a command name.
		return nonASCII || letters == 1 || next >= utf8.RuneSelf || !j.commandAround(i, size)
	case isOpening(next), startsConversion(j.text[i+size:]):
		return true
	case next == '$':
		// A shell variable named in prose: "v\u00a0$PATH", also a
		// special parameter ("v\u00a0$-", "V\u00a0$_").
		r, _ := j.after(i + size + nsize)
		if isLetter(r) || r == '{' || r == '_' {
			return true
		}
		if strings.ContainsRune("-?!#@*0123456789", r) {
			after, _ := j.after(i + size + nsize + 1)
			return !isLetter(after) && !isDigit(after)
		}
		return false
	case next == '_':
		// A mnemonic underscore marks the access key of the letter
		// after it ("W\u00a0_d\u00f3\u0142").
		r, _ := j.after(i + size + nsize)
		return isLetter(r)
	case strings.ContainsRune("-/.<$@'\"\\", next):
		// An option, a path, a file name, markup or a quoted word
		// named in prose after a preposition: "jeden z\u00a0-a",
		// "z\u00a0/dev/null", "a\u016d\u00a0'dpkg'". A short word
		// with a letter outside ASCII is no command name. A one-letter
		// ASCII word (k == i-1: no full stop or apostrophe after it)
		// only mid-sentence, after another word, so that a command at
		// the start of a line keeps its warning.
		if nonASCII && k < i-1 && j.text[i-1] != '.' {
			return true
		}
		if letters != 1 || k != i-1 {
			return false
		}
		// Mid-sentence: after a space that follows a word or a sign,
		// not a number ("1 z\u00a0-a" may be arguments).
		if before != ' ' {
			return false
		}
		for n := 0; before == ' ' && n < maxBlanks; n++ {
			k -= bsize
			before, bsize = j.before(k)
		}
		_, ok := visible(before)
		return ok && !isDigit(before)
	}
	return false
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
		return 1 <= back && back <= 3 && j.digitsAfter(i+size) == 3 && !j.controlBeforeDigits(i, back)
	case isDigit(prev) || j.conversionEndsAt(i) || j.timeConversionEndsAt(i):
		// T5.2, T5.3: the word a number counts (a no-break space keeps
		// them on one line: "32\u00a0octets"), a unit of at most four
		// letters after a fine space ("600\u2009dpi"), or a sign that
		// follows numbers.
		if isLetter(next) {
			if r, _ := utf8.DecodeRuneInString(j.text[i:]); r == '\u00a0' || r == '\u202f' {
				return true
			}
			n := j.lettersAfter(i + size)
			return 1 <= n && n <= 4
		}
		return isNumberSign(next)
	case prev == '.':
		// An ordinal number of one or two digits, as Czech, Slovak and
		// German write the day and month of a date: "1.\u202f1.\u202f1970",
		// "14.\u00a0ledna".
		if n := j.digitsBefore(i - 1); n < 1 || n > 2 || j.controlBeforeDigits(i-1, n) {
			return false
		}
		return isDigit(next) || isLetter(next)
	case isNumberPrefix(prev):
		// A sign that precedes numbers.
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

// isNumberPrefix reports whether r is a sign written before a number and
// a space: numero, section, times, copyright, sound recording copyright,
// or a currency symbol.
func isNumberPrefix(r rune) bool {
	switch r {
	case '\u2116', '\u00a7', '\u00d7', '\u00a9', '\u2117':
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

// controlBeforeDigits reports whether the n digits that end at text[i]
// follow a control, whose escape would end in more digits.
func (j *Judge) controlBeforeDigits(i, n int) bool {
	for range n {
		_, size := j.before(i)
		i -= size
	}
	r, _ := j.before(i)
	return isControl(r)
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
		if j.text[k] == '%' && ConversionLen(j.text[k:]) == i-k {
			switch j.text[i-1] {
			case 'd', 'i', 'o', 'u', 'x', 'X', 'e', 'E', 'f', 'F', 'g', 'G', 'a', 'A', 's':
				return true
			}
			return false
		}
	}
	return false
}

// timeConversionEndsAt reports whether a strftime conversion of the
// hour, minute or second ends at text[i]: the end of a time, which a clock
// format separates from its "%p" or "%Z" by a thin or no-break space
// ("%l\u2236%M\u2009%p").
func (j *Judge) timeConversionEndsAt(i int) bool {
	return i >= 2 && isTimeConversion(j.text[i-2:i]) || i >= 3 && isTimeConversion(j.text[i-3:i])
}

// ideographicSpace reports whether the ideographic space at
// text[i:i+size] stands in Chinese, Japanese or Korean text (T11): its line
// holds a Han, kana, Hangul or Bopomofo letter, and it does not stand
// between two ASCII letters or digits, where it would pass for a word
// space in a command.
func (j *Judge) ideographicSpace(i, size int) bool {
	if !j.line(i).cjk {
		return false
	}
	prev, _ := j.before(i)
	next, _ := j.after(i + size)
	return !isControl(prev) && !(isASCIIAlnum(prev) && isASCIIAlnum(next))
}

func isASCIIAlnum(r rune) bool {
	return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
}

// wordSpace reports whether the no-break space at text[i:i+size] stands
// between two words (T12): a single no-break space after a visible
// character other than a digit and before a letter, conversion or opening
// bracket or quotation mark, or after a letter and before the number that
// word designates ("verze\u00a03"). Translators write it as the word
// space where a break would split a phrase.
//
// Between two words of ASCII letters, or a word of ASCII letters and a
// number, T13 decides (asciiWordSpace): that is also where a command and
// its arguments stand ("git\u00a0push").
func (j *Judge) wordSpace(i, size int) bool {
	prev, _ := j.before(i)
	if _, ok := visible(prev); !ok || isDigit(prev) {
		return false // a digit's spaces are T5's
	}
	next, _ := j.after(i + size)
	number := isDigit(next) && isLetter(prev)
	if !isLetter(next) && !isOpening(next) && !startsConversion(j.text[i+size:]) && !number {
		return false
	}
	if j.asciiWordBefore(i) && (j.asciiWordAfter(i+size) || '0' <= next && next <= '9') {
		return j.asciiWordSpace(i, size) // T13
	}
	return true
}

// maxWordScan bounds how far asciiWordBefore and asciiWordAfter read: a
// longer run of ASCII letters counts as an ASCII word.
const maxWordScan = 32

// asciiWordBefore reports whether the word that ends at text[i] is made of
// ASCII letters only (and is not empty).
func (j *Judge) asciiWordBefore(i int) bool {
	n := 0
	for ; n < maxWordScan && i-n > 0; n++ {
		c := j.text[i-n-1]
		if c >= utf8.RuneSelf {
			r, _ := utf8.DecodeLastRuneInString(j.text[:i-n])
			return n > 0 && !isLetter(r)
		}
		if !('a' <= c|0x20 && c|0x20 <= 'z') {
			break
		}
	}
	return n > 0
}

// asciiWordAfter reports whether the word that starts at text[i] is made
// of ASCII letters only (and is not empty).
func (j *Judge) asciiWordAfter(i int) bool {
	n := 0
	for ; n < maxWordScan && i+n < len(j.text); n++ {
		c := j.text[i+n]
		if c >= utf8.RuneSelf {
			r, _ := utf8.DecodeRuneInString(j.text[i+n:])
			return n > 0 && !isLetter(r)
		}
		if !('a' <= c|0x20 && c|0x20 <= 'z') {
			break
		}
	}
	return n > 0
}
