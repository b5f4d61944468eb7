package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strings"
	"time"
)

// report writes the tables of a run as Markdown.
func report(w io.Writer, cfg config, res *results, lk map[string]*leakCount, osc oscPush) {
	fmt.Fprintf(w, "## Machine\n\n")
	fmt.Fprintf(w, "- %s\n", machine())
	fmt.Fprintf(w, "- %d rounds of at least %v per tool and input%s; on inputs over %d MiB, a tool slower than %v a call runs %d\n",
		cfg.rounds, cfg.minDur, map[bool]string{true: " (quick run)"}[cfg.quick], largeInput>>20, fastCall, min(cfg.rounds, largeRounds))
	fmt.Fprintf(w, "- peers: %s\n", peers())
	if res.faultCost > 0 {
		fmt.Fprintf(w, "- a page fault, the first touch of a page of fresh memory: %s (the median of five rounds over a new mapping of %d MiB)\n", durString(float64(res.faultCost)), faultProbe>>20)
	}
	fmt.Fprintln(w)

	targets(w, res, lk, osc)

	fmt.Fprintf(w, "## Ratios\n\n")
	fmt.Fprintf(w, "Speed of each plainsight entry point relative to each peer and floor: the median over rounds of t(other) / t(entry) within a round. Above 1, plainsight is faster.\n\n")
	var others []*tool
	for _, t := range res.tools {
		if t.kind != kindPlainsight && t.kind != kindReturn {
			others = append(others, t)
		}
	}
	for _, e := range res.tools {
		if e.kind != kindPlainsight {
			continue
		}
		fmt.Fprintf(w, "### %s\n\n| input |", e.name)
		for _, o := range others {
			fmt.Fprintf(w, " %s |", o.name)
		}
		fmt.Fprintf(w, "\n|---|%s\n", strings.Repeat("---:|", len(others)))
		for _, in := range res.ins {
			fmt.Fprintf(w, "| %s |", in.name)
			for _, o := range others {
				fmt.Fprintf(w, " %s |", ratioString(res.ratio(in.name, e.name, o.name)))
			}
			fmt.Fprintln(w)
		}
		fmt.Fprintln(w)
	}

	scaling(w, res)
	pageFaults(w, res)
	returnedStrings(w, res)

	fmt.Fprintf(w, "## Correctness: escape-corpus leaks\n\n")
	fmt.Fprintf(w, "Cases of bench/testdata/escapes.txt (the hostile rows of term's policy table) whose output holds ESC outside a plain SGR, a C1 control, CR, BS, or (for strippers) bytes of a removed payload. Neutralizers show payloads escaped, by design.\n\n")
	fmt.Fprintf(w, "| tool | cases leaking | ESC | C1 | CR | BS | payload | cases |\n|---|---:|---:|---:|---:|---:|---:|---|\n")
	for _, t := range res.tools {
		n := lk[t.name]
		if n == nil {
			continue
		}
		payload := fmt.Sprint(n.payload)
		if t.neutralizes {
			payload = "-"
		}
		names := strings.Join(n.names, " ")
		if len(n.names) > 8 {
			names = strings.Join(n.names[:8], " ") + fmt.Sprintf(" and %d more", len(n.names)-8)
		}
		fmt.Fprintf(w, "| %s | %d | %d | %d | %d | %d | %s | %s |\n", t.name, n.cases, n.esc, n.c1, n.cr, n.bs, payload, names)
	}
	fmt.Fprintln(w)

	fmt.Fprintf(w, "## Per input\n\n")
	fmt.Fprintf(w, "MB/s and time are medians over rounds; allocations and bytes are of one call; faults are the minor page faults of the process per call, the median over rounds; peak is the resident memory the call added, measured in a child process (adversarial inputs only). Node's strip-ansi is timed by node itself; its allocations and faults are not known.\n\n")
	for _, in := range res.ins {
		fmt.Fprintf(w, "### %s (%s, %s)\n\n", in.name, in.group, sizeString(float64(inputSize(in))))
		fmt.Fprintf(w, "| tool | MB/s | time | allocs | bytes | faults | peak |\n|---|---:|---:|---:|---:|---:|---:|\n")
		for _, t := range res.tools {
			c := res.cell(in.name, t.name)
			allocs, byts, faults, pk := "-", "-", "-", "-"
			if t.node == "" {
				allocs, byts = fmt.Sprint(c.allocs), sizeString(float64(c.byts))
			}
			if f := c.faultsPerCall(); f >= 0 {
				faults = threeDigits(f)
			}
			if c.peak >= 0 {
				pk = sizeString(float64(c.peak))
			}
			fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s |\n", t.name, mbps(inputSize(in), c.ns()),
				durString(c.ns()), allocs, byts, faults, pk)
		}
		fmt.Fprintln(w)
	}
}

