package escape

import (
	"math/rand/v2"
	"testing"
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
			b.Done()
		}
		for off := 0; off <= in+3; off += 1 + rng.IntN(7) {
			if got, want := outputOffset(&b, off, true), outputOffset(&b, off, false); got != want {
				t.Fatalf("round %d: input %d stands at %d with Skip, %d without", round, off, got, want)
			}
		}
	}
}
