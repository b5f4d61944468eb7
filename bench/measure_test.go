package main

import (
	"runtime"
	"testing"
	"time"
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
