package plainsight

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"iter"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// An EscapeList lists, in order, the escapes Sanitize wrote into a
// [Result.Text], as [Escape] values: All ranges over them. The zero value
// is an empty list.
//
// The list is kept packed, in two or three bytes for most runs of one
// escape where an Escape takes 32: text made mostly of escapes, such as
// random bytes, holds an escape for every other byte, and a list of
// Escape values would make its Result eight times the input and more.
// Its JSON form is the array of its Escapes.
type EscapeList struct {
	// packed holds a record per run of one escape: two or three
	// unsigned LEB128 numbers.
	//   - head: the gap in Text since the end of the run before, times 8,
	//     plus 4 for a byte of invalid UTF-8, plus 2 when the class and
	//     the notation's length are given, plus 1 for a run of more than
	//     one escape;
	//   - for a run of more than one, Escape.Repeat;
	//   - tail: the code point, or the byte less 0x80; when given, times
	//     512 plus the notation's length times 32 plus the class; all of
	//     it times 2, plus 1 for a run of more than one.
	// The class and length are given only when they are not those of
	// Sanitize's notation of the code point (notationClass,
	// notationLen): for ClassFlagged, or in a list built by hand. The
	// run flag stands in both head and tail, and every byte of a number
	// but its last has the high bit set, so that the records read
	// backward as well as forward.
	packed []byte
	runs   int // records in packed
	end    int // where the last run ends in Text
}

// escapeRun is one run of an escape, unpacked.
type escapeRun struct {
	start, end int // in Text
	repeat     int
	r          rune // the code point, or the byte of invalid UTF-8
	invalid    bool // r is a byte of invalid UTF-8
	// given says that cls and the notation's length are not those of
	// Sanitize's notation of r; only then does unpack set cls, and
	// class looks it up otherwise. Sanitize gives the class only for
	// ClassFlagged: every other class it writes is notationClass's.
	given bool
	cls   Class
}

// class returns the class of the run's escape.
func (e escapeRun) class() Class {
	if e.given {
		return e.cls
	}
	return notationClass(e.r, e.invalid)
}

// unitOut returns the length of one escape's notation.
func (e escapeRun) unitOut() int { return (e.end - e.start) / (e.repeat + 1) }

// unitIn returns the length of the input one escape stands for.
func (e escapeRun) unitIn() int {
	if e.invalid {
		return 1
	}
	return max(utf8.RuneLen(e.r), 1)
}

// escape returns e as an Escape.
func (e escapeRun) escape() Escape {
	return Escape{Start: e.start, End: e.end, Rune: e.r, Class: e.class(), Repeat: e.repeat}
}

// Len returns how many Escapes the list holds, counting a run as one.
func (l EscapeList) Len() int { return l.runs }

// All yields the escapes in order.
func (l EscapeList) All() iter.Seq[Escape] {
	return func(yield func(Escape) bool) {
		c := runCursor{packed: l.packed}
		for e, ok := c.next(); ok; e, ok = c.next() {
			if !yield(e.escape()) {
				return
			}
		}
	}
}

// Equal reports whether l and o list the same escapes.
func (l EscapeList) Equal(o EscapeList) bool {
	return l.runs == o.runs && string(l.packed) == string(o.packed)
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
		case e.Repeat < 0 || e.Start < l.end || e.End <= e.Start:
			return EscapeList{}, fmt.Errorf("plainsight: escape %d:%d out of order or empty", e.Start, e.End)
		case (e.End-e.Start)%n != 0 || (e.End-e.Start)/n > maxNotation:
			return EscapeList{}, fmt.Errorf("plainsight: escape %d:%d is not %d notations of one length", e.Start, e.End, n)
		case e.Class >= numClasses:
			return EscapeList{}, fmt.Errorf("plainsight: escape %d:%d of unknown class %d", e.Start, e.End, e.Class)
		case e.Class == ClassInvalidUTF8 && (e.Rune < 0x80 || e.Rune > 0xFF),
			e.Class != ClassInvalidUTF8 && (e.Rune < 0 || e.Rune > utf8.MaxRune):
			return EscapeList{}, fmt.Errorf("plainsight: escape %d:%d of %s stands for %#x", e.Start, e.End, e.Class, e.Rune)
		}
		l.add(runOf(e))
	}
	return l, nil
}

