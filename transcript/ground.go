package transcript

import (
	"encoding/binary"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/escape"
)

// groundBatch is how much output groundRun gathers before it hands it
// to text: U+FFFD for invalid bytes and the short pieces of text between
// them.
const groundBatch = 256

// groundRun cleans the run at the start of src that the parser, in
// Ground, would return token by token with nothing left pending: C0 and
// C1 controls (raw and in UTF-8), text, and each byte of an ill-formed
// UTF-8 prefix (one U+FFFD each). It stops at ESC, a C1 introducer, a
// UTF-8 prefix that src ends in (unless atEOF), and after a '\n', where a
// clean line may start for passLines. It returns the bytes read, 0 when
// the first is one the parser must read.
//
// Random bytes and binary output are mostly such runs: one loop over them,
// instead of a parser token for each byte, is what keeps the Cleaner fast
// there.
func (c *Cleaner) groundRun(src []byte, atEOF bool) int {
	var buf [groundBatch]byte
	// buf[:k] is output not yet given to text; plain while it holds only
	// ASCII, U+FFFD and other code points that the Unicode checks leave
	// alone.
	k, plain := 0, true
	flush := func() {
		if k > 0 {
			c.loneCR()
			c.text(buf[:k], plain)
			k, plain = 0, true
		}
	}
	n := 0
	for n < len(src) {
		b := src[n]
		if b >= 0x20 && b < 0x7f {
			if k == len(buf) {
				flush()
			}
			buf[k] = b
			k++
			n++
			continue
		}
		if b == 0x1b {
			break
		}
		if b < 0x20 || b == 0x7f {
			switch b {
			case '\n', '\r', '\b', '\t':
				// They act on the line: it must hold what came before.
				flush()
				c.control(b)
				n++
				if b == '\n' {
					c.rep.BytesIn += int64(n)
					return n
				}
				continue
			}
			c.control(b) // counted; the line is untouched
			n++
			continue
		}
		if b >= 0xa0 && (b <= 0xc1 || b >= 0xf5) && n+8 <= len(src) && escape.InvalidWord(binary.LittleEndian.Uint64(src[n:])) {
			// A run of bytes that no valid UTF-8 holds (0xFF padding,
			// stray continuation bytes): U+FFFD for each, found eight
			// at a time and copied from a prepared buffer.
			m := 8
			for n+m+8 <= len(src) && escape.InvalidWord(binary.LittleEndian.Uint64(src[n+m:])) {
				m += 8
			}
			for r := m; r > 0; {
				if len(buf)-k < len(replacement) {
					flush()
				}
				w := min(r, (len(buf)-k)/len(replacement))
				k += copy(buf[k:], replacements[:w*len(replacement)])
				r -= w
			}
			c.rep.InvalidUTF8 += int64(m)
			n += m
			continue
		}
		if k+3*utf8.UTFMax > len(buf) {
			flush()
		}
		rest := src[n:]
		if b <= 0x9f || b == 0xc2 && len(rest) > 1 && rest[1] <= 0x9f && rest[1] >= 0x80 {
			// A C1 control, raw or in UTF-8 (C2 80-9F).
			c1, size := b, 1
			if b == 0xc2 {
				c1, size = rest[1], 2
			}
			if c1Introducer(c1) {
				break
			}
			c.control(c1)
			n += size
			continue
		}
		if r, size := utf8.DecodeRune(rest); size > 1 {
			k += copy(buf[k:], rest[:size])
			plain = plain && r < 0x10000 && plainBMP[r>>6]&(1<<(r&63)) != 0
			n += size
			continue
		}
		// The parser reads the longest prefix of a valid character (a
		// lead byte and the continuation bytes it allows) as one
		// invalid byte each.
		m := 1
		for m < len(rest) && !utf8.FullRune(rest[:m+1]) {
			m++
		}
		if m == len(rest) && !utf8.FullRune(rest) && !atEOF {
			break // more input may complete it
		}
		for range m {
			d := buf[k : k+len(replacement)]
			d[0], d[1], d[2] = replacement[0], replacement[1], replacement[2]
			k += len(replacement)
		}
		c.rep.InvalidUTF8 += int64(m)
		n += m
	}
	flush()
	c.rep.BytesIn += int64(n)
	return n
}

// replacements is U+FFFD as many times as a batch holds (85 times, 255
// bytes): the output of a run of bytes that no valid UTF-8 holds, copied
// rather than written a character at a time. It is a constant, so that no
// process builds it at start-up.
const replacements = replacements64 + replacements16 + replacements4 + replacementRune

const (
	replacementRune = string(utf8.RuneError)
	replacements2   = replacementRune + replacementRune
	replacements4   = replacements2 + replacements2
	replacements16  = replacements4 + replacements4 + replacements4 + replacements4
	replacements64  = replacements16 + replacements16 + replacements16 + replacements16
)

// The batch holds whole replacements, and replacements fills it.
var _ [len(replacements) - groundBatch/len(replacementRune)*len(replacementRune)]struct{}
var _ [groundBatch/len(replacementRune)*len(replacementRune) - len(replacements)]struct{}

// c1Introducer reports whether the C1 control b opens a sequence: DCS,
// SOS, CSI, OSC, PM or APC.
func c1Introducer(b byte) bool {
	return b == 0x90 || b == 0x98 || b == 0x9b || b == 0x9d || b == 0x9e || b == 0x9f
}
