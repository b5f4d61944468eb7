package term

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/racebuild"
	"github.com/plainsight-dev/plainsight/internal/terminfo"
)

// colourPaths returns the ways Transform can read a colour log here:
// colourRun alone always, the vector loop first where the processor has
// one. Under CI=true on amd64 a missing vector loop is logged.
func colourPaths(tb testing.TB) []bool {
	return vectorPaths(tb, useColourVector, colourVectorBuilt, "the vector loop over colour logs")
}

// setColourVector turns the vector loop over colour logs on or off and
// returns what restores it.
func setColourVector(on bool) (restore func()) { return setVector(&useColourVector, on) }

// colourBlocksText is text with no stop, longer than the vector loop's
// margin: it reads an SGR before it and then blocks of it.
var colourBlocksText = strings.Repeat("text\tand more\n", 12)

// TestColourBlocksAgrees checks the vector loop against colourRun on each
// SGR of sgrCases and other CSIs, from each colour state, followed by
// text, in Strip mode: it must take exactly the SGRs that colourRun takes
// without weighing colours (colourRunWeighs off) and writes as they are
// or without the leading zeros of their parameters, ESC [ m, which it
// writes ESC [ 0 m, and the CSIs that
// colourRun drops, with colourRun's output and colour state; and it must
// leave every other sequence with the colour state untouched.
func TestColourBlocksAgrees(t *testing.T) {
	if !useColourVector {
		colourPaths(t)
		t.Skip("no vector loop over colour logs here")
	}
	starts, tails := sgrCases()
	// The CSIs that Strip mode drops, as progress bars write them, and
	// those the loops leave: too many or too long parameters, an
	// intermediate, a private marker before 'm'.
	tails = append(tails, "K", "0K", "2K", "A", "3A", "10;20H", "1;2;3;4H", "?25l", "?2004h", "?1049h",
		"1;2;3;4;5H", "1;2;3;4;5;6H", "1000A", "2 q", "?1m", "?m", "?h", "?;h", "?25;1m", ">4;1m", "[", "1;H",
		"?1234567890123456h", "?12345678901234567h", "?1;2;3;4;5;6;7;8h", "?1;2;3;4;5;6;7;8;9h")
	defer func() { colourRunWeighs = true }()
	colourRunWeighs = false
	accepted := 0
	for name, start := range starts {
		for _, tail := range tails {
			sgr := "\x1b[" + tail
			src := []byte(sgr + colourBlocksText)
			slow := start
			ref := make([]byte, len(src)+maxSGRLen)
			rn, rw := colourRun(ref, src, &slow, true)
			text := rn - len(sgr) // of colourBlocksText, copied as it is
			takes := text >= 0 && !slow.settle &&
				(string(ref[:rw-text]) == withoutLeadingZeros(sgr) || sgr == "\x1b[m" || rw == text)

			fast := start
			dst := make([]byte, len(src)+maxSGRLen)
			n, w := colourBlocks(dst, src, &fast, true)
			switch {
			case !takes && n == 0:
				if fast != start {
					t.Errorf("%s: %+q left but changed the colour state to %+v", name, sgr, fast)
				}
			case !takes:
				t.Errorf("%s: %+q taken (%d bytes), which colourRun does not take as it is", name, sgr, n)
			case n < len(sgr):
				t.Errorf("%s: %+q left (%d bytes read), which colourRun takes as it is", name, sgr, n)
			default:
				accepted++
				want := string(ref[:rw-text]) + colourBlocksText[:n-len(sgr)]
				if got := string(dst[:w]); got != want || fast != slow {
					t.Errorf("%s: %+q: colourRun %+q, %+v; the vector loop %+q, %+v", name, sgr, want, slow, got, fast)
				}
			}
		}
	}
	if want := len(starts) * 200; accepted < want {
		t.Errorf("the vector loop took %d of the SGRs, fewer than %d: the test checks little", accepted, want)
	}
}

