package render

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/term"
	"github.com/rivo/uniseg"
)

// located returns a warning of kind k whose locations cover the given
// spans of Text (and, for the test, the same spans of the input).
func located(k plainsight.Kind, explanation string, spans ...plainsight.Span) plainsight.Warning {
	w := plainsight.Warning{Kind: k, Severity: k.Severity(), Count: len(spans), Explanation: explanation}
	for _, s := range spans {
		w.Locations = append(w.Locations, plainsight.Location{Input: s, Text: s})
	}
	return w
}

// moved shifts the input spans of w's locations by d bytes, for a Text
// whose escapes are longer than what they stand for.
func moved(w plainsight.Warning, d int) plainsight.Warning {
	for i := range w.Locations {
		in := &w.Locations[i].Input
		if in.Start > 1 {
			in.Start += d
		}
		in.End += d
	}
	return w
}

// escapes returns the list of es, which must be well formed.
func escapes(es ...plainsight.Escape) plainsight.EscapeList {
	l, err := plainsight.NewEscapeList(es...)
	if err != nil {
		panic(err)
	}
	return l
}

// handBuilt is a Result as Sanitize will make it for "x\u202ey аpple\n",
// with locations, so the presenters can be tested before Sanitize fills
// them.
var handBuilt = plainsight.Result{
	Text: "x\\u{202e}y \u0430pple\n",
	Escapes: escapes(
		plainsight.Escape{Start: 1, End: 9, Rune: 0x202E, Class: plainsight.ClassBidi},
	),
	Warnings: []plainsight.Warning{
		moved(located(plainsight.KindBidi, "reverses", plainsight.Span{Start: 1, End: 9}), -5),
		moved(located(plainsight.KindMixedScript, "mixes", plainsight.Span{Start: 11, End: 17}), -5),
		moved(located(plainsight.KindLookalike, "looks like a", plainsight.Span{Start: 11, End: 13}), -5),
	},
}