// inputSize is the size of in, which may be unloaded by now.
func inputSize(in *input) int { return in.n }

func mbps(n int, ns float64) string {
	if ns <= 0 {
		return "-"
	}
	return threeDigits(float64(n) * 1e3 / ns)
}

func ratioString(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) || x == 0 {
		return "-"
	}
	return threeDigits(x) + "×"
}

// threeDigits formats x with about three significant digits.
func threeDigits(x float64) string {
	switch {
	case x >= 100:
		return fmt.Sprintf("%.0f", x)
	case x >= 10:
		return fmt.Sprintf("%.1f", x)
	}
	return fmt.Sprintf("%.2f", x)
}

func durString(ns float64) string {
	d := time.Duration(ns)
	switch {
	case d >= time.Second:
		return d.Round(10 * time.Millisecond).String()
	case d >= time.Millisecond:
		return d.Round(10 * time.Microsecond).String()
	case d >= time.Microsecond:
		return d.Round(10 * time.Nanosecond).String()
	}
	return d.String()
}

func sizeString(b float64) string {
	switch {
	case b >= 1<<30:
		return fmt.Sprintf("%.2f GiB", b/(1<<30))
	case b >= 1<<20:
		return fmt.Sprintf("%.1f MiB", b/(1<<20))
	case b >= 1<<10:
		return fmt.Sprintf("%.1f KiB", b/(1<<10))
	}
	return fmt.Sprintf("%.0f B", b)
}

