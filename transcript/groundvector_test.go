package transcript

import (
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight-dev/plainsight/internal/racebuild"
	"github.com/plainsight-dev/plainsight/internal/terminfo"
)

// groundPaths returns the paths groundRun can take here: a byte at a time
// always, the vector loop where the processor has one. Under CI=true on
// amd64 a missing vector loop is logged, so that a run on a processor
// without AVX-512 says what it did not try.
func groundPaths(tb testing.TB) []bool {
	if useGroundVector {
		return []bool{false, true}
	}
	if os.Getenv("CI") == "true" && runtime.GOARCH == "amd64" && groundVectorBuilt {
		tb.Log("no AVX-512 VBMI2 on this amd64 machine: the transcript's vector loop is untried")
	}
	return []bool{false}
}

// checkGroundVector checks that Clean writes and counts the same with and
// without the vector loop, and what the parser alone does.
func checkGroundVector(t *testing.T, in []byte, opts Options) {
	t.Helper()
	want, wantRep := CleanParserOnly(in, opts)
	for _, vector := range groundPaths(t) {
		was := useGroundVector
		useGroundVector = vector
		got, rep := Clean(in, opts)
		useGroundVector = was
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("vector %v: text of %+q mismatch (-parser only +Clean):\n%s", vector, in, diff)
		}
		if diff := cmp.Diff(wantRep, rep); diff != "" {
			t.Fatalf("vector %v: report of %+q mismatch (-parser only +Clean):\n%s", vector, in, diff)
		}
	}
}

// groundVectorOptions are the options that change what the vector loop
// does: a BS only counted or acting on the line, strings within the limit
// or over it.
var groundVectorOptions = []Options{
	{},
	{BS: BSErase},
	{CR: CROverwrite, Limits: Limits{MaxString: 3}},
}

