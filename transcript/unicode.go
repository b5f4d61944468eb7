package transcript

import (
	"sync"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/internal/sequence"
	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// The Unicode pass decides rune by rune, from the character properties
// alone, what the root package's Sanitize would escape in a piece of clean
// text (printable, tab and valid UTF-8: the parser has removed the rest).
// Joiners, variation selectors and tag characters depend on their
// neighbours (an emoji ZWJ sequence, a Persian ZWNJ, an emoji presentation
// selector, a subdivision flag): internal/sequence holds the rules for
// them, which Sanitize follows too; the tests and a fuzz target hold the
// two passes to agree on every code point and on any text.

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

// plainText reports whether seg, clean text, holds only ASCII and code
// points that plainBMP marks as left alone: the Unicode checks would
// return it unchanged.
func plainText(seg []byte) bool {
	plain := plainBMP()
	for i := 0; i < len(seg); {
		if seg[i] < utf8.RuneSelf {
			i++
			continue
		}
		n := plainRun(seg[i:], plain)
		if n == 0 {
			return false
		}
		i += n
	}
	return true
}

// A unicodeWalk classifies the code points of one piece of clean text in
// order, with the context rules for selectors and tags.
type unicodeWalk struct {
	seg []byte
	// The run of tag characters that holds the current one ends at
	// tagEnd; tagLegit says whether it is a subdivision flag. A run is
	// judged once, at its first tag.
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
		legit = sequence.Selector(w.seg, i, r, literal)
	case plainsight.ClassTag:
		if i >= w.tagEnd {
			w.tagEnd, w.tagLegit = sequence.TagRun(w.seg, i, literal)
		}
		legit = w.tagLegit
	default: // ZWJ, ZWNJ
		legit = sequence.Joiner(w.seg, i, size, r, literal)
	}
	if legit {
		return plainsight.ClassNone
	}
	return cls
}

// literal reports whether r, in the context of a joiner, selector or tag,
// is shown as itself, as Sanitize decides it under the default policy.
func literal(r rune) bool {
	if r < 0xA0 {
		return r >= 0x20 && r < 0x7F
	}
	cls, _ := unicodeClass(r)
	return cls == plainsight.ClassNone
}

// next returns the first code point at or after seg[i] that is escaped:
// its offset, the rune, its size and its class. The offset is len(seg)
// when there is none.
func (w *unicodeWalk) next(i int) (int, rune, int, plainsight.Class) {
	plain := plainBMP()
	for i < len(w.seg) {
		if w.seg[i] < utf8.RuneSelf {
			i++
			continue
		}
		if n := plainRun(w.seg[i:], plain); n > 0 {
			i += n
			continue
		}
		r, size := utf8.DecodeRune(w.seg[i:])
		if cls := w.class(i, size, r); cls != plainsight.ClassNone {
			return i, r, size, cls
		}
		i += size
	}
	return len(w.seg), 0, 0, plainsight.ClassNone
}

// emitUnicode writes seg, clean text whose escapes the per-rune rules
// decide, per the Unicode policy, and counts them.
func (c *Cleaner) emitUnicode(seg []byte) {
	w := unicodeWalk{seg: seg}
	prev := 0
	for i, r, size, cls := w.next(0); i < len(seg); i, r, size, cls = w.next(i + size) {
		c.countUnicode(cls)
		switch c.opts.Unicode {
		case UnicodeRemove:
			c.emit(seg[prev:i])
			prev = i + size
		case UnicodeEscape:
			c.emit(seg[prev:i])
			var buf [12]byte // the longest escape, \u{10ffff}, and room to spare
			c.emit(plainsight.AppendEscapeRune(buf[:0], r))
			prev = i + size
		}
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
