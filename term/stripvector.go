package term

import (
	"math/bits"

	"github.com/plainsight-dev/plainsight/internal/seqvector"
)

// useStripVector reports whether Transform hands runs of sequences in
// Strip mode to stripBlocks: where the vector loop runs
// (seqvector.Enabled). Tests turn it off to hold stripBlocks to the paths
// it stands in for.
var useStripVector = seqvector.Enabled

// stripBlock is the length of the blocks that stripBlocks reads.
const stripBlock = seqvector.BlockLen

// stripBlocks writes to dst, in Strip mode, the text at the start of src
// and drops the sequences in it, a block of 64 bytes at a time
// (seqvector's Strip reading), and returns the bytes written and read.
// src starts in Ground, with no colour correction waiting for text. It
// reads what stripEnd and dropEnd read, and no more: printable ASCII, LF
// and tab, kept; C0 controls and DEL, dropped; escape sequences and
// CSIs, which may hold the controls the parser executes in them, and
// OSC, SOS, PM and APC strings whose payloads hold no byte from 0x80,
// dropped; CAN and SUB, which abort a sequence with them, and ESC, which
// aborts one and starts the next. It stops before anything else (an SGR,
// a DCS, a byte from 0x80, LF or tab in a sequence), before a sequence
// that does not end within a block of where it starts, and where fewer
// than 64 bytes of src or of room in dst are left.
func stripBlocks(dst, src []byte) (w, n int) {
	var (
		m seqvector.Masks
		b seqvector.Block
	)
	for len(src)-n >= stripBlock && len(dst)-w >= stripBlock {
		block := (*[stripBlock]byte)(src[n:])
		seqvector.Classify(block, &m)
		m.Read(seqvector.Strip, &b)
		if b.N == 0 {
			break
		}
		seqvector.Pack((*[stripBlock]byte)(dst[w:]), block, b.Text)
		w += bits.OnesCount64(b.Text)
		n += b.N
		if !b.More {
			break
		}
	}
	return w, n
}