// TestGroundVectorStrings places each string the vector loop reads, opened
// raw and in UTF-8 and ended in each way c1string.End knows, at offsets
// around the ends of a block, with payloads whose ends fall inside,
// at and past it, between bytes the loop reads alone. A DCS's header
// comes in each form c1string.DCSEnd tells apart: a final byte, after
// C0 controls and DEL that it ignores or none; a byte from A0 up, a
// character or not, that makes it malformed; parameters (runs of four
// digits and of five, up to MaxParams and past it, after a private marker
// or none, then a private marker, intermediates or a byte that ends the
// header); intermediates, up to MaxIntermediates and past it, and what
// follows them; and each byte that ends it in its header. So does a
// CSI's: none, one digit or more, a byte from A0 up that makes it
// malformed, a private marker, DEL, intermediates (up to MaxIntermediates
// and past it, after a digit, before a parameter or a byte it ignores);
// and what follows ESC: a final byte, intermediates, bytes it ignores,
// and the 7-bit forms of the introducers. Both come with C0 controls and
// DEL inside, which the parser executes or ignores: the controls
// counted by name, and LF, tab and BS, which act on the line. Under the
// race detector it reads a sample of these cases (racebuild.Keep).
func TestGroundVectorStrings(t *testing.T) {
	opens := []string{"\x98", "\x9d", "\x9e", "\x9f", "\xc2\x98", "\xc2\x9d", "\xc2\x9f", "\x9d0", "\x9d;", "\x9b",
		"\x90", "\xc2\x90", "\x90q", "\xc2\x90|", "\x90\x01\x7f\x00@", "\x90\xa9", "\x90\xc3\xa9", "\x90\x01\xc2A", "\x90\xff",
		"\x901q", "\x90\x01 q", "\x90?", "\x90\x01\x9c", "\x90\xc2\x9c", "\x90\x1b\\", "\x90\x18", "\x90\x85", "\x90\x9b",
		"\x90\xc2\x85", "\x90\xc2\x9d", "\x90\x01\x1b[m", "\x90\x01\x02\x03\x04\x18",
		"\xc2\x9b", "\x9b1", "\xc2\x9b7", "\x9b12", "\x9b\xa0", "\x9b\xc2A", "\x9b\xe2\x82\xac", "\x9b?", "\x9b\x7f", "\x9b ", "\x9b1\xa9", "\x9b;",
		"\x1bx", "\x1b(", "\x1b((", "\x1b(\xa9", "\x1b\xa9", "\x1b\xc3\xa9", "\x1b\xc2A", "\x1b\x7f", "\x1b\x01", "\x1b[",
		"\x1bP", "\x1bX", "\x1b]", "\x1b]0", "\x1b^", "\x1b_", "\x1b\x1b",
		"\x9b\x01", "\x9b\x00\x7f\x02", "\x9b\x011", "\x9b1\x01", "\x9b\b", "\x9b\t", "\x9b\x01\xa9", "\x9b\x01?",
		"\x9b \x01!", "\x9b  ", "\x9b   ", "\x9b 1", "\x9b \xa9", "\x9b1 ", "\x9b1\x01 \x7f", "\x9b1   ", "\x9b1 ;", "\x9b1\xa9 ",
		"\x1b\x01x", "\x1b\x7fx", "\x1b\x01[", "\x1b\x01P", "\x1b\x7f]", "\x1b\x01\x7f_", "\x1b\x01X", "\x1b\x01^",
		"\x1b  ", "\x1b   ", "\x1b \x01(", "\x1b\x01 ", "\x1b \xa9", "\x1b\x01\xa9", "\x1b\b", "\x1b\t", "\x1b \b",
		"\x90 q", "\x90  q", "\x90   q", "\x90 \x01!\x7fq", "\x90 1", "\x90 ?", "\x90 \xa9", "\x90 \xc3\xa9", "\x90 \x18",
		"\x90   \x1b", "\x90   \x9c", "\x90   \xc2\x85", "\x90 \x9b", "\x1bP q", "\x1bP   ",
		"\x901;2q", "\x90?1;2|", "\x90<q", "\x901?q", "\x90?1?q", "\x901:2 q", "\x901;2  !q", "\x901;2   q", "\x901 ;q", "\x901\xa9",
		"\x901\xc2A", "\x901\xc2\x85", "\x901\x9c", "\x901\x1b", "\x901\x18", "\x909999q", "\x9012345q", "\x9065536q", "\x901\x01234q",
		"\x9012\x7f34q", "\x90" + strings.Repeat(";", 31) + "q", "\x90" + strings.Repeat(";", 32) + "q", "\x90" + strings.Repeat("1;", 33) + "q",
		"\xc2\x901;2q", "\x1bP1;2q", "\x1bP?5\x01|",
		"\x9d0;", "\x9d1;", "\x9d2;", "\x9d3;", "\x9d8;;", "\x9d52;c;", "\x9d00;", "\x9d0052;", "\x9d133;", "\x9d99999;",
		"\x9d123456;", "\x9d000000;", "\x9d000052;", "\x9d1234567", "\x9d0", "\x9d52", "\x9d5\x012;", "\x9d7a;", "\x9d8\xc2\x9c", "\x9d1;\a",
		"\x9d3\xff", "\x9d3 x", "\x9d3\x7f", "\x9d12\xc3\xa9", "\x9d3\xc2\xa0", "\x9d52\x18", "\x9d0\x1a", "\x9d2\x9d", "\x9d12345\xc2",
		"\x1b]0;", "\x1b]8;;", "\x1b]52;", "\x1b]12345;", "\xc2\x9d2;", "\xc2\x9d8;", "\xc2\x9d52;",
		"\x1b[1;32", "\x1b[38;5;196", "\x1b[?2004", "\x1b[?25", "\x1b[2", "\x9b1;2", "\xc2\x9b0;1:3", "\x9b;", "\x9b:1", "\x9b;;;",
		"\x9b1234", "\x9b0000", "\x9b12345", "\x9b00000", "\x9b65536", "\x9b1\x01234", "\x9b123\x01456", "\x9b12\x7f34", "\x9b1\x01\x7f2",
		"\x9b" + strings.Repeat(";", 31), "\x9b" + strings.Repeat("1;", 31) + "1", "\x9b" + strings.Repeat(";", 32), "\x9b" + strings.Repeat("1:", 32),
		"\x9b1;2?", "\x9b1;<", "\x9b?1;2 ", "\x9b?1?", "\x9b<1", "\x9b?", "\x9b??", "\x9b1;2 ;", "\x9b1;\xa9", "\x9b1;2  ", "\x9b1;2   ", "\x9b1;\x012 ",
		"\x9b?\x011;2", "\x9b1;2\n3", "\x9b\x01?1",
		"\x1b[65536", "\x1b[0000", "\x1b[00000", "\x1b[1;<", "\x1b[1\x7f2", "\x1b[1:2;3", "\x1b[" + strings.Repeat(";", 32), "\x1b[" + strings.Repeat("1;", 8)}
	ends := []string{"\x9c", "\xc2\x9c", "\x1b\\", "\x1bx", "\a", "\x18", "\x1a", "\x98", "\xc2\x9e", "\x85", "\xc2\x85", "\x1b", "m", "\x01@"}
	payloads := []string{"", "a", "\xc3\xa9", "\xe2\x82\xac", "\xe0\x80", "\xc3\x85\n\r\b\x01", "\xff\xf0\x9f"}
	filler := "ab\xc3\xa9\x01c\x85\t\xe2\x82"
	k := -1 // the case's number
	for _, open := range opens {
		for _, end := range ends {
			for _, at := range []int{0, 1, 30, 61, 62, 63, 64, 65, 66} {
				for _, n := range []int{0, 1, 2, 3, 57, 60, 61, 62, 63, 64, 70} {
					if k++; !racebuild.Keep(k) {
						continue
					}
					p := payloads[(at+n)%len(payloads)]
					payload := strings.Repeat(p+"x", n)[:n]
					in := strings.Repeat(filler, 20)[:at] + open + payload + end + strings.Repeat(filler, 20)
					opts := groundVectorOptions[(at+n)%len(groundVectorOptions)]
					checkGroundVector(t, []byte(in), opts)
				}
			}
		}
	}
}

