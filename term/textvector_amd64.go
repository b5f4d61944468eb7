//go:build !purego

package term

// textBlocks returns the length of the text at the start of src, as
// textRun reads it (printable ASCII, LF, tab and whole characters other
// than C1 controls), 64 bytes at a time: up to its first other byte, or
// to the block that leaves fewer than three bytes of src after it, whose
// text textRun reads. Callers call it where useColourVector holds.
//
//go:noescape
func textBlocks(src []byte) int
