package plainsight

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// Benchmarks of Sanitize on control-heavy and adversarial text, next to
// strconv.Quote, Go's own escaper, and the Pikuri regexp port on the same
// input in the same benchmark: go test -run '^$' -bench Quote -benchmem .
// Sanitize does more than Quote (it reads terminal sequences, Unicode
// context and scripts) and should still be at least as fast. alloc/in is
// the bytes allocated per byte of input.

// colourLog is a build log as a CI runner stores it: SGR colours on most
// lines, a progress bar redrawn with CR.
var colourLog = repeatTo(benchSize,
	"\x1b[1m\x1b[32m   Compiling\x1b[0m plainsight v0.1.0 (/src/plainsight)",
	"\x1b[33mwarning\x1b[0m\x1b[1m: unused variable: `x`\x1b[0m",
	"\x1b[34m  --> \x1b[0msrc/main.rs:4:9",
	"[\x1b[32m=====>\x1b[0m    ] 42%\r[\x1b[32m======>\x1b[0m   ] 57%\r[\x1b[32m=========>\x1b[0m] 100%",
	"\x1b[2K\x1b[1G\x1b[36mok\x1b[0m   github.com/plainsight-dev/plainsight\t0.412s",
)

// quoteInputs returns the inputs: the colour log, the tty logs of term's
// tests, the attack text, and adversarial shapes of 1 MiB.
func quoteInputs(b *testing.B) []struct{ name, text string } {
	inputs := []struct{ name, text string }{
		{"ColourLog", colourLog},
		{"Attack", benchAttack},
	}
	logs, _ := filepath.Glob(filepath.Join("term", "testdata", "ttylogs", "*.log"))
	var tty strings.Builder
	for _, f := range logs {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		tty.Write(data)
	}
	if tty.Len() > 0 {
		inputs = append(inputs, struct{ name, text string }{"TTYLogs", tty.String()})
	}
	return append(inputs, adversarial(1<<20)...)
}

func BenchmarkSanitizeQuote(b *testing.B) {
	tools := []struct {
		name string
		run  func(string)
	}{
		{"Quote", func(s string) { stringSink = strconv.Quote(s) }},
		{"Sanitize", func(s string) { resultSink = Sanitize(s) }},
		{"PikuriRegexp", func(s string) { stringSink = pikuriSanitize(s) }},
	}
	for _, in := range quoteInputs(b) {
		for _, tool := range tools {
			b.Run(in.name+"/"+tool.name, func(b *testing.B) {
				b.SetBytes(int64(len(in.text)))
				b.ReportAllocs()
				for b.Loop() {
					tool.run(in.text)
				}
			})
		}
	}
}

// adversarial returns hostile inputs of about n bytes each, one shape each.
func adversarial(n int) []struct{ name, text string } {
	random, invalid := make([]byte, n), make([]byte, n)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range random {
		random[i] = byte(rng.Uint32())
	}
	// Bytes that no valid UTF-8 holds, from A0-C1 and F5-FF, at
	// random: each an escape of its own, rarely the same as the one
	// before.
	const neverValid = "\xa0\xa1\xa2\xa3\xa4\xa5\xa6\xa7\xa8\xa9\xaa\xab\xac\xad\xae\xaf" +
		"\xb0\xb1\xb2\xb3\xb4\xb5\xb6\xb7\xb8\xb9\xba\xbb\xbc\xbd\xbe\xbf\xc0\xc1" +
		"\xf5\xf6\xf7\xf8\xf9\xfa\xfb\xfc\xfd\xfe\xff"
	for i := range invalid {
		invalid[i] = neverValid[rng.IntN(len(neverValid))]
	}
	return []struct{ name, text string }{
		{"ESCFlood", strings.Repeat("\x1b", n)},
		{"NULFlood", strings.Repeat("\x00", n)},
		{"RLOFlood", strings.Repeat("\u202e", n/3)},
		{"C1Flood", strings.Repeat("\u009b", n/2)},
		{"TagFlood", strings.Repeat("\U000E0041", n/4)},
		{"SelectorFlood", strings.Repeat("\ufe01", n/3)},
		{"ZeroWidthFlood", strings.Repeat("\u200b", n/3)},
		{"UnterminatedOSC", "\x1b]0;" + strings.Repeat("a", n)},
		{"MillionParams", "\x1b[" + strings.Repeat("1;", n/2) + "m"},
		{"CombiningMarks", "a" + strings.Repeat("\u0301", n/2)},
		{"LongToken", strings.Repeat("p\u0430ypal", n/7)},
		{"RandomBytes", string(random)},
		{"InvalidFlood", string(invalid)},
	}
}

// TestAdversarialMemory checks that Sanitize allocates at most eight times
// its input on hostile shapes of 1 MiB: the escape list is packed, the
// output grows to what the text needs, and Text shares its bytes. The
// tables that the first mixed-script token builds, once per process, are
// built before.
func TestAdversarialMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates tens of MiB")
	}
	Sanitize("p\u0430ypal \u0440\u0430ypal")
	for _, in := range adversarial(1 << 20) {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		r := Sanitize(in.text)
		runtime.ReadMemStats(&after)
		got := after.TotalAlloc - before.TotalAlloc
		t.Logf("%s: %d bytes in, %d allocated (%.1f times)", in.name, len(in.text), got, float64(got)/float64(len(in.text)))
		if got > 8*uint64(len(in.text)) {
			t.Errorf("Sanitize(%s of %d bytes) allocates %d bytes, %.1f times the input", in.name, len(in.text), got, float64(got)/float64(len(in.text)))
		}
		if r.Original() != in.text {
			t.Errorf("Sanitize(%s).Original() differs from the input", in.name)
		}
	}
}
