package escape

import (
	"encoding/binary"
	"math/bits"
	"unsafe"
)

// Word-at-a-time classification of ASCII, after the SWAR tricks in "Bit
// Twiddling Hacks". Each test works on the low seven bits of every byte
// lane, whose sums stay below 0x100, so no carry crosses lanes and each
// lane's answer is exact.
const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
	lows  = 0x7F7F7F7F7F7F7F7F
)

// The scanners below share one contract: a run is
// made of printable ASCII (0x20-0x7E) and of the bytes each adds to it
// ('\n', '\t'). Every other byte ends it: the other C0 controls, DEL, and
// every byte 0x80-0xFF, so a caller that wants UTF-8 text reads on past
// the run itself.
//
//	                  0x20-0x7E   '\n'     '\t'
//	CleanPrefix       in the run  in       in if keepTab, else ends it
//	CleanPrefixBytes  in the run  in       in if keepTab, else ends it
//	CleanWord         in the run  in       in if keepTab, else ends it
//	PrintablePrefix   in the run  ends it  ends it

// zeroLanes sets the high bit of each byte lane of x, whose bytes are all
// below 0x80, that is zero.
func zeroLanes(x uint64) uint64 {
	return ^((x + lows) | x) & highs
}

// NotPrintable sets the high bit of each byte lane of the little-endian
// word w that is not printable ASCII (0x20-0x7E). Lanes after the first
// one set may be set wrongly (a borrow or carry crosses into them); the
// first is exact, and the result is 0 exactly when every byte is
// printable.
func NotPrintable(w uint64) uint64 {
	return ((w - ones*0x20) | (w + ones) | w) & highs
}

// PrintableOrBS reports whether every byte of the little-endian word w
// is printable ASCII (0x20-0x7E) or BS, as a man page's overstrike (x BS
// x) writes text, and sets the high bit of each lane of bs that holds a
// BS; both are exact in every lane.
func PrintableOrBS(w uint64) (bs uint64, ok bool) {
	bs = zeroBytes(w ^ ones*'\b')
	// Each BS raised to a space, with no carry: then every lane is
	// printable exactly when NotPrintable finds none.
	return bs, NotPrintable(w+bs>>7*(' '-'\b')) == 0
}

// lineStops sets the high bit of each byte lane of w that is neither
// printable ASCII nor '\n'. XOR with '\n' maps newline to 0 and keeps
// every other control in 0x01-0x1F, so one pass finds both, with no
// second test for text that has a newline every few words. Lanes after
// the first one set may be set wrongly; the first is exact.
func lineStops(w uint64) uint64 {
	return lineStopsRaw(w) & highs
}

// lineStopsRaw is lineStops before its mask: only the high bit of each
// lane means anything, so a run of words may be tested with one mask for
// all of them, their raw values ORed together.
func lineStopsRaw(w uint64) uint64 {
	return stopsButRaw(w, '\n')
}

// StopsBut sets the high bit of each byte lane of the little-endian word
// w that is neither printable ASCII nor keep, a control below 0x20: with
// '\t', the lanes that end a run of text that takes tabs and ends at a
// newline. Lanes after the first one set may be set wrongly; the first
// is exact, and the result is 0 exactly when no lane is a stop.
func StopsBut(w uint64, keep byte) uint64 {
	return stopsButRaw(w, keep) & highs
}

// stopsButRaw is StopsBut before its mask (see lineStopsRaw).
func stopsButRaw(w uint64, keep byte) uint64 {
	x := w ^ ones*uint64(keep)
	// XOR with a control below 0x20 maps the controls onto themselves
	// and keep onto 0. Below 0x80, x+0x7F has the high bit when x is not
	// 0 and x+0x60 when x is 0x20 or more: their XOR, when x is a
	// control other than keep. A carry out of a lane of 0x80 or more,
	// which w marks anyway, can only make a later lane wrong.
	return w | (x + ones*0x7F) ^ (x + ones*0x60) | (w + ones)
}

