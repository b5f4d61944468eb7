package hostread

import (
	"testing"
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
