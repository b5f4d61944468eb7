package main

import (
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestWarmUp checks when warmUp stops: after one call of a tool that
// allocates nothing, and only after warmCycles collections for one that
// allocates, a large object or a small one.
func TestWarmUp(t *testing.T) {
	in := &input{s: "text", b: []byte("text")}

	calls := 0
	warmUp(&tool{run: func(s string, _ []byte) int { calls++; return len(s) }}, in, time.Minute)
	if calls != 1 {
		t.Errorf("a tool that allocates nothing: %d calls, want 1", calls)
	}

	var keep []byte
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	calls = 0
	warmUp(&tool{run: func(s string, _ []byte) int {
		calls++
		keep = make([]byte, 1<<20)
		return len(keep)
	}}, in, time.Minute)
	runtime.ReadMemStats(&after)
	if cycles := after.NumGC - before.NumGC; cycles < warmCycles {
		t.Errorf("a tool that allocates: %d calls, %d collections, want %d or more", calls, cycles, warmCycles)
	}
	if calls < 2 {
		t.Errorf("a tool that allocates: %d calls, want more than one", calls)
	}

	// A small allocation, which the runtime's metrics count a span at a
	// time: most calls seem to allocate nothing there.
	runtime.ReadMemStats(&before)
	calls = 0
	warmUp(&tool{run: func(s string, _ []byte) int {
		calls++
		keep = make([]byte, 64)
		return len(keep)
	}}, in, time.Minute)
	runtime.ReadMemStats(&after)
	if cycles := after.NumGC - before.NumGC; cycles < warmCycles {
		t.Errorf("a tool that allocates 64 bytes: %d calls, %d collections, want %d or more", calls, cycles, warmCycles)
	}

	calls = 0
	warmUp(&tool{run: func(s string, _ []byte) int {
		calls++
		keep = make([]byte, 1<<20)
		return len(keep)
	}}, in, 0)
	if calls != 1 {
		t.Errorf("a tool that allocates, with no time to warm: %d calls, want 1", calls)
	}
}

// TestFastTools checks which tools run past largeRounds on a large input:
// those whose median call took at most fastCall, a tool timed at exactly
// fastCall among them, in the order of the tools.
func TestFastTools(t *testing.T) {
	ms := func(xs ...float64) *cell {
		c := &cell{}
		for _, x := range xs {
			c.times = append(c.times, x*float64(time.Millisecond))
		}
		return c
	}
	ts := []*tool{{name: "entry"}, {name: "slow peer"}, {name: "peer"}, {name: "edge"}, {name: "one slow round"}, {name: "untimed"}}
	cells := map[string]*cell{
		"entry":          ms(5, 6, 40),
		"slow peer":      ms(2400, 2500, 2300),
		"peer":           ms(150, 140, 160),
		"edge":           ms(300, 300, 300),
		"one slow round": ms(900, 20, 30),
		"untimed":        {},
	}
	var got []string
	for _, tl := range fastTools(ts, cells) {
		got = append(got, tl.name)
	}
	want := []string{"entry", "peer", "edge", "one slow round"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("fastTools (-want +got):\n%s", diff)
	}
}

// TestMeasureAllLargeRounds runs measureAll on an input over largeInput
// with two entry points that take no time and a peer slower than
// fastCall: the peer runs largeRounds rounds and the entry points every
// round, and each ratio holds one value for each round both tools ran.
func TestMeasureAllLargeRounds(t *testing.T) {
	if testing.Short() {
		t.Skip("the slow peer sleeps about 2 s in all")
	}
	text := strings.Repeat("x", largeInput+1)
	in := &input{name: "large", group: "ordinary", gen: func() string { return text }}
	fast := func(s string, _ []byte) int { return len(s) }
	slow := func(s string, _ []byte) int { time.Sleep(fastCall + 10*time.Millisecond); return len(s) }
	ts := []*tool{
		{name: "a", kind: kindPlainsight, run: fast},
		{name: "peer", kind: kindStripper, run: slow},
		{name: "b", kind: kindPlainsight, run: fast},
	}
	const rounds = largeRounds + 2
	res, err := measureAll(config{rounds: rounds, minDur: time.Millisecond}, []*input{in}, ts, nil, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, tl := range ts {
		got["times of "+tl.name] = len(res.cell("large", tl.name).times)
	}
	for _, pair := range [][2]string{{"a", "b"}, {"a", "peer"}, {"b", "a"}, {"b", "peer"}} {
		got["ratios of "+pair[0]+" to "+pair[1]] = len(res.ratios["large"][pair[0]][pair[1]])
	}
	want := map[string]int{
		"times of a": rounds, "times of b": rounds, "times of peer": largeRounds,
		"ratios of a to b": rounds, "ratios of b to a": rounds,
		"ratios of a to peer": largeRounds, "ratios of b to peer": largeRounds,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("measureAll on %d bytes (-want +got):\n%s", len(text), diff)
	}
	for _, r := range res.ratios["large"]["a"]["peer"] {
		if r < 1000 {
			t.Errorf("a against the slow peer: a ratio of %.1f, want the peer far slower", r)
		}
	}
}
