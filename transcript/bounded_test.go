package transcript

import (
	"runtime"
	"strings"
	"testing"

	"golang.org/x/text/transform"
)

// TestTransformHoldsLittle checks that a Cleaner behind a small dst keeps
// little output of its own, even when one text token spans megabytes.
func TestTransformHoldsLittle(t *testing.T) {
	for _, in := range []string{
		strings.Repeat("a", 4<<20),
		strings.Repeat("\u00e9", 2<<20),
		"a" + strings.Repeat("\u0301", 2<<20),
	} {
		c := NewCleaner(Options{Limits: Limits{MaxOutput: -1}})
		dst := make([]byte, 4096)
		src := []byte(in)
		var n int
		for {
			nDst, nSrc, err := c.Transform(dst, src, true)
			n += nDst
			src = src[nSrc:]
			if held := cap(c.out); held > 256<<10 {
				t.Fatalf("%.20q...: the Cleaner holds %d bytes of output", in, held)
			}
			if err != transform.ErrShortDst {
				if err != nil {
					t.Fatal(err)
				}
				break
			}
		}
		if n != len(in) {
			t.Errorf("%.20q...: wrote %d bytes, want %d", in, n, len(in))
		}
	}
}

// allocInput is many lines of every kind the Cleaner handles: colour,
// titles, overwrites, tags, bidi controls, joiners, invalid bytes.
var allocInput = []byte(strings.Repeat(
	"\x1b[1;31mFAIL\x1b[0m x\r\n"+
		"ok\U000E0049\U000E0047 \u202eabc \u0645\u06cc\u200c\u062e \u2764\ufe0f\n"+
		"\x1b]0;title\a\x1b[?25l plain line of text\n"+
		"bad \xff\xc2 byte \x9b1m\x7f\n", 5000))

// TestCleanAllocs checks that Clean allocates a bounded number of times,
// however many lines it reads, and that a Cleaner reused as a Transformer
// allocates nothing per call.
func TestCleanAllocs(t *testing.T) {
	opts := Options{Limits: Limits{MaxOutput: -1}}
	if n := testing.AllocsPerRun(5, func() { Clean(allocInput, opts) }); n > 16 {
		t.Errorf("Clean of %d lines: %v allocations, want at most 16", strings.Count(string(allocInput), "\n"), n)
	}
	c := NewCleaner(opts)
	dst := make([]byte, 4096)
	run := func() {
		c.Reset()
		src := allocInput
		for {
			_, nSrc, err := c.Transform(dst, src, true)
			src = src[nSrc:]
			if err != transform.ErrShortDst {
				return
			}
		}
	}
	run() // buffers grow once
	if n := testing.AllocsPerRun(5, run); n != 0 {
		t.Errorf("Cleaner.Transform over %d bytes: %v allocations, want 0", len(allocInput), n)
	}
}

// TestCleanGrowth checks that Clean's text is sized from the rate at which
// the input becomes text, whether escapes make it longer than the input,
// dropped controls and sequences shorter, or a run of controls is read
// before its text is written: Clean allocates at most twice the text
// beyond the buffers of a line (growing the text by a quarter each time
// would allocate five times it), and the input's length too when its
// text starts with more of it unchanged than the stage holds, its first
// guess then.
func TestCleanGrowth(t *testing.T) {
	const n = 1 << 20
	for _, tt := range []struct {
		name, in string
		guess    bool
	}{
		{"zero-width spaces, one line", strings.Repeat("\u200b", n/3), false},
		{"tags, lines of 1 KiB", strings.Repeat(strings.Repeat("\U000E0041", 255)+"\n", n/1024), false},
		{"soft hyphens in words", strings.Repeat("ab\u00adcd\u00ad", n/8), false},
		{"escapes after clean text", strings.Repeat("x", n/2) + strings.Repeat("\u202e", n/6), true},
		{"a run of CRs, each a line", "x" + strings.Repeat("\r", n), false},
		{"overstrike", strings.Repeat("_\bx", n/3), false},
		{"colour log, a quarter text", strings.Repeat("\x1b[1mab\x1b[0m\n", n/12), false},
		{"invalid bytes, one line", strings.Repeat("\xff", n), false},
		{"invalid bytes among text", strings.Repeat("ab\xffcd\x80", n/6), false},
		{"C1 controls", strings.Repeat("\u0085x", n/3), false},
		{"clean lines ended by CR LF", strings.Repeat("a clean line\r\n", n/14), false},
	} {
		for _, maxLine := range []int{DefaultMaxLine, n} {
			opts := Options{Limits: Limits{MaxOutput: -1, MaxLine: maxLine}}
			var text string
			allocated := bytesAllocated(func() { text, _ = CleanString(tt.in, opts) })
			line := min(len(tt.in), maxLine)
			bound := 2*len(text) + line + ubufSize + 64<<10
			if tt.guess {
				bound += len(tt.in)
			}
			if allocated > uint64(bound) {
				t.Errorf("%s, MaxLine %d: %d bytes in, %d out, %d allocated; want at most %d", tt.name, maxLine, len(tt.in), len(text), allocated, bound)
			}
		}
	}
}

