package plainsight

import (
	"cmp"
	"slices"
	"unicode/utf8"
)

// MaxLocations is the most occurrences a [Warning] places in
// [Warning.Locations]. Count stays exact past it, so a hostile input that
// repeats one offender a million times still makes a small Result.
const MaxLocations = 64

// A Span is the half-open byte range [Start, End) of a string.
type Span struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

// A Location places one occurrence of a warning: Input is its byte span in
// the text given to Sanitize, Text its byte span in [Result.Text]. For a
// code-point kind it covers the escape; for a script kind, the whole token
// or the lookalike character.
type Location struct {
	Input Span `json:"input"`
	Text  Span `json:"text"`
}

// LineColumn returns the 1-based line and column of byte offset off in
// text, counting columns in characters as editors and go vet do: each valid
// UTF-8 sequence and each invalid byte is one column. An offset past the end
// is taken as len(text); a negative one as 0.
func LineColumn(text string, off int) (line, column int) {
	off = min(max(off, 0), len(text))
	line, column = 1, 1
	for i := 0; i < off; {
		c := text[i]
		if c == '\n' {
			line, column = line+1, 1
			i++
			continue
		}
		if c < utf8.RuneSelf {
			column++
			i++
			continue
		}
		_, size := utf8.DecodeRuneInString(text[i:])
		column++
		i += size
	}
	return line, column
}

// resolveLocations places in Result.Text the locations whose span there
// waits for the whole text (terminal sequences and homoglyph tokens, which
// may hold escapes): an input offset moves by how much longer than their
// input bytes the escapes before it are. One walk over the escapes serves
// every location, in order of offset.
func (s *sanitizer) resolveLocations() {
	type point struct {
		off int
		dst *int
	}
	var points []point
	for _, f := range append(s.found.found[:], s.found.other[:]...) {
		if f == nil {
			continue
		}
		for j := range f.locs {
			if l := &f.locs[j]; l.Text == textPending {
				points = append(points, point{l.Input.Start, &l.Text.Start}, point{l.Input.End, &l.Text.End})
			}
		}
	}
	slices.SortFunc(points, func(a, b point) int { return cmp.Compare(a.off, b.off) })
	grown, k := 0, 0 // the runs so far are grown bytes longer than their input
	runs := s.escapes.runs()
	for e, ok := runs.next(); ok && k < len(points); e, ok = runs.next() {
		unitIn, n := e.unitIn(), e.repeat+1
		unitOut := e.unitOut()
		in := e.start - grown // where the run starts in the input
		for ; k < len(points) && points[k].off < in+n*unitIn; k++ {
			p := points[k]
			*p.dst = p.off + grown
			if p.off > in {
				// Between two of the run's escapes.
				*p.dst = e.start + (p.off-in)/unitIn*unitOut
			}
		}
		grown += n * (unitOut - unitIn)
	}
	for _, p := range points[k:] {
		*p.dst = p.off + grown
	}
}

// textOffset returns where input offset off stands in the output, when
// every escape of the bytes before off is written: a finding of the
// homoglyph checks ends where the loop has been. It walks back over the
// escapes from the last one, so a finding costs the escapes after its
// start, not all those before.
func (s *sanitizer) textOffset(off int) int {
	grown := len(s.out) - s.copied // how much longer than its input the output is
	runs := s.escapes.runsBackward()
	for e, ok := runs.next(); ok; e, ok = runs.next() {
		unitIn, n := e.unitIn(), e.repeat+1
		unitOut := e.unitOut()
		end := e.end - grown // in the input
		if end <= off {
			break
		}
		if start := end - n*unitIn; start < off {
			// In a run, between two of its escapes.
			return e.start + (off-start)/unitIn*unitOut
		}
		grown -= n * (unitOut - unitIn)
	}
	return off + grown
}
