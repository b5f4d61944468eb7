package transcript_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/iotest"
	"unicode/utf8"
	"unsafe"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/transcript"
	"golang.org/x/text/transform"
)

// articleSample is the sample file of the agent-boundary article:
// printf 'build: \033[31mFAIL\033[0m\nnotice\033[1A\033]8;;https://example.invalid\033\\open\033]8;;\033\\\rPASS\n'
const articleSample = "build: \x1b[31mFAIL\x1b[0m\nnotice\x1b[1A\x1b]8;;https://example.invalid\x1b\\open\x1b]8;;\x1b\\\rPASS\n"

// tags spells s in Unicode tag characters, the way a hidden instruction is
// smuggled.
func tags(s string) string {
	var b strings.Builder
	for _, r := range s {
		b.WriteRune(0xE0000 + r)
	}
	return b.String()
}

// controls builds a Controls value from name/count pairs.
func controls(pairs ...any) transcript.Controls {
	var c transcript.Controls
	for i := 0; i < len(pairs); i += 2 {
		b := pairs[i].(byte)
		if b == 0x7F {
			c[transcript.DEL] = int64(pairs[i+1].(int))
		} else {
			c[b] = int64(pairs[i+1].(int))
		}
	}
	return c
}

type cleanTest struct {
	name string
	in   string
	opts transcript.Options
	text string
	// rep is the expected report without BytesIn and BytesOut, which are
	// filled from in and text.
	rep transcript.Report
	// markers must not appear in the text: payloads of removed strings.
	markers []string
}

