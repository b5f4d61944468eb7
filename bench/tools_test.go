package main

import (
	"strings"
	"testing"
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
			b.Run(strings.ReplaceAll(t.name, " ", "_")+"/"+in.name, func(b *testing.B) {
				in.load()
				b.SetBytes(int64(in.n))
				for b.Loop() {
					sink += t.run(in.s, in.b)
				}
			})
		}
	}
}
