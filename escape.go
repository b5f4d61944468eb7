package plainsight

import (
	"fmt"
	"strings"
)

// Class says why a code point or byte was escaped.
type Class uint8

const (
	ClassNone              Class = iota // none
	ClassTab                            // tab
	ClassBackspace                      // backspace
	ClassCarriageReturn                 // carriage_return
	ClassControl                        // control
	ClassBidi                           // bidi
	ClassZeroWidth                      // zero_width
	ClassTag                            // tag
	ClassVariationSelector              // variation_selector
	ClassInvisible                      // invisible
	ClassWhitespace                     // whitespace
	ClassPrivateUse                     // private_use
	ClassNoncharacter                   // noncharacter
	ClassUnassigned                     // unassigned
	ClassInvalidUTF8                    // invalid_utf8
	ClassFlagged                        // flagged

	numClasses
)

var classNames = [numClasses]string{
	ClassNone:              "none",
	ClassTab:               "tab",
	ClassBackspace:         "backspace",
	ClassCarriageReturn:    "carriage_return",
	ClassControl:           "control",
	ClassBidi:              "bidi",
	ClassZeroWidth:         "zero_width",
	ClassTag:               "tag",
	ClassVariationSelector: "variation_selector",
	ClassInvisible:         "invisible",
	ClassWhitespace:        "whitespace",
	ClassPrivateUse:        "private_use",
	ClassNoncharacter:      "noncharacter",
	ClassUnassigned:        "unassigned",
	ClassInvalidUTF8:       "invalid_utf8",
	ClassFlagged:           "flagged",
}

// classKind is the warning kind each class reports. A tab is escaped for
// display but is not a warning: it is common and harmless once visible.
var classKind = [numClasses]Kind{
	ClassNone:              KindUnknown,
	ClassTab:               KindUnknown,
	ClassBackspace:         KindBackspace,
	ClassCarriageReturn:    KindCarriageReturn,
	ClassControl:           KindControl,
	ClassBidi:              KindBidi,
	ClassZeroWidth:         KindZeroWidth,
	ClassTag:               KindHiddenTags,
	ClassVariationSelector: KindVariationSelectors,
	ClassInvisible:         KindInvisible,
	ClassWhitespace:        KindWhitespace,
	ClassPrivateUse:        KindPrivateUse,
	ClassNoncharacter:      KindNoncharacter,
	ClassUnassigned:        KindUnassigned,
	ClassInvalidUTF8:       KindInvalidUTF8,
	ClassFlagged:           KindFlagged,
}

// String returns the stable name of c, such as "bidi".
func (c Class) String() string {
	if c < numClasses {
		return classNames[c]
	}
	return classNames[ClassNone]
}

// Kind returns the warning kind that an escape of class c reports, or
// KindUnknown for classes that are escaped without a warning (tab).
func (c Class) Kind() Kind {
	if c < numClasses {
		return classKind[c]
	}
	return KindUnknown
}

// MarshalText encodes c as its stable name.
func (c Class) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText decodes a stable name; unknown names are an error.
func (c *Class) UnmarshalText(b []byte) error {
	for i, n := range classNames {
		if n == string(b) {
			*c = Class(i)
			return nil
		}
	}
	return fmt.Errorf("plainsight: unknown escape class %q", b)
}

// An Escape records one escape that Sanitize wrote into [Result.Text].
//
// Text[Start:End] is the escape notation, such as \u{202e}. Rune is the
// original code point, or for [ClassInvalidUTF8] the original byte value.
// A front end uses Escapes to style escapes apart from the same characters
// typed literally; [Result.Original] uses them to rebuild the input.
type Escape struct {
	Start int   `json:"start"`
	End   int   `json:"end"`
	Rune  rune  `json:"rune"`
	Class Class `json:"class"`
}

// Original returns the bytes that this escape stands for.
func (e Escape) Original() string {
	if e.Class == ClassInvalidUTF8 {
		return string([]byte{byte(e.Rune)})
	}
	return string(e.Rune)
}

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
	dst = append(dst, '\\', 'u', '{')
	digits := 4
	for v := r >> 16; v > 0; v >>= 4 {
		digits++
	}
	for i := digits - 1; i >= 0; i-- {
		dst = append(dst, lowerhex[(r>>(4*uint(i)))&0xF])
	}
	return append(dst, '}')
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

// EscapeByte returns \X{nn}, the notation Sanitize uses for a byte that is not
// part of valid UTF-8.
func EscapeByte(b byte) string {
	var buf [6]byte
	return string(appendByteEscape(buf[:0], b))
}

// Original rebuilds the exact input that produced r, from r.Text and
// r.Escapes.
func (r Result) Original() string {
	if len(r.Escapes) == 0 {
		return r.Text
	}
	var b strings.Builder
	b.Grow(len(r.Text))
	last := 0
	for _, e := range r.Escapes {
		if e.Start < last || e.End > len(r.Text) || e.Start > e.End {
			// A Result that Sanitize did not make: keep what can be kept.
			continue
		}
		b.WriteString(r.Text[last:e.Start])
		b.WriteString(e.Original())
		last = e.End
	}
	b.WriteString(r.Text[last:])
	return b.String()
}
