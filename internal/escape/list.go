package escape

import (
	"encoding/binary"
	"unicode/utf8"
)

// A List is a packed list of the escapes written into a text, in order,
// as runs of one escape. The zero value is an empty list.
//
// A run is kept in two or three bytes for most runs where a struct would
// take 32: text made mostly of escapes, such as random bytes, holds an
// escape for every other byte, and a list of structs would be eight times
// the input and more.
type List struct {
	// packed holds a record per run of one escape: two or three
	// unsigned LEB128 numbers.
	//   - head: the gap in the text since the end of the run before,
	//     times 8, plus 4 for a byte of invalid UTF-8, plus 2 when the
	//     class and the notation's length are given, plus 1 for a run of
	//     more than one escape;
	//   - for a run of more than one, Run.Repeat;
	//   - tail: the code point, or the byte less 0x80; when given, times
	//     512 plus the notation's length times 32 plus the class; all of
	//     it times 2, plus 1 for a run of more than one.
	// The class and length are given only when they are not those of
	// the notation of the code point (NotationClass, NotationLen): for
	// Flagged, or in a list built by hand. The run flag stands in both
	// head and tail, and every byte of a number but its last has the high
	// bit set: a record reads the same from either end.
	packed []byte
	runs   int // records in packed
	end    int // where the last run ends in the text
}

// A Run is one run of an escape, unpacked: Repeat+1 notations of R in a
// row, at Start:End of the text.
type Run struct {
	Start, End int
	Repeat     int
	R          rune // the code point, or the byte of invalid UTF-8
	Invalid    bool // R is a byte of invalid UTF-8
	// Given says that Cls and the notation's length are not those of the
	// notation of R; only then does the list store Cls, and Class looks
	// it up otherwise.
	Given bool
	Cls   Class
}

// Class returns the class of the run's escape.
func (e Run) Class() Class {
	if e.Given {
		return e.Cls
	}
	return NotationClass(e.R, e.Invalid)
}

// UnitOut returns the length of one escape's notation.
func (e Run) UnitOut() int { return (e.End - e.Start) / (e.Repeat + 1) }

// UnitIn returns the length of the input one escape stands for.
func (e Run) UnitIn() int {
	if e.Invalid {
		return 1
	}
	return max(utf8.RuneLen(e.R), 1)
}

// Len returns how many runs the list holds.
func (l *List) Len() int { return l.runs }

// End returns where the last run ends in the text.
func (l *List) End() int { return l.end }

// Equal reports whether l and o hold the same runs.
func (l *List) Equal(o *List) bool {
	return l.runs == o.runs && string(l.packed) == string(o.packed)
}

// Runs returns a cursor over the runs, in order.
func (l *List) Runs() Cursor { return Cursor{packed: l.packed} }

// Add packs the run e, which starts at or after the end of the last.
func (l *List) Add(e Run) {
	head := uint64(e.Start-l.end) << 3
	tail := uint64(e.R)
	if e.Invalid {
		head |= 4
		tail -= 0x80
	}
	if e.Given {
		head |= 2
		tail = tail<<9 | uint64(e.UnitOut())<<5 | uint64(e.Cls)
	}
	tail <<= 1
	if e.Repeat > 0 {
		head |= 1
		tail |= 1
	}
	if e.Repeat == 0 && head < 0x80 && tail < 0x80 {
		// Most runs: one escape, a short gap, a code point or byte
		// that packs in one byte.
		l.packed = append(l.packed, byte(head), byte(tail))
		l.runs++
		l.end = e.End
		return
	}
	l.packed = binary.AppendUvarint(l.packed, head)
	if e.Repeat > 0 {
		l.packed = binary.AppendUvarint(l.packed, uint64(e.Repeat))
	}
	l.packed = binary.AppendUvarint(l.packed, tail)
	l.runs++
	l.end = e.End
}

// unpack decodes the record of numbers head, repeat and tail, of a run
// that starts at start; see List.packed.
func unpack(start int, head, repeat, tail uint64) Run {
	e := Run{Start: start, Repeat: int(repeat), Invalid: head&4 != 0, Given: head&2 != 0}
	tail >>= 1
	var out int
	if e.Given {
		e.Cls = Class(tail & 31)
		out = int(tail >> 5 & 15)
		tail >>= 9
	}
	if e.Invalid {
		tail += 0x80
	}
	e.R = rune(tail)
	if !e.Given {
		out = NotationLen(e.R, e.Invalid)
	}
	e.End = start + out*(e.Repeat+1)
	return e
}

// A Cursor reads the runs of a List in order. A cursor, not an iterator:
// a closure over the list's owner would move it to the heap.
type Cursor struct {
	packed []byte
	p      int // the next record starts at packed[p]
	end    int // where the run before ends
	last   Run // a Builder's open run, read after the packed ones
	open   bool
	marks  []mark // a Builder's marks, for Skip
	m      int    // marks[:m] are behind the cursor
}

// Skip moves the cursor over the runs that end at or before input offset
// in, as far as a mark takes it, and returns how much longer than their
// input the runs before its next run are: grown, what the caller counted
// so far, when it does not move. The next run may still end before in.
func (c *Cursor) Skip(in, grown int) int {
	moved := false
	for c.m < len(c.marks) && c.marks[c.m].end-c.marks[c.m].grown <= in {
		if c.marks[c.m].p > c.p {
			moved = true
		}
		c.m++
	}
	if !moved {
		return grown
	}
	k := c.marks[c.m-1]
	c.p, c.end = k.p, k.end
	return k.grown
}

