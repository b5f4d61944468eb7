package scan

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/internal/filetype"
)

// regradeLiterals lowers to info what a string literal shows to be the
// data of a program rather than words a person reads (docs/scan.md):
//
//   - an entry of a character table: a literal that holds one character
//     and nothing else ('x', "x") on a line next to another such
//     literal, as in a translation table, a character map or an escape
//     table. Each entry names the one character it holds, whatever it
//     looks like; a one-character literal on its own (if s == "\u200b", written literally) stays
//     as it was.
//   - a range of a regular expression's character class ([\uff10-\uff19],
//     [\u0430-\u044f], written literally) whose two ends are characters of one general category: the
//     range names the characters the expression matches, so what it looks
//     like (lookalike, mixed_numbers, mixed_script) is not what it means.
//     A single foreign letter in a class ([a-zа]) stays.
//
// The Trojan Source kinds (sticky) stay warn in either.
func regradeLiterals(text string, fs []finding, spans []filetype.Span) {
	if len(spans) == 0 {
		return
	}
	var table []bool // per span: an entry of a character table
	for i := range fs {
		f := &fs[i]
		if !f.located || f.Severity != plainsight.SeverityWarn || sticky(*f, text) {
			continue
		}
		j := sort.Search(len(spans), func(j int) bool { return spans[j].End > f.start })
		if j == len(spans) || spans[j].Start > f.start || f.end > spans[j].End || !quoted(text[spans[j].Start:spans[j].End]) {
			continue
		}
		if table == nil {
			table = tableEntries(text, spans)
		}
		k, _ := f.Kind.kind()
		switch {
		case table[j]:
			f.Severity = plainsight.SeverityInfo
		case k == plainsight.KindLookalike || k == plainsight.KindMixedNumbers || k == plainsight.KindMixedScript:
			if classRanges(text, spans[j], f.start, f.end) {
				f.Severity = plainsight.SeverityInfo
			}
		}
	}
}

// quoted reports whether the span s is a string literal, not a comment.
func quoted(s string) bool {
	return s != "" && (s[0] == '\'' || s[0] == '"' || s[0] == '`')
}

// charLiteral reports whether s is a string literal of one character.
func charLiteral(s string) bool {
	if len(s) < 3 || (s[0] != '\'' && s[0] != '"') || s[len(s)-1] != s[0] {
		return false
	}
	r, n := utf8.DecodeRuneInString(s[1:])
	return r != utf8.RuneError && n == len(s)-2
}

// tableEntries reports for each span whether it is an entry of a
// character table: a one-character literal on a line next to another
// line holding one, with only blank lines and comments between them.
func tableEntries(text string, spans []filetype.Span) []bool {
	const (
		blank    = iota // white space and comments only
		code            // anything else
		charLine        // holds a one-character literal
	)
	nLines := strings.Count(text, "\n") + 1
	kind := make([]uint8, nLines)
	spanLine := make([]int, len(spans)) // line of each one-character literal, or -1
	for i := range spanLine {
		spanLine[i] = -1
	}
	line, j := 0, 0
	for i := 0; i < len(text); i++ {
		for j < len(spans) && spans[j].End <= i {
			j++
		}
		c := text[i]
		switch {
		case c == '\n':
			line++
			continue
		case j < len(spans) && spans[j].Start == i:
			lit := text[spans[j].Start:spans[j].End]
			if !quoted(lit) {
				// A comment: skip it but for the newlines it holds.
				line += strings.Count(lit, "\n")
				i = spans[j].End - 1
				continue
			}
			if charLiteral(lit) {
				kind[line] = charLine
				spanLine[j] = line
			} else if kind[line] == blank {
				kind[line] = code
			}
			line += strings.Count(lit, "\n")
			i = spans[j].End - 1
			continue
		case c == ' ' || c == '\t' || c == '\r':
			continue
		}
		if kind[line] == blank {
			kind[line] = code
		}
	}
	// before[l] and after[l]: the nearest line before or after l that is
	// not blank holds a one-character literal.
	before, after := make([]bool, nLines), make([]bool, nLines)
	last := uint8(blank)
	for l := range nLines {
		before[l] = last == charLine
		if kind[l] != blank {
			last = kind[l]
		}
	}
	last = blank
	for l := nLines - 1; l >= 0; l-- {
		after[l] = last == charLine
		if kind[l] != blank {
			last = kind[l]
		}
	}
	entry := make([]bool, len(spans))
	for i, l := range spanLine {
		entry[i] = l >= 0 && (before[l] || after[l])
	}
	return entry
}

// classRanges reports whether every character of text[start:end] that is
// not ASCII is an end of a range X-Y, inside the brackets of a character
// class, of the string literal s, where X < Y are of one general
// category (both decimal digits, both lower-case letters).
func classRanges(text string, s filetype.Span, start, end int) bool {
	ends := map[int]bool{} // offsets in text of the ends of ranges
	lit := text[s.Start:s.End]
	inClass := false
	for i := 0; i < len(lit); {
		c := lit[i]
		switch {
		case c == '\\':
			i += 2
			continue
		case c == '[':
			inClass = true
		case c == ']':
			inClass = false
		case inClass && c >= utf8.RuneSelf:
			x, n := utf8.DecodeRuneInString(lit[i:])
			if i+n < len(lit) && lit[i+n] == '-' {
				y, m := utf8.DecodeRuneInString(lit[i+n+1:])
				if y >= utf8.RuneSelf && x < y && sameCategory(x, y) {
					ends[s.Start+i], ends[s.Start+i+n+1] = true, true
					i += n + 1 + m
					continue
				}
			}
		}
		i++
	}
	found := false
	for i := start; i < end; {
		r, n := utf8.DecodeRuneInString(text[i:])
		if r >= utf8.RuneSelf {
			if !ends[i] {
				return false
			}
			found = true
		}
		i += n
	}
	return found
}

// sameCategory reports whether x and y are of one of the general
// categories a range of a character class spans: decimal digits,
// upper-case, lower-case or other letters.
func sameCategory(x, y rune) bool {
	for _, t := range []*unicode.RangeTable{unicode.Nd, unicode.Lu, unicode.Ll, unicode.Lo} {
		if unicode.Is(t, x) && unicode.Is(t, y) {
			return true
		}
	}
	return false
}
