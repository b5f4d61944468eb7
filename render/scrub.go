package render

import (
	"strings"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight"
)

// scrub returns s with every control character other than newline and tab,
// and every byte that is not valid UTF-8, written as the escape Sanitize
// would write. Text from Sanitize has none and comes back as is; scrub is
// what keeps a hand-built Result from reaching a terminal or a page raw.
func scrub(s string) string {
	i := unsafeIndex(s)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(plainsight.EscapeByte(s[i]))
		case isControl(r):
			b.WriteString(plainsight.EscapeRune(r))
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// unsafeIndex returns the offset of the first byte scrub must escape, or -1.
func unsafeIndex(s string) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if isControl(rune(c)) {
				return i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size == 1) || isControl(r) {
			return i
		}
		i += size
	}
	return -1
}

// isControl reports whether r is a C0 control other than newline and tab,
// DEL, or a C1 control: what a terminal acts on instead of showing.
func isControl(r rune) bool {
	return (r < 0x20 && r != '\n' && r != '\t') || (r >= 0x7F && r <= 0x9F)
}
