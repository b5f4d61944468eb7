package transcript

import (
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// The Unicode pass decides rune by rune, from the character properties
// alone, what the root package's Sanitize would escape in a piece of clean
// text (printable, tab and valid UTF-8: the parser has removed the rest).
// Variation selectors and tag characters depend on their neighbours (an
// emoji presentation selector, a subdivision flag): their two short rules
// are repeated here from the root package, and the tests hold both to
// agree. The joiners' rules (emoji ZWJ sequences, UAX #31 joiners after a
// virama or between joining letters) are longer: a piece holding ZWJ or
// ZWNJ goes through Sanitize whole.

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

// A unicodeWalk classifies the code points of one piece of clean text in
// order, with the context rules for selectors and tags.
type unicodeWalk struct {
	seg []byte
	// The run of tag characters that starts at or before the current one
	// ends at tagEnd; tagLegit says whether it is a subdivision flag.
	tagEnd   int
	tagLegit bool
}

// class returns the escape class of the valid rune r >= 0x80 at seg[i],
// or sanitize when only Sanitize's context rules can tell (the joiners).
func (w *unicodeWalk) class(i int, r rune) (cls plainsight.Class, sanitize bool) {
	cls, contextual := unicodeClass(r)
	if !contextual {
		return cls, false
	}
	switch cls {
	case plainsight.ClassVariationSelector:
		if w.legitSelector(i, r) {
			return plainsight.ClassNone, false
		}
		return cls, false
	case plainsight.ClassTag:
		if w.legitTag(i) {
			return plainsight.ClassNone, false
		}
		return cls, false
	}
	return cls, true
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
// root package escapes, and whether only Sanitize can tell.
func unicodeScan(seg []byte) (escapes, sanitize bool) {
	w := unicodeWalk{seg: seg}
	for i := 0; i < len(seg); {
		if seg[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRune(seg[i:])
		if cls, san := w.class(i, r); san {
			return true, true
		} else if cls != plainsight.ClassNone {
			escapes = true
		}
		i += size
	}
	return escapes, false
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
		cls, _ := w.class(i, r)
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

// emitSanitized writes seg through Sanitize: the path for pieces whose
// escapes depend on context. Only the code-point findings are counted, as
// on the per-rune path.
func (c *Cleaner) emitSanitized(seg []byte) {
	res := plainsight.Policy{KeepTab: true}.Sanitize(string(seg))
	for _, e := range res.Escapes {
		c.countUnicode(e.Class)
	}
	switch {
	case c.opts.Unicode == UnicodeKeep || len(res.Escapes) == 0:
		c.emit(seg)
	case c.opts.Unicode == UnicodeRemove:
		prev := 0
		for _, e := range res.Escapes {
			c.emitString(res.Text[prev:e.Start])
			prev = e.End
		}
		c.emitString(res.Text[prev:])
	default:
		c.emitString(res.Text)
	}
}

// countUnicode counts one escaped code point of class cls and the
// warning it raises.
func (c *Cleaner) countUnicode(cls plainsight.Class) {
	c.escapes[cls&31]++
	if k := cls.Kind(); k != plainsight.KindUnknown {
		c.warnings[k&31]++
	}
}
