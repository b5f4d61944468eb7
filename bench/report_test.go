package main

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestReturnedStringsRows checks the rows of returnedStrings: for each
// input, each entry point's time and its floor's, and the medians of the
// within-round ratios of the entry point and of its stream to the floor;
// and that a run without the floors gets no section.
func TestReturnedStringsRows(t *testing.T) {
	ts := []*tool{
		{name: "term Transform", kind: kindPlainsight}, {name: "term Push", kind: kindPlainsight},
		{name: "transcript Clean", kind: kindPlainsight}, {name: "transcript Cleaner", kind: kindPlainsight},
		{name: pushFloor, kind: kindReturn}, {name: cleanFloor, kind: kindReturn},
	}
	in := &input{name: "log"}
	res := &results{ins: []*input{in}, tools: ts,
		cells: map[string]map[string]*cell{"log": {
			"term Push": {times: []float64{12e3}}, pushFloor: {times: []float64{10e3}},
			"transcript Clean": {times: []float64{30e3}}, cleanFloor: {times: []float64{40e3}},
		}},
		// ratios[input][entry][other] is t(other)/t(entry), one per round.
		ratios: map[string]map[string]map[string][]float64{"log": {
			"term Push":          {pushFloor: {0.8, 0.9, 1.0}},
			"term Transform":     {pushFloor: {1.25, 1.5, 2}},
			"transcript Clean":   {cleanFloor: {1.25, 1.25, 1.25}},
			"transcript Cleaner": {cleanFloor: {2, 2, 2}},
		}},
	}
	var b strings.Builder
	returnedStrings(&b, res)
	want := []string{"| log | 12µs | 10µs | 1.11× | 0.67× | 30µs | 40µs | 0.80× | 0.50× |"}
	if diff := cmp.Diff(want, tableRows(b.String(), "| input")); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}

	b.Reset()
	res.tools = ts[:4]
	if returnedStrings(&b, res); b.Len() != 0 {
		t.Errorf("with no floors, returnedStrings wrote %q", b.String())
	}
}

// tableRows returns the rows of the Markdown tables in out, less the
// header rows, which start with header.
func tableRows(out, header string) []string {
	var rows []string
	for line := range strings.Lines(out) {
		if strings.HasPrefix(line, "| ") && !strings.HasPrefix(line, header) {
			rows = append(rows, strings.TrimSpace(line))
		}
	}
	return rows
}
