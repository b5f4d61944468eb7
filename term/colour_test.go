package term

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// colourCase is a row of hidingCases or legitimateCases: the output in
// Strip mode, which Visualize mode gives too (no input holds a dropped
// sequence).
type colourCase struct {
	name, in, want string
}

// hidingCases each set an explicit foreground and background that hide
// text; the text must show in the terminal's defaults.
var hidingCases = []colourCase{
	{"black on black", "\x1b[30;40mhidden\x1b[0m", "\x1b[30;40m\x1b[39;49mhidden\x1b[0m"},
	{"white on white", "\x1b[37;47mhidden\x1b[0m", "\x1b[37;47m\x1b[39;49mhidden\x1b[0m"},
	{"bright white on bright white", "\x1b[97;107mhidden\x1b[0m", "\x1b[97;107m\x1b[39;49mhidden\x1b[0m"},
	{"red on red, two SGRs", "\x1b[31m\x1b[41mhidden", "\x1b[31m\x1b[41m\x1b[39;49mhidden"},
	{"basic and palette of one index", "\x1b[31;48;5;1mhidden", "\x1b[31;48;5;1m\x1b[39;49mhidden"},
	{"palette same index", "\x1b[38;5;196;48;5;196mhidden", "\x1b[38;5;196;48;5;196m\x1b[39;49mhidden"},
	{"palette colon form", "\x1b[38:5:42;48:5:42mhidden", "\x1b[38;5;42;48;5;42m\x1b[39;49mhidden"},
	{"palette entries of one RGB", "\x1b[38;5;16;48;5;0mhidden", "\x1b[38;5;16;48;5;0m\x1b[39;49mhidden"},
	{"same RGB", "\x1b[38;2;10;20;30;48;2;10;20;30mhidden", "\x1b[38;2;10;20;30;48;2;10;20;30m\x1b[39;49mhidden"},
	{"RGB one step apart", "\x1b[38;2;0;0;0;48;2;1;1;1mhidden", "\x1b[38;2;0;0;0;48;2;1;1;1m\x1b[39;49mhidden"},
	{"RGB of a basic colour", "\x1b[38;2;205;0;0;41mhidden", "\x1b[38;2;205;0;0;41m\x1b[39;49mhidden"},
	{"bright yellow on white", "\x1b[93;107mhidden", "\x1b[93;107m\x1b[39;49mhidden"},
	{"adjacent greys", "\x1b[38;5;233;48;5;232mhidden", "\x1b[38;5;233;48;5;232m\x1b[39;49mhidden"},
	{"dark grey on black", "\x1b[38;5;233;40mhidden", "\x1b[38;5;233;40m\x1b[39;49mhidden"},
	{"reverse video", "\x1b[7;30;40mhidden", "\x1b[7;30;40m\x1b[39;49mhidden"},
	{"UTF-8 text", "\x1b[30;40m\u00e9\u4e16", "\x1b[30;40m\x1b[39;49m\u00e9\u4e16"},
	{"invalid UTF-8", "\x1b[30;40m\xff", "\x1b[30;40m\x1b[39;49m\ufffd"},
	{"hidden after visible", "\x1b[37mshown\x1b[47mhidden\x1b[49mshown",
		"\x1b[37mshown\x1b[47m\x1b[39;49mhidden\x1b[49m\x1b[37mshown"},
	{"colours restored after", "\x1b[30;40mhidden\x1b[37mshown", "\x1b[30;40m\x1b[39;49mhidden\x1b[37m\x1b[40mshown"},
	{"restored with palette and RGB", "\x1b[38;5;9;48;5;9mhidden\x1b[38;2;1;2;3mshown",
		"\x1b[38;5;9;48;5;9m\x1b[39;49mhidden\x1b[38;2;1;2;3m\x1b[48;5;9mshown"},
	{"reset without parameters", "\x1b[30;40mhidden\x1b[mshown\x1b[30;40mhidden\x1b[;mshown",
		"\x1b[30;40m\x1b[39;49mhidden\x1b[0mshown\x1b[30;40m\x1b[39;49mhidden\x1b[0;0mshown"},
	{"only text is corrected", "\x1b[30;40m\n\t\x1b[1mx", "\x1b[30;40m\n\t\x1b[1m\x1b[39;49mx"},
}

