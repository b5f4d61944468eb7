package term

import (
	"runtime"
	"strings"
	"testing"
	"unsafe"

	"golang.org/x/text/transform"
)

// TestPushAllocs pins what Push allocates: nothing for text it returns
// unchanged, for output that is chunk or a prefix of it, or for empty
// output; one string otherwise.
func TestPushAllocs(t *testing.T) {
	tests := []struct {
		name   string
		opts   Options
		chunk  string
		allocs float64
	}{
		{"clean text is returned as is", Options{}, strings.Repeat("plain text\twith tabs\n", 200), 0},
		{"Off returns the chunk", Options{Mode: Off}, "\x1b]0;t\a\x1b[2J", 0},
		{"empty output", Options{}, "\x1b]0;" + strings.Repeat("A", 5000), 0},
		{"colours kept are chunk itself", Options{}, strings.Repeat("\x1b[1;31mFAIL\x1b[0m \x1b[36m42ms\x1b[0m\n", 1000), 0},
		{"output a prefix of chunk", Options{}, strings.Repeat("\x1b[31mred\x1b[0m\n", 1000) + "\x1b]0;title\a", 0},
		{"small output", Options{}, "\x1b[2K\x1b[31mred\x1b[0m", 1},
		{"large output", Options{}, strings.Repeat("\x1b[1mbold\x1b[0m text\r\n", 1000), 1},
		{"output that leaves chunk late", Options{}, strings.Repeat("\x1b[31mred\x1b[0m\n", 1000) + "\x1b[2Kend", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := New(tc.opts)
			got := testing.AllocsPerRun(50, func() {
				s.Push(tc.chunk)
				s.Reset()
			})
			if got != tc.allocs {
				t.Errorf("Push allocates %v times, want %v", got, tc.allocs)
			}
		})
	}
}

// TestPushStringSize checks that the string Push returns for a chunk
// whose output outgrows its buffer holds little more than the output:
// the builder is grown for the rest of the chunk at the ratio of output
// to input seen so far, and an eighth more. The bound leaves as much
// again for the ratio's drift and a page for the runtime's rounding. The
// output shrinks (sequences dropped: titles, cleared lines), stays near
// the input's size (colours kept), or grows (U+FFFD for invalid bytes).
func TestPushStringSize(t *testing.T) {
	for _, unit := range []string{
		"a\x1b]0;title\ab\x1b[2K\n",
		"\x1b[2K\rprogress 42%",
		"\x1b[1;31mFAIL\x1b[0m x\r\n",
		"\xff",
	} {
		in := strings.Repeat(unit, 64<<10/len(unit))
		s := New(Options{})
		s.Push(strings.Repeat("\xff", pushBufSize)) // gives it its buffer
		s.Finish()
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		out := s.Push(in)
		runtime.ReadMemStats(&after)
		allocated := after.TotalAlloc - before.TotalAlloc
		if bound := uint64(len(out) + len(out)/4 + 8<<10); allocated > bound {
			t.Errorf("Push(%d × %+q): %d bytes of output, %d allocated; want at most %d", len(in)/len(unit), unit, len(out), allocated, bound)
		}
	}
}

