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
