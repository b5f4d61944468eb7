package transcript

// Dump returns a byte-oriented view of raw for investigators, safe to print
// to a terminal whatever raw holds. Each line shows the offset of its first
// byte (at least 8 hex digits), up to 16 bytes in hex (a wider gap after
// the eighth), and then the same bytes in caret notation, as cat -v writes
// them:
//
//   - printable ASCII (0x20-0x7E) as itself;
//   - a C0 control as ^ and the byte plus 0x40: ESC is ^[, CR is ^M;
//   - DEL as ^?;
//   - a byte of 0x80 or more as M- and the notation of its low 7 bits: the
//     8-bit CSI 0x9B is M-^[, 0xE9 is M-i.
//
// A last line holds the total length, as od does. The caret column is a
// reading aid, not an encoding: a literal "^[" looks like an ESC there, and
// the hex column is the authority. Dump never writes a byte outside
// printable ASCII and '\n'.
func Dump(raw []byte) string {
	lines := (len(raw) + 15) / 16
	b := make([]byte, 0, lines*(10+16*3+1+16*4+1)+9)
	for off := 0; off < len(raw); off += 16 {
		row := raw[off:min(off+16, len(raw))]
		b = appendOffset(b, uint64(off))
		b = append(b, ' ')
		for i := range 16 {
			if i == 8 {
				b = append(b, ' ')
			}
			if i < len(row) {
				b = append(b, ' ', hexDigits[row[i]>>4], hexDigits[row[i]&0xF])
			} else {
				b = append(b, ' ', ' ', ' ')
			}
		}
		b = append(b, ' ', ' ')
		for _, c := range row {
			b = appendCaret(b, c)
		}
		b = append(b, '\n')
	}
	b = appendOffset(b, uint64(len(raw)))
	return string(append(b, '\n'))
}

const hexDigits = "0123456789abcdef"

// appendOffset appends v in hex, at least 8 digits.
func appendOffset(b []byte, v uint64) []byte {
	shift := 28
	for shift < 60 && v>>uint(shift+4) != 0 {
		shift += 4
	}
	for ; shift >= 0; shift -= 4 {
		b = append(b, hexDigits[v>>uint(shift)&0xF])
	}
	return b
}

// appendCaret appends the cat -v notation of c.
func appendCaret(b []byte, c byte) []byte {
	if c >= 0x80 {
		b = append(b, 'M', '-')
		c &= 0x7F
	}
	switch {
	case c < 0x20:
		return append(b, '^', c+0x40)
	case c == 0x7F:
		return append(b, '^', '?')
	}
	return append(b, c)
}
