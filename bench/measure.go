package main

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"strconv"
	"strings"
	"time"
)

// timeRun calls t on in until minDur has passed (at least once) and
// returns the time per call, and the minor page faults per call (-1 if
// the system does not count them). It collects the garbage first, so
// that a tool that allocates does not pay the collector for the garbage
// of the tool timed before it (the Pikuri port and confusables leave tens
// of megabytes), which a tool that allocates nothing never pays, and then
// warms the tool up for at most warm (warmUp). The faults are the
// process's: the collector's, when it runs, count too.
func timeRun(t *tool, in *input, minDur, warm time.Duration) (time.Duration, float64) {
	runtime.GC()
	warmUp(t, in, warm)
	calls := 0
	faults := minorFaults()
	start := time.Now()
	var elapsed time.Duration
	for {
		sink += t.run(in.s, in.b)
		calls++
		if elapsed = time.Since(start); elapsed >= minDur {
			perCall := -1.0
			if faults >= 0 {
				perCall = float64(minorFaults()-faults) / float64(calls)
			}
			return elapsed / time.Duration(calls), perCall
		}
	}
}

// warmUp calls t on in, untimed, until the collector has finished
// warmCycles cycles since the first call, so that the timed loop finds
// the heap as a program that keeps calling the tool has it: the memory
// its garbage frees is reused, already mapped. Straight after a
// collection the runtime holds less memory than such a tool cycles
// through, and returns what it frees to the kernel in the background, so
// the first calls write to fresh pages and pay a page fault for each
// (about 10 µs a page here): a cost that came and went with the tools
// timed before. A tool whose first call allocates nothing has nothing to
// warm and is called once; limit bounds the rest (a tool that allocates a
// few kilobytes a call takes many calls to fill the heap, and as few
// faults), after at least one call.
//
// Whether the first call allocates is read from runtime.MemStats, which
// counts every allocation. The runtime's metrics count the small ones a
// span at a time: a call that allocates 8 KiB was seen to allocate
// nothing a few times in a thousand, which ended the warm-up there, and
// a tool timed straight after one that allocates nothing (Push after
// Transform) took 10-80% longer than the same tool timed after one that
// allocates.
func warmUp(t *tool, in *input, limit time.Duration) {
	s := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}}
	metrics.Read(s)
	cycles := s[0].Value.Uint64()
	start := time.Now()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	sink += t.run(in.s, in.b)
	runtime.ReadMemStats(&after)
	if after.Mallocs == before.Mallocs {
		return
	}
	for {
		metrics.Read(s)
		if s[0].Value.Uint64() >= cycles+warmCycles || time.Since(start) >= limit {
			return
		}
		sink += t.run(in.s, in.b)
	}
}

// warmCycles is how many collections warmUp waits for: the first frees
// the garbage of the calls before it, the second the garbage of calls
// that reused that memory.
const warmCycles = 2

// warmFactor bounds warmUp at this many times the least time of a timed
// loop (the round's): enough for a tool that returns a new string as long
// as a 4 MiB input to pass warmCycles.
const warmFactor = 4

// faultProbe is the size of the mapping that faultCost touches.
const faultProbe = 16 << 20

// sink takes a number from every call, so that no work is optimized away.
//
//lint:ignore U1000 written only, on purpose
var sink int

// allocs returns the allocations and bytes allocated by one call of t on
// in. The counts are the process's, so an allocation of the runtime or of
// another goroutine during the call adds to them: a call that allocates
// little (fewAllocs or fewer), where one such allocation would
// decide a target of a few or none, is measured three times and the
// fewest are kept, since what is not the tool's only ever adds.
func allocs(t *tool, in *input) (n, bytes uint64) {
	for i := range 3 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		sink += t.run(in.s, in.b)
		runtime.ReadMemStats(&after)
		m, b := after.Mallocs-before.Mallocs, after.TotalAlloc-before.TotalAlloc
		if i == 0 || m < n {
			n = m
		}
		if i == 0 || b < bytes {
			bytes = b
		}
		if n == 0 || n > fewAllocs {
			break
		}
	}
	return n, bytes
}

// fewAllocs is the most allocations a call may make and still be measured
// again: the largest bound of the targets that count allocations per call
// (transcript.Clean's).
const fewAllocs = 32

// median returns the median of xs (the mean of the two middle values for
// an even count).
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// Peak memory is measured in a child process per tool and input: the
// child builds the input, settles its heap, resets the kernel's
// high-water mark of resident memory and runs the tool once; the peak is
// the high-water mark minus the resident memory before the call.

// peakChild is the child's side: it prints the peak in bytes.
func peakChild(root, toolName, inputName string) error {
	in, err := oneInput(root, inputName)
	if err != nil {
		return err
	}
	var t *tool
	for _, c := range tools(false) {
		if c.name == toolName {
			t = c
		}
	}
	if t == nil {
		return fmt.Errorf("no tool %q", toolName)
	}
	runtime.GC()
	debug.FreeOSMemory()
	before, err := procStatus("VmRSS")
	if err != nil {
		return err
	}
	if err := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0); err != nil {
		return fmt.Errorf("resetting the peak: %w", err)
	}
	sink += t.run(in.s, in.b)
	peak, err := procStatus("VmHWM")
	if err != nil {
		return err
	}
	fmt.Println(max(peak-before, 0))
	return nil
}

// procStatus reads a memory field of /proc/self/status, in bytes.
func procStatus(field string) (int64, error) {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, err
	}
	for line := range strings.Lines(string(data)) {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10, err
		}
	}
	return 0, fmt.Errorf("no %s in /proc/self/status", field)
}

// peak runs the child for one tool and input and returns its peak.
func peak(root, toolName, inputName string) (int64, error) {
	cmd := exec.Command(os.Args[0], "-root", root, "-peak-tool", toolName, "-peak-input", inputName)
	cmd.Env = withGODEBUG(os.Environ(), lazyDefault)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return 0, fmt.Errorf("peak of %s on %s: %w", toolName, inputName, err)
	}
	return strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64)
}
