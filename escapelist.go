package plainsight

import (
	"encoding/json"
	"fmt"
	"iter"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/escape"
)

// An EscapeList lists, in order, the escapes Sanitize wrote into a
// [Result.Text], as [Escape] values: All ranges over them. The zero value
// is an empty list.
//
// The list is kept packed, in two or three bytes for most runs of one
// escape where an Escape takes 32: text made mostly of escapes, such as
// random bytes, holds an escape for every other byte, and a list of
// Escape values would make its Result eight times the input and more.
// Bytes of invalid UTF-8 in a row, each an Escape of its own, take a few
// bytes for up to 128 of them: the list Sanitize returns reads their
// bytes back from the Text it returns with it, and keeps that Text.
// Its JSON form is the array of its Escapes.
type EscapeList struct {
	list escape.List
}

// escapeOf returns the run e as an Escape.
func escapeOf(e escape.Run) Escape {
	return Escape{Start: e.Start, End: e.End, Rune: e.R, Class: Class(e.Class()), Repeat: e.Repeat}
}

// Len returns how many Escapes the list holds, counting a run as one.
func (l EscapeList) Len() int { return l.list.Len() }

// All yields the escapes in order.
func (l EscapeList) All() iter.Seq[Escape] {
	return func(yield func(Escape) bool) {
		c := l.list.Runs()
		for e, ok := c.Next(); ok; e, ok = c.Next() {
			if !yield(escapeOf(e)) {
				return
			}
		}
	}
}

// Equal reports whether l and o list the same escapes.
func (l EscapeList) Equal(o EscapeList) bool {
	return l.list.Equal(&o.list)
}

// NewEscapeList returns the list of es, for a Result built by hand or
// decoded. The escapes must be in order and apart, each run made of
// Repeat+1 notations of one length; the rune must be a code point, or for
// [ClassInvalidUTF8] a byte from 0x80 to 0xFF. That they stand on their
// notations in Text is for the Result to hold: [Result.Original] and the
// presenters skip those that do not.
func NewEscapeList(es ...Escape) (EscapeList, error) {
	var l EscapeList
	for _, e := range es {
		n := e.Repeat + 1
		switch {
		case e.Repeat < 0 || e.Start < l.list.End() || e.End <= e.Start:
			return EscapeList{}, fmt.Errorf("plainsight: escape %d:%d out of order or empty", e.Start, e.End)
		case (e.End-e.Start)%n != 0 || (e.End-e.Start)/n > escape.MaxNotation:
			return EscapeList{}, fmt.Errorf("plainsight: escape %d:%d is not %d notations of one length", e.Start, e.End, n)
		case e.Class >= numClasses:
			return EscapeList{}, fmt.Errorf("plainsight: escape %d:%d of unknown class %d", e.Start, e.End, e.Class)
		case e.Class == ClassInvalidUTF8 && (e.Rune < 0x80 || e.Rune > 0xFF),
			e.Class != ClassInvalidUTF8 && (e.Rune < 0 || e.Rune > utf8.MaxRune):
			return EscapeList{}, fmt.Errorf("plainsight: escape %d:%d of %s stands for %#x", e.Start, e.End, e.Class, e.Rune)
		}
		l.list.Add(runOf(e))
	}
	return l, nil
}

// runOf returns e as a run, its class and length given if they are not
// those of Sanitize's notation.
func runOf(e Escape) escape.Run {
	invalid := e.Class == ClassInvalidUTF8
	run := escape.Run{Start: e.Start, End: e.End, Repeat: e.Repeat, R: e.Rune, Invalid: invalid, Cls: escape.Class(e.Class)}
	run.Given = run.Cls != escape.NotationClass(e.Rune, invalid) || run.UnitOut() != escape.NotationLen(e.Rune, invalid)
	return run
}

// MarshalJSON encodes l as the array of its Escapes.
func (l EscapeList) MarshalJSON() ([]byte, error) {
	es := make([]Escape, 0, l.Len())
	for e := range l.All() {
		es = append(es, e)
	}
	return json.Marshal(es)
}

// UnmarshalJSON decodes an array of Escapes, as NewEscapeList takes them.
func (l *EscapeList) UnmarshalJSON(b []byte) error {
	var es []Escape
	if err := json.Unmarshal(b, &es); err != nil {
		return err
	}
	list, err := NewEscapeList(es...)
	if err != nil {
		return err
	}
	*l = list
	return nil
}
