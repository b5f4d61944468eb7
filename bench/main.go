// Command bench compares plainsight with the tools people use today to
// make text safe (a regexp port of Pikuri, strconv.Quote, confusables,
// charm's ansi.Strip, stripansi, Node's strip-ansi) and with floors that
// do less than any of them (memmove, a byte loop, utf8.ValidString), on
// the same deterministic inputs, in interleaved rounds. It prints Markdown
// tables: speed, allocations and peak memory per input and tool, the
// ratio of each plainsight entry point to each peer and floor (the median
// of the ratios taken within each round, so that the noise of a shared
// machine cancels), the scaling of time with input size, the escape-corpus
// leaks of each tool, and the performance targets as met or missed.
//
// Run it through bench/run, which installs the Node peer first.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
)

func main() {
	var (
		quick     = flag.Bool("quick", false, "a quick run: 1 MiB adversarial inputs only, fewer and shorter rounds, no peak memory")
		rounds    = flag.Int("rounds", 0, "rounds per input (default 15, 3 with -quick); on inputs over 2 MiB, a tool slower than 300ms a call stops after 3")
		minDur    = flag.Duration("min", 0, "least time per tool, input and round (default 10ms)")
		root      = flag.String("root", "..", "the plainsight repository root")
		noNode    = flag.Bool("no-node", false, "leave out Node's strip-ansi")
		only      = flag.String("input", "", "run only inputs whose name contains this")
		noScaling = flag.Bool("no-scaling", false, "leave out the 16 MiB / 1 MiB pairs")
		peakTool  = flag.String("peak-tool", "", "internal: measure the peak memory of this tool")
		peakInput = flag.String("peak-input", "", "internal: on this input")
	)
	flag.Parse()
	if *peakTool == "" {
		if err := freeLazily(); err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			os.Exit(1)
		}
	}
	if *peakTool != "" {
		if err := peakChild(*root, *peakTool, *peakInput); err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			os.Exit(1)
		}
		return
	}
	cfg := config{quick: *quick, rounds: *rounds, minDur: *minDur, root: *root, node: !*noNode, only: *only, noScaling: *noScaling}
	if cfg.rounds == 0 {
		cfg.rounds = 15
		if cfg.quick {
			cfg.rounds = 3
		}
	}
	if cfg.minDur == 0 {
		cfg.minDur = 10 * time.Millisecond
		if cfg.quick {
			cfg.minDur = 10 * time.Millisecond
		}
	}
	if err := run(cfg, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

type config struct {
	quick     bool
	rounds    int
	minDur    time.Duration
	root      string
	node      bool
	only      string
	noScaling bool
}

func run(cfg config, stdout, progress io.Writer) error {
	root, err := filepath.Abs(cfg.root)
	if err != nil {
		return err
	}
	cfg.root = root
	ins, err := makeInputs(root, cfg.quick)
	if err != nil {
		return err
	}
	var bridge *nodeBridge
	if cfg.node {
		bridge, err = startNode(filepath.Join(root, "bench"))
		if err != nil {
			return err
		}
		defer bridge.close()
	}
	ts := tools(bridge != nil)
	cases, err := readEscapes(filepath.Join(root, "bench", "testdata", "escapes.txt"))
	if err != nil {
		return err
	}
	res, err := measureAll(cfg, ins, ts, bridge, progress)
	if err != nil {
		return err
	}
	if !cfg.noScaling {
		res.scale = measureScaling(cfg, ts, progress)
	}
	res.faultCost = faultCost()
	lk, err := leakTable(ts, cases, bridge)
	if err != nil {
		return err
	}
	osc, err := pushOSC()
	if err != nil {
		return err
	}
	report(stdout, cfg, res, lk, osc)
	return nil
}
