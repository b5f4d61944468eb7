// Command hookpair times two commands in turn on the same standard input,
// for bench/hook.sh: the hook against a baseline, pair by pair, so that the
// ratio stays meaningful while the machine's speed drifts. It prints one
// line of tab-separated medians: wall time (ms) of A and of B, the median
// of the per-pair wall ratios A/B, CPU time (user + system, ms) of A and
// of B, the median of the per-pair CPU ratios, and the minor page faults
// of A and of B. CPU time is the operating system's accounting of each
// finished child: other processes on the machine inflate it far less than
// wall time, so it is the cross-check of the wall ratio under load.
//
// Usage: hookpair -rounds N -in FILE -a 'CMD ARG...' -b 'CMD ARG...'
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"time"
)

// A sample is one run of one command.
type sample struct {
	wall, cpu time.Duration
	faults    int64
}

func main() {
	rounds := flag.Int("rounds", 200, "pairs to run")
	in := flag.String("in", "", "the `file` given to both commands as standard input")
	a := flag.String("a", "", "the command timed (words split at spaces)")
	b := flag.String("b", "", "the baseline (words split at spaces)")
	flag.Parse()
	if *in == "" || *a == "" || *b == "" || *rounds < 1 {
		flag.Usage()
		os.Exit(2)
	}
	cmds := [2][]string{strings.Fields(*a), strings.Fields(*b)}
	var runs [2][]sample
	for _, c := range cmds { // warm the page cache
		if _, err := run(c, *in); err != nil {
			fmt.Fprintln(os.Stderr, "hookpair:", err)
			os.Exit(2)
		}
	}
	for i := range *rounds {
		// Alternate which goes first, so that neither always runs on a
		// cache the other just warmed.
		order := []int{0, 1}
		if i%2 == 1 {
			order = []int{1, 0}
		}
		for _, k := range order {
			s, err := run(cmds[k], *in)
			if err != nil {
				fmt.Fprintln(os.Stderr, "hookpair:", err)
				os.Exit(2)
			}
			runs[k] = append(runs[k], s)
		}
	}
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	wall := func(s sample) float64 { return ms(s.wall) }
	cpu := func(s sample) float64 { return ms(s.cpu) }
	faults := func(s sample) float64 { return float64(s.faults) }
	fmt.Printf("%.2f\t%.2f\t%.3f\t%.2f\t%.2f\t%.3f\t%.0f\t%.0f\n",
		median(runs[0], wall), median(runs[1], wall), pairRatio(runs, wall),
		median(runs[0], cpu), median(runs[1], cpu), pairRatio(runs, cpu),
		median(runs[0], faults), median(runs[1], faults))
}

// run runs c once with standard input from the file in, its output
// discarded; a status other than 0 is not an error (a hook denies with 2).
func run(c []string, in string) (sample, error) {
	f, err := os.Open(in)
	if err != nil {
		return sample{}, err
	}
	defer f.Close()
	cmd := exec.Command(c[0], c[1:]...)
	cmd.Stdin = f
	start := time.Now()
	err = cmd.Run()
	wall := time.Since(start)
	if cmd.ProcessState == nil {
		return sample{}, err
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	return sample{wall: wall, cpu: cpu, faults: ru.Minflt}, nil
}

func median(s []sample, f func(sample) float64) float64 {
	v := make([]float64, len(s))
	for i := range s {
		v[i] = f(s[i])
	}
	return mid(v)
}

// pairRatio is the median over the pairs of A's figure over B's.
func pairRatio(runs [2][]sample, f func(sample) float64) float64 {
	v := make([]float64, 0, len(runs[0]))
	for i := range runs[0] {
		if d := f(runs[1][i]); d > 0 {
			v = append(v, f(runs[0][i])/d)
		}
	}
	return mid(v)
}

func mid(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	slices.Sort(v)
	if len(v)%2 == 1 {
		return v[len(v)/2]
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2
}
