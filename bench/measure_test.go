package main

import (
	"runtime"
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