// TestGroundVectorBSAfterCR places a BS that erases nothing after a CR
// still pending, with controls, text, a sequence or nothing between them
// and the next line control, at offsets around the ends of a block: the
// BS settles the CR, which is then no part of a CRLF, whether or not
// text follows it.
func TestGroundVectorBSAfterCR(t *testing.T) {
	cases := []string{"\r\x01\b\x02\n", "\r\x01\bab\n", "\r\x01\b\x9b1m\n", "\r\x01\b\r\n", "\r\x01\b\x02\r", "\r\x01\b\b\n", "\r\x01ab\b\n"}
	filler := strings.Repeat("abcdefghijklmnopqrstuvwxyz0123456789", 8)
	for _, c := range cases {
		for _, at := range []int{0, 1, 8, 30, 60, 61, 62, 63, 64, 65, 70, 128} {
			for _, opts := range []Options{{}, {CR: CROverwrite}, {CR: CROverwrite, BS: BSErase}} {
				checkGroundVector(t, []byte(filler[:at]+c+filler), opts)
			}
		}
	}
}

// TestGroundVectorUnicode places characters that the Unicode pass must
// see (of two, three and four bytes: letters of scripts it checks,
// format, bidi and tag characters, a combining mark, an emoji), alone,
// in pairs and next to those it leaves alone, at offsets around the ends
// of a block, after text, U+FFFD, dropped controls and sequences, so
// that the range the vector loop reports for them starts and ends on
// every kind of byte it writes.
func TestGroundVectorUnicode(t *testing.T) {
	chars := []string{"\u0430", "\u05d0", "\u00ad", "\u0301", "\u202e", "\u200b", "\ufeff", "\U000e0041", "\U0001f600",
		"\u0430\u202e", "a\u200bb", "\u00e9\u0301", "\U000e0041\U000e0042", "\u05d0\xff\u05d1", "\u0430\x01\u0431",
		"\U00010000", "\U0010ffff", "\U000e0100\U0001f600", "\U0001f600\u202e"}
	befores := []string{"", "a", "\xff", "\x01", "\u00e9", "\x9d2\x07", "\xe2\x82", "\u20ac", "\xf0\x9f\x98", "\xf4\x90\x80\x80"}
	filler := "abc\x01d\xa9\u00e9fgh\x85"
	for _, c := range chars {
		for i, before := range befores {
			for _, at := range []int{0, 1, 30, 58, 59, 60, 61, 62, 63, 64, 65, 66, 120, 127} {
				after := befores[(i+at)%len(befores)]
				in := strings.Repeat(filler, 30)[:at] + before + c + after + strings.Repeat(filler, 20) + c
				checkGroundVector(t, []byte(in), groundVectorOptions[at%len(groundVectorOptions)])
			}
		}
	}
}

