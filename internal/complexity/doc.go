// Package complexity holds a benchmark, and nothing else, that checks that
// every entry point of plainsight takes time linear in its input and
// allocates a bounded multiple of it, on the shapes of input an attacker
// would choose: BenchmarkComplexity in complexity_test.go.
//
// Each case runs one entry point on one shape at 256 bytes, 4 KiB, 64 KiB,
// 1 MiB and 16 MiB, each size sixteen times the one before, and reports
//
//   - ratio: the time at the largest size measured over the time at the
//     size before it (16 for linear time; the target is at most 20, or
//     the ratio of a plain copy, memmove, measured in the same run);
//   - B/byte: the bytes allocated at the largest size over its input
//     bytes (the target is at most 8, 16 for render.HTML, whose output is
//     markup);
//   - MiB: the largest size measured. A case whose next size would take
//     more than a minute at the target ratio, or allocate more than
//     2 GiB, stops there, and reports the ratio of the sizes it ran;
//   - ns/byte: the time at the largest size over its input bytes.
//
// Time is the processor time of the process, the best of three runs (two
// at 16 MiB), not the time on the wall.
//
// It runs on Linux, whose per-process processor clock it reads. Run it
// alone, once per case:
//
//	go test ./internal/complexity -run '^$' -bench . -benchtime 1x -timeout 60m
//
// The table in docs/performance.md ("Complexity") is its output.
package complexity
