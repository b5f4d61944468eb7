package main

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"
)

// measureScaling times each plainsight entry point, and memmove as the
// machine's own reference, on the 1 MiB and the 16 MiB input of each
// adversarial shape, the two one right after the other in each round, and
// returns t(16 MiB)/t(1 MiB) from the fastest time of each size. Taken
// from the medians of runs minutes apart, as the per-input tables are, the
// ratio swings with the load of a shared machine by more than the factor
// it is meant to show; load only ever adds time, so the fastest of a few
// rounds is the least disturbed.
func measureScaling(cfg config, ts []*tool, progress io.Writer) map[string]map[string][]float64 {
	rounds := 5
	if !cfg.quick {
		rounds = 9
	}
	scale := map[string]map[string][]float64{}
	for _, sh := range shapes {
		if cfg.only != "" && !strings.Contains(sh.name, cfg.only) {
			continue
		}
		start := time.Now()
		small := &input{name: sh.name + "-1M", shape: sh.name, size: mib, gen: func() string { return sh.make(mib) }}
		big := &input{name: sh.name + "-16M", shape: sh.name, size: 16 * mib, gen: func() string { return sh.make(16 * mib) }}
		small.load()
		big.load()
		scale[sh.name] = map[string][]float64{}
		for _, t := range ts {
			if t.kind != kindPlainsight && t.name != "memmove" {
				continue
			}
			sink += t.run(big.s, big.b) // grow what the tool keeps
			fastSmall, fastBig := time.Duration(1<<62), time.Duration(1<<62)
			for range rounds {
				// Both sizes warmed up alike: the big one is
				// timed in one call.
				small, _ := timeRun(t, small, cfg.minDur, warmFactor*cfg.minDur)
				big, _ := timeRun(t, big, 0, warmFactor*cfg.minDur)
				fastSmall, fastBig = min(fastSmall, small), min(fastBig, big)
			}
			scale[sh.name][t.name] = []float64{float64(fastBig) / float64(fastSmall)}
		}
		small.unload()
		big.unload()
		runtime.GC()
		fmt.Fprintf(progress, "bench: scaling %-18s %s\n", sh.name, time.Since(start).Round(time.Millisecond))
	}
	return scale
}
