package hostread

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/norm"

	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// Reading returns how host reads to a person: every character that reads as an ASCII letter, digit or separator
// replaced by it (NFKC, then confusables.txt, then the digit lookalikes),
// combining marks that do not compose dropped. It returns "" when some
// character reads as no ASCII at all: such a host does not pass for an
// ASCII one.
func Reading(host string) string {
	var b strings.Builder
	for i, label := range splitLabels(host, nil) {
		if i > 0 {
			b.WriteByte('.')
		}
		label = decodeLabel(label)
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
			b.WriteByte(byte(r))
		case ucd.Lookup(r).Category().IsMark():
		case punctLookalike(r) != 0:
			b.WriteByte(punctLookalike(r))
		case ucd.ASCIIForm(r) != "":
			b.WriteString(ucd.ASCIIForm(r))
		case digitLookalike(r) != 0:
			b.WriteByte(digitLookalike(r))
		case confusableForm(r) != "":
			b.WriteString(confusableForm(r))
		case isDashLike(r) || isCJKStroke(r, ucd.Lookup(r).Script()):
			b.WriteByte('-')
		case ucd.ShellSyntaxForm(r) != "":
			// A character drawn like shell syntax, by its name or as a
			// quotation mark (docs/lookalikes.md): U+266F MUSIC SHARP
			// SIGN, U+2572, U+275B.
			b.WriteString(ucd.ShellSyntaxForm(r))
		default:
			return false
		}
	}
	return true
}

// isDashLike reports whether r is U+30FC KATAKANA-HIRAGANA PROLONGED
// SOUND MARK or maps to it in confusables.txt (U+2014 EM DASH, U+FF0D, U+4E00):
// a long horizontal stroke, read as a dash.
func isDashLike(r rune) bool {
	if r == 0x30FC {
		return true
	}
	p, ok := ucd.Confusable(r)
	return ok && p == "\u30fc"
}

// ReadsAs returns the ASCII that the non-ASCII character r reads as: its
// NFKC form, its prototype in confusables.txt, the digit it passes for,
// "-" for a CJK stroke, or the shell syntax it is drawn like
// (ucd.ShellSyntaxForm); or "" when it reads as no ASCII.
func ReadsAs(r rune) string {
	if r < utf8.RuneSelf {
		return string(r)
	}
	var b strings.Builder
	if !readLabel(&b, string(r)) {
		return ""
	}
	return b.String()
}

// PassesForDigit returns the ASCII digit that the letter r passes for
// (Cyrillic ze for 3, Armenian sha for 2), or 0.
func PassesForDigit(r rune) byte { return digitLookalike(r) }

// IsCJKStroke reports whether r is a Han, Kana or Bopomofo character that
// looks like a stroke, dash or slash next to Latin letters.
func IsCJKStroke(r rune) bool { return isCJKStroke(r, ucd.Lookup(r).Script()) }

// Composes reports whether the combining mark r composes, under NFC, with
// the letter and marks that end s.
func Composes(s string, r rune) bool { return composes(s, r) }

// IsLatinLookalike reports whether r is a non-ASCII Latin letter that
// reads as an ASCII one without being an accented letter: dotless i,
// small capitals, IPA letters.
func IsLatinLookalike(r rune) bool {
	p := ucd.Lookup(r)
	return r >= utf8.RuneSelf && p.Script() == ucd.ScriptLatin && ucd.ASCIIForm(r) == "" && isLatinLookalike(r, p)
}

// decodeLabel returns label decoded from punycode when it is an A-label
// ("xn--", in any case, as browsers read it), and label itself otherwise
// or when it does not decode.
func decodeLabel(label string) string {
	if len(label) > 4 && strings.EqualFold(label[:4], "xn--") {
		if u, err := idna.Punycode.ToUnicode(strings.ToLower(label)); err == nil {
			return u
		}
	}
	return label
}
