package plainsight

import (
	"cmp"
	"slices"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/escape"
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

// placeLocations places in Result.Text the locations whose span there
// waits for the whole text (terminal sequences and homoglyph tokens, which
// may hold escapes): an input offset moves by how much longer than their
// input bytes the escapes before it are. One walk over the escapes serves
// every location, in order of offset.
func (c *collector) placeLocations(runs escape.Cursor) {
	type point struct {
		off int
		dst *int
	}
	var points []point
	for _, f := range append(c.found[:], c.other[:]...) {
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
	for k < len(points) {
		// Runs far before the next point are skipped, not read.
		grown = runs.Skip(points[k].off, grown)
		e, ok := runs.Next()
		if !ok {
			break
		}
		unitIn, n := e.UnitIn(), e.Repeat+1
		unitOut := e.UnitOut()
		in := e.Start - grown // where the run starts in the input
		for ; k < len(points) && points[k].off < in+n*unitIn; k++ {
			p := points[k]
			*p.dst = p.off + grown
			if p.off > in {
				// Between two of the run's escapes.
				*p.dst = e.Start + (p.off-in)/unitIn*unitOut
			}
		}
		grown += n * (unitOut - unitIn)
	}
	for _, p := range points[k:] {
		*p.dst = p.off + grown
	}
}
