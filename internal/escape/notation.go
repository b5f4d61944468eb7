package escape

import (
	"encoding/binary"
	"slices"

	"github.com/plainsight-dev/plainsight/internal/sequence"
)

// The notation of an escape: \t for tab, \xNN for C0, DEL and C1,
// \u{NNNN} (lowercase, at least four digits) for every other code point,
// and \X{nn} for a byte that is not part of valid UTF-8. Braces end a
// \u{…} escape, so no digit after it can be read as part of it.

// MaxNotation is the length of the longest notation, \u{10ffff}.
const MaxNotation = len(`\u{10ffff}`)

const lowerhex = "0123456789abcdef"

// AppendRune appends the notation of code point r to dst.
func AppendRune(dst []byte, r rune) []byte {
	if r >= 0xA0 && r <= 0xFFFFF {
		// \u{XXXX} or \u{XXXXX}, whose first eight bytes are one
		// word: text that is escapes at every other character (bidi
		// controls, tags) spends its time here.
		// Two hex digits a look-up (hexPairs).
		w := uint64('\\') | uint64('u')<<8 | uint64('{')<<16
		last, size := byte('}'), 8
		if r > 0xFFFF {
			w |= uint64(lowerhex[r>>16])<<24 | uint64(hexPairs[r>>8&0xFF])<<32 | uint64(hexPairs[r&0xFF])<<48
			size = 9
		} else {
			w |= uint64(hexPairs[r>>8])<<24 | uint64(hexPairs[r&0xFF])<<40 | uint64('}')<<56
		}
		n := len(dst)
		dst = slices.Grow(dst, size)[:n+size]
		binary.LittleEndian.PutUint64(dst[n:n+8], w)
		dst[n+size-1] = last
		return dst
	}
	return appendOtherRune(dst, r)
}

// TagSize is the length of a tag character (U+E0000-U+E007F) in UTF-8:
// F3 A0, 80 or 81, and a continuation byte.
const TagSize = 4

// AppendTags appends the notation of each tag character in tags, which
// holds tags only, as AppendRune writes each: \u{e00XX}. A smuggled
// message is a run of them; each is a word and a byte to write here, with
// no test of which code point it is and one test of dst's room for all.
func AppendTags(dst, tags []byte) []byte {
	count := len(tags) / TagSize
	n := len(dst)
	dst = slices.Grow(dst, count*tagNotationSize)[:n+count*tagNotationSize]
	out := dst[n:]
	for i := range count {
		t := tags[i*TagSize : i*TagSize+TagSize : i*TagSize+TagSize]
		low := sequence.TagASCII(t[2], t[3])
		o := out[i*tagNotationSize : i*tagNotationSize+tagNotationSize : i*tagNotationSize+tagNotationSize]
		binary.LittleEndian.PutUint64(o, tagNotation|uint64(hexPairs[low])<<48)
		o[8] = '}'
	}
	return dst
}

// tagNotation is the first six bytes of a tag's notation, \u{e00, in a
// little-endian word; its two hex digits and the brace follow.
const tagNotation = uint64('\\') | uint64('u')<<8 | uint64('{')<<16 | uint64('e')<<24 | uint64('0')<<32 | uint64('0')<<40

// tagNotationSize is the length of a tag's notation.
const tagNotationSize = len(`\u{e0041}`)

// appendOtherRune is AppendRune for the code points below U+00A0 and
// above U+FFFFF: in a function of its own, so that AppendRune's frame is
// only as large as its common case needs.
func appendOtherRune(dst []byte, r rune) []byte {
	switch {
	case r == '\t':
		return append(dst, `\t`...)
	case r < 0x20 || (r >= 0x7F && r <= 0x9F):
		return append(dst, '\\', 'x', lowerhex[r>>4], lowerhex[r&0xF])
	}
	// Written into an array and appended once: a flood of one escaped
	// code point spends its time here.
	buf := [MaxNotation]byte{'\\', 'u', '{'}
	n := 3
	if r > 0xFFFF {
		if r > 0xFFFFF {
			buf[n] = lowerhex[r>>20&0xF]
			n++
		}
		buf[n] = lowerhex[r>>16&0xF]
		n++
	}
	buf[n], buf[n+1], buf[n+2], buf[n+3], buf[n+4] = lowerhex[r>>12&0xF], lowerhex[r>>8&0xF], lowerhex[r>>4&0xF], lowerhex[r&0xF], '}'
	return append(dst, buf[:n+5]...)
}

// AppendByte appends \X{nn}, the notation of a byte that is not part of
// valid UTF-8. No code point is ever written this way, so it cannot be
// mistaken for the escape of C1 control \xNN.
func AppendByte(dst []byte, b byte) []byte {
	return append(dst, '\\', 'X', '{', lowerhex[b>>4], lowerhex[b&0xF], '}')
}

// AppendHexByte appends \xNN for the byte b: the notation a preview of
// raw bytes uses for each byte it cannot show.
func AppendHexByte(dst []byte, b byte) []byte {
	return append(dst, '\\', 'x', lowerhex[b>>4], lowerhex[b&0xF])
}

// NotationLen returns the length of the notation of r, or of the byte r
// when invalid. TestNotationLen holds it to what the writers write, for
// every code point and byte.
func NotationLen(r rune, invalid bool) int {
	switch {
	case invalid:
		return len(`\X{ff}`)
	case r == '\t':
		return len(`\t`)
	case r < 0x20 || (r >= 0x7F && r <= 0x9F):
		return len(`\x1b`)
	case r <= 0xFFFF:
		return len(`\u{202e}`)
	case r <= 0xFFFFF:
		return len(`\u{e0041}`)
	}
	return len(`\u{10ffff}`)
}

// AppendByteNotation appends the notation of the byte c as a C0 control or
// DEL (below 0x80), or as a byte of invalid UTF-8 (from 0x80 on): what
// AppendRune or AppendByte would append. dst must have room for
// MaxNotation more bytes: the notation is stored in one word, not
// appended, for text that is escapes at every other byte.
func AppendByteNotation(dst []byte, c byte) []byte {
	n := byteNotations[c]
	end := len(dst)
	binary.LittleEndian.PutUint64(dst[end:end+8], n)
	return dst[:end+int(n>>56)]
}

//go:generate go test -run TestGeneratedTables -gentable

// buildHexPairs makes hexPairs (generated into tables_gen.go): the two
// lower-case hex digits of each byte, the first in the low byte, as
// AppendRune stores them in its word.
func buildHexPairs() (t [256]uint16) {
	for b := range 256 {
		t[b] = uint16(lowerhex[b>>4]) | uint16(lowerhex[b&0xF])<<8
	}
	return t
}

// buildByteNotations makes byteNotations (generated into tables_gen.go,
// so that no process builds it at start-up), which holds, for
// AppendByteNotation, the notation of each byte as the escape of a C0
// control or DEL (below 0x80) or of a byte of invalid UTF-8 (from 0x80
// on): its bytes in the low bytes of the word, little-endian, and its
// length in the top byte. The notations are at most six bytes. Printable
// ASCII, which is never escaped this way, has none.
func buildByteNotations() (t [256]uint64) {
	var buf [MaxNotation]byte
	for c := range 256 {
		var n []byte
		switch {
		case c >= 0x20 && c < 0x7F:
			continue
		case c < 0x80:
			n = AppendRune(buf[:0], rune(c))
		default:
			n = AppendByte(buf[:0], byte(c))
		}
		var w [8]byte
		copy(w[:], n)
		w[7] = byte(len(n))
		t[c] = binary.LittleEndian.Uint64(w[:])
	}
	return t
}
