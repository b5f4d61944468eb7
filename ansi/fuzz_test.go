package ansi

import (
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
