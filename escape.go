package plainsight

import (
	"fmt"
	"iter"
	"strings"

	"github.com/plainsight-dev/plainsight/internal/escape"
	"github.com/plainsight-dev/plainsight/internal/names"
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

// classNames holds the stable name of each Class.
var classNames = names.Table[Class]{
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

// classKinds holds the warning kind an escape of each Class reports. A
// tab is escaped for display but is not a warning: it is common and
// harmless once visible.
var classKinds = [numClasses]Kind{
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
	if n, ok := classNames.Name(c); ok {
		return n
	}
	return classNames[ClassNone]
}

// Kind returns the warning kind that an escape of class c reports, or
// KindUnknown for classes that are escaped without a warning (tab).
func (c Class) Kind() Kind {
	if c < numClasses {
		return classKinds[c]
	}
	return KindUnknown
}

// MarshalText encodes c as its stable name.
func (c Class) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText decodes a stable name; unknown names are an error.
func (c *Class) UnmarshalText(b []byte) error {
	v, ok := classNames.Parse(string(b))
	if !ok {
		return fmt.Errorf("plainsight: unknown escape class %q", b)
	}
	*c = v
	return nil
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

// EscapeRune returns the escape notation of r as Sanitize writes it, such as
// \x1b for ESC or \u{202e} for RIGHT-TO-LEFT OVERRIDE.
func EscapeRune(r rune) string {
	var buf [escape.MaxNotation]byte
	return string(escape.AppendRune(buf[:0], r))
}

// AppendEscapeRune appends the escape notation of r, as [EscapeRune]
// returns it, to dst and returns the extended buffer. A stream that escapes
// rune by rune uses it to write each escape without allocating.
func AppendEscapeRune(dst []byte, r rune) []byte { return escape.AppendRune(dst, r) }

// EscapeByte returns \X{nn}, the notation Sanitize uses for a byte that is not
// part of valid UTF-8.
func EscapeByte(b byte) string {
	var buf [escape.MaxNotation]byte
	return string(escape.AppendByte(buf[:0], b))
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