// TestCleanTextSize checks that Clean's text is a string of its own
// length, give or take the runtime's size class (less than a fifth above
// 1 KiB): a caller that keeps it keeps no more memory than that, even
// when sequences made the input several times longer than the text. The
// text of an input no longer than maxStage, and a text no longer than
// textStage, is also all that a call allocates; a longer text of a longer
// input may first take a builder of its first guess, firstText.
func TestCleanTextSize(t *testing.T) {
	opts := Options{Limits: Limits{MaxOutput: -1}}
	for _, in := range []string{
		strings.Repeat("\x1b[1;31mFAIL\x1b[0m x\r\n", 500),
		strings.Repeat("\x1b[2K", 8000) + "x\n",
		strings.Repeat("a line\n", 1000) + "\x1b[31mred\n",
		"short \x1b[1mbold\x1b[0m\n",
		strings.Repeat("\xff", maxStage/4),
		strings.Repeat("\x1b[2K", maxStage/2) + "x\n",
		"ok\n" + strings.Repeat("\x1b[2K\x1b[1G", maxStage/4) + "done\n",
		strings.Repeat("a", textStage-1) + "\n" + strings.Repeat("\x1b[1G", maxStage/2) + "x\n",
		strings.Repeat("\x1b[1mbuilt\x1b[0m\n", maxStage/16) + strings.Repeat("\x1b[1G", maxStage),
		strings.Repeat("a clean line\r\n", 1000),
		strings.Repeat("a clean line\r\n", maxStage/8),
	} {
		raw := []byte(in)
		c := NewCleaner(opts)
		CleanReusing(c, raw, opts) // its buffers, once
		var text string
		allocated := bytesAllocated(func() { text, _ = CleanReusing(c, raw, opts) })
		if want, _, err := transform.String(NewCleaner(opts), in); err != nil || text != want {
			t.Fatalf("Clean(%.40q) = %.40q, the Cleaner's text %.40q (%v)", in, text, want, err)
		}
		bound := uint64(len(text) + len(text)/4 + 16)
		if len(in) <= maxStage || len(text) <= textStage {
			if allocated > bound {
				t.Errorf("Clean(%.40q): %d bytes in, %d out, %d allocated; want at most %d", in, len(in), len(text), allocated, bound)
			}
		} else if held := bytesHeld(func() string { text, _ := CleanReusing(c, raw, opts); return text }); held > bound {
			t.Errorf("Clean(%.40q): %d bytes in, %d out, %d held; want at most %d", in, len(in), len(text), held, bound)
		}
	}
}

// bytesHeld returns the heap that the string f returns holds: the live
// heap with it, less the live heap without it.
func bytesHeld(f func() string) uint64 {
	var with, without runtime.MemStats
	s := f()
	runtime.GC()
	runtime.ReadMemStats(&with)
	runtime.KeepAlive(s) // and not after: the next collection frees it
	runtime.GC()
	runtime.ReadMemStats(&without)
	if without.HeapAlloc > with.HeapAlloc {
		return 0 // allocated since, by another goroutine
	}
	return with.HeapAlloc - without.HeapAlloc
}

// bytesAllocated returns the bytes that f allocates: the least of three
// calls. TotalAlloc counts what other goroutines, the runtime's among
// them, allocate while f runs, a few KiB in one call's window now and
// then (one run in ten of TestCleanTextSize saw 5 KiB more on one
// input); what f allocates comes with every call.
func bytesAllocated(f func()) uint64 {
	least := ^uint64(0)
	for range 3 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		least = min(least, after.TotalAlloc-before.TotalAlloc)
	}
	return least
}
