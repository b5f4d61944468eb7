package ansi

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

func pv(v uint16) Param { return Param{Value: v} }
func ps(v uint16) Param { return Param{Value: v, Sub: true} }

var (
	pm  = Param{Missing: true}
	pms = Param{Missing: true, Sub: true}
	po  = Param{Overflow: true}
)

func txt(s string) tk   { return tk{Kind: KindText, Text: s} }
func invalid(b byte) tk { return tk{Kind: KindInvalid, Text: string([]byte{b})} }
func ctl(c byte) tk     { return tk{Kind: KindControl, Text: string([]byte{c}), Control: c} }
func ctl8(c byte) tk    { return tk{Kind: KindControl, Text: string(rune(c)), Control: c, C1UTF8: true} }

// seq builds a sequence token; Span defaults to Len.
func seq(k Kind, s sq) tk {
	if s.Span == 0 {
		s.Span = s.Len
	}
	return tk{Kind: k, S: &s}
}

type tokenTest struct {
	name string
	in   string
	want []tk
}

var tokenTests = []tokenTest{
	// CSI
	{"sgr", "\x1b[1;32m", []tk{seq(KindCSI, sq{Intro: '[', Params: []Param{pv(1), pv(32)}, Final: 'm', Term: TermFinal, Len: 7})}},
	{"no params", "\x1b[m", []tk{seq(KindCSI, sq{Intro: '[', Final: 'm', Term: TermFinal, Len: 3})}},
	{"missing first", "\x1b[;5m", []tk{seq(KindCSI, sq{Intro: '[', Params: []Param{pm, pv(5)}, Final: 'm', Term: TermFinal, Len: 5})}},
	{"trailing semicolon", "\x1b[4;m", []tk{seq(KindCSI, sq{Intro: '[', Params: []Param{pv(4), pm}, Final: 'm', Term: TermFinal, Len: 5})}},
	{"leading zero", "\x1b[08m", []tk{seq(KindCSI, sq{Intro: '[', Params: []Param{pv(8)}, Final: 'm', Term: TermFinal, Len: 5})}},
	{"private", "\x1b[?1049h", []tk{seq(KindCSI, sq{Intro: '[', Private: '?', Params: []Param{pv(1049)}, Final: 'h', Term: TermFinal, Len: 8})}},
	{"modify other keys", "\x1b[>4;2m", []tk{seq(KindCSI, sq{Intro: '[', Private: '>', Params: []Param{pv(4), pv(2)}, Final: 'm', Term: TermFinal, Len: 7})}},
	{"private after params", "\x1b[1;2?m", []tk{seq(KindCSI, sq{Intro: '[', Params: []Param{pv(1), pv(2)}, Ignored: true, Final: 'm', Term: TermFinal, Len: 7})}},
	{"second private", "\x1b[??1h", []tk{seq(KindCSI, sq{Intro: '[', Private: '?', Ignored: true, Final: 'h', Term: TermFinal, Len: 6})}},
	{"intermediate", "\x1b[1 q", []tk{seq(KindCSI, sq{Intro: '[', Inter: " ", Params: []Param{pv(1)}, Final: 'q', Term: TermFinal, Len: 5})}},
	{"intermediate dollar", "\x1b[1$m", []tk{seq(KindCSI, sq{Intro: '[', Inter: "$", Params: []Param{pv(1)}, Final: 'm', Term: TermFinal, Len: 5})}},
	{"param after intermediate", "\x1b[ 1;2;3qZ", []tk{seq(KindCSI, sq{Intro: '[', Inter: " ", Ignored: true, Final: 'q', Term: TermFinal, Len: 9}), txt("Z")}},
	{"too many intermediates", "\x1b[1 !\"#p", []tk{seq(KindCSI, sq{Intro: '[', Inter: " !", TooManyInter: true, Params: []Param{pv(1)}, Final: 'p', Term: TermFinal, Len: 8})}},
	{"colon sub-parameters", "\x1b[38:2::1:2:3m", []tk{seq(KindCSI, sq{Intro: '[', Params: []Param{pv(38), ps(2), pms, ps(1), ps(2), ps(3)}, Final: 'm', Term: TermFinal, Len: 14})}},
	{"colon first", "\x1b[:5m", []tk{seq(KindCSI, sq{Intro: '[', Params: []Param{pm, ps(5)}, Final: 'm', Term: TermFinal, Len: 5})}},
	{"overflow", "\x1b[65535;65536;000001;18446744073709551624m", []tk{seq(KindCSI, sq{Intro: '[', Params: []Param{pv(65535), po, po, po}, Final: 'm', Term: TermFinal, Len: 42})}},
	{"too many params", "\x1b[" + strings.Repeat("1;", 33) + "8m", []tk{seq(KindCSI, sq{Intro: '[', Params: repeatParam(pv(1), 32), TooManyParams: true, ExtraParams: 2, Final: 'm', Term: TermFinal, Len: 70})}},
	{"C0 executed inside", "\x1b[3\b1m", []tk{ctl('\b'), seq(KindCSI, sq{Intro: '[', Params: []Param{pv(31)}, Final: 'm', Term: TermFinal, Len: 5, Span: 6})}},
	{"C0 in csi_ignore", "\x1b[1?\r\n2m", []tk{ctl('\r'), ctl('\n'), seq(KindCSI, sq{Intro: '[', Params: []Param{pv(1)}, Ignored: true, Final: 'm', Term: TermFinal, Len: 6, Span: 8})}},
	{"DEL ignored inside", "\x1b[1\x7fm", []tk{seq(KindCSI, sq{Intro: '[', Params: []Param{pv(1)}, Final: 'm', Term: TermFinal, Len: 5})}},
	{"raw C1 CSI", "\x9b31mX", []tk{seq(KindCSI, sq{Intro: '[', C1: true, Params: []Param{pv(31)}, Final: 'm', Term: TermFinal, Len: 4}), txt("X")}},
	{"UTF-8 C1 CSI", "\u009b31mX", []tk{seq(KindCSI, sq{Intro: '[', C1: true, C1UTF8: true, Params: []Param{pv(31)}, Final: 'm', Term: TermFinal, Len: 5}), txt("X")}},
	{"UTF-8 character in CSI", "\x1b[1\u00e9m", []tk{seq(KindCSI, sq{Intro: '[', Params: []Param{pv(1)}, Ignored: true, Final: 'm', Term: TermFinal, Len: 6})}},
	{"U+2733 in CSI", "\x1b[\u2733m", []tk{seq(KindCSI, sq{Intro: '[', Ignored: true, Final: 'm', Term: TermFinal, Len: 6})}},
	{"CSI aborted by SUB", "\x1b[1\x1ax", []tk{seq(KindCSI, sq{Intro: '[', Params: []Param{pv(1)}, Term: TermAborted, Abort: 0x1a, Len: 4}), txt("x")}},
	{"CSI aborted by CAN", "\x1b[1\x18x", []tk{seq(KindCSI, sq{Intro: '[', Params: []Param{pv(1)}, Term: TermAborted, Abort: 0x18, Len: 4}), txt("x")}},
	{"CSI aborted by NEL", "\x1b[1\x85x", []tk{seq(KindCSI, sq{Intro: '[', Params: []Param{pv(1)}, Term: TermAborted, Abort: 0x85, Len: 4}), txt("x")}},
	{"CSI aborted by UTF-8 NEL", "\x1b[1\u0085x", []tk{seq(KindCSI, sq{Intro: '[', Params: []Param{pv(1)}, Term: TermAborted, Abort: 0x85, Len: 5}), txt("x")}},
	{"CSI aborted by ST", "\x1b[1\x9cx", []tk{seq(KindCSI, sq{Intro: '[', Params: []Param{pv(1)}, Term: TermAborted, Abort: 0x9c, Len: 4}), txt("x")}},
	{"CSI aborted by ESC", "\x1b[12\x1b[m", []tk{
		seq(KindCSI, sq{Intro: '[', Params: []Param{pv(12)}, Term: TermAborted, Abort: 0x1b, Len: 4}),
		seq(KindCSI, sq{Intro: '[', Final: 'm', Term: TermFinal, Len: 3}),
	}},
	{"CSI aborted by C1 CSI", "\x1b[12\x9bm", []tk{
		seq(KindCSI, sq{Intro: '[', Params: []Param{pv(12)}, Term: TermAborted, Abort: 0x9b, Len: 4}),
		seq(KindCSI, sq{Intro: '[', C1: true, Final: 'm', Term: TermFinal, Len: 2}),
	}},
	{"CSI unterminated", "\x1b[1;2", []tk{seq(KindCSI, sq{Intro: '[', Params: []Param{pv(1), pv(2)}, Term: TermEOF, Len: 5})}},

	// ESC
	{"RIS", "\x1bc", []tk{seq(KindESC, sq{Final: 'c', Term: TermFinal, Len: 2})}},
	{"DECSC", "a\x1b7b", []tk{txt("a"), seq(KindESC, sq{Final: '7', Term: TermFinal, Len: 2}), txt("b")}},
	{"charset", "\x1b(0", []tk{seq(KindESC, sq{Inter: "(", Final: '0', Term: TermFinal, Len: 3})}},
	{"DECALN", "\x1b#8", []tk{seq(KindESC, sq{Inter: "#", Final: '8', Term: TermFinal, Len: 3})}},
	{"lone ST", "\x1b\\", []tk{seq(KindESC, sq{Final: '\\', Term: TermFinal, Len: 2})}},
	{"ESC ESC", "\x1b\x1b[2J", []tk{
		seq(KindESC, sq{Term: TermAborted, Abort: 0x1b, Len: 1}),
		seq(KindCSI, sq{Intro: '[', Params: []Param{pv(2)}, Final: 'J', Term: TermFinal, Len: 4}),
	}},
	{"ESC DEL", "\x1b\x7f7", []tk{seq(KindESC, sq{Final: '7', Term: TermFinal, Len: 3})}},
	{"ESC C0", "\x1b\r7", []tk{ctl('\r'), seq(KindESC, sq{Final: '7', Term: TermFinal, Len: 2, Span: 3})}},
	{"ESC non-ASCII", "\x1b\u00e9xy", []tk{seq(KindESC, sq{Ignored: true, Final: 'x', Term: TermFinal, Len: 4}), txt("y")}},
	{"ESC CAN", "\x1b\x18x", []tk{seq(KindESC, sq{Term: TermAborted, Abort: 0x18, Len: 2}), txt("x")}},
	{"trailing ESC", "a\x1b", []tk{txt("a"), seq(KindESC, sq{Term: TermEOF, Len: 1})}},

	// OSC
	{"title BEL", "\x1b]0;title\aafter", []tk{seq(KindOSC, sq{Intro: ']', Payload: "0;title", PayloadLen: 7, Term: TermBEL, Len: 10}), txt("after")}},
	{"hyperlink ST", "\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\", []tk{
		seq(KindOSC, sq{Intro: ']', Payload: "8;;http://x", PayloadLen: 11, Term: TermST, Len: 15}),
		txt("link"),
		seq(KindOSC, sq{Intro: ']', Payload: "8;;", PayloadLen: 3, Term: TermST, Len: 7}),
	}},
	{"raw C1 OSC and ST", "\x9d0;a\x9cb", []tk{seq(KindOSC, sq{Intro: ']', C1: true, Payload: "0;a", PayloadLen: 3, Term: TermST8, Len: 5}), txt("b")}},
	{"UTF-8 C1 OSC and ST", "\u009d0;a\u009cb", []tk{seq(KindOSC, sq{Intro: ']', C1: true, C1UTF8: true, Payload: "0;a", PayloadLen: 3, Term: TermST8, Len: 7}), txt("b")}},
	{"U+2733 in title", "\x1b]0;\u2733 t\a", []tk{seq(KindOSC, sq{Intro: ']', Payload: "0;\u2733 t", PayloadLen: 7, Term: TermBEL, Len: 10})}},
	{"U+00DC in title", "\x1b]0;\u00dc title\aafter", []tk{seq(KindOSC, sq{Intro: ']', Payload: "0;\u00dc title", PayloadLen: 10, Term: TermBEL, Len: 13}), txt("after")}},
	{"U+672B in title", "\x1b]2;\u672b\x1b\\", []tk{seq(KindOSC, sq{Intro: ']', Payload: "2;\u672b", PayloadLen: 5, Term: TermST, Len: 9})}},
	{"C0 kept in OSC", "\x1b]0;a\rb\a", []tk{seq(KindOSC, sq{Intro: ']', Payload: "0;a\rb", PayloadLen: 5, Term: TermBEL, Len: 8})}},
	{"OSC aborted by ESC", "\x1b]0;t\x1bc", []tk{
		seq(KindOSC, sq{Intro: ']', Payload: "0;t", PayloadLen: 3, Term: TermAborted, Abort: 0x1b, Len: 5}),
		seq(KindESC, sq{Final: 'c', Term: TermFinal, Len: 2}),
	}},
	{"less CVE-2022-46663", "\x1b]8;;http://\x1bc\x1bP$qm q :;calc.exe;\r\x1b\\", []tk{
		seq(KindOSC, sq{Intro: ']', Payload: "8;;http://", PayloadLen: 10, Term: TermAborted, Abort: 0x1b, Len: 12}),
		seq(KindESC, sq{Final: 'c', Term: TermFinal, Len: 2}),
		seq(KindDCS, sq{Intro: 'P', Inter: "$", Final: 'q', Payload: "m q :;calc.exe;\r", PayloadLen: 16, Term: TermST, Len: 22}),
	}},
	{"OSC aborted by CAN", "\x1b]0;t\x18x", []tk{seq(KindOSC, sq{Intro: ']', Payload: "0;t", PayloadLen: 3, Term: TermAborted, Abort: 0x18, Len: 6}), txt("x")}},
	{"OSC aborted by C1 CSI", "\x1b]0;a\x9b2J", []tk{
		seq(KindOSC, sq{Intro: ']', Payload: "0;a", PayloadLen: 3, Term: TermAborted, Abort: 0x9b, Len: 5}),
		seq(KindCSI, sq{Intro: '[', C1: true, Params: []Param{pv(2)}, Final: 'J', Term: TermFinal, Len: 3}),
	}},
	{"OSC aborted by UTF-8 C1 CSI", "\x1b]0;a\u009b2J", []tk{
		seq(KindOSC, sq{Intro: ']', Payload: "0;a", PayloadLen: 3, Term: TermAborted, Abort: 0x9b, Len: 5}),
		seq(KindCSI, sq{Intro: '[', C1: true, C1UTF8: true, Params: []Param{pv(2)}, Final: 'J', Term: TermFinal, Len: 4}),
	}},
	{"OSC aborted by NEL", "\x1b]0;a\x85b", []tk{seq(KindOSC, sq{Intro: ']', Payload: "0;a", PayloadLen: 3, Term: TermAborted, Abort: 0x85, Len: 6}), txt("b")}},
	{"OSC with C2 then ASCII", "\x1b]0;\xc2x\a", []tk{seq(KindOSC, sq{Intro: ']', Payload: "0;\xc2x", PayloadLen: 4, Term: TermBEL, Len: 7})}},
	{"OSC truncated UTF-8 then ST", "\x1b]0;\xe2\x1b\\", []tk{seq(KindOSC, sq{Intro: ']', Payload: "0;\xe2", PayloadLen: 3, Term: TermST, Len: 7})}},
	{"OSC truncated U+2733 then ST", "\x1b]0;\xe2\x9c\x1b\\", []tk{seq(KindOSC, sq{Intro: ']', Payload: "0;\xe2\x9c", PayloadLen: 4, Term: TermST, Len: 8})}},
	{"OSC invalid then raw ST", "\x1b]0;\xc3(\x9cx", []tk{seq(KindOSC, sq{Intro: ']', Payload: "0;\xc3(", PayloadLen: 4, Term: TermST8, Len: 7}), txt("x")}},
	{"OSC unterminated", "\x1b]0;abc", []tk{seq(KindOSC, sq{Intro: ']', Payload: "0;abc", PayloadLen: 5, Term: TermEOF, Len: 7})}},
	{"OSC ends with ESC", "\x1b]0;abc\x1b", []tk{
		seq(KindOSC, sq{Intro: ']', Payload: "0;abc", PayloadLen: 5, Term: TermAborted, Abort: 0x1b, Len: 7}),
		seq(KindESC, sq{Term: TermEOF, Len: 1}),
	}},
	{"OSC ends with C2", "\x1b]0;\xc2", []tk{seq(KindOSC, sq{Intro: ']', Payload: "0;\xc2", PayloadLen: 3, Term: TermEOF, Len: 5})}},

	// DCS
	{"DECRQSS", "\x1bP$qm\x1b\\", []tk{seq(KindDCS, sq{Intro: 'P', Inter: "$", Final: 'q', Payload: "m", PayloadLen: 1, Term: TermST, Len: 7})}},
	{"DCS params C1 ST", "\x1bP1;2|data\x9c", []tk{seq(KindDCS, sq{Intro: 'P', Params: []Param{pv(1), pv(2)}, Final: '|', Payload: "data", PayloadLen: 4, Term: TermST8, Len: 11})}},
	{"DCS C1", "\x90q#1\x9c", []tk{seq(KindDCS, sq{Intro: 'P', C1: true, Final: 'q', Payload: "#1", PayloadLen: 2, Term: TermST8, Len: 5})}},
	{"DCS header C0 ignored", "\x1bP1\r;2q\x1b\\", []tk{seq(KindDCS, sq{Intro: 'P', Params: []Param{pv(1), pv(2)}, Final: 'q', Term: TermST, Len: 9})}},
	{"DCS passthrough keeps C0 and BEL", "\x1bPqa\a\rb\x1b\\", []tk{seq(KindDCS, sq{Intro: 'P', Final: 'q', Payload: "a\a\rb", PayloadLen: 4, Term: TermST, Len: 9})}},
	{"DCS ignore", "\x1bP1<q..\x1b\\", []tk{seq(KindDCS, sq{Intro: 'P', Params: []Param{pv(1)}, Ignored: true, Payload: "<q..", PayloadLen: 4, Term: TermST, Len: 9})}},
	{"DCS UTF-8 in header", "\x1bP1\u00e9q\x1b\\", []tk{seq(KindDCS, sq{Intro: 'P', Params: []Param{pv(1)}, Ignored: true, Payload: "\u00e9q", PayloadLen: 3, Term: TermST, Len: 8})}},
	{"ESC C2 then character", "\x1b\u00a9x", []tk{seq(KindESC, sq{Ignored: true, Final: 'x', Term: TermFinal, Len: 4})}},
	{"DCS ESC in header", "\x1bP\x1b\\hidden\x1b\\shown", []tk{
		seq(KindDCS, sq{Intro: 'P', Term: TermAborted, Abort: 0x1b, Len: 2}),
		seq(KindESC, sq{Final: '\\', Term: TermFinal, Len: 2}),
		txt("hidden"),
		seq(KindESC, sq{Final: '\\', Term: TermFinal, Len: 2}),
		txt("shown"),
	}},
	{"DCS aborted in data", "\x1bPqdata\x1bc", []tk{
		seq(KindDCS, sq{Intro: 'P', Final: 'q', Payload: "data", PayloadLen: 4, Term: TermAborted, Abort: 0x1b, Len: 7}),
		seq(KindESC, sq{Final: 'c', Term: TermFinal, Len: 2}),
	}},

	// SOS, PM, APC
	{"SOS", "\x1bXsos\x1b\\", []tk{seq(KindSOS, sq{Intro: 'X', Payload: "sos", PayloadLen: 3, Term: TermST, Len: 7})}},
	{"PM", "\x1b^pm\x1b\\", []tk{seq(KindPM, sq{Intro: '^', Payload: "pm", PayloadLen: 2, Term: TermST, Len: 6})}},
	{"APC UTF-8", "\x1b_apc \u00e9 data\x1b\\tail", []tk{seq(KindAPC, sq{Intro: '_', Payload: "apc \u00e9 data", PayloadLen: 11, Term: TermST, Len: 15}), txt("tail")}},
	{"APC BEL is data", "\x1b_a\ab\x1b\\", []tk{seq(KindAPC, sq{Intro: '_', Payload: "a\ab", PayloadLen: 3, Term: TermST, Len: 7})}},
	{"C1 SOS PM APC", "\x98s\x9c\x9ep\x9c\x9fa\x9c", []tk{
		seq(KindSOS, sq{Intro: 'X', C1: true, Payload: "s", PayloadLen: 1, Term: TermST8, Len: 3}),
		seq(KindPM, sq{Intro: '^', C1: true, Payload: "p", PayloadLen: 1, Term: TermST8, Len: 3}),
		seq(KindAPC, sq{Intro: '_', C1: true, Payload: "a", PayloadLen: 1, Term: TermST8, Len: 3}),
	}},

	// Controls
	{"C0", "a\tb\r\n", []tk{txt("a"), ctl('\t'), txt("b"), ctl('\r'), ctl('\n')}},
	{"NUL DEL CAN SUB", "\x00\x7f\x18\x1a", []tk{ctl(0), ctl(0x7f), ctl(0x18), ctl(0x1a)}},
	{"raw C1", "\x85\x9c\x80", []tk{ctl(0x85), ctl(0x9c), ctl(0x80)}},
	{"UTF-8 C1", "\u0085\u009cx", []tk{ctl8(0x85), ctl8(0x9c), txt("x")}},

	// UTF-8
	{"text", "h\u00e9llo \u2733 \U0001F600 \ufffd", []tk{txt("h\u00e9llo \u2733 \U0001F600 \ufffd")}},
	{"invalid byte", "a\xffb", []tk{txt("a"), invalid(0xff), txt("b")}},
	{"broken 2-byte", "\xc3(", []tk{invalid(0xc3), txt("(")}},
	{"truncated lead then CSI", "\xc3\x1b[2J", []tk{invalid(0xc3), seq(KindCSI, sq{Intro: '[', Params: []Param{pv(2)}, Final: 'J', Term: TermFinal, Len: 4})}},
	{"truncated lead then OSC", "\xe2\x1b]0;pwn\aX", []tk{invalid(0xe2), seq(KindOSC, sq{Intro: ']', Payload: "0;pwn", PayloadLen: 5, Term: TermBEL, Len: 8}), txt("X")}},
	{"truncated at EOF", "\xe2\x9c", []tk{invalid(0xe2), invalid(0x9c)}},
	{"truncated then A", "\xe2\x9bA", []tk{invalid(0xe2), invalid(0x9b), txt("A")}},
	{"overlong then raw CSI", "\xc0\x9bA", []tk{invalid(0xc0), seq(KindCSI, sq{Intro: '[', C1: true, Final: 'A', Term: TermFinal, Len: 2})}},
	{"surrogate", "\xed\xa0\x80", []tk{invalid(0xed), invalid(0xa0), ctl(0x80)}},
	{"stray continuation", "\xa0\xbf", []tk{invalid(0xa0), invalid(0xbf)}},
	{"U+2733 text then raw ST", "\u2733\x9c", []tk{txt("\u2733"), ctl(0x9c)}},
}

