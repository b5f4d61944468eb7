package transcript

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight-dev/plainsight/internal/seqvector"
)

// sequenceUnits are the pieces of the inputs that sequenceBlocks is held
// to the parser on: each kind of sequence it reads, with and without the
// controls the Cleaner only counts in them, cut short by CAN, SUB and
// ESC, SGRs among them; text and the controls around it; and what it
// leaves: DCSs, CSIs with intermediates, long or overflowing parameters
// or a misplaced private marker, characters, bytes from 0x80, CR and LF,
// in sequences and between them, and strings longer than a block.
var sequenceUnits = []string{
	"\x1b[2J", "\x1b[1;2H", "\x1b[?25l", "\x1b[2\aJ", "\x1b[?\x0025l", "\x1b[1;\b2H", "\x1b[12\x18", "\x1b[3\x1a",
	"\x1b[1\x7fA", "\x1b[", "\x1b", "\x1b\x1b", "\x1b\b=", "\x1b\a7", "\x1b7", "\x1b8", "\x1b=", "\x1b\\",
	"\x1b(B", "\x1b(\x0eB", "\x1b \x7fF", "\x1b#8", "\x1b(", "\x1b\x1a", "\x1b\x18", "\x1b\x7f[5n",
	"\x1b]0;title\a", "\x1b]0;a\bb\a", "\x1b]2;\x01\x1b\\", "\x1b_x\ay\x1b\\", "\x1bXsos\x1b\\", "\x1b^pm\a\x1b\\",
	"\x1b]8;;http://x/\x1b\\", "\x1b]52;c;Zm9v\a", "\x1b]0;cut\x18", "\x1b]0;", "\x1b]0;\x1bx", "\x1b]\a", "\x1b]7\x1a",
	"\x1b]99999999;x\a", "\x1b]0;\r\n\t\a", "\x1b\a]1;x\a", "\x1b]0;" + strings.Repeat("t", 30) + "\a",
	"ab", " ", "word", "\t", "\b", "x\bx", "\x07", "\x7f", "\x18", "\x00",
	"\x1b[1m", "\x1b[0m", "\x1b[38;5;1m", "\x1b[m", "\x1b[1\am", "\x1b[?1m", "\x1b[>4;\b1m", "\x1b[1;31\x18",
	// What it leaves.
	"\x1bPq#0\x1b\\", "\x1b[1!0p", "\x1b[2 q",
	"\x1b[123456H", "\x1b[1\a2\a3\a4H", "\x1b[1?H", "\x1b[1:2H", "\x1b((B", "\x1b[" + strings.Repeat(";", 33) + "H",
	"\x1b[1\nA", "\x1b[1\rA", "\x1b\r7", "\x1b\n7", "\x1b(\tB", "\x1b[1\xc2\x9bA", "\x1b\xc3\xa9", "\x1b]0;é\a",
	"\x1b]0;" + strings.Repeat("long title ", 8) + "\a", "\x1b]0;" + strings.Repeat("t", 60) + "\a",
	"\x1b" + strings.Repeat("\x01", 62) + "=", "\x1b_" + strings.Repeat("x", 100) + "\x1b\\",
	"\n", "\r\n", "\r", "é", "\xff", "\xc2\x9b",
}

// sequenceInput returns a PRNG's pick of n units of sequenceUnits, from
// those sequenceBlocks reads alone for even seeds.
func sequenceInput(seed uint64, n int) string {
	r := rand.New(rand.NewPCG(seed, 11))
	units := sequenceUnits
	if seed%2 == 0 {
		units = sequenceUnits[:slices.Index(sequenceUnits, "\x1bPq#0\x1b\\")]
	}
	var b strings.Builder
	for range n {
		b.WriteString(units[r.IntN(len(units))])
	}
	return b.String()
}

// sequencePaths returns the settings of useSequenceVector that the
// Cleaner can run with here.
func sequencePaths() []bool {
	if useSequenceVector {
		return []bool{false, true}
	}
	return []bool{false}
}

