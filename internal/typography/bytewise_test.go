package typography

import (
	"strings"
	"testing"

	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// TestBytewise checks the bytewise word tests of ReadsAsCommand against
// the strings functions they stand for, on words with the punctuation,
// ellipses, shell signals and invalid UTF-8 that tell them apart.
func TestBytewise(t *testing.T) {
	pieces := []string{"", "a", ".", ",", ":", ";", "!", "?", "\u2026", "\u2025", "\xa6", "\xe2\x80", "\x80\xa6", " ", "\t", "|", ">", "<", "&", "$", "=", "`", "\u201d", "\xff", "\u00a6", "\u0226"}
	for _, a := range pieces {
		for _, b := range pieces {
			for _, c := range pieces {
				w := a + b + c
				if got, want := trimSentencePunct(w), strings.TrimRight(w, ".,:;!?\u2026"); got != want {
					t.Errorf("trimSentencePunct(%+q) = %+q, want %+q", w, got, want)
				}
				if got, want := trimBlankLeft(w), strings.TrimLeft(w, " \t"); got != want {
					t.Errorf("trimBlankLeft(%+q) = %+q, want %+q", w, got, want)
				}
				if got, want := hasShellSignal(w), strings.ContainsAny(w, "|><&;$=`"); got != want {
					t.Errorf("hasShellSignal(%+q) = %v, want %v", w, got, want)
				}
			}
		}
	}
}

// TestIsQuoteASCII checks the ASCII fast path of isQuote against the
// general category test it skips.
func TestIsQuoteASCII(t *testing.T) {
	for r := rune(0); r < 0x80; r++ {
		p, ok := visible(r)
		want := r == '\'' || r == '"' || r == '`' || ok && (p.Category() == ucd.Pi || p.Category() == ucd.Pf)
		if got := isQuote(r); got != want {
			t.Errorf("isQuote(%U) = %v, want %v", r, got, want)
		}
	}
}
