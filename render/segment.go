package render

import (
	"iter"
	"slices"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight"
)

// A segment is a run of Result.Text that is styled one way throughout.
type segment struct {
	text   string
	escape *plainsight.Escape // the escape this run is, or nil
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

// segments calls f for each segment of r.Text, in order. Adjacent runs with
// the same styling are joined. It walks the escapes and the Text spans of
// every warning's locations once, after sorting the span ends: O(n log n)
// in their number, which Sanitize bounds (MaxLocations per warning).
func segments(r plainsight.Result, f func(segment)) {
	text := r.Text
	var bounds []boundary
	for wi, w := range r.Warnings {
		for _, loc := range w.Locations {
			s := loc.Text
			if !validSpan(text, s.Start, s.End) || s.Start == s.End {
				continue
			}
			bounds = append(bounds, boundary{s.Start, wi, true}, boundary{s.End, wi, false})
		}
	}
	slices.SortStableFunc(bounds, func(a, b boundary) int { return a.off - b.off })

	escapes := validEscapes(text, escapeUnits(r.Escapes.All()))
	var count []int // open locations per warning: a warning's spans may overlap
	if len(bounds) > 0 {
		count = make([]int, len(r.Warnings))
	}
	var active []int
	var seg segment
	bi, ei := 0, 0
	for pos := 0; pos < len(text); {
		// Apply every boundary at pos.
		for ; bi < len(bounds) && bounds[bi].off <= pos; bi++ {
			b := bounds[bi]
			if b.open {
				if count[b.warning]++; count[b.warning] == 1 {
					i, _ := slices.BinarySearch(active, b.warning)
					active = slices.Insert(active, i, b.warning)
				}
			} else if count[b.warning]--; count[b.warning] == 0 {
				i, _ := slices.BinarySearch(active, b.warning)
				active = slices.Delete(active, i, i+1)
			}
		}
		// The run ends at the next boundary, escape start or escape end.
		end := len(text)
		if bi < len(bounds) {
			end = bounds[bi].off
		}
		var esc *plainsight.Escape
		if ei < len(escapes) {
			e := &escapes[ei]
			if e.Start <= pos {
				esc = e
				end = min(end, e.End)
			} else {
				end = min(end, e.Start)
			}
		}
		if esc == nil && seg.escape == nil && slices.Equal(seg.marks, active) && seg.text != "" {
			seg.text = text[pos-len(seg.text) : end]
		} else {
			if seg.text != "" {
				f(seg)
			}
			seg = segment{text: text[pos:end], escape: esc, marks: append(seg.marks[:0], active...)}
		}
		if esc != nil && end == esc.End {
			ei++
		}
		pos = end
	}
	if seg.text != "" {
		f(seg)
	}
}

// validSpan reports whether [start, end) lies within text and cuts no UTF-8
// sequence.
func validSpan(text string, start, end int) bool {
	return 0 <= start && start <= end && end <= len(text) &&
		(start == len(text) || utf8.RuneStart(text[start])) &&
		(end == len(text) || utf8.RuneStart(text[end]))
}

// validEscapes returns the escapes of a Result that can be styled: non-empty,
// in order, not overlapping, within text. For a Result from Sanitize that is
// all of them, and the slice is returned as is.
func validEscapes(text string, es []plainsight.Escape) []plainsight.Escape {
	last := 0
	for i, e := range es {
		if e.Start < last || e.Start == e.End || !validSpan(text, e.Start, e.End) {
			return keepValid(text, es[:i:i], es[i:], last)
		}
		last = e.End
	}
	return es
}

func keepValid(text string, kept, rest []plainsight.Escape, last int) []plainsight.Escape {
	kept = slices.Clone(kept)
	for _, e := range rest {
		if e.Start < last || e.Start == e.End || !validSpan(text, e.Start, e.End) {
			continue
		}
		kept = append(kept, e)
		last = e.End
	}
	return kept
}

// escapeUnits returns es with every run split into its single escapes, so
// that each escape is an element of its own.
func escapeUnits(es iter.Seq[plainsight.Escape]) []plainsight.Escape {
	var units []plainsight.Escape
	for e := range es {
		for u := range e.Units() {
			units = append(units, u)
		}
	}
	return units
}
