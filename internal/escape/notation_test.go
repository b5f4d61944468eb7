package escape

import (
	"fmt"
	"testing"
)

// notationRef is the notation of code point r as the package documents
// it, written by fmt.
func notationRef(r rune) string {
	switch {
	case r == '\t':
		return `\t`
	case r < 0x20 || r >= 0x7F && r <= 0x9F:
		return fmt.Sprintf(`\x%02x`, r)
	}
	return fmt.Sprintf(`\u{%04x}`, r)
}

// TestAppendRune compares AppendRune with notationRef for every code
// point, appended after a prefix that it must keep, into a slice with room
// and into one without.
func TestAppendRune(t *testing.T) {
	const prefix = "ab"
	roomy := make([]byte, 0, 64)
	for r := rune(0); r <= 0x10FFFF; r++ {
		want := prefix + notationRef(r)
		if got := string(AppendRune(append(roomy[:0], prefix...), r)); got != want {
			t.Fatalf("AppendRune(%U) with room: %q, want %q", r, got, want)
		}
		if got := string(AppendRune([]byte(prefix), r)); got != want {
			t.Fatalf("AppendRune(%U): %q, want %q", r, got, want)
		}
	}
}
