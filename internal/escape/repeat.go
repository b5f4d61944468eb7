package escape

import "encoding/binary"

// RepeatEnd returns where a flood of copies of one sequence ends, for a
// reader that has just read the sequence b[start:end] and that decides a
// sequence from its own bytes and at most the one byte after it (the ESC
// that cuts a CSI short). Each copy that follows, with the byte after
// it, reads as the first did, so the reader may go on from the returned
// index, the end of the last copy it need not read. It returns end when
// the word after end does not repeat the sequence.
//
// b holds copies of the sequence from start to i when
// b[j] == b[j-(end-start)] for each j in [end, i): RepeatEnd finds i
// comparing a block, then a word, then a byte at a time. A reader calls
// it where RepeatsAt reports a copy, a test it makes inline.
func RepeatEnd(b []byte, start, end int) int {
	if !RepeatsAt(b, start, end) {
		return end
	}
	p := end - start
	i := end + 8
	// A block at a time (the runtime compares it with vector
	// instructions), then a word, then a byte.
	for i+repeatBlock <= len(b) && string(b[i:i+repeatBlock]) == string(b[i-p:i-p+repeatBlock]) {
		i += repeatBlock
	}
	for i+8 <= len(b) && word(b, i) == word(b, i-p) {
		i += 8
	}
	for i < len(b) && b[i] == b[i-p] {
		i++
	}
	// The copy at start+k*p is read from its bytes and the one after
	// them, all before i, when start+(k+1)*p < i.
	return start + (i-start-1)/p*p
}

// repeatBlock is how many bytes RepeatEnd compares at once.
const repeatBlock = 256

// RepeatsAt reports whether the word at b[end] repeats the sequence
// b[start:end] that ends there: whether RepeatEnd would find copies.
func RepeatsAt(b []byte, start, end int) bool {
	return 0 <= start && start < end && end <= len(b)-8 && word(b, end) == word(b, start)
}

// word returns the eight bytes of b from i, read as one word.
func word(b []byte, i int) uint64 {
	return binary.LittleEndian.Uint64(b[i : i+8 : i+8])
}

// FillCopies fills b with copies of its first unit bytes, which must be
// written, doubling what it copies each time: a run of one escape costs a
// few copies, not one for each escape. len(b) should be a multiple of
// unit; a last copy is cut short otherwise.
func FillCopies(b []byte, unit int) {
	for w := unit; w < len(b); w *= 2 {
		copy(b[w:], b[:w])
	}
}