// TestGroundVectorLines places line ends (LF, CR LF, a CR before text,
// before another CR, before a control or a sequence, before controls that
// are dropped and then text, a line end or a BS) at offsets around
// the ends of a block, after lines that clean-line passing fails on, so
// that the vector loop reads on past them: with the lines before them
// clean, or holding characters the Unicode pass must see (of two, three
// and four bytes, at the line's start, middle and end), with a BS that
// acts, lines longer than the limit, and output cut short by its limit.
func TestGroundVectorLines(t *testing.T) {
	binary := strings.Repeat("\x01\xffbinary\x85\xc3\xa9 output\n", 40)
	ends := []string{"\n", "\r\n", "\r", "\rx", "\r\xff", "\r\r", "\r\x01\n", "\r\x9d0;t\x07\n", "\r\b", "\n\n", "\r\n\r\n", "\r\xc3\xa9",
		"\r\u0098x\x9c\n", "\r\u009dt\a\n", "\r\x9bm\n", "\r\u009b\xf4a\n", "\r\xe2\x82\xac", "\r\U0001f600",
		"\r\x01x", "\r\x7f\x85\xff", "\r\x01\x02\u00e9", "\r\x85\r", "\r\x01\b", "\r\xc2\x85x", "\r\x01\x9bm", "\r\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00x"}
	lines := []string{"", "plain text", "a\xffb\x01c\x7f", "\u0430pple", "ab\u202ecd", "x\U000e0041", "\u200b", "\u00e9\u0301", "ab\x9b1mcd\x1bxef", "\xc3"}
	opts := []Options{{}, {BS: BSErase}, {CR: CROverwrite}, {Limits: Limits{MaxLine: 20}}, {Limits: Limits{MaxOutput: 3000}}}
	filler := "abc\x01d\xa9\u00e9fgh\x85"
	for i, end := range ends {
		for j, line := range lines {
			for _, at := range []int{0, 1, 30, 60, 61, 62, 63, 64, 65, 66, 127} {
				in := binary + strings.Repeat(filler, 20)[:at] + line + end + lines[(i+j+at)%len(lines)] + end + strings.Repeat(filler+"\n", 20)
				checkGroundVector(t, []byte(in), opts[(i+j+at)%len(opts)])
			}
		}
	}
}

// TestGroundVectorLineEnds places each line end, and a CR before a BS
// that settles it, at every offset of a block, from the start of a call
// of the vector loop (after a sequence that the parser reads), and puts
// a character the Unicode pass must see in the text that groundRun
// gathers a byte at a time, after stops dense enough that it reads on
// without the loop, before the line end where the loop takes over.
func TestGroundVectorLineEnds(t *testing.T) {
	binary := strings.Repeat("\x01\xffbinary\x85\xc3\xa9 output\n", 40)
	filler := strings.Repeat("\x01ab\xffc\u00e9d", 30)
	for _, end := range []string{"\n", "\r\n", "\rx", "\r\x01\b\n", "\r\b\n", "\r\xc3\xa9\n", "\r\u0098x\x9c\n", "\r\u009dt\a\n",
		"\r\x01x\n", "\r\x85\x7f\xff\n", "\r\x01\n", "\r\x02\x01\x03\x04\x05\x06x"} {
		for at := range 131 {
			in := binary + "\x1b[m" + filler[:at] + end + filler + "\n" + filler
			checkGroundVector(t, []byte(in), Options{})
		}
	}
	for stops := 3; stops <= 7; stops++ {
		for before := 0; before < 200; before += 13 {
			for _, after := range []int{0, 1, 5, 70, 140} {
				for _, end := range []string{"\nz\n", "\rz\n"} {
					// A BS that acts stops the loop, and leaves
					// no CR pending.
					in := binary + strings.Repeat("a\b\x01", stops) + strings.Repeat("x", before) + "\u202e" + strings.Repeat("y", after) + end + filler
					checkGroundVector(t, []byte(in), Options{BS: BSErase})
				}
			}
		}
	}
}

// vectorCleaner returns a Cleaner whose vector loop (groundBlocks) can be
// called directly: with the counters and the line events that groundRun
// allocates on its first call, and passSkip lines that the loop may read
// past.
func vectorCleaner(passSkip int) *Cleaner {
	c := NewCleaner(Options{})
	c.controls = new(controlCounts)
	c.lineEvents = new([2 * maxLineEvents]uint64)
	c.passSkip = passSkip
	return c
}

