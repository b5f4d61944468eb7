package term

import (
	"github.com/plainsight-dev/plainsight/internal/c1string"
	"github.com/plainsight-dev/plainsight/internal/utf8lead"
)

// maxEscDropped bounds the bytes escDroppedEnd reads after an ESC before it
// leaves the sequence to the parser: an ESC sequence in binary output is a
// few bytes long.
const maxEscDropped = 64

// escDroppedEnd reads the ESC sequence at src[i] as the parser's escape,
// escape_intermediate and escape_ignore states read it, and returns where
// Ground resumes with nothing written in Strip mode, or 0 where the parser
// must read it:
//   - the end of an ESC sequence: a final byte 0x30-0x7E after
//     intermediates 0x20-0x2F or after a byte from 0xA0, which makes the
//     sequence malformed (escape_ignore), or right after the ESC but for
//     the finals that open a CSI, an OSC, a DCS or a string;
//   - a C1 control, raw or in UTF-8 (C2 then 0x80-0x9F), which aborts the
//     sequence: Ground resumes at the control, which the caller reads.
//
// On the way, C0 controls other than LF, tab, CAN, SUB and ESC are executed
// and dropped, DEL is ignored, and so are bytes from 0xA0 and the
// continuation bytes of a character a lead byte starts, C1 range or not,
// as the parser's UTF-8 tracking reads them. LF and tab, which Strip mode
// writes, CAN and SUB, which abort the sequence, ESC, the end of src, and
// a sequence longer than maxEscDropped are the parser's. In random bytes,
// where an ESC comes every 256 bytes, more than half of them come before a
// byte from 0x80 or a control.
func escDroppedEnd(src []byte, i int) int {
	const (
		escape = iota
		intermediate
		ignore
	)
	state := escape
	var need, lo, hi byte // the parser's UTF-8 tracking
	for j := i + 1; j < len(src) && j-i <= maxEscDropped; j++ {
		b := src[j]
		if need > 0 {
			if lo <= b && b <= hi {
				need--
				lo, hi = 0x80, 0xbf
				continue
			}
			need = 0 // a broken character; b is read on its own
		}
		switch {
		case b >= 0x30 && b <= 0x7e:
			if state == escape && c1string.Introducer(b+0x40) {
				return 0 // ESC [, ], P, X, ^ or _: the C1 introducer's 7-bit form
			}
			return j + 1
		case b >= 0x20 && b <= 0x2f:
			if state == escape {
				state = intermediate
			}
		case b == 0x7f:
		case b == 0xc2:
			if j+1 == len(src) {
				return 0 // C2 or a C1 control in UTF-8: the next byte says
			}
			if c := src[j+1]; c >= 0x80 && c <= 0x9f {
				return j
			}
			state = ignore
			l := utf8lead.Leads[b]
			need, lo, hi = l.Need, l.Lo, l.Hi
		case b >= 0xa0:
			state = ignore
			l := utf8lead.Leads[b]
			need, lo, hi = l.Need, l.Lo, l.Hi
		case b >= 0x80:
			return j
		case b == '\n' || b == '\t' || b == 0x18 || b == 0x1a || b == 0x1b:
			return 0
		}
	}
	return 0
}
