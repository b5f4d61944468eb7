package term

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/text/transform"
)

const vis = "\u241b"

type policyCase struct {
	name string
	in   string
	want string // Strip mode, SGR kept
	// vis is the Visualize output; "" means the same as want.
	vis string
}

// policyCases has one or more rows per sequence class of the RFD 096
// table.
var policyCases = []policyCase{
	// Kept: text, LF, tab.
	{name: "text", in: "hello, world", want: "hello, world"},
	{name: "utf8 text", in: "caf\u00e9 \u4e16\u754c \U0001f600", want: "caf\u00e9 \u4e16\u754c \U0001f600"},
	{name: "newline and tab", in: "a\tb\nc\n", want: "a\tb\nc\n"},
	{name: "empty", in: "", want: ""},

	// C0, DEL, C1.
	{name: "CR", in: "rm -rf /\rls -la   ", want: "rm -rf /ls -la   ", vis: "rm -rf /" + vis + "ls -la   "},
	{name: "CRLF", in: "a\r\nb", want: "a\nb", vis: "a" + vis + "\nb"},
	{name: "BS", in: "echo evil #\b\bgood", want: "echo evil #good", vis: "echo evil #" + vis + vis + "good"},
	{name: "BEL NUL VT FF SO", in: "a\a\x00\v\f\x0eb", want: "ab", vis: "a" + strings.Repeat(vis, 5) + "b"},
	{name: "DEL", in: "a\x7fb", want: "ab", vis: "a" + vis + "b"},
	{name: "raw C1 NEL", in: "a\x85b", want: "ab", vis: "a" + vis + "b"},
	{name: "UTF-8 C1 NEL", in: "a\u0085b", want: "ab", vis: "a" + vis + "b"},
	{name: "UTF-8 C1 ST alone", in: "a\u009cb", want: "ab", vis: "a" + vis + "b"},

	// SGR kept, re-serialised canonically.
	{name: "SGR", in: "\x1b[31mred\x1b[0m", want: "\x1b[31mred\x1b[0m"},
	{name: "SGR empty", in: "\x1b[mX", want: "\x1b[0mX"},
	{name: "SGR missing first", in: "\x1b[;1mX", want: "\x1b[0;1mX"},
	{name: "SGR trailing semicolon", in: "\x1b[4;mX", want: "\x1b[4;0mX"},
	{name: "SGR leading zeros", in: "\x1b[01;031mX", want: "\x1b[1;31mX"},
	{name: "SGR reveal 28", in: "\x1b[28mX", want: "\x1b[28mX"},
	{name: "SGR 256 colour payload 8", in: "\x1b[38;5;8mX", want: "\x1b[38;5;8mX"},
	{name: "SGR truecolour payload 8", in: "\x1b[38;2;8;8;8mX", want: "\x1b[38;2;8;8;8mX"},
	{name: "SGR bg payload 8", in: "\x1b[48;5;8;1mX", want: "\x1b[48;5;8;1mX"},
	{name: "SGR colon 256", in: "\x1b[38:5:8mX", want: "\x1b[38;5;8mX"},
	{name: "SGR colon truecolour empty id", in: "\x1b[38:2::1:2:3mX", want: "\x1b[38;2;1;2;3mX"},
	{name: "SGR colon truecolour no id", in: "\x1b[48:2:1:2:3mX", want: "\x1b[48;2;1;2;3mX"},
	{name: "SGR colon truecolour with id", in: "\x1b[38:2:0:1:2:3mX", want: "\x1b[38;2;1;2;3mX"},
	{name: "SGR underline colour colon", in: "\x1b[58:5:8mX", want: "\x1b[58:5:8mX"},
	{name: "SGR underline colour semicolon", in: "\x1b[58;2;8;8;8mX", want: "\x1b[58:2::8:8:8mX"},
	{name: "SGR underline style", in: "\x1b[4:3mX", want: "\x1b[4:3mX"},
	{name: "SGR kakoune", in: "\x1b[;4:3;38;2;175;175;215;58:2::190:80:70mX", want: "\x1b[0;4:3;38;2;175;175;215;58:2::190:80:70mX"},
	{name: "SGR 32 params", in: "\x1b[" + strings.Repeat("1;", 31) + "1mX", want: "\x1b[" + strings.Repeat("1;", 31) + "1mX"},
	{name: "SGR with C0 inside", in: "\x1b[3\b1mX", want: "\x1b[31mX", vis: vis + "\x1b[31mX"},
	{name: "SGR with LF inside", in: "\x1b[3\n1mX", want: "\n\x1b[31mX"},
	// A terminal ignores DEL inside a CSI, so this is SGR 1;23.
	{name: "SGR with DEL inside", in: "\x1b[1;2\x7f3mX", want: "\x1b[1;23mX"},
	{name: "SGR with UTF-8 inside", in: "\x1b[\u4e16mX", want: "X", vis: vis + "X"},

	// SGR dropped: conceal.
	{name: "conceal", in: "\x1b[8mX", want: "X", vis: vis + "X"},
	{name: "conceal leading zero", in: "\x1b[08mX", want: "X", vis: vis + "X"},
	{name: "conceal after empty", in: "\x1b[;8mX", want: "X", vis: vis + "X"},
	{name: "conceal among others", in: "\x1b[0;8;1mX", want: "X", vis: vis + "X"},
	{name: "conceal after colour", in: "\x1b[38;5;1;8mX", want: "X", vis: vis + "X"},
	{name: "conceal after colon colour", in: "\x1b[38:5:1;8mX", want: "X", vis: vis + "X"},

	// SGR dropped: malformed extended colour, overflow, odd shapes.
	{name: "truecolour short", in: "\x1b[38;2;8mX", want: "X", vis: vis + "X"},
	{name: "indexed no value", in: "\x1b[38;5mX", want: "X", vis: vis + "X"},
	{name: "truecolour two values", in: "\x1b[38;2;1;8mX", want: "X", vis: vis + "X"},
	{name: "bg truecolour short", in: "\x1b[48;2;8mX", want: "X", vis: vis + "X"},
	{name: "colour alone", in: "\x1b[38mX", want: "X", vis: vis + "X"},
	{name: "colour unknown kind", in: "\x1b[38;7;1mX", want: "X", vis: vis + "X"},
	{name: "colour index 256", in: "\x1b[38;5;256mX", want: "X", vis: vis + "X"},
	{name: "colour missing index", in: "\x1b[38;5;mX", want: "X", vis: vis + "X"},
	{name: "colon colour short", in: "\x1b[38:2:1:2mX", want: "X", vis: vis + "X"},
	{name: "colon colour long", in: "\x1b[38:2:0:1:2:3:4mX", want: "X", vis: vis + "X"},
	{name: "mixed colon semicolon", in: "\x1b[38;5:8mX", want: "X", vis: vis + "X"},
	{name: "sub on plain param", in: "\x1b[1:8mX", want: "X", vis: vis + "X"},
	{name: "underline style 8", in: "\x1b[4:8mX", want: "X", vis: vis + "X"},
	{name: "overflow wraps to 8", in: "\x1b[65544mX", want: "X", vis: vis + "X"},
	{name: "overflow 2^64+8", in: "\x1b[18446744073709551624mX", want: "X", vis: vis + "X"},
	{name: "value 264", in: "\x1b[264mX", want: "X", vis: vis + "X"},
	{name: "33 params", in: "\x1b[" + strings.Repeat("1;", 32) + "1mX", want: "X", vis: vis + "X"},
	{name: "many params then 8", in: "\x1b[" + strings.Repeat("1;", 40) + "8mX", want: "X", vis: vis + "X"},
	{name: "XTMODKEYS", in: "\x1b[>4;2mX", want: "X", vis: vis + "X"},
	{name: "private ?", in: "\x1b[?4mX", want: "X", vis: vis + "X"},
	{name: "intermediate first", in: "\x1b[ 1mX", want: "X", vis: vis + "X"},
	{name: "intermediate space", in: "\x1b[1 mX", want: "X", vis: vis + "X"},
	{name: "intermediate dollar", in: "\x1b[1$mX", want: "X", vis: vis + "X"},
	{name: "C1 CSI SGR raw", in: "\x9b31mX", want: "X", vis: vis + "X"},
	{name: "C1 CSI SGR UTF-8", in: "\u009b31mX", want: "X", vis: vis + "X"},

	// Other CSI.
	{name: "cursor up and erase", in: "ok\x1b[1A\x1b[2K\x1b[1000Dfake", want: "okfake", vis: "ok" + vis + vis + vis + "fake"},
	{name: "erase screen", in: "\x1b[2JX", want: "X", vis: vis + "X"},
	{name: "alt screen", in: "\x1b[?1049hX", want: "X", vis: vis + "X"},
	{name: "bracketed paste", in: "\x1b[?2004lX", want: "X", vis: vis + "X"},
	{name: "device status query", in: "\x1b[6nX", want: "X", vis: vis + "X"},
	{name: "title report", in: "\x1b[21tX", want: "X", vis: vis + "X"},
	{name: "DECRQCRA", in: "\x1b[1;1;1;1;1;1*yX", want: "X", vis: vis + "X"},
	{name: "CSI ignore", in: "\x1b[ 1;2;3qZ", want: "Z", vis: vis + "Z"},
	{name: "CSI aborted by CAN", in: "\x1b[31\x18mX", want: "mX", vis: vis + "mX"},
	{name: "CSI aborted by ESC", in: "\x1b[31\x1b[32mX", want: "\x1b[32mX", vis: vis + "\x1b[32mX"},

	// OSC, with payload.
	{name: "OSC title BEL", in: "\x1b]0;pwned\aafter", want: "after", vis: vis + "after"},
	{name: "OSC title ST", in: "\x1b]2;pwned\x1b\\after", want: "after", vis: vis + "after"},
	{name: "OSC C1 ST", in: "\x1b]2;pwned\x9cafter", want: "after", vis: vis + "after"},
	{name: "OSC U+00DC in payload", in: "\x1b]0;\u00dc title\aafter", want: "after", vis: vis + "after"},
	{name: "OSC U+2733 in payload", in: "\x1b]0;\u2733 busy\aafter", want: "after", vis: vis + "after"},
	{name: "OSC 8 hyperlink", in: "\x1b]8;;http://evil.example\x1b\\click\x1b]8;;\x1b\\", want: "click", vis: vis + "click" + vis},
	{name: "OSC 52 clipboard", in: "\x1b]52;c;Y3VybCBldmlsfHNo\aX", want: "X", vis: vis + "X"},
	{name: "C1 OSC", in: "\x9d0;title\x9cX", want: "X", vis: vis + "X"},
	{name: "UTF-8 C1 OSC", in: "\u009d0;title\u0007X", want: "X", vis: vis + "X"},
	{name: "less CVE-2022-46663", in: "\x1b]8;;http://\x1bc\x1bP$q m q :;calc.exe;\r\x1b\\X", want: "X", vis: vis + vis + vis + "X"},
	{name: "unterminated OSC", in: "a\x1b]0;title", want: "a", vis: "a" + vis},
	{name: "OSC with C0 inside", in: "\x1b]0;a\nb\aX", want: "X", vis: vis + "X"},
	{name: "OSC with invalid UTF-8", in: "\x1b]0;\xff\xc2\aX", want: "X", vis: vis + "X"},

	// DCS, SOS, PM, APC.
	{name: "DECRQSS", in: "\x1bP$qm\x1b\\X", want: "X", vis: vis + "X"},
	{name: "DCS with ESC", in: "\x1bP\x1b\\hidden\x1b\\shown", want: "hiddenshown", vis: vis + vis + "hidden" + vis + "shown"},
	{name: "sixel", in: "\x1bPq#1;1;1#1!99999999@\x1b\\X", want: "X", vis: vis + "X"},
	{name: "SOS", in: "\x1bXsos data\x1b\\X", want: "X", vis: vis + "X"},
	{name: "PM", in: "\x1b^pm data\x1b\\X", want: "X", vis: vis + "X"},
	{name: "APC with UTF-8", in: "\x1b_apc \u00e9 data\x1b\\tail", want: "tail", vis: vis + "tail"},
	{name: "C1 APC", in: "\x9fapc\x9cX", want: "X", vis: vis + "X"},

	// Other ESC sequences.
	{name: "RIS", in: "\x1bcX", want: "X", vis: vis + "X"},
	{name: "save cursor", in: "\x1b7X\x1b8", want: "X", vis: vis + "X" + vis},
	{name: "charset", in: "\x1b(0X\x1b(B", want: "X", vis: vis + "X" + vis},
	{name: "DECALN", in: "\x1b#8X", want: "X", vis: vis + "X"},
	{name: "ESC ESC", in: "\x1b\x1b[2JX", want: "X", vis: vis + vis + "X"},
	{name: "trailing ESC", in: "X\x1b", want: "X", vis: "X" + vis},

	// Invalid UTF-8.
	{name: "invalid byte", in: "a\xffb", want: "a\ufffdb"},
	{name: "truncated lead before ESC", in: "\xc3\x1b[2JX", want: "\ufffdX", vis: "\ufffd" + vis + "X"},
	// Overlong and surrogate forms are not decoded, but their last byte
	// is a raw C1 control, as a terminal in 8-bit mode reads it: 0x9B
	// starts a CSI that X ends, 0x80 is dropped.
	{name: "overlong C1", in: "\xc0\x9bX", want: "\ufffd", vis: "\ufffd" + vis},
	{name: "surrogate", in: "\xed\xa0\x80X", want: "\ufffd\ufffdX", vis: "\ufffd\ufffd" + vis + "X"},
	{name: "truncated at end", in: "X\xe2\x9c", want: "X\ufffd\ufffd"},
}