var cleanTests = []cleanTest{
	{
		name: "article sample, CR as newline",
		in:   articleSample,
		text: "build: FAIL\nnoticeopen\nPASS\n",
		rep: transcript.Report{
			Sequences: transcript.Sequences{SGR: 2, CSI: 1, OSCHyperlink: 2},
			Controls:  controls(byte('\r'), 1),
		},
		markers: []string{"example.invalid", "31m", "[1A"},
	},
	{
		name: "article sample, CR overwrites",
		in:   articleSample,
		opts: transcript.Options{CR: transcript.CROverwrite},
		text: "build: FAIL\nPASS\n",
		rep: transcript.Report{
			Sequences:   transcript.Sequences{SGR: 2, CSI: 1, OSCHyperlink: 2},
			Controls:    controls(byte('\r'), 1),
			Overwritten: int64(len("noticeopen")),
		},
		markers: []string{"example.invalid"},
	},
	{
		name: "progress, CR as newline keeps the history",
		in:   "working 10%\rworking 20%\rfailure",
		text: "working 10%\nworking 20%\nfailure",
		rep:  transcript.Report{Controls: controls(byte('\r'), 2)},
	},
	{
		name: "progress, CR overwrites and clears the tail",
		in:   "working 10%\rworking 20%\rfailure",
		opts: transcript.Options{CR: transcript.CROverwrite},
		text: "failure",
		rep: transcript.Report{
			Controls:    controls(byte('\r'), 2),
			Overwritten: int64(len("working 10%working 20%")),
		},
	},
	{
		name: "overwrite keeps a line ended by CR",
		in:   "abc\r\ndef\r",
		opts: transcript.Options{CR: transcript.CROverwrite},
		text: "abc\ndef",
		rep:  transcript.Report{CRLF: 1, Controls: controls(byte('\r'), 1)},
	},
	{
		name: "overwrite hides a command as a terminal would",
		in:   "rm -rf /\rls -la   \n",
		opts: transcript.Options{CR: transcript.CROverwrite},
		text: "ls -la   \n",
		rep: transcript.Report{
			Controls:    controls(byte('\r'), 1),
			Overwritten: int64(len("rm -rf /")),
		},
	},
	{
		name: "CRLF",
		in:   "a\r\nb\r\n",
		text: "a\nb\n",
		rep:  transcript.Report{CRLF: 2},
	},
	{
		name: "removed sequences and controls are transparent to CRLF",
		in:   "a\r\x1b[K\a\nb",
		text: "a\nb",
		rep: transcript.Report{
			CRLF:      1,
			Sequences: transcript.Sequences{CSI: 1},
			Controls:  controls(byte(7), 1),
		},
	},
	{
		name: "CR CR LF",
		in:   "a\r\r\nb",
		text: "a\n\nb",
		rep:  transcript.Report{CRLF: 1, Controls: controls(byte('\r'), 1)},
	},
	{
		name: "backspace dropped",
		in:   "echo evil #\b\b\b\b\b\bgood  ",
		text: "echo evil #good  ",
		rep:  transcript.Report{Controls: controls(byte('\b'), 6)},
	},
	{
		// Overstrike as man pages write bold (x BS x) and underline
		// (_ BS x): runs long enough to be read a word at a time, cut
		// by plain words, a control and the end of a batch.
		name: "overstrike dropped",
		in: strings.Repeat("N\bNA\bAM\bME\bE", 3) + " plain words between " +
			strings.Repeat("_\bf_\bi_\bl_\be", 2) + "\x01_\bx\n" + strings.Repeat("_\bx", 300) + "\n",
		text: strings.Repeat("NNAAMMEE", 3) + " plain words between " +
			strings.Repeat("_f_i_l_e", 2) + "_x\n" + strings.Repeat("_x", 300) + "\n",
		rep: transcript.Report{Controls: controls(byte(0x01), 1, byte('\b'), 12+8+1+300)},
	},
	{
		name: "backspace erases",
		in:   "echo evil #\b\b\b\b\b\bgood  ",
		opts: transcript.Options{BS: transcript.BSErase},
		text: "echo good  ",
		rep:  transcript.Report{Controls: controls(byte('\b'), 6), Overwritten: 6},
	},
	{
		name: "backspace erases a rune, never a newline",
		in:   "ab\n\b\bc\u00e9\bd",
		opts: transcript.Options{BS: transcript.BSErase},
		text: "ab\ncd",
		rep:  transcript.Report{Controls: controls(byte('\b'), 3), Overwritten: 2},
	},
	{
		name: "backspace after CR under overwrite",
		in:   "abc\r\bX",
		opts: transcript.Options{CR: transcript.CROverwrite, BS: transcript.BSErase},
		text: "X",
		rep:  transcript.Report{Controls: controls(byte('\r'), 1, byte('\b'), 1), Overwritten: 3},
	},
	{
		name: "ESC split from its bracket",
		in:   "red\x1b" + "[31mtext",
		text: "redtext",
		rep:  transcript.Report{Sequences: transcript.Sequences{SGR: 1}},
	},
	{
		name: "CSI with a huge parameter list",
		in:   "a\x1b[" + strings.Repeat("1;", 5000) + "8mb",
		text: "ab",
		rep: transcript.Report{
			Sequences: transcript.Sequences{SGR: 1},
			OverLimit: 1,
			Malformed: 1,
		},
	},
	{
		// Plain CSIs take a fast path when whole in one chunk; split
		// into bytes they go through the parser: both must agree.
		name: "CSI forms",
		in: "\x1b[m\x1b[;m\x1b[1;2;3m\x1b[38;5;8m\x1b[9999m\x1b[12345m\x1b[65536m" +
			"\x1b[?25l\x1b[>4;2m\x1b[1$m\x1b[2J\x1b[[" +
			"\x1b[" + strings.Repeat("1;", 31) + "1m" + "\x1b[" + strings.Repeat("1;", 32) + "1mx",
		text: "x",
		rep: transcript.Report{
			Sequences: transcript.Sequences{SGR: 9, CSI: 5},
			Malformed: 2,
		},
	},
	{
		name:    "OSC ended by BEL and by ST",
		in:      "\x1b]0;MARK-BEL\ax\x1b]2;MARK-ST\x1b\\y",
		text:    "xy",
		rep:     transcript.Report{Sequences: transcript.Sequences{OSCTitle: 2}},
		markers: []string{"MARK"},
	},
	{
		name:    "unterminated OSC",
		in:      "x\x1b]0;MARK-OPEN never ends",
		text:    "x",
		rep:     transcript.Report{Sequences: transcript.Sequences{OSCTitle: 1}, Unterminated: 1},
		markers: []string{"MARK", "never"},
	},
	{
		name:    "OSC cut short by ESC",
		in:      "x\x1b]0;MARK\x1b[1my",
		text:    "xy",
		rep:     transcript.Report{Sequences: transcript.Sequences{OSCTitle: 1, SGR: 1}, Unterminated: 1},
		markers: []string{"MARK"},
	},
	{
		name: "OSC 52, 8 and others",
		in:   "\x1b]52;c;TUFSSw==\a\x1b]8;;http://MARK/\x1b\\L\x1b]8;;\x1b\\\x1b]7;file://MARK/\a\x1b]MARK\a",
		text: "L",
		rep: transcript.Report{Sequences: transcript.Sequences{
			OSCClipboard: 1, OSCHyperlink: 2, OSCOther: 2,
		}},
		markers: []string{"MARK", "TUFSSw"},
	},
	{
		name: "DCS, APC, PM, SOS",
		in:   "a\x1bP$qMARK-DCS\x1b\\b\x1b_MARK-APC\x1b\\c\x1b^MARK-PM\x1b\\d\x1bXMARK-SOS\x1b\\e",
		text: "abcde",
		rep: transcript.Report{Sequences: transcript.Sequences{
			DCS: 1, APC: 1, PM: 1, SOS: 1,
		}},
		markers: []string{"MARK"},
	},
	{
		name:    "8-bit CSI and OSC, raw and UTF-8",
		in:      "a\x9b31mb\u009b0mc\x9d0;MARK\x9cd\u009d2;MARK\u009ce",
		text:    "abcde",
		rep:     transcript.Report{Sequences: transcript.Sequences{SGR: 2, OSCTitle: 2}},
		markers: []string{"MARK"},
	},
	{
		name: "C1 controls",
		in:   "a\x85b\u0085c\u0080",
		text: "abc",
		rep:  transcript.Report{C1: 3},
	},
	{
		name:    "0x9C inside UTF-8 does not end an OSC",
		in:      "\x1b]0;\u00dc MARK \u2733\ax",
		text:    "x",
		rep:     transcript.Report{Sequences: transcript.Sequences{OSCTitle: 1}},
		markers: []string{"MARK"},
	},
	{
		name: "invalid UTF-8 around an ESC",
		in:   "\xff\x1b[31m\xfe|\xc3\x1b[2J|\xe2\x1b]0;MARK\ax",
		text: "\ufffd\ufffd|\ufffd|\ufffdx",
		rep: transcript.Report{
			Sequences:   transcript.Sequences{SGR: 1, CSI: 1, OSCTitle: 1},
			InvalidUTF8: 4,
		},
		markers: []string{"MARK", "2J"},
	},
	{
		// After an invalid lead byte, the parser treats continuation
		// bytes as invalid until a byte breaks the character; the
		// ASCII fast path must not hide that byte from it.
		name: "invalid lead, ASCII, then C1",
		in:   "\xf00\x97|\xe2A\x9b31mB",
		text: "\ufffd0|\ufffdAB",
		rep: transcript.Report{
			Sequences:   transcript.Sequences{SGR: 1},
			C1:          1,
			InvalidUTF8: 2,
		},
	},
	{
		name: "C0 and DEL",
		in:   "a\x00b\x07c\x0bd\x0ce\x7ff\x0e\x0f\x18\x1ag\th",
		text: "abcdef" + "g\th",
		rep: transcript.Report{Controls: controls(
			byte(0), 1, byte(7), 1, byte(0x0b), 1, byte(0x0c), 1, byte(0x7f), 1,
			byte(0x0e), 1, byte(0x0f), 1, byte(0x18), 1, byte(0x1a), 1,
		)},
	},
	{
		name: "other escape sequences",
		in:   "\x1bc\x1b7a\x1b8\x1b(0b\x1b#8",
		text: "ab",
		rep:  transcript.Report{Sequences: transcript.Sequences{ESC: 5}},
	},
	{
		name: "tag-smuggled instruction escaped",
		in:   "ok" + tags("IGNORE") + "\n",
		text: `ok\u{e0049}\u{e0047}\u{e004e}\u{e004f}\u{e0052}\u{e0045}` + "\n",
		rep: transcript.Report{Unicode: transcript.Unicode{
			Escapes:  map[plainsight.Class]int64{plainsight.ClassTag: 6},
			Warnings: map[plainsight.Kind]int64{plainsight.KindHiddenTags: 6},
		}},
	},
	{
		name: "tags removed",
		in:   "ok" + tags("IGNORE") + "\u202e!\n",
		opts: transcript.Options{Unicode: transcript.UnicodeRemove},
		text: "ok!\n",
		rep: transcript.Report{Unicode: transcript.Unicode{
			Escapes:  map[plainsight.Class]int64{plainsight.ClassTag: 6, plainsight.ClassBidi: 1},
			Warnings: map[plainsight.Kind]int64{plainsight.KindHiddenTags: 6, plainsight.KindBidi: 1},
		}},
	},
	{
		name: "tags kept",
		in:   "ok" + tags("HI") + "\u200b\n",
		opts: transcript.Options{Unicode: transcript.UnicodeKeep},
		text: "ok" + tags("HI") + "\u200b\n",
		rep: transcript.Report{Unicode: transcript.Unicode{
			Escapes:  map[plainsight.Class]int64{plainsight.ClassTag: 2, plainsight.ClassZeroWidth: 1},
			Warnings: map[plainsight.Kind]int64{plainsight.KindHiddenTags: 2, plainsight.KindZeroWidth: 1},
		}},
	},
	{
		name: "a picture's cells, and characters alone between SGRs",
		in: strings.Repeat("\x1b[38;2;10;20;130m\x1b[48;2;12;22;128m\u2580", 3) + "\x1b[38;5;7m\x1b[48;5;8m\u2584 \u2018x\u2019\x1b[0m\n" +
			"\x1b[1mx\xe0\x83\xa9\x1b[0m and more\n\x1b[1mx\xed\xa0\x80\x1b[0m and more\n" +
			"\x1b[1mx\xe2\x28\xa1\x1b[0m and more\n\x1b[1mx\xe4\x38\x80\x1b[0m and more\n" +
			"\x1b[1mx\xe2\x82\x28\x1b[0m and more\n\x1b[1mx\xe3\xa9\x28\x1b[0m and more\n" +
			"\x1b[1mx\xc3\x28\x1b[0m and more\n" +
			"\x1b[31m\u202e\x1b[0m\n\x1b[1mdur\u00e9e\x1b[0m \x1b[2mx\u00adx\x1b[0m\u00a0y\xc2\x85z\xc3\x28\n",
		// An overlong é, a surrogate, leads cut short, each on a line of
		// its own, since each ends the colour log's fast path: each byte
		// is invalid or, from 80 to 9F, a raw C1 control. A soft hyphen
		// and a no-break space alone between ASCII are escaped; NEL in
		// UTF-8 is a C1 control.
		text: "\u2580\u2580\u2580\u2584 \u2018x\u2019\n" +
			"x\ufffd\ufffd and more\nx\ufffd\ufffd and more\nx\ufffd(\ufffd and more\nx\ufffd8 and more\n" +
			"x\ufffd\ufffd( and more\nx\ufffd\ufffd( and more\nx\ufffd( and more\n" + `\u{202e}` + "\n" +
			"dur\u00e9e x" + `\u{00ad}` + "x" + `\u{00a0}` + "yz\ufffd(\n",
		rep: transcript.Report{
			Sequences:   transcript.Sequences{SGR: 29},
			C1:          4,
			InvalidUTF8: 13,
			Unicode: transcript.Unicode{
				Escapes: map[plainsight.Class]int64{
					plainsight.ClassBidi: 1, plainsight.ClassInvisible: 1, plainsight.ClassWhitespace: 1,
				},
				Warnings: map[plainsight.Kind]int64{
					plainsight.KindBidi: 1, plainsight.KindInvisible: 1, plainsight.KindWhitespace: 1,
				},
			},
		},
	},
	{
		// A C2 that ends a DCS's header malformed makes it a control
		// string, where an ESC aborts it or starts its ST as the next
		// byte says, however the input is split after the C2.
		name: "DCS headers made malformed by a C2",
		in:   "\x90\xc2\x1bx\x1bP\xc2\x1b\\ok \x1bP1\xc2\x1b[1mz\n",
		text: "ok z\n",
		rep: transcript.Report{
			Sequences:    transcript.Sequences{SGR: 1, DCS: 3, ESC: 1},
			Unterminated: 2,
			Malformed:    3,
		},
	},
	{
		name: "plain Unicode passes",
		in:   "caf\u00e9 \u65e5\u672c \U0001F600\n",
		text: "caf\u00e9 \u65e5\u672c \U0001F600\n",
	},
	{
		name: "long line written in pieces",
		in:   strings.Repeat("abcdefghij", 4) + "\n",
		opts: transcript.Options{Limits: transcript.Limits{MaxLine: 16}},
		text: strings.Repeat("abcdefghij", 4) + "\n",
		rep:  transcript.Report{LongLines: 2},
	},
	{
		name: "long line cut at a rune boundary",
		in:   strings.Repeat("\u65e5", 12),
		opts: transcript.Options{Limits: transcript.Limits{MaxLine: 16}},
		text: strings.Repeat("\u65e5", 12),
		rep:  transcript.Report{LongLines: 2},
	},
	{
		name: "string over the limit",
		// The payload includes the OSC number: "0;" and 11 bytes is over.
		in:   "\x1b]0;" + strings.Repeat("M", 11) + "\a\x1b]0;" + strings.Repeat("M", 10) + "\ax",
		opts: transcript.Options{Limits: transcript.Limits{MaxString: 12}},
		text: "x",
		rep:  transcript.Report{Sequences: transcript.Sequences{OSCTitle: 2}, OverLimit: 1},
	},
	{
		name: "output limit",
		in:   strings.Repeat("0123456789\n", 10),
		opts: transcript.Options{Limits: transcript.Limits{MaxOutput: 64}},
		text: truncated("0123456789\n0123456789\n0123456789\n", 64),
		rep:  transcript.Report{Truncated: true},
	},
	{
		name: "output limit mid-line",
		in:   strings.Repeat("0123456789", 10),
		opts: transcript.Options{Limits: transcript.Limits{MaxOutput: 64}},
		text: truncated(strings.Repeat("0123456789", 10), 64),
		rep:  transcript.Report{Truncated: true},
	},
}

