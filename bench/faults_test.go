package main

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestCellFaultsPerCall(t *testing.T) {
	tests := []struct {
		faults []float64
		want   float64
	}{
		{nil, -1},
		{[]float64{3, 1, 2}, 2},
		{[]float64{3, -1, 2}, -1},
	}
	for _, tc := range tests {
		c := &cell{faults: tc.faults}
		if got := c.faultsPerCall(); got != tc.want {
			t.Errorf("faults %v: faultsPerCall %v, want %v", tc.faults, got, tc.want)
		}
	}
}

// TestPageFaultsRows checks which rows pageFaults writes: the plainsight
// entry points whose faults take faultShare of their time or more.
func TestPageFaultsRows(t *testing.T) {
	ts := []*tool{{name: "term Push", kind: kindPlainsight}, {name: "term Transform", kind: kindPlainsight}, {name: "charm Strip", kind: kindStripper}}
	in := &input{name: "log"}
	res := &results{ins: []*input{in}, tools: ts, faultCost: 10 * time.Microsecond, cells: map[string]map[string]*cell{"log": {
		"term Push":      {times: []float64{4e6}, faults: []float64{200}},                       // 2 ms of 4
		"term Transform": {times: []float64{1e6}, faults: []float64{(faultShare - 0.01) * 100}}, // just under faultShare of 1 ms
		"charm Strip":    {times: []float64{4e6}, faults: []float64{300}},                       // not an entry point
	}}}
	var b strings.Builder
	pageFaults(&b, res)
	want := []string{"| term Push | log | 200 | 2ms | 4ms | 50% |"}
	if diff := cmp.Diff(want, tableRows(b.String(), "| entry point")); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}

	b.Reset()
	res.faultCost = 0
	if pageFaults(&b, res); b.Len() != 0 {
		t.Errorf("with no cost measured, pageFaults wrote %q", b.String())
	}
}

func TestFaultCost(t *testing.T) {
	if minorFaults() < 0 {
		t.Skip("the system does not count page faults")
	}
	if d := faultCost(); d <= 0 || d > time.Millisecond {
		t.Errorf("faultCost = %v, want a positive time under a millisecond", d)
	}
}