// runOf returns e as a run, its class and length given if they are not
// those of Sanitize's notation.
func runOf(e Escape) escapeRun {
	invalid := e.Class == ClassInvalidUTF8
	run := escapeRun{start: e.Start, end: e.End, repeat: e.Repeat, r: e.Rune, invalid: invalid, cls: e.Class}
	run.given = e.Class != notationClass(e.Rune, invalid) || run.unitOut() != notationLen(e.Rune, invalid)
	return run
}

// maxNotation is the longest notation: \u{10ffff}.
const maxNotation = len(`\u{10ffff}`)

// MarshalJSON encodes l as the array of its Escapes.
func (l EscapeList) MarshalJSON() ([]byte, error) {
	es := make([]Escape, 0, l.runs)
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

// add packs the run e, which starts at or after the end of the last.
func (l *EscapeList) add(e escapeRun) {
	head := uint64(e.start-l.end) << 3
	tail := uint64(e.r)
	if e.invalid {
		head |= 4
		tail -= 0x80
	}
	if e.given {
		head |= 2
		tail = tail<<9 | uint64(e.unitOut())<<5 | uint64(e.cls)
	}
	tail <<= 1
	if e.repeat > 0 {
		head |= 1
		tail |= 1
	}
	if e.repeat == 0 && head < 0x80 && tail < 0x80 {
		// Most runs: one escape, a short gap, a code point or byte
		// that packs in one byte.
		l.packed = append(l.packed, byte(head), byte(tail))
		l.runs++
		l.end = e.end
		return
	}
	l.packed = binary.AppendUvarint(l.packed, head)
	if e.repeat > 0 {
		l.packed = binary.AppendUvarint(l.packed, uint64(e.repeat))
	}
	l.packed = binary.AppendUvarint(l.packed, tail)
	l.runs++
	l.end = e.end
}

// unpack decodes the record of numbers head, repeat and tail, of a run
// that starts at Text[start]; see EscapeList.packed.
func unpack(start int, head, repeat, tail uint64) escapeRun {
	e := escapeRun{start: start, repeat: int(repeat), invalid: head&4 != 0, given: head&2 != 0}
	tail >>= 1
	var out int
	if e.given {
		e.cls = Class(tail & 31)
		out = int(tail >> 5 & 15)
		tail >>= 9
	}
	if e.invalid {
		tail += 0x80
	}
	e.r = rune(tail)
	if !e.given {
		out = notationLen(e.r, e.invalid)
	}
	e.end = start + out*(e.repeat+1)
	return e
}

// notationLen returns the length of Sanitize's notation of r: the
// writers tell it, so that the two cannot drift apart.
func notationLen(r rune, invalid bool) int {
	var buf [maxNotation]byte
	if invalid {
		return len(appendByteEscape(buf[:0], byte(r)))
	}
	return len(appendRuneEscape(buf[:0], r))
}

// runCursor reads the runs of a packed list in order.
type runCursor struct {
	packed []byte
	p      int // the next record starts at packed[p]
	end    int // where the run before ends
}

// next returns the next run, and false after the last.
func (c *runCursor) next() (escapeRun, bool) {
	if c.p >= len(c.packed) {
		return escapeRun{}, false
	}
	head, n := binary.Uvarint(c.packed[c.p:])
	c.p += n
	var repeat uint64
	if head&1 != 0 {
		repeat, n = binary.Uvarint(c.packed[c.p:])
		c.p += n
	}
	tail, n := binary.Uvarint(c.packed[c.p:])
	c.p += n
	e := unpack(c.end+int(head>>3), head, repeat, tail)
	c.end = e.end
	return e, true
}

// uvarintBefore decodes the unsigned LEB128 number that ends at b[p-1],
// and returns it and where it starts.
func uvarintBefore(b []byte, p int) (uint64, int) {
	q := p - 1
	for q > 0 && b[q-1] >= 0x80 {
		q--
	}
	v, _ := binary.Uvarint(b[q:p])
	return v, q
}

// notationClass returns the class Sanitize gives an escape of r: a byte of
// invalid UTF-8, or a code point by its properties.
func notationClass(r rune, invalid bool) Class {
	switch {
	case invalid:
		return ClassInvalidUTF8
	case r < 0x20 || r >= 0x7F && r <= 0x9F:
		return controlClass(r)
	case r < 0x7F || r > utf8.MaxRune:
		return ClassNone
	}
	return runeClass(r, ucd.Lookup(r))
}

// escapeBuilder builds the EscapeList of a Sanitize call. The last run
// stays unpacked while it may still grow, as an ESC flood grows one run.
type escapeBuilder struct {
	list EscapeList
	last escapeRun
	open bool // last holds a run
}

// add starts a run of one escape; the run before is packed.
func (b *escapeBuilder) add(e escapeRun) {
	if b.open {
		b.list.add(b.last)
	}
	b.last, b.open = e, true
}

// done returns the list, every run packed.
func (b *escapeBuilder) done() EscapeList {
	if b.open {
		b.list.add(b.last)
		b.open = false
	}
	return b.list
}

// grow makes room for the runs still to come, at text[i] of a text n
// bytes long. Once a thirty-second of the text is read, the runs so far
// say how many the whole text holds, as escaper.grow does for the output;
// before, append doubles.
func (b *escapeBuilder) grow(i, n int) {
	const maxRecord = 3 * binary.MaxVarintLen64
	l := &b.list
	if cap(l.packed)-len(l.packed) >= maxRecord || i < n/32 || i == 0 {
		return
	}
	used := len(l.packed)
	want := max(used+used/4+maxRecord, int(float64(used+maxRecord)/float64(i)*float64(n)*9/8))
	grown := make([]byte, used, want) // make and copy: see escaper.grow
	copy(grown, l.packed)
	l.packed = grown
}

// runs returns a cursor over every run, the open one last. A cursor, not
// an iterator: a closure over b would move the sanitizer to the heap.
func (b *escapeBuilder) runs() builderCursor {
	return builderCursor{runCursor: runCursor{packed: b.list.packed}, last: b.last, open: b.open}
}

// builderCursor reads the runs of an escapeBuilder in order.
type builderCursor struct {
	runCursor
	last escapeRun
	open bool
}

// next returns the next run, and false after the last.
func (c *builderCursor) next() (escapeRun, bool) {
	if e, ok := c.runCursor.next(); ok {
		return e, true
	}
	if c.open {
		c.open = false
		return c.last, true
	}
	return escapeRun{}, false
}

// backCursor reads the runs of an escapeBuilder from the open one to the
// first.
type backCursor struct {
	packed []byte
	p      int // the record before packed[p] is next
	end    int // where the next packed run ends
	last   escapeRun
	open   bool
}

// runsBackward returns a cursor over every run, from the last to the first.
func (b *escapeBuilder) runsBackward() backCursor {
	return backCursor{packed: b.list.packed, p: len(b.list.packed), end: b.list.end, last: b.last, open: b.open}
}

// next returns the run before, and false after the first.
func (c *backCursor) next() (escapeRun, bool) {
	if c.open {
		c.open = false
		return c.last, true
	}
	if c.p == 0 {
		return escapeRun{}, false
	}
	var head, repeat, tail uint64
	tail, c.p = uvarintBefore(c.packed, c.p)
	if tail&1 != 0 {
		repeat, c.p = uvarintBefore(c.packed, c.p)
	}
	head, c.p = uvarintBefore(c.packed, c.p)
	// The start is not known yet, and unpack needs it only for the end:
	// unpack from 0, then move the run to its place.
	e := unpack(0, head, repeat, tail)
	e.start, e.end = c.end-e.end, c.end
	c.end = e.start - int(head>>3)
	return e, true
}
