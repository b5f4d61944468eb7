package term

import "unicode/utf8"

// The bytes that ground reads on its own: in Ground, each is a token the
// parser would return alone, and none opens a sequence.
const (
	gText    = iota // printable ASCII, LF, tab: kept
	gControl        // another C0 control or DEL: dropped
	gHigh           // 0x80-0xFF: text, invalid UTF-8 or a C1 control
	gStop           // ESC, or a raw C1 introducer: the parser's
)

// groundClass classifies each byte for ground.
var groundClass = func() (t [256]uint8) {
	for b := range 256 {
		switch {
		case keptByte[b]:
			t[b] = gText
		case b == 0x1b || c1Introducer(byte(b)):
			t[b] = gStop
		case b < 0x80:
			t[b] = gControl
		default:
			t[b] = gHigh
		}
	}
	return t
}()

// c1Introducer reports whether the C1 control c opens a sequence (DCS,
// SOS, CSI, OSC, PM, APC), as a raw byte or after C2 in UTF-8.
func c1Introducer(c byte) bool {
	return c == 0x90 || c == 0x98 || c == 0x9b || c == 0x9d || c == 0x9e || c == 0x9f
}

// groundRoom is the room ground keeps in dst for one unit it writes
// whole: U+FFFD for each byte of an ill-formed prefix of at most three
// bytes, or one U+241B.
const groundRoom = 3 * len(replacement)

// ground filters the run at the start of src that needs no parser, as
// the parser and Transform would token by token, with the parser in
// Ground and no colour correction pending: text (printable ASCII, LF,
// tab and valid UTF-8 outside C1) is copied, C0 and C1 controls are
// dropped (U+241B each in Visualize mode) and each byte of ill-formed
// UTF-8 becomes U+FFFD. It stops before an ESC, a C1 introducer, a UTF-8
// prefix that src ends in (unless atEOF), or a unit that dst has no room
// for, and returns the bytes written and read.
//
// Random bytes and binary output are mostly such runs: one loop over
// them, instead of a parser token for each byte, is what keeps term
// fast there.
func ground(dst, src []byte, atEOF bool, mode Mode) (nDst, nSrc int) {
	for nSrc < len(src) {
		b := src[nSrc]
		switch groundClass[b] {
		case gText:
			if nSrc+1 < len(src) && !keptByte[src[nSrc+1]] && nDst < len(dst) {
				// One byte alone, as in binary output.
				dst[nDst] = b
				nDst++
				nSrc++
				continue
			}
			k := textRun(src[nSrc:min(len(src), nSrc+len(dst)-nDst)])
			if k == 0 {
				return nDst, nSrc // dst is full
			}
			nDst += copy(dst[nDst:], src[nSrc:nSrc+k])
			nSrc += k
			continue
		case gStop:
			return nDst, nSrc
		}
		if len(dst)-nDst < groundRoom {
			return nDst, nSrc
		}
		rest := src[nSrc:]
		if b < 0xa0 || b == 0xc2 && len(rest) > 1 && rest[1] >= 0x80 && rest[1] <= 0x9f {
			// A C0 control or DEL, a raw C1 control, or a C1 control
			// in UTF-8 (C2 80-9F).
			size := 1
			if b == 0xc2 {
				if c1Introducer(rest[1]) {
					return nDst, nSrc
				}
				size = 2
			}
			if mode == Visualize {
				nDst += copy(dst[nDst:], visualEscape)
			}
			nSrc += size
			continue
		}
		// m is the length of the longest prefix of a valid character
		// at the start of rest: the parser reads an ill-formed one as
		// one invalid byte each.
		l, m := utf8Leads[b], 1
		if len(rest) > 1 && l.lo <= rest[1] && rest[1] <= l.hi {
			m = 2
			for m < int(l.size) && m < len(rest) && rest[m]&0xc0 == 0x80 {
				m++
			}
		}
		switch {
		case m == int(l.size):
			k := textRun(rest[:min(len(rest), len(dst)-nDst)])
			if k == 0 {
				return nDst, nSrc // dst has no room for the character
			}
			nDst += copy(dst[nDst:], rest[:k])
			nSrc += k
			continue
		case m == len(rest) && l.size > 0 && !atEOF:
			return nDst, nSrc // more input may complete it
		}
		for range m {
			d := dst[nDst : nDst+len(replacement)]
			d[0], d[1], d[2] = replacement[0], replacement[1], replacement[2]
			nDst += len(replacement)
		}
		nSrc += m
	}
	return nDst, nSrc
}

// utf8Lead describes a byte that starts a multi-byte character: its
// size, and the range of the byte after it (RFC 3629: E0 A0-BF, ED 80-9F,
// F0 90-BF, F4 80-8F, otherwise 80-BF). size is 0 for the other bytes.
type utf8Lead struct {
	size   uint8
	lo, hi byte
}

// utf8Leads is built from unicode/utf8, so that it agrees with it.
var utf8Leads = func() (t [256]utf8Lead) {
	for b := range t {
		t[b].lo = 0xff // no byte follows
	}
	for b := 0xc2; b <= 0xf4; b++ {
		l := utf8Lead{lo: 0xff}
		for c := 0x80; c <= 0xbf; c++ {
			if p := []byte{byte(b), byte(c)}; !utf8.FullRune(p) || utf8.Valid(p) {
				l.lo, l.hi = min(l.lo, byte(c)), byte(c)
			}
		}
		l.size = 2
		if b >= 0xe0 {
			l.size = 3
		}
		if b >= 0xf0 {
			l.size = 4
		}
		t[b] = l
	}
	return t
}()

// textRun returns the length of the run of text at the start of src:
// printable ASCII, LF, tab and whole valid characters other than C1
// controls. ASCII is read sixteen bytes at a time, and the commonest two-
// and three-byte characters (no C1, overlong or surrogate among them)
// inline.
func textRun(src []byte) int {
	i := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c < utf8.RuneSelf:
			if !keptByte[c] {
				return i
			}
			i++
			if i < len(src) && src[i] < utf8.RuneSelf {
				// Two ASCII bytes in a row: more may follow. One
				// alone is most often a space between words of
				// another script.
				i += keptRun(src[i:])
			}
		case 0xc3 <= c && c <= 0xdf:
			if i+1 >= len(src) || src[i+1]&0xc0 != 0x80 {
				return i
			}
			i += 2
		case 0xe1 <= c && c <= 0xef && c != 0xed:
			if i+2 >= len(src) || src[i+1]&0xc0 != 0x80 || src[i+2]&0xc0 != 0x80 {
				return i
			}
			i += 3
		default:
			r, size := utf8.DecodeRune(src[i:])
			if size == 1 || r < 0xa0 {
				return i // ill-formed, cut short, or a C1 control
			}
			i += size
		}
	}
	return i
}
