package plainsight

import (
	"encoding/binary"
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/plainsight-dev/plainsight/internal/escape"
)

// This file holds the padding reading: whitespace that pushes part of the
// text out of view, with no special character at all. Three shapes, each
// with its threshold (documented with the kind, in kinds.txtar):
//
//   - a run of paddingBlankLines or more blank lines (lines that hold
//     only spaces, tabs and carriage returns), which scrolls what comes
//     before it out of a window or what comes after it below a prompt;
//   - a run of spaces and tabs paddingColumns or more columns wide before
//     more text on the same line, which pushes that text past the right
//     edge of a view that does not wrap, or onto a row of its own far
//     from the start of its line;
//   - a line of more than paddingLineWidth characters, whose end is out
//     of view wherever lines are not wrapped.
//
// The reading needs no decode: it looks only at ASCII bytes, and counts
// characters only on a line already longer than paddingLineWidth bytes.
// It runs over the input once more, apart from the loop, because clean
// ASCII never reaches the loop: see hasPadding for what that costs.

const (
	// paddingBlankLines is the fewest blank lines in a row that warn.
	paddingBlankLines = 5
	// paddingColumns is the fewest columns a run of spaces and tabs
	// before more text must take to warn; a tab counts as eight, the
	// most it can take.
	paddingColumns = 64
	// paddingLineWidth is the most characters a line may hold without a
	// warning.
	paddingLineWidth = 1024
	// paddingMinRun is the fewest bytes a run of whitespace that warns
	// takes: the newlines of paddingBlankLines blank lines.
	paddingMinRun = paddingBlankLines + 1
)

// A paddingShape says which of the three shapes a padding run has.
type paddingShape uint8

const (
	paddingLines  paddingShape = iota + 1 // blank lines
	paddingSpaces                         // spaces and tabs before more text
	paddingWide                           // a line too long
)

// A paddingRun is one occurrence of padding: its shape, its span in the
// input, and its size (blank lines, spaces and tabs, or characters).
type paddingRun struct {
	shape      paddingShape
	start, end int
	n, tabs    int // tabs: paddingSpaces, how many of the n are tabs
}

// isPad reports whether c may be part of a run of padding.
func isPad(c byte) bool { return c == ' ' || c == '\n' || c == '\t' || c == '\r' }

// hasPadding reports whether text holds padding. It is what clean ASCII
// pays: one pass a word at a time, and one backward search for a newline
// every paddingLineWidth bytes.
func hasPadding(text string) bool {
	if len(text) < paddingBlankLines {
		return false
	}
	if _, ok := nextBlank(text, 0); ok {
		return true
	}
	_, ok := nextWide(text, 0, true) // clean ASCII
	return ok
}

// padPairBlocks is escape.PadPairBlocks; the tests turn it off to hold the
// word loop alone to the same reference.
var padPairBlocks = escape.PadPairBlocks

// nextBlank returns the first run of blank lines or of spaces before text
// that starts at or after from. Any run long enough to warn holds
// paddingMinRun pad bytes in a row, or paddingBlankLines at the start of
// the text; ordinary text, even indented with tabs, has few such runs,
// and only they are looked at closer. They are found a word at a time
// (padLanes): a lane ends a pair of pad bytes when it and the lane before
// it are pad bytes, and six in a row when it ends three pairs, two lanes
// apart.
func nextBlank(text string, from int) (paddingRun, bool) {
	b := unsafe.Slice(unsafe.StringData(text), len(text))
	lo := from // no run starts before lo
	if from == 0 && len(text) >= paddingBlankLines && isPad(text[0]) && isPad(text[1]) &&
		isPad(text[2]) && isPad(text[3]) && isPad(text[4]) {
		run, ok, end := padRunAt(text, 1, 0)
		if ok {
			return run, true
		}
		lo = end
	}
	i := from
	var l3, p3 uint64 // the pad lanes and pair ends of the word before b[i:]
	for ; i+32 <= len(b); i += 32 {
		w := b[i : i+32 : i+32] // one bounds check for the four words
		l0 := padLanes(binary.LittleEndian.Uint64(w[0:8]))
		l1 := padLanes(binary.LittleEndian.Uint64(w[8:16]))
		l2 := padLanes(binary.LittleEndian.Uint64(w[16:24]))
		// Pair ends: the lane before lane 0 is the last of the word before.
		p0 := l0 & (l0<<8 | l3>>56)
		p1 := l1 & (l1<<8 | l0>>56)
		p2 := l2 & (l2<<8 | l1>>56)
		l3 = padLanes(binary.LittleEndian.Uint64(w[24:32]))
		q3 := l3 & (l3<<8 | l2>>56)
		if p0|p1|p2|q3 == 0 {
			// No pair of pad bytes: the usual word of text, single
			// spaces between words. The vector loop, where there is
			// one, reads on through the blocks that start no pair;
			// the word before the next block then ends none.
			p3 = 0
			if k := padPairBlocks(b[i+32:]); k > 0 {
				i += k
				l3 = padLanes(binary.LittleEndian.Uint64(b[i+24 : i+32]))
			}
			continue
		}
		// Six in a row end where three pairs end, each two lanes after the last.
		s0 := p0 & (p0<<16 | p3>>48) & (p0<<32 | p3>>32)
		s1 := p1 & (p1<<16 | p0>>48) & (p1<<32 | p0>>32)
		s2 := p2 & (p2<<16 | p1>>48) & (p2<<32 | p1>>32)
		s3 := q3 & (q3<<16 | p2>>48) & (q3<<32 | p2>>32)
		p3 = q3
		if s0|s1|s2|s3 == 0 || i+26 < lo {
			// None, or all in a run judged already (below).
			continue
		}
		for k, s := range [4]uint64{s0, s1, s2, s3} {
			for ; s != 0; s &= s - 1 {
				j := i + 8*k + bits.TrailingZeros64(s)/8 // text[j-5:j+1] are pad bytes
				if j-5 < lo {
					continue // in a run judged already
				}
				run, ok, end := padRunAt(text, j, lo)
				if ok {
					return run, true
				}
				lo = end
			}
		}
	}
	for i = max(i, lo+1); i < len(text); i++ {
		if isPad(text[i]) && isPad(text[i-1]) {
			run, ok, end := padRunAt(text, i, lo)
			if ok {
				return run, true
			}
			lo, i = end, end
		}
	}
	return paddingRun{}, false
}