// legitimateCases are the colours of common tools: each must pass
// unchanged (canonical SGR, ESC [ K removed).
var legitimateCases = []colourCase{
	// git diff --color (default colours; whitespace errors on a red
	// background).
	{"git diff", "\x1b[1mdiff --git a/x b/x\x1b[m\n\x1b[36m@@ -1 +1 @@\x1b[m\n\x1b[31m-old\x1b[m\n\x1b[32m+new\x1b[m\x1b[41m \x1b[m\n",
		"\x1b[1mdiff --git a/x b/x\x1b[0m\n\x1b[36m@@ -1 +1 @@\x1b[0m\n\x1b[31m-old\x1b[0m\n\x1b[32m+new\x1b[0m\x1b[41m \x1b[0m\n"},
	// ls --color with dircolors' defaults: directories, links, setuid,
	// setgid, sticky, other-writable, capabilities, devices, orphans.
	{"ls dir link exec", "\x1b[0m\x1b[01;34mdir\x1b[0m \x1b[01;36mlink\x1b[0m \x1b[01;32mexe\x1b[0m",
		"\x1b[0m\x1b[1;34mdir\x1b[0m \x1b[1;36mlink\x1b[0m \x1b[1;32mexe\x1b[0m"},
	{"ls setuid white on red", "\x1b[37;41msu\x1b[0m", "\x1b[37;41msu\x1b[0m"},
	{"ls setgid black on yellow", "\x1b[30;43msg\x1b[0m", "\x1b[30;43msg\x1b[0m"},
	{"ls sticky other-writable black on green", "\x1b[30;42mtw\x1b[0m", "\x1b[30;42mtw\x1b[0m"},
	{"ls other-writable blue on green", "\x1b[34;42mow\x1b[0m", "\x1b[34;42mow\x1b[0m"},
	{"ls sticky white on blue", "\x1b[37;44mst\x1b[0m", "\x1b[37;44mst\x1b[0m"},
	{"ls capability black on red", "\x1b[30;41mca\x1b[0m", "\x1b[30;41mca\x1b[0m"},
	{"ls device yellow on black", "\x1b[40;33;01mbd\x1b[0m", "\x1b[40;33;1mbd\x1b[0m"},
	{"ls orphan red on black", "\x1b[40;31;01mor\x1b[0m", "\x1b[40;31;1mor\x1b[0m"},
	// grep --color=always: file name, separator, line number, match
	// (GREP_COLORS=ne, so without ESC [ K, which term drops).
	{"grep", "\x1b[35mfile.go\x1b[m\x1b[36m:\x1b[m\x1b[32m12\x1b[m\x1b[36m:\x1b[ma \x1b[01;31mmatch\x1b[m b",
		"\x1b[35mfile.go\x1b[0m\x1b[36m:\x1b[0m\x1b[32m12\x1b[0m\x1b[36m:\x1b[0ma \x1b[1;31mmatch\x1b[0m b"},
	// Test runners' badges: black on green, white on red, and Jest's
	// inverse bold green and red.
	{"PASS black on green", "\x1b[30;42m PASS \x1b[0m", "\x1b[30;42m PASS \x1b[0m"},
	{"FAIL white on red", "\x1b[37;41m FAIL \x1b[0m", "\x1b[37;41m FAIL \x1b[0m"},
	{"FAIL bright white on red", "\x1b[97;41m FAIL \x1b[0m", "\x1b[97;41m FAIL \x1b[0m"},
	{"Jest PASS", "\x1b[0m\x1b[7m\x1b[1m\x1b[32m PASS \x1b[39m\x1b[22m\x1b[27m\x1b[0m",
		"\x1b[0m\x1b[7m\x1b[1m\x1b[32m PASS \x1b[39m\x1b[22m\x1b[27m\x1b[0m"},
	{"Jest FAIL", "\x1b[0m\x1b[7m\x1b[1m\x1b[31m FAIL \x1b[39m\x1b[22m\x1b[27m\x1b[0m",
		"\x1b[0m\x1b[7m\x1b[1m\x1b[31m FAIL \x1b[39m\x1b[22m\x1b[27m\x1b[0m"},
	// The lowest-contrast readable pair of a common scheme, which sets
	// minContrast: Midnight Commander's bright yellow on light grey.
	{"mc hot key", "\x1b[93;47mO\x1b[30mk\x1b[0m", "\x1b[93;47mO\x1b[30mk\x1b[0m"},
	// Truecolour syntax highlighting on a diff background (delta).
	{"delta", "\x1b[48;2;63;0;1m\x1b[38;2;117;113;94m// old\x1b[0m", "\x1b[48;2;63;0;1m\x1b[38;2;117;113;94m// old\x1b[0m"},
	// A foreground or background alone: the theme is the user's.
	{"fg only", "\x1b[30mblack on the theme\x1b[0m", "\x1b[30mblack on the theme\x1b[0m"},
	{"bg only", "\x1b[47mthe theme on white\x1b[0m", "\x1b[47mthe theme on white\x1b[0m"},
	{"same index, one reset", "\x1b[30;40m\x1b[49mshown", "\x1b[30;40m\x1b[49mshown"},
}

