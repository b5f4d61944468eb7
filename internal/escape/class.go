package escape

import "github.com/plainsight-dev/plainsight/internal/ucd"

// Class says why a code point or byte is escaped. The constants follow the
// root package's Class one to one, in the same order, so that a conversion
// is all it takes; a test of the root pins the two together.
type Class uint8

const (
	None Class = iota
	Tab
	Backspace
	CarriageReturn
	Control
	Bidi
	ZeroWidth
	Tag
	VariationSelector
	Invisible
	Whitespace
	PrivateUse
	Noncharacter
	Unassigned
	InvalidUTF8
	Flagged

	NumClasses
)

// ZWNJ and ZWJ are the two joiners whose class depends on their
// neighbours (UAX #31, UTS #51).
const (
	ZWNJ = 0x200C
	ZWJ  = 0x200D
)

// ClassOf is the context-free class of a valid rune above C1: the class
// it is escaped as unless a context rule (context.go) or the policy shows
// it literally. It reads the Unicode 17 properties:
//
//   - Default_Ignorable_Code_Point characters are invisible, and split by
//     what they do: Bidi_Control, the zero-width characters that join or
//     break words (ZWSP, ZWNJ, ZWJ, WORD JOINER, ZWNBSP and the MONGOLIAN
//     VOWEL SEPARATOR), the Tags block, Variation_Selector;
//   - Zs, Zl and Zp are white space other than ASCII space;
//   - format characters (Cf) that are not Default_Ignorable are invisible
//     too: they draw as nothing, as a placeholder or as an ornament over
//     the digits after them (the Prepended_Concatenation_Mark characters,
//     U+0600 ARABIC NUMBER SIGN to U+110CD KAITHI NUMBER SIGN ABOVE; the
//     interlinear annotation controls; the Egyptian hieroglyph format
//     controls), and so are the blanks and placeholders BRAILLE PATTERN
//     BLANK, OBJECT REPLACEMENT CHARACTER and U+13440;
//   - Co is private use; Cn is Noncharacter_Code_Point or unassigned.
func ClassOf(r rune, p ucd.Props) Class {
	cat := p.Category()
	if !p.DefaultIgnorable() {
		switch {
		case cat == ucd.Zs || cat == ucd.Zl || cat == ucd.Zp:
			return Whitespace
		case cat == ucd.Cf, r == 0x2800, r == 0xFFFC, r == 0x13440:
			return Invisible
		case cat == ucd.Co:
			return PrivateUse
		case cat == ucd.Cn:
			if p.Noncharacter() {
				return Noncharacter
			}
			return Unassigned
		}
		return None
	}
	switch {
	case p.BidiControl():
		return Bidi
	case r == 0x200B, r == ZWNJ, r == ZWJ, r == 0x2060, r == 0xFEFF, r == 0x180E:
		return ZeroWidth
	case r >= 0xE0000 && r <= 0xE007F:
		return Tag
	case p.VariationSelector():
		return VariationSelector
	}
	return Invisible
}

// plainCategory reports, for ClassOf's fast path, that r is a letter,
// mark, number or punctuation that is not Default_Ignorable, none of which
// ClassOf escapes but the mark U+13440. TestPlainCategory holds it to
// ClassOf for every code point.
func plainCategory(r rune, p ucd.Props) bool {
	cat := p.Category()
	return ucd.Lu <= cat && cat <= ucd.Po && !p.DefaultIgnorable() && r != 0x13440
}

// Contextual reports whether the rune r of class c may be shown literally
// when its neighbours make a legitimate sequence of it: a joiner, a
// variation selector, a tag character.
func Contextual(r rune, c Class) bool {
	return c == Tag || c == VariationSelector || r == ZWNJ || r == ZWJ
}

// ControlClass returns the class of the control r (C0, DEL or C1): the
// three with warnings of their own, or Control.
func ControlClass(r rune) Class {
	switch r {
	case '\t':
		return Tab
	case '\b':
		return Backspace
	case '\r':
		return CarriageReturn
	}
	return Control
}

// NotationClass returns the class an escape of r is written for: a byte
// of invalid UTF-8, a control, or a code point by its properties.
func NotationClass(r rune, invalid bool) Class {
	switch {
	case invalid:
		return InvalidUTF8
	case r < 0x20 || r >= 0x7F && r <= 0x9F:
		return ControlClass(r)
	case r < 0x7F || r > 0x10FFFF:
		return None
	}
	return ClassOf(r, ucd.Lookup(r))
}