// TestGroundVectorLineBudget checks the line ends the vector loop
// records: as many LFs as lines allows, each where its line's text ends
// in dst and where the LF stands in src, with where the line's character
// that the Unicode pass must see starts and ends in dst, if it has one.
func TestGroundVectorLineBudget(t *testing.T) {
	if !useGroundVector {
		t.Skip("no vector loop here")
	}
	dst := make([]byte, groundBatch)
	long := "\u202e" + strings.Repeat("x", 70) + "\u200b" // across a block's end
	for _, line := range []string{"ab", "a\u202eb", "\U000e0041xy", "xy\u00ad", long} {
		// Where the line's characters that the pass must see (all it
		// holds beyond ASCII) start and end.
		seen := strings.IndexFunc(line, func(r rune) bool { return r >= utf8.RuneSelf })
		end := strings.LastIndexFunc(line, func(r rune) bool { return r >= utf8.RuneSelf })
		if end >= 0 {
			_, size := utf8.DecodeRuneInString(line[end:])
			end += size
		}
		src := []byte("\x01" + strings.Repeat(line+"\n", 30))
		for budget := range 6 {
			c := vectorCleaner(budget)
			_, _, _, _, lines := c.groundBlocks(dst, src)
			var got, want []uint64
			for i := range budget {
				at, in := len(line)*(i+1), 1+(len(line)+1)*i+len(line)
				var r uint64
				if seen >= 0 {
					r = uint64(len(line)*i+seen) | uint64(len(line)*i+end)<<32
				}
				want = append(want, uint64(at)|'\n'<<16|uint64(in)<<24, r)
			}
			got = append(got, c.lineEvents[:2*lines]...)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%+q, %d lines allowed: events mismatch (-want +got):\n%s", line, budget, diff)
			}
		}
	}
}

// groundVectorAlphabet weighs the bytes the vector loop tells apart: the
// ends and openers of strings, controls, leads and continuations.
var groundVectorAlphabet = []byte("aa;0 m\t\n\r\b\x00\x01\x07\x18\x1a\x1b\\\x7f" +
	"\x80\x85\x90\x98\x9b\x9c\x9d\x9e\x9f\xa0\xa9\xad\xbf" +
	"\xc0\xc2\xc2\xc3\xcd\xd8\xdf\xe0\xe2\xed\xef\xf0\xf4\xf5\xff")

// TestGroundVectorRandom runs random bytes, and random draws from
// groundVectorAlphabet, through Clean with and without the vector loop.
func TestGroundVectorRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	n := 3000
	if testing.Short() {
		n = 500
	}
	for i := range n {
		b := make([]byte, r.IntN(700))
		for k := range b {
			if i%2 == 0 {
				b[k] = byte(r.Uint32())
			} else {
				b[k] = groundVectorAlphabet[r.IntN(len(groundVectorAlphabet))]
			}
		}
		checkGroundVector(t, b, groundVectorOptions[i%len(groundVectorOptions)])
	}
}

// TestGroundVectorsLayout holds the words of groundVectors.terminfo and
// the table wholeBlocks at the offsets where the vector loop reads them
// (ORIGPAIR, SGR0, WHOLE0 and WHOLE1 in groundvector_amd64.s).
func TestGroundVectorsLayout(t *testing.T) {
	var g groundVectors
	if got := unsafe.Offsetof(g.terminfo); got != 2688 {
		t.Errorf("groundVectors.terminfo at %d, the vector loop reads it at 2688", got)
	}
	if got := unsafe.Offsetof(g.wholeBlocks); got != 2704 {
		t.Errorf("groundVectors.wholeBlocks at %d, the vector loop reads it at 2704", got)
	}
}

// TestGroundTallyLayout holds groundTally's fields at the offsets where
// the vector loop adds to them (INVALID to ESCS in groundvector_amd64.s,
// and KINDS plus eight times OSCTITLE, OSCHYPERLINK and OSCCLIPBOARD).
func TestGroundTallyLayout(t *testing.T) {
	var g groundTally
	got := []uintptr{
		unsafe.Offsetof(g.invalid), unsafe.Offsetof(g.c1),
		unsafe.Offsetof(g.sos), unsafe.Offsetof(g.osc), unsafe.Offsetof(g.pm), unsafe.Offsetof(g.apc), unsafe.Offsetof(g.dcs),
		unsafe.Offsetof(g.unterminated), unsafe.Offsetof(g.overLimit), unsafe.Offsetof(g.malformed),
		unsafe.Offsetof(g.sgr), unsafe.Offsetof(g.csi), unsafe.Offsetof(g.esc),
		unsafe.Offsetof(g.oscTitle), unsafe.Offsetof(g.oscHyperlink), unsafe.Offsetof(g.oscClipboard),
	}
	want := []uintptr{0, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 16 + 8*11, 16 + 8*12, 16 + 8*13}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("groundTally's offsets (-the vector loop's +the struct's):\n%s", diff)
	}
}

