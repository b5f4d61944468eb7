// Package sequence holds the rules under which a joiner, a variation
// selector or a tag character, each escaped on its own, is part of a
// legitimate sequence and is shown as itself: emoji ZWJ and tag sequences
// (UTS #51), the joiner rules of UAX #31, and the standardized and
// ideographic variation sequences. The root package's Sanitize and
// transcript's Unicode pass both decide by them, so that the two agree.
//
// Each rule reads a bounded window of the text around the code point
// (maxLookaround code points at most), so a scan that asks at every code
// point stays linear, and none allocates. Anything that merely resembles
// a sequence is not one.
package sequence

import (
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// Text is the text a rule reads: a string or a byte slice.
type Text interface{ string | []byte }

// Literal reports whether the caller shows the code point r as itself. A
// rule's walk stops at anything that will be escaped, so that the context
// it saw is still there when the output is sanitized again.
type Literal func(r rune) bool

// maxLookaround bounds how many code points a rule walks over.
const maxLookaround = 8

const (
	zwnj = 0x200C
	zwj  = 0x200D
)

// Joiner reports whether the ZWNJ or ZWJ r, size bytes at text[i], joins
// what stands around it:
//   - a ZWJ in an RGI emoji ZWJ sequence (UTS #51 ED-17,
//     emoji-zwj-sequences.txt);
//   - a ZWNJ between joining letters, UAX #31 rule A1;
//   - a joiner after a virama after a letter, UAX #31 rules A2 (a ZWNJ,
//     before a letter) and B (a ZWJ, not before a dual-joining letter);
//   - either joiner in Bengali ra, joiner, virama, ya.
func Joiner[T Text](text T, i, size int, r rune, literal Literal) bool {
	switch r {
	case zwj:
		legit, _ := ZWJ(text, i, literal)
		return legit
	case zwnj:
		return joiningZWNJ(text, i, size, literal) ||
			joinerAfterVirama(text, i, r, literal) && letterAfter(text, i+size, literal) ||
			bengaliRaYaphala(text, i, size, literal)
	}
	return false // any other zero-width character is never part of a sequence
}

// ZWJ is Joiner for the ZWJ at text[i]. When the ZWJ joins an RGI emoji
// ZWJ sequence, emojiEnd is where that sequence ends, and every ZWJ of the
// sequence after this one joins it too: a caller that reads on takes them
// without another look. emojiEnd is 0 otherwise.
func ZWJ[T Text](text T, i int, literal Literal) (legit bool, emojiEnd int) {
	if end, ok := emojiZWJ(text, i, literal); ok {
		return true, end
	}
	return joinerAfterVirama(text, i, zwj, literal) || bengaliRaYaphala(text, i, len("\u200d"), literal), 0
}

// emojiZWJ reports whether the ZWJ at text[i] joins an emoji ZWJ sequence
// recommended for general interchange (UTS #51 ED-17; emoji-zwj-sequences.txt):
// the whole sequence around it, emoji zwj elements (an emoji, with an
// emoji presentation selector or a modifier) joined by ZWJs, is read and
// looked up. Two emoji that merely stand on either side of a ZWJ are not
// one: a ZWJ between a man and a laptop draws a technologist, between any
// two emoji it may draw nothing and hide a bit. It returns where the
// sequence ends. The walks from any other ZWJ of the sequence find the
// same ends, since the sequence is no longer than the walks may go.
func emojiZWJ[T Text](text T, i int, literal Literal) (int, bool) {
	start, ok := zwjSequenceStart(text, i, literal)
	if !ok {
		return 0, false
	}
	end, ok := zwjSequenceEnd(text, i+len("\u200d"), literal)
	if !ok || !ucd.IsRGIEmojiZWJSequence(text[start:end]) {
		return 0, false
	}
	return end, true
}

// zwjSequenceStart walks back from the ZWJ at text[i] over emoji zwj
// elements and the ZWJs between them, at most ucd.MaxZWJSequenceRunes
// code points, and returns where the sequence starts.
func zwjSequenceStart[T Text](text T, i int, literal Literal) (int, bool) {
	for n := 0; ; {
		r, size := runeBefore(text, i)
		if r == 0xFE0F || emojiModifier(r) {
			i -= size
			n++
			r, size = runeBefore(text, i)
		}
		if size == 0 || !ucd.Lookup(r).ExtendedPictographic() || !literal(r) {
			return 0, false
		}
		i -= size
		n++
		if r, size = runeBefore(text, i); r != zwj {
			return i, true
		}
		i -= size
		if n++; n >= ucd.MaxZWJSequenceRunes {
			return 0, false
		}
	}
}

// emojiModifier reports whether r is an emoji modifier, one of the five
// skin tones: the look-up only for the block they stand in.
func emojiModifier(r rune) bool {
	return uint32(r-modifierFirst) <= modifierLast-modifierFirst && ucd.Lookup(r).EmojiModifier()
}

// modifierFirst and modifierLast bound the emoji modifiers
// (TestEmojiModifierRange).
const modifierFirst, modifierLast = 0x1F3FB, 0x1F3FF

// zwjSequenceEnd walks forward from text[i], just after a ZWJ, over emoji
// zwj elements and the ZWJs between them, at most
// ucd.MaxZWJSequenceRunes code points, and returns where the sequence
// ends.
func zwjSequenceEnd[T Text](text T, i int, literal Literal) (int, bool) {
	for n := 0; ; {
		r, size := runeAt(text, i)
		if size == 0 || !ucd.Lookup(r).ExtendedPictographic() || !literal(r) {
			return 0, false
		}
		i += size
		n++
		if r, size = runeAt(text, i); r == 0xFE0F || emojiModifier(r) {
			i += size
			n++
			r, size = runeAt(text, i)
		}
		if r != zwj {
			return i, true
		}
		i += size
		if n++; n >= ucd.MaxZWJSequenceRunes {
			return 0, false
		}
	}
}

// joinerAfterVirama reports whether the joiner r at text[i] follows a
// virama that follows a letter: the left side of UAX #31 rules A2 (ZWNJ)
// and B (ZWJ), $L $M* $V $M1* joiner. For a ZWJ it also checks the right
// side of rule B, (?!$D).
func joinerAfterVirama[T Text](text T, i int, joiner rune, literal Literal) bool {
	j := i
	// $M1*: combining marks after the virama.
	r, size := runeBefore(text, j)
	for steps := 0; size > 0 && !ucd.Lookup(r).Virama(); steps++ {
		if steps == maxLookaround || !ucd.Lookup(r).Category().IsMark() || !literal(r) {
			return false
		}
		j -= size
		r, size = runeBefore(text, j)
	}
	if size == 0 {
		return false
	}
	j -= size
	// $L $M*: a letter, then any marks, before the virama.
	for range maxLookaround {
		r, size = runeBefore(text, j)
		if size == 0 || !literal(r) {
			return false
		}
		cat := ucd.Lookup(r).Category()
		switch {
		case cat.IsLetter():
			if joiner == zwj {
				next, n := runeAt(text, i+len("\u200d"))
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
func bengaliRaYaphala[T Text](text T, i, size int, literal Literal) bool {
	const (
		ra         = 0x09B0
		assameseRa = 0x09F0
		virama     = 0x09CD
		ya         = 0x09AF
	)
	before, _ := runeBefore(text, i)
	if before != ra && before != assameseRa || !literal(before) {
		return false
	}
	v, n := runeAt(text, i+size)
	y, _ := runeAt(text, i+size+n)
	return v == virama && y == ya
}

// letterAfter reports whether a letter follows at text[i], after combining
// marks ($M1* $L, the right side of rule A2).
func letterAfter[T Text](text T, i int, literal Literal) bool {
	for range maxLookaround {
		r, size := runeAt(text, i)
		if size == 0 || !literal(r) {
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
func joiningZWNJ[T Text](text T, i, size int, literal Literal) bool {
	return joiningSide(text, i, -1, ucd.JoiningL, literal) && joiningSide(text, i+size, +1, ucd.JoiningR, literal)
}

// joiningSide walks from text[i] in direction dir over transparent
// characters ($T*) and reports whether the first other character has
// Joining_Type want or D.
func joiningSide[T Text](text T, i, dir int, want ucd.JoiningType, literal Literal) bool {
	for range maxLookaround {
		var r rune
		var n int
		if dir < 0 {
			r, n = runeBefore(text, i)
		} else {
			r, n = runeAt(text, i)
		}
		if n == 0 || !literal(r) {
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

// Selector reports whether the variation selector r at text[i] directly
// follows a base it is defined for, once:
//   - VS15 or VS16 after an emoji variation base (emoji-variation-sequences.txt);
//     after a keycap base (0-9, #, *) only when U+20E3 COMBINING ENCLOSING
//     KEYCAP follows, since a digit with a selector alone shows as the
//     digit and would hide the selector;
//   - a pair listed in StandardizedVariants.txt;
//   - an ideographic variation selector after the base it is registered
//     for in the Ideographic Variation Database: an unregistered one shows
//     as nothing and would hide a byte behind each Han character.
//
// The tables are read before literal is asked about the base: most
// selectors in text that is not a sequence (a run of selectors, one after
// a letter) fail there, and literal, which classifies the base, is the
// dearer test.
func Selector[T Text](text T, i int, r rune, literal Literal) bool {
	base, n := runeBefore(text, i)
	if n == 0 {
		return false
	}
	var defined bool
	switch {
	case (r == 0xFE0E || r == 0xFE0F) && ucd.Lookup(base).EmojiVariationBase():
		defined = true
		if base == '#' || base == '*' || '0' <= base && base <= '9' {
			next, _ := runeAt(text, i+len("\ufe0f"))
			defined = next == 0x20E3
		}
	case r >= 0xE0100:
		defined = ucd.IsIdeographicVariation(base, r)
	default:
		defined = ucd.IsStandardizedVariant(base, r)
	}
	return defined && literal(base)
}

// TagRun reads the run of tag characters (U+E0000 to U+E007F) that starts
// at text[i] and ends at text[end], after its CANCEL TAG if it has one.
// The run is legit when it completes a well-formed RGI emoji tag
// sequence: U+1F3F4, tag letters or digits, then U+E007F CANCEL TAG,
// spelling one of the subdivision flags that emoji-sequences.txt lists.
// Every tag of the run shares that verdict, so a caller asks once per run.
func TagRun[T Text](text T, i int, literal Literal) (end int, legit bool) {
	end = i
	var spec [8]byte
	n, wellFormed, cancelled := 0, true, false
	// A tag is F3 A0 80 80 to F3 A0 81 BF in UTF-8, whatever comes next:
	// its ASCII is read from its last two bytes, with no decode, which
	// would cost a flood of tags a third of its time here.
	// The four bytes are tested as one word.
	for end+3 < len(text) {
		t := text[end : end+4]
		v := uint32(t[0]) | uint32(t[1])<<8 | uint32(t[2])<<16 | uint32(t[3])<<24
		if v&0xC0FEFFFF != 0x8080A0F3 {
			break
		}
		c := TagASCII(t[2], t[3])
		end += 4
		if c == 0x7F {
			cancelled = true
			break // CANCEL TAG
		}
		if !wellFormed {
			end = tagPairsEnd(text, end)
			continue
		}
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z') || n == len(spec) {
			wellFormed = false
			continue
		}
		spec[n] = c
		n++
	}
	if !wellFormed || !cancelled {
		return end, false
	}
	base, _ := runeBefore(text, i)
	legit = base == 0x1F3F4 && literal(base) && ucd.IsRGIEmojiTagSequence(string(spec[:n]))
	return end, legit
}

// tagPairsEnd returns the end of the pairs of tags from text[i] on, read
// eight bytes at a time, that hold no CANCEL TAG: once a run spells no
// subdivision flag, its verdict is settled and only its end is sought,
// which a flood of tags (a smuggled message) puts far away. TagRun reads
// the rest a tag at a time.
func tagPairsEnd[T Text](text T, i int) int {
	const (
		mask = 0xC0FEFFFF_C0FEFFFF // the bytes of two tags that do not vary
		tags = 0x8080A0F3_8080A0F3
	)
	for i+8 <= len(text) {
		t := text[i : i+8]
		v := uint64(t[0]) | uint64(t[1])<<8 | uint64(t[2])<<16 | uint64(t[3])<<24 |
			uint64(t[4])<<32 | uint64(t[5])<<40 | uint64(t[6])<<48 | uint64(t[7])<<56
		// CANCEL TAG is F3 A0 81 BF: the bits of its ASCII (TagASCII)
		// in its last two bytes all set.
		if v&mask != tags || v>>16&0x3F01 == 0x3F01 || v>>48&0x3F01 == 0x3F01 {
			return i
		}
		i += 8
	}
	return i
}

// Tag returns the tag character F3 A0 b2 b3 in UTF-8, where b2 is 80 or
// 81 and b3 a continuation byte, as TagRun reads it.
func Tag(b2, b3 byte) rune { return 0xE0000 | rune(TagASCII(b2, b3)) }

// TagASCII returns the ASCII character that the tag F3 A0 b2 b3 stands
// for: its low seven bits.
func TagASCII(b2, b3 byte) byte { return b2&1<<6 | b3&0x3F }

// runeAt decodes the rune at text[i], or returns size 0 at the end. The
// characters around joiners and selectors (emoji, the joiners themselves,
// letters of three bytes) are decoded here, the rest by package utf8.
func runeAt[T Text](text T, i int) (r rune, size int) {
	if i >= len(text) {
		return utf8.RuneError, 0
	}
	if b0 := text[i]; b0 < utf8.RuneSelf {
		return rune(b0), 1
	} else if len(text)-i >= 3 && continues(text[i+1]) && continues(text[i+2]) {
		b1, b2 := text[i+1], text[i+2]
		if b0-0xE1 <= 0xEC-0xE1 || b0-0xEE <= 1 { // any continuation may follow
			return rune(b0&0x0F)<<12 | rune(b1&0x3F)<<6 | rune(b2&0x3F), 3
		}
		if (b0 == 0xF0 && b1 >= 0x90 || b0-0xF1 <= 2) && len(text)-i >= 4 && continues(text[i+3]) {
			return rune(b0&0x07)<<18 | rune(b1&0x3F)<<12 | rune(b2&0x3F)<<6 | rune(text[i+3]&0x3F), 4
		}
	}
	if s, ok := any(text).(string); ok {
		return utf8.DecodeRuneInString(s[i:])
	}
	return utf8.DecodeRune(any(text).([]byte)[i:])
}

// runeBefore decodes the rune that ends at text[i], or returns size 0 at
// the start. As runeAt, it decodes the characters around joiners and
// selectors itself.
func runeBefore[T Text](text T, i int) (r rune, size int) {
	if i <= 0 {
		return utf8.RuneError, 0
	}
	if b := text[i-1]; b < utf8.RuneSelf {
		return rune(b), 1
	}
	if i >= 3 && continues(text[i-1]) && continues(text[i-2]) {
		// A lead byte before two continuation bytes starts the rune,
		// as utf8.DecodeLastRune finds it.
		b0, b1, b2 := text[i-3], text[i-2], text[i-1]
		if b0-0xE1 <= 0xEC-0xE1 || b0-0xEE <= 1 {
			return rune(b0&0x0F)<<12 | rune(b1&0x3F)<<6 | rune(b2&0x3F), 3
		}
		if i >= 4 && continues(b0) {
			if a := text[i-4]; a == 0xF0 && b0 >= 0x90 || a-0xF1 <= 2 {
				return rune(a&0x07)<<18 | rune(b0&0x3F)<<12 | rune(b1&0x3F)<<6 | rune(b2&0x3F), 4
			}
		}
	}
	if s, ok := any(text).(string); ok {
		return utf8.DecodeLastRuneInString(s[:i])
	}
	return utf8.DecodeLastRune(any(text).([]byte)[:i])
}

// continues reports whether b is a continuation byte of UTF-8.
func continues(b byte) bool { return b&0xC0 == 0x80 }
