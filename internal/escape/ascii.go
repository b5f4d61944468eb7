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

// The scanners below share one core, prefix, and one contract: a run is
// made of printable ASCII (0x20-0x7E) and of the extra bytes each names
// ('\n', '\t'). Every other byte ends it: the other C0 controls, DEL, and
// every byte 0x80-0xFF, so a caller that wants UTF-8 text reads on past
// the run itself.
//
//	                  0x20-0x7E   '\n'     '\t'
//	CleanPrefix       in the run  in       in if keepTab, else ends it
//	CleanPrefixBytes  in the run  in       in if keepTab, else ends it
//	CleanWord         in the run  in       in if keepTab, else ends it
//	PrintablePrefix   in the run  ends it  ends it

// noExtra stands for an extra byte that is not wanted: a space, already
// printable, adds nothing to the run.
const noExtra = ' '

// zeroLanes sets the high bit of each byte lane of x, whose bytes are all
// below 0x80, that is zero.
func zeroLanes(x uint64) uint64 {
	return ^((x + lows) | x) & highs
}

// notPrintable sets the high bit of each byte lane of the little-endian
// word w that is not printable ASCII: below 0x20 (the subtraction
// borrows), 0x7F (the addition carries) or 0x80-0xFF. A borrow or carry
// crosses into the lane above only from such a byte, so the word is zero
// exactly when all eight bytes are printable, and the lowest set lane is
// exact; lanes above it may be set wrongly.
func notPrintable(w uint64) uint64 {
	return ((w - ones*0x20) | (w + ones) | w) & highs
}

// stopLanes sets the high bit of each byte lane of the little-endian word
// w that ends a run of printable ASCII, nl and tab: the extra bytes, or
// noExtra, in every lane. Each lane is exact.
func stopLanes(w, nl, tab uint64) uint64 {
	x := w & lows
	control := ^(x + ones*(0x80-0x20)) // low seven bits below 0x20
	del := x + ones                    // low seven bits 0x7F
	control &^= zeroLanes(x^nl) | zeroLanes(x^tab)
	return (w | control | del) & highs // w: a byte 0x80-0xFF
}

// firstLane returns the index of the lowest lane set in the words m0 to
// m3 of a 32-byte block, one of which is not zero.
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

// tabExtra returns the extra byte for a tab: '\t' when it is kept.
func tabExtra(keepTab bool) byte {
	if keepTab {
		return '\t'
	}
	return noExtra
}

// Extra bytes in every lane of a word.
const (
	nlLanes      = ones * '\n'
	tabLanes     = ones * '\t'
	noExtraLanes = ones * noExtra
)

// prefix returns the length of the longest prefix of s that is a run of
// printable ASCII, nl and tab, thirty-two bytes at a time.
//
// It takes a byte slice, and CleanPrefix hands it a string's bytes
// through unsafe, read only, rather than taking a type parameter
// (~string | ~[]byte): a caller in another package calls the generic
// instantiation without its escape analysis, so every argument escapes,
// and term's Push would allocate for the stack buffer it scans.
func prefix(s []byte, nl, tab byte) int {
	// The cheap notPrintable passes clean words. Where it stops one, the
	// first byte it flags is the answer unless it is an extra byte: then
	// stopLanes, exact, looks again.
	extra := nl != noExtra || tab != noExtra
	nlw, tabw := ones*uint64(nl), ones*uint64(tab)
	i := 0
	if len(s) >= 8 {
		// The first word alone: most runs between sequences, or
		// between words of another script, end in it.
		w := binary.LittleEndian.Uint64(s)
		m := notPrintable(w)
		if m != 0 && extra {
			if c := s[bits.TrailingZeros64(m)/8]; c == nl || c == tab {
				m = stopLanes(w, nlw, tabw)
			}
		}
		if m != 0 {
			return bits.TrailingZeros64(m) / 8
		}
		i = 8
	}
	for ; i+32 <= len(s); i += 32 {
		w0 := binary.LittleEndian.Uint64(s[i : i+8])
		w1 := binary.LittleEndian.Uint64(s[i+8 : i+16])
		w2 := binary.LittleEndian.Uint64(s[i+16 : i+24])
		w3 := binary.LittleEndian.Uint64(s[i+24 : i+32])
		m0, m1, m2, m3 := notPrintable(w0), notPrintable(w1), notPrintable(w2), notPrintable(w3)
		if m0|m1|m2|m3 == 0 {
			continue
		}
		// The lowest lane of the first word flagged is exact: the
		// answer, unless it is an extra byte. Then stopLanes looks
		// again at the words flagged.
		j := firstLane(m0, m1, m2, m3)
		if c := s[i+j]; extra && (c == nl || c == tab) {
			if m0 != 0 {
				m0 = stopLanes(w0, nlw, tabw)
			}
			if m1 != 0 {
				m1 = stopLanes(w1, nlw, tabw)
			}
			if m2 != 0 {
				m2 = stopLanes(w2, nlw, tabw)
			}
			if m3 != 0 {
				m3 = stopLanes(w3, nlw, tabw)
			}
			if m0|m1|m2|m3 == 0 {
				continue
			}
			j = firstLane(m0, m1, m2, m3)
		}
		return i + j
	}
	for ; i+8 <= len(s); i += 8 {
		w := binary.LittleEndian.Uint64(s[i:])
		m := notPrintable(w)
		if m != 0 && extra {
			if c := s[i+bits.TrailingZeros64(m)/8]; c == nl || c == tab {
				m = stopLanes(w, nlw, tabw)
			}
		}
		if m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(s); i++ {
		if c := s[i]; (c < 0x20 || c >= 0x7F) && c != nl && c != tab {
			break
		}
	}
	return i
}

// CleanPrefix returns the length of the longest prefix of s made only of
// printable ASCII (0x20-0x7E) and '\n', and '\t' when keepTab: the bytes
// that are shown as themselves whatever surrounds them. Any other byte
// ends the prefix: the other C0 controls, DEL and every byte 0x80-0xFF.
// On clean ASCII it is the whole of s, found thirty-two bytes at a time.
func CleanPrefix(s string, keepTab bool) int {
	return prefix(unsafe.Slice(unsafe.StringData(s), len(s)), '\n', tabExtra(keepTab))
}

// CleanPrefixBytes is [CleanPrefix] for a byte slice.
func CleanPrefixBytes(b []byte, keepTab bool) int {
	return prefix(b, '\n', tabExtra(keepTab))
}

// PrintablePrefix returns the length of the longest prefix of b made only
// of printable ASCII, 0x20-0x7E. Every other byte ends it, '\n' and '\t'
// among them: a stream that must act on those calls it.
func PrintablePrefix(b []byte) int {
	return prefix(b, noExtra, noExtra)
}

// CleanWord reports whether all eight bytes of the little-endian word w
// are in a clean prefix as [CleanPrefix] defines it: a test a caller can
// make before it calls a scanner, at the cost of a few instructions.
func CleanWord(w uint64, keepTab bool) bool {
	tab := uint64(noExtraLanes)
	if keepTab {
		tab = tabLanes
	}
	return stopLanes(w, nlLanes, tab) == 0
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
