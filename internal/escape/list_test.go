package escape

import (
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestNotationLen holds NotationLen to what the writers write, for every
// code point and every byte.
func TestNotationLen(t *testing.T) {
	var buf [MaxNotation]byte
	for r := rune(0); r <= 0x10FFFF; r++ {
		if got, want := NotationLen(r, false), len(AppendRune(buf[:0], r)); got != want {
			t.Fatalf("NotationLen(%U) = %d, the notation is %d bytes", r, got, want)
		}
	}
	for b := 0x80; b <= 0xFF; b++ {
		if got, want := NotationLen(rune(b), true), len(AppendByte(buf[:0], byte(b))); got != want {
			t.Fatalf("NotationLen(byte %#x) = %d, the notation is %d bytes", b, got, want)
		}
	}
}

// outputOffset returns where input offset in stands in the output, by a
// walk over every run, or with Skip.
func outputOffset(b *Builder, in int, skip bool) int {
	c := b.Runs()
	grown := 0
	for {
		if skip {
			grown = c.Skip(in, grown)
		}
		e, ok := c.Next()
		if !ok {
			return in + grown
		}
		start := e.Start - grown
		n := e.Repeat + 1
		if in < start+n*e.UnitIn() {
			if in <= start {
				return in + grown
			}
			return e.Start + (in-start)/e.UnitIn()*e.UnitOut()
		}
		grown += n * (e.UnitOut() - e.UnitIn())
	}
}

// outputOffsets returns where the input offsets offs, in order, stand in
// the output, with one cursor that skips between them.
func outputOffsets(b *Builder, offs []int) []int {
	c := b.Runs()
	var out []int
	grown, k := 0, 0
	for k < len(offs) {
		grown = c.Skip(offs[k], grown)
		e, ok := c.Next()
		if !ok {
			break
		}
		n := e.Repeat + 1
		in := e.Start - grown
		for ; k < len(offs) && offs[k] < in+n*e.UnitIn(); k++ {
			if offs[k] <= in {
				out = append(out, offs[k]+grown)
			} else {
				out = append(out, e.Start+(offs[k]-in)/e.UnitIn()*e.UnitOut())
			}
		}
		grown += n * (e.UnitOut() - e.UnitIn())
	}
	for ; k < len(offs); k++ {
		out = append(out, offs[k]+grown)
	}
	return out
}

// TestSkipAgreesWithWalk builds lists of thousands of runs and places
// input offsets with and without skipping: the answers must be the same.
func TestSkipAgreesWithWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for round := range 20 {
		var b Builder
		in, out := 0, 0
		for range 1 + rng.IntN(5000) {
			gap := rng.IntN(4)
			in, out = in+gap, out+gap
			var e Run
			switch rng.IntN(4) {
			case 0:
				e = Run{R: 0x1B}
			case 1:
				e = Run{R: 0xFF, Invalid: true}
			case 2:
				e = Run{R: 0x202E}
			default:
				e = Run{R: 0xE0041, Repeat: rng.IntN(3)}
			}
			n := e.Repeat + 1
			e.Start = out
			e.End = out + n*NotationLen(e.R, e.Invalid)
			b.Add(e)
			in += n * e.UnitIn()
			out = e.End
		}
		if round%2 == 0 {
			b.Done("")
		}
		for off := 0; off <= in+3; off += 1 + rng.IntN(7) {
			if got, want := outputOffset(&b, off, true), outputOffset(&b, off, false); got != want {
				t.Fatalf("round %d: input %d stands at %d with Skip, %d without", round, off, got, want)
			}
		}
	}
}

