package escape

import (
	"fmt"
	"strings"
	"testing"
)

// repeatEndByte is RepeatEnd read a byte at a time: the end of the last
// copy of b[start:end] whose bytes, and the byte after them, all repeat
// the sequence; end when the word after end does not.
func repeatEndByte(b []byte, start, end int) int {
	p := end - start
	if end+8 > len(b) {
		return end
	}
	for j := end; j < end+8; j++ {
		if b[j] != b[j-p] {
			return end
		}
	}
	last := end
	for u := end; u+p < len(b); u += p {
		same := true
		for j := u; j <= u+p; j++ {
			same = same && b[j] == b[j-p]
		}
		if !same {
			break
		}
		last = u + p
	}
	return last
}

// TestRepeatEnd compares RepeatEnd with a byte loop on floods of units of
// every length from one byte to past a word, as long as a word or a
// block or more, broken by a byte changed at each place near their end
// and in their middle.
func TestRepeatEnd(t *testing.T) {
	for p := 1; p <= 11; p++ {
		unit := []byte("\x1b[12;3456789"[:p])
		for _, copies := range []int{1, 2, 9, 10, 40, 300} {
			flood := []byte(strings.Repeat(string(unit), copies))
			for _, tail := range []string{"", "x", string(unit[:1]), string(unit[:p-1]) + "m"} {
				in := append(append([]byte("ab"), flood...), tail...)
				// Breaks near the end, and in the middle of a long
				// flood, a block or more before its end.
				breaks := []int{len(in) / 3, len(in) / 2}
				for brk := len(in) - 2*p - 9; brk <= len(in); brk++ {
					breaks = append(breaks, brk)
				}
				for _, brk := range breaks {
					b := in
					if brk >= 0 && brk < len(in) {
						b = append([]byte(nil), in...)
						b[brk] ^= 0x40
					}
					name := fmt.Sprintf("%+q", b)
					if got, want := RepeatEnd(b, 2, 2+p), repeatEndByte(b, 2, 2+p); got != want {
						t.Fatalf("RepeatEnd(%s, 2, %d) = %d, want %d", name, 2+p, got, want)
					}
				}
			}
		}
	}
}

func BenchmarkRepeatEnd(b *testing.B) {
	flood := []byte(strings.Repeat("\x1b[", 1<<19))
	b.SetBytes(int64(len(flood)))
	b.ReportAllocs()
	for b.Loop() {
		RepeatEnd(flood, 0, 2)
	}
}

// TestFillCopies holds FillCopies to strings.Repeat for units of every
// notation's length and runs of one copy to past a doubling, and to the
// periodic fill where the last copy is cut short.
func TestFillCopies(t *testing.T) {
	for unit := 1; unit <= MaxNotation; unit++ {
		note := `\u{10ffff}+-`[:unit]
		for n := 0; n <= 70; n++ {
			for cut := range min(unit, 2) {
				want := strings.Repeat(note, n+1)
				want = want[:len(want)-cut]
				if len(want) < unit {
					continue
				}
				b := make([]byte, len(want))
				copy(b, note)
				FillCopies(b, unit)
				if string(b) != want {
					t.Fatalf("FillCopies(%d copies of %q, cut %d) = %q", n+1, note, cut, b)
				}
			}
		}
	}
}
