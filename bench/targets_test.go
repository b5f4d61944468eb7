package main

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestMissShares checks which part of an entry point that returns a new
// string the Targets table names for each input it misses: its stream,
// the string (the stream meets the target, its floor does not), its own
// cost above the floor, or none where the floor was not timed; and that
// met targets name none.
func TestMissShares(t *testing.T) {
	ts := []*tool{
		{name: "term Transform", kind: kindPlainsight}, {name: "term Push", kind: kindPlainsight},
		{name: pushFloor, kind: kindReturn}, {name: "charm Strip", kind: kindStripper},
	}
	ins := []*input{{name: "slow"}, {name: "string"}, {name: "own"}, {name: "nofloor"}, {name: "met"}}
	// ratios[input][entry][other] is t(other)/t(entry), one per round:
	// charm's time over each, and the floor's over Transform's.
	round := func(push, transform, floor float64) map[string]map[string][]float64 {
		return map[string]map[string][]float64{
			"term Push":      {"charm Strip": {push, push, push}, "term Transform": {push / transform, push / transform, push / transform}},
			"term Transform": {"charm Strip": {transform, transform, transform}, pushFloor: {transform / floor, transform / floor, transform / floor}, "term Transform": {1, 1, 1}},
		}
	}
	res := &results{ins: ins, tools: ts, cells: map[string]map[string]*cell{}, ratios: map[string]map[string]map[string][]float64{
		"slow":    round(2, 4, 1.9),     // Transform misses 5×
		"string":  round(3, 8, 3.2),     // Transform meets it, its floor does not
		"own":     round(4, 8, 7),       // the floor meets it, Push does not
		"nofloor": round(3, 8, 1),       // no round timed the floor
		"met":     round(6.5, 7.2, 6.5), // Push meets it
	}}
	delete(res.ratios["nofloor"]["term Transform"], pushFloor)
	for _, in := range ins {
		res.cells[in.name] = map[string]*cell{}
		for _, tl := range ts {
			res.cells[in.name][tl.name] = &cell{times: []float64{1}}
		}
	}
	got := map[string]string{}
	for _, v := range verdicts(res, oscPush{}) {
		got[v.target] = v.misses
	}
	want := map[string]string{
		"term Transform ≥ 5× charm Strip, every input": "",
		"term Push ≥ 5× charm Strip, every input": "term Transform itself on slow (term Push 2.00×; Transform + string 1.90×; term Transform 4.00×); " +
			"the string on string (term Push 3.00×; Transform + string 3.20×; term Transform 8.00×); " +
			"term Push above its floor on own (term Push 4.00×; Transform + string 7.00×; term Transform 8.00×); " +
			"its floor not measured on nofloor (term Push 3.00×; Transform + string -; term Transform 8.00×)",
		// Push over Transform: 2, 2.67, 2 and 1.11 times its time; the
		// floor's 2.11, 2.5, 1.14 and 1.11.
		"term Push costs ≤ 1.2× Transform, every input": "the string on slow (term Push 2.00× Transform's time; Transform + string 2.11× Transform's time), " +
			"string (term Push 2.67× Transform's time; Transform + string 2.50× Transform's time); " +
			"term Push above its floor on own (term Push 2.00× Transform's time; Transform + string 1.14× Transform's time); " +
			"its floor not measured on nofloor (term Push 2.67× Transform's time; Transform + string -)",
	}

	for target, w := range want {
		if diff := cmp.Diff(w, got[target]); diff != "" {
			t.Errorf("%s (-want +got):\n%s", target, diff)
		}
	}
}

// TestInvalidUTF8Target checks the target for invalid UTF-8: the
// clean-ASCII bar, 0.25× memmove, per byte written, so that a stream that
// writes three bytes for each byte read meets it at a twelfth of
// memmove's speed per byte read, and one that writes one must reach a
// quarter.
func TestInvalidUTF8Target(t *testing.T) {
	ts := []*tool{{name: "term Transform", kind: kindPlainsight}, {name: "transcript Cleaner", kind: kindPlainsight}, {name: "memmove", kind: kindFloor}}
	in := &input{name: "invalid-flood-1M", n: 1200}
	res := &results{ins: []*input{in}, tools: ts, cells: map[string]map[string]*cell{in.name: {
		"term Transform":     {times: []float64{1}, written: 3600}, // three bytes for one
		"transcript Cleaner": {times: []float64{1}, written: 1200}, // one for one
		"memmove":            {times: []float64{1}},
	}}, ratios: map[string]map[string]map[string][]float64{in.name: {
		"term Transform":     {"memmove": {0.09, 0.09, 0.09}},
		"transcript Cleaner": {"memmove": {0.2, 0.2, 0.2}},
	}}}
	got := map[string]bool{}
	for _, v := range verdicts(res, oscPush{}) {
		got[v.target] = v.met
	}
	want := map[string]bool{
		"term Transform ≥ 0.25× memmove per byte written on invalid UTF-8 (0.0833× per byte read)":   true,
		"transcript Cleaner ≥ 0.25× memmove per byte written on invalid UTF-8 (0.25× per byte read)": false,
	}
	for target, w := range want {
		if met, ok := got[target]; !ok || met != w {
			t.Errorf("%s: met %v (listed %v), want %v", target, met, ok, w)
		}
	}
}
