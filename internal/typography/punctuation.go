package typography

import "unicode/utf8"

// This file holds the places where a lookalike of ASCII punctuation is
// typography wherever it stands, even on a line that reads as a command:
// the time separator U+2236 RATIO, a quotation mark around a lone printf
// conversion (T3), and an ellipsis that ends a word (T9). The lookalike
// check of internal/spoof asks them before it judges the line.

// TimeSeparator reports whether the U+2236 RATIO at text[i:i+size]
// separates the hours, minutes and seconds of a time, as clock formats
// write it to set the colon of a time apart from the colon of a sentence
// (GNOME's clock and calendar strings, after ISO 8601's hh:mm:ss): between
// one or two digits and exactly two ("15\u223630", "14\u223615\u223620"),
// or between two strftime conversions of the hour, minute or second
// ("%H\u2236%M", "%-I\u2236%M\u2236%S"). The time stands as a word: before
// it a space, an opening bracket or quotation mark or the line's start;
// after it no letter, digit or further separator of a number. So
// "10.0.0.1\u223622" and "host\u223622" stay lookalikes.
func TimeSeparator(text string, i, size int) bool {
	start, ok := timeFieldBefore(text, i)
	if !ok {
		return false
	}
	// Earlier fields of the same time: "14\u223615\u2236" before "20".
	for start >= size && text[start-size:start] == text[i:i+size] {
		s, ok := timeFieldBefore(text, start-size)
		if !ok {
			return false
		}
		start = s
	}
	prev, _ := utf8.DecodeLastRuneInString(text[:start])
	if start > 0 && !isSpace(prev) && prev != '\n' && prev != '\t' && !isNoBreakSpace(prev) && !isOpening(prev) {
		return false
	}
	end := i + size
	for {
		n, ok := timeFieldAt(text[end:])
		if !ok {
			return false
		}
		end += n
		if len(text) >= end+size && text[end:end+size] == text[i:i+size] {
			end += size
			continue
		}
		break
	}
	switch next := runeAt(text, end); {
	case next == '.' || next == ',':
		// The full stop or comma of the sentence, not of a number.
		return !isDigit(runeAt(text, end+1))
	default:
		return !isLetter(next) && !isDigit(next)
	}
}

// runeAt returns the code point at text[i], or boundary past the end.
func runeAt(text string, i int) rune {
	if i >= len(text) {
		return boundary
	}
	r, _ := utf8.DecodeRuneInString(text[i:])
	return r
}

// timeFieldBefore returns the start of the field of a time that ends at
// text[i]: one or two ASCII digits, or a strftime conversion of the hour,
// minute or second (%H %I %k %l %M %S, with an optional flag - _ 0 ^ #).
func timeFieldBefore(text string, i int) (int, bool) {
	n := 0
	for n < 3 && i-n > 0 && '0' <= text[i-n-1] && text[i-n-1] <= '9' {
		n++
	}
	if n == 1 || n == 2 {
		return i - n, true
	}
	if n > 0 || i < 2 {
		return 0, false
	}
	for _, k := range []int{2, 3} {
		if i >= k && isTimeConversion(text[i-k:i]) {
			return i - k, true
		}
	}
	return 0, false
}

// timeFieldAt returns the length of the field of a time (exactly two
// ASCII digits, or a strftime conversion of the hour, minute or second)
// at the start of s.
func timeFieldAt(s string) (int, bool) {
	if len(s) >= 2 && '0' <= s[0] && s[0] <= '9' && '0' <= s[1] && s[1] <= '9' {
		return 2, len(s) == 2 || s[2] < '0' || s[2] > '9'
	}
	for _, k := range []int{2, 3} {
		if len(s) >= k && isTimeConversion(s[:k]) {
			return k, true
		}
	}
	return 0, false
}

// isTimeConversion reports whether s is a strftime conversion of the hour,
// minute or second: %H %I %k %l %M %S, with an optional flag - _ 0 ^ #.
func isTimeConversion(s string) bool {
	if len(s) < 2 || s[0] != '%' {
		return false
	}
	if len(s) == 3 {
		switch s[1] {
		case '-', '_', '0', '^', '#':
		default:
			return false
		}
	} else if len(s) != 2 {
		return false
	}
	switch s[len(s)-1] {
	case 'H', 'I', 'k', 'l', 'M', 'S':
		return true
	}
	return false
}

