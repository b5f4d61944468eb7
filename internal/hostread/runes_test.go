package hostread

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// lookupPunct is punctLookalike without the ReadsAsASCIIPunct shortcut:
// both forms of every rune looked up.
func lookupPunct(r rune) byte {
	switch r {
	case 0x3002, 0xFF0E, 0xFF61:
		return '.'
	}
	if r < utf8.RuneSelf {
		return byte(r)
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

func TestPunctLookalikeEveryRune(t *testing.T) {
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if got, want := punctLookalike(r), lookupPunct(r); got != want {
			t.Errorf("punctLookalike(%U) = %q, want %q", r, got, want)
		}
	}
}

// TestReadsAsEveryRune checks ReadsAs's quick path against the reading of
// the one-rune label, for every code point.
func TestReadsAsEveryRune(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		want := ""
		var b strings.Builder
		if readLabel(&b, string(r)) {
			want = b.String()
		}
		if got := ReadsAs(r); got != want {
			t.Errorf("ReadsAs(%U) = %q, want %q", r, got, want)
		}
	}
}

// TestASCIIString checks the constant asciiString slices against the
// characters themselves.
func TestASCIIString(t *testing.T) {
	for c := range rune(utf8.RuneSelf) {
		if got := asciiString(c); got != string(c) {
			t.Errorf("asciiString(%#x) = %q", c, got)
		}
	}
}