// Next returns the next run, and false after the last.
func (c *Cursor) Next() (Run, bool) {
	if c.p >= len(c.packed) {
		if c.open {
			c.open = false
			return c.last, true
		}
		return Run{}, false
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
	c.end = e.End
	return e, true
}

// A Builder builds the List of one escaped text. The last run stays
// unpacked while it may still grow, as an ESC flood grows one run.
type Builder struct {
	list  List
	Last  Run
	Open  bool   // Last holds a run
	marks []mark // every markEvery-th run, where a cursor may start
	grown int    // how much longer than their input the packed runs are
}

// A mark lets a cursor start reading far into a list: the runs before it
// end at or before input offset end-grown.
type mark struct {
	p     int // the run's record starts at packed[p]
	end   int // where the run before ends in the text
	grown int // how much longer than their input the runs before are
}

// markEvery is how many runs lie between two marks: a cursor that skips
// reads at most that many runs to reach any input offset.
const markEvery = 64

// Add starts a run; the run before is packed.
func (b *Builder) Add(e Run) {
	if b.Open {
		b.pack(b.Last)
	}
	b.Last, b.Open = e, true
}

// AddByte adds the escape at start:end of the text of one byte c: a
// control, or a byte of invalid UTF-8 when invalid, of class cls. It is
// Add, or the growing of the open run when that is the same escape right
// before, for text that is escapes at every other byte.
func (b *Builder) AddByte(start, end int, c byte, invalid bool, cls Class) {
	last := &b.Last
	if b.Open {
		if last.End == start && last.R == rune(c) && last.Cls == cls {
			last.End = end
			last.Repeat++
			return
		}
		if !b.packByte() {
			b.pack(*last)
		}
	}
	*last = Run{Start: start, End: end, R: rune(c), Invalid: invalid, Cls: cls}
	b.Open = true
}

// PackByte is AddByte for an escape that is known to start no run: the
// next escape is another. It is packed at once, after the open run,
// rather than kept open to grow.
func (b *Builder) PackByte(start, end int, c byte, invalid bool, cls Class) {
	if b.Open {
		if b.Last.End == start && b.Last.R == rune(c) && b.Last.Cls == cls {
			b.Last.End = end
			b.Last.Repeat++
			return
		}
		if !b.packByte() {
			b.pack(b.Last)
		}
		b.Open = false
	}
	l := &b.list
	gap := start - l.end
	if gap >= 16 {
		b.Last = Run{Start: start, End: end, R: rune(c), Invalid: invalid, Cls: cls}
		b.Open = true
		return
	}
	if uint(l.runs)%markEvery == 0 && l.runs > 0 {
		b.marks = append(b.marks, mark{p: len(l.packed), end: l.end, grown: b.grown})
	}
	head, tail := byte(gap)<<3, uint(c)<<1
	if invalid {
		head |= 4
		tail = uint(c-0x80) << 1
	}
	if tail < 0x80 {
		l.packed = append(l.packed, head, byte(tail))
	} else {
		l.packed = append(l.packed, head, byte(tail)|0x80, byte(tail>>7))
	}
	l.runs++
	l.end = end
	b.grown += end - start - 1
}

// packByte packs the open run when it is one escape of a byte, a control
// or a byte of invalid UTF-8, less than 16 bytes after the run before: the
// record of most escapes in random bytes, of two or three bytes
// (List.packed). It reports whether it did.
func (b *Builder) packByte() bool {
	e, l := &b.Last, &b.list
	gap := e.Start - l.end
	if e.Repeat != 0 || e.Given || gap >= 16 || e.R >= 0x80 && !e.Invalid {
		return false
	}
	if uint(l.runs)%markEvery == 0 && l.runs > 0 {
		b.marks = append(b.marks, mark{p: len(l.packed), end: l.end, grown: b.grown})
	}
	head, tail := byte(gap)<<3, uint(e.R)<<1
	if e.Invalid {
		head |= 4
		tail = uint(e.R-0x80) << 1
	}
	if tail < 0x80 {
		l.packed = append(l.packed, head, byte(tail))
	} else {
		l.packed = append(l.packed, head, byte(tail)|0x80, byte(tail>>7))
	}
	l.runs++
	l.end = e.End
	b.grown += e.End - e.Start - 1
	return true
}

// pack adds e to the list, and a mark every markEvery runs.
func (b *Builder) pack(e Run) {
	l := &b.list
	if uint(l.runs)%markEvery == 0 && l.runs > 0 {
		b.marks = append(b.marks, mark{p: len(l.packed), end: l.end, grown: b.grown})
	}
	l.Add(e)
	if e.Repeat == 0 {
		b.grown += e.End - e.Start - e.UnitIn()
	} else {
		b.grown += (e.Repeat + 1) * (e.UnitOut() - e.UnitIn())
	}
}

// Done returns the list, every run packed. The builder's cursors still
// read it.
func (b *Builder) Done() List {
	if b.Open {
		b.pack(b.Last)
		b.Open = false
	}
	return b.list
}

// Grow makes room for the runs still to come, at byte i of a text n bytes
// long. Once a thirty-second of the text is read, the runs so far say how
// many the whole text holds, as Escaper.Grow does for the output; before,
// append doubles.
func (b *Builder) Grow(i, n int) {
	const maxRecord = 3 * binary.MaxVarintLen64
	l := &b.list
	if cap(l.packed)-len(l.packed) >= maxRecord || i < n/32 || i == 0 {
		return
	}
	used := len(l.packed)
	want := max(used+used/4+maxRecord, int(float64(used+maxRecord)/float64(i)*float64(n)*9/8))
	grown := make([]byte, used, want) // make and copy: see Escaper.Grow
	copy(grown, l.packed)
	l.packed = grown
}

// Runs returns a cursor over every run, the open one last. It can skip
// (Cursor.Skip).
func (b *Builder) Runs() Cursor {
	return Cursor{packed: b.list.packed, last: b.Last, open: b.Open, marks: b.marks}
}