// truncated returns the text a Cleaner writes for ASCII text s under an
// output limit of max bytes: as much of s as leaves room for a newline and
// the marker, then the marker on a line of its own.
func truncated(s string, max int) string {
	s = s[:max-len(transcript.TruncationMarker)-1]
	if !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	return s + transcript.TruncationMarker
}

func (tt cleanTest) wantReport() transcript.Report {
	r := tt.rep
	r.BytesIn = int64(len(tt.in))
	r.BytesOut = int64(len(tt.text))
	return r
}

func TestClean(t *testing.T) {
	for _, tt := range cleanTests {
		t.Run(tt.name, func(t *testing.T) {
			text, rep := transcript.Clean([]byte(tt.in), tt.opts)
			if diff := cmp.Diff(tt.text, text); diff != "" {
				t.Errorf("Clean(%+q) text mismatch (-want +got):\n%s", tt.in, diff)
			}
			if diff := cmp.Diff(tt.wantReport(), rep); diff != "" {
				t.Errorf("Clean(%+q) report mismatch (-want +got):\n%s", tt.in, diff)
			}
			for _, m := range tt.markers {
				if strings.Contains(text, m) {
					t.Errorf("Clean(%+q) = %+q: payload %q leaked", tt.in, text, m)
				}
			}
			checkText(t, text, tt.opts)
			// CleanString gives the same text and report.
			stext, srep := transcript.CleanString(tt.in, tt.opts)
			if stext != text {
				t.Errorf("CleanString(%+q) = %+q, Clean = %+q", tt.in, stext, text)
			}
			if diff := cmp.Diff(rep, srep); diff != "" {
				t.Errorf("CleanString(%+q) report mismatch (-Clean +CleanString):\n%s", tt.in, diff)
			}
		})
	}
}

