package escape

// The streams' byte loops (term's byteRun, the transcript's groundBytes)
// decide most bytes of binary output from a table entry and the byte
// after it, with no branch on the byte's class. The top 32 bits of such
// an entry hold the range of next bytes that make its byte more than a
// token of its own: lo in bits 32-47 and hi-lo in bits 48-63. The low 32
// bits are the stream's own.
const (
	// NoNext is the range of a byte that no next byte changes.
	NoNext uint64 = 0x100 << 32
	// EveryNext is the range of a byte that every next byte changes:
	// one the loop never decides alone.
	EveryNext uint64 = 0xFFFF << 48
)

// NextRange returns the range of next bytes lo to hi, in the top 32 bits.
func NextRange(lo, hi byte) uint64 {
	return uint64(lo)<<32 | uint64(hi-lo)<<48
}

// AloneBefore reports whether next is outside the range of next bytes in
// entry: then the entry alone decides its byte. One subtraction and one
// comparison, whatever the range: NoNext's lo is above every byte, and
// EveryNext's span covers every byte from 0.
func AloneBefore(entry uint64, next byte) bool {
	return uint16(next)-uint16(entry>>32) > uint16(entry>>48)
}
