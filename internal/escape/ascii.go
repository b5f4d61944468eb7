package escape

import "encoding/binary"

// Word-at-a-time classification of ASCII, after the SWAR tricks in "Bit
// Twiddling Hacks". Each test keeps the top bit of every byte lane clear
// before adding, so no carry crosses lanes and each lane's answer is exact.
const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
	lows  = 0x7F7F7F7F7F7F7F7F
)

// nonzeroLanes sets the high bit of each byte lane of x that is not zero.
func nonzeroLanes(x uint64) uint64 {
	return (((x & lows) + lows) | x) & highs
}

// suspectLanes returns a word whose high bit is set in each byte lane of w
// that may not be shown literally: a byte >= 0x80, DEL, or a C0 control
// other than '\n'. Low bits are garbage; callers mask with highs. For a
// word of ASCII bytes the lanes are exact; a byte >= 0x80 may carry into
// its neighbour, but it is flagged itself, so the word never passes.
func suspectLanes(w uint64) uint64 {
	// XOR with '\n' maps newline to 0 and keeps every other control in
	// 0x01-0x1F and every printable byte at 0x20 or above: a control other
	// than newline is a lane in [0x01, 0x1F]. b+1 reaches 0x80 for DEL.
	x := w ^ ones*'\n'
	return w | (x+ones*0x7F)&^(x+ones*0x60) | (w + ones*0x01)
}

// lanesEqual sets the high bit of each byte lane of w equal to c.
func lanesEqual(w uint64, c byte) uint64 {
	return ^nonzeroLanes(w^(ones*uint64(c))) & highs
}

// CleanPrefix returns the length of the longest prefix of s made only of
// printable ASCII and '\n' (and tab when keepTab): the bytes that are shown
// as themselves whatever surrounds them. On clean ASCII it is the whole of
// s, found thirty-two bytes at a time.
func CleanPrefix(s string, keepTab bool) int {
	n := len(s)
	if !keepTab {
		for len(s) >= 32 {
			w0 := binary.LittleEndian.Uint64([]byte(s[0:8]))
			w1 := binary.LittleEndian.Uint64([]byte(s[8:16]))
			w2 := binary.LittleEndian.Uint64([]byte(s[16:24]))
			w3 := binary.LittleEndian.Uint64([]byte(s[24:32]))
			if (suspectLanes(w0)|suspectLanes(w1)|suspectLanes(w2)|suspectLanes(w3))&highs != 0 {
				break
			}
			s = s[32:]
		}
	}
	for len(s) >= 8 {
		w := binary.LittleEndian.Uint64([]byte(s[0:8]))
		sus := suspectLanes(w) & highs
		if keepTab {
			sus &^= lanesEqual(w, '\t')
		}
		if sus != 0 {
			break
		}
		s = s[8:]
	}
	for i := 0; i < len(s); i++ {
		if !IsPlain(s[i], keepTab) {
			return n - len(s) + i
		}
	}
	return n
}

// IsPlain reports whether c is shown literally: printable ASCII, '\n',
// and tab when it is kept.
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
