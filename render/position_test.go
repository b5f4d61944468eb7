package render

import (
	"testing"

	"github.com/plainsight-dev/plainsight"
)

// TestPositions checks positions against plainsight.LineColumn on the
// rebuilt input, at every offset of every corpus input.
func TestPositions(t *testing.T) {
	inputs := append(corpusInputs(t), "", "a\nb", "\xff\n\xfe\xfdx", "\u202e\u202e\u202e\n\u202e", "\x1b\x1b\x1b\x1bz", "é\u200bé")
	for _, in := range inputs {
		for _, r := range []plainsight.Result{plainsight.Sanitize(in), handBuilt} {
			orig := r.Original()
			var offs []int
			for off := -1; off <= len(orig)+1; off++ {
				offs = append(offs, off)
			}
			// Backwards, so that the order is not the input's.
			for i, j := 0, len(offs)-1; i < j; i, j = i+1, j-1 {
				offs[i], offs[j] = offs[j], offs[i]
			}
			got := positions(r, offs)
			for i, off := range offs {
				l, c := plainsight.LineColumn(orig, off)
				if got[i] != [2]int{l, c} {
					t.Fatalf("positions(Sanitize(%+q), %d) = %v, LineColumn gives %d:%d", in, off, got[i], l, c)
				}
			}
		}
	}
}