// TestColours runs each hiding and legitimate pair through every mode that
// keeps colour, in one chunk, split at every byte, and byte by byte, and
// checks that the output shows no hidden text and is stable under a
// second pass.
func TestColours(t *testing.T) {
	for _, group := range []struct {
		name  string
		cases []colourCase
	}{{"hiding", hidingCases}, {"legitimate", legitimateCases}} {
		for _, tc := range group.cases {
			t.Run(group.name+"/"+tc.name, func(t *testing.T) {
				for _, m := range []struct {
					opts Options
					want string
				}{{Options{}, closed(tc.want)}, {Options{Mode: Visualize}, closed(tc.want)}} {
					got := sanitizeChunks(m.opts, tc.in)
					if diff := cmp.Diff(m.want, got); diff != "" {
						t.Errorf("%s: sanitize(%+q) mismatch (-want +got):\n%s", m.opts.Mode, tc.in, diff)
					}
					for i := 1; i < len(tc.in); i++ {
						if got := sanitizeChunks(m.opts, tc.in[:i], tc.in[i:]); got != m.want {
							t.Errorf("%s: split at %d: got %+q, want %+q", m.opts.Mode, i, got, m.want)
						}
					}
					if got := sanitizeChunks(m.opts, splitBytes(tc.in)...); got != m.want {
						t.Errorf("%s: byte-wise: got %+q, want %+q", m.opts.Mode, got, m.want)
					}
					slow := New(m.opts)
					slow.noFastPath = true
					if got := slow.run(tc.in, true); got != m.want {
						t.Errorf("%s: parser-only path: got %+q, want %+q", m.opts.Mode, got, m.want)
					}
					checkNotHidden(t, got)
				}
				if again := sanitizeChunks(Options{}, closed(tc.want)); again != closed(tc.want) {
					t.Errorf("second pass changed %+q to %+q", tc.want, again)
				}
			})
		}
	}
}

// TestColoursVisualize checks that a U+241B standing for a dropped
// sequence is not drawn in hiding colours either.
func TestColoursVisualize(t *testing.T) {
	in := "\x1b[30;40m\x1b[2J\x1b[8mX"
	want := map[Mode]string{
		Strip:     "\x1b[30;40m\x1b[39;49mX\x1b[0m",
		Visualize: "\x1b[30;40m\x1b[39;49m" + vis + vis + "X\x1b[0m",
	}
	for mode, w := range want {
		for i := 0; i <= len(in); i++ {
			if got := sanitizeChunks(Options{Mode: mode}, in[:i], in[i:]); got != w {
				t.Errorf("%s: split at %d: got %+q, want %+q", mode, i, got, w)
			}
		}
	}
	// Plain and Off do not correct: Plain has no colours, Off passes
	// trusted input unchanged.
	if got := sanitizeChunks(Options{Plain: true}, in); got != "X" {
		t.Errorf("Plain: got %+q, want %+q", got, "X")
	}
	if got := sanitizeChunks(Options{Mode: Off}, in); got != in {
		t.Errorf("Off: got %+q, want the input", got)
	}
}

// TestIndistinguishable checks the rule on colour pairs given in every
// form an SGR can name them.
func TestIndistinguishable(t *testing.T) {
	basic := func(i uint8) colour { return basicColour | colour(i) }
	palette := func(i uint8) colour { return paletteColour | colour(i) }
	direct := func(r, g, b uint8) colour { return rgbColour | colour(r)<<16 | colour(g)<<8 | colour(b) }
	tests := []struct {
		name   string
		fg, bg colour
		want   bool
	}{
		{"same basic", basic(1), basic(1), true},
		{"basic and palette", basic(12), palette(12), true},
		{"same palette", palette(200), palette(200), true},
		{"palette and RGB of it", palette(67), direct(0x5f, 0x87, 0xaf), true},
		{"same RGB", direct(1, 2, 3), direct(1, 2, 3), true},
		{"near greys", direct(0x12, 0x12, 0x12), direct(0, 0, 0), true},
		{"black on green", basic(0), basic(2), false},
		{"white on red", basic(7), basic(1), false},
		{"blue on black", basic(4), basic(0), false},
		{"red on blue", basic(1), basic(4), false},
		{"mc yellow on light grey", basic(11), basic(7), false},
		{"black on white", direct(0, 0, 0), direct(255, 255, 255), false},
	}
	for _, tc := range tests {
		for _, pair := range [][2]colour{{tc.fg, tc.bg}, {tc.bg, tc.fg}} {
			if got := indistinguishable(pair[0], pair[1]); got != tc.want {
				t.Errorf("%s: indistinguishable(%#x, %#x) = %v, want %v", tc.name, pair[0], pair[1], got, tc.want)
			}
		}
	}
}

