package transcript

import (
	"sync"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// The Unicode pass decides rune by rune, from the character properties
// alone, what the root package's Sanitize would escape in a piece of clean
// text (printable, tab and valid UTF-8: the parser has removed the rest).
// Joiners, variation selectors and tag characters depend on their
// neighbours (an emoji ZWJ sequence, a Persian ZWNJ, an emoji presentation
// selector, a subdivision flag): the root package's context rules for them
// are repeated here, walking the same bounded windows, and the tests and a
// fuzz target hold the two to agree on every code point and on any text.

// unicodeClass returns the class of the valid rune r >= 0x80 in clean
// text when it does not depend on context, as the root package's runeClass
// decides it; contextual reports that the neighbours decide.
func unicodeClass(r rune) (cls plainsight.Class, contextual bool) {
	if r <= 0x9F {
		return plainsight.ClassControl, false // C1: removed before this pass
	}
	p := ucd.Lookup(r)
	cat := p.Category()
	if !p.DefaultIgnorable() {
		switch {
		case cat == ucd.Zs || cat == ucd.Zl || cat == ucd.Zp:
			return plainsight.ClassWhitespace, false
		case r == 0x2800, r == 0xFFFC, r >= 0xFFF9 && r <= 0xFFFB, r >= 0x13430 && r <= 0x13440:
			return plainsight.ClassInvisible, false
		case cat == ucd.Co:
			return plainsight.ClassPrivateUse, false
		case cat == ucd.Cn:
			if isNoncharacter(r) {
				return plainsight.ClassNoncharacter, false
			}
			return plainsight.ClassUnassigned, false
		}
		return plainsight.ClassNone, false
	}
	switch {
	case r == 0x061C || r == 0x200E || r == 0x200F || r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069:
		return plainsight.ClassBidi, false
	case r == 0x200C, r == 0x200D:
		return plainsight.ClassZeroWidth, true
	case r == 0x200B, r == 0x2060, r == 0xFEFF, r == 0x180E:
		return plainsight.ClassZeroWidth, false
	case r >= 0xE0000 && r <= 0xE007F:
		return plainsight.ClassTag, true
	case r >= 0xFE00 && r <= 0xFE0F, r >= 0xE0100 && r <= 0xE01EF, r >= 0x180B && r <= 0x180D, r == 0x180F:
		return plainsight.ClassVariationSelector, true
	case isNoncharacter(r):
		return plainsight.ClassNoncharacter, false
	}
	return plainsight.ClassInvisible, false
}

func isNoncharacter(r rune) bool {
	return r >= 0xFDD0 && r <= 0xFDEF || r&0xFFFE == 0xFFFE
}

// plainBMP has a bit set for each code point of the Basic Multilingual
// Plane that is valid text the Unicode pass leaves alone, built on first
// use from unicodeClass: a bit test replaces a table lookup for most of
// the world's text.
var plainBMP = sync.OnceValue(func() *[1 << 10]uint64 {
	var bits [1 << 10]uint64
	for r := rune(0xA0); r < 0x10000; r++ {
		if cls, _ := unicodeClass(r); cls == plainsight.ClassNone && utf8.ValidRune(r) {
			bits[r>>6] |= 1 << (r & 63)
		}
	}
	return &bits
})

// plainRun returns the length of the run of two- and three-byte runes at
// the start of src that plainBMP marks as left alone.
func plainRun(src []byte, plain *[1 << 10]uint64) int {
	i := 0
	for i < len(src) {
		var r rune
		var size int
		switch b := src[i]; {
		case b >= 0xC2 && b <= 0xDF && i+1 < len(src) && src[i+1]&0xC0 == 0x80:
			r, size = rune(b&0x1F)<<6|rune(src[i+1]&0x3F), 2
		case b >= 0xE0 && b <= 0xEF && i+2 < len(src) && src[i+1]&0xC0 == 0x80 && src[i+2]&0xC0 == 0x80:
			r, size = rune(b&0x0F)<<12|rune(src[i+1]&0x3F)<<6|rune(src[i+2]&0x3F), 3
			if r < 0x800 {
				return i // overlong
			}
		default:
			return i
		}
		// C1 and surrogates have no bit set.
		if plain[r>>6]&(1<<(r&63)) == 0 {
			return i
		}
		i += size
	}
	return i
}

// A unicodeWalk classifies the code points of one piece of clean text in
// order, with the context rules for selectors and tags.
type unicodeWalk struct {
	seg []byte
	// The run of tag characters that starts at or before the current one
	// ends at tagEnd; tagLegit says whether it is a subdivision flag.
	tagEnd   int
	tagLegit bool
}

// class returns the escape class of the valid rune r >= 0x80, size bytes
// at seg[i], or ClassNone when it is shown literally.
func (w *unicodeWalk) class(i, size int, r rune) plainsight.Class {
	cls, contextual := unicodeClass(r)
	if !contextual {
		return cls
	}
	var legit bool
	switch cls {
	case plainsight.ClassVariationSelector:
		legit = w.legitSelector(i, r)
	case plainsight.ClassTag:
		legit = w.legitTag(i)
	default: // ZWJ, ZWNJ
		legit = r == zwj && (w.emojiZWJ(i) || w.joinerAfterVirama(i)) ||
			r == zwnj && (w.joiningZWNJ(i, size) || w.joinerAfterVirama(i) && w.letterAfter(i+size)) ||
			w.bengaliRaYaphala(i, size)
	}
	if legit {
		return plainsight.ClassNone
	}
	return cls
}

const (
	zwnj = 0x200C
	zwj  = 0x200D
	// maxLookaround bounds how many code points a context rule walks
	// over, as in the root package.
	maxLookaround = 8
)

func (w *unicodeWalk) runeBefore(i int) (rune, int) {
	if i <= 0 {
		return utf8.RuneError, 0
	}
	return utf8.DecodeLastRune(w.seg[:i])
}

func (w *unicodeWalk) runeAt(i int) (rune, int) {
	if i >= len(w.seg) {
		return utf8.RuneError, 0
	}
	return utf8.DecodeRune(w.seg[i:])
}

// emojiZWJ: the ZWJ at seg[i] joins two emoji (UTS #51 ED-16; UAX #29
// GB11); on the left an emoji, an emoji presentation sequence or an emoji
// modifier sequence.
func (w *unicodeWalk) emojiZWJ(i int) bool {
	next, _ := w.runeAt(i + len("\u200d"))
	if !ucd.Lookup(next).ExtendedPictographic() || !literal(next) {
		return false
	}
	r, size := w.runeBefore(i)
	if r == 0xFE0F {
		r, _ = w.runeBefore(i - size)
		p := ucd.Lookup(r)
		return p.ExtendedPictographic() && p.EmojiVariationBase() && literal(r)
	}
	if ucd.Lookup(r).EmojiModifier() {
		r, _ = w.runeBefore(i - size)
	}
	return ucd.Lookup(r).ExtendedPictographic() && literal(r)
}

// joinerAfterVirama: the joiner at seg[i] follows a virama that follows a
// letter, UAX #31 rules A2 and B ($L $M* $V $M1* joiner); for a ZWJ, not
// before a dual-joining letter ((?!$D)).
func (w *unicodeWalk) joinerAfterVirama(i int) bool {
	j := i
	r, size := w.runeBefore(j)
	for steps := 0; size > 0 && !ucd.Lookup(r).Virama(); steps++ {
		if steps == maxLookaround || !ucd.Lookup(r).Category().IsMark() || !literal(r) {
			return false
		}
		j -= size
		r, size = w.runeBefore(j)
	}
	if size == 0 {
		return false
	}
	j -= size
	for range maxLookaround {
		r, size = w.runeBefore(j)
		if size == 0 || !literal(r) {
			return false
		}
		cat := ucd.Lookup(r).Category()
		switch {
		case cat.IsLetter():
			if string(w.seg[i:i+3]) == "\u200d" {
				next, n := w.runeAt(i + 3)
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

// bengaliRaYaphala: the joiner at seg[i:i+size] sits in RA, joiner,
// VIRAMA, YA (the Unicode Standard, section 12.2, Bengali).
func (w *unicodeWalk) bengaliRaYaphala(i, size int) bool {
	const (
		ra         = 0x09B0
		assameseRa = 0x09F0
		virama     = 0x09CD
		ya         = 0x09AF
	)
	before, _ := w.runeBefore(i)
	if before != ra && before != assameseRa {
		return false
	}
	v, n := w.runeAt(i + size)
	y, _ := w.runeAt(i + size + n)
	return v == virama && y == ya
}

// letterAfter: a letter follows at seg[i], after combining marks ($M1* $L).
func (w *unicodeWalk) letterAfter(i int) bool {
	for range maxLookaround {
		r, size := w.runeAt(i)
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

// joiningZWNJ: the ZWNJ at seg[i:i+size] stands between joining letters,
// UAX #31 rule A1 ($LJ $T* ZWNJ $T* $RJ).
func (w *unicodeWalk) joiningZWNJ(i, size int) bool {
	return w.joiningSide(i, -1, ucd.JoiningL) && w.joiningSide(i+size, +1, ucd.JoiningR)
}

// joiningSide walks from seg[i] in direction dir over transparent
// characters and reports whether the first other one has Joining_Type want
// or D.
func (w *unicodeWalk) joiningSide(i, dir int, want ucd.JoiningType) bool {
	for range maxLookaround {
		var r rune
		var n int
		if dir < 0 {
			r, n = w.runeBefore(i)
		} else {
			r, n = w.runeAt(i)
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

// literal reports whether r, next to a selector or tag, is shown as
// itself, as the root package's context rules require of a base.
func literal(r rune) bool {
	if r < 0xA0 {
		return r >= 0x20 && r < 0x7F
	}
	cls, _ := unicodeClass(r)
	return cls == plainsight.ClassNone
}

// legitSelector is the root package's rule for a variation selector: it
// directly follows a base it is defined for (an emoji presentation
// selector after an emoji variation base, an ideographic selector after a
// unified ideograph, or a standardized variant).
func (w *unicodeWalk) legitSelector(i int, r rune) bool {
	base, n := utf8.DecodeLastRune(w.seg[:i])
	if n == 0 || !literal(base) {
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

// legitTag is the root package's rule for a tag character: its run is a
// well-formed RGI emoji tag sequence, U+1F3F4, tag letters or digits, then
// U+E007F CANCEL TAG. A run is judged once, at its first tag.
func (w *unicodeWalk) legitTag(i int) bool {
	if i < w.tagEnd {
		return w.tagLegit
	}
	end := i
	var spec [8]byte
	n, wellFormed := 0, true
	for end < len(w.seg) {
		r, size := utf8.DecodeRune(w.seg[end:])
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
	last, _ := utf8.DecodeLastRune(w.seg[:end])
	base, _ := utf8.DecodeLastRune(w.seg[:i])
	w.tagEnd = end
	w.tagLegit = wellFormed && base == 0x1F3F4 && last == 0xE007F && ucd.IsRGIEmojiTagSequence(string(spec[:n]))
	return w.tagLegit
}

// unicodeScan reports whether seg, clean text, holds a code point the
// root package escapes.
func unicodeScan(seg []byte) bool {
	w := unicodeWalk{seg: seg}
	plain := plainBMP()
	for i := 0; i < len(seg); {
		if seg[i] < utf8.RuneSelf {
			i++
			continue
		}
		if n := plainRun(seg[i:], plain); n > 0 {
			i += n
			continue
		}
		r, size := utf8.DecodeRune(seg[i:])
		if w.class(i, size, r) != plainsight.ClassNone {
			return true
		}
		i += size
	}
	return false
}

// emitUnicode writes seg, clean text whose escapes the per-rune rules
// decide, per the Unicode policy, and counts them.
func (c *Cleaner) emitUnicode(seg []byte) {
	w := unicodeWalk{seg: seg}
	prev := 0
	for i := 0; i < len(seg); {
		if seg[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRune(seg[i:])
		cls := w.class(i, size, r)
		if cls == plainsight.ClassNone {
			i += size
			continue
		}
		c.countUnicode(cls)
		switch c.opts.Unicode {
		case UnicodeRemove:
			c.emit(seg[prev:i])
			prev = i + size
		case UnicodeEscape:
			c.emit(seg[prev:i])
			c.emitString(plainsight.EscapeRune(r))
			prev = i + size
		}
		i += size
	}
	c.emit(seg[prev:])
}

// countUnicode counts one escaped code point of class cls and the
// warning it raises.
func (c *Cleaner) countUnicode(cls plainsight.Class) {
	c.escapes[cls&31]++
	if k := cls.Kind(); k != plainsight.KindUnknown {
		c.warnings[k&31]++
	}
}
