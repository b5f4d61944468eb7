package plainsight

import (
	"strconv"
	"strings"
	"testing"

	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// commandAdversarial returns the shapes that could make the command
// reading superlinear, each n bytes long or a little less.
func commandAdversarial(n int) []struct{ name, text string } {
	fill := func(unit string) string { return strings.Repeat(unit, n/len(unit)) }
	return []struct{ name, text string }{
		{"marks", "i" + fill("\u0307")},
		{"marks-on-space", "echo " + fill(" \u0301")},
		{"quotes", fill("\u2018$(id)\u2019 ")},
		{"nested-substs", fill("$(\u2013") + fill(")")[:n/3]},
		{"heredoc", "cat <<EOF\n" + fill("\u2018x\u2019 $(id)\n") + "EOF\n"},
		{"layers", fill("bash -c 'ssh h \"sh -c \u2018$(id)\u2019\"'\n")},
		{"rtl", fill("\u05d0 > b ")},
		{"scripts", fill("a\u0430")},
		{"hosts", "curl " + fill("https://\u0430.example/ ")},
		{"one-line-words", fill("x\u2013")},
	}
}

// BenchmarkCommandScaling runs the command reading over the adversarial
// shapes at 1 MiB and 16 MiB: the time per byte must not grow with the
// size (at most 20 times slower per byte at 16 MiB), and the bytes
// allocated stay within a small multiple of the input.
func BenchmarkCommandScaling(b *testing.B) {
	p := Policy{Context: ContextCommand}
	for _, size := range []int{1 << 20, 16 << 20} {
		for k, in := range commandAdversarial(1) {
			b.Run(in.name+"/"+strconv.Itoa(size>>20)+"MiB", func(b *testing.B) {
				in := commandAdversarial(size)[k]
				b.SetBytes(int64(len(in.text)))
				b.ReportAllocs()
				for b.Loop() {
					p.Sanitize(in.text)
				}
			})
		}
	}
}

// TestMarkBaseRun checks that the command reader's markBase, which
// carries a run of marks over from one mark to the next, finds what
// markBase finds walking back, on runs around maxMarks long.
func TestMarkBaseRun(t *testing.T) {
	for _, n := range []int{1, 2, maxMarks - 1, maxMarks, maxMarks + 1, maxMarks + 2, 3 * maxMarks} {
		for _, head := range []string{"", "a", "echo x", "1"} {
			text := head + strings.Repeat("\u0301\u0302", n) + " b\u0303"
			cr := commandReader{text: text}
			for i, r := range text {
				if !ucd.Lookup(r).Category().IsMark() {
					continue
				}
				gb, gm := cr.markBase(i, r)
				wb, wm := markBase(text[:i])
				if gb != wb || gm != wm {
					t.Fatalf("%q at %d: markBase = %q, %d, want %q, %d", text, i, gb, gm, wb, wm)
				}
			}
		}
	}
}