// TestGroundVectorReadsOSCs checks that the vector loop reads on past an
// OSC whose payload starts with a number it counts (up to five digits and
// a ';') or with no digit, or with digits that make no number (six, or a
// byte of the payload after them other than ';'), raw, in UTF-8 and
// after ESC, with each terminator, in the middle of a block and across
// the end of one, and counts it as the parser does.
func TestGroundVectorReadsOSCs(t *testing.T) {
	checkVectorReadsPast(t, "\x9d0;t\a", "\x9d2;t\x9c", "\xc2\x9d1;t\xc2\x9c", "\x1b]8;;http://x\x1b\\", "\x1b]52;c;Zm9v\a",
		"\x1b]00052;c\a", "\x9d99999;x\a", "\x1b]133;A\a", "\x1b]7;file://h/p\x1b\\", "\x9dtitle\a", "\x1b];x\x1b\\",
		"\x9d123456;x\a", "\x9d3x\a", "\x9d12 \x9c", "\x1b]7\xe2\x82\xac\x1b\\", "\x9d0\x7f\a", "\xc2\x9d5\xff\xc2\x9c")
}

// TestGroundVectorReadsCSIs checks that the vector loop reads on past a
// CSI, after ESC [ as after C1, with parameters that the parser stores
// whole (runs of up to four digits, up to MaxParams) after a private
// marker or none, and intermediates or none: the erases, cursor moves,
// modes and colours of terminal output.
func TestGroundVectorReadsCSIs(t *testing.T) {
	checkVectorReadsPast(t, "\x1b[2K", "\x1b[1G", "\x1b[m", "\x1b[1;32m", "\x1b[38;5;196m", "\x1b[38:2::10:20:30m", "\x1b[?2004h",
		"\x1b[?1049l", "\x1b[12;40H", "\x1b[;5m", "\x1b[9999m", "\x1b[1 q", "\x9b1;2H", "\xc2\x9b?25l", "\x1b[>0;1c",
		"\x1b["+strings.Repeat("1;", 20)+"1m", "\x1b[1\x01;2m", "\x1b["+strings.Repeat(";", 31)+"m", "\x1b[?1:2:3:4:5h", "\x1b[1234m")
}

// TestGroundVectorReadsDCSs checks that the vector loop reads on past a
// DCS whose header holds parameters that the parser stores whole, after
// a private marker or none, then intermediates or none, or is malformed
// by a private marker after them, as terminals' replies and sixel
// images open theirs.
func TestGroundVectorReadsDCSs(t *testing.T) {
	checkVectorReadsPast(t, "\x1bP1$r0m\x1b\\", "\x901;2;3q#0\x9c", "\x1bP>|xterm\x1b\\", "\x90?1;2$p\x9c", "\x90\x011\x02;2q\x9c",
		"\x90"+strings.Repeat("1;", 20)+"q\x9c", "\x901;2?x\x9c", "\x901;2  !q\x9c", "\xc2\x90"+"0;1q\xc2\x9c", "\x909999q\x9c")
}

// TestGroundVectorTerminfo places terminfo's orig_pair and xterm's sgr0,
// which the vector loop compares whole, and sequences that differ from
// them in a byte, at offsets around the ends of a block, between bytes
// the loop reads alone, with strings within the limit and over it.
func TestGroundVectorTerminfo(t *testing.T) {
	seqs := []string{terminfo.OrigPair, terminfo.SGR0, terminfo.SGR0 + terminfo.OrigPair, terminfo.OrigPair + terminfo.SGR0,
		"\x1b[39;49;1m", "\x1b[39;48m", "\x1b[39;4\x01m", "\x1b(B\x1b[1m", "\x1b(B\x1b[", "\x1b(A\x1b[m", "\x1b(B\x1b(B"}
	filler := strings.Repeat("ab\xc3\xa9\x01c\x85\t\xe2\x82", 20)
	optss := append(slices.Clone(groundVectorOptions), Options{Limits: Limits{MaxString: 2}}, Options{Limits: Limits{MaxString: 7}})
	for _, seq := range seqs {
		for at := range 70 {
			for _, opts := range optss {
				checkGroundVector(t, []byte(filler[:at]+seq+filler), opts)
			}
		}
	}
	checkVectorReadsPast(t, seqs[:4]...)
}

