package plainsight

import (
	"bufio"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// FuzzSanitize checks the properties every Result has, for any input:
// Text holds no escaped-set code point and no invalid UTF-8, the input is
// rebuilt exactly, every occurrence is located (checkLocations), sanitizing Text again changes nothing and warns only
// about scripts, and the output is at most ten times the input.
func FuzzSanitize(f *testing.F) {
	for _, s := range corpusSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		for _, p := range []Policy{{}, {KeepTab: true}} {
			r := p.Sanitize(in)
			if msg := unsafeText(r.Text, p.KeepTab); msg != "" {
				t.Fatalf("Sanitize(%+q).Text = %+q: %s", in, r.Text, msg)
			}
			if got := r.Original(); got != in {
				t.Fatalf("Sanitize(%+q).Original() = %+q", in, got)
			}
			if len(r.Text) > 10*len(in) {
				t.Fatalf("Sanitize(%+q): %d bytes out for %d in", in, len(r.Text), len(in))
			}
			checkLocations(t, in, r)
			again := p.Sanitize(r.Text)
			if again.Text != r.Text {
				t.Fatalf("Sanitize(Sanitize(%+q).Text).Text = %+q, want %+q", in, again.Text, r.Text)
			}
			for _, w := range again.Warnings {
				if w.Kind < KindMixedScript {
					t.Fatalf("Sanitize(Sanitize(%+q).Text) warns %v: %s", in, w.Kind, w.Explanation)
				}
			}
			// The homoglyph checks run inside the escaping loop; on their
			// own they must find the same.
			if diff := cmp.Diff(detectScripts(in), scriptWarnings(r)); diff != "" {
				t.Fatalf("Sanitize(%+q) script warnings differ from detectScripts (-want +got):\n%s", in, diff)
			}
			checkEscapes(t, in, r)
			checkWarningText(t, in, r)
		}
		for _, ctx := range []Context{ContextCommand, ContextProse} {
			checkWarningText(t, in, Policy{Context: ctx}.Sanitize(in))
		}
	})
}

// checkEscapes checks that each escape of r stands on its notation in
// Text, that the list packs again to itself, and that Sanitize's cursors
// over the list read the same runs while the last is open and once packed.
func checkEscapes(t *testing.T, in string, r Result) {
	t.Helper()
	es := slices.Collect(r.Escapes.All())
	for _, e := range es {
		one := EscapeRune(e.Rune)
		if e.Class == ClassInvalidUTF8 {
			one = EscapeByte(byte(e.Rune))
		}
		if e.Start < 0 || e.End > len(r.Text) || r.Text[e.Start:e.End] != strings.Repeat(one, e.Repeat+1) {
			t.Fatalf("Sanitize(%+q): escape %+v does not stand on %s in %+q", in, e, one, r.Text)
		}
	}
	again, err := NewEscapeList(es...)
	if err != nil || !again.Equal(r.Escapes) {
		t.Fatalf("Sanitize(%+q): escapes %v pack again to %v, %v", in, es, slices.Collect(again.All()), err)
	}
	if open, packed := builderRuns(r.Escapes); !slices.Equal(open, packed) {
		diff := cmp.Diff(packed, open)
		t.Fatalf("Sanitize(%+q): cursors disagree (-packed +open):\n%s", in, diff)
	}
}

// checkWarningText checks that everything a warning says is safe to print
// on one line: no control (newline included), no escaped-set code point,
// no invalid UTF-8, and tokens no longer than MaxTokenLen and its "…".
func checkWarningText(t *testing.T, in string, r Result) {
	t.Helper()
	for _, w := range r.Warnings {
		fields := append([]string{w.Explanation, w.Decoded}, w.Tokens...)
		for _, f := range fields {
			if strings.Contains(f, "\n") {
				t.Fatalf("Sanitize(%+q): %v warning holds a newline: %+q", in, w.Kind, f)
			}
			if msg := unsafeText(f, false); msg != "" {
				t.Fatalf("Sanitize(%+q): %v warning holds %+q: %s", in, w.Kind, f, msg)
			}
		}
		for _, tok := range w.Tokens {
			if len(tok) > MaxTokenLen+len("…") {
				t.Fatalf("Sanitize(%+q): %v token of %d bytes: %+q", in, w.Kind, len(tok), tok)
			}
		}
	}
}

// corpusSeeds returns the inputs of every corpus case.
func corpusSeeds(tb testing.TB) []string {
	files, _ := filepath.Glob("corpus/*.txt")
	var seeds []string
	for _, file := range files {
		f, err := os.Open(file)
		if err != nil {
			tb.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			fields := strings.SplitN(sc.Text(), " ", 4)
			if len(fields) == 4 {
				if s, err := strconv.Unquote(fields[3]); err == nil {
					seeds = append(seeds, s)
				}
			}
		}
		f.Close()
	}
	return seeds
}
