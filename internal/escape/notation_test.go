package escape

import (
	"fmt"
	"testing"
	"unicode/utf8"
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

// TestAppendTags compares AppendTags with AppendRune on every tag
// character, alone and in runs of every length up to all of them, after a
// prefix that it must keep, into a slice with room and into one without.
func TestAppendTags(t *testing.T) {
	const prefix = "ab"
	var tags, want []byte
	for r := rune(0xE0000); r <= 0xE007F; r++ {
		tags = utf8.AppendRune(tags, r)
		want = AppendRune(want, r)
	}
	if len(tags) != 0x80*TagSize {
		t.Fatalf("%d bytes of tags, want %d", len(tags), 0x80*TagSize)
	}
	roomy := make([]byte, 0, len(prefix)+len(want))
	for start := 0; start < len(tags); start += TagSize {
		for end := start; end <= len(tags); end += TagSize {
			w := prefix + string(want[start/TagSize*tagNotationSize:end/TagSize*tagNotationSize])
			if got := string(AppendTags(append(roomy[:0], prefix...), tags[start:end])); got != w {
				t.Fatalf("AppendTags(%q) with room: %q, want %q", tags[start:end], got, w)
			}
			if got := string(AppendTags([]byte(prefix), tags[start:end])); got != w {
				t.Fatalf("AppendTags(%q): %q, want %q", tags[start:end], got, w)
			}
		}
	}
}
