package term

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight-dev/plainsight/ansi"
	"github.com/plainsight-dev/plainsight/internal/escape"
	"github.com/plainsight-dev/plainsight/internal/terminfo"
)

// sgrSeq returns a well-formed SGR Seq with the given parameters.
func sgrSeq(ps ...ansi.Param) ansi.Seq {
	seq := ansi.Seq{Intro: '[', Final: 'm', Term: ansi.TermFinal, NumParams: len(ps)}
	copy(seq.Params[:], ps)
	return seq
}

func val(v uint16) ansi.Param { return ansi.Param{Value: v} }
func sub(v uint16) ansi.Param { return ansi.Param{Value: v, Sub: true} }

// TestAppendSGRShape checks each shape guard on its own, with Seqs built
// by hand rather than by the parser.
func TestAppendSGRShape(t *testing.T) {
	base := sgrSeq(val(1), val(31))
	tests := []struct {
		name   string
		modify func(*ansi.Seq)
		want   string // "" when dropped
	}{
		{"well formed", func(*ansi.Seq) {}, "\x1b[1;31m"},
		{"C1 introducer", func(s *ansi.Seq) { s.C1 = true }, ""},
		{"not CSI", func(s *ansi.Seq) { s.Intro = ']' }, ""},
		{"final not m", func(s *ansi.Seq) { s.Final = 'h' }, ""},
		{"aborted", func(s *ansi.Seq) { s.Term = ansi.TermAborted }, ""},
		{"unterminated", func(s *ansi.Seq) { s.Term = ansi.TermEOF }, ""},
		{"private marker", func(s *ansi.Seq) { s.Private = '>' }, ""},
		{"intermediate", func(s *ansi.Seq) { s.Intermediates[0], s.NumIntermediates = ' ', 1 }, ""},
		{"too many intermediates", func(s *ansi.Seq) { s.TooManyIntermediates = true }, ""},
		{"too many params", func(s *ansi.Seq) { s.TooManyParams, s.ExtraParams = true, 1 }, ""},
		{"ignored", func(s *ansi.Seq) { s.Ignored = true }, ""},
		{"overflow", func(s *ansi.Seq) { s.Params[1] = ansi.Param{Overflow: true} }, ""},
		{"first is sub", func(s *ansi.Seq) { s.Params[0].Sub = true }, ""},
		{"no params", func(s *ansi.Seq) { s.NumParams = 0 }, "\x1b[0m"},
		{"missing", func(s *ansi.Seq) { s.Params[0] = ansi.Param{Missing: true} }, "\x1b[0;31m"},
	}
	for _, tc := range tests {
		seq := base
		tc.modify(&seq)
		out, ok := appendSGR(nil, &seq, nil)
		if !ok {
			out = nil
		}
		if diff := cmp.Diff(tc.want, string(out)); diff != "" {
			t.Errorf("%s: mismatch (-want +got):\n%s", tc.name, diff)
		}
	}
}

func TestAppendSGRParams(t *testing.T) {
	tests := []struct {
		name string
		ps   []ansi.Param
		want string
	}{
		{"max values", []ansi.Param{val(255), val(0)}, "\x1b[255;0m"},
		{"256", []ansi.Param{val(256)}, ""},
		{"conceal", []ansi.Param{val(1), val(8)}, ""},
		{"missing 8 is not conceal", []ansi.Param{{Missing: true}}, "\x1b[0m"},
		{"colon indexed", []ansi.Param{val(48), sub(5), sub(8)}, "\x1b[48;5;8m"},
		{"colon indexed missing", []ansi.Param{val(48), sub(5), {Missing: true, Sub: true}}, ""},
		{"colon direct id overflow", []ansi.Param{val(38), sub(2), {Overflow: true, Sub: true}, sub(1), sub(2), sub(3)}, ""},
		{"colon direct id missing", []ansi.Param{val(58), sub(2), {Missing: true, Sub: true}, sub(1), sub(2), sub(3)}, "\x1b[58:2::1:2:3m"},
		{"colon kind missing", []ansi.Param{val(38), {Missing: true, Sub: true}, sub(1)}, ""},
		{"colon on missing head", []ansi.Param{{Missing: true}, sub(5)}, ""},
		{"semicolon colour then sub", []ansi.Param{val(38), val(5), val(1), sub(8)}, ""},
		{"semicolon colour value is sub", []ansi.Param{val(38), val(2), val(1), sub(2), val(3)}, ""},
		{"underline style missing", []ansi.Param{val(4), {Missing: true, Sub: true}}, ""},
		{"underline two subs", []ansi.Param{val(4), sub(1), sub(2)}, ""},
	}
	for _, tc := range tests {
		out, ok := appendSGRParams(nil, tc.ps, nil)
		if !ok {
			out = nil
		}
		if diff := cmp.Diff(tc.want, string(out)); diff != "" {
			t.Errorf("%s: mismatch (-want +got):\n%s", tc.name, diff)
		}
	}
}

