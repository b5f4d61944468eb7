// Package c1string finds where a control string that a C1 introducer
// opens ends, as package ansi's parser reads it, so that the streams
// (term's Sanitizer, transcript's Cleaner) may drop one without a parser
// token.
//
// In random bytes and binary output a raw C1 introducer opens a string
// every fifty bytes or so, and the next C1 byte most often ends it: a
// parser token each, and its turn of the stream's loop, cost more than
// the bytes. OSC, SOS, PM and APC strings are read by End; a DCS, whose
// header is a sequence of its own before its payload, by DCSEnd. The
// package's tests hold both to the parser byte for byte.
package c1string

import (
	"github.com/plainsight-dev/plainsight/internal/escape"
	"github.com/plainsight-dev/plainsight/internal/utf8lead"
)

// Header returns the length of the C1 introducer at the start of src,
// raw (9D) or in UTF-8 (C2 9D), and the C1 control it is (0x90 DCS, 0x98
// SOS, 0x9B CSI, 0x9D OSC, 0x9E PM, 0x9F APC); 0 and 0 if src does not
// start with one.
func Header(src []byte) (n int, intro byte) {
	if len(src) > 0 && src[0] == 0xC2 {
		n, src = 1, src[1:]
	}
	if len(src) == 0 || !Introducer(src[0]) {
		return 0, 0
	}
	return n + 1, src[0]
}

// Introducer reports whether the C1 control c opens a sequence (DCS, SOS,
// CSI, OSC, PM, APC): an ESC or an introducer that cuts a string short
// starts the next sequence.
func Introducer(c byte) bool {
	return c == 0x90 || c == 0x98 || c == 0x9B || c == 0x9D || c == 0x9E || c == 0x9F
}

// IsString reports whether the C1 control c opens a string that End
// reads: SOS, OSC, PM or APC.
func IsString(c byte) bool {
	return c == 0x98 || c == 0x9D || c == 0x9E || c == 0x9F
}

// End reads the payload of a string that an introducer for which IsString
// holds opens, from src[i], in the parser's
// string states (osc_string, sos_pm_apc_string; osc is true in the
// first), and returns where the payload ends and where the string's token
// ends, as indexes in src, and whether a terminator ended it (ST, or BEL
// in an OSC) rather than an abort. It returns end 0 when the string does
// not end in src: the parser then waits for more input, or reads on. The
// introducer comes before src[i], so i, and the end of a string that
// ends, are at least 1.
//
// It reads as the parser does:
//   - ST, raw (9C) or in UTF-8 (C2 9C), and BEL in an OSC end the string;
//     CAN, SUB and any C1 control that opens nothing abort it. Each is
//     read with the string, after its payload.
//   - ESC \ is ST. Any other ESC, and a C1 introducer, raw or in UTF-8,
//     abort the string and start the next sequence: end is the index of
//     the ESC or the introducer, which the parser reads as the start of a
//     sequence from Ground.
//   - Any other byte is payload. A UTF-8 lead byte and the continuation
//     bytes that follow it are one character, whatever their values (a
//     continuation byte 80-9F in one is no C1 control); a byte that cuts
//     the character short is read on its own.
//   - An ESC or a C2 that src ends in waits for the byte after it.
func End(src []byte, i int, osc bool) (payloadEnd, end int, terminated bool) {
	for i < len(src) {
		// The run of bytes that are payload whatever follows them, and
		// of leads that the byte after does not continue: one look-up
		// and comparison a byte, with no branch on what the byte is
		// (random bytes would mispredict it), until a byte the cases
		// below must read.
		for i+1 < len(src) && escape.AloneBefore(payloadNext[src[i]], src[i+1]) {
			i++
		}
		switch b := src[i]; {
		case b < 0x80:
			switch {
			case b == 0x1B:
				switch {
				case i+1 == len(src):
					return 0, 0, false // ST or an abort: the next byte decides
				case src[i+1] == '\\':
					return i, i + 2, true
				}
				return i, i, false
			case b == 0x07:
				if osc {
					return i, i + 1, true
				}
			case b == 0x18 || b == 0x1A:
				return i, i + 1, false
			}
			i++
		case b < 0xA0:
			switch {
			case b == 0x9C:
				return i, i + 1, true
			case Introducer(b):
				return i, i, false
			}
			return i, i + 1, false
		case b == 0xC2:
			if i+1 == len(src) {
				return 0, 0, false // a C1 control or a character: the next byte decides
			}
			switch c := src[i+1]; {
			case c == 0x9C:
				return i, i + 2, true
			case c >= 0x80 && c <= 0x9F:
				if Introducer(c) {
					return i, i, false
				}
				return i, i + 2, false
			default:
				// A lead: c, read on its own next, continues it if it
				// is A0-BF, payload either way.
				i++
			}
		default:
			// A0-FF: payload, and a lead byte's continuation bytes
			// with it.
			l := utf8lead.Leads[b]
			i++
			for k := 0; k < int(l.Need) && i < len(src) && l.Lo <= src[i] && src[i] <= l.Hi; k++ {
				i++
				l.Lo, l.Hi = 0x80, 0xBF
			}
		}
	}
	return 0, 0, false
}

