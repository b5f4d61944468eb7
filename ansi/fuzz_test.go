package ansi

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func addSeeds(f *testing.F, add func(in string)) {
	for _, tt := range tokenTests {
		add(tt.in)
	}
}

// FuzzSplit checks that tokenizing with any chunk boundaries yields the
// same tokens as one shot (text runs concatenated).
func FuzzSplit(f *testing.F) {
	addSeeds(f, func(in string) { f.Add([]byte(in), []byte{1, 2, 3}) })
	f.Fuzz(func(t *testing.T, in, cuts []byte) {
		var p Parser
		want := run(t, &p, in, oneShot)
		i := 0
		split := func(int) int {
			if len(cuts) == 0 {
				return 1
			}
			c := int(cuts[i%len(cuts)])%16 + 1
			i++
			return c
		}
		if got := run(t, &p, in, split); !equal(want, got) {
			t.Errorf("split %v of %+q mismatch (-one shot +split):\n%s", cuts, in, cmp.Diff(want, got))
		}
		if got := run(t, &p, in, byteWise); !equal(want, got) {
			t.Errorf("bytewise split of %+q mismatch (-one shot +split):\n%s", in, cmp.Diff(want, got))
		}
	})
}

// FuzzBounded checks the bounds and the accounting on any input and payload
// cap: run fails if the payload exceeds the cap, if more than MaxParams
// parameters are stored, or if the tokens do not account for every byte.
func FuzzBounded(f *testing.F) {
	addSeeds(f, func(in string) { f.Add([]byte(in), uint16(4)) })
	f.Fuzz(func(t *testing.T, in []byte, payloadCap uint16) {
		p := NewParser(int(payloadCap) - 1)
		run(t, p, in, oneShot)
		p.Reset()
		run(t, p, in, func(int) int { return 3 })
	})
}

// FuzzRoundTrip checks the parameter parser: a well-formed CSI, written back
// in canonical form and parsed again, gives the same description.
func FuzzRoundTrip(f *testing.F) {
	addSeeds(f, func(in string) { f.Add([]byte(in)) })
	f.Fuzz(func(t *testing.T, in []byte) {
		var p Parser
		for len(in) > 0 {
			tok, n := p.Next(in, true)
			in = in[n:]
			s := p.Seq()
			if tok.Kind != KindCSI || s.Term != TermFinal || s.Ignored || s.TooManyParams || s.TooManyIntermediates {
				continue
			}
			out := []byte("\x1b[")
			if s.Private != 0 {
				out = append(out, s.Private)
			}
			for i, prm := range s.Params[:s.NumParams] {
				if prm.Overflow {
					out = nil
					break
				}
				if i > 0 {
					out = append(out, ";:"[b2i(prm.Sub)])
				}
				if !prm.Missing {
					out = fmt.Appendf(out, "%d", prm.Value)
				}
			}
			if out == nil {
				continue
			}
			out = append(out, s.Intermediates[:s.NumIntermediates]...)
			out = append(out, s.Final)
			want := view(tok, &p).S
			var q Parser
			got := run(t, &q, out, oneShot)
			if len(got) != 1 || got[0].S == nil {
				t.Fatalf("%+q: %d tokens", out, len(got))
			}
			g := got[0].S
			// The canonical form drops C1 introducers, DEL and executed C0.
			want.C1, want.C1UTF8, want.Len, want.Span = false, false, len(out), len(out)
			if diff := cmp.Diff(want, g); diff != "" {
				t.Errorf("%+q mismatch (-first +reparsed):\n%s", out, diff)
			}
		}
	})
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
