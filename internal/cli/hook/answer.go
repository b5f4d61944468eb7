package hook

import (
	"io"
	"unicode/utf16"
	"unicode/utf8"
)

// The answers of claude-code, gemini and codex are objects of a fixed
// shape, written here without encoding/json: its encoder works out the
// fields of each struct type by reflection once per process, and a hook
// call is one process. writeJSON is kept for the json agent's Result.

// A member is one member of an answer object: a string, or an object of
// members. Empty strings and objects with no members are left out, as
// omitempty leaves them out, unless keep is set.
type member struct {
	name    string
	value   string
	members []member
	keep    bool // written even when empty
}

// writeObject writes the object of members as one line of JSON, in the
// form writeJSON gives it.
func writeObject(w io.Writer, members ...member) error {
	b := appendObject(make([]byte, 0, 256), members)
	_, err := w.Write(append(b, '\n'))
	return err
}

func appendObject(b []byte, members []member) []byte {
	b = append(b, '{')
	first := true
	for _, m := range members {
		if !m.keep && m.value == "" && len(m.members) == 0 {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = appendJSONString(b, m.name)
		b = append(b, ':')
		if m.members != nil {
			b = appendObject(b, m.members)
		} else {
			b = appendJSONString(b, m.value)
		}
	}
	return append(b, '}')
}

// appendJSONString appends s as a JSON string in printable ASCII: what
// encoding/json writes without HTML escaping, with every character
// outside printable ASCII as a \u escape (a pair of them beyond the
// Basic Multilingual Plane) and each byte of invalid UTF-8 as \ufffd.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x7F && c != '"' && c != '\\' {
			b = append(b, c)
			i++
			continue
		}
		if c < utf8.RuneSelf {
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if r > 0xFFFF {
			r1, r2 := utf16.EncodeRune(r)
			b = appendUEscape(b, r1)
			b = appendUEscape(b, r2)
			continue
		}
		b = appendUEscape(b, r) // U+FFFD for a byte of invalid UTF-8
	}
	return append(b, '"')
}

// appendUEscape appends \u and the four hex digits of r.
func appendUEscape(b []byte, r rune) []byte {
	const hex = "0123456789abcdef"
	return append(b, '\\', 'u', hex[r>>12&0xF], hex[r>>8&0xF], hex[r>>4&0xF], hex[r&0xF])
}