// checkVectorReadsPast checks that the vector loop reads on past each of
// seqs, between letters at offsets in and across the end of a block, and
// counts it as the parser does.
func checkVectorReadsPast(t *testing.T, seqs ...string) {
	t.Helper()
	if !useGroundVector {
		t.Skip("no vector loop here")
	}
	filler := strings.Repeat("abcdefgh", 40)
	for _, seq := range seqs {
		for _, at := range []int{5, 56, 59, 60, 61, 62, 63, 64} {
			src := []byte(filler[:at] + seq + filler)
			c := vectorCleaner(maxLineEvents)
			_, m, _, _, _ := c.groundBlocks(make([]byte, groundBatch), src)
			if m < at+len(seq) {
				t.Errorf("%+q at %d: the vector loop read %d bytes, not past the sequence (%d)", seq, at, m, at+len(seq))
				continue
			}
			_, want := CleanParserOnly([]byte(seq), Options{})
			got := c.Report()
			if diff := cmp.Diff(want.Sequences, got.Sequences); diff != "" {
				t.Errorf("%+q at %d: counts mismatch (-parser only +vector loop):\n%s", seq, at, diff)
			}
			if want.Malformed != got.Malformed || want.Controls != got.Controls {
				t.Errorf("%+q at %d: %d malformed and controls %v, the parser alone %d and %v", seq, at, got.Malformed, got.Controls, want.Malformed, want.Controls)
			}
		}
	}
}

// TestGroundVectorCRAfterDropped checks that the vector loop records a CR
// and reads on past it where controls that it drops, C0 and C1, and then
// a byte it writes follow it, and stops at the CR where those controls
// end the block or a BS, a line control or a C1 control in UTF-8 follows
// them, which the caller reads.
func TestGroundVectorCRAfterDropped(t *testing.T) {
	if !useGroundVector {
		t.Skip("no vector loop here")
	}
	filler := strings.Repeat("abcdefgh", 40)
	for _, c := range []struct {
		seq  string
		past bool
	}{
		{"\r\x01x", true}, {"\r\x7f\x85\xff", true}, {"\r\x01\x02\u00e9", true}, {"\r\x00\x1f\x9a\x80x", true},
		{"\r\x01\n", false}, {"\r\x01\b", false}, {"\r\x01\r", false}, {"\r\xc2\x85x", false}, {"\r\x01\x1b[m", false},
	} {
		for _, at := range []int{5, 30, 56, 58} {
			src := []byte(filler[:at] + c.seq + filler)
			cl := vectorCleaner(maxLineEvents)
			_, m, _, _, lines := cl.groundBlocks(make([]byte, groundBatch), src)
			if past := m > at; past != c.past {
				t.Errorf("%+q at %d: the vector loop read %d bytes and %d line controls, read past the CR %v, want %v", c.seq, at, m, lines, past, c.past)
			}
			if c.past && (lines != 1 || byte(cl.lineEvents[0]>>16) != '\r') {
				t.Errorf("%+q at %d: %d line controls recorded, want the CR", c.seq, at, lines)
			}
		}
	}
}

// TestGroundVectorBSAfterText checks where the vector loop, called with a
// CR still pending, reads on past a BS: only after it has written text,
// in the block before it or in one before, which settles the CR; not
// where nothing or only the payload of a string it drops comes before
// the BS, nor where a BS acts (BSErase). Whole cleanings check the
// same, the CR left pending by a sequence that the parser reads.
func TestGroundVectorBSAfterText(t *testing.T) {
	if !useGroundVector {
		t.Skip("no vector loop here")
	}
	filler := strings.Repeat("abcdefgh", 40)
	for _, c := range []struct {
		before string
		erase  bool
		past   bool
	}{
		{"", false, false}, {"\x01\x7f", false, false}, {"\x98ab\x9c", false, false}, {"\x01\x9dti\a", false, false},
		{"a", false, true}, {"\x01a", false, true}, {"\xff", false, true}, {"\x98ab\x9cc", false, true}, {"\u00e9", false, true},
		{filler[:70], false, true}, {filler[:64], false, true}, {filler[:61], false, true}, {"a", true, false}, {filler[:70], true, false},
	} {
		for _, at := range []int{0, 3} {
			src := []byte(strings.Repeat("\x01", at) + c.before + "\b" + filler)
			cl := vectorCleaner(maxLineEvents)
			cl.crPending = true
			if c.erase {
				cl.opts.BS = BSErase
			}
			bs := at + len(c.before)
			_, m, _, _, _ := cl.groundBlocks(make([]byte, groundBatch), src)
			if past := m > bs; past != c.past {
				t.Errorf("%+q, BS erases %v: the vector loop read %d bytes, past the BS at %d %v, want %v", c.before, c.erase, m, bs, past, c.past)
			}
		}
		for _, end := range []string{"\n", "\r\n", "\rx\n", ""} {
			in := "text\r\x1b[m" + c.before + "\bx\by" + end + filler
			opts := Options{}
			if c.erase {
				opts.BS = BSErase
			}
			checkGroundVector(t, []byte(in), opts)
			opts.CR = CROverwrite
			checkGroundVector(t, []byte(in), opts)
		}
	}
}