// withoutLeadingZeros returns the SGR sgr, ESC [ parameters m, with the
// leading zeros of each parameter left out, and anything else as it is.
func withoutLeadingZeros(sgr string) string {
	params, ok := strings.CutPrefix(sgr, "\x1b[")
	if !ok {
		return sgr
	}
	if params, ok = strings.CutSuffix(params, "m"); !ok {
		return sgr
	}
	values := strings.Split(params, ";")
	for i, v := range values {
		if t := strings.TrimLeft(v, "0"); t != v {
			values[i] = cmp.Or(t, "0")
		}
	}
	return "\x1b[" + strings.Join(values, ";") + "m"
}

// TestColourBlocksReadsColourLog checks that the vector loop reads a
// colour log, the build log of bench/run, to its last blocks, in English
// and with its words in other scripts.
func TestColourBlocksReadsColourLog(t *testing.T) {
	if !useColourVector {
		colourPaths(t)
		t.Skip("no vector loop over colour logs here")
	}
	scripts := strings.NewReplacer("service", "服务", "request", "запрос", "handled in", "تمت معالجة", "INFO", "情報", "ms\x1b", "毫秒😀\x1b")
	for _, log := range []string{buildLog(64 << 10), scripts.Replace(buildLog(64 << 10))} {
		src := []byte(log)
		dst := make([]byte, len(src)+maxSGRLen)
		var c colours
		n, w := colourBlocks(dst, src, &c, true)
		if n <= len(src)-colourMargin || n != w || string(dst[:w]) != string(src[:n]) {
			t.Fatalf("%.40q: read %d and wrote %d bytes of %d, the output differing from the input at %d", log, n, w, len(src), firstDiff(dst[:w], src[:n]))
		}
	}
}

// TestColourBlocksReadsProgress checks that the vector loop reads the
// redraws of progress bars to its last blocks, in Strip mode, as
// Transform without it writes them: the CR before text or a braille
// spinner, the erases (ESC [ K, ESC [ 2 K) and cursor moves between
// them, and the cursor hidden.
func TestColourBlocksReadsProgress(t *testing.T) {
	if !useColourVector {
		colourPaths(t)
		t.Skip("no vector loop over colour logs here")
	}
	var b strings.Builder
	b.WriteString("\x1b[?25l")
	for i := 0; b.Len() < 16<<10; i++ {
		fmt.Fprintf(&b, "\r\x1b[K\x1b[1m\x1b[36m    Building\x1b[0m [%-24s] %d/240: serde", strings.Repeat("=", i%24), i)
		fmt.Fprintf(&b, "\x1b[2K\r%c reify:serde: \x1b[90mtiming\x1b[0m reifyNode:node_modules/serde Completed in %dms", []rune("⠋⠙⠹⠸")[i%4], i)
		fmt.Fprintf(&b, "\x1b[%dA\r%07x: Downloading [%-40s] %d.%dMB/45.6MB\r\x1b[%dB", 1+i%3, i, strings.Repeat("=", i%40), i%45, i%10, 1+i%3)
	}
	src := []byte(b.String())
	dst := make([]byte, len(src)+maxSGRLen)
	var c colours
	n, w := colourBlocks(dst, src, &c, true)
	restore := setColourVector(false)
	want := sanitizeChunks(Options{}, string(src[:n]))
	restore()
	if n <= len(src)-colourMargin || string(dst[:w]) != want {
		t.Fatalf("read %d and wrote %d bytes of %d, the output differing from Transform's at %d", n, w, len(src), firstDiff(dst[:w], []byte(want)))
	}
}