// padRunAt judges the run of pad bytes that holds text[j], where none
// starts before lo, and returns its padding if it has some, and where the
// run ends. The word loops find text[j] among bytes up to 0x20, any C0
// control: when it is not a pad byte, no run holds it, and the runs on
// either side are apart; end is then past it and the other such controls
// right after it.
func padRunAt(text string, j, lo int) (run paddingRun, ok bool, end int) {
	if !isPad(text[j]) {
		// Another C0 control, which the word loops took for a pad
		// byte: no run holds it or the controls after it, which a
		// flood of them (ESC) would make the loops judge one by one.
		e := j + 1
		for ; e+8 <= len(text); e += 8 {
			w := binary.LittleEndian.Uint64(unsafe.Slice(unsafe.StringData(text[e:]), 8))
			if l := padLanes(w); l != padHighs || padExact(w, l) != 0 {
				break
			}
		}
		for e < len(text) && text[e] <= 0x20 && !isPad(text[e]) {
			e++
		}
		return paddingRun{}, false, e
	}
	a, e := j, j+1
	for a > lo && isPad(text[a-1]) {
		a--
	}
	for e < len(text) && isPad(text[e]) {
		e++
	}
	if e-a < paddingMinRun && (a > 0 || e-a < paddingBlankLines) {
		// Too short, but at the start of the text, where the first
		// line is blank too.
		return paddingRun{}, false, e
	}
	run, ok = paddingIn(text, a, e)
	return run, ok, e
}

// padHighs is a word with the high bit of each lane set: padLanes of
// eight bytes up to 0x20.
const padHighs = 0x8080808080808080

// padExact keeps the lanes of l, padLanes(w), that hold a pad byte
// (isPad): among the bytes up to 0x20, space and 0x09, 0x0A and 0x0D.
// Each add sets a lane's high bit where the lane is at least a bound; the
// high bits of w are cleared first so that no add carries into the lane
// above.
func padExact(w, l uint64) uint64 {
	const ones = 0x0101010101010101
	w7 := w &^ padHighs
	space := w7 + ones*(0x80-0x20)
	tabLF := (w7 + ones*(0x80-0x09)) &^ (w7 + ones*(0x80-0x0b))
	cr := (w7 + ones*(0x80-0x0d)) &^ (w7 + ones*(0x80-0x0e))
	return l & (space | tabLF | cr)
}

// padLanes sets the high bit of each byte lane of w that is at most 0x20
// and below 0x80: space, and every C0 control, among them '\n', '\t' and
// '\r'. A pair of such bytes is what padRunAt looks at; the controls
// other than those three end a run there.
func padLanes(w uint64) uint64 {
	const ones = 0x0101010101010101
	return ^((w | padHighs) - ones*0x21) &^ w & padHighs
}

// paddingIn judges text[a:b], a whole run of padding bytes: the blank
// lines in it, or else the spaces and tabs it ends with when more text
// follows on their line.
func paddingIn(text string, a, b int) (paddingRun, bool) {
	run := text[a:b]
	first := strings.IndexByte(run, '\n')
	if first >= 0 {
		last := strings.LastIndexByte(run, '\n')
		blank := strings.Count(run, "\n") - 1
		start := a + first + 1
		if a == 0 {
			// The text opens with a blank line.
			blank, start = blank+1, 0
		}
		if blank >= paddingBlankLines {
			return paddingRun{shape: paddingLines, start: start, end: a + last + 1, n: blank}, true
		}
		a += last + 1
	}
	if b == len(text) || b-a < paddingColumns/8 {
		return paddingRun{}, false
	}
	cols, spaces, tabs := 0, 0, 0
	for _, c := range []byte(text[a:b]) {
		switch c {
		case ' ':
			cols++
			spaces++
		case '\t':
			cols += 8
			tabs++
		default: // '\r', shown as an escape
			cols += 2
		}
	}
	if cols < paddingColumns {
		return paddingRun{}, false
	}
	return paddingRun{shape: paddingSpaces, start: a, end: b, n: spaces + tabs, tabs: tabs}, true
}