// byteEscapes writes text as Sanitize's byte loop does: plain text, and
// escapes of controls and of bytes of invalid UTF-8, added to b as that
// loop adds them (AddByte when the next escape is the same, PackByte
// otherwise). It returns the text and the runs it holds, equal escapes
// in a row making one run.
func byteEscapes(b *Builder, rng *rand.Rand, pieces int) (string, []Run) {
	// The input: a byte to escape, or 0x20 for a piece of plain text.
	var in []byte
	for range pieces {
		switch rng.IntN(6) {
		case 0: // plain text
			in = append(in, ' ')
		case 1: // a flood of distinct invalid bytes, past a sequence
			for range rng.IntN(3 * maxSequence) {
				in = append(in, 0x80+byte(rng.IntN(0x80)))
			}
		case 2: // one byte repeated, a control or an invalid byte
			c := byte(rng.IntN(0x20)) | byte(rng.IntN(2))<<7
			for range 1 + rng.IntN(4) {
				in = append(in, c)
			}
		default:
			in = append(in, byte(rng.IntN(0x20)), 0x80+byte(rng.IntN(0x80)))
		}
	}
	var text []byte
	var runs []Run
	for k, c := range in {
		if c == ' ' {
			// Sometimes past a packed record's gap.
			text = append(text, "plain text here and on"[:1+rng.IntN(21)]...)
			continue
		}
		invalid := c >= 0x80
		start := len(text)
		cls := ControlClass(rune(c))
		if invalid {
			cls = NotationClass(rune(c), true)
			text = AppendByte(text, c)
		} else {
			text = AppendRune(text, rune(c))
		}
		if n := len(runs); n > 0 && runs[n-1].End == start && runs[n-1].R == rune(c) {
			runs[n-1].End = len(text)
			runs[n-1].Repeat++
		} else {
			runs = append(runs, Run{Start: start, End: len(text), R: rune(c), Invalid: invalid})
		}
		if k+1 < len(in) && in[k+1] == c {
			b.AddByte(start, len(text), c, invalid, cls)
		} else {
			b.PackByte(start, len(text), c, invalid, cls)
		}
	}
	return string(text), runs
}

// TestSequences builds lists as Sanitize's byte loop does, with floods
// of distinct bytes of invalid UTF-8 that pack as sequences: every run
// must read back as written, through the list's cursor and the builder's,
// skipping as walking, equal to the list of the same runs packed one by
// one and unequal to it once a byte differs; and a flood must pack in
// less than a byte an escape.
func TestSequences(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for round := range 50 {
		var b Builder
		text, want := byteEscapes(&b, rng, 1+rng.IntN(60))
		l := b.Done(text)
		for name, c := range map[string]Cursor{"list": l.Runs(), "builder": b.Runs()} {
			var got []Run
			for e, ok := c.Next(); ok; e, ok = c.Next() {
				e.Cls = 0 // a packed run derives its class
				got = append(got, e)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("round %d: %s cursor (-want +got):\n%s", round, name, diff)
			}
		}
		if l.Len() != len(want) {
			t.Fatalf("round %d: Len() = %d, want %d", round, l.Len(), len(want))
		}
		var one List
		for _, e := range want {
			one.Add(e)
		}
		if !l.Equal(&one) || !one.Equal(&l) {
			t.Fatalf("round %d: the list and its runs packed one by one differ", round)
		}
		if len(want) > 0 {
			var other List
			for k, e := range want {
				if k == len(want)-1 {
					e.R ^= 1
				}
				other.Add(e)
			}
			if l.Equal(&other) {
				t.Fatalf("round %d: a list equals one whose last byte differs", round)
			}
		}
		end := 0
		if len(want) > 0 {
			end = want[len(want)-1].End
		}
		var offs []int
		for off := 0; off <= end+3; off += 1 + rng.IntN(13) {
			if got, want := outputOffset(&b, off, true), outputOffset(&b, off, false); got != want {
				t.Fatalf("round %d: input %d stands at %d with Skip, %d without", round, off, got, want)
			}
			if rng.IntN(50) == 0 {
				offs = append(offs, off)
			}
		}
		// One cursor for offsets far apart, as Sanitize places its
		// locations: Skip leaves a sequence partly read.
		for k, got := range outputOffsets(&b, offs) {
			if want := outputOffset(&b, offs[k], false); got != want {
				t.Fatalf("round %d: input %d stands at %d with one cursor, %d alone", round, offs[k], got, want)
			}
		}
	}

	var b Builder
	var text []byte
	for k := range 100_000 {
		c := 0x80 + byte(k%0x80)
		start := len(text)
		text = AppendByte(text, c)
		b.PackByte(start, len(text), c, true, NotationClass(rune(c), true))
	}
	if l := b.Done(string(text)); len(l.packed) >= 100_000/16 {
		t.Errorf("100,000 distinct invalid bytes pack in %d bytes", len(l.packed))
	}
}
