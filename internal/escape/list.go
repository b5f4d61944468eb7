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
	//
	// A record of a run of more than one byte of invalid UTF-8 whose
	// tail stands for 0x80, a byte no such run holds, is a sequence
	// instead: Repeat+1 escapes of distinct bytes in a row, each in its
	// notation \X{nn}, whose bytes the list reads back from text. A flood
	// of invalid bytes, where each byte is an escape of its own, so takes
	// four bytes for up to maxSequence escapes rather than three each.
	packed []byte
	runs   int    // runs in packed, a sequence's escapes each counted
	end    int    // where the last run ends in the text
	text   string // the text the escapes stand in, for the sequences
}

// maxSequence is the most escapes a sequence record holds: its count,
// less one, packs in one byte, and a cursor reads at most that many runs
// past a mark.
const maxSequence = 128

// sequenceTail is the tail of a sequence record: the byte 0x80 as a
// record of a run writes it (List.packed).
const sequenceTail = 0x80<<1 | 1

// invalidLen is the length of \X{nn}, the notation of a byte of invalid
// UTF-8.
const invalidLen = len(`\X{ff}`)

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

// Equal reports whether l and o hold the same runs. A list with
// sequences and one built by hand can hold the same runs in different
// records, so they are compared run by run.
func (l *List) Equal(o *List) bool {
	if l.runs != o.runs {
		return false
	}
	if l.text == "" && o.text == "" {
		return string(l.packed) == string(o.packed)
	}
	c, d := l.Runs(), o.Runs()
	for {
		e, ok := c.Next()
		f, _ := d.Next()
		if !ok || e != f {
			return !ok
		}
	}
}

// Runs returns a cursor over the runs, in order.
func (l *List) Runs() Cursor { return Cursor{packed: l.packed, text: l.text} }

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
	text   string // List.text
	p      int    // the next record starts at packed[p]
	end    int    // where the record before ends
	seq    int    // escapes left in the sequence record before
	seqAt  int    // where the next of them starts
	last   Run    // a Builder's open run, read after the packed ones
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
	c.p, c.end, c.seq = k.p, k.end, 0
	return k.grown
}

// Next returns the next run, and false after the last.
func (c *Cursor) Next() (Run, bool) {
	if c.seq > 0 {
		c.seq--
		at := c.seqAt
		c.seqAt += invalidLen
		return c.sequenceRun(at), true
	}
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
	start := c.end + int(head>>3)
	if head&6 == 4 && tail == sequenceTail {
		c.seq, c.seqAt = int(repeat), start+invalidLen
		c.end = start + (int(repeat)+1)*invalidLen
		return c.sequenceRun(start), true
	}
	e := unpack(start, head, repeat, tail)
	c.end = e.End
	return e, true
}

// sequenceRun returns the escape of a sequence record that starts at
// start: its byte is read back from its notation, \X{nn}.
func (c *Cursor) sequenceRun(start int) Run {
	b := byte(0x80) // for a text too short, which only a broken list holds
	if start+invalidLen <= len(c.text) {
		b |= unhex(c.text[start+3])<<4 | unhex(c.text[start+4])
	}
	return Run{Start: start, End: start + invalidLen, R: rune(b), Invalid: true}
}

// unhex returns the value of the lowercase hex digit h.
func unhex(h byte) byte {
	if h >= 'a' {
		return h - 'a' + 10
	}
	return h - '0'
}

// A Builder builds the List of one escaped text. The last run stays
// unpacked while it may still grow, as an ESC flood grows one run.
type Builder struct {
	list   List
	Last   Run
	Open   bool   // Last holds a run
	marks  []mark // a run every markEvery or more, where a cursor may start
	marked int    // the runs before the last mark
	grown  int    // how much longer than their input the packed runs are
	// The last record, at list.packed[seq], is one escape of a byte of
	// invalid UTF-8 or a sequence of them, seqLen escapes, that the next
	// such escape right after it may join; seqLen is 0 when it is not.
	seq, seqLen int
	sequences   bool // the list holds a sequence
}

// A mark lets a cursor start reading far into a list: the runs before it
// end at or before input offset end-grown.
type mark struct {
	p     int // the run's record starts at packed[p]
	end   int // where the run before ends in the text
	grown int // how much longer than their input the runs before are
}

// markEvery is how many runs lie between two marks, at least: a cursor
// that skips reads at most that many runs and a sequence to reach any
// input offset. A mark stands at a record's start, never inside a
// sequence.
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
	if gap := start - b.list.end; gap < 16 {
		b.packOne(gap, end, c, invalid)
		return
	}
	b.Last = Run{Start: start, End: end, R: rune(c), Invalid: invalid, Cls: cls}
	b.Open = true
}