// TestCleanConcurrent checks that calls of Clean and CleanString from many
// goroutines at once, which share the Cleaners those calls reuse, each
// get their own input's text and report (run it with -race).
func TestCleanConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for k := range 4 {
				for i := range cleanTests {
					tt := &cleanTests[(i+g*5+k)%len(cleanTests)]
					text, rep := transcript.CleanString(tt.in, tt.opts)
					if (g+k)%2 == 0 {
						text, rep = transcript.Clean([]byte(tt.in), tt.opts)
					}
					if text != tt.text {
						t.Errorf("Clean(%+q) = %+q, want %+q", tt.in, text, tt.text)
					}
					if diff := cmp.Diff(tt.wantReport(), rep); diff != "" {
						t.Errorf("Clean(%+q) report mismatch (-want +got):\n%s", tt.in, diff)
					}
				}
			}
		})
	}
	wg.Wait()
}

// TestCleanReusesCleaner checks that a Cleaner that has cleaned one input,
// with its options, cleans the next as a new Cleaner does, with the next
// input's options: Clean and CleanString reuse theirs from call to call.
// First, the Cleaner cleans a line longer than it may keep a buffer for,
// which it must let go of, and then one as long with the default MaxLine,
// whose buffer it must keep.
func TestCleanReusesCleaner(t *testing.T) {
	long := []byte(strings.Repeat("x\u202e", 20<<10) + "\n")
	longOpts := transcript.Options{Limits: transcript.Limits{MaxOutput: -1, MaxLine: 1 << 20}}
	for _, first := range cleanTests {
		c := transcript.NewCleaner(transcript.Options{})
		transcript.CleanReusing(c, long, longOpts)
		line, ubuf, stage, text, raw := transcript.Kept(c)
		if line > transcript.MaxKeptLine || ubuf > transcript.MaxKeptLine || stage > transcript.MaxStage {
			t.Fatalf("after a line of %d bytes, the Cleaner keeps a line buffer of %d bytes, a Unicode buffer of %d and a stage of %d, want at most %d, %[5]d and %d",
				len(long), line, ubuf, stage, transcript.MaxKeptLine, transcript.MaxStage)
		}
		if text != 0 || raw != 0 {
			t.Fatalf("after a call, the Cleaner keeps %d bytes of text and %d of input, want none", text, raw)
		}
		// The line buffer that the default MaxLine needs is kept: the
		// one a call on a large input would otherwise allocate again.
		transcript.CleanReusing(c, long, transcript.Options{})
		if line, _, _, _, _ := transcript.Kept(c); line == 0 {
			t.Fatalf("after a line of %d bytes with the default MaxLine, the Cleaner keeps no line buffer", len(long))
		}
		for _, tt := range cleanTests {
			transcript.CleanReusing(c, []byte(first.in), first.opts)
			text, rep := transcript.CleanReusing(c, []byte(tt.in), tt.opts)
			if text != tt.text {
				t.Errorf("after %q, Clean(%+q) = %+q, want %+q", first.name, tt.in, text, tt.text)
			}
			if diff := cmp.Diff(tt.wantReport(), rep); diff != "" {
				t.Errorf("after %q, Clean(%+q) report mismatch (-want +got):\n%s", first.name, tt.in, diff)
			}
		}
	}
}