// sanitizeChunks runs chunks through one Sanitizer with Push and Finish.
func sanitizeChunks(opts Options, chunks ...string) string {
	s := New(opts)
	var b strings.Builder
	for _, c := range chunks {
		b.WriteString(s.Push(c))
	}
	b.WriteString(s.Finish())
	return b.String()
}

// closed returns out, the output of a stream up to its end, with the
// reset that the end of the stream writes when out leaves a style in
// effect. Its model is simpler than the Sanitizer's: a style is in
// effect when a value after the last reset (0) is not one that turns
// something off. TestCloseStyle covers the values that close a style
// exactly.
func closed(out string) string {
	open := false
	for _, m := range canonicalSGR.FindAllString(out, -1) {
		ps := strings.Split(m[2:len(m)-1], ";")
		for i := 0; i < len(ps); i++ {
			switch p := ps[i]; p {
			case "0", "":
				open = false
			case "22", "23", "24", "25", "27", "28", "29", "39", "49", "59":
			case "38", "48":
				open = true
				if i+1 < len(ps) && ps[i+1] == "5" {
					i += 2
				} else {
					i += 4
				}
			default:
				open = true
			}
		}
	}
	if open {
		return out + sgrReset
	}
	return out
}

func TestPolicy(t *testing.T) {
	for _, tc := range policyCases {
		t.Run(tc.name, func(t *testing.T) {
			wantVis := tc.vis
			if wantVis == "" {
				wantVis = tc.want
			}
			for _, m := range []struct {
				opts Options
				want string
			}{
				{Options{}, closed(tc.want)},
				{Options{Mode: Visualize}, closed(wantVis)},
				{Options{Mode: Off}, tc.in},
			} {
				got := sanitizeChunks(m.opts, tc.in)
				if diff := cmp.Diff(m.want, got); diff != "" {
					t.Errorf("%s: sanitize(%+q) mismatch (-want +got):\n%s", m.opts.Mode, tc.in, diff)
				}
				// Byte by byte gives the same output.
				got = sanitizeChunks(m.opts, splitBytes(tc.in)...)
				if diff := cmp.Diff(m.want, got); diff != "" {
					t.Errorf("%s: byte-wise sanitize(%+q) mismatch (-want +got):\n%s", m.opts.Mode, tc.in, diff)
				}
			}
		})
	}
}