// packByte packs the open run when it is one escape of a byte, a control
// or a byte of invalid UTF-8, less than 16 bytes after the run before: the
// record of most escapes in random bytes, of two or three bytes
// (List.packed). It reports whether it did.
func (b *Builder) packByte() bool {
	e := &b.Last
	gap := e.Start - b.list.end
	if e.Repeat != 0 || e.Given || gap >= 16 || e.R >= 0x80 && !e.Invalid {
		return false
	}
	b.packOne(gap, e.End, byte(e.R), e.Invalid)
	return true
}

// packOne packs one escape of the byte c, a control or a byte of invalid
// UTF-8 when invalid, that ends at end, gap bytes after the run before,
// with gap under 16: in a record of two or three bytes, or, for a byte of
// invalid UTF-8 right after another, as one more escape of their
// sequence.
func (b *Builder) packOne(gap, end int, c byte, invalid bool) {
	l := &b.list
	start := l.end + gap
	if invalid && gap == 0 && end-start == invalidLen && b.seqLen > 0 && b.seqLen < maxSequence {
		if b.seqLen == 1 {
			// The record of one escape, its head a byte, becomes a
			// sequence of two: head, count less one, sequenceTail.
			l.packed = append(l.packed[:b.seq+1], 1, sequenceTail&0x7F|0x80, sequenceTail>>7)
			l.packed[b.seq] |= 1
			b.sequences = true
		} else {
			l.packed[b.seq+1]++
		}
		b.seqLen++
		l.runs++
		l.end = end
		b.grown += end - start - 1
		return
	}
	b.addMark()
	b.seqLen = 0
	head, tail := byte(gap)<<3, uint(c)<<1
	if invalid {
		head |= 4
		tail = uint(c-0x80) << 1
		if end-start == invalidLen {
			b.seq, b.seqLen = len(l.packed), 1
		}
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

// addMark adds a mark where the next record starts, once markEvery runs
// or more lie since the last.
func (b *Builder) addMark() {
	l := &b.list
	if l.runs-b.marked >= markEvery {
		b.marks = append(b.marks, mark{p: len(l.packed), end: l.end, grown: b.grown})
		b.marked = l.runs
	}
}

// pack adds e to the list, and a mark every markEvery runs or more.
func (b *Builder) pack(e Run) {
	b.addMark()
	b.seqLen = 0
	b.list.Add(e)
	if e.Repeat == 0 {
		b.grown += e.End - e.Start - e.UnitIn()
	} else {
		b.grown += (e.Repeat + 1) * (e.UnitOut() - e.UnitIn())
	}
}

// Done returns the list of the escapes in text, every run packed. The
// builder's cursors still read it; they read the escapes of a sequence
// only once Done has their text. A list without sequences keeps no text,
// and is the zero List when it holds no run.
func (b *Builder) Done(text string) List {
	if b.Open {
		b.pack(b.Last)
		b.Open = false
	}
	if b.sequences {
		b.list.text = text
	}
	return b.list
}

// Grow makes room for the runs still to come, and their marks, at byte i
// of a text n bytes long. Once a thirty-second of the text is read, the
// runs so far say how many the whole text holds, as Escaper.Grow does for
// the output; before, append doubles.
func (b *Builder) Grow(i, n int) {
	// The test, inlined at each escape; the growing, seldom, apart.
	if cap(b.list.packed)-len(b.list.packed) < maxRecord && i >= n/32 {
		b.grow(i, n)
	}
}

// maxRecord is the longest record of a run (List.packed).
const maxRecord = 3 * binary.MaxVarintLen64

// grow is Grow once the records' room is short: it grows them, and the
// marks with them, to what the text read so far says the whole needs.
func (b *Builder) grow(i, n int) {
	if i == 0 {
		return // nothing read to estimate from: append doubles
	}
	b.list.packed = growTo(b.list.packed, maxRecord, i, n)
	b.marks = growTo(b.marks, 1, i, n)
}

// growTo returns s grown to GrowCap's capacity for need more, when s
// stands for the first i bytes of a text n bytes long, or s itself if it
// has that room. It makes and copies, as Escaper.Grow does.
func growTo[E any](s []E, need, i, n int) []E {
	want := GrowCap(len(s), need, i, n)
	if want <= cap(s) {
		return s
	}
	grown := make([]E, len(s), want)
	copy(grown, s)
	return grown
}

// Runs returns a cursor over every run, the open one last. It can skip
// (Cursor.Skip).
func (b *Builder) Runs() Cursor {
	return Cursor{packed: b.list.packed, text: b.list.text, last: b.Last, open: b.Open, marks: b.marks}
}