// TestPushUnterminatedOSC pushes 64 MiB of an unterminated OSC in 64 KiB
// chunks: the output is empty and Push allocates well under 1 MiB in all.
func TestPushUnterminatedOSC(t *testing.T) {
	if testing.Short() {
		t.Skip("64 MiB")
	}
	chunk := strings.Repeat("A", 64<<10)
	var s Sanitizer
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	out := len(s.Push("\x1b]0;"))
	for range 1024 {
		out += len(s.Push(chunk))
	}
	runtime.ReadMemStats(&after)
	if out != 0 {
		t.Errorf("output %d bytes, want none", out)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got >= 1<<20 {
		t.Errorf("64 MiB OSC in 64 KiB chunks allocated %d bytes, want under 1 MiB", got)
	}
	if got := s.Finish(); got != "" {
		t.Errorf("Finish = %+q, want %+q", got, "")
	}
}

// TestPushHeldBack checks that input held back between Push calls, an
// incomplete character or a lone ESC in a string, joins the next chunk
// as if the stream had not been cut.
func TestPushHeldBack(t *testing.T) {
	in := "a\u4e16b\x1b]0;t\x1b\\c\u00e9\x1b[31md\xe2\x9c\xb3\x1b]0;x\x1b[2Je"
	for _, opts := range allOptions {
		want := sanitizeChunks(opts, in)
		for i := 0; i <= len(in); i++ {
			for j := i; j <= len(in) && j <= i+5; j++ {
				if got := sanitizeChunks(opts, in[:i], in[i:j], in[j:]); got != want {
					t.Fatalf("%+v: cut at %d and %d: got %+q, want %+q", opts, i, j, got, want)
				}
			}
		}
	}
}

// TestPushOutputSizes checks Push's output against Transform's at the
// sizes where it moves from the stack to the Sanitizer's output buffer and
// on to a builder, for output that grows (U+FFFD for an invalid byte),
// shrinks (a dropped sequence) or mixes both, from a Sanitizer that has
// its buffer already and from one that has not, and with a character held
// back from the chunk before.
func TestPushOutputSizes(t *testing.T) {
	units := []string{"\xff", "ab\x1b[2J", "a\x1b[31mb\xffc\u00e9\x1b]0;t\a"}
	sizes := []int{stackOutput, pushBufSize, 2 * pushBufSize, 5 * pushBufSize}
	for _, unit := range units {
		want := transformString(t, New(Options{}), unit)
		for _, size := range sizes {
			n0 := max(size/len(want)-4, 1)
			for n := n0; n < n0+8; n++ {
				in := strings.Repeat(unit, n) + "\u00e9"
				wantAll := transformString(t, New(Options{}), in)
				reused := New(Options{})
				reused.Push(strings.Repeat("\xff", pushBufSize)) // gives it its buffer
				reused.Finish()
				for name, s := range map[string]*Sanitizer{"new": New(Options{}), "reused": reused} {
					if got := s.Push(in) + s.Finish(); got != wantAll {
						t.Fatalf("%s: %d × %+q: Push differs from Transform (%d bytes, want %d)", name, n, unit, len(got), len(wantAll))
					}
					// The last character cut: its first byte held back.
					cut := len(in) - 1
					if got := s.Push(in[:cut]) + s.Push(in[cut:]) + s.Finish(); got != wantAll {
						t.Fatalf("%s: %d × %+q cut at %d: Push differs from Transform", name, n, unit, cut)
					}
				}
			}
		}
	}
}

// transformString returns the output of s over in, through Transform.
func transformString(t *testing.T, s *Sanitizer, in string) string {
	t.Helper()
	out, _, err := transform.String(s, in)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPushLeavesChunk checks Push's output against Transform's for
// output that is chunk's own bytes up to a point past each of the sizes
// where its buffer changes, and then leaves it: a dropped sequence, an
// invalid byte (three bytes for one) or a colour rewritten. While the
// output is chunk's own, Push returns a prefix of chunk itself.
func TestPushLeavesChunk(t *testing.T) {
	const unit = "\x1b[1;31mFAIL\x1b[0m x \x1b[36m7ms\x1b[0m\n"
	leaves := []string{"", "\x1b[2K", "\xff", "\x1b[31;m", "\x1b]0;title\a"}
	for _, size := range []int{0, stackOutput, pushBufSize, 2 * pushBufSize, 5 * pushBufSize} {
		n0 := max(size/len(unit)-2, 0)
		for n := n0; n < n0+4; n++ {
			kept := strings.Repeat(unit, n)
			if n == 0 {
				kept = "x" // one byte
			}
			for _, leave := range leaves {
				for _, after := range []string{"", "tail\n", strings.Repeat(unit, n/2+1)} {
					in := kept + leave + after
					want := transformString(t, New(Options{}), in)
					reused := New(Options{})
					reused.Push(strings.Repeat("\xff", pushBufSize)) // gives it its buffer
					reused.Finish()
					for name, s := range map[string]*Sanitizer{"new": New(Options{}), "reused": reused} {
						got := s.Push(in)
						if strings.HasPrefix(in, got) && len(got) > 0 && unsafe.StringData(got) != unsafe.StringData(in) {
							t.Errorf("%s: %d units, then %+q %+q: output is a prefix of chunk, but a copy", name, n, leave, after)
						}
						if got += s.Finish(); got != want {
							t.Fatalf("%s: %d units, then %+q %+q: Push differs from Transform (%d bytes, want %d)", name, n, leave, after, len(got), len(want))
						}
					}
				}
			}
		}
	}
}
