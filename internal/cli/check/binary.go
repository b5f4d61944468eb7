package check

import "unicode/utf8"

// Input is mostly binary when, past binaryMinLen bytes, more than one byte
// in binaryRatio is a control other than tab, newline and carriage return,
// or not part of valid UTF-8. Such input is no command or message: shown as
// text it would be a wall of escapes, and dump shows it better.
const (
	binaryMinLen = 64 << 10
	binaryRatio  = 4
)

func mostlyBinary(data []byte) bool {
	if len(data) < binaryMinLen {
		return false
	}
	bad, limit := 0, len(data)/binaryRatio
	for i := 0; i < len(data) && bad <= limit; {
		c := data[i]
		if c < utf8.RuneSelf {
			if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f {
				bad++
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n == 1 {
			bad++
		}
		i += n
	}
	return bad > limit
}