// TestColourLoopsLeaveCSIRuns checks that colourRun leaves a CSI that
// Strip mode drops to the caller when another ESC follows it (dropRun
// drops a run of them, a flood of one at once), and that colourBlocks
// leaves it only where its copies follow, and reads on over the
// sequences after it otherwise, up to a lone ESC.
func TestColourLoopsLeaveCSIRuns(t *testing.T) {
	text := strings.Repeat("text ", 40)
	for _, csi := range []string{"\x1b[2K", "\x1b[A", "\x1b[3A", "\x1b[10;20H", "\x1b[?25l"} {
		for _, next := range []string{"\x1b[1m", strings.Repeat(csi, 4), "\x1b"} {
			src := []byte("ab" + csi + next + text)
			dst := make([]byte, len(src)+maxSGRLen)
			var c colours
			if n, _ := colourRun(dst, src, &c, true); n != 2 {
				t.Errorf("colourRun read %d bytes of %+q, not up to the CSI", n, src)
			}
			if !useColourVector {
				continue
			}
			want := len(src) - colourMargin // up to the last block, which it leaves
			switch next {
			case "\x1b":
				want = 2 + len(csi)
			case strings.Repeat(csi, 4):
				want = 2
			}
			if n, _ := colourBlocks(dst, src, &c, true); n < want || next != "\x1b[1m" && n != want {
				t.Errorf("colourBlocks read %d bytes of %+q, want %d", n, src, want)
			}
		}
	}
}

// TestColourRunDropsControls checks where colourRun, in Strip mode,
// drops a C0 control and goes on: before text, ESC or a UTF-8 lead byte
// (the CR of a redraw before a spinner), not before another control or a
// byte that no character starts with, which ground reads.
func TestColourRunDropsControls(t *testing.T) {
	tests := []struct {
		after string
		want  int
	}{
		{"x", 3}, {"\x1b[1m", 3}, {"⠋", 3}, {"é", 3}, {"\U0001f600", 3},
		{"\r", 2}, {"\a", 2}, {"\x80", 2}, {"\xc1", 2}, {"\xf5", 2},
	}
	for _, tc := range tests {
		src := []byte("ab\r" + tc.after + strings.Repeat(" ", 8))
		dst := make([]byte, len(src)+maxSGRLen)
		var c colours
		if n, _ := colourRun(dst, src, &c, true); min(n, 3) != tc.want {
			t.Errorf("colourRun read %d bytes of %+q, want %d or more", n, src, tc.want)
		}
	}
}

// TestColourBlocksUTF8 checks the vector loop's reading of bytes from
// 0x80 against Transform without it: each lead byte and each byte that
// is none, before second, third and fourth bytes on each side of the
// ranges that continue it, at each place around the end of the loop's
// first block, in Strip and Visualize mode. Where the bytes make a whole
// character other than a C1 control, the loop must read it and go on
// past it: one that ends past a block starts the next.
func TestColourBlocksUTF8(t *testing.T) {
	if !useColourVector {
		colourPaths(t)
		t.Skip("no vector loop over colour logs here")
	}
	seconds := []byte{0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xff}
	laters := []byte{0x41, 0x80, 0xbf, 0xc0}
	const sgr = "\x1b[1m"
	tail := strings.Repeat("b", colourMargin+8)
	dst := make([]byte, 512)
	whole, k := 0, 0
	for lead := 0x80; lead <= 0xff; lead++ {
		for _, second := range seconds {
			for _, third := range laters {
				for _, fourth := range laters {
					seq := string([]byte{byte(lead), second, third, fourth})
					r, size := utf8.DecodeRuneInString(seq)
					text := r != utf8.RuneError && (r < 0x80 || r > 0x9f)
					if text {
						whole++
					}
					for at := 56; at <= 66; at++ {
						if k++; !racebuild.Keep(k) {
							continue
						}
						in := sgr + strings.Repeat("a", at-len(sgr)) + seq + tail
						for _, opts := range []Options{{}, {Mode: Visualize}} {
							restore := setColourVector(false)
							want := sanitizeChunks(opts, in)
							restore()
							restore = setColourVector(true)
							got := sanitizeChunks(opts, in)
							restore()
							if got != want {
								t.Fatalf("%+v: %+q at %d: with the vector loop %+q, without %+q", opts, seq, at, got, want)
							}
						}
						var c colours
						if n, _ := colourBlocks(dst, []byte(in), &c, true); text && n < at+size {
							t.Fatalf("%+q at %d: the vector loop read %d bytes, not past the character", seq, at, n)
						}
					}
				}
			}
		}
	}
	if whole < 1000 {
		t.Errorf("%d whole characters among the bytes: the test checks little", whole)
	}
}