// nextWide returns the first line longer than paddingLineWidth characters
// that starts at or after from, a line start; valid says that text is
// valid UTF-8. It asks where the last newline is in each window of
// paddingLineWidth+1 bytes: a window without one lies in a line that long.
func nextWide(text string, from int, valid bool) (paddingRun, bool) {
	for p := from; len(text)-p > paddingLineWidth; {
		k := strings.LastIndexByte(text[p:p+paddingLineWidth+1], '\n')
		if k >= 0 {
			p += k + 1
			continue
		}
		e := strings.IndexByte(text[p:], '\n')
		if e < 0 {
			e = len(text)
		} else {
			e += p
		}
		if n := runeCount(text[p:e], valid); n > paddingLineWidth {
			return paddingRun{shape: paddingWide, start: p, end: e, n: n}, true
		}
		p = e + 1
	}
	return paddingRun{}, false
}

// runeCount returns utf8.RuneCountInString(s); valid says that s is
// valid UTF-8, where the count is the bytes that are not continuation
// bytes, counted a word at a time.
func runeCount(s string, valid bool) int {
	if !valid {
		return utf8.RuneCountInString(s)
	}
	n, i := len(s), 0
	b := unsafe.Slice(unsafe.StringData(s), len(s))
	for ; i+8 <= len(b); i += 8 {
		// A continuation byte, 10xxxxxx: its high bit set, the next
		// one clear.
		w := binary.LittleEndian.Uint64(b[i:])
		n -= bits.OnesCount64(w &^ (w << 1) & 0x8080808080808080)
	}
	for ; i < len(b); i++ {
		if b[i]&0xC0 == 0x80 {
			n--
		}
	}
	return n
}

// marker returns the token of a padding run, the marker render shows in
// its place: ⟨120 blank lines⟩, ⟨8,000 spaces⟩.
func (p paddingRun) marker() string {
	switch p.shape {
	case paddingLines:
		return PaddingMarker(p.n, 0, 0)
	case paddingSpaces:
		return PaddingMarker(0, p.n-p.tabs, p.tabs)
	}
	return "\u27e8line of " + groupDigits(p.n) + " characters\u27e9"
}

// PaddingMarker returns the marker that stands for a run of padding in a
// presentation that folds it: "⟨120 blank lines⟩" when lines is not zero,
// else "⟨8,000 spaces⟩", "⟨12 tabs⟩" or "⟨64 spaces and 3 tabs⟩". It is the
// token of a [KindPadding] warning for such a run.
func PaddingMarker(lines, spaces, tabs int) string {
	var s string
	switch {
	case lines > 0:
		s = plural(lines, "blank line")
	case tabs == 0:
		s = plural(spaces, "space")
	case spaces == 0:
		s = plural(tabs, "tab")
	default:
		s = plural(spaces, "space") + " and " + plural(tabs, "tab")
	}
	return "\u27e8" + s + "\u27e9"
}

// plural returns "1 space", "8,000 spaces".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return groupDigits(n) + " " + noun + "s"
}

// groupDigits writes n with commas between groups of three digits.
func groupDigits(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// findPadding records every padding run of the text, in input order:
// the runs of whitespace and the wide lines are two scans, each going
// forward only, whose runs are taken in turn. A wide line and a run of
// whitespace may start together (a wide line that opens with spaces, or
// one of spaces alone that is the first of a run of blank lines); the one
// that holds the other is taken first.
func (s *sanitizer) findPadding() {
	text := s.Text
	blank, blankOK := nextBlank(text, 0)
	// Every byte of invalid UTF-8 is reported.
	valid := !s.found.has(KindInvalidUTF8)
	wide, wideOK := nextWide(text, 0, valid)
	for blankOK || wideOK {
		var run paddingRun
		if wideOK && (!blankOK || wide.start < blank.start || wide.start == blank.start && wide.end >= blank.end) {
			run = wide
			wide, wideOK = nextWide(text, wide.end+1, valid) // past its newline
		} else {
			run = blank
			blank, blankOK = nextBlank(text, blank.end)
		}
		tok := run.marker()
		why := reason{how: becausePadding, tok: tok, n: int(run.shape)}
		f := s.found.addNeutral(KindPadding, KindPadding.Severity(), tok, why)
		s.found.locatePending(f, Span{run.start, run.end})
	}
}

// explainPadding words the explanation of the first padding run, of the
// shape shape with the marker tok.
func explainPadding(shape paddingShape, tok string) string {
	variant := ""
	switch shape {
	case paddingSpaces:
		variant = "spaces"
	case paddingWide:
		variant = "line"
	}
	return fill(KindPadding.explanation(variant), func(word string) (string, bool) {
		if word == "token" {
			return tok, true
		}
		return "", false
	})
}
