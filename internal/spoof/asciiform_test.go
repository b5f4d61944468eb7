package spoof

import (
	"testing"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// nfkcForm is how lookalike read the ASCII a rune passes for by NFKC
// before ucd.ASCIIForm: its NFKC decomposition when that is printable
// ASCII, else "".
func nfkcForm(s string) string {
	d := norm.NFKC.PropertiesString(s).Decomposition()
	if !isASCIIText(string(d)) {
		return ""
	}
	return string(d)
}

// TestASCIIFormAsDecomposition checks that, for every non-ASCII rune and
// wherever lookalike reads it (printable ASCII), ucd.ASCIIForm is the
// NFKC decomposition.
func TestASCIIFormAsDecomposition(t *testing.T) {
	for r := rune(utf8.RuneSelf); r <= utf8.MaxRune; r++ {
		f := ucd.ASCIIForm(r)
		if !isASCIIText(f) {
			f = ""
		}
		if want := nfkcForm(string(r)); f != want {
			t.Errorf("%U: ASCIIForm %+q, NFKC decomposition %+q", r, f, want)
		}
	}
}