// scaling writes t(16 MiB)/t(1 MiB) per tool and adversarial shape, from
// the fastest times of measureScaling's rounds, and for
// the plainsight entry points the peak memory at both sizes when the run
// measured it.
func scaling(w io.Writer, res *results) {
	var names []string
	for _, sh := range shapes {
		if len(res.scale[sh.name]) > 0 {
			names = append(names, sh.name)
		}
	}
	if len(names) == 0 {
		return
	}
	fmt.Fprintf(w, "## Scaling\n\nTime on 16 MiB over time on 1 MiB of each adversarial shape (16 is linear): the fastest of several rounds of each size, the two timed one right after the other in each round; memmove shows what the machine's caches make of the larger size. For the plainsight entry points, the peak memory at 1 and 16 MiB when the run measured it.\n\n| tool |")
	for _, n := range names {
		fmt.Fprintf(w, " %s |", n)
	}
	fmt.Fprintf(w, "\n|---|%s\n", strings.Repeat("---:|", len(names)))
	for _, t := range res.tools {
		if len(res.scale[names[0]][t.name]) == 0 {
			continue
		}
		fmt.Fprintf(w, "| %s |", t.name)
		for _, n := range names {
			s := fmt.Sprintf("%.1f", median(res.scale[n][t.name]))
			small, big := res.cell(n+"-1M", t.name), res.cell(n+"-16M", t.name)
			if t.kind == kindPlainsight && small != nil && big != nil && small.peak >= 0 && big.peak >= 0 {
				s += fmt.Sprintf(" (%s → %s)", sizeString(float64(small.peak)), sizeString(float64(big.peak)))
			}
			fmt.Fprintf(w, " %s |", s)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w)
}

// pageFaults writes, for each plainsight entry point and input, the share
// of the call's time that its page faults take at the run's cost of one:
// the first touch of the fresh memory that an entry point returning a new
// string writes its output to. Rows under faultShare are left out.
func pageFaults(w io.Writer, res *results) {
	if res.faultCost <= 0 {
		return
	}
	fmt.Fprintf(w, "## Page faults\n\nThe time of each plainsight entry point that goes to the first touch of fresh memory: its minor page faults per call (the median over rounds) times the cost of one (%s in this run, under Machine), as a share of its time per call, where that share is %.0f%% or more.\n\n", durString(float64(res.faultCost)), 100*faultShare)
	fmt.Fprintf(w, "| entry point | input | faults | time in faults | time per call | share |\n|---|---|---:|---:|---:|---:|\n")
	for _, t := range res.tools {
		if t.kind != kindPlainsight {
			continue
		}
		for _, in := range res.ins {
			c := res.cell(in.name, t.name)
			f := c.faultsPerCall()
			inFaults := f * float64(res.faultCost)
			if f < 0 || c.ns() <= 0 || inFaults < faultShare*c.ns() {
				continue
			}
			fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %.0f%% |\n", t.name, in.name, threeDigits(f), durString(inFaults), durString(c.ns()), 100*min(inFaults/c.ns(), 1))
		}
	}
	fmt.Fprintln(w)
}

// returnedStrings writes, for each entry point that returns its output as
// a new string (Push, CleanString), its time against its floor (the
// stream under it and then a copy of as many bytes to a new string), and
// the stream's time against the floor: what returning the string costs
// in this run's heap, which the target of Push against Transform, and the
// stream's against a peer, leave out.
func returnedStrings(w io.Writer, res *results) {
	var es []stringEntry
	for _, e := range stringEntries {
		if res.hasAll(e) {
			es = append(es, e)
		}
	}
	if len(es) == 0 {
		return
	}
	fmt.Fprintf(w, "## Returned strings\n\nEach entry point that returns a new string, against its floor: the stream under it, writing to a buffer that the caller keeps, and then a copy of as many bytes to a new string. Times are medians over rounds; the ratios, of the entry point's time and of the stream's to the floor's, are medians of within-round ratios. An entry point near 1× its floor takes what the stream and the string take.\n\n| input |")
	for _, e := range es {
		fmt.Fprintf(w, " %s | %s | ÷ floor | %s ÷ floor |", e.name, e.floor, e.stream)
	}
	fmt.Fprintf(w, "\n|---|%s\n", strings.Repeat("---:|---:|---:|---:|", len(es)))
	for _, in := range res.ins {
		fmt.Fprintf(w, "| %s |", in.name)
		for _, e := range es {
			// ratio(in, a, b) is t(b)/t(a): its inverse is a's time
			// over b's.
			fmt.Fprintf(w, " %s | %s | %s | %s |", durString(res.cell(in.name, e.name).ns()), durString(res.cell(in.name, e.floor).ns()),
				ratioString(1/res.ratio(in.name, e.name, e.floor)), ratioString(1/res.ratio(in.name, e.stream, e.floor)))
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w)
}

// faultShare is the least share of a call's time in page faults that
// pageFaults reports.
const faultShare = 0.25

// machine describes where the run happened.
func machine() string {
	cpu := "unknown CPU"
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for line := range strings.Lines(string(data)) {
			if rest, ok := strings.CutPrefix(line, "model name"); ok {
				cpu = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), ":"))
				break
			}
		}
	}
	nodeV := "no node"
	if out, err := exec.Command("node", "--version").Output(); err == nil {
		nodeV = "node " + strings.TrimSpace(string(out))
	}
	return fmt.Sprintf("%s, nproc %d, %s %s/%s, %s", cpu, runtime.NumCPU(), runtime.Version(), runtime.GOOS, runtime.GOARCH, nodeV)
}

// peers lists the versions of the Go peers, from the build.
func peers() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	var s []string
	for _, d := range bi.Deps {
		switch d.Path {
		case "github.com/charmbracelet/x/ansi", "github.com/acarl005/stripansi", "github.com/mtibben/confusables":
			s = append(s, d.Path+" "+d.Version)
		}
	}
	return strings.Join(append(s, "strip-ansi (bench/node/package.json)"), ", ")
}