// FuzzAppendSGRParams checks that any kept parameter list serialises to a
// canonical SGR the independent checker accepts, within maxSGRLen (the
// size of the pending-output buffer), and that a failed call leaves dst
// unchanged.
func FuzzAppendSGRParams(f *testing.F) {
	f.Add([]byte{38, 0, 0, 5, 1, 0, 8, 1, 0})
	f.Add([]byte{58, 0, 0, 2, 1, 0, 0, 3, 0, 1, 1, 0, 2, 1, 0, 3, 1, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		// Three bytes per parameter: value low byte, value high byte,
		// flags (1 Sub, 2 Missing, 4 Overflow).
		var ps []ansi.Param
		for i := 0; i+2 < len(data) && len(ps) < ansi.MaxParams; i += 3 {
			p := ansi.Param{Value: uint16(data[i]) | uint16(data[i+1]&1)<<8, Sub: data[i+2]&1 != 0,
				Missing: data[i+2]&2 != 0, Overflow: data[i+2]&4 != 0}
			if p.Missing || p.Overflow {
				p.Value = 0
			}
			ps = append(ps, p)
		}
		prefix := []byte("keep")
		out, ok := appendSGRParams(prefix, ps, nil)
		if !ok {
			if string(out) != "keep" {
				t.Fatalf("dropped SGR changed dst to %+q", out)
			}
			return
		}
		sgr := string(out[len(prefix):])
		if len(sgr) > maxSGRLen {
			t.Fatalf("%+v: canonical form %+q is %d bytes, more than maxSGRLen %d", ps, sgr, len(sgr), maxSGRLen)
		}
		if n, why := sgrLen(sgr); why != "" || n != len(sgr) {
			t.Fatalf("%+v: canonical form %+q rejected: %s", ps, sgr, why)
		}
	})
}

// TestColourRunAgrees checks colourRun, and the simpleSGR its caller
// calls, against scanSGR and appendSGRParams on every SGR of one or two
// parameters drawn from values of zero to three digits (leading zeros,
// empty, conceal, extended colours and values above 255 included), on
// 256-colour and direct colour SGRs and on SGRs of three to six
// parameters, from
// colour states with and without a background and a correction in effect:
// the same length, output and colour state, then the text after it, or a
// refusal where the general path must decide.
func TestColourRunAgrees(t *testing.T) {
	starts, tails := sgrCases()
	accepted := 0
	for name, start := range starts {
		for _, tail := range tails {
			src := []byte("\x1b[" + tail + "rest")
			fast, slow := start, start
			dst := make([]byte, 2*maxSGRLen)
			n, w := colourRun(dst, src, &fast, false)
			if n == 0 {
				// An SGR that colourRun leaves to its caller, which
				// reads it with simpleSGR.
				n, w = simpleSGR(dst, src, &fast)
			}
			if n > 0 && !fast.settle {
				// The text after it, which colourRun leaves at the
				// end of src.
				k := escape.CopyCleanPrefix(dst[w:], src[n:], true)
				n += k
				w += k
			}
			if n == 0 {
				if fast != start {
					t.Errorf("%s: %+q refused but changed the colour state", name, src)
				}
				continue
			}
			var params [ansi.MaxParams]ansi.Param
			sn, np := scanSGR(src, &params)
			out, ok := appendSGRParams(nil, params[:np], &slow)
			// colourRun goes on to copy the text after the SGR, unless
			// the SGR calls for a correction before it.
			if slow.settle {
				sn -= len("rest")
			} else {
				out = append(out, "rest"...)
			}
			if !ok || sn+len("rest") != n {
				t.Errorf("%s: %+q: colourRun and simpleSGR took %d bytes, the general path %d and the text (kept %v)", name, src, n, sn, ok)
				continue
			}
			accepted++
			if string(out) != string(dst[:w]) || slow != fast {
				t.Errorf("%s: %+q: general path %+q, %+v; colourRun and simpleSGR %+q, %+v", name, src, out, slow, dst[:w], fast)
			}
		}
	}
	if want := len(starts) * 200; accepted < want {
		t.Errorf("colourRun took %d of the SGRs, fewer than %d: the test checks little", accepted, want)
	}
}