// QuotesConversion reports whether the quotation mark at text[i:i+size]
// opens or closes a span that holds one printf conversion and nothing
// else ("\u2018%s\u2019", "\u201d%c\u201d", "\u201a%s\u2018"): a message
// quoting the value it will be given, as the GNU Coding Standards (4.5,
// "Quote characters") have every program quote a value. In a shell such a
// span is printf's format, where a curly quote prints as itself: it
// changes nothing a reader expects. (T3)
func QuotesConversion(text string, i, size int) bool {
	if n := ConversionLen(text[i+size:]); n > 0 && startsConversion(text[i+size:]) {
		// An opening mark: the conversion, then a closing mark.
		r, _ := utf8.DecodeRuneInString(text[i+size+n:])
		if isQuote(r) && r != '`' {
			return true
		}
	}
	// A closing mark: a conversion ends here, after an opening mark.
	for k := i - 2; k >= 0 && k >= i-maxConversionLen; k-- {
		if text[k] == '%' && ConversionLen(text[k:]) == i-k && startsConversion(text[k:]) {
			r, _ := utf8.DecodeLastRuneInString(text[:k])
			return isQuote(r) && r != '`'
		}
	}
	return false
}

// EndsOmission reports whether an ellipsis (U+2026, or U+2025 TWO DOT
// LEADER) that ends at text[i] ends a word: the omission of prose, or the
// repetition mark of a command synopsis, which the POSIX Utility Syntax
// Guidelines (XBD 12.1) write after an operand ("wait [pid \u2026]",
// "[FILE]\u2026"). It is followed by a space, the end of the line, a
// closing bracket, '|', or ',' ';' ':' '.' '!' '?' that end the word. An
// ellipsis that leads into a letter, digit, '/' or another dot
// ("\u2026/etc", "$1\u2026$n") can pass for the dots of a path or a range,
// and is not an omission. (T9)
func EndsOmission(text string, i int) bool {
	r := runeAt(text, i)
	switch r {
	case boundary, ' ', '\t', '\n', ']', ')', '}', '|', '\u00a0', '\u202f':
		return true
	case ',', ';', ':', '!', '?', '.':
		next := runeAt(text, i+1)
		return next == boundary || next == ' ' || next == '\n' || next == ']' || next == ')' || r != '.' && next == '\t'
	}
	return isCloseQuote(r)
}

// isCloseQuote reports whether r is a quotation mark that can close a
// quotation: General_Category Pf or Pi (Swedish and German close with
// them), or ASCII ' and ".
func isCloseQuote(r rune) bool {
	return r != '`' && r != '\u201a' && r != '\u201e' && isQuote(r)
}

// QuotesSign reports whether the quotation mark at text[i:i+size] opens
// or closes a span that holds one ASCII punctuation character or symbol
// and nothing else ("missing \u2018)\u2019", "after \u2018=\u2019",
// "puuttuva \u201d]\u201d"): a message naming a character, as the GNU
// Coding Standards (4.5) quote it. A shell given such a span fails on the
// sign or takes it as data with the marks attached; nothing runs that the
// reader does not see. (T3)
func QuotesSign(text string, i, size int) bool {
	// An opening mark: the sign, then a closing mark.
	if j := i + size; j+1 < len(text) && isASCIISign(text[j]) {
		if r := runeAt(text, j+1); isQuote(r) && r != '`' {
			return true
		}
	}
	// A closing mark: an opening mark, then the sign, end here.
	if i >= 2 && isASCIISign(text[i-1]) {
		r, _ := utf8.DecodeLastRuneInString(text[:i-1])
		return isQuote(r) && r != '`'
	}
	return false
}

// isASCIISign reports whether c is ASCII punctuation or a symbol.
func isASCIISign(c byte) bool {
	return '!' <= c && c <= '~' && !isASCIILetter(c) && !('0' <= c && c <= '9')
}

// maxQuotedWord bounds how far QuotesCompound looks for the mark that
// closes a quoted word.
const maxQuotedWord = 64

// QuotesCompound reports whether the quotation mark at text[i:i+size]
// opens or closes a quoted term that a hyphen joins to the word after it
// ("\u201d.plt\u201d-tiedosto", "\u201dbig endian\u201d-tavuj\u00e4rjestys"): the
// compound of a quoted first part, which Finnish, Swedish and Estonian
// write with a hyphen after the closing mark (Kielitoimiston ohjepankki,
// "Yhdysmerkki"). In a shell the whole is one word with the marks in it.
// (T3)
func QuotesCompound(text string, i, size int) bool {
	if compoundAfter(text, i+size) {
		return true // a closing mark
	}
	// An opening mark: a closing mark before the end of the word (or
	// the next word), then the hyphen.
	for k := i + size; k < len(text) && k < i+size+maxQuotedWord; {
		r, n := utf8.DecodeRuneInString(text[k:])
		if r == '\n' {
			return false
		}
		if k > i+size && isQuote(r) && r != '`' {
			return compoundAfter(text, k+n)
		}
		k += n
	}
	return false
}

