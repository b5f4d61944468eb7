package plainsight

import (
	"encoding/binary"
)

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

// suspectLanes sets the high bit of each byte lane of w that is not shown
// literally: bytes >= 0x80, C0 controls other than '\n' (and tab under
// keepTab), and DEL.
func suspectLanes(w uint64, keepTab bool) uint64 {
	// (b&0x7F)+0x60 reaches 0x80 exactly when b&0x7F >= 0x20.
	control := ^((w & lows) + ones*0x60) & highs
	control &= nonzeroLanes(w ^ ones*'\n')
	if keepTab {
		control &= nonzeroLanes(w ^ ones*'\t')
	}
	del := ^nonzeroLanes(w^ones*0x7F) & highs
	return (w & highs) | control | del
}

// cleanASCIIPrefix returns the length of the longest prefix of s made only of
// printable ASCII and '\n' (and tab when keepTab). On clean ASCII it is the
// whole of s, found sixteen bytes at a time.
func cleanASCIIPrefix(s string, keepTab bool) int {
	i := 0
	for ; i+16 <= len(s); i += 16 {
		w0 := binary.LittleEndian.Uint64([]byte(s[i : i+8]))
		w1 := binary.LittleEndian.Uint64([]byte(s[i+8 : i+16]))
		if suspectLanes(w0, keepTab)|suspectLanes(w1, keepTab) != 0 {
			break
		}
	}
	for ; i < len(s); i++ {
		if !isPlainASCII(s[i], keepTab) {
			return i
		}
	}
	return i
}