// sgrCases returns colour states, with and without a background and a
// correction in effect, and the SGRs after ESC [ that the colour-log
// loops are checked on from each: every SGR of one or two parameters drawn
// from values of zero to three digits (leading zeros, empty, conceal,
// extended colours and values above 255 included), 256-colour and direct
// colour SGRs, SGRs of three to six parameters, and values followed by a sub-parameter or
// a byte that separates nothing.
func sgrCases() (starts map[string]colours, tails []string) {
	var vals []string
	for v := 0; v <= 255; v++ {
		vals = append(vals, fmt.Sprint(v))
	}
	vals = append(vals, "", "00", "01", "007", "032", "256", "999", "1000")
	starts = map[string]colours{"default": {}}
	// The last: a correction still in effect (screen and asked differ in
	// reverse video) with no background, until the next reset.
	for _, seq := range []string{"\x1b[31;41m", "\x1b[32;44m", "\x1b[7;33;43m", "\x1b[97;47m", "\x1b[7;33;43mx\x1b[49m"} {
		var c colours
		s := Sanitizer{}
		s.Push(seq)
		s.Push("x") // settles any correction
		c = s.col
		starts[seq] = c
	}
	for _, v := range vals {
		tails = append(tails, v+"m", "38;5;"+v+"m", "48;5;"+v+"m", "38;05;"+v+"m", "0;1;"+v+"m", "1;2;3;"+v+"m", "1;2;3;4;"+v+"m",
			"38;2;"+v+";38;114m", "38;2;249;"+v+";7m", "38;2;0;0;"+v+"m", "48;2;"+v+";0;0m", "38;2;1;"+v+";3;4m", "38;"+v+";1;2;3m", "1;2;3;4;5;"+v+"m")
		for _, w := range []string{"", "0", "1", "07", "31", "38", "40", "49", "107", "300"} {
			tails = append(tails, v+";"+w+"m", w+";"+v+"m")
		}
		// Sub-parameters and bytes that are no separator.
		tails = append(tails, v+":3m", "4:"+v+"m", v+" m", v+"<1m")
	}
	return starts, tails
}

// TestColourRunAgreesWithParser compares the colour-log loop (colourRun
// and what its caller takes between its calls) with the parser on text
// put together from the pieces of real colour logs: SGRs it reads, SGRs
// it leaves to its caller, xterm's sgr0 and orig_pair, erases, CR LF,
// hiding colours that need a correction, and text of every length around
// its word loop's bound. Each input is run whole, in chunks, and through
// Transform with dst buffers just over maxSGRLen, with and without the
// vector loop over colour logs (checkColourPaths).
func TestColourRunAgreesWithParser(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		checkColourPaths(t, rng, randomColourLog(rng, 1+rng.IntN(24)), 24)
	}
}

// colourLogPieces are the pieces of real colour logs that the colour-log
// loops are checked on: SGRs they read, SGRs they leave to their caller,
// xterm's sgr0 and orig_pair, erases, CR LF, hiding colours that need a
// correction, text of every length around colourRun's word loop's bound,
// the text of other scripts, and the bytes and sequences that end a colour
// log's text: DEL, invalid bytes and UTF-8 (cut, overlong, surrogates,
// past U+10FFFF), C1 controls raw and in UTF-8, sub-parameters.
var colourLogPieces = []string{
	"é", "\x7f", "\xff", "\xc2\x9b", "\x9b31m", "\x1b[4:3m", "\x1b[1 q",
	"\x1b[m", "\x1b[0m", "\x1b[1m", "\x1b[32m", "\x1b[97m", "\x1b[41m", "\x1b[7m", "\x1b[8m", "\x1b[27m",
	"\x1b[1;31m", "\x1b[38;5;244m", "\x1b[30;40m", "\x1b[39;49m", "\x1b[39m", "\x1b[01;34m",
	"\x1b[01m\x1b[K", "\x1b[01;31m\x1b[K", "\x1b[m\x1b[K", "\x1b[001;032m", "\x1b[00m", "\x1b[38;05;208m", "\x1b[0;01;00;031m",
	"\x1b[30m", "\x1b[40m", "\x1b[49m", "\x1b[37;47m",
	terminfo.SGR0, "\x1b(B", "\x1b[K", "\x1b[0K", "\x1b[2J", "\x1b[?25l",
	"\x1b[2K", "\x1b[A", "\x1b[3A", "\x1b[1B", "\x1b[10;20H", "\x1b[?2004h", "\x1b[?1m", "\x1b[1000A", "\x1b[1;2;3;4;5H",
	"\x1b[38;2;249;38;114m", "⠋", "━━━━",
	"\r\n", "\r", "\n", "\t", "\a", "\x1b", "\x1b[", "\x1b[3",
	"x", "word", "12:00:01", "handled in 12ms", strings.Repeat("long line ", 14),
	"服务", "сервис", "الخدمة", "😀", "\u0085", "\u009f", "\u00a0", "\u07ff", "\u0800", "\uffff", "\U0010ffff",
	"\xe4\xb8", "\xf0\x9f\x98", "\xed\xa0\x80", "\xe0\x80\xaf", "\xc0\xaf", "\xf4\x90\x80\x80", "\x80", "\xbf",
}

// TestOrigPairWord checks the word colourRun compares orig_pair with.
func TestOrigPairWord(t *testing.T) {
	if got := binary.LittleEndian.Uint64([]byte(terminfo.OrigPair)); got != origPair {
		t.Errorf("origPair = %#x, want %#x", uint64(origPair), got)
	}
}
