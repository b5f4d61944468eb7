//go:build !amd64 || purego

package escape

// vectorBuilt reports whether this build has a vector loop, used or not.
const vectorBuilt = false

// useVector is false where there is no vector loop.
var useVector = false

// vectorBlocks is the vector loop's contract, kept a byte at a time where
// there is no vector loop; the scanners do not call it here.
func vectorBlocks(s []byte, mask, value byte) int {
	whole := len(s) &^ 31
	for i, c := range s[:whole] {
		if !(c >= 0x20 && c < 0x7F) && (c+1)|mask != value {
			return i
		}
	}
	return whole
}

// PadPairBlocks returns 0 where there is no vector loop: the caller's word
// loop reads on.
func PadPairBlocks(s []byte) int { return 0 }

// InvalidBlocks returns 0 where there is no vector loop: the caller's word
// loop (InvalidWord) reads on.
func InvalidBlocks(s []byte) int { return 0 }
