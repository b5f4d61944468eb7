package plainsight

import (
	"fmt"
	"iter"
	"strings"

	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// Class says why a code point or byte was escaped.
type Class uint8

const (
	ClassNone Class = iota
	ClassTab
	ClassBackspace
	ClassCarriageReturn
	ClassControl
	ClassBidi
	ClassZeroWidth
	ClassTag
	ClassVariationSelector
	ClassInvisible
	ClassWhitespace
	ClassPrivateUse
	ClassNoncharacter
	ClassUnassigned
	ClassInvalidUTF8
	ClassFlagged

	numClasses
)

// classes holds the stable name of each Class and the warning kind it
// reports. A tab is escaped for display but is not a warning: it is common
// and harmless once visible.
var classes = [numClasses]struct {
	name string
	kind Kind
}{
	ClassNone:              {"none", KindUnknown},
	ClassTab:               {"tab", KindUnknown},
	ClassBackspace:         {"backspace", KindBackspace},
	ClassCarriageReturn:    {"carriage_return", KindCarriageReturn},
	ClassControl:           {"control", KindControl},
	ClassBidi:              {"bidi", KindBidi},
	ClassZeroWidth:         {"zero_width", KindZeroWidth},
	ClassTag:               {"tag", KindHiddenTags},
	ClassVariationSelector: {"variation_selector", KindVariationSelectors},
	ClassInvisible:         {"invisible", KindInvisible},
	ClassWhitespace:        {"whitespace", KindWhitespace},
	ClassPrivateUse:        {"private_use", KindPrivateUse},
	ClassNoncharacter:      {"noncharacter", KindNoncharacter},
	ClassUnassigned:        {"unassigned", KindUnassigned},
	ClassInvalidUTF8:       {"invalid_utf8", KindInvalidUTF8},
	ClassFlagged:           {"flagged", KindFlagged},
}

// String returns the stable name of c, such as "bidi".
func (c Class) String() string {
	if c < numClasses {
		return classes[c].name
	}
	return classes[ClassNone].name
}

// Kind returns the warning kind that an escape of class c reports, or
// KindUnknown for classes that are escaped without a warning (tab).
func (c Class) Kind() Kind {
	if c < numClasses {
		return classes[c].kind
	}
	return KindUnknown
}

// MarshalText encodes c as its stable name.
func (c Class) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText decodes a stable name; unknown names are an error.
func (c *Class) UnmarshalText(b []byte) error {
	for i, info := range classes {
		if info.name == string(b) {
			*c = Class(i)
			return nil
		}
	}
	return fmt.Errorf("plainsight: unknown escape class %q", b)
}

// An Escape records one escape that Sanitize wrote into [Result.Text], or a
// run of the same escape written again and again.
//
// Text[Start:End] is the escape notation, such as \u{202e}, Repeat+1 times
// in a row. Rune is the original code point, or for [ClassInvalidUTF8] the
// original byte value. A front end uses Escapes to style escapes apart from
// the same characters typed literally; [Result.Original] uses them to
// rebuild the input. Runs keep the list small on hostile input such as a
// flood of ESC bytes.
type Escape struct {
	Start int   `json:"start"`
	End   int   `json:"end"`
	Rune  rune  `json:"rune"`
	Class Class `json:"class"`
	// Repeat is how many more times the escape stands after the first:
	// 0 for a single escape.
	Repeat int `json:"repeat,omitempty"`
}

// Units returns the single escapes of e, one for each time it stands: e
// itself when Repeat is 0. A front end that gives each escape an element
// of its own ranges over it.
func (e Escape) Units() iter.Seq[Escape] {
	return func(yield func(Escape) bool) {
		n := e.Repeat + 1
		w := (e.End - e.Start) / n
		for j := range n {
			u := Escape{Start: e.Start + j*w, End: e.Start + (j+1)*w, Rune: e.Rune, Class: e.Class}
			if !yield(u) {
				return
			}
		}
	}
}

// Original returns the bytes that this escape stands for, each time it
// stands.
func (e Escape) Original() string {
	one := string(e.Rune)
	if e.Class == ClassInvalidUTF8 {
		one = string([]byte{byte(e.Rune)})
	}
	if e.Repeat > 0 {
		return strings.Repeat(one, e.Repeat+1)
	}
	return one
}

// runeClass is the context-free class of a valid rune above C1: the class
// it is escaped as unless a context rule (exceptions.go) or the policy
// shows it literally. It reads the Unicode 17 properties:
//
//   - Default_Ignorable_Code_Point characters are invisible, and split by
//     what they do: Bidi_Control, the zero-width characters that join or
//     break words (ZWSP, ZWNJ, ZWJ, WORD JOINER, ZWNBSP and the MONGOLIAN
//     VOWEL SEPARATOR), the Tags block, Variation_Selector;
//   - Zs, Zl and Zp are white space other than ASCII space;
//   - blank or annotation characters that are not Default_Ignorable but
//     show as nothing or a placeholder (BRAILLE PATTERN BLANK, the
//     interlinear annotation controls, OBJECT REPLACEMENT CHARACTER,
//     Egyptian hieroglyph format controls) are invisible too;
//   - Co is private use; Cn is Noncharacter_Code_Point or unassigned.
func runeClass(r rune, p ucd.Props) Class {
	cat := p.Category()
	if !p.DefaultIgnorable() {
		switch {
		case cat == ucd.Zs || cat == ucd.Zl || cat == ucd.Zp:
			return ClassWhitespace
		case r == 0x2800, r == 0xFFFC, r >= 0xFFF9 && r <= 0xFFFB, r >= 0x13430 && r <= 0x13440:
			return ClassInvisible
		case cat == ucd.Co:
			return ClassPrivateUse
		case cat == ucd.Cn:
			if p.Noncharacter() {
				return ClassNoncharacter
			}
			return ClassUnassigned
		}
		return ClassNone
	}
	switch {
	case p.BidiControl():
		return ClassBidi
	case r == 0x200B, r == zwnj, r == zwj, r == 0x2060, r == 0xFEFF, r == 0x180E:
		return ClassZeroWidth
	case r >= 0xE0000 && r <= 0xE007F:
		return ClassTag
	case p.VariationSelector():
		return ClassVariationSelector
	}
	return ClassInvisible
}

const (
	zwnj = 0x200C
	zwj  = 0x200D
)

const lowerhex = "0123456789abcdef"

// appendRuneEscape appends the escape notation of code point r: \t for tab,
// \xNN for C0, DEL and C1, and \u{NNNN} (lowercase, at least four digits)
// for everything else.
func appendRuneEscape(dst []byte, r rune) []byte {
	switch {
	case r == '\t':
		return append(dst, `\t`...)
	case r < 0x20 || (r >= 0x7F && r <= 0x9F):
		return append(dst, '\\', 'x', lowerhex[r>>4], lowerhex[r&0xF])
	}
	// Written into an array and appended once: a flood of one escaped
	// code point spends its time here.
	buf := [len(`\u{10ffff}`)]byte{'\\', 'u', '{'}
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

// appendByteEscape appends \X{nn}, the notation of a byte that is not part
// of valid UTF-8. No code point is ever written this way, so it cannot be
// mistaken for the escape of C1 control \xNN.
func appendByteEscape(dst []byte, b byte) []byte {
	return append(dst, '\\', 'X', '{', lowerhex[b>>4], lowerhex[b&0xF], '}')
}

// EscapeRune returns the escape notation of r as Sanitize writes it, such as
// \x1b for ESC or \u{202e} for RIGHT-TO-LEFT OVERRIDE.
func EscapeRune(r rune) string {
	var buf [12]byte
	return string(appendRuneEscape(buf[:0], r))
}

// AppendEscapeRune appends the escape notation of r, as [EscapeRune]
// returns it, to dst and returns the extended buffer. A stream that escapes
// rune by rune uses it to write each escape without allocating.
func AppendEscapeRune(dst []byte, r rune) []byte { return appendRuneEscape(dst, r) }

// EscapeByte returns \X{nn}, the notation Sanitize uses for a byte that is not
// part of valid UTF-8.
func EscapeByte(b byte) string {
	var buf [6]byte
	return string(appendByteEscape(buf[:0], b))
}

// Original rebuilds the exact input that produced r, from r.Text and its
// escapes.
func (r Result) Original() string {
	if r.Escapes.Len() == 0 {
		return r.Text
	}
	var b strings.Builder
	b.Grow(len(r.Text))
	last := 0
	for e := range r.Escapes.All() {
		if e.Start < last || e.End > len(r.Text) {
			// A Result that Sanitize did not make: keep what can be kept.
			continue
		}
		b.WriteString(r.Text[last:e.Start])
		for range e.Repeat + 1 {
			if e.Class == ClassInvalidUTF8 {
				b.WriteByte(byte(e.Rune))
			} else {
				b.WriteRune(e.Rune)
			}
		}
		last = e.End
	}
	b.WriteString(r.Text[last:])
	return b.String()
}
