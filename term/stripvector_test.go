package term

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight-dev/plainsight/internal/seqvector"
)

// stripPaths returns the settings of useStripVector that Transform can
// run with here: off, and on where the processor has the vector loop.
func stripPaths(tb testing.TB) []bool {
	return vectorPaths(tb, useStripVector, seqvector.Built, "the vector loop over sequences")
}

// setStripVector turns the vector loop over sequences on or off and
// returns what restores it.
func setStripVector(on bool) (restore func()) { return setVector(&useStripVector, on) }

// stripUnits are the pieces of the inputs that stripBlocks is held to the
// other paths on: each kind of sequence it reads, with and without the
// controls the parser executes in them, cut short by CAN, SUB and ESC;
// text and the controls around it; and what it leaves: SGRs, DCSs,
// characters, bytes from 0x80 in strings and sequences, LF and tab in
// sequences, and titles longer than a block.
var stripUnits = []string{
	"\x1b[2J", "\x1b[1;2H", "\x1b[?25l", "\x1b[2\aJ", "\x1b[?\x0025l", "\x1b[1;\b2H", "\x1b[12\x18", "\x1b[3\x1a",
	"\x1b[1!0p", "\x1b[1\x7fA", "\x1b[", "\x1b", "\x1b\x1b", "\x1b\b=", "\x1b\a7", "\x1b7", "\x1b8", "\x1b=",
	"\x1b(B", "\x1b(\x0eB", "\x1b \x7fF", "\x1b#8", "\x1b(", "\x1b\x1a", "\x1b\x18", "\x1b\\",
	"\x1b]0;title\a", "\x1b]0;a\bb\a", "\x1b]2;\x01\x1b\\", "\x1b_x\ay\x1b\\", "\x1bXsos\x1b\\", "\x1b^pm\a\x1b\\",
	"\x1b]8;;http://x/\x1b\\", "\x1b]0;cut\x18", "\x1b]0;", "\x1b]0;\x1bx", "\x1b]0;é\a", "\x1b_\x9c",
	"\x1b[1m", "\x1b[0m", "\x1b[38;5;1m", "\x1b[m", "\x1b[1\am", "\x1bPq#0\x1b\\", "\x1b\bP1$r\x1b\\",
	"\x1b[1\nA", "\x1b[\t2J", "\x1b\n7", "\x1b(\tB", "\x1b[1\xc2\x9bA", "\x1b\xc3\xa9",
	"\x1b]0;" + strings.Repeat("long title ", 8) + "\a",
	"ab", " ", "text\n", "\t", "\r\n", "\b", "x\bx", "\x07", "\x7f", "\x18", "\x1a", "é", "\xff", "\xc2\x9b",
}

// stripInput returns a PRNG's pick of n units of stripUnits, from a
// subset of them that seed picks, so that some inputs hold none of what
// stripBlocks leaves.
func stripInput(seed uint64, n int) string {
	r := rand.New(rand.NewPCG(seed, 7))
	units := stripUnits
	if seed%2 == 0 {
		// Only what stripBlocks reads.
		units = stripUnits[:36:36]
		units = append(units, "ab", " ", "text\n", "\t", "\b", "x\bx", "\x07", "\x7f", "\x18")
	}
	var b strings.Builder
	for range n {
		b.WriteString(units[r.IntN(len(units))])
	}
	return b.String()
}

// TestStripBlocksAgrees holds Transform with the vector loop over
// sequences to Transform without it and to the parser alone, in every
// mode, on PRNG mixes of stripUnits, through dsts of several sizes.
func TestStripBlocksAgrees(t *testing.T) {
	paths := stripPaths(t)
	for seed := range uint64(400) {
		src := stripInput(seed, 20+int(seed%7)*40)
		if seed%4 == 2 {
			// Colours that hide text: the text after needs a
			// correction first, which stripBlocks does not write.
			src = "\x1b[30;40m" + src
		}
		for _, opts := range allOptions {
			slow := New(opts)
			slow.noFastPath = true
			want := slow.run(src, true)
			for _, vector := range paths {
				restore := setStripVector(vector)
				for _, room := range []int{maxSGRLen, 100, 200, 4096} {
					if got := transformSmallDst(t, New(opts), src, room); got != want {
						restore()
						t.Fatalf("%+v, vector %v, dst %d: %+q:\n%s", opts, vector, room, src, cmp.Diff(want, got))
					}
				}
				restore()
			}
		}
	}
}

