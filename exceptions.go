package plainsight

import (
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// This file holds the exceptions to the escape classes: the precise rules,
// from the Unicode standards, under which a code point from the escaped
// set is part of a legitimate sequence and is shown literally (emoji ZWJ
// and tag sequences, the UAX #31 joiner rules, standardized and
// ideographic variation sequences). Each
// rule looks at a bounded window around the code point, so the scan stays
// linear; anything that merely resembles a sequence is escaped.

// maxLookaround bounds how many code points a context rule walks over.
const maxLookaround = 8

func (e *escaper) runeBefore(i int) (rune, int) {
	if i <= 0 {
		return utf8.RuneError, 0
	}
	return utf8.DecodeLastRuneInString(e.text[:i])
}

func (e *escaper) runeAt(i int) (rune, int) {
	if i >= len(e.text) {
		return utf8.RuneError, 0
	}
	return utf8.DecodeRuneInString(e.text[i:])
}

// literal reports whether the rune r, met while walking the context of a
// sequence, is shown as itself. A walk stops at anything that will be
// escaped, so that the context a rule saw is still there when the output is
// sanitized again.
func (e *escaper) literal(r rune) bool {
	if r < 0xA0 {
		return r >= 0x20 && r < 0x7F && !e.asciiFlag.has(byte(r))
	}
	if len(e.policy.Flag) > 0 && e.policy.flags(r) {
		return false
	}
	return runeClass(r, ucd.Lookup(r)) == ClassNone || len(e.policy.Allow) > 0 && e.policy.allows(r)
}

// emojiZWJ reports whether the ZWJ at text[i] joins two emoji, as in an
// emoji ZWJ sequence (UTS #51 ED-16; UAX #29 GB11: ExtPict Extend* ZWJ ×
// ExtPict). On the left stands an emoji zwj element: an emoji, an emoji
// presentation sequence (emoji, VS16), or an emoji modifier sequence.
func (e *escaper) emojiZWJ(i int) bool {
	next, _ := e.runeAt(i + len("\u200d"))
	if !ucd.Lookup(next).ExtendedPictographic() || !e.literal(next) {
		return false
	}
	r, size := e.runeBefore(i)
	if r == 0xFE0F {
		r, _ = e.runeBefore(i - size)
		p := ucd.Lookup(r)
		return p.ExtendedPictographic() && p.EmojiVariationBase() && e.literal(r)
	}
	if ucd.Lookup(r).EmojiModifier() {
		r, _ = e.runeBefore(i - size)
	}
	return ucd.Lookup(r).ExtendedPictographic() && e.literal(r)
}

// joinerAfterVirama reports whether the joiner at text[i] follows a virama
// that follows a letter: the left side of UAX #31 rules A2 (ZWNJ) and B
// (ZWJ), $L $M* $V $M1* joiner. For a ZWJ it also checks the right side
// of rule B, (?!$D).
func (e *escaper) joinerAfterVirama(i int) bool {
	j := i
	// $M1*: combining marks after the virama.
	r, size := e.runeBefore(j)
	for steps := 0; size > 0 && !ucd.Lookup(r).Virama(); steps++ {
		if steps == maxLookaround || !ucd.Lookup(r).Category().IsMark() || !e.literal(r) {
			return false
		}
		j -= size
		r, size = e.runeBefore(j)
	}
	if size == 0 {
		return false
	}
	j -= size
	// $L $M*: a letter, then any marks, before the virama.
	for range maxLookaround {
		r, size = e.runeBefore(j)
		if size == 0 || !e.literal(r) {
			return false
		}
		cat := ucd.Lookup(r).Category()
		switch {
		case cat.IsLetter():
			if e.text[i:i+3] == "\u200d" {
				next, n := e.runeAt(i + 3)
				return n == 0 || ucd.Lookup(next).JoiningType() != ucd.JoiningD
			}
			return true
		case cat.IsMark():
			j -= size
		default:
			return false
		}
	}
	return false
}

// bengaliRaYaphala reports whether the joiner at text[i:i+size] sits in
// RA, joiner, VIRAMA, YA: the Unicode Standard's spelling (section 12.2,
// Bengali) of ra with ya-phalaa, which keeps the ra from becoming a reph.
// Bengali input methods write the same with ZWNJ, so both joiners are
// accepted there and nowhere else.
func (e *escaper) bengaliRaYaphala(i, size int) bool {
	const (
		ra         = 0x09B0
		assameseRa = 0x09F0
		virama     = 0x09CD
		ya         = 0x09AF
	)
	before, _ := e.runeBefore(i)
	if before != ra && before != assameseRa || !e.literal(before) {
		return false
	}
	v, n := e.runeAt(i + size)
	y, _ := e.runeAt(i + size + n)
	return v == virama && y == ya
}

// letterAfter reports whether a letter follows at text[i], after combining
// marks ($M1* $L, the right side of rule A2).
func (e *escaper) letterAfter(i int) bool {
	for range maxLookaround {
		r, size := e.runeAt(i)
		if size == 0 || !e.literal(r) {
			return false
		}
		cat := ucd.Lookup(r).Category()
		switch {
		case cat.IsLetter():
			return true
		case cat.IsMark():
			i += size
		default:
			return false
		}
	}
	return false
}

// joiningZWNJ reports whether the ZWNJ at text[i:i+size] stands between
// joining letters, UAX #31 rule A1: $LJ $T* ZWNJ $T* $RJ, where $LJ has
// Joining_Type L or D and $RJ has Joining_Type R or D (the Persian
// "mi-khaham" case).
func (e *escaper) joiningZWNJ(i, size int) bool {
	return e.joiningSide(i, -1, ucd.JoiningL) && e.joiningSide(i+size, +1, ucd.JoiningR)
}

// joiningSide walks from text[i] in direction dir over transparent
// characters ($T*) and reports whether the first other character has
// Joining_Type want or D.
func (e *escaper) joiningSide(i, dir int, want ucd.JoiningType) bool {
	for range maxLookaround {
		var r rune
		var n int
		if dir < 0 {
			r, n = e.runeBefore(i)
		} else {
			r, n = e.runeAt(i)
		}
		if n == 0 || !e.literal(r) {
			return false
		}
		switch jt := ucd.Lookup(r).JoiningType(); jt {
		case ucd.JoiningT:
			i += dir * n
		default:
			return jt == want || jt == ucd.JoiningD
		}
	}
	return false
}

// legitSelector reports whether the variation selector r at text[i]
// directly follows a base it is defined for, once:
//   - VS15 or VS16 after an emoji variation base (emoji-variation-sequences.txt);
//     after a keycap base (0-9, #, *) only when U+20E3 COMBINING ENCLOSING
//     KEYCAP follows, since a digit with a selector alone shows as the
//     digit and would hide the selector;
//   - a pair listed in StandardizedVariants.txt;
//   - an ideographic variation selector after the base it is registered
//     for in the Ideographic Variation Database: an unregistered one shows
//     as nothing and would hide a byte behind each Han character.
func (e *escaper) legitSelector(i int, r rune) bool {
	base, n := e.runeBefore(i)
	if n == 0 || !e.literal(base) {
		return false
	}
	p := ucd.Lookup(base)
	switch {
	case (r == 0xFE0E || r == 0xFE0F) && p.EmojiVariationBase():
		if base == '#' || base == '*' || '0' <= base && base <= '9' {
			next, _ := e.runeAt(i + len("\ufe0f"))
			return next == 0x20E3
		}
		return true
	case r >= 0xE0100:
		return ucd.IsIdeographicVariation(base, r)
	}
	return ucd.IsStandardizedVariant(base, r)
}

// legitTag reports whether the tag character at text[i] belongs to a
// well-formed RGI emoji tag sequence: U+1F3F4, tag letters or digits, then
// U+E007F CANCEL TAG, spelling one of the subdivision flags that
// emoji-sequences.txt lists. A run of tags is judged once, at its first tag.
func (e *escaper) legitTag(i int) bool {
	if i < e.tagRunEnd {
		return e.tagRunLegit
	}
	end := i
	var spec [8]byte
	n, wellFormed := 0, true
	for end < len(e.text) {
		r, size := utf8.DecodeRuneInString(e.text[end:])
		if r < 0xE0000 || r > 0xE007F {
			break
		}
		end += size
		if r == 0xE007F {
			break
		}
		c := byte(r - 0xE0000)
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z') || n == len(spec) {
			wellFormed = false
			continue
		}
		spec[n] = c
		n++
	}
	last, _ := utf8.DecodeLastRuneInString(e.text[:end])
	base, _ := e.runeBefore(i)
	e.tagRunStart, e.tagRunEnd = i, end
	e.tagRunLegit = wellFormed && base == 0x1F3F4 && e.literal(base) && last == 0xE007F &&
		ucd.IsRGIEmojiTagSequence(string(spec[:n]))
	return e.tagRunLegit
}