// DCSEnd reads the DCS that a C1 introducer opens, from src[i], the byte
// after the introducer, as the parser's DCS states do, and returns, as
// indexes in src, where its data ends (at the byte that ends the DCS,
// which may end its header) and where its token ends, and whether a
// terminator ended it; end 0 when it does not end in src. The streams
// drop a DCS whole, so only its end is read here, not its header's
// parameters.
//
// The header (dcs_entry, dcs_param, dcs_intermediate) reads parameters,
// intermediates and C0 controls, which it ignores, up to
//   - a final byte 0x40-0x7E, after which the data (dcs_passthrough) is
//     read as End reads the payload of an SOS;
//   - a byte that makes the header malformed (a private marker or a
//     parameter after its first bytes, a byte from A0 up), from which the
//     rest (dcs_ignore) is read the same way;
//   - ESC, which aborts it and starts the next sequence whatever follows
//     (ESC \ is no ST before the data), and CAN, SUB, ST and the C1
//     controls, raw or in UTF-8, which end it as they end a string,
//     except that ST aborts a header rather than ending it.
func DCSEnd(src []byte, i int) (dataEnd, end int, terminated bool) {
	state := 0 // dcs_entry, then 1 for dcs_param, 2 for dcs_intermediate
	for ; i < len(src); i++ {
		switch b := src[i]; {
		case b >= 0x40 && b <= 0x7E:
			return End(src, i+1, false)
		case b >= 0x20 && b <= 0x2F:
			state = 2
		case b >= 0x30 && b <= 0x3F:
			if state == 2 || state == 1 && b >= 0x3C {
				return End(src, i+1, false)
			}
			state = 1
		case b == 0x1B:
			return i, i, false
		case b == 0x18 || b == 0x1A:
			return i, i + 1, false
		case b < 0x20 || b == 0x7F:
			// Ignored in the header.
		case b == 0xC2:
			if i+1 == len(src) {
				return 0, 0, false // a C1 control or a character: the next byte decides
			}
			if c := src[i+1]; c >= 0x80 && c <= 0x9F {
				if Introducer(c) {
					return i, i, false
				}
				return i, i + 2, false
			}
			return End(src, i, false)
		case b < 0xA0:
			if Introducer(b) {
				return i, i, false
			}
			return i, i + 1, false
		default:
			return End(src, i, false)
		}
	}
	return 0, 0, false
}

//go:generate go test -run TestGeneratedTables -gentable

// buildPayloadNext makes payloadNext: for each byte, the range of next
// bytes ([escape.NextRange]) that make it more than a payload byte read
// on its own. It is empty (escape.NoNext) for a byte that is payload
// whatever follows it; the first continuation bytes of a lead's
// character for a lead (for C2, 80-BF: the C1 controls in UTF-8
// among them); and every byte (escape.EveryNext) for a byte that ends or
// may end the string (ESC, BEL, CAN, SUB, a raw C1 control).
func buildPayloadNext() (t [256]uint64) {
	for b := range t {
		l := utf8lead.Leads[b]
		switch {
		case b == 0x1B || b == 0x07 || b == 0x18 || b == 0x1A || b >= 0x80 && b <= 0x9F:
			t[b] = escape.EveryNext
		case l.Need > 0:
			t[b] = escape.NextRange(l.Lo, l.Hi)
		default:
			t[b] = escape.NoNext
		}
	}
	return t
}
