package render

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/term"
)

// FuzzTerminal checks, for any input, that Terminal's output passes
// term.Sanitizer unchanged, that without its SGR sequences the text part is
// Result.Text, and that a Result with arbitrary spans never makes it panic
// or write a control character.
func FuzzTerminal(f *testing.F) {
	for _, in := range corpusInputs(f) {
		f.Add(in, 0, 3, 2, 5)
	}
	f.Fuzz(func(t *testing.T, in string, a, b, c, d int) {
		r := plainsight.Sanitize(in)
		for _, color := range []bool{false, true} {
			out := Terminal(r, TerminalOptions{Color: color, Width: a & 63})
			var s term.Sanitizer
			if got := s.Push(out) + s.Finish(); got != out {
				t.Fatalf("Terminal(Sanitize(%+q), Color=%v) changed by term.Sanitizer:\n got %+q\nwant %+q", in, color, got, out)
			}
		}
		shown := shownText(r, true)
		if got := stripSGR(TerminalText(r, TerminalOptions{Color: true})); got != shown {
			t.Fatalf("TerminalText(Sanitize(%+q)) without SGR = %+q, want %+q", in, got, shown)
		}
		broken := stripSGR(TerminalText(r, TerminalOptions{Color: true, Width: b & 63}))
		if got := strings.ReplaceAll(broken, continued+"\n", ""); got != shown {
			t.Fatalf("TerminalText(Sanitize(%+q)) without SGR = %+q, want %+q", in, got, shown)
		}
		// A hand-built Result: raw input as Text, spans from the fuzzer.
		bad := plainsight.Result{
			Text:     in,
			Warnings: []plainsight.Warning{located(plainsight.KindBidi, in, plainsight.Span{Start: a, End: d}, plainsight.Span{Start: c, End: b})},
		}
		if l, err := plainsight.NewEscapeList(plainsight.Escape{Start: a, End: b}, plainsight.Escape{Start: c, End: d}); err == nil {
			bad.Escapes = l
		}
		for _, color := range []bool{false, true} {
			out := stripSGR(Terminal(bad, TerminalOptions{Color: color, Width: c}))
			if !utf8.ValidString(out) || strings.ContainsFunc(out, isControl) {
				t.Fatalf("Terminal(hand-built %+q) wrote a control or invalid UTF-8: %+q", in, out)
			}
		}
	})
}

// FuzzHTML checks, for any input, that HTML writes only its own elements
// and attributes, that the text is Result.Text exactly, and that every
// escape is a span of its own, in both display modes.
func FuzzHTML(f *testing.F) {
	for _, in := range append(hostile, corpusInputs(f)...) {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		r := plainsight.Sanitize(in)
		checkHTML(t, r, HTMLOptions{})
		checkHTML(t, r, HTMLOptions{Natural: true})
	})
}
