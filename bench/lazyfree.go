package main

import (
	"slices"
	"strings"
)

// lazyFree is the runtime setting under which the harness times: the
// memory that the runtime returns to the kernel (MADV_FREE rather than
// MADV_DONTNEED) stays mapped until the kernel needs it. The tools grow
// the heap by different amounts (confusables by a hundred megabytes on
// the largest inputs), and the runtime's scavenger returns what they
// free to the kernel in the background, throughout a run
// (GODEBUG=scavtrace=1), also while the next tool is timed; with the
// default setting every page of it that the next tool writes is a page
// fault again (about 10 µs here), a cost that depends on which tools ran
// before, not on the one timed. Fresh memory still faults on its first
// touch, which warmUp takes before the timed loop. The peak-memory
// children run with the default (lazyDefault), since memory freed
// lazily still counts as resident.
const lazyFree = "madvdontneed=0"

// lazyDefault is the runtime's default, for the peak-memory children.
const lazyDefault = "madvdontneed=1"

// hasGODEBUG reports whether env sets GODEBUG with setting in effect: the
// last setting of its key, which the runtime reads last.
func hasGODEBUG(env []string, setting string) bool {
	key, _, _ := strings.Cut(setting, "=")
	for _, kv := range slices.Backward(env) {
		v, ok := strings.CutPrefix(kv, "GODEBUG=")
		if !ok {
			continue
		}
		fields := strings.Split(v, ",")
		for _, f := range slices.Backward(fields) {
			if k, _, _ := strings.Cut(f, "="); k == key {
				return f == setting
			}
		}
		return false
	}
	return false
}

// withGODEBUG returns env with setting added at the end of GODEBUG, where
// the runtime reads it last and so over an earlier value of the same key;
// other variables keep their place.
func withGODEBUG(env []string, setting string) []string {
	out := make([]string, 0, len(env)+1)
	value := setting
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "GODEBUG="); ok {
			if v != "" {
				value = v + "," + setting
			}
			continue
		}
		out = append(out, kv)
	}
	return append(out, "GODEBUG="+value)
}
