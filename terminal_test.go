package plainsight

import (
	"testing"

	"github.com/plainsight-dev/plainsight/ansi"
)

// TestAbandonedESC checks what terminalSequence takes for granted for ESC
// ESC: the parser ends the first sequence at the second ESC, one byte
// long, whatever follows, and describes it as abandonedESC.
func TestAbandonedESC(t *testing.T) {
	for _, rest := range []string{"", "\x1b", "[2K", "]0;title\x07", "P$q\x1b\\", "c", "\x00", "\u009b", "\xff"} {
		src := []byte("\x1b\x1b" + rest)
		var p ansi.Parser
		var tok ansi.Token
		for off := 0; ; {
			var n int
			tok, n = p.Next(src[off:], true)
			if tok.Kind.IsSequence() || n == 0 {
				break
			}
			off += n
		}
		seq := p.Seq()
		if !tok.Kind.IsSequence() || seq.Span != 1 {
			t.Errorf("ESC ESC %+q: first token %v spans %d bytes, want a sequence of 1", rest, tok.Kind, seq.Span)
			continue
		}
		if got := describeSequence(tok.Kind, seq); got != abandonedESC {
			t.Errorf("ESC ESC %+q: described as %q, want %q", rest, got, abandonedESC)
		}
	}
}
