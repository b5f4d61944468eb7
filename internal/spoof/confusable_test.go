package spoof

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// forEachTokenPlain is forEachToken without its skip over ASCII: the
// reference it is checked against.
func forEachTokenPlain(text string, f func(start, end int)) {
	start, ascii := -1, false
	for i := 0; i < len(text); {
		c := text[i]
		in, size := false, 1
		switch {
		case c < utf8.RuneSelf:
			cl := asciiClasses[c]
			if in = cl == asciiLetter || cl == asciiDigit; in {
				ascii = true
			}
		case c >= 0xC2 && c <= 0xF4 && i+1 < len(text) && text[i+1]&0xC0 == 0x80:
			var r rune
			var p ucd.Props
			r, size, p = ucd.Decode(text[i:])
			if r != utf8.RuneError {
				cat := p.Category()
				in = cat.IsLetter() || cat.IsMark() || cat == ucd.Nd || r == zwj || r == zwnj
			}
		}
		switch {
		case in && start < 0:
			start, ascii = i, c < utf8.RuneSelf
		case in:
		case start >= 0:
			if !ascii {
				f(start, i)
			}
			start = -1
		}
		i += size
	}
	if start >= 0 && !ascii {
		f(start, len(text))
	}
}

// checkTokens fails unless forEachToken hands over the tokens of text
// that forEachTokenPlain does.
func checkTokens(t *testing.T, text string) {
	t.Helper()
	var got, want [][2]int
	forEachToken(text, func(start, end int) { got = append(got, [2]int{start, end}) })
	forEachTokenPlain(text, func(start, end int) { want = append(want, [2]int{start, end}) })
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("tokens of %+q: %v, want %v", text, got, want)
	}
}

// TestForEachToken checks forEachToken against its plain reading on
// texts of ASCII and non-ASCII letters, digits, marks and bytes.
func TestForEachToken(t *testing.T) {
	units := []string{" ", "a", "7", ".", "abc def ", "\u0430", "\u0431\u0432", "\u0301", "\u09e7", "\u200d", "\u2014", "\xff", "\xd0", "\n"}
	r := rand.New(rand.NewPCG(3, 4))
	for range 30000 {
		var b strings.Builder
		for n := r.IntN(60); b.Len() < n; {
			b.WriteString(units[r.IntN(len(units))])
		}
		checkTokens(t, b.String())
	}
}

// FuzzForEachToken checks forEachToken against its plain reading.
func FuzzForEachToken(f *testing.F) {
	f.Add("\u0430\u0431 abc \u0432x \u0301\u09e7. \xff\u0430")
	f.Fuzz(checkTokens)
}