// TestZeroValue checks that a zero Sanitizer is New(Options{}).
func TestZeroValue(t *testing.T) {
	for _, tc := range policyCases {
		var s Sanitizer
		got := s.Push(tc.in) + s.Finish()
		if diff := cmp.Diff(closed(tc.want), got); diff != "" {
			t.Errorf("zero Sanitizer(%+q) mismatch (-want +got):\n%s", tc.in, diff)
		}
	}
}

// TestPlain covers Plain: SGR goes too, silently even in Visualize, and
// Off with Plain acts as Strip.
func TestPlain(t *testing.T) {
	tests := []struct {
		in, strip, vis string
	}{
		{"\x1b[31mred\x1b[0m", "red", "red"},
		{"\x1b[38;5;8mX\x1b[8mY", "XY", "X" + vis + "Y"},
		{"\x1b[>4;2mX", "X", vis + "X"},
		{"a\tb\r\nc", "a\tb\nc", "a\tb" + vis + "\nc"},
		{"\x1b]0;t\aX\xff", "X\ufffd", vis + "X\ufffd"},
	}
	for _, tc := range tests {
		for _, m := range []struct {
			opts Options
			want string
		}{
			{Options{Plain: true}, tc.strip},
			{Options{Mode: Off, Plain: true}, tc.strip},
			{Options{Mode: Visualize, Plain: true}, tc.vis},
		} {
			got := sanitizeChunks(m.opts, tc.in)
			if diff := cmp.Diff(m.want, got); diff != "" {
				t.Errorf("%+v: sanitize(%+q) mismatch (-want +got):\n%s", m.opts, tc.in, diff)
			}
		}
	}
}

