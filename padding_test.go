package plainsight

import (
	"encoding/binary"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight-dev/plainsight/internal/escape"
)

// paddingWarning returns the padding warning of r, or nil.
func paddingWarning(r Result) *Warning {
	for i := range r.Warnings {
		if r.Warnings[i].Kind == KindPadding {
			return &r.Warnings[i]
		}
	}
	return nil
}

func TestPadding(t *testing.T) {
	sp := func(n int) string { return strings.Repeat(" ", n) }
	nl := func(n int) string { return strings.Repeat("\n", n) }
	long := strings.Repeat("x", paddingLineWidth+1)
	type want struct {
		Tokens []string
		Count  int
		Input  []Span
	}
	tests := []struct {
		name string
		in   string
		want *want // nil: no padding warning
	}{
		{"empty", "", nil},
		{"four-blank-lines", "ls" + nl(5) + "rm -rf ~", nil},
		{"five-blank-lines", "ls" + nl(6) + "rm -rf ~", &want{[]string{"⟨5 blank lines⟩"}, 1, []Span{{3, 8}}}},
		{"blank-lines-with-spaces", "ls\n \n\t\n \r\n  \n \nrm", &want{[]string{"⟨5 blank lines⟩"}, 1, []Span{{3, 15}}}},
		{"blank-lines-at-start", nl(5) + "rm", &want{[]string{"⟨5 blank lines⟩"}, 1, []Span{{0, 5}}}},
		{"four-blank-lines-at-start", nl(4) + "rm", nil},
		{"blank-lines-at-end", "rm" + nl(6), &want{[]string{"⟨5 blank lines⟩"}, 1, []Span{{3, 8}}}},
		{"spaces-63", "ls" + sp(63) + "; rm", nil},
		{"spaces-64", "ls" + sp(64) + "; rm", &want{[]string{"⟨64 spaces⟩"}, 1, []Span{{2, 66}}}},
		{"spaces-8000", "echo hi" + sp(8000) + "; rm -rf ~", &want{[]string{"⟨line of 8,017 characters⟩", "⟨8,000 spaces⟩"}, 2, []Span{{0, 8017}, {7, 8007}}}},
		{"spaces-trailing", "ls" + sp(200), nil},
		{"spaces-before-newline", "ls" + sp(200) + "\nrm", nil},
		{"spaces-after-newline", "ls\n" + sp(100) + "rm", &want{[]string{"⟨100 spaces⟩"}, 1, []Span{{3, 103}}}},
		{"tabs-8", "ls" + strings.Repeat("\t", 8) + "rm", &want{[]string{"⟨8 tabs⟩"}, 1, []Span{{2, 10}}}},
		{"tabs-7", "ls" + strings.Repeat("\t", 7) + "rm", nil},
		{"spaces-and-tabs", "ls" + sp(60) + "\trm", &want{[]string{"⟨60 spaces and 1 tab⟩"}, 1, []Span{{2, 63}}}},
		{"lines-then-spaces", "ls" + nl(6) + sp(70) + "rm", &want{[]string{"⟨5 blank lines⟩", "⟨70 spaces⟩"}, 2, []Span{{3, 8}, {8, 78}}}},
		{"wide-line", "ls\n" + long + "\nrm", &want{[]string{"⟨line of 1,025 characters⟩"}, 1, []Span{{3, 3 + len(long)}}}},
		{"wide-line-not-in-characters", strings.Repeat("\u00e9", 1000), nil},
		// Characters are counted as utf8.RuneCountInString counts them:
		// a byte of invalid UTF-8 is one.
		{"wide-line-of-characters", strings.Repeat("\u00e9\u200b", 600), &want{[]string{"⟨line of 1,200 characters⟩"}, 1, []Span{{0, 3000}}}},
		{"wide-line-with-invalid-bytes", "\xff\x80\xe2\x82" + strings.Repeat("\u00e9", 1021), &want{[]string{"⟨line of 1,025 characters⟩"}, 1, []Span{{0, 2046}}}},
		{"line-1024-with-invalid-bytes", "\xff\x80\xe2\x82" + strings.Repeat("\u00e9", 1020), nil},
		{"line-1024", strings.Repeat("y", paddingLineWidth), nil},
		{"wide-line-of-spaces", "a" + sp(2000) + "b", &want{[]string{"⟨line of 2,002 characters⟩", "⟨2,000 spaces⟩"}, 2, []Span{{0, 2002}, {1, 2001}}}},
		// A wide line and a run of padding may share a start; the one
		// that holds the other comes first.
		{"wide-line-opens-with-spaces", sp(1021) + "v1Jx", &want{[]string{"⟨line of 1,025 characters⟩", "⟨1,021 spaces⟩"}, 2, []Span{{0, 1025}, {0, 1021}}}},
		{"wide-line-opens-with-spaces-after-newline", "ls\n" + sp(1100) + "rm", &want{[]string{"⟨line of 1,102 characters⟩", "⟨1,100 spaces⟩"}, 2, []Span{{3, 1105}, {3, 1103}}}},
		{"wide-line-of-spaces-then-blank-lines", sp(2000) + nl(6) + "rm", &want{[]string{"⟨6 blank lines⟩", "⟨line of 2,000 characters⟩"}, 2, []Span{{0, 2006}, {0, 2000}}}},
		{"repeated", strings.Repeat("a"+sp(64), 3) + "b", &want{[]string{"⟨64 spaces⟩"}, 3, []Span{{1, 65}, {66, 130}, {131, 195}}}},
		{"prose-paragraphs", "One.\n\nTwo.\n\n\nThree.\n  indented\n\n\n\nFour.", nil},
		{"code-indent", "func f() {\n" + sp(40) + "return\n}\n", nil},
		{"escapes-around", "\x1b[2J" + nl(7) + "\u202e", &want{[]string{"⟨6 blank lines⟩"}, 1, []Span{{5, 11}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, p := range []Policy{{}, {Context: ContextCommand}, {Context: ContextProse}, {KeepTab: true}} {
				r := p.Sanitize(tt.in)
				if !p.KeepTab {
					checkResultInvariants(t, tt.in, r)
				}
				w := paddingWarning(r)
				var got *want
				if w != nil {
					got = &want{Tokens: w.Tokens, Count: w.Count}
					for _, l := range w.Locations {
						got.Input = append(got.Input, l.Input)
						in, shown := tt.in[l.Input.Start:l.Input.End], r.Text[l.Text.Start:l.Text.End]
						ascii := strings.IndexFunc(in, func(r rune) bool { return r >= utf8.RuneSelf }) < 0
						if ascii && !strings.ContainsAny(in, "\t\r") && shown != in {
							t.Errorf("%+v: location %v shows %q for %q", p, l, shown, in)
						}
					}
					if w.Severity != SeverityWarn {
						t.Errorf("%+v: severity %v", p, w.Severity)
					}
				}
				if diff := cmp.Diff(tt.want, got); diff != "" {
					t.Errorf("%+v: padding warning (-want +got):\n%s", p, diff)
				}
			}
		})
	}
}

func TestPaddingExplanation(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"a" + strings.Repeat("\n", 9) + "b", "`⟨8 blank lines⟩` in a row can scroll the text before them out of view, or push the text after them below a prompt"},
		{"a" + strings.Repeat(" ", 99) + "b", "`⟨99 spaces⟩` before more text on the same line push that text past the edge of a view that does not wrap, or a screen away from the start of its line"},
		{strings.Repeat("z", 3000), "a `⟨line of 3,000 characters⟩` runs far past the edge of a screen: its end is out of view wherever lines are not wrapped"},
	} {
		w := paddingWarning(Sanitize(tt.in))
		if w == nil {
			t.Errorf("Sanitize(%.20q): no padding warning", tt.in)
			continue
		}
		if w.Explanation != tt.want {
			t.Errorf("Sanitize(%.20q) explains %q, want %q", tt.in, w.Explanation, tt.want)
		}
	}
}

