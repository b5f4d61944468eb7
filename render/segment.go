package render

import (
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight"
)

// A segment is a run of Result.Text that is styled one way throughout.
type segment struct {
	text string
	// escaped is set when the segment is escapes: units of them, of the
	// run esc.
	escaped bool
	esc     plainsight.Escape
	units   int
	// fold is set when the segment stands for a run of padding that is
	// not shown: text is then its marker, such as ⟨120 blank lines⟩.
	fold bool
	// lines is set on a fold of blank lines, which ends its own line.
	lines bool
	// marks lists the indexes into Result.Warnings of the warnings whose
	// locations cover the run, ascending. The slice is reused between
	// segments.
	marks []int
}

// A boundary is where a mark opens or closes.
type boundary struct {
	off     int
	warning int
	open    bool
}

// A fold is a run of padding in Result.Text shown as its marker.
type fold struct {
	start, end int
	marker     string
	lines      bool
}

// segmenter cuts a Result's text into segments, in one pass over the
// text and its escapes: the escapes are read from the list as it is
// walked, never copied out, so that text made mostly of escapes costs no
// more than its Result.
type segmenter struct {
	text   string
	units  bool // each escape of a run is a segment of its own, a long run one fold
	f      func(segment)
	bounds []boundary
	bi     int
	count  []int // open locations per warning: a warning's spans may overlap
	active []int
	folds  []fold
	fi     int
	pos    int     // the text before pos is segmented
	seg    segment // the plain segment being joined, not yet given to f
}

// segments calls f for each segment of r.Text, in order. Adjacent plain
// runs with the same styling are joined. With units, each escape of a run
// is a segment of its own, and a run of one escape repeated more than
// maxRepeatShown times is one fold segment, its marker such as
// ⟨\x1b ×4,096⟩; else a run is one segment, cut only where a
// mark opens or closes. A run of padding that a padding warning locates is
// one fold segment. The marks cost O(n log n) in their number, which
// Sanitize bounds (MaxLocations per warning); the escapes, O(1) each.
func segments(r plainsight.Result, units bool, f func(segment)) {
	s := segmenter{text: r.Text, units: units, f: f}
	for wi, w := range r.Warnings {
		for _, loc := range w.Locations {
			sp := loc.Text
			if !validSpan(s.text, sp.Start, sp.End) || sp.Start == sp.End {
				continue
			}
			s.bounds = append(s.bounds, boundary{sp.Start, wi, true}, boundary{sp.End, wi, false})
			if w.Kind == plainsight.KindPadding {
				if fd, ok := foldOf(r, sp); ok {
					s.folds = append(s.folds, fd)
				}
			}
		}
	}
	slices.SortStableFunc(s.bounds, func(a, b boundary) int { return a.off - b.off })
	slices.SortStableFunc(s.folds, func(a, b fold) int { return a.start - b.start })
	if len(s.bounds) > 0 {
		s.count = make([]int, len(r.Warnings))
	}
	last := 0
	for e := range r.Escapes.All() {
		n := e.Repeat + 1
		if e.Start < last || e.Start == e.End || !validSpan(s.text, e.Start, e.End) || (e.End-e.Start)%n != 0 {
			continue // a Result that Sanitize did not make
		}
		last = e.End
		s.plain(e.Start)
		s.escape(e)
	}
	s.plain(len(s.text))
	s.flush()
}

// apply opens and closes the marks at or before pos.
func (s *segmenter) apply(pos int) {
	for ; s.bi < len(s.bounds) && s.bounds[s.bi].off <= pos; s.bi++ {
		b := s.bounds[s.bi]
		if b.open {
			if s.count[b.warning]++; s.count[b.warning] == 1 {
				i, _ := slices.BinarySearch(s.active, b.warning)
				s.active = slices.Insert(s.active, i, b.warning)
			}
		} else if s.count[b.warning]--; s.count[b.warning] == 0 {
			i, _ := slices.BinarySearch(s.active, b.warning)
			s.active = slices.Delete(s.active, i, i+1)
		}
	}
}

// nextBound returns the first mark boundary after pos, or end.
func (s *segmenter) nextBound(pos, end int) int {
	if s.bi < len(s.bounds) {
		return min(end, s.bounds[s.bi].off)
	}
	return end
}

