package main

import (
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/plainsight-dev/plainsight/term"
)

// cell is what was measured for one tool on one input.
type cell struct {
	times        []float64 // ns per call, one per round
	faults       []float64 // minor page faults per call, one per round; -1 when not known
	allocs, byts uint64    // per call; unknown for Node
	// written is what the warm-up call's run returned: for term's
	// Transform and Push and the Cleaner, the bytes they wrote. 0 when
	// the warm-up did not run.
	written int
	peak    int64 // bytes; -1 when not measured
}

func (c *cell) ns() float64 { return median(c.times) }

// faultsPerCall is the median of the rounds' page faults per call, -1
// when not known.
func (c *cell) faultsPerCall() float64 {
	if len(c.faults) == 0 || slices.Contains(c.faults, -1) {
		return -1
	}
	return median(c.faults)
}

// results holds every measurement of a run.
type results struct {
	ins   []*input
	tools []*tool
	cells map[string]map[string]*cell // input, tool
	// ratios[input][entry][other] holds t(other)/t(entry), one per round:
	// above 1, the plainsight entry point is faster.
	ratios map[string]map[string]map[string][]float64
	// scale[shape][tool] holds t(16 MiB)/t(1 MiB) from measureScaling.
	scale map[string]map[string][]float64
	// faultCost is the time of one page fault (faultCost), 0 if not
	// measured.
	faultCost time.Duration
}

func (r *results) cell(in, t string) *cell { return r.cells[in][t] }

// ratio is the median within-round speed ratio of entry to other on in.
func (r *results) ratio(in, entry, other string) float64 {
	return median(r.ratios[in][entry][other])
}

// measureAll times every tool on every input in interleaved rounds: for
// each input, each round runs every tool once in a rotated order (on a
// large input, after largeRounds, every fast one: fastTools), and the
// ratios are taken between the times of the same round.
func measureAll(cfg config, ins []*input, ts []*tool, bridge *nodeBridge, progress io.Writer) (*results, error) {
	res := &results{tools: ts, cells: map[string]map[string]*cell{}, ratios: map[string]map[string]map[string][]float64{}}
	// One-time set-up (tables, compiled expressions) is not counted
	// against the first input.
	warm := []byte(commands(4*kib) + attack(4*kib) + shapes[3].make(4*kib))
	for _, t := range ts {
		if t.node == "" {
			sink += t.run(string(warm), warm)
		}
	}
	for _, in := range ins {
		if cfg.only != "" && !strings.Contains(in.name, cfg.only) {
			continue
		}
		res.ins = append(res.ins, in)
		start := time.Now()
		in.load()
		cells := map[string]*cell{}
		for _, t := range ts {
			c := &cell{peak: -1}
			cells[t.name] = c
			if t.node == "" {
				if in.n <= 2*mib || t.kind == kindPlainsight || t.kind == kindReturn {
					// Warm up: buffers that a tool keeps grow to
					// this input's needs, so that the allocations
					// counted are those of a call in steady state.
					// The slowest peers take seconds a call on the
					// large inputs, and keep no buffers.
					c.written = t.run(in.s, in.b)
					sink += c.written
				}
				c.allocs, c.byts = allocs(t, in)
			}
		}
		ratios := map[string]map[string][]float64{}
		active := ts
		for r := range cfg.rounds {
			if r == largeRounds && in.n > largeInput {
				active = fastTools(ts, cells)
			}
			round := map[string]float64{}
			for k := range active {
				t := active[(k+r)%len(active)]
				var d time.Duration
				faults := -1.0 // not known for Node
				if t.node != "" {
					var err error
					if d, err = bridge.time(in, t.node, cfg.minDur); err != nil {
						return nil, err
					}
				} else {
					d, faults = timeRun(t, in, cfg.minDur, warmFactor*cfg.minDur)
				}
				round[t.name] = float64(d)
				cells[t.name].times = append(cells[t.name].times, float64(d))
				cells[t.name].faults = append(cells[t.name].faults, faults)
			}
			for _, e := range active {
				if e.kind != kindPlainsight {
					continue
				}
				if ratios[e.name] == nil {
					ratios[e.name] = map[string][]float64{}
				}
				for _, o := range active {
					ratios[e.name][o.name] = append(ratios[e.name][o.name], round[o.name]/round[e.name])
				}
			}
		}
		if bridge != nil {
			if err := bridge.forget(); err != nil {
				return nil, err
			}
		}
		in.unload()
		runtime.GC()
		if in.group == "adversarial" && !cfg.quick {
			for _, t := range ts {
				if t.node != "" || t.kind == kindReturn {
					continue
				}
				p, err := peak(cfg.root, t.name, in.name)
				if err != nil {
					return nil, err
				}
				cells[t.name].peak = p
			}
		}
		res.cells[in.name] = cells
		res.ratios[in.name] = ratios
		fmt.Fprintf(progress, "bench: %-24s %s\n", in.name, time.Since(start).Round(time.Millisecond))
	}
	return res, nil
}

// On an input over largeInput, the slowest peers take seconds a call, and
// every tool runs only the first largeRounds rounds; the tools whose calls
// took at most fastCall (fastTools) run the rest. On every input those
// include term's and transcript's entry points, the floors and charm's
// Strip, the peer the streams' targets are set against (163 ms a call on
// 16 MiB of random bytes). A median of three turned on one disturbed
// round: on the unterminated OSC and the ESC flood at 16 MiB, where Push
// returns nothing and runs what Transform runs, it took 1.7× and 1.8×
// Transform's time in two runs.
const (
	largeInput  = 2 * mib
	largeRounds = 3
	fastCall    = 300 * time.Millisecond
)

// fastTools returns the tools of ts whose median call in cells took at
// most fastCall, in ts's order.
func fastTools(ts []*tool, cells map[string]*cell) []*tool {
	var fast []*tool
	for _, t := range ts {
		if c := cells[t.name]; c != nil && len(c.times) > 0 && c.ns() <= float64(fastCall) {
			fast = append(fast, t)
		}
	}
	return fast
}

// leakTable runs every tool with an output over the escape corpus.
func leakTable(ts []*tool, cases []escapeCase, bridge *nodeBridge) (map[string]*leakCount, error) {
	out := map[string]*leakCount{}
	for _, t := range ts {
		if t.kind == kindFloor || t.out == nil && t.node == "" || t.node == "string" {
			continue
		}
		n := &leakCount{}
		for _, c := range cases {
			var got string
			if t.node != "" {
				var err error
				if got, err = bridge.strip(c.in); err != nil {
					return nil, err
				}
			} else {
				got = t.out(c.in)
			}
			n.add(c, leaks(c, got, !t.neutralizes))
		}
		out[t.name] = n
	}
	return out, nil
}

// oscPush is the allocation of term.Push over a 64 MiB unterminated OSC
// pushed in 64 KiB chunks.
type oscPush struct {
	size, allocs, bytes uint64
}

func pushOSC() (oscPush, error) {
	const size = 64 * mib
	chunk := strings.Repeat("A", pushChunk)
	s := term.New(term.Options{})
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	n := len(s.Push("\x1b]0;"))
	for range size / pushChunk {
		n += len(s.Push(chunk))
	}
	n += len(s.Finish())
	runtime.ReadMemStats(&after)
	if n != 0 {
		return oscPush{}, fmt.Errorf("term.Push wrote %d bytes of an unterminated OSC", n)
	}
	return oscPush{size: size, allocs: after.Mallocs - before.Mallocs, bytes: after.TotalAlloc - before.TotalAlloc}, nil
}