func TestPaddingMarker(t *testing.T) {
	for _, tt := range []struct {
		lines, spaces, tabs int
		want                string
	}{
		{120, 0, 0, "⟨120 blank lines⟩"},
		{1, 0, 0, "⟨1 blank line⟩"},
		{0, 8000, 0, "⟨8,000 spaces⟩"},
		{0, 1234567, 0, "⟨1,234,567 spaces⟩"},
		{0, 0, 12, "⟨12 tabs⟩"},
		{0, 64, 3, "⟨64 spaces and 3 tabs⟩"},
		{0, 1, 1, "⟨1 space and 1 tab⟩"},
	} {
		if got := PaddingMarker(tt.lines, tt.spaces, tt.tabs); got != tt.want {
			t.Errorf("PaddingMarker(%d, %d, %d) = %q, want %q", tt.lines, tt.spaces, tt.tabs, got, tt.want)
		}
	}
}

// TestPaddingScan checks the word-at-a-time scan, with the vector loop
// over text without pairs of pad bytes and without it, against a plain
// reading of every run of pad bytes, at every alignment.
func TestPaddingScan(t *testing.T) {
	defer setPadPairs(true)
	// A control other than those three stands between runs, which it
	// keeps apart.
	units := []string{"\n", " ", "\t", "\r", "x", "\x0e"}
	// Between the runs, text without pairs of pad bytes, long enough
	// for the vector loop to skip.
	words := []string{"", "y", "a word or two", strings.Repeat("text between ", 9)}
	for _, vector := range []bool{false, true} {
		setPadPairs(vector)
		for n := 0; n < 40000; n++ {
			var b strings.Builder
			for k := uint(n); b.Len() < 70+n%200; k = k*7 + 3 {
				u := units[k%uint(len(units))]
				b.WriteString(strings.Repeat(u, 1+int(k%9)))
				b.WriteString(words[k/5%uint(len(words))])
			}
			for off := range 9 {
				text := strings.Repeat("y", off) + b.String()
				got, gotOK := nextBlank(text, 0)
				want, wantOK := plainBlank(text)
				if got != want || gotOK != wantOK {
					t.Fatalf("vector %v: nextBlank(%q) = %+v, %v; want %+v, %v", vector, text, got, gotOK, want, wantOK)
				}
			}
		}
	}
}