// TestTextPrefix holds textPrefix, with the vector loop, to textRun on
// text put together from colourLogPieces, whose bytes from 0x80 make
// whole characters and not, and on each lead byte and byte that is none
// before second, third and fourth bytes on each side of the ranges that
// continue it, at each place around the end of the first block. It
// checks that the loop reads clean text to its last blocks.
func TestTextPrefix(t *testing.T) {
	if !useColourVector {
		colourPaths(t)
		t.Skip("no vector loop here")
	}
	check := func(src []byte) {
		t.Helper()
		if got, want := textPrefix(src), textRun(src); got != want {
			t.Fatalf("%+q: textPrefix %d, textRun %d", src, got, want)
		}
	}
	rng := rand.New(rand.NewPCG(9, 10))
	for range 2000 {
		check([]byte(randomColourLog(rng, 20+rng.IntN(100))))
	}
	text := "text\tand more 服务 сервис 😀\n"
	for _, seq := range []string{"\x00", "\r", "\x1b", "\x7f", "\x80", "\xc2\x85", "\xc2\xa0", "\xe2\x80", "\xed\xa0\x80", "\xf0\x9f\x98", "\xf4\x90\x80\x80", "é", "\u0800", "\U0010ffff"} {
		for at := 0; at <= 140; at++ {
			check([]byte(strings.Repeat(text, 6)[:at] + seq + strings.Repeat(text, 6)))
		}
	}
	seconds := []byte{0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xff}
	for lead := 0x80; lead <= 0xff; lead++ {
		for _, second := range seconds {
			for _, later := range []byte{0x41, 0x80, 0xbf, 0xc0} {
				for at := 58; at <= 66; at++ {
					check([]byte(strings.Repeat("a", at) + string([]byte{byte(lead), second, later, later}) + strings.Repeat("b", colourMargin)))
				}
			}
		}
	}
	prose := []byte(strings.Repeat(text, 400))
	if n := textBlocks(prose); n <= len(prose)-colourMargin {
		t.Errorf("the vector loop read %d bytes of %d of clean text", n, len(prose))
	}
}

// firstDiff returns the index of the first byte where a and b differ.
func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// buildLog is a colour-heavy build log, as a test runner writes it: SGRs
// around levels, names and durations. It is bench/run's build log
// (bench/inputs.go), which term's tests cannot import: bench is a module
// of its own that imports term.
func buildLog(n int) string {
	var b strings.Builder
	levels := []string{"\x1b[32mINFO\x1b[0m", "\x1b[33mWARN\x1b[0m", "\x1b[1;31mFAIL\x1b[0m", "\x1b[38;5;244mDEBUG\x1b[0m"}
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "%s 12:%02d:%02d \x1b[1mservice-%d\x1b[0m: request /api/v1/items/%d handled in \x1b[36m%dms\x1b[0m\n",
			levels[i%len(levels)], i/60%60, i%60, i%7, i, i%250)
	}
	return b.String()
}

// TestColourBlocksAgreesWithParser compares Transform with and without
// the vector loop, and the parser alone, on colour logs put together from
// colourLogPieces, long enough for the vector loop's blocks, in every
// mode: whole, cut in two and through a small dst.
func TestColourBlocksAgreesWithParser(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 600 {
		checkColourPaths(t, rng, randomColourLog(rng, 20+rng.IntN(200)), 200)
	}
	for _, in := range []string{buildLog(4 << 10), strings.ReplaceAll(buildLog(4<<10), "\x1b[0m", "\x1b[m")} {
		checkColourPaths(t, rng, in, 200)
	}
}

