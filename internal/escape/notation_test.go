package escape

import (
	"fmt"
	"testing"
)

// TestAppendRune appends the notation of every code point after text,
// into a slice with no room left and into one with room, and holds it to
// the definition: \t for tab, \xNN for C0, DEL and C1, and \u{N…} in
// lowercase with at least four digits.
func TestAppendRune(t *testing.T) {
	roomy := make([]byte, 2, 2+MaxNotation)
	for r := rune(0); r <= 0x10FFFF; r++ {
		var want string
		switch {
		case r == '\t':
			want = `\t`
		case r < 0x20 || r >= 0x7F && r <= 0x9F:
			want = fmt.Sprintf(`\x%02x`, r)
		default:
			want = fmt.Sprintf(`\u{%04x}`, r)
		}
		full := []byte("ab")[:2:2]
		for _, dst := range [][]byte{full, roomy[:2]} {
			copy(dst, "ab")
			if got := AppendRune(dst, r); string(got) != "ab"+want {
				t.Fatalf("AppendRune(%q, %U) = %q, want %q", dst, r, got, "ab"+want)
			}
		}
	}
}