// TestPaddingAfterControls checks nextBlank against plainBlank on runs
// of pad bytes right after floods of other C0 controls, which the word
// loops take for pad bytes and skip at once, of every length up to a few
// words and at every alignment.
func TestPaddingAfterControls(t *testing.T) {
	defer setPadPairs(true)
	for _, vector := range []bool{false, true} {
		setPadPairs(vector)
		for _, control := range []string{"\x1b", "\x00", "\x0e"} {
			for n := 1; n < 100; n++ {
				for _, run := range []string{"\n\n\n\n\n\n", " \n\n\n\n\n\n", "\r\n\r\n\r\n\r\n\r\n\r\n"} {
					for off := range 33 {
						text := strings.Repeat("y", off) + strings.Repeat(control, n) + run + "x"
						got, gotOK := nextBlank(text, 0)
						want, wantOK := plainBlank(text)
						if got != want || gotOK != wantOK {
							t.Fatalf("vector %v: nextBlank(%q) = %+v, %v; want %+v, %v", vector, text, got, gotOK, want, wantOK)
						}
					}
				}
			}
		}
	}
}

// setPadPairs turns nextBlank's vector loop on (where there is one) or
// off.
func setPadPairs(vector bool) {
	padPairBlocks = escape.PadPairBlocks
	if !vector {
		padPairBlocks = func([]byte) int { return 0 }
	}
}

// plainBlank is nextBlank from the start of text as its doc defines it:
// every run of pad bytes judged in turn.
func plainBlank(text string) (paddingRun, bool) {
	for a := 0; a < len(text); {
		if !isPad(text[a]) {
			a++
			continue
		}
		b := a
		for b < len(text) && isPad(text[b]) {
			b++
		}
		if run, ok := paddingIn(text, a, b); ok {
			return run, true
		}
		a = b
	}
	return paddingRun{}, false
}