// tabLanes sets the high bit of each byte lane of w that is '\t'. A
// byte 0x89, whose low bits are a tab's, is not one.
func tabLanes(w uint64) uint64 {
	return zeroLanes((w^ones*'\t')&lows) &^ (w & highs)
}

// firstLane returns the index of the first byte lane set in the four
// words m0..m3, of which one is not zero.
func firstLane(m0, m1, m2, m3 uint64) int {
	switch {
	case m0 != 0:
		return bits.TrailingZeros64(m0) / 8
	case m1 != 0:
		return 8 + bits.TrailingZeros64(m1)/8
	case m2 != 0:
		return 16 + bits.TrailingZeros64(m2)/8
	}
	return 24 + bits.TrailingZeros64(m3)/8
}

// The three scanners below are one loop, written out for each kind of
// run: the test of a word is inlined into each, where a test passed in
// would cost a call per word. A run that takes newlines tests each word
// for both at once (lineStops): shell commands and logs have a newline in
// nearly every block of four words, where a cheaper first test for
// printable bytes alone would fail and cost a second. Each takes a word
// or two first (runs between other bytes are short in binary output and
// between a colour log's escape sequences, and a call should cost little
// there); then, where the processor has AVX2, the rest of a long run 64
// bytes at a time in the vector loop (vectorBlocks, in assembly, some five
// times the word loop's speed); then four words at a time, then words,
// then bytes. They take a byte slice, not a generic string or slice:
// called from another package, a generic form makes its arguments escape,
// and the streams would allocate per call.

// vectorMin is the shortest rest of a run, past a block of 32 bytes,
// that the scanners hand to the vector loop where there is one
// (vectorBlocks): below it the call and the set-up of its constants cost
// more than the words they save. They hand it on only from the run's
// second block (i >= 32 in their block loops): a run that ends within its
// first 72 to 80 bytes, as the text between a colour log's sequences
// does, costs no call, where a hand-off from the first block costs the
// Cleaner 2.6% more instructions on bench's build log.
const vectorMin = 64

// vectorRun reads rest, the rest of a run past a block of 32 bytes known
// to be in it, in the vector loop: it returns how far the run goes in
// rest's whole blocks of 32 bytes, and whether it ends there.
func vectorRun(rest []byte, mask, value byte) (n int, ends bool) {
	n = vectorBlocks(rest, mask, value)
	return n, n < len(rest)&^31
}