// TestStripFloods holds Transform to the parser alone on floods of one
// unit, which the vector loop leaves to dropRun, and the bytes after
// them: a unit whose last sequence the next copy's ESC aborts is whole
// only where a copy follows it.
func TestStripFloods(t *testing.T) {
	paths := stripPaths(t)
	for _, unit := range []string{"\x1b[", "\x1b", "\x1b]0;t", "\x1b(", "\x1b[2J", "\x1b]0;t\a", "\x1b[1;2H\x1b["} {
		for _, after := range []string{"x", "\x1b", "[1;2H", "\x1b[1m", ";\x07", " text", "\x1b\\"} {
			for _, copies := range []int{3, 17, 40} {
				src := strings.Repeat(unit, copies) + after + stripInput(0, 40)
				for _, opts := range []Options{{}, {Plain: true}} {
					slow := New(opts)
					slow.noFastPath = true
					want := slow.run(src, true)
					for _, vector := range paths {
						restore := setStripVector(vector)
						got := transformSmallDst(t, New(opts), src, 4096)
						restore()
						if got != want {
							t.Fatalf("%+v, vector %v: %+q: %+q, want %+q", opts, vector, src, got, want)
						}
					}
				}
			}
		}
	}
}

// TestStripBlockRead checks where stripBlocks stops on inputs built to
// stop it, and that it reads the text and sequences before.
func TestStripBlockRead(t *testing.T) {
	if !useStripVector {
		stripPaths(t)
	}
	pad := strings.Repeat("\x1b[2J", 10) // 40 bytes read
	tail := strings.Repeat("x", 2*stripBlock)
	for _, tc := range []struct {
		stop string // what stripBlocks leaves at pad's end
		n    int    // bytes read; -1 for all but the last block's worth
	}{
		{"\x1b[1m", 40},
		{"\x1bP1$r\x1b\\", 40},
		{"\x1b[1\nA", 40},
		{"\x1b\b\n", 40},
		{"\x1b]0;é\a", 40},
		{"é", 40},
		{"\x1b]0;" + strings.Repeat("t", stripBlock), 40},
		// What it reads: the whole input but its last bytes, fewer than
		// a block.
		{"\x1b[1\b;2H\x1b]0;a\bb\a\x1b_x\ay\x1b\\\x1b(\x0eB\x1b\x18\x1b[3\x1a", -1},
	} {
		src := pad + tc.stop + tail
		dst := make([]byte, len(src)+stripBlock)
		w, n := stripBlocks(dst, []byte(src))
		// With less room, it writes nothing past dst.
		for room := range 2 * stripBlock {
			buf := bytes.Repeat([]byte{0xff}, len(src)+stripBlock)
			if w, _ := stripBlocks(buf[:room], []byte(src)); w > room || bytes.Count(buf[room:], []byte{0xff}) != len(buf)-room {
				t.Fatalf("%+q: dst of %d bytes: wrote past it: %+q", src, room, buf)
			}
		}
		if n != tc.n && (tc.n >= 0 || n <= len(src)-stripBlock) {
			t.Errorf("%+q: read %d, want %d", src, n, tc.n)
			continue
		}
		slow := New(Options{})
		slow.noFastPath = true
		if got, want := string(dst[:w]), slow.run(src[:n], true); got != want {
			t.Errorf("%+q: wrote %+q, want %+q", src, got, want)
		}
	}
}

// FuzzStripBlocks holds Transform with the vector loop over sequences to
// Transform without it and to the parser alone, on the input repeated
// past two blocks, its bytes mapped onto those the sequences are made
// of.
func FuzzStripBlocks(f *testing.F) {
	for seed := range uint64(8) {
		f.Add([]byte(stripInput(seed, 12)), false)
	}
	f.Add([]byte("\x1b[1;\b2H\x1b]0;a\bb\a"), true)
	const alphabet = "\x1b\x1b\x1b[[]]X^_P\\\x07\x08\x18\x1a\x7f\x00\n\t m;0123?!(#Bax\xc2\x9b\xe9"
	f.Fuzz(func(t *testing.T, data []byte, mapped bool) {
		if len(data) == 0 {
			return
		}
		if mapped {
			for i, c := range data {
				data[i] = alphabet[int(c)%len(alphabet)]
			}
		}
		src := string(bytes.Repeat(data, 2*stripBlock/len(data)+2))
		for _, opts := range []Options{{}, {Plain: true}} {
			slow := New(opts)
			slow.noFastPath = true
			want := slow.run(src, true)
			for _, vector := range stripPaths(t) {
				restore := setStripVector(vector)
				got := transformSmallDst(t, New(opts), src, 4096)
				restore()
				if got != want {
					t.Fatalf("%+v, vector %v: %+q: %+q, want %+q", opts, vector, src, got, want)
				}
			}
		}
	})
}
