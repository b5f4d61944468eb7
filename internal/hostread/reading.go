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
	b.Grow(len(host))
	for i, label := range labels(host, nil) {
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
		s, ok := readRune(r)
		if !ok {
			return false
		}
		b.WriteString(s)
	}
	return true
}

// readRune returns the ASCII that r, a code point of an NFD text, reads
// as ("" for a combining mark, dropped), or false when it reads as none.
// Its strings are constants: it allocates nothing.
func readRune(r rune) (string, bool) {
	switch {
	case r < utf8.RuneSelf:
		return asciiString(r), true
	case ucd.Lookup(r).Category().IsMark():
		return "", true
	case punctLookalike(r) != 0:
		return asciiString(punctLookalike(r)), true
	case ucd.ASCIIForm(r) != "":
		return ucd.ASCIIForm(r), true
	case digitLookalike(r) != 0:
		return asciiString(digitLookalike(r)), true
	case confusableForm(r) != "":
		return confusableForm(r), true
	case isDashLike(r) || isCJKStroke(r, ucd.Lookup(r).Script()):
		return "-", true
	case ucd.ShellSyntaxForm(r) != "":
		// A character drawn like shell syntax, by its name or as a
		// quotation mark (docs/lookalikes.md): U+266F MUSIC SHARP
		// SIGN, U+2572, U+275B.
		return ucd.ShellSyntaxForm(r), true
	}
	return "", false
}

func isHangulSyllable(r rune) bool { return 0xAC00 <= r && r <= 0xD7A3 }

// asciiString returns the ASCII character c as a string, a slice of a
// constant: no table is built when the program starts.
func asciiString[C rune | byte](c C) string { return asciiChars[c : c+1] }

// asciiChars holds the ASCII characters in order.
const asciiChars = "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f !\x22#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\x5c]^_`abcdefghijklmnopqrstuvwxyz{|}~\x7f"

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
		return asciiString(r)
	}
	// A code point NFD leaves alone (most, and every combining mark the
	// command reading meets in a run of them) is read as itself, and one
	// it decomposes as its decomposition, in a buffer of its own: most
	// read as one letter or, marks only, as nothing, with no allocation.
	// Hangul syllables decompose by rule, not by table.
	var buf [utf8.UTFMax]byte
	n := utf8.EncodeRune(buf[:], r)
	if isHangulSyllable(r) {
		return readsAsSlow(r)
	}
	d := norm.NFD.Properties(buf[:n]).Decomposition()
	if d == nil {
		s, _ := readRune(r)
		return s
	}
	var out [4 * utf8.UTFMax]byte
	k := 0
	for _, c := range string(d) {
		s, ok := readRune(c)
		if !ok {
			return ""
		}
		if k+len(s) > len(out) {
			return readsAsSlow(r)
		}
		k += copy(out[k:], s)
	}
	return string(out[:k])
}

// readsAsSlow is ReadsAs through the reading of a label.
func readsAsSlow(r rune) string {
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