// checkSequenceBlocks holds Clean, with the vector loop over sequences
// and without it, to the parser alone on src.
func checkSequenceBlocks(t *testing.T, src []byte, opts Options) {
	t.Helper()
	p := NewCleaner(opts)
	p.parserOnly = true
	p.write(src)
	p.finish()
	want, wantRep := string(p.out), p.Report()
	for _, vector := range sequencePaths() {
		was := useSequenceVector
		useSequenceVector = vector
		got, rep := Clean(src, opts)
		useSequenceVector = was
		if got != want {
			t.Fatalf("%+v, vector %v: %+q:\n%s", opts, vector, src, cmp.Diff(want, got))
		}
		if diff := cmp.Diff(wantRep, rep); diff != "" {
			t.Fatalf("%+v, vector %v: %+q: report (-parser only +Clean):\n%s", opts, vector, src, diff)
		}
	}
}

// TestSequenceBlocksAgree holds the Cleaner with the vector loop over
// sequences to the parser alone, under each CR, BS and Unicode policy,
// on PRNG mixes of sequenceUnits.
func TestSequenceBlocksAgree(t *testing.T) {
	for seed := range uint64(400) {
		src := sequenceInput(seed, 20+int(seed%7)*40)
		if seed%8 == 4 {
			src = "x\r" + src // a CR pending
		}
		for _, mode := range []uint8{0, 1, 2, 3, 4, 8, 16, 32, 49} {
			checkSequenceBlocks(t, []byte(src), sequenceOptions(mode))
		}
	}
}

// sequenceOptions is the fuzz tests' options for mode, with limits that
// cut lines (MaxLine of 16) and the output, and a MaxString that a
// sequence in a block may be longer than, where the vector loop must
// leave it to the other paths.
func sequenceOptions(mode uint8) Options {
	var o Options
	if mode&1 != 0 {
		o.CR = CROverwrite
	}
	if mode&2 != 0 {
		o.BS = BSErase
	}
	o.Unicode = UnicodePolicy(mode >> 2 % 3)
	if mode&16 != 0 {
		o.Limits = Limits{MaxOutput: 200, MaxLine: 16}
	}
	if mode&32 != 0 {
		o.Limits.MaxString = 16
	}
	return o
}

// FuzzSequenceBlocks holds the Cleaner with the vector loop over
// sequences to the parser alone, on the input repeated past two blocks,
// its bytes mapped onto those the sequences are made of.
func FuzzSequenceBlocks(f *testing.F) {
	for seed := range uint64(8) {
		f.Add([]byte(sequenceInput(seed, 12)), false, uint8(seed))
	}
	f.Add([]byte("\x1b[1;\b2H\x1b]0;a\bb\a"), true, uint8(16))
	const alphabet = "\x1b\x1b\x1b[[]]X^_P\\\x07\x08\x18\x1a\x7f\x00\n\r\t m;0123?!(#Bax\xc2\x9b\xe9"
	f.Fuzz(func(t *testing.T, data []byte, mapped bool, mode uint8) {
		if len(data) == 0 {
			return
		}
		if mapped {
			for i, c := range data {
				data[i] = alphabet[int(c)%len(alphabet)]
			}
		}
		checkSequenceBlocks(t, bytes.Repeat(data, 2*seqvector.BlockLen/len(data)+2), sequenceOptions(mode))
	})
}

// TestSequenceBlocksReadsNothing checks that sequenceBlocks reads nothing
// where what it reads would count otherwise: a CR pending, BS that acts
// on the line, a MaxString that a sequence in a block may pass; and that
// it reads the same input otherwise.
func TestSequenceBlocksReadsNothing(t *testing.T) {
	if !useSequenceVector {
		t.Skip("no vector loop here")
	}
	src := []byte(strings.Repeat("\x1b]0;"+strings.Repeat("t", 30)+"\a\x1b[1;\b2H ", 4))
	for _, tc := range []struct {
		name string
		opts Options
		cr   bool
		none bool
	}{
		{"default", Options{}, false, false},
		{"CR pending", Options{}, true, true},
		{"BSErase", Options{BS: BSErase}, false, true},
		{"MaxString 16", Options{Limits: Limits{MaxString: 16}}, false, true},
		{"MaxString 64", Options{Limits: Limits{MaxString: 64}}, false, false},
	} {
		c := NewCleaner(tc.opts)
		c.init()
		c.crPending = tc.cr
		if n := c.sequenceBlocks(src); (n == 0) != tc.none {
			t.Errorf("%s: read %d bytes of %d", tc.name, n, len(src))
		}
	}
}
