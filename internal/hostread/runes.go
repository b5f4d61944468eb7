package hostread

import (
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// readsAs returns the ASCII character that the first rune of s reads as in
// a host or URL, among . : / @ - (itself when ASCII), or 0, and the rune's
// length. A non-ASCII rune reads as one of them when NFKC or confusables.txt
// map it there, or when it is one of the three label separators IDNA maps
// to a dot (RFC 3490 section 3.1; UTS #46 maps them the same way): U+3002
// IDEOGRAPHIC FULL STOP, U+FF0E FULLWIDTH FULL STOP, U+FF61 HALFWIDTH
// IDEOGRAPHIC FULL STOP; and U+00B7 and U+2027 read as a dot (isDotLike).
// Invalid UTF-8 reads as nothing, one byte long.
func readsAs(s string) (byte, int) {
	if s == "" {
		return 0, 0
	}
	if s[0] < utf8.RuneSelf {
		return s[0], 1
	}
	r, n := utf8.DecodeRuneInString(s)
	if isDotLike(r) && !(r == 0xB7 && n < len(s) && s[n]|0x20 == 'l') {
		return '.', n
	}
	return punctLookalike(r), n
}

// isDotLike reports whether r is U+00B7 MIDDLE DOT or U+2027 HYPHENATION
// POINT, which a reader takes for the dot between two labels although
// neither NFKC nor confusables.txt map them to one. A middle dot before
// an 'l' is the Catalan ela geminada (l\u00b7l), which IDNA allows in a
// label (RFC 5892, appendix A.3), and stays a letter.
func isDotLike(r rune) bool { return r == 0xB7 || r == 0x2027 }

func punctLookalike(r rune) byte {
	switch r {
	case 0x3002, 0xFF0E, 0xFF61:
		return '.'
	}
	if r < utf8.RuneSelf {
		return byte(r)
	}
	if !ucd.Lookup(r).ReadsAsASCIIPunct() {
		return 0
	}
	for _, form := range [2]string{ucd.ASCIIForm(r), confusableForm(r)} {
		if len(form) == 1 {
			switch form[0] {
			case '.', ':', '/', '@', '-':
				return form[0]
			}
		}
	}
	return 0
}

// confusableForm returns the prototype of r in confusables.txt when it is
// ASCII, else "".
func confusableForm(r rune) string {
	if p, ok := ucd.Confusable(r); ok && isASCII(p) {
		return p
	}
	return ""
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// isLetterRune reports whether r is a letter (General_Category L*).
func isLetterRune(r rune) bool { return ucd.Lookup(r).Category().IsLetter() }

// isLabelRune reports whether r may stand in a label: a letter, a mark, a
// number, or a character that reads as a letter or digit.
func isLabelRune(r rune) bool {
	cat := ucd.Lookup(r).Category()
	return cat.IsLetter() || cat.IsMark() || cat.IsNumber() || r == '_' ||
		r >= utf8.RuneSelf && (ucd.ASCIIForm(r) != "" || confusableForm(r) != "") && punctLookalike(r) == 0
}