// TestCleanStringShares checks that CleanString returns its input, or a
// prefix of it, without a copy when the text is that input or prefix, and
// a string of its own when it is not; and that Clean, whose input the
// caller may change afterwards, always returns a string of its own.
func TestCleanStringShares(t *testing.T) {
	long := strings.Repeat("a clean line of ASCII\n", 4096)
	prose := strings.Repeat("Откройте файл «Итоги»; 東京タワー 한국어 café\n", 512)
	tests := []struct {
		in     string
		opts   transcript.Options
		prefix int // the length of the text that is the input's prefix; -1: a copy
	}{
		{"", transcript.Options{}, 0},
		{"ok\n", transcript.Options{}, 3},
		{"no newline at the end", transcript.Options{}, 21},
		{long, transcript.Options{}, len(long)},
		{prose, transcript.Options{}, len(prose)},
		{long + "tail\x1b]0;open title", transcript.Options{}, len(long) + 4},
		{long + "\x1b[31mred", transcript.Options{}, -1},
		{"a\r\nb\n", transcript.Options{}, -1},
		{"tag\U000E0041\n", transcript.Options{}, -1},
		{"bad \xff\n", transcript.Options{}, -1},
		{long, transcript.Options{Limits: transcript.Limits{MaxOutput: 1024}}, -1},
		{strings.Repeat("x", 100) + "\n", transcript.Options{Limits: transcript.Limits{MaxLine: 16}}, 101},
	}
	for _, tt := range tests {
		text, _ := transcript.CleanString(tt.in, tt.opts)
		raw := []byte(tt.in)
		want, _ := transcript.Clean(raw, tt.opts)
		if len(want) > 0 && unsafe.StringData(want) == &raw[0] {
			t.Errorf("Clean(%.40q) shares the caller's bytes", tt.in)
		}
		if text != want {
			t.Errorf("CleanString(%.40q) = %.40q, Clean = %.40q", tt.in, text, want)
			continue
		}
		shared := len(text) > 0 && unsafe.StringData(text) == unsafe.StringData(tt.in)
		switch {
		case tt.prefix >= 0 && len(text) != tt.prefix:
			t.Errorf("CleanString(%.40q): %d bytes, want the input's first %d", tt.in, len(text), tt.prefix)
		case tt.prefix > 0 && !shared:
			t.Errorf("CleanString(%.40q) copied its input", tt.in)
		case tt.prefix < 0 && shared:
			t.Errorf("CleanString(%.40q) shares the input, but the text differs from it", tt.in)
		}
	}
}