// randomColourLog returns n of colourLogPieces drawn at random.
func randomColourLog(rng *rand.Rand, n int) string {
	var b strings.Builder
	for range n {
		b.WriteString(colourLogPieces[rng.IntN(len(colourLogPieces))])
	}
	return b.String()
}

// checkColourPaths compares Transform on in with the parser alone, and
// with and without the vector loop over colour logs, in every mode:
// whole, cut in two at a random place, and through a dst of maxSGRLen + 1
// up to maxSGRLen + dstSpread bytes, drawn for each mode.
func checkColourPaths(t *testing.T, rng *rand.Rand, in string, dstSpread int) {
	t.Helper()
	for _, opts := range allOptions {
		slow := New(opts)
		slow.noFastPath = true
		want := slow.run(in, true) + slow.Finish()
		cut := rng.IntN(len(in) + 1)
		dstSize := maxSGRLen + 1 + rng.IntN(dstSpread)
		for _, vector := range colourPaths(t) {
			restore := setColourVector(vector)
			got := []string{
				sanitizeChunks(opts, in),
				sanitizeChunks(opts, in[:cut], in[cut:]),
				transformAll(t, New(opts), []byte(in), dstSize, len(in)),
			}
			restore()
			for k, g := range got {
				if g != want {
					t.Fatalf("%+v, vector loop %v, way %d (cut at %d, dst %d): %+q\ngot    %+q\nparser %+q", opts, vector, k, cut, dstSize, in, g, want)
				}
			}
		}
	}
}

// FuzzColourBlocks holds Transform with the vector loop over colour logs
// to Transform without it, in every mode, on the input repeated past the
// loop's margin.
func FuzzColourBlocks(f *testing.F) {
	for _, s := range append(fuzzSeeds(), colourLogPieces...) {
		f.Add([]byte(s), uint16(300))
	}
	f.Add([]byte("\x1b[1;31mFAIL\x1b[0m x \x1b[38;5;244my\x1b[m\n"), uint16(200))
	f.Fuzz(func(t *testing.T, data []byte, room uint16) {
		if len(data) == 0 {
			return
		}
		src := string(bytes.Repeat(data, 300/len(data)+1))
		if got, want := textPrefix([]byte(src)), textRun([]byte(src)); got != want {
			t.Fatalf("%+q: textPrefix %d, textRun %d", src, got, want)
		}
		for _, opts := range allOptions {
			var got []string
			for _, vector := range colourPaths(t) {
				restore := setColourVector(vector)
				got = append(got, transformSmallDst(t, New(opts), src, maxSGRLen+int(room)%512))
				restore()
			}
			if got[len(got)-1] != got[0] {
				t.Fatalf("%+v: %+q: with the vector loop %+q, without %+q", opts, src, got[len(got)-1], got[0])
			}
		}
	})
}

// BenchmarkColourVector measures Transform over a colour log with
// colourRun alone and with the vector loop first, in the same run.
func BenchmarkColourVector(b *testing.B) {
	src := []byte(buildLog(1 << 20))
	for _, vector := range colourPaths(b) {
		name := "colourRun"
		if vector {
			name = "vector"
		}
		b.Run(name, func(b *testing.B) {
			defer setColourVector(vector)()
			benchTransform(b, new(Sanitizer), src)
		})
	}
}

// TestSGR0Word checks the word the vector loop compares xterm's sgr0 with.
func TestSGR0Word(t *testing.T) {
	var b [8]byte
	copy(b[:], terminfo.SGR0)
	if got := binary.LittleEndian.Uint64(b[:]); len(terminfo.SGR0) != 6 || got != sgr0Word {
		t.Errorf("sgr0Word = %#x, want %#x (%d bytes)", uint64(sgr0Word), got, len(terminfo.SGR0))
	}
}