// printableRun returns the length of the run of printable ASCII at the
// start of s.
func printableRun(s []byte) int {
	i := 0
	if len(s) >= 8 {
		if m := NotPrintable(binary.LittleEndian.Uint64(s)); m != 0 {
			return bits.TrailingZeros64(m) / 8
		}
		i = 8
	}
	for ; i+32 <= len(s); i += 32 {
		b := s[i : i+32 : i+32] // one bounds check for the four words
		m0 := NotPrintable(binary.LittleEndian.Uint64(b[0:8]))
		m1 := NotPrintable(binary.LittleEndian.Uint64(b[8:16]))
		m2 := NotPrintable(binary.LittleEndian.Uint64(b[16:24]))
		m3 := NotPrintable(binary.LittleEndian.Uint64(b[24:32]))
		if m0|m1|m2|m3 != 0 {
			return i + firstLane(m0, m1, m2, m3)
		}
		if useVector && i >= 32 && len(s)-i >= 32+vectorMin {
			// A long run: on in the vector loop.
			n, ends := vectorRun(s[i+32:], 0, ' '+1)
			if ends {
				return i + 32 + n
			}
			i += n
		}
	}
	for ; i+8 <= len(s); i += 8 {
		if m := NotPrintable(binary.LittleEndian.Uint64(s[i:])); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(s) && s[i] >= 0x20 && s[i] < 0x7F; i++ {
	}
	return i
}

// lineRun returns the length of the run of printable ASCII and '\n' at
// the start of s.
func lineRun(s []byte) int {
	i := 0
	for ; i < 16 && i+8 <= len(s); i += 8 { // as lineTabRun
		if m := lineStops(binary.LittleEndian.Uint64(s[i:])); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i+32 <= len(s); i += 32 {
		b := s[i : i+32 : i+32] // one bounds check for the four words
		w0 := binary.LittleEndian.Uint64(b[0:8])
		w1 := binary.LittleEndian.Uint64(b[8:16])
		w2 := binary.LittleEndian.Uint64(b[16:24])
		w3 := binary.LittleEndian.Uint64(b[24:32])
		m0, m1, m2, m3 := lineStops(w0), lineStops(w1), lineStops(w2), lineStops(w3)
		if m0|m1|m2|m3 != 0 {
			return i + firstLane(m0, m1, m2, m3)
		}
		n, ends := longLines(s, i, false)
		if ends {
			return n
		}
		i = n
	}
	for ; i+8 <= len(s); i += 8 {
		if m := lineStops(binary.LittleEndian.Uint64(s[i:])); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(s) && (s[i] >= 0x20 && s[i] < 0x7F || s[i] == '\n'); i++ {
	}
	return i
}

// longLines reads on in a run of lineRun or lineTabRun (with keepTab)
// past s[i:i+32], a block known to be in it: in the vector loop, which
// takes tabs when kept ('\t'+1 and '\n'+1 differ in their lowest bit
// only), or, past two blocks, by whole blocks of 64 bytes (lineBlocks,
// which a tab fails). It returns where the run ends and true, or where
// the caller's loop of blocks goes on, less the 32 it adds, and false.
func longLines(s []byte, i int, keepTab bool) (int, bool) {
	if useVector && i >= 32 && len(s)-i >= 32+vectorMin {
		var mask byte
		if keepTab {
			mask = 1
		}
		n, ends := vectorRun(s[i+32:], mask, '\n'+1)
		if ends {
			return i + 32 + n, true
		}
		return i + n, false
	}
	return lineBlocks(s, i), false
}

// lineBlocks returns where, from s[i+32], the whole blocks of 64 bytes
// of printable ASCII and '\n' end: s[i:i+32] is known to pass, and each
// block's eight words are tested with one mask and one branch. A block
// that fails is left to the caller, from its second half when only that
// half fails. It starts only past the first two blocks of a run (i >= 40),
// where the run is likely long.
func lineBlocks(s []byte, i int) int {
	for i >= 40 && i+96 <= len(s) {
		b := s[i+32 : i+96 : i+96] // one bounds check for the eight words
		lo := lineStopsRaw(binary.LittleEndian.Uint64(b[0:8])) |
			lineStopsRaw(binary.LittleEndian.Uint64(b[8:16])) |
			lineStopsRaw(binary.LittleEndian.Uint64(b[16:24])) |
			lineStopsRaw(binary.LittleEndian.Uint64(b[24:32]))
		hi := lineStopsRaw(binary.LittleEndian.Uint64(b[32:40])) |
			lineStopsRaw(binary.LittleEndian.Uint64(b[40:48])) |
			lineStopsRaw(binary.LittleEndian.Uint64(b[48:56])) |
			lineStopsRaw(binary.LittleEndian.Uint64(b[56:64]))
		if (lo|hi)&highs != 0 {
			if lo&highs == 0 {
				i += 32 // the first half passes: only the second is read again
			}
			return i
		}
		i += 64
	}
	return i
}

// lineTabRun returns the length of the run of printable ASCII, '\n' and
// '\t' at the start of s.
func lineTabRun(s []byte) int {
	i := 0
	// The first two words one at a time: text between escape sequences
	// (a colour log's words between its SGRs) ends in one of them, where
	// a block of four would test three words past the end. Tabs are
	// cleared only from a word that stops.
	for ; i < 16 && i+8 <= len(s); i += 8 {
		w := binary.LittleEndian.Uint64(s[i:])
		if m := lineStops(w); m != 0 {
			if m &^= tabLanes(w); m != 0 {
				return i + bits.TrailingZeros64(m)/8
			}
		}
	}
	for ; i+32 <= len(s); i += 32 {
		b := s[i : i+32 : i+32] // one bounds check for the four words
		w0 := binary.LittleEndian.Uint64(b[0:8])
		w1 := binary.LittleEndian.Uint64(b[8:16])
		w2 := binary.LittleEndian.Uint64(b[16:24])
		w3 := binary.LittleEndian.Uint64(b[24:32])
		m0, m1, m2, m3 := lineStops(w0), lineStops(w1), lineStops(w2), lineStops(w3)
		if m0|m1|m2|m3 == 0 {
			goto long
		}
		// Tabs are rare: clear them only in a block that stops.
		m0, m1, m2, m3 = m0&^tabLanes(w0), m1&^tabLanes(w1), m2&^tabLanes(w2), m3&^tabLanes(w3)
		if m0|m1|m2|m3 != 0 {
			return i + firstLane(m0, m1, m2, m3)
		}
		continue
	long:
		n, ends := longLines(s, i, true)
		if ends {
			return n
		}
		i = n
	}
	for ; i+8 <= len(s); i += 8 {
		w := binary.LittleEndian.Uint64(s[i:])
		if m := lineStops(w) &^ tabLanes(w); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(s) && (s[i] >= 0x20 && s[i] < 0x7F || s[i] == '\n' || s[i] == '\t'); i++ {
	}
	return i
}

// cleanRun is CleanPrefix's run, with or without tabs.
func cleanRun(s []byte, keepTab bool) int {
	if keepTab {
		return lineTabRun(s)
	}
	return lineRun(s)
}

// CleanPrefix returns the length of the longest prefix of s made only of
// printable ASCII (0x20-0x7E) and '\n', and '\t' when keepTab: the bytes
// that are shown as themselves whatever surrounds them. Any other byte
// ends the prefix: the other C0 controls, DEL and every byte 0x80-0xFF.
// On clean ASCII it is the whole of s, found 64 bytes at a time with AVX2
// (on amd64 processors that have it, unless built with the purego tag),
// thirty-two bytes at a time otherwise.
func CleanPrefix(s string, keepTab bool) int {
	return cleanRun(unsafe.Slice(unsafe.StringData(s), len(s)), keepTab)
}

// CleanPrefixBytes is [CleanPrefix] for a byte slice.
func CleanPrefixBytes(b []byte, keepTab bool) int {
	return cleanRun(b, keepTab)
}

// CopyCleanPrefix copies the prefix of src that [CleanPrefixBytes] finds
// to dst, cut at len(dst), and returns its length. The first copyWords
// bytes are copied a word at a time as they are read, each word whole:
// dst may be written past the prefix, up to eight bytes and within
// len(dst). The text between the escape sequences of a colour log, a few
// words long, and a line of a screen so cost one pass and no call.
func CopyCleanPrefix(dst, src []byte, keepTab bool) int {
	n := min(len(src), len(dst))
	s, d := src[:n], dst[:n]
	i := 0
	for ; i < copyWords && i+8 <= n; i += 8 {
		w := binary.LittleEndian.Uint64(s[i : i+8 : i+8])
		binary.LittleEndian.PutUint64(d[i:i+8:i+8], w)
		if m := StopLanes(w, keepTab); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	k := i + cleanRun(s[i:], keepTab)
	copy(d[i:k], s[i:k])
	return k
}

// copyWords is how much of its prefix CopyCleanPrefix copies as it reads
// it: a line of a terminal's screen, 80 columns and more. A longer run
// goes on in cleanRun's blocks, and then copy.
const copyWords = 128

// PrintablePrefix returns the length of the longest prefix of b made only
// of printable ASCII, 0x20-0x7E. Every other byte ends it, '\n' and '\t'
// among them: a stream that must act on those calls it.
func PrintablePrefix(b []byte) int {
	return printableRun(b)
}

// CleanWord reports whether all eight bytes of the little-endian word w
// are in a clean prefix as [CleanPrefix] defines it: a test a caller can
// make before it calls a scanner, at the cost of a few instructions.
func CleanWord(w uint64, keepTab bool) bool {
	return StopLanes(w, keepTab) == 0
}

// StopLanes sets the high bit of each byte lane of the little-endian
// word w that ends a clean prefix as [CleanPrefix] defines it. The first
// lane set is exact, and the result is 0 exactly when the word is clean:
// a caller that copies a word at a time finds where the prefix ends in
// the word it has just copied.
func StopLanes(w uint64, keepTab bool) uint64 {
	m := lineStops(w)
	if keepTab && m != 0 {
		m &^= tabLanes(w)
	}
	return m
}

// IsPlain reports whether c is shown literally: printable ASCII, '\n',
// and tab when it is kept. It is the byte-at-a-time form of [CleanPrefix].
func IsPlain(c byte, keepTab bool) bool {
	return (c >= 0x20 && c < 0x7F) || c == '\n' || (c == '\t' && keepTab)
}

// ASCIISet is a set of ASCII bytes; the zero value is empty.
type ASCIISet [2]uint64

// Add puts b in the set.
func (m *ASCIISet) Add(b byte) { m[b>>6] |= 1 << (b & 63) }

// Has reports whether b is in the set.
func (m *ASCIISet) Has(b byte) bool { return b < 0x80 && m[b>>6]&(1<<(b&63)) != 0 }

// Empty reports whether the set is empty.
func (m *ASCIISet) Empty() bool { return m[0] == 0 && m[1] == 0 }

// IndexNonASCII returns the index of the first byte of s that is not
// ASCII, or -1. It tests eight bytes at a time (highBits); the first word
// with a byte from 80 up says which byte that is, so a short run costs one
// word.
func IndexNonASCII[S string | []byte](s S) int {
	i := 0
	for ; len(s)-i >= 8; i += 8 {
		if high := highBits(s, i); high != 0 {
			return i + bits.TrailingZeros64(high)/8
		}
	}
	if i > 0 && i < len(s) {
		// The tail, as the last word of s: its bytes before i, read
		// already, are ASCII.
		i = len(s) - 8
		if high := highBits(s, i); high != 0 {
			return i + bits.TrailingZeros64(high)/8
		}
		return -1
	}
	for ; i < len(s); i++ {
		if s[i] >= 0x80 {
			return i
		}
	}
	return -1
}

// highBits returns the high bit of each of the eight bytes of s at i, in
// a little-endian word: the bytes are loaded one by one, which the
// compiler joins into one load, since s may be a string.
func highBits[S string | []byte](s S, i int) uint64 {
	b := s[i : i+8] // one bounds check for the eight loads
	w := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
	return w & 0x8080808080808080
}

// RunOf returns how many bytes at the start of b are c: a flood of one
// byte (ESC, CR, empty lines) read eight bytes at a time. Each word is
// read as b[n:n+8:n+8], a slice of exactly the word, which the compiler
// checks once and need not guard for emptiness.
func RunOf(b []byte, c byte) int {
	w := uint64(c) * 0x0101010101010101
	n := 0
	for n+8 <= len(b) && binary.LittleEndian.Uint64(b[n:n+8:n+8]) == w {
		n += 8
	}
	for n < len(b) && b[n] == c {
		n++
	}
	return n
}

// FloodOf is RunOf for a run that is most likely long, a flood that two
// bytes in a row announce: sixteen bytes a step, which halves the turns of
// the loop, where RunOf's first step costs less on the short runs most of
// its callers read (a line's CRs, the LFs between lines).
func FloodOf(b []byte, c byte) int {
	w := uint64(c) * 0x0101010101010101
	n := 0
	for n+16 <= len(b) && (binary.LittleEndian.Uint64(b[n:n+8:n+8])^w)|(binary.LittleEndian.Uint64(b[n+8:n+16:n+16])^w) == 0 {
		n += 16
	}
	return n + RunOf(b[n:], c)
}
