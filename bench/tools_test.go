package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/plainsight-dev/plainsight/term"
	"github.com/plainsight-dev/plainsight/transcript"
	"golang.org/x/text/transform"
)

// BenchmarkTool runs one tool on one input (the quick run's inputs) per
// iteration: instruction counts of it under cachegrind are ratios that
// the load of a shared machine cannot move, to set beside the timed
// ones. Run one pair at a time, for example
//
//	go test -c -o /tmp/bench.test .
//	valgrind --tool=cachegrind --cache-sim=no /tmp/bench.test -test.run '^$' \
//		-test.bench '^BenchmarkTool$/^term_Transform$/^random-bytes-1M$' -test.benchtime 3x
//
// and take the difference of two iteration counts, which cancels the
// set-up (building every input).
func BenchmarkTool(b *testing.B) {
	ins, err := makeInputs("..", true)
	if err != nil {
		b.Fatal(err)
	}
	for _, t := range tools(false) {
		for _, in := range ins {
			b.Run(t.benchName()+"/"+in.name, func(b *testing.B) {
				in.load()
				b.SetBytes(int64(in.n))
				for b.Loop() {
					sink += t.run(in.s, in.b)
				}
			})
		}
	}
}

// BenchmarkAttackLine runs the transcript's Cleaner and charm's Strip, the
// peer of its target, on each line of the attack text alone, repeated to
// a MiB, and reports the time a line: a profile of one kind of line
// (-cpuprofile, perf record). The two tools run one after the other, not
// in the alternating rounds of bench/run, so the ratio of their times
// moves by up to a half from run to run.
//
//	go test -run '^$' -bench '^BenchmarkAttackLine$' -count 5 .
func BenchmarkAttackLine(b *testing.B) {
	picked := pickTools(b, "transcript Cleaner", "charm Strip")
	for k, line := range attackLines {
		s := repeatLines(mib, line)
		lines := strings.Count(s, "\n")
		for _, t := range picked {
			b.Run(fmt.Sprintf("line-%d/%s", k+1, t.benchName()), func(b *testing.B) {
				raw := []byte(s)
				b.SetBytes(int64(len(s)))
				for b.Loop() {
					sink += t.run(s, raw)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*lines), "ns/line")
			})
		}
	}
}

// BenchmarkTTYLog runs term's Transform, the transcript's Cleaner and
// charm's Strip on each terminal recording of the tty logs alone, once a
// call: a profile of one program's output. As in BenchmarkAttackLine the
// tools run one after the other, and a call on a log of a few hundred
// bytes holds each tool's cost of a call.
//
//	go test -run '^$' -bench '^BenchmarkTTYLog$' -count 5 .
func BenchmarkTTYLog(b *testing.B) {
	picked := pickTools(b, "term Transform", "transcript Cleaner", "charm Strip")
	files, err := filepath.Glob(filepath.Join("..", "term", "testdata", "ttylogs", "*.log"))
	if err != nil || len(files) == 0 {
		b.Fatalf("tty logs: %d files, %v", len(files), err)
	}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		s := string(raw)
		for _, t := range picked {
			b.Run(strings.TrimSuffix(filepath.Base(f), ".log")+"/"+t.benchName(), func(b *testing.B) {
				b.SetBytes(int64(len(raw)))
				for b.Loop() {
					sink += t.run(s, raw)
				}
			})
		}
	}
}

// pickTools returns the tools named, in the order tools gives them, and
// fails b if one is gone.
func pickTools(b *testing.B, names ...string) []*tool {
	var picked []*tool
	for _, t := range tools(false) {
		if slices.Contains(names, t.name) {
			picked = append(picked, t)
		}
	}
	if len(picked) != len(names) {
		b.Fatalf("tools %q: found %d", names, len(picked))
	}
	return picked
}

// benchName is t's name in a benchmark's name, which holds no spaces:
// "term Push" is term_Push, as -test.bench selects it.
func (t *tool) benchName() string { return strings.ReplaceAll(t.name, " ", "_") }

// TestReturnFloor checks that the floors of the entry points that return
// a string write what the stream writes, on their first call and on the
// calls after it, which guess the length from the call before: on text
// that needs no change, on a colour log, and on random bytes longer than
// the floor's buffer.
func TestReturnFloor(t *testing.T) {
	ins := []string{commands(4 * kib), attack(4 * kib), shapes[3].make(3 * pushChunk)}
	for _, f := range []struct {
		name   string
		stream func() transform.Transformer
	}{
		{pushFloor, func() transform.Transformer { return term.New(term.Options{}) }},
		{cleanFloor, func() transform.Transformer { return transcript.NewCleaner(unlimited) }},
	} {
		floor := returnFloor(f.name, f.stream())
		for _, s := range ins {
			want, _, err := transform.String(f.stream(), s)
			if err != nil {
				t.Fatal(err)
			}
			for call := range 2 {
				if got := floor.run(s, []byte(s)); got != len(want) {
					t.Errorf("%s, %d bytes in, call %d: %d bytes, want %d", f.name, len(s), call+1, got, len(want))
				}
			}
		}
	}
}