// compoundAfter reports whether text[i:] starts with a hyphen and a
// letter.
func compoundAfter(text string, i int) bool {
	return i+1 < len(text) && text[i] == '-' && isLetter(runeAt(text, i+1))
}

// CompoundHyphen reports whether the hyphen (U+2010 HYPHEN or U+2011
// NON-BREAKING HYPHEN) at text[i:i+size] joins the parts of a compound
// word: between letters or digits ("Tabulator\u2010Zeichen",
// "ISO\u20108859\u20101", "3\u2010Zeilen"), or after a letter before '/' or a
// space, as German suspends a compound (Duden, Erg\u00e4nzungsstrich:
// "Ein\u2010/Ausgabe", "Erase\u2010 und Killzeichen"). These are the
// characters Unicode encodes for the hyphen of words. A word of lowercase
// ASCII letters and hyphens only has the shape of a command name
// ("apt\u2010get") and is left to the command-line test. (T9)
func CompoundHyphen(text string, i, size int) bool {
	prev, _ := utf8.DecodeLastRuneInString(text[:i])
	next := runeAt(text, i+size)
	switch {
	case !isLetter(prev) && !isDigit(prev):
		return false
	case !isLetter(next) && !isDigit(next) && !(isLetter(prev) && (next == '/' || next == ' ')):
		return false
	}
	return !commandNameWord(text, i)
}

// LowercaseCompound reports whether the hyphen at text[i:i+size] stands
// between two lowercase letters of a word of lowercase ASCII letters and
// hyphens: a compound or an enclitic pronoun ("no\u2010directori",
// "reubicar\u2010lo"), and also the shape of a command name
// ("apt\u2010get"), which the caller tells apart by the word's place.
func LowercaseCompound(text string, i, size int) bool {
	prev, _ := utf8.DecodeLastRuneInString(text[:i])
	next := runeAt(text, i+size)
	return 'a' <= prev && prev <= 'z' && 'a' <= next && next <= 'z' && commandNameWord(text, i)
}

// commandNameWord reports whether the word around text[i] is made of
// lowercase ASCII letters, hyphens and lookalikes of hyphens only, the
// shape of a command name ("apt\u2010get"); a word with a capital, a
// digit or a letter outside ASCII is not one.
func commandNameWord(text string, i int) bool {
	start, end := i, i
	for start > 0 && i-start < maxQuotedWord {
		r, n := utf8.DecodeLastRuneInString(text[:start])
		if !isLetter(r) && !isDigit(r) && r != '-' && r != '\u2010' && r != '\u2011' {
			break
		}
		start -= n
	}
	for end < len(text) && end-i < maxQuotedWord {
		r, n := utf8.DecodeRuneInString(text[end:])
		if !isLetter(r) && !isDigit(r) && r != '-' && r != '\u2010' && r != '\u2011' {
			break
		}
		end += n
	}
	for _, r := range text[start:end] {
		if r >= utf8.RuneSelf && r != '\u2010' && r != '\u2011' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' {
			return false
		}
	}
	return true
}

// maxLineLook bounds how far back ArmenianPunctuation looks for an
// Armenian letter.
const maxLineLook = 256

// ArmenianPunctuation reports whether U+0589 ARMENIAN FULL STOP or U+2024
// ONE DOT LEADER at text[i:i+size] ends a word of an Armenian sentence:
// the full stop (verjaket) and the mijaket, which Armenian keyboards type
// as U+2024. It must end a word (before a space, a quotation mark, a
// closing bracket or the end of the line), with an Armenian letter before
// it on the line. (T9)
func ArmenianPunctuation(text string, i, size int) bool {
	switch next := runeAt(text, i+size); {
	case next == boundary || next == ' ' || next == '\n' || next == ')' || next == '"' || next == '\'':
	case isQuote(next):
	default:
		return false
	}
	for k := i; k > 0 && k > i-maxLineLook; {
		r, n := utf8.DecodeLastRuneInString(text[:k])
		if r == '\n' {
			return false
		}
		if r >= 0x531 && r <= 0x587 || r >= 0xFB13 && r <= 0xFB17 {
			return true
		}
		k -= n
	}
	return false
}

// TouchesConversion reports whether a printf conversion ends at text[i]
// or starts at text[j].
func TouchesConversion(text string, i, j int) bool {
	if j < len(text) && startsConversion(text[j:]) {
		return true
	}
	for k := i - 2; k >= 0 && k >= i-maxConversionLen; k-- {
		if text[k] == '%' && ConversionLen(text[k:]) == i-k {
			return startsConversion(text[k:])
		}
	}
	return false
}
