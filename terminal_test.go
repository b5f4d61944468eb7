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

// TestLoneC1 checks what terminalSequence takes for granted of loneC1: a
// C1 control it marks, raw or in UTF-8, is read by the parser as a control
// of its own, the length of its encoding, whatever follows it, and starts
// no sequence; and Sanitize reports it as a control, not a terminal
// sequence.
func TestLoneC1(t *testing.T) {
	marked := 0
	for c := range 32 {
		if !loneC1[c] {
			continue
		}
		marked++
		r := rune(0x80 + c)
		for _, intro := range []string{string([]byte{byte(r)}), string(r)} {
			for _, rest := range []string{"", "[2J", "]0;title\x07", "P$q\x1b\\", "abc", "\x1b[m", "\u009b1m"} {
				src := []byte(intro + rest)
				var p ansi.Parser
				tok, n := p.Next(src, true)
				if tok.Kind != ansi.KindControl || n != len(intro) || p.InSequence() {
					t.Errorf("%+q: first token %v of %d bytes (in a sequence: %v), want a control of %d", src, tok.Kind, n, p.InSequence(), len(intro))
				}
				res := Sanitize(string(src[:len(intro)]) + "ok")
				if len(res.Warnings) == 0 || res.Warnings[0].Kind != KindControl && res.Warnings[0].Kind != KindInvalidUTF8 {
					t.Errorf("Sanitize(%+q): %v, want a control or invalid byte warning first", src, res.Warnings)
				}
			}
		}
	}
	if marked == 0 || marked == 32 {
		t.Errorf("loneC1 marks %d of the 32 C1 controls", marked)
	}
}
