package transcript

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/plainsight-dev/plainsight/internal/c1string"
)

// laneCount is what one byte alone adds to groundBytes' counts.
type laneCount struct{ Invalid, C1, BS uint64 }

// TestGroundOutLanes checks the counts that groundOut's entries carry in
// their lanes: they leave the range of next bytes as it is, and each
// byte alone counts what the parser's token for it would.
func TestGroundOutLanes(t *testing.T) {
	class := buildGroundClass()
	for _, bsCounted := range []bool{false, true} {
		table := buildGroundOut(bsCounted)
		got := map[byte]laneCount{}
		want := map[byte]laneCount{}
		for b, o := range table {
			bare := o &^ (gOutC1 | gOutBS)
			always, some := true, false
			for next := range 256 {
				if o.alone(byte(next)) != bare.alone(byte(next)) {
					t.Errorf("bsCounted %v: byte %#x before %#x: the lanes change the range", bsCounted, b, next)
				}
				always = always && o.alone(byte(next))
				some = some || o.alone(byte(next))
			}
			if o.alwaysAlone() != always {
				t.Errorf("bsCounted %v: byte %#x: alwaysAlone %v, alone before every byte %v", bsCounted, b, o.alwaysAlone(), always)
			}
			if !some {
				continue // never counted through the lanes
			}
			lanes := uint64(o) >> gOutLaneShift & gOutLanes
			invalid, c1, bs := laneCounts(lanes)
			got[byte(b)] = laneCount{invalid, c1, bs}
			var w laneCount
			switch {
			case class[b] == gC1 && !c1string.Introducer(byte(b)):
				w.C1 = 1
			case b == '\b':
				w.BS = 1
			case class[b] >= gInvalid:
				w.Invalid = 1 // alone, a byte no valid UTF-8 holds, or a lead not continued
			}
			want[byte(b)] = w
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("bsCounted %v: counts of bytes alone (-want +got):\n%s", bsCounted, diff)
		}
		if _, ok := got['\b']; ok != bsCounted {
			t.Errorf("bsCounted %v: BS alone %v", bsCounted, ok)
		}
	}
}
