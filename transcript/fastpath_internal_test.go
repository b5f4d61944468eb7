package transcript

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight"
)

// cleanLinesRef is cleanLines as its doc defines it, a rune at a time.
func cleanLinesRef(src []byte, maxLine int) int {
	end, start := 0, 0
	for i := 0; i < len(src); {
		switch c := src[i]; {
		case c == '\n':
			if i-start > maxLine {
				return end
			}
			i++
			end, start = i, i
			continue
		case c-0x20 < 0x5F || c == '\t':
			i++
			continue
		case c < utf8.RuneSelf:
			return end
		}
		r, size := utf8.DecodeRune(src[i:])
		if size == 1 {
			return end
		}
		if cls, _ := runeClass(r); cls != plainsight.ClassNone && !legitInLine(src, start, i, size, r) {
			return end
		}
		i += size
	}
	return end
}

// TestCleanLines compares cleanLines with cleanLinesRef on each lead byte
// followed by each byte (and each other byte from 0x80 up followed by a
// few), between text of several scripts, in lines short and long, cut at
// each of the last bytes.
func TestCleanLines(t *testing.T) {
	prefixes := []string{"", "a", "\u0416", "\u4e00 ", "\u0915\u094d", "abcdefghijklmnop ", "ab\ncd",
		"\u0416\u0416\u0416", "\u4e00\u4e00\u4e00", "\u0416\u4e00a\u0416", strings.Repeat("abcdefgh", 5)}
	tails := []string{"", "\x80", "\xbf", "\x80\x80", "\xbf\xbf\xbf", "\x9f\xa0a", "\n", "x\n", "\u200c\u0627\n", "abcdefghijkl\nmn\n",
		"\u0416\u0416\u0416\u0416\n", "\u4e00\u4e00\u4e00\n", "\x80\u0416\u0416\u0416\x7f", "\x80\x80\u4e00\u4e00\xc2\x85\u0416", "\xbf\xe4\xb8 xyzxyzxyzxyz",
		"\x80 abcdefgh\n", "\xbf\u0416\u4e00\u4e00\u4e00\n",
		"\x80abcdef\x1f\n", "\x80ab\x7fcdefghij\n", "\x80abc\x00defghij", "\x80abcdefghijklmnopqrstuvwxyz\x01\n"}
	for _, prefix := range prefixes {
		for pair := 0x80 << 8; pair < 1<<16; pair++ {
			if lead, next := byte(pair>>8), byte(pair); (lead < 0xC0 || lead > 0xF4) && next != 0x41 && next != 0x80 && next != 0xBF && next != 0xC3 {
				continue // not a lead byte: a sample of what follows it
			}
			for _, tail := range tails {
				in := []byte(prefix + string([]byte{byte(pair >> 8), byte(pair)}) + tail + "\n")
				for _, maxLine := range []int{3, 100} {
					for cut := len(in); cut >= len(in)-3 && cut >= 0; cut-- {
						if got, want := cleanLines(in[:cut], maxLine), cleanLinesRef(in[:cut], maxLine); got != want {
							t.Fatalf("cleanLines(%+q, %d) = %d, want %d", in[:cut], maxLine, got, want)
						}
					}
				}
			}
		}
	}
}

// plainRunRef is plainRun a character at a time: two- and three-byte
// runes that plainBMP marks and single printable ASCII bytes between them.
func plainRunRef(src []byte) int {
	i := 0
	for i < len(src) {
		if b := src[i]; b < utf8.RuneSelf {
			if b-0x20 < 0x5F && i+1 < len(src) && src[i+1] >= utf8.RuneSelf {
				i++
				continue
			}
			return i
		}
		r, size := utf8.DecodeRune(src[i:])
		if size < 2 || size > 3 || plainBMP[r>>6]&(1<<(r&63)) == 0 {
			return i
		}
		i += size
	}
	return i
}

// TestPlainRun checks that plainRun reads only printable ASCII and the
// code points plainBMP marks, and at least what plainRunRef reads, on
// runs of several scripts' letters long enough for plainWords, each ended
// by a sample of two-byte prefixes.
func TestPlainRun(t *testing.T) {
	plain := func(s []byte) bool {
		for _, r := range string(s) {
			if r < 0x20 || r == 0x7F || r >= 0x80 && (r > 0xFFFF || plainBMP[r>>6]&(1<<(r&63)) == 0) {
				return false
			}
		}
		return utf8.Valid(s)
	}
	for _, unit := range []string{"\u0301", "\u0416\u0416 ", "\u4e00", "\u0915\u094d\u0937 ", "ab\u00e9", "\u0645\u06cc", "\u0416\u200c"} {
		for n := 1; n < 30; n += 3 {
			run := strings.Repeat(unit, n)
			for end := 0x80 << 8; end < 1<<16; end += 7 {
				in := []byte(run + string([]byte{byte(end >> 8), byte(end)}) + "\u0416xyz")
				if got, want := plainRun(in), plainRunRef(in); !plain(in[:got]) || got < want {
					t.Fatalf("plainRun(%+q) = %d, plainRunRef %d", in, got, want)
				}
			}
		}
	}
}