func repeatParam(p Param, n int) []Param {
	ps := make([]Param, n)
	for i := range ps {
		ps[i] = p
	}
	return ps
}

func TestTokens(t *testing.T) {
	for _, tt := range tokenTests {
		t.Run(tt.name, func(t *testing.T) {
			var p Parser
			got := run(t, &p, []byte(tt.in), oneShot)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("tokens of %+q mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestSplit checks that any chunking yields the one-shot tokens.
func TestSplit(t *testing.T) {
	var all strings.Builder
	for _, tt := range tokenTests {
		all.WriteString(tt.in)
	}
	inputs := []string{all.String()}
	for _, tt := range tokenTests {
		inputs = append(inputs, tt.in, "x"+tt.in+"y", tt.in+tt.in)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, in := range inputs {
		var p Parser
		want := run(t, &p, []byte(in), oneShot)
		for name, split := range map[string]func(int) int{
			"bytewise": byteWise,
			"pairs":    func(int) int { return 2 },
			"random":   func(int) int { return 1 + rng.IntN(7) },
		} {
			got := run(t, &p, []byte(in), split)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s split of %+q mismatch (-one shot +split):\n%s", name, in, diff)
			}
		}
	}
}

func TestPayloadCap(t *testing.T) {
	in := "\x1b]0;" + strings.Repeat("A", 300) + "\a"
	for _, tc := range []struct {
		cap, want int
	}{
		{0, DefaultPayloadCap},
		{-1, DefaultPayloadCap},
		{4, 4},
		{DefaultPayloadCap + 1, DefaultPayloadCap + 1},
		{1 << 30, MaxPayloadCap},
	} {
		p := NewParser(tc.cap)
		if got := p.PayloadCap(); got != tc.want {
			t.Errorf("NewParser(%d).PayloadCap() = %d, want %d", tc.cap, got, tc.want)
		}
		got := run(t, p, []byte(in), oneShot)
		stored := min(302, tc.want)
		want := []tk{seq(KindOSC, sq{Intro: ']', Payload: ("0;" + strings.Repeat("A", 300))[:stored], PayloadLen: 302, Term: TermBEL, Len: len(in)})}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("cap %d: mismatch (-want +got):\n%s", tc.cap, diff)
		}
	}
	var zero Parser
	if got := zero.PayloadCap(); got != DefaultPayloadCap {
		t.Errorf("zero Parser PayloadCap() = %d, want %d", got, DefaultPayloadCap)
	}
}

// TestHoldBack pins the two cases in which Next consumes nothing.
func TestHoldBack(t *testing.T) {
	for _, tc := range []struct {
		name   string
		prefix string // fed first, consumed whole
		src    string
	}{
		{"incomplete UTF-8", "", "\xe2\x9c"},
		{"incomplete UTF-8 C1", "", "\xc2"},
		{"lone ESC in OSC", "\x1b]0;t", "\x1b"},
		{"lone ESC in DCS", "\x1bPq", "\x1b"},
	} {
		var p Parser
		if tok, n := p.Next([]byte(tc.prefix), false); n != len(tc.prefix) || tok.Kind != KindNone {
			t.Fatalf("%s: prefix: %v, %d", tc.name, tok.Kind, n)
		}
		st := p.State()
		if tok, n := p.Next([]byte(tc.src), false); n != 0 || tok.Kind != KindNone {
			t.Errorf("%s: Next(%+q, false) = %v, %d; want none, 0", tc.name, tc.src, tok.Kind, n)
		}
		if p.State() != st {
			t.Errorf("%s: state %v, want %v", tc.name, p.State(), st)
		}
		if tok, n := p.Next([]byte(tc.src), true); n == 0 || tok.Kind == KindNone {
			t.Errorf("%s: Next(%+q, true) = %v, %d; want a token", tc.name, tc.src, tok.Kind, n)
		}
	}
}

// TestESCAborts checks ESCAborts after each prefix fed whole, and that
// where it holds, Next reads an ESC as the next sequence's introducer at
// once: it consumes the ESC and returns what the ESC aborted.
func TestESCAborts(t *testing.T) {
	for _, tc := range []struct {
		prefix string
		want   bool
	}{
		{"", false},
		{"text", false},
		{"\x1b", true},
		{"\x1b[", true},
		{"\x1b[1;2", true},
		{"\x1b[1\xc2", false}, // the C2 waits: C2 9C would be ST
		{"\x1b[1\xc3\xa9", true},
		{"\x1bP", true},
		{"\x90", true},
		{"\x90\xc2", false}, // malformed, the DCS becomes a control string
		{"\x1bPq", false},
		{"\x1bPqab", false},
		{"\x1b]0;t", false},
		{"\x1b_x", false},
		{"\x1b(", true},
	} {
		var p Parser
		if tok, n := p.Next([]byte(tc.prefix), false); n != len(tc.prefix) || tok.Kind.IsSequence() {
			t.Fatalf("%+q: Next = %v, %d", tc.prefix, tok.Kind, n)
		}
		if got := p.ESCAborts(); got != tc.want {
			t.Errorf("after %+q: ESCAborts() = %v, want %v", tc.prefix, got, tc.want)
		}
		if !tc.want {
			continue
		}
		if tok, n := p.Next([]byte("\x1b"), false); n != 1 || tok.Kind == KindNone {
			t.Errorf("after %+q: Next(ESC) = %v, %d; want the aborted sequence, 1", tc.prefix, tok.Kind, n)
		}
	}
}

func TestReset(t *testing.T) {
	p := NewParser(1000)
	p.Next([]byte("\x1b]0;abc"), false)
	if !p.InSequence() || p.State() != OSCString {
		t.Fatalf("state %v", p.State())
	}
	p.Reset()
	if p.InSequence() || p.State() != Ground || p.PayloadCap() != 1000 {
		t.Fatalf("after Reset: state %v, cap %d", p.State(), p.PayloadCap())
	}
	if _, ok := p.Flush(); ok {
		t.Error("Flush after Reset returned a token")
	}

	// Reset leaves the payload buffer's bytes: the next sequence's
	// payload holds only its own, as a new parser's does, at either cap.
	for _, cap := range []int{0, 1000} {
		p := NewParser(cap)
		for _, in := range []string{"\x1b]0;" + strings.Repeat("x", 300) + "\x07", "\x1b]0;ab\x07", "\x1bP1$q" + strings.Repeat("y", 50) + "\x1b\\", "\x1b]\x07"} {
			p.Reset()
			fresh := NewParser(cap)
			for _, q := range []*Parser{p, fresh} {
				if tok, _ := q.Next([]byte(in), true); !tok.Kind.IsSequence() {
					t.Fatalf("cap %d: %+q: no sequence", cap, in)
				}
			}
			got, want := p.Seq(), fresh.Seq()
			if string(got.Payload) != string(want.Payload) || got.PayloadLen != want.PayloadLen {
				t.Errorf("cap %d: %+q after Reset: payload %q (%d), a new parser %q (%d)", cap, in, got.Payload, got.PayloadLen, want.Payload, want.PayloadLen)
			}
		}
	}
}

func TestNames(t *testing.T) {
	for s := State(0); s < numStates; s++ {
		if name := s.String(); strings.HasPrefix(name, "State(") {
			t.Errorf("state %d has no name", s)
		}
	}
	for k := KindNone; k <= KindAPC; k++ {
		if b, _ := k.MarshalText(); string(b) != k.String() || strings.HasPrefix(k.String(), "Kind(") {
			t.Errorf("kind %d: %q", k, b)
		}
	}
	for term := TermNone; term <= TermEOF; term++ {
		if strings.HasPrefix(term.String(), "Terminator(") {
			t.Errorf("terminator %d has no name", term)
		}
	}
	if got := State(200).String(); got != "State(200)" {
		t.Errorf("State(200).String() = %q", got)
	}
}

// TestTextRun checks the text scan, word-at-a-time path included, for every
// byte value at every offset of a run of printable ASCII.
func TestTextRun(t *testing.T) {
	for b := 0; b < 256; b++ {
		for at := 0; at < 24; at++ {
			in := []byte(strings.Repeat("a", 24))
			in[at] = byte(b)
			tok, n := text(in, 1)
			want := 24
			if b < 0x20 || b >= 0x7F {
				want = at
			}
			if at == 0 {
				want = 24 // text assumes the first byte is text
			}
			if n != want || len(tok.Text) != n {
				t.Fatalf("text(%+q) = %d bytes, want %d", in, n, want)
			}
		}
	}
}

// refText is the plain definition of a text run: printable ASCII and valid
// UTF-8 characters outside C1.
func refText(src []byte) int {
	j := 0
	for j < len(src) {
		r, n := utf8.DecodeRune(src[j:])
		if r < 0x20 || r >= 0x7F && r <= 0x9F || r == utf8.RuneError && n <= 1 {
			break
		}
		j += n
	}
	return j
}

// TestTextRunUTF8 checks the inline decoding of two- and three-byte
// characters against utf8.DecodeRune.
func TestTextRunUTF8(t *testing.T) {
	check := func(in []byte) {
		t.Helper()
		if _, n := text(in, 1); n != refText(in) {
			t.Fatalf("text(%+q) = %d bytes, want %d", in, n, refText(in))
		}
	}
	for b0 := 0x80; b0 < 0x100; b0++ {
		for b1 := 0; b1 < 0x100; b1++ {
			check([]byte{'a', byte(b0), byte(b1), 'z'})
			check([]byte{'a', byte(b0), byte(b1)})
			for _, b2 := range []byte{0x00, 0x41, 0x7f, 0x80, 0x9c, 0xbf, 0xc0, 0xff} {
				check([]byte{'a', byte(b0), byte(b1), b2, 'z'})
				check([]byte{'a', byte(b0), byte(b1), b2})
			}
		}
	}
}

// TestWordTests checks outside and separators, the word-at-a-time tests
// of a sequence's bytes, against their definitions lane by lane: every
// byte value in every lane, among lanes of each byte of the range.
func TestWordTests(t *testing.T) {
	for _, r := range []struct{ lo, hi byte }{{'0', ';'}, {0x20, 0x2F}, {0x20, 0x3F}, {0, 0x7F}, {'a', 'a'}} {
		for _, fill := range []byte{r.lo, r.hi, (r.lo + r.hi) / 2} {
			for lane := range 8 {
				for b := range 256 {
					w := bytes.Repeat([]byte{fill}, 8)
					w[lane] = byte(b)
					v := binary.LittleEndian.Uint64(w)
					in := r.lo <= byte(b) && byte(b) <= r.hi
					if got := outside(v, r.lo, r.hi) == 0; got != in {
						t.Errorf("outside(% x, %#x, %#x) == 0 is %v, want %v", w, r.lo, r.hi, got, in)
					}
					if got, want := rangeRun(append(w, w...), r.lo, r.hi), 16; in && got != want || !in && got != lane {
						t.Errorf("rangeRun(% x twice, %#x, %#x) = %d", w, r.lo, r.hi, got)
					}
					if !in || r.lo != '0' || r.hi != ';' {
						continue
					}
					want := strings.Count(string(w), ";") + strings.Count(string(w), ":")
					digits := uint64(lsb * '0')
					if got := []int{separators(v, digits), separators(digits, v), separators(v, v)}; !slices.Equal(got, []int{want, want, 2 * want}) {
						t.Errorf("separators of % x beside digits, after them, twice: %v, want %d each and %d", w, got, want, 2*want)
					}
				}
			}
		}
	}
}

// TestBulkRuns checks the runs of bytes that the parser reads a word at a
// time, when the word loop stops at each offset of a word, on each kind of
// byte that ends them: parameters beyond MaxParams (counted), intermediates
// beyond MaxIntermediates, and the bytes a malformed header ignores. The
// one-shot parse, which reads words, must agree with the byte-at-a-time
// one, and the sequence must account for every byte up to its end.
func TestBulkRuns(t *testing.T) {
	runs := []struct {
		name, head string
		unit       string // the run's bytes, cycled
		seps       bool   // ';' and ':' in unit count as extra parameters
	}{
		{"extra params", "\x1b[" + strings.Repeat("1;", MaxParams-1) + "1", ";12:345", true},
		{"intermediates", "\x1b[1" + strings.Repeat("!", MaxIntermediates), " !\"#$%&'()*+,-./", false},
		{"csi ignore", "\x1b[1?", "0123456789:;<=>? !/", false},
		{"dcs intermediates", "\x1bP1" + strings.Repeat("$", MaxIntermediates), "$%/ ", false},
		{"esc intermediates", "\x1b" + strings.Repeat("(", MaxIntermediates), "()*+ ", false},
		{"esc ignore", "\x1b\xa0", " !\"#$%&'()*+,-./", false},
	}
	ends := []string{"m", "<m", "/m", "?m", "\x1b\\", "\x07", "\xbbm", "\xb0m", "\xc2\x9c", " q", "\x7fm", "\nm", "\x18", "@", "0m"}
	for _, r := range runs {
		for n := range 20 {
			for _, end := range ends {
				mid := strings.Repeat(r.unit, n/len(r.unit)+1)[:n]
				in := []byte(r.head + mid + end)
				var p Parser
				one := run(t, &p, in, oneShot)
				if diff := cmp.Diff(run(t, &p, in, byteWise), one); diff != "" {
					t.Errorf("%s %+q: one shot and bytewise differ (-bytewise +one shot):\n%s", r.name, in, diff)
				}
				i := slices.IndexFunc(one, func(v tk) bool { return v.S != nil })
				if i < 0 || one[i].S.Len < len(r.head)+n {
					t.Errorf("%s %+q: tokens %+v, want a sequence of at least %d bytes", r.name, in, one, len(r.head)+n)
					continue
				}
				if want := strings.Count(mid, ";") + strings.Count(mid, ":"); r.seps && one[i].S.ExtraParams != want {
					t.Errorf("%s %+q: ExtraParams %d, want %d", r.name, in, one[i].S.ExtraParams, want)
				}
			}
		}
	}
}
