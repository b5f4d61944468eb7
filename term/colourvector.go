package term

// colourMargin is the input and the room in dst that the vector loop over
// colour logs (colourBlocks) needs at the start of a block: the block, the
// SGR that starts in its last byte, read and copied 32 bytes at a time,
// the three bytes after the block that a character starting in it is
// read with, and in dst the byte more that each ESC [ m in the block writes (ESC [ 0
// m), at most 22 of them.
const colourMargin = 128

// sgr0Word is terminfo.SGR0, xterm's sgr0, read as a little-endian word
// of its six bytes.
const sgr0Word = 0x6d5b1b42281b

// colourAhead reports whether colourBlocks is worth a call at the start
// of src: there is a vector loop, it has a block to read, and the block
// starts with text, a control, or what may be a sequence that it reads,
// so that a flood of sequences cut short, or of other CSIs, costs no call
// a sequence.
func colourAhead(dst, src []byte) bool {
	if !useColourVector || len(src) < colourMargin || len(dst) < colourMargin {
		return false
	}
	b := src[2]
	return src[0] != 0x1b || src[1] == '(' || src[1] == '[' && (b-'0' <= 9 || b == 'm' || b == 'K')
}