// plain segments the text from s.pos to end, which holds no escape but
// may hold folds.
func (s *segmenter) plain(end int) {
	for s.pos < end {
		if s.foldAt() {
			continue
		}
		s.apply(s.pos)
		stop := s.nextBound(s.pos, end)
		if s.fi < len(s.folds) {
			stop = min(stop, s.folds[s.fi].start)
		}
		piece := s.text[s.pos:stop]
		if s.seg.text != "" && slices.Equal(s.seg.marks, s.active) {
			s.seg.text = s.text[stop-len(s.seg.text)-len(piece) : stop]
		} else {
			s.flush()
			s.seg = segment{text: piece, marks: append(s.seg.marks[:0], s.active...)}
		}
		s.pos = stop
	}
}

// foldAt writes the fold that starts at s.pos, if one does, and reports
// whether it did.
func (s *segmenter) foldAt() bool {
	for s.fi < len(s.folds) && s.folds[s.fi].start < s.pos {
		s.fi++ // overlaps what is written already
	}
	if s.fi == len(s.folds) || s.folds[s.fi].start != s.pos {
		return false
	}
	fd := s.folds[s.fi]
	s.fi++
	s.apply(s.pos)
	s.emit(segment{text: fd.marker, fold: true, lines: fd.lines})
	s.pos = fd.end
	return true
}

// escape segments the escape run e, which starts at or after s.pos.
func (s *segmenter) escape(e plainsight.Escape) {
	s.foldAt()
	if e.End <= s.pos {
		return // inside a fold
	}
	unit := (e.End - e.Start) / (e.Repeat + 1)
	if s.units && e.Repeat+1 > maxRepeatShown && s.pos == e.Start {
		s.apply(s.pos)
		s.emit(segment{text: repeatMarker(s.text[e.Start:e.Start+unit], e.Repeat+1), fold: true})
		s.pos = e.End
		return
	}
	for s.pos < e.End {
		s.apply(s.pos)
		stop := s.nextBound(s.pos, e.End)
		if s.units {
			stop = min(stop, s.pos+unit)
		}
		if stop <= s.pos {
			stop = e.End
		}
		s.emit(segment{text: s.text[s.pos:stop], escaped: true, esc: e, units: max(1, (stop-s.pos)/unit)})
		s.pos = stop
	}
}

// emit gives f the segment seg, styled with the marks open now, after the
// plain segment held for joining.
func (s *segmenter) emit(seg segment) {
	s.flush()
	seg.marks = append(s.seg.marks[:0], s.active...)
	s.f(seg)
	s.seg = segment{marks: seg.marks}
}

// flush gives f the plain segment held for joining.
func (s *segmenter) flush() {
	if s.seg.text != "" {
		s.f(s.seg)
		s.seg.text = ""
	}
}

// maxRepeatShown is the longest run of one escape repeated that the
// terminal shows escape by escape: a longer one is folded into its
// marker, so that a flood of one control character (a million ESC bytes)
// takes a line instead of pages, and the text around it stays on one
// screen.
const maxRepeatShown = 16

// repeatMarker returns the marker of a run of n escapes, each unit:
// ⟨\x1b ×4,096⟩.
func repeatMarker(unit string, n int) string {
	digits := strconv.Itoa(n)
	for i := len(digits) - 3; i > 0; i -= 3 {
		digits = digits[:i] + "," + digits[i:]
	}
	return "\u27e8" + unit + " \u00d7" + digits + "\u27e9"
}

// foldOf returns the fold of the padding location sp in r.Text: a run of
// blank lines, or of spaces and tabs (literal or escaped), with its
// marker. Any other span, such as a wide line, is not folded.
func foldOf(r plainsight.Result, sp plainsight.Span) (fold, bool) {
	lines, spaces, tabs := 0, 0, 0
	text := r.Text[sp.Start:sp.End]
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == '\n':
			lines++
		case c == ' ':
			spaces++
		case c == '\t':
			tabs++
		case c == '\\' && i+1 < len(text) && text[i+1] == 't':
			tabs++ // \t, as Sanitize escapes a tab
			i++
		case c == '\\' && i+3 < len(text) && text[i+1:i+4] == "x0d":
			i += 3 // \x0d, a carriage return on a blank line
		default:
			return fold{}, false
		}
	}
	if lines > 0 {
		if text[len(text)-1] != '\n' {
			return fold{}, false
		}
		return fold{sp.Start, sp.End, plainsight.PaddingMarker(lines, 0, 0), true}, true
	}
	if spaces+tabs == 0 {
		return fold{}, false
	}
	return fold{sp.Start, sp.End, plainsight.PaddingMarker(0, spaces, tabs), false}, true
}

// validSpan reports whether [start, end) lies within text and cuts no UTF-8
// sequence.
func validSpan(text string, start, end int) bool {
	return 0 <= start && start <= end && end <= len(text) &&
		(start == len(text) || utf8.RuneStart(text[start])) &&
		(end == len(text) || utf8.RuneStart(text[end]))
}
