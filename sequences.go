package plainsight

import (
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// This file holds the precise rules under which a code point from the
// escaped set is part of a legitimate sequence and is shown literally. Each
// rule looks at a bounded window around the code point, so the scan stays
// linear; anything that merely resembles a sequence is escaped.

// maxLookaround bounds how many code points a context rule walks over.
const maxLookaround = 8

func (s *sanitizer) runeBefore(i int) (rune, int) {
	if i <= 0 {
		return utf8.RuneError, 0
	}
	return utf8.DecodeLastRuneInString(s.text[:i])
}

func (s *sanitizer) runeAt(i int) (rune, int) {
	if i >= len(s.text) {
		return utf8.RuneError, 0
	}
	return utf8.DecodeRuneInString(s.text[i:])
}

// literal reports whether the rune r, met while walking the context of a
// sequence, is shown as itself. A walk stops at anything that will be
// escaped, so that the context a rule saw is still there when the output is
// sanitized again.
func (s *sanitizer) literal(r rune) bool {
	if r < 0xA0 {
		return r >= 0x20 && r < 0x7F && !s.asciiFlag.has(byte(r))
	}
	if len(s.policy.Flag) > 0 && s.policy.flags(r) {
		return false
	}
	return runeClass(r, ucd.Lookup(r)) == ClassNone || len(s.policy.Allow) > 0 && s.policy.allows(r)
}

// emojiZWJ reports whether the ZWJ at text[i] joins two emoji, as in an
// emoji ZWJ sequence (UTS #51 ED-16; UAX #29 GB11: ExtPict Extend* ZWJ ×
// ExtPict). On the left stands an emoji zwj element: an emoji, an emoji
// presentation sequence (emoji, VS16), or an emoji modifier sequence.
func (s *sanitizer) emojiZWJ(i int) bool {
	next, _ := s.runeAt(i + len("\u200d"))
	if !ucd.Lookup(next).ExtendedPictographic() || !s.literal(next) {
		return false
	}
	r, size := s.runeBefore(i)
	if r == 0xFE0F {
		r, _ = s.runeBefore(i - size)
		p := ucd.Lookup(r)
		return p.ExtendedPictographic() && p.EmojiVariationBase() && s.literal(r)
	}
	if ucd.Lookup(r).EmojiModifier() {
		r, _ = s.runeBefore(i - size)
	}
	return ucd.Lookup(r).ExtendedPictographic() && s.literal(r)
}

// joinerAfterVirama reports whether the joiner at text[i] follows a virama
// that follows a letter: the left side of UAX #31 rules A2 (ZWNJ) and B
// (ZWJ), $L $M* $V $M1* joiner. For a ZWJ it also checks the right side
// of rule B, (?!$D).
func (s *sanitizer) joinerAfterVirama(i int) bool {
	j := i
	// $M1*: combining marks after the virama.
	r, size := s.runeBefore(j)
	for steps := 0; size > 0 && !ucd.Lookup(r).Virama(); steps++ {
		if steps == maxLookaround || !ucd.Lookup(r).Category().IsMark() || !s.literal(r) {
			return false
		}
		j -= size
		r, size = s.runeBefore(j)
	}
	if size == 0 {
		return false
	}
	j -= size
	// $L $M*: a letter, then any marks, before the virama.
	for range maxLookaround {
		r, size = s.runeBefore(j)
		if size == 0 || !s.literal(r) {
			return false
		}
		cat := ucd.Lookup(r).Category()
		switch {
		case cat.IsLetter():
			if s.text[i:i+3] == "\u200d" {
				next, n := s.runeAt(i + 3)
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
func (s *sanitizer) bengaliRaYaphala(i, size int) bool {
	const (
		ra         = 0x09B0
		assameseRa = 0x09F0
		virama     = 0x09CD
		ya         = 0x09AF
	)
	before, _ := s.runeBefore(i)
	if before != ra && before != assameseRa || !s.literal(before) {
		return false
	}
	v, n := s.runeAt(i + size)
	y, _ := s.runeAt(i + size + n)
	return v == virama && y == ya
}

// letterAfter reports whether a letter follows at text[i], after combining
// marks ($M1* $L, the right side of rule A2).
func (s *sanitizer) letterAfter(i int) bool {
	for range maxLookaround {
		r, size := s.runeAt(i)
		if size == 0 || !s.literal(r) {
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
func (s *sanitizer) joiningZWNJ(i, size int) bool {
	return s.joiningSide(i, -1, ucd.JoiningL) && s.joiningSide(i+size, +1, ucd.JoiningR)
}

// joiningSide walks from text[i] in direction dir over transparent
// characters ($T*) and reports whether the first other character has
// Joining_Type want or D.
func (s *sanitizer) joiningSide(i, dir int, want ucd.JoiningType) bool {
	for range maxLookaround {
		var r rune
		var n int
		if dir < 0 {
			r, n = s.runeBefore(i)
		} else {
			r, n = s.runeAt(i)
		}
		if n == 0 || !s.literal(r) {
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
//   - VS15 or VS16 after an emoji variation base (emoji-variation-sequences.txt,
//     keycap bases included);
//   - a pair listed in StandardizedVariants.txt;
//   - an ideographic variation selector after a unified ideograph (IVD).
func (s *sanitizer) legitSelector(i int, r rune) bool {
	base, n := s.runeBefore(i)
	if n == 0 || !s.literal(base) {
		return false
	}
	p := ucd.Lookup(base)
	switch {
	case (r == 0xFE0E || r == 0xFE0F) && p.EmojiVariationBase():
		return true
	case r >= 0xE0100:
		return p.UnifiedIdeograph()
	}
	return ucd.IsStandardizedVariant(base, r)
}

// legitTag reports whether the tag character at text[i] belongs to a
// well-formed RGI emoji tag sequence: U+1F3F4, tag letters or digits, then
// U+E007F CANCEL TAG, spelling one of the subdivision flags that
// emoji-sequences.txt lists. A run of tags is judged once, at its first tag.
func (s *sanitizer) legitTag(i int) bool {
	if i < s.tagRunEnd {
		return s.tagRunLegit
	}
	end := i
	var spec [8]byte
	n, wellFormed := 0, true
	for end < len(s.text) {
		r, size := utf8.DecodeRuneInString(s.text[end:])
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
	last, _ := utf8.DecodeLastRuneInString(s.text[:end])
	base, _ := s.runeBefore(i)
	s.tagRunStart, s.tagRunEnd = i, end
	s.tagRunLegit = wellFormed && base == 0x1F3F4 && s.literal(base) && last == 0xE007F &&
		ucd.IsRGIEmojiTagSequence(string(spec[:n]))
	return s.tagRunLegit
}

// strayTag records the stray tag character at text[i]. The first tag of a
// run reports the run: its escaped form and the ASCII it spells.
func (s *sanitizer) strayTag(i int) {
	if f := s.found.found[KindHiddenTags]; f != nil && i > s.tagRunStart && i < s.tagRunEnd {
		f.count++
		return
	}
	end := max(s.tagRunEnd, i+4)
	again := s.found.has(KindHiddenTags)
	f := s.found.addRaw(KindHiddenTags, s.text[i:end], explainTags)
	if f.truncD {
		return
	}
	var buf [64]byte
	decoded := buf[:0]
	if again {
		decoded = append(decoded, ' ')
	}
	for j := i; j < end && len(decoded) <= MaxDecodedLen; {
		r, size := utf8.DecodeRuneInString(s.text[j:])
		if c := r - 0xE0000; c >= 0x20 && c < 0x7F {
			decoded = append(decoded, byte(c))
		}
		j += size
	}
	s.found.addDecoded(KindHiddenTags, string(decoded))
}

func explainTags() string { return tagExplanation }

// cutUTF8 returns the longest prefix of s of at most n bytes that does not
// split a UTF-8 sequence.
func cutUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// strayVS records a variation selector that no rule allows. Consecutive
// ones form a run: a hidden channel of one byte per selector.
func (s *sanitizer) strayVS(i, size int, r rune) {
	if i != s.vsRunEnd || s.vsRunCount == 0 {
		s.endVSRun()
		s.vsRunStart = i
		s.vsBytes = s.vsBytes[:0]
	}
	s.vsRunCount++
	s.vsRunEnd = i + size
	if b, ok := selectorByte(r); ok && len(s.vsBytes) < maxPreviewBytes {
		s.vsBytes = append(s.vsBytes, b)
	}
}

// maxPreviewBytes bounds the bytes of a selector run kept for the preview.
const maxPreviewBytes = 48

// endVSRun reports the current run of stray variation selectors, if any.
func (s *sanitizer) endVSRun() {
	if s.vsRunCount == 0 {
		return
	}
	n := s.vsRunCount
	s.vsRunCount = 0
	again := s.found.has(KindVariationSelectors)
	f := s.found.addRaw(KindVariationSelectors, s.text[s.vsRunStart:s.vsRunEnd], func() string {
		base, _ := s.runeBefore(s.vsRunStart)
		return selectorExplanation(n, base)
	})
	f.count += n - 1
	if f.truncD {
		return
	}
	if again {
		s.found.addDecoded(KindVariationSelectors, " ")
	}
	s.found.addDecoded(KindVariationSelectors, previewBytes(s.vsBytes))
}

// selectorByte decodes the byte a variation selector carries in the
// "emoji smuggling" scheme: VS1-VS16 are 0x00-0x0F, VS17-VS256 are 0x10-0xFF.
// Mongolian selectors carry none.
func selectorByte(r rune) (byte, bool) {
	switch {
	case r >= 0xFE00 && r <= 0xFE0F:
		return byte(r - 0xFE00), true
	case r >= 0xE0100 && r <= 0xE01EF:
		return byte(r - 0xE0100 + 0x10), true
	}
	return 0, false
}

// previewBytes shows bytes as text: valid printable UTF-8 as is, and every
// other byte as \xNN, so the preview is itself safe to print.
func previewBytes(b []byte) string {
	out := make([]byte, 0, len(b)*2)
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		if r == utf8.RuneError && size <= 1 || r < 0x20 || r == 0x7F ||
			r >= 0x80 && runeClass(r, ucd.Lookup(r)) != ClassNone {
			for _, c := range b[:max(size, 1)] {
				out = append(out, '\\', 'x', lowerhex[c>>4], lowerhex[c&0xF])
			}
		} else {
			out = append(out, b[:size]...)
		}
		b = b[max(size, 1):]
	}
	return string(out)
}