// FuzzPaddingScan checks nextBlank, with the vector loop and without it,
// against plainBlank on any text, and on the text after a run long enough
// for the vector loop to skip.
func FuzzPaddingScan(f *testing.F) {
	f.Add("a  b\n\n\n\n\n\nc", uint8(0))
	f.Add("x\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\tx", uint8(3))
	defer setPadPairs(true)
	f.Fuzz(func(t *testing.T, text string, off uint8) {
		text = strings.Repeat("text between ", int(off%8)) + text
		want, wantOK := plainBlank(text)
		for _, vector := range []bool{false, true} {
			setPadPairs(vector)
			if got, gotOK := nextBlank(text, 0); got != want || gotOK != wantOK {
				t.Fatalf("vector %v: nextBlank(%q) = %+v, %v; want %+v, %v", vector, text, got, gotOK, want, wantOK)
			}
		}
	})
}

// BenchmarkPadding measures what the padding reading adds to clean ASCII,
// the one path where it is most of the work: escape.CleanPrefix alone
// (Sanitize's fast path before it), the padding scan alone, and Sanitize,
// which runs both, on 64 KiB of commands, on Go source (indented with
// tabs, as scan reads it in a tree of code) and on one short command.
// Take the minimum of several counts: the ratio of scan to CleanPrefix is
// the cost.
func BenchmarkPadding(b *testing.B) {
	src, err := os.ReadFile("neutralize.go")
	if err != nil {
		b.Fatal(err)
	}
	inputs := []struct{ name, text string }{
		{"ASCII64K", benchASCII},
		{"GoSource", string(src)},
		{"Command", agentCommands[2]},
	}
	for _, in := range inputs {
		b.Run(in.name+"/CleanPrefix", func(b *testing.B) {
			b.SetBytes(int64(len(in.text)))
			for b.Loop() {
				sink = escape.CleanPrefix(in.text, false)
			}
		})
		b.Run(in.name+"/hasPadding", func(b *testing.B) {
			b.SetBytes(int64(len(in.text)))
			for b.Loop() {
				sink = hasPadding(in.text)
			}
		})
		b.Run(in.name+"/Sanitize", func(b *testing.B) {
			b.SetBytes(int64(len(in.text)))
			b.ReportAllocs()
			for b.Loop() {
				resultSink = Sanitize(in.text)
			}
		})
	}
}

// TestRuneCount holds runeCount to utf8.RuneCountInString on valid UTF-8
// of every width, at every length around a word, and on text that is not.
func TestRuneCount(t *testing.T) {
	units := []string{"a", "\u00e9", "\u200b", "\U0001F600"}
	for n := range 40 {
		var b strings.Builder
		for k := range n {
			b.WriteString(units[(k*k+n)%len(units)])
		}
		for cut := range min(b.Len(), 9) + 1 {
			s := b.String()[cut:]
			if got, want := runeCount(s, utf8.ValidString(s)), utf8.RuneCountInString(s); got != want {
				t.Fatalf("runeCount(%+q) = %d, want %d", s, got, want)
			}
		}
	}
}

// TestPadExact holds padExact to isPad on every byte in every lane of a
// word, among neighbours of every kind padLanes tells apart.
func TestPadExact(t *testing.T) {
	fills := []byte{' ', '\n', 0x1b, 'a', 0x80, 0xa0, 0xff, 0x0b}
	for lane := range 8 {
		for c := range 256 {
			for _, f := range fills {
				var w [8]byte
				for k := range w {
					w[k] = f
				}
				w[lane] = byte(c)
				x := binary.LittleEndian.Uint64(w[:])
				got := padExact(x, padLanes(x))
				for k := range w {
					if want := isPad(w[k]); (got>>(8*k+7)&1 == 1) != want {
						t.Fatalf("padExact(% x): lane %d is %v, want %v", w, k, !want, want)
					}
				}
			}
		}
	}
}
