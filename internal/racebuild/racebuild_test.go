package racebuild

import "testing"

// TestKeep checks that Keep reads every case without the race detector
// and, with it, one in raceStride, among them every value of each loop of
// a nest of loops whose sizes raceStride does not divide.
func TestKeep(t *testing.T) {
	sizes := []int{20, 14, 9, 11}
	seen := make([]map[int]bool, len(sizes))
	for i := range seen {
		seen[i] = map[int]bool{}
	}
	total, kept := 1, 0
	for _, n := range sizes {
		total *= n
	}
	for k := range total {
		if !Keep(k) {
			continue
		}
		kept++
		// The value of each loop at case k, the last loop innermost.
		rest := k
		for i := len(sizes) - 1; i >= 0; i-- {
			seen[i][rest%sizes[i]] = true
			rest /= sizes[i]
		}
	}
	want := total
	if Enabled {
		want = (total + raceStride - 1) / raceStride
	}
	if kept != want {
		t.Errorf("Keep read %d of %d cases, want %d (race detector: %v)", kept, total, want, Enabled)
	}
	for i, n := range sizes {
		if len(seen[i]) != n {
			t.Errorf("loop %d of size %d: Keep read %d of its values, want all", i, n, len(seen[i]))
		}
	}
}
