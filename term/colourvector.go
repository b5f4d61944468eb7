package term

// colourMargin is the input and the room in dst that the vector loop over
// colour logs (colourBlocks) needs at the start of a block: the block, and
// the SGR that starts in its last byte, read and copied 32 bytes at a
// time.
const colourMargin = 96

// colourAhead reports whether colourBlocks is worth a call at the start
// of src: there is a vector loop, it has a block to read, and the block
// starts with text or with what may be an SGR that it reads, so that a
// flood of sequences cut short, or of other CSIs, costs no call a
// sequence.
func colourAhead(dst, src []byte) bool {
	if !useColourVector || len(src) < colourMargin || len(dst) < colourMargin {
		return false
	}
	b := src[2]
	return src[0] != 0x1b || src[1] == '[' && (b-'0' <= 9 || b == 'm')
}