// TestGroundVectorReads checks that the vector loop reads on past each
// kind of byte it drops or writes, so that the tests above try it: in
// random bytes it reads most of the input.
func TestGroundVectorReads(t *testing.T) {
	if !useGroundVector {
		t.Skip("no vector loop here")
	}
	r := rand.New(rand.NewPCG(5, 6))
	src := make([]byte, 1<<16)
	for k := range src {
		src[k] = byte(r.Uint32())
	}
	c := vectorCleaner(maxLineEvents)
	dst := make([]byte, groundBatch)
	read := 0
	var lineEnds [256]int // by control
	for i := 0; len(src)-i >= groundBlock+3; i++ {
		c.passSkip = maxLineEvents // as after lines that did not pass
		_, m, _, _, lines := c.groundBlocks(dst, src[i:])
		for i := range lines {
			lineEnds[byte(c.lineEvents[2*i]>>16)]++
		}
		read += m
		i += m
	}
	seqs := c.Report().Sequences
	if dropped := seqs.SOS + seqs.PM; read < len(src)*3/4 || dropped == 0 || seqs.DCS == 0 || lineEnds['\n'] == 0 || lineEnds['\r'] == 0 {
		t.Errorf("the vector loop read %d of %d random bytes, dropped %d SOS and PM strings and %d DCSs, and read on past %d LFs and %d CRs",
			read, len(src), dropped, seqs.DCS, lineEnds['\n'], lineEnds['\r'])
	}
}

// FuzzGroundVector checks Clean with and without the vector loop, and
// against the parser alone, on any input, repeated to be long enough for
// the loop's blocks.
func FuzzGroundVector(f *testing.F) {
	f.Add([]byte("a\x98s\xe2\x82\x9c\x9d0;t\a\x9d8;;u\x9c\x9ep\x85b\xc2\x9f\x1bx\x9d52;c\x1b\\\x9e\xc2"), uint8(0))
	f.Add([]byte("\xc3\xa9\xc2\xa0\xe2\x80\x8b\xcd\x8f\x01\x7f\b\r\n"), uint8(1))
	f.Add([]byte("\x9dtitle\x07\x98x\xc2\x9c\xf0\x9f\x98\x80\xff\xfe"), uint8(2))
	f.Add([]byte("\x01top\x1b(B\x1b[m\x1b[39;49m x\x1b(B\x1b[m\x1b[39;48m\x1b(A\x1b[m\r\n\x85"), uint8(2))
	f.Fuzz(func(t *testing.T, data []byte, mode uint8) {
		if len(data) == 0 || len(data) > 1000 {
			return
		}
		in := data
		for len(in) < 200 {
			in = append(in, data...)
		}
		checkGroundVector(t, in, groundVectorOptions[int(mode)%len(groundVectorOptions)])
	})
}

// BenchmarkGroundVector runs the Cleaner with and without the vector loop
// on random bytes, on binary output (mostly zeros and small integers), and
// on text dense with the bytes the loop stops at, where groundRun reads
// on a byte at a time after the loop stops early.
func BenchmarkGroundVector(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	random := make([]byte, 1<<20)
	binary := make([]byte, 1<<20)
	for k := range random {
		random[k] = byte(rng.Uint32())
		if rng.IntN(3) == 0 {
			binary[k] = byte(rng.Uint32())
		}
	}
	inputs := []struct {
		name string
		src  []byte
	}{
		{"random", random},
		{"binary", binary},
		{"stop-dense", []byte(strings.Repeat("ab\x01\u00adxyz\x85", 1<<17))},
	}
	for _, in := range inputs {
		for _, vector := range groundPaths(b) {
			name := in.name + "/bytes"
			if vector {
				name = in.name + "/vector"
			}
			b.Run(name, func(b *testing.B) {
				was := useGroundVector
				useGroundVector = vector
				defer func() { useGroundVector = was }()
				b.SetBytes(int64(len(in.src)))
				b.ReportAllocs()
				c := NewCleaner(Options{Limits: Limits{MaxOutput: -1}})
				dst := make([]byte, 64<<10)
				for b.Loop() {
					c.Reset()
					for src := in.src; len(src) > 0; {
						_, n, _ := c.Transform(dst, src, true)
						src = src[n:]
					}
				}
			})
		}
	}
}