// TestAnsiStripperCases reproduces the four tests of JP's AnsiStripper
// (crates/jp_printer/src/ansi_tests.rs) with Plain, the policy for output
// that is not a terminal. AnsiStripper forwards only \n; this package
// keeps \t as well, so the last case keeps its tab.
func TestAnsiStripperCases(t *testing.T) {
	tests := []struct {
		name   string
		chunks []string
		want   string
	}{
		{"strips_complete_sequence_in_one_write", []string{"\x1b[32mgreen\x1b[0m"}, "green"},
		{"strips_sequence_split_across_writes", []string{"\x1b[", "38;", "5;11", "m", "git_diff", "\x1b[0m"}, "git_diff"},
		{"forwards_text_around_an_escape_without_buffering_to_newline", []string{"foo ", "\x1b[31m", "bar"}, "foo bar"},
		// AnsiStripper: "ab\nc" (it drops the tab too).
		{"keeps_line_feeds_drops_other_c0_controls", []string{"a\tb\r\nc"}, "a\tb\nc"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := sanitizeChunks(Options{Plain: true}, tc.chunks...)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
	// Text is forwarded at once, not held until a newline.
	s := New(Options{Plain: true})
	if got := s.Push("foo "); got != "foo " {
		t.Errorf("Push(%+q) = %+q, want it forwarded at once", "foo ", got)
	}
	if got := s.Push("\x1b[31m"); got != "" {
		t.Errorf("Push(SGR) = %+q, want %+q", got, "")
	}
	if got := s.Push("bar"); got != "bar" {
		t.Errorf("Push(%+q) = %+q, want it forwarded at once", "bar", got)
	}
}

// TestPushHoldsBack checks what Push waits for: an incomplete UTF-8
// character, and nothing of an open sequence.
func TestPushHoldsBack(t *testing.T) {
	var s Sanitizer
	steps := []struct{ in, want string }{
		{"a\xe4\xb8", "a"},
		{"\x96b", "\u4e16b"},
		{"\x1b]0;ti", ""},
		{"tle\a", ""},
		{"c\x1b", "c"},
		{"[3", ""},
		{"1mX", "\x1b[31mX"},
	}
	for _, st := range steps {
		if diff := cmp.Diff(st.want, s.Push(st.in)); diff != "" {
			t.Errorf("Push(%+q) mismatch (-want +got):\n%s", st.in, diff)
		}
	}
	// The red left in effect is closed.
	if got := s.Finish(); got != sgrReset {
		t.Errorf("Finish() = %+q, want %+q", got, sgrReset)
	}
	// After Finish the Sanitizer starts a new stream.
	s.Push("\x1b]0;open")
	s.Finish()
	if got := s.Push("shown"); got != "shown" {
		t.Errorf("Push after Finish = %+q, want %+q", got, "shown")
	}
}

// TestReset checks that Reset forgets an open sequence.
func TestReset(t *testing.T) {
	s := New(Options{Mode: Visualize})
	s.Push("\x1b]0;open\xe2")
	s.Reset()
	if got := s.Push("shown") + s.Finish(); got != "shown" {
		t.Errorf("after Reset got %+q, want %+q", got, "shown")
	}
	if got := s.Options(); got != (Options{Mode: Visualize}) {
		t.Errorf("Reset changed options to %+v", got)
	}
}

// transformAll drives t directly with dst buffers of dstSize bytes and
// src windows of srcSize bytes, as a strict caller of the Transformer
// contract, and fails on contract violations.
func transformAll(tb testing.TB, tr transform.Transformer, in []byte, dstSize, srcSize int) string {
	tb.Helper()
	tr.Reset()
	var out []byte
	dst := make([]byte, dstSize)
	pos := 0
	for iter := 0; ; iter++ {
		if iter > 10*len(in)+1000 {
			tb.Fatalf("no progress: dst %d src %d", dstSize, srcSize)
		}
		end := min(pos+srcSize, len(in))
		atEOF := end == len(in)
		nDst, nSrc, err := tr.Transform(dst, in[pos:end], atEOF)
		if nDst > len(dst) || nSrc > end-pos || nDst < 0 || nSrc < 0 {
			tb.Fatalf("Transform returned nDst %d nSrc %d for dst %d src %d", nDst, nSrc, len(dst), end-pos)
		}
		out = append(out, dst[:nDst]...)
		pos += nSrc
		switch {
		case err == nil:
			if pos != end {
				tb.Fatalf("err nil but nSrc %d < %d", nSrc, end-pos+nSrc)
			}
			if atEOF {
				return string(out)
			}
		case errors.Is(err, transform.ErrShortDst):
		case errors.Is(err, transform.ErrShortSrc):
			if atEOF {
				tb.Fatalf("ErrShortSrc at EOF")
			}
			if end-pos > 4 {
				tb.Fatalf("ErrShortSrc holding back %d bytes: %+q", end-pos, in[pos:end])
			}
			if end-pos == srcSize || srcSize < 4 {
				// Widen the window: a strict caller appends input.
				srcSize++
			}
		default:
			tb.Fatalf("Transform error %v", err)
		}
	}
}

// TestTransformVectorDst drives Transform with dst buffers from the size
// at which the vector loop starts to run (208 bytes of room) to a few
// kilobytes, over attack text, random bytes and a colour log, and compares
// with the one-shot output: the vector loop keeps its own room, and reads
// on past where a byte at a time would stop for dst.
func TestTransformVectorDst(t *testing.T) {
	inputs := []benchInput{
		{"attack", attackText(16 << 10)},
		{"random", adversarial(16 << 10)[3].src},
		{"colour", colourLog(16 << 10)},
	}
	for _, vector := range alonePaths(t) {
		restore := setAloneVector(vector)
		for _, in := range inputs {
			for _, opts := range allOptions {
				want := sanitizeChunks(opts, string(in.src))
				for dstSize := 200; dstSize < 4096; dstSize += 61 {
					for _, srcSize := range []int{len(in.src), 1000} {
						if got := transformAll(t, New(opts), in.src, dstSize, srcSize); got != want {
							t.Fatalf("vector %v, %s, %+v, dst %d, src %d: mismatch (-want +got):\n%s", vector, in.name, opts, dstSize, srcSize, cmp.Diff(want, got))
						}
					}
				}
			}
		}
		restore()
	}
}

// TestTransformContract drives Transform with every small dst and src
// size, through transform.NewReader and NewWriter, and compares with the
// one-shot output.
func TestTransformContract(t *testing.T) {
	var in strings.Builder
	for _, tc := range policyCases {
		in.WriteString(tc.in)
	}
	data := []byte(in.String())
	for _, opts := range allOptions {
		want := sanitizeChunks(opts, string(data))
		for dstSize := 1; dstSize <= 8; dstSize++ {
			for _, srcSize := range []int{1, 2, 3, 5, 64, len(data)} {
				got := transformAll(t, New(opts), data, dstSize, srcSize)
				if got != want {
					t.Fatalf("%+v dst %d src %d: mismatch (-want +got):\n%s", opts, dstSize, srcSize, cmp.Diff(want, got))
				}
			}
		}
		r := transform.NewReader(iotest.OneByteReader(bytes.NewReader(data)), New(opts))
		got, err := io.ReadAll(iotest.HalfReader(r))
		if err != nil {
			t.Fatalf("NewReader: %v", err)
		}
		if diff := cmp.Diff(want, string(got)); diff != "" {
			t.Errorf("%+v NewReader mismatch (-want +got):\n%s", opts, diff)
		}
		var buf bytes.Buffer
		w := NewWriter(&buf, opts)
		for _, b := range data {
			if _, err := w.Write([]byte{b}); err != nil {
				t.Fatalf("Write: %v", err)
			}
		}
		if err := w.Close(); err != nil {
			t.Fatalf("Close: %v", err)
		}
		if diff := cmp.Diff(want, buf.String()); diff != "" {
			t.Errorf("%+v NewWriter mismatch (-want +got):\n%s", opts, diff)
		}
		if got, _, err := transform.String(New(opts), string(data)); err != nil || got != want {
			t.Errorf("%+v transform.String = %v, mismatch:\n%s", opts, err, cmp.Diff(want, got))
		}
	}
}

// TestChain checks that a Sanitizer composes with other transformers.
func TestChain(t *testing.T) {
	upper := transform.Chain(New(Options{Plain: true}), transform.Nop)
	got, _, err := transform.String(upper, "\x1b[1mbold\x1b[0m\r\n")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff("bold\n", got); diff != "" {
		t.Errorf("Chain mismatch (-want +got):\n%s", diff)
	}
}

// TestWriterLongSequence checks that NewWriter accepts an unterminated
// sequence longer than its buffers (it holds back only a UTF-8 tail).
func TestWriterLongSequence(t *testing.T) {
	var buf bytes.Buffer
	w := NewWriter(&buf, Options{Mode: Visualize})
	if _, err := io.WriteString(w, "a\x1b]0;"+strings.Repeat("x", 100000)+"\u00e9"); err != nil {
		t.Fatal(err)
	}
	if _, err := io.WriteString(w, "\ab\xe4"); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff("a"+vis+"b\ufffd", buf.String()); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

// TestPushAllocs pins that clean ASCII through the zero-alloc path of
// sanitizeString does not allocate, and that Transform into a reused dst
// never does.
func TestTransformAllocs(t *testing.T) {
	src := []byte("\x1b[1;31merror\x1b[0m: \x1b]0;t\a build failed \u00e9\r\n\x1b[38;2;1;2;3mok\x1b[m\n" +
		"\x1b[30;40mhidden\x1b[37m shown\x1b[m\n")
	dst := make([]byte, 4*len(src))
	for _, opts := range allOptions {
		s := New(opts)
		allocs := testing.AllocsPerRun(100, func() {
			s.Reset()
			if _, _, err := s.Transform(dst, src, true); err != nil {
				t.Fatal(err)
			}
		})
		if allocs != 0 {
			t.Errorf("%+v: Transform allocates %v times per call, want 0", opts, allocs)
		}
	}
	if allocs := testing.AllocsPerRun(100, func() { _ = Width("plain ascii text") }); allocs != 0 {
		t.Errorf("Width(ascii) allocates %v times, want 0", allocs)
	}
}

var allOptions = []Options{
	{},
	{Mode: Visualize},
	{Mode: Off},
	{Plain: true},
	{Mode: Visualize, Plain: true},
}

func splitBytes(s string) []string {
	out := make([]string, len(s))
	for i := 0; i < len(s); i++ {
		out[i] = s[i : i+1]
	}
	return out
}

func TestModeText(t *testing.T) {
	for _, m := range []Mode{Strip, Visualize, Off} {
		text, err := m.MarshalText()
		if err != nil {
			t.Fatalf("%v.MarshalText: %v", m, err)
		}
		var back Mode
		if err := back.UnmarshalText(text); err != nil || back != m {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", text, back, err, m)
		}
		if string(text) != m.String() {
			t.Errorf("MarshalText = %q, String = %q", text, m.String())
		}
	}
	if _, err := Mode(9).MarshalText(); err == nil {
		t.Error("Mode(9).MarshalText: no error")
	}
	var m Mode
	if err := m.UnmarshalText([]byte("bogus")); err == nil {
		t.Error(`UnmarshalText("bogus"): no error`)
	}
	// An out-of-range Mode gets the safe default.
	if got := sanitizeChunks(Options{Mode: Mode(9)}, "\x1b[2JX"); got != "X" {
		t.Errorf("Mode(9) output %+q, want %+q", got, "X")
	}
}

// TestReaderDoesNotHoldOutput checks that transform.NewReader hands over
// the output of all input read so far, even when a kept SGR lands at the
// end of its 4096-byte buffer, without waiting for more input.
func TestReaderDoesNotHoldOutput(t *testing.T) {
	tests := []struct {
		opts       Options
		tail, want string
	}{
		// The output of these tails is longer than their input.
		{Options{}, "\x1b[m", "\x1b[0m"},
		{Options{Mode: Visualize}, "\r", vis},
	}
	for _, tc := range tests {
		for pad := 4096 - len(tc.tail) - 4; pad <= 4096-len(tc.tail); pad++ {
			in := strings.Repeat("a", pad) + tc.tail
			want := strings.Repeat("a", pad) + tc.want
			pr, pw := io.Pipe()
			go pw.Write([]byte(in)) // more input never comes; pw stays open
			r := transform.NewReader(pr, New(tc.opts))
			done := make(chan string)
			go func() {
				buf := make([]byte, len(want))
				n, _ := io.ReadFull(r, buf)
				done <- string(buf[:n])
			}()
			select {
			case got := <-done:
				if got != want {
					t.Errorf("%+q after %d bytes: read %+q at the end", tc.tail, pad, got[max(0, len(got)-8):])
				}
			case <-time.After(10 * time.Second):
				t.Errorf("%+q after %d bytes: output held back waiting for more input", tc.tail, pad)
			}
			pw.Close()
		}
	}
}

// TestFastPathAgrees compares the fast path (ASCII runs, LF, tab, C0, DEL,
// simple SGR and simple dropped sequences, whole or cut short by an ESC)
// with the parser alone on every ESC x y, ESC [ x y, ESC ] 0 ; t x y and
// CSI x y (C1, raw and in UTF-8), followed by text, in Strip and Visualize
// mode: at the start of the input, right after an SGR, and after an SGR
// and the text it colours, where the loop that takes a colour log's SGRs
// reads it.
func TestFastPathAgrees(t *testing.T) {
	if testing.Short() {
		t.Skip("983040 inputs")
	}
	fast, slow := New(Options{}), New(Options{})
	fastVis, slowVis := New(Options{Mode: Visualize}), New(Options{Mode: Visualize})
	slow.noFastPath, slowVis.noFastPath = true, true
	buf := make([]byte, 0, 32)
	for _, lead := range []string{"", "\x1b[1m", "\x1b[31mab"} {
		for _, prefix := range []string{"\x1b", "\x1b[", "\x1b]0;t", "\x9b", "\xc2\x9b"} {
			for x := range 256 {
				for y := range 256 {
					src := append(append(append(buf[:0], lead...), prefix...), byte(x), byte(y))
					src = append(src, "X;1mZ\n"...)
					for _, pair := range [][2]*Sanitizer{{fast, slow}, {fastVis, slowVis}} {
						a := pair[0].run(string(src), true)
						b := pair[1].run(string(src), true)
						if a != b {
							t.Fatalf("%+q: fast path %+q, parser %+q", src, a, b)
						}
					}
				}
			}
		}
	}
}

// TestESCFloodSplit checks that a run of ESC bytes, or of sequences each
// cut short by the ESC of the next, gives the parser's output however it
// is cut into chunks, a sequence left open at the end of one chunk and
// aborted by the ESC that starts the next included, and however small dst
// is.
func TestESCFloodSplit(t *testing.T) {
	inputs := []string{
		strings.Repeat("\x1b", 40),
		strings.Repeat("\x1b", 17) + "[31mred\x1b[m",
		"a\x1b" + strings.Repeat("\x1b", 9) + "]0;t\ab" + strings.Repeat("\x1b", 3),
		"\x1b[30;40m" + strings.Repeat("\x1b", 12) + "x\x1b[m",
		strings.Repeat("\x1b[", 20) + "x",
		strings.Repeat("\x1b[1;2", 8) + "mx\x1b[m",
		strings.Repeat("\x1b(", 10) + "B",
		strings.Repeat("\x1bP1$", 6) + "q\x1b\\",
		"\x1b]0;" + strings.Repeat("\x1b[", 5) + "x",
		strings.Repeat("\x1b[?\xe2", 6) + "x",
		strings.Repeat("\x1b[\xc2", 6) + "\x9b",
		// A C2 that ends a DCS's header malformed, making it a control
		// string, which an ESC does not abort at once: the next byte
		// says whether the ESC starts its ST.
		"\x90\xc2\x1b\\x\x1bP\xc2\x1bxy\x1bP1\xc2\x1b\\z\x1b[\xc2\x1b\\w",
		strings.Repeat("\x1b[31m\x1b[", 5),
		"\x1bP1<x\x1b\\y\x1bPq#1\x1b\\y\x1b]0;t\x1b\\y\x1bXt\x1b\\y",
		// Floods of one CSI, cut short or whole, longer than a block
		// of RepeatEnd's, broken by another CSI or ended by an SGR.
		strings.Repeat("\x1b[", 150) + "m" + strings.Repeat("\x1b[", 140) + "x",
		strings.Repeat("\x1b[12", 90) + "\x1b[13" + strings.Repeat("\x1b[12", 9) + "mx",
		strings.Repeat("\x1b[A", 100) + "\x1b[31m" + strings.Repeat("\x1b[2K\x1b[1G", 40) + "x",
		strings.Repeat("\x1b]0;a\a", 60) + "\x1b]0;b\a" + strings.Repeat("\x1b]2;title\a", 40) + "\x1b]0;a" + strings.Repeat("\x1b]0;a\a", 9) + "x",
		strings.Repeat("\xc2\x9b1m", 90) + "\xc2\x9b2m" + strings.Repeat("\x9b1m", 70) + "\x9b1" + strings.Repeat("\xc2\x9b1m", 9) + "x",
		// Sequences right after an SGR, or after it and its text: a
		// charset and an erase between SGRs, as tput and screen
		// programs write them, SGRs that simpleSGR refuses, a
		// sequence cut short, a title.
		"\x1b[39;49m\x1b(B\x1b[m\x1b[K\x1b[1mtop\x1b[m\x1b(B\x1b[24;1Hx\x1b[7m\x1b[38;5;130mab\x1b[1;2:3mc\x1b[4:3m\x1b]0;t\a\x1b[\x1b[31my\x1b(\x1b[m",
		strings.Repeat("\x1b[m\x1b[K\x1b(B", 30) + "\x1b[1mz\x1b[38;2;1;2;3m\x1b[;;m\x1b[99999m\x1b[?1h\x1b=\x1b[m",
		// xterm's sgr0, ESC ( B ESC [ m, after hiding
		// colours, at the start and after an SGR and its text, in a
		// row, and cut short.
		"\x1b(B\x1b[mx\x1b[30;40mhid\x1b(B\x1b[mshown\x1b[37;47m\x1b(B\x1b[m\x1b(B\x1b[m\x1b[1mz\x1b(B\x1b[\x1b(B\x1b[31m\x1b(B\x1b[m",
		// terminfo's orig_pair, ESC [ 39;49 m, after hiding
		// colours and before a colour that would hide text against
		// the background it replaced, and cut short.
		"\x1b[39;49mx\x1b[30;40mhid\x1b[39;49m\x1b[30mshown\x1b[1;40mx\x1b[39;49my\x1b[7m\x1b[39;49mz\x1b[39;49\x1b[39;49m",
	}
	for _, opts := range allOptions {
		for _, in := range inputs {
			whole, parser := New(opts), New(opts)
			parser.noFastPath = true
			want := parser.Push(in) + parser.Finish()
			if got := whole.Push(in) + whole.Finish(); got != want {
				t.Fatalf("%+v: %+q = %+q, the parser alone %+q", opts, in, got, want)
			}
			for cut := 1; cut < len(in); cut++ {
				s := New(opts)
				got := s.Push(in[:cut]) + s.Push(in[cut:]) + s.Finish()
				if diff := cmp.Diff(want, got); diff != "" {
					t.Fatalf("%+v: %+q cut at %d mismatch (-whole +split):\n%s", opts, in, cut, diff)
				}
			}
			bytewise := New(opts)
			got := ""
			for _, c := range splitBytes(in) {
				got += bytewise.Push(c)
			}
			got += bytewise.Finish()
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("%+v: %+q byte by byte mismatch (-whole +split):\n%s", opts, in, diff)
			}
			if got := transformSmallDst(t, New(opts), in, 7); got != want {
				t.Fatalf("%+v: %+q through a 7-byte dst = %+q, want %+q", opts, in, got, want)
			}
		}
	}
}

// transformSmallDst runs s over in, handing Transform all of the input
// left and a dst of n bytes each call.
func transformSmallDst(t *testing.T, s *Sanitizer, in string, n int) string {
	t.Helper()
	src, out := []byte(in), []byte(nil)
	dst := make([]byte, n)
	for {
		nDst, nSrc, err := s.Transform(dst, src, true)
		out = append(out, dst[:nDst]...)
		src = src[nSrc:]
		switch {
		case err == nil:
			return string(out)
		case err != transform.ErrShortDst:
			t.Fatalf("Transform: %v", err)
		case nDst == 0 && nSrc == 0:
			t.Fatalf("Transform made no progress with %d bytes of dst", n)
		}
	}
}