func TestTerminal(t *testing.T) {
	tests := []struct {
		name string
		r    plainsight.Result
		opts TerminalOptions
		// textOnly compares TerminalText alone, for a Result whose
		// warnings are beside the point.
		textOnly bool
		want     string
	}{
		{
			name: "clean",
			r:    plainsight.Result{Text: "ls -la\n"},
			want: "ls -la\n",
		},
		{
			name: "no trailing newline",
			r:    plainsight.Result{Text: "ls"},
			want: "ls\n",
		},
		{
			name: "plain markers",
			r:    handBuilt,
			want: "x\\u{202e}y \u0430pple\n" +
				" ^^^^^^^^  ~~~~~\n" +
				"1:2: warn bidi: reverses\n" +
				"1:5: warn mixed_script: mixes\n" +
				"1:5: warn lookalike: looks like a\n",
		},
		{
			name: "color",
			r:    handBuilt,
			opts: TerminalOptions{Color: true, Source: "cmd"},
			want: "x\x1b[7m\x1b[4m\\u{202e}\x1b[27m\x1b[24my \x1b[4m\u0430pple\x1b[24m\n" +
				"\x1b[1;33mcmd:1:2: warn bidi: reverses\x1b[0m\n" +
				"\x1b[1;33mcmd:1:5: warn mixed_script: mixes\x1b[0m\n" +
				"\x1b[1;33mcmd:1:5: warn lookalike: looks like a\x1b[0m\n",
		},
		{
			name: "escape without location",
			r: plainsight.Result{Text: "a\\x1bb", Escapes: escapes(
				plainsight.Escape{Start: 1, End: 5, Rune: 0x1B, Class: plainsight.ClassControl},
			)},
			opts: TerminalOptions{Color: true},
			want: "a\x1b[7m\\x1b\x1b[27mb\n",
		},
		{
			name: "typed escape is not marked",
			r: plainsight.Result{Text: "\\x1b \\x1b", Escapes: escapes(
				plainsight.Escape{Start: 5, End: 9, Rune: 0x1B, Class: plainsight.ClassControl},
			)},
			want: "\\x1b \\x1b\n     ^^^^\n",
		},
		{
			name: "wide characters keep markers aligned",
			r: plainsight.Result{Text: "\u4e2d\u6587\\t\u00e9\\t", Escapes: escapes(
				plainsight.Escape{Start: 6, End: 8, Rune: '\t', Class: plainsight.ClassTab},
				plainsight.Escape{Start: 10, End: 12, Rune: '\t', Class: plainsight.ClassTab},
			)},
			want: "\u4e2d\u6587\\t\u00e9\\t\n    ^^ ^^\n",
		},
		{
			name: "kept tab stays a tab in the marker line",
			r: plainsight.Result{Text: "a\tb\\x00", Escapes: escapes(
				plainsight.Escape{Start: 3, End: 7, Rune: 0, Class: plainsight.ClassControl},
			)},
			want: "a\tb\\x00\n \t ^^^^\n",
		},
		{
			name: "style closes at each newline",
			r:    plainsight.Result{Text: "ab\ncd", Warnings: []plainsight.Warning{located(plainsight.KindMixedScript, "m", plainsight.Span{Start: 1, End: 4})}},
			opts: TerminalOptions{Color: true},
			want: "a\x1b[4mb\x1b[24m\n\x1b[4mc\x1b[24md\n\x1b[1;33m1:2: warn mixed_script: m\x1b[0m\n",
		},
		{
			name: "marker lines per line",
			r:    plainsight.Result{Text: "ab\ncd\nef", Warnings: []plainsight.Warning{located(plainsight.KindMixedScript, "m", plainsight.Span{Start: 1, End: 4})}},
			want: "ab\n ~\ncd\n~\nef\n1:2: warn mixed_script: m\n",
		},
		{
			name: "width breaks long lines",
			r:    plainsight.Result{Text: "abcdef\\x1bgh\nij", Escapes: escapes(plainsight.Escape{Start: 6, End: 10, Rune: 0x1B, Class: plainsight.ClassControl})},
			opts: TerminalOptions{Width: 5},
			want: "abcd\u21a9\nef\u21a9\n\\x1b\u21a9\n^^^^\ngh\nij\n",
		},
		{
			name: "an escape wider than a line is broken",
			r:    plainsight.Result{Text: "a\\x1b", Escapes: escapes(plainsight.Escape{Start: 1, End: 5, Rune: 0x1B, Class: plainsight.ClassControl})},
			opts: TerminalOptions{Width: 4},
			want: "a\\x\u21a9\n ^^\n1b\n^^\n",
		},
		{
			name: "width in colour",
			r:    plainsight.Result{Text: "ab\\x1b", Escapes: escapes(plainsight.Escape{Start: 2, End: 6, Rune: 0x1B, Class: plainsight.ClassControl})},
			opts: TerminalOptions{Width: 5, Color: true},
			want: "ab\x1b[2m\u21a9\x1b[22m\n\x1b[7m\\x1b\x1b[27m\n",
		},
		{
			name: "width counts wide characters and tabs",
			r:    plainsight.Result{Text: "\u4e2d\u6587\u4e2d\u6587\u4e2d\tab"},
			opts: TerminalOptions{Width: 10},
			want: "\u4e2d\u6587\u4e2d\u6587\u21a9\n\u4e2d\t\u21a9\nab\n",
		},
		{
			name: "width breaks at spaces, not inside words",
			r:    plainsight.Result{Text: "curl -fsSL https://example.com/i.sh | sh"},
			opts: TerminalOptions{Width: 26},
			want: "curl -fsSL \u21a9\nhttps://example.com/i.sh \u21a9\n| sh\n",
		},
		{
			name: "a word wider than a line breaks where the line is full",
			r:    plainsight.Result{Text: "curl https://example.com/i.sh"},
			opts: TerminalOptions{Width: 12},
			want: "curl https:\u21a9\n//example.c\u21a9\nom/i.sh\n",
		},
		{
			name: "words move whole to the next line",
			r:    plainsight.Result{Text: "git commit -m message"},
			opts: TerminalOptions{Width: 12},
			want: "git commit \u21a9\n-m message\n",
		},
		{
			name: "a word with an escape and a mark moves whole",
			r: plainsight.Result{
				Text:     "ls sudo\\u{200b}rm x",
				Escapes:  escapes(plainsight.Escape{Start: 7, End: 15, Rune: 0x200B, Class: plainsight.ClassZeroWidth}),
				Warnings: []plainsight.Warning{located(plainsight.KindZeroWidth, "z", plainsight.Span{Start: 7, End: 15})},
			},
			opts: TerminalOptions{Width: 17},
			want: "ls \u21a9\nsudo\\u{200b}rm x\n    ^^^^^^^^\n1:8: warn \u21a9\nzero_width: z\n",
		},
		{
			name: "a cluster wider than the width still advances",
			r:    plainsight.Result{Text: "\u4e2d\u6587"},
			opts: TerminalOptions{Width: 1},
			want: "\u4e2d\u21a9\n\u6587\n",
		},
		{
			name: "width breaks warning lines too",
			r:    plainsight.Result{Text: "x", Warnings: []plainsight.Warning{{Kind: plainsight.KindBidi, Explanation: "abcdefgh"}}},
			opts: TerminalOptions{Width: 12, Color: true},
			want: "x\n\x1b[1;33mwarn bidi: \u21a9\x1b[0m\n\x1b[1;33mabcdefgh\x1b[0m\n",
		},
		{
			name: "info severity",
			r:    plainsight.Result{Text: "x", Warnings: []plainsight.Warning{{Kind: plainsight.KindUncommonCharacter, Severity: plainsight.SeverityInfo, Explanation: "rare"}}},
			opts: TerminalOptions{Color: true},
			want: "x\n\x1b[36minfo uncommon_character: rare\x1b[0m\n",
		},
		{
			name: "decoded",
			r:    plainsight.Result{Text: "x", Warnings: []plainsight.Warning{{Kind: plainsight.KindHiddenTags, Explanation: "tags", Decoded: "ignore"}}},
			opts: TerminalOptions{Source: "f"},
			want: "x\nf: warn hidden_tags: tags [decoded: ignore]\n",
		},
		{
			name: "hand-built hostile result is scrubbed",
			r: plainsight.Result{
				Text:     "a\x1b[2Jb\r\xff\n",
				Warnings: []plainsight.Warning{{Kind: plainsight.KindBidi, Explanation: "x\x07y\nz", Decoded: "\x9b"}},
			},
			opts: TerminalOptions{Source: "\x1b]0;t\x07"},
			want: "a\\x1b[2Jb\\x0d\\X{ff}\n\\x1b]0;t\\x07: warn bidi: x\\x07y\\x0az [decoded: \\X{9b}]\n",
		},
		{
			name: "bad spans are ignored",
			r: plainsight.Result{
				Text: "\u0430b",
				Escapes: escapes(
					plainsight.Escape{Start: 1, End: 2}, // inside а
					plainsight.Escape{Start: 2, End: 9}, // past the end
				),
				Warnings: []plainsight.Warning{
					located(plainsight.KindMixedScript, "m", plainsight.Span{Start: 2, End: 1}, plainsight.Span{Start: -1, End: 2}, plainsight.Span{Start: 0, End: 1}),
				},
			},
			textOnly: true,
			want:     "\u0430b",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Terminal(tt.r, tt.opts)
			if tt.textOnly {
				got = TerminalText(tt.r, tt.opts)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Terminal mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestTerminalPassesTermSanitizer checks that what Terminal writes is
// already what term.Sanitizer would let through, byte for byte, in both
// modes, for every corpus input.
func TestTerminalPassesTermSanitizer(t *testing.T) {
	inputs := append(corpusInputs(t), "")
	results := []plainsight.Result{handBuilt}
	for _, in := range inputs {
		results = append(results, plainsight.Sanitize(in), plainsight.Policy{KeepTab: true}.Sanitize(in))
	}
	for _, r := range results {
		for _, color := range []bool{false, true} {
			out := Terminal(r, TerminalOptions{Color: color, Source: "src"})
			var s term.Sanitizer
			if got := s.Push(out) + s.Finish(); got != out {
				t.Errorf("Terminal(Sanitize(%+q), Color=%v) changed by term.Sanitizer:\n got %+q\nwant %+q", r.Original(), color, got, out)
			}
			if !color && strings.Contains(out, "\x1b") {
				t.Errorf("Terminal(Sanitize(%+q)) without colour holds ESC: %+q", r.Original(), out)
			}
		}
	}
}

// TestTerminalStyles checks, on every corpus input, that colour output is
// the text with SGR sequences added and nothing else, that every escape
// stands in reverse video, and that the SGR sequences add no width.
func TestTerminalStyles(t *testing.T) {
	for _, in := range corpusInputs(t) {
		r := plainsight.Sanitize(in)
		out := TerminalText(r, TerminalOptions{Color: true})
		if got, want := stripSGR(out), shownText(r, true); got != want {
			t.Errorf("TerminalText(Sanitize(%+q)) without its SGR = %+q, want Text %+q", in, got, want)
		}
		for _, line := range strings.Split(out, "\n") {
			if w, want := uniseg.StringWidth(stripSGR(line)), term.Width(line); w != want {
				t.Errorf("line %+q: width %d without SGR, term.Width %d", line, w, want)
			}
		}
		for e := range r.Escapes.All() {
			if shownText(r, true) != r.Text {
				break // padding folded: offsets moved
			}
			if !reversed(out, r.Text, e) {
				t.Errorf("TerminalText(Sanitize(%+q)): escape %+q at %d not in reverse video:\n%+q", in, r.Text[e.Start:e.End], e.Start, out)
			}
		}
		plain := TerminalText(r, TerminalOptions{})
		if r.Escapes.Len() > 0 && !strings.Contains(plain, string(markEscape)) {
			t.Errorf("TerminalText(Sanitize(%+q)) plain has no escape marker: %+q", in, plain)
		}
	}
}

// stripSGR removes the SGR sequences this package writes.
func stripSGR(s string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, "\x1b[")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		s = s[i+strings.IndexByte(s[i:], 'm')+1:]
	}
}

// reversed reports whether escape e of text is written in reverse video in
// out: the nearest reverse-video switch before its first byte turns it on.
func reversed(out, text string, e plainsight.Escape) bool {
	// Map e.Start in text to its offset in out by skipping SGRs.
	ti, oi := 0, 0
	on := false
	for ti < e.Start || strings.HasPrefix(out[oi:], "\x1b[") {
		if strings.HasPrefix(out[oi:], "\x1b[") {
			n := strings.IndexByte(out[oi:], 'm') + 1
			switch out[oi : oi+n] {
			case sgrReverse:
				on = true
			case sgrNoReverse:
				on = false
			}
			oi += n
			continue
		}
		ti, oi = ti+1, oi+1
	}
	return on && strings.HasPrefix(out[oi:], text[e.Start:e.End])
}

func TestColorFor(t *testing.T) {
	tests := []struct {
		env  map[string]string
		want bool
	}{
		{nil, false}, // a strings.Builder is not a terminal
		{map[string]string{"FORCE_COLOR": "1"}, true},
		{map[string]string{"FORCE_COLOR": "1", "NO_COLOR": "1"}, true},
		{map[string]string{"NO_COLOR": "1"}, false},
		{map[string]string{"TERM": "dumb"}, false},
		{map[string]string{"NO_COLOR": ""}, false},
		{map[string]string{"FORCE_COLOR": "0"}, false},
	}
	for _, tt := range tests {
		var w strings.Builder
		if got := ColorFor(&w, func(k string) string { return tt.env[k] }); got != tt.want {
			t.Errorf("ColorFor(builder, %v) = %v, want %v", tt.env, got, tt.want)
		}
	}
	// A character device that is no terminal.
	devNull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer devNull.Close()
	if ColorFor(devNull, func(string) string { return "" }) {
		t.Errorf("ColorFor(%s) = true", os.DevNull)
	}
}

// TestTerminalWidth checks on every corpus input that with Width set no
// line is wider than Width unless it holds a single cluster, and that
// joining the broken lines gives back Result.Text.
func TestTerminalWidth(t *testing.T) {
	for _, in := range corpusInputs(t) {
		r := plainsight.Sanitize(in)
		for _, width := range []int{2, 7, 20, 40} {
			out := stripSGR(TerminalText(r, TerminalOptions{Color: true, Width: width}))
			for _, line := range strings.Split(out, "\n") {
				if w := columns(line, 0); w > width && uniseg.GraphemeClusterCount(line) > 2 {
					t.Errorf("TerminalText(Sanitize(%+q), Width %d): line %+q is %d wide", in, width, line, w)
				}
			}
			if got, want := strings.ReplaceAll(out, continued+"\n", ""), shownText(r, true); got != want {
				t.Errorf("TerminalText(Sanitize(%+q), Width %d) joined = %+q, want %+q", in, width, got, want)
			}
		}
	}
}