// TestChunks checks that every case gives the same text and report however
// its input is split, through the Transformer with tiny buffers, through
// transform.Reader and Writer, and through Writer.
func TestChunks(t *testing.T) {
	for _, tt := range cleanTests {
		t.Run(tt.name, func(t *testing.T) {
			wantText, wantRep := tt.text, tt.wantReport()
			for _, srcN := range []int{1, 2, 3, 5, 7, 64} {
				for _, dstN := range []int{1, 2, 3, 4, 100} {
					c := transcript.NewCleaner(tt.opts)
					got, err := transformChunks(c, []byte(tt.in), srcN, dstN)
					if err != nil {
						t.Fatalf("src %d dst %d: %v", srcN, dstN, err)
					}
					if diff := cmp.Diff(wantText, string(got)); diff != "" {
						t.Errorf("Transform src %d dst %d text mismatch (-want +got):\n%s", srcN, dstN, diff)
					}
					if diff := cmp.Diff(wantRep, c.Report()); diff != "" {
						t.Errorf("Transform src %d dst %d report mismatch (-want +got):\n%s", srcN, dstN, diff)
					}
				}
				var buf bytes.Buffer
				w := transcript.NewWriter(&buf, tt.opts)
				for _, chunk := range split([]byte(tt.in), srcN) {
					if _, err := w.Write(chunk); err != nil {
						t.Fatal(err)
					}
				}
				if err := w.Close(); err != nil {
					t.Fatal(err)
				}
				if diff := cmp.Diff(wantText, buf.String()); diff != "" {
					t.Errorf("Writer chunks %d text mismatch (-want +got):\n%s", srcN, diff)
				}
				if diff := cmp.Diff(wantRep, w.Report()); diff != "" {
					t.Errorf("Writer chunks %d report mismatch (-want +got):\n%s", srcN, diff)
				}
			}

			c := transcript.NewCleaner(tt.opts)
			got, err := io.ReadAll(transform.NewReader(iotest.OneByteReader(strings.NewReader(tt.in)), c))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(wantText, string(got)); diff != "" {
				t.Errorf("transform.Reader text mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(wantRep, c.Report()); diff != "" {
				t.Errorf("transform.Reader report mismatch (-want +got):\n%s", diff)
			}

			var buf bytes.Buffer
			c = transcript.NewCleaner(tt.opts)
			tw := transform.NewWriter(&buf, c)
			for _, chunk := range split([]byte(tt.in), 3) {
				if _, err := tw.Write(chunk); err != nil {
					t.Fatal(err)
				}
			}
			if err := tw.Close(); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(wantText, buf.String()); diff != "" {
				t.Errorf("transform.Writer text mismatch (-want +got):\n%s", diff)
			}

			// transform.String resets the Cleaner first.
			got2, _, err := transform.String(c, tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(wantText, got2); diff != "" {
				t.Errorf("transform.String after Reset text mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(wantRep, c.Report()); diff != "" {
				t.Errorf("transform.String after Reset report mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func split(b []byte, n int) [][]byte {
	var out [][]byte
	for len(b) > n {
		out = append(out, b[:n])
		b = b[n:]
	}
	return append(out, b)
}

// transformChunks drives t by hand, feeding at most srcN new bytes at a
// time into a dst of dstN bytes, and checks the Transformer contract.
func transformChunks(t transform.Transformer, in []byte, srcN, dstN int) ([]byte, error) {
	t.Reset()
	var out, src []byte
	dst := make([]byte, dstN)
	pos := 0
	for {
		end := min(pos+srcN, len(in))
		src = append(src, in[pos:end]...)
		pos = end
		atEOF := pos == len(in)
		for {
			nDst, nSrc, err := t.Transform(dst, src, atEOF)
			if nDst < 0 || nDst > len(dst) || nSrc < 0 || nSrc > len(src) {
				return nil, fmt.Errorf("Transform returned nDst %d nSrc %d for len %d %d", nDst, nSrc, len(dst), len(src))
			}
			out = append(out, dst[:nDst]...)
			src = src[nSrc:]
			switch {
			case err == nil:
				if len(src) != 0 {
					return nil, errors.New("nil error with unconsumed src")
				}
			case errors.Is(err, transform.ErrShortDst):
				if nDst == 0 {
					return nil, errors.New("ErrShortDst without progress")
				}
				continue
			case errors.Is(err, transform.ErrShortSrc):
				if atEOF {
					return nil, errors.New("ErrShortSrc at EOF")
				}
				if len(src) > 3 {
					return nil, fmt.Errorf("held back %d bytes", len(src))
				}
			default:
				return nil, err
			}
			break
		}
		if atEOF {
			return out, nil
		}
	}
}

// checkText fails if text holds a byte or code point that must never reach
// an agent: a C0 control other than '\n' and '\t', DEL, C1 (raw or
// encoded), invalid UTF-8, and under UnicodeEscape a bidi control or a
// context-free invisible.
func checkText(t *testing.T, text string, opts transcript.Options) {
	t.Helper()
	if !utf8.ValidString(text) {
		t.Errorf("text %+q is not valid UTF-8", text)
	}
	for i, r := range text {
		switch {
		case r < 0x20 && r != '\n' && r != '\t', r >= 0x7F && r <= 0x9F:
			t.Errorf("text %+q has control %U at %d", text, r, i)
		case opts.Unicode == transcript.UnicodeKeep:
		case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069, r == 0x200E, r == 0x200F, r == 0x061C,
			r == 0x200B, r == 0x2060, r == 0xFEFF:
			t.Errorf("text %+q has invisible %U at %d", text, r, i)
		}
	}
	if opts.Unicode == transcript.UnicodeEscape {
		res := plainsight.Policy{KeepTab: true}.Sanitize(text)
		if es := slices.Collect(res.Escapes.All()); len(es) != 0 {
			t.Errorf("text %+q still needs escapes: %v", text, es)
		}
	}
}

func TestDefaults(t *testing.T) {
	got := transcript.Limits{}.Effective()
	want := transcript.Limits{
		MaxOutput: transcript.DefaultMaxOutput,
		MaxString: transcript.DefaultMaxString,
		MaxLine:   transcript.DefaultMaxLine,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Limits{}.Effective() mismatch (-want +got):\n%s", diff)
	}
	got = transcript.Limits{MaxOutput: -5, MaxString: -1, MaxLine: 1}.Effective()
	want = transcript.Limits{MaxOutput: -1, MaxString: transcript.DefaultMaxString, MaxLine: transcript.MinMaxLine}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Effective() of odd limits mismatch (-want +got):\n%s", diff)
	}

	// The zero Cleaner works and equals NewCleaner(Options{}).
	var zero transcript.Cleaner
	got1, _, err := transform.String(&zero, articleSample)
	if err != nil {
		t.Fatal(err)
	}
	got2, _ := transcript.Clean([]byte(articleSample), transcript.Options{})
	if got1 != got2 {
		t.Errorf("zero Cleaner = %+q, Clean = %+q", got1, got2)
	}
}

func TestNoOutputLimit(t *testing.T) {
	in := strings.Repeat("x", transcript.DefaultMaxOutput+10)
	text, rep := transcript.Clean([]byte(in), transcript.Options{Limits: transcript.Limits{MaxOutput: -1}})
	if text != in || rep.Truncated {
		t.Errorf("MaxOutput -1: got %d bytes, truncated %v; want %d bytes", len(text), rep.Truncated, len(in))
	}
	text, rep = transcript.Clean([]byte(in), transcript.Options{})
	if len(text) != transcript.DefaultMaxOutput || !rep.Truncated || !strings.HasSuffix(text, transcript.TruncationMarker) {
		t.Errorf("default limit: got %d bytes, truncated %v", len(text), rep.Truncated)
	}
}

// TestBoundedMemory feeds an unterminated OSC and an endless line far past
// every cap and checks that the output stays within the limit.
func TestBoundedMemory(t *testing.T) {
	opts := transcript.Options{Limits: transcript.Limits{MaxOutput: 1000, MaxLine: 100}}
	w := transcript.NewWriter(io.Discard, opts)
	chunk := bytes.Repeat([]byte("A"), 1<<16)
	w.Write([]byte("\x1b]0;"))
	for range 64 {
		w.Write(chunk)
	}
	w.Write([]byte("\a"))
	for range 64 {
		w.Write(chunk)
	}
	w.Close()
	rep := w.Report()
	if rep.BytesOut > 1000 || !rep.Truncated || rep.OverLimit != 1 || rep.Sequences.OSCTitle != 1 {
		t.Errorf("report %+v", rep)
	}
	if rep.BytesIn != int64(4+1+128<<16) {
		t.Errorf("BytesIn = %d", rep.BytesIn)
	}
}

func TestPolicyText(t *testing.T) {
	for _, p := range []interface {
		String() string
		MarshalText() ([]byte, error)
	}{transcript.CRNewline, transcript.CROverwrite, transcript.BSDrop, transcript.BSErase,
		transcript.UnicodeEscape, transcript.UnicodeRemove, transcript.UnicodeKeep,
		transcript.Stdout, transcript.Stderr} {
		b, err := p.MarshalText()
		if err != nil || string(b) != p.String() {
			t.Errorf("%v.MarshalText() = %q, %v", p, b, err)
		}
	}
	var cr transcript.CRPolicy
	if err := cr.UnmarshalText([]byte("overwrite")); err != nil || cr != transcript.CROverwrite {
		t.Errorf("UnmarshalText(overwrite) = %v, %v", cr, err)
	}
	if err := cr.UnmarshalText([]byte("\x1b[31m")); err == nil || strings.ContainsRune(err.Error(), 0x1b) {
		t.Errorf("UnmarshalText(ESC) error %v", err)
	}
	if _, err := transcript.CRPolicy(9).MarshalText(); err == nil {
		t.Error("CRPolicy(9).MarshalText() succeeded")
	}
}

// TestCleanPiecesOfEverySize checks Clean's text against the
// Transformer's where it comes in pieces of every size around the few
// hundred bytes Clean gathers before writing them, in a row, after a
// long stretch of the input that is its own text, and after one that
// writes nothing.
func TestCleanPiecesOfEverySize(t *testing.T) {
	opts := transcript.Options{Limits: transcript.Limits{MaxOutput: -1}}
	var ins []string
	for _, n := range []int{1, 2, 7, 255, 256, 300, 510, 511, 512, 513, 700, 1023, 1024, 1500} {
		piece := strings.Repeat("abcdefghij", n/10+1)[:n]
		var b strings.Builder
		for i := range 12 {
			b.WriteString(piece[:n-i%min(n, 3)])
			b.WriteString("\x1b[1m\u200b")
		}
		ins = append(ins, b.String(), strings.Repeat("x", 70<<10)+b.String(), strings.Repeat("\x1b[2K", 18<<10)+b.String())
	}
	for _, in := range ins {
		text, rep := transcript.CleanString(in, opts)
		got, _, err := transform.String(transcript.NewCleaner(opts), in)
		if err != nil {
			t.Fatal(err)
		}
		if text != got {
			t.Fatalf("CleanString and the Cleaner differ on %d bytes: %d and %d bytes of text", len(in), len(text), len(got))
		}
		if rep.BytesOut != int64(len(text)) {
			t.Errorf("%d bytes of text, BytesOut %d", len(text), rep.BytesOut)
		}
	}
}

// TestOverstrikeRuns cleans runs of overstrike of every length up to a few
// batches: each BS is dropped and counted, and nothing else changes.
func TestOverstrikeRuns(t *testing.T) {
	for _, tt := range []struct{ head, unit string }{
		{"", "_\bx"},
		{"", "N\bN"},
		{"", "_\bxy"},
		{"", "ab\bc d"},
		{"", "\b\bab"},
		// A BS as the last byte of every word, after a first word of
		// four.
		{"a\bb\bc\bd\b", "abcdefg\b"},
	} {
		long := tt.head + strings.Repeat(tt.unit, 1000/len(tt.unit)+1)
		for n := 1; n < 1000; n++ {
			for _, in := range []string{long[:n], long[:n] + "\n" + long[:n]} {
				text, rep := transcript.CleanString(in, transcript.Options{})
				want := strings.ReplaceAll(in, "\b", "")
				wantRep := transcript.Report{
					Controls: controls(byte('\b'), strings.Count(in, "\b")),
					BytesIn:  int64(len(in)),
					BytesOut: int64(len(want)),
				}
				if text != want {
					t.Fatalf("%+q: text %+q, want %+q", in, text, want)
				}
				if diff := cmp.Diff(wantRep, rep); diff != "" {
					t.Fatalf("%+q: report (-want +got):\n%s", in, diff)
				}
			}
		}
	}
}
