package hostread

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/norm"

	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// Reading returns how host reads to a person: ASCII letters lowercased,
// every character that reads as an ASCII letter, digit or separator
// replaced by it (NFKC, then confusables.txt, then the digit lookalikes),
// combining marks that do not compose dropped. It returns "" when some
// character reads as no ASCII at all: such a host does not pass for an
// ASCII one.
func Reading(host string) string {
	var b strings.Builder
	for i, label := range strings.Split(host, ".") {
		if i > 0 {
			b.WriteByte('.')
		}
		if len(label) > 4 && strings.EqualFold(label[:4], "xn--") {
			if u, err := idna.Punycode.ToUnicode(strings.ToLower(label)); err == nil {
				label = u
			}
		}
		if !readLabel(&b, label) {
			return ""
		}
	}
	return b.String()
}

func readLabel(b *strings.Builder, label string) bool {
	for _, r := range norm.NFD.String(label) {
		switch {
		case r < utf8.RuneSelf:
			b.WriteByte(lower(byte(r)))
		case ucd.Lookup(r).Category().IsMark():
		case punctLookalike(r) != 0:
			b.WriteByte(punctLookalike(r))
		case asciiForm(r) != "":
			b.WriteString(strings.ToLower(asciiForm(r)))
		case digitLookalike(r) != 0:
			b.WriteByte(digitLookalike(r))
		case confusableForm(r) != "":
			b.WriteString(strings.ToLower(confusableForm(r)))
		case r == 0x30FC || isCJKStroke(r, ucd.Lookup(r).Script()):
			b.WriteByte('-')
		default:
			return false
		}
	}
	return true
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func isASCIILetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isASCIILetter(s[i]) {
			return false
		}
	}
	return s != ""
}