// TestLuminance checks the WCAG 2 figures: white has relative luminance 1
// and black 0, so their contrast ratio is (1+0.05)/(0+0.05) = 21:1.
func TestLuminance(t *testing.T) {
	if l := relativeLuminance(255, 255, 255); l != 1 {
		t.Errorf("luminance of white = %v, want 1", l)
	}
	if l := relativeLuminance(0, 0, 0); l != 0 {
		t.Errorf("luminance of black = %v, want 0", l)
	}
	// Luminance grows with each component.
	for i := 1; i < 256; i++ {
		if linear[i] <= linear[i-1] {
			t.Fatalf("linear[%d] = %v <= linear[%d] = %v", i, linear[i], i-1, linear[i-1])
		}
	}
}

// TestXtermPalette checks entries of the 256-colour palette against
// xterm's 256colres.h.
func TestXtermPalette(t *testing.T) {
	tests := []struct {
		i    uint8
		want [3]uint8
	}{
		{0, [3]uint8{0, 0, 0}}, {4, [3]uint8{0, 0, 0xee}}, {7, [3]uint8{0xe5, 0xe5, 0xe5}},
		{12, [3]uint8{0x5c, 0x5c, 0xff}}, {16, [3]uint8{0, 0, 0}}, {17, [3]uint8{0, 0, 0x5f}},
		{67, [3]uint8{0x5f, 0x87, 0xaf}}, {196, [3]uint8{0xff, 0, 0}}, {231, [3]uint8{0xff, 0xff, 0xff}},
		{232, [3]uint8{8, 8, 8}}, {244, [3]uint8{0x80, 0x80, 0x80}}, {255, [3]uint8{0xee, 0xee, 0xee}},
	}
	for _, tc := range tests {
		r, g, b := xtermPalette(tc.i)
		if got := [3]uint8{r, g, b}; got != tc.want {
			t.Errorf("xtermPalette(%d) = %x, want %x", tc.i, got, tc.want)
		}
	}
}

// TestSettleFits checks that the longest colour correction fits in
// maxSettleLen.
func TestSettleFits(t *testing.T) {
	var c colours
	c.asked[partFg], c.asked[partBg] = rgbColour|0xffffff, rgbColour|0x646464
	got := string(c.appendSettle(nil))
	if want := "\x1b[38;2;255;255;255;48;2;100;100;100m"; got != want || len(got) > maxSettleLen {
		t.Errorf("appendSettle = %+q (%d bytes), want %+q within %d", got, len(got), want, maxSettleLen)
	}
}

// checkNotHidden fails if out draws a character while its explicit
// foreground and background are indistinguishable. It follows the
// canonical SGRs of out with its own reading of ECMA-48's SGR, apart from
// the colours package term keeps.
func checkNotHidden(tb testing.TB, out string) {
	tb.Helper()
	var fg, bg colour
	extended := func(gs []string) (colour, int) {
		if len(gs) >= 2 && gs[0] == "5" {
			n, _ := strconv.Atoi(gs[1])
			return paletteColour | colour(n), 2
		}
		if len(gs) >= 4 && gs[0] == "2" {
			var v colour
			for _, g := range gs[1:4] {
				n, _ := strconv.Atoi(g)
				v = v<<8 | colour(n)
			}
			return rgbColour | v, 4
		}
		return defaultColour, len(gs)
	}
	for i := 0; i < len(out); {
		if out[i] == 0x1b {
			end := strings.IndexByte(out[i:], 'm')
			if end < 0 {
				return // checkSafe reports it
			}
			gs := strings.Split(out[i+2:i+end], ";")
			for j := 0; j < len(gs); j++ {
				if strings.Contains(gs[j], ":") {
					continue
				}
				v, _ := strconv.Atoi(gs[j])
				switch {
				case v == 0:
					fg, bg = defaultColour, defaultColour
				case v >= 30 && v <= 37:
					fg = basicColour | colour(v-30)
				case v >= 90 && v <= 97:
					fg = basicColour | colour(v-90+8)
				case v >= 40 && v <= 47:
					bg = basicColour | colour(v-40)
				case v >= 100 && v <= 107:
					bg = basicColour | colour(v-100+8)
				case v == 39:
					fg = defaultColour
				case v == 49:
					bg = defaultColour
				case v == 38 || v == 48:
					k, n := extended(gs[j+1:])
					if v == 38 {
						fg = k
					} else {
						bg = k
					}
					j += n
				}
			}
			i += end + 1
			continue
		}
		r, size := utf8.DecodeRuneInString(out[i:])
		if r != '\n' && r != '\t' && fg != defaultColour && bg != defaultColour && indistinguishable(fg, bg) {
			tb.Fatalf("output %+q draws %+q at %d in colours %#x on %#x", out, r, i, fg, bg)
		}
		i += size
	}
}
