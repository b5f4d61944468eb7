package render

import (
	"slices"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight"
)

// positions returns the line and column that plainsight.LineColumn gives
// each offset of offs in the input r was made from, without rebuilding
// that input: it walks r.Text once, taking each escape for the characters
// it stands for, as Result.Original does (and skipping, as it does, an
// escape that overlaps the one before or runs past Text). offs need not be
// in order.
func positions(r plainsight.Result, offs []int) [][2]int {
	order := make([]int, len(offs))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return offs[a] - offs[b] })
	out := make([][2]int, len(offs))
	k := 0
	line, col, in := 1, 1, 0 // at input offset in
	// place gives every offset up to limit its position: those before
	// in, reached already, and those in the text being walked.
	place := func(limit int) bool {
		for k < len(order) && offs[order[k]] <= limit {
			out[order[k]] = [2]int{line, col}
			k++
		}
		return k == len(order)
	}
	text := func(s string) bool {
		for i := 0; i < len(s); {
			if place(in) {
				return true
			}
			c := s[i]
			size := 1
			if c >= utf8.RuneSelf {
				_, size = utf8.DecodeRuneInString(s[i:])
			}
			if c == '\n' {
				line, col = line+1, 1
			} else {
				col++
			}
			// An offset inside this character counts it.
			for k < len(order) && offs[order[k]] > in && offs[order[k]] < in+size {
				out[order[k]] = [2]int{line, col}
				k++
			}
			i, in = i+size, in+size
		}
		return place(in - 1)
	}
	last := 0
	for e := range r.Escapes.All() {
		if e.Start < last || e.End > len(r.Text) {
			continue
		}
		if text(r.Text[last:e.Start]) {
			return out
		}
		unit := len(string(e.Rune))
		if e.Class == plainsight.ClassInvalidUTF8 {
			unit = 1
		}
		n := e.Repeat + 1
		// The run stands for n characters of unit bytes each.
		for k < len(order) && offs[order[k]] < in+n*unit {
			off := max(offs[order[k]], in)
			units := (off - in + unit - 1) / unit // characters before off
			c := col + units
			l := line
			if e.Rune == '\n' && e.Class != plainsight.ClassInvalidUTF8 {
				l, c = line+units, col
				if units > 0 {
					c = 1
				}
			}
			out[order[k]] = [2]int{l, c}
			k++
		}
		if e.Rune == '\n' && e.Class != plainsight.ClassInvalidUTF8 {
			line, col = line+n, 1
		} else {
			col += n
		}
		in += n * unit
		last = e.End
	}
	text(r.Text[last:])
	for ; k < len(order); k++ {
		out[order[k]] = [2]int{line, col}
	}
	return out
}

// firstPositions returns the line and column of each warning's first
// location in the input, as positions gives them; a warning without
// locations gets 1:1, which no caller shows.
func firstPositions(r plainsight.Result) [][2]int {
	offs := make([]int, len(r.Warnings))
	located := false
	for i, w := range r.Warnings {
		if len(w.Locations) > 0 {
			offs[i], located = w.Locations[0].Input.Start, true
		}
	}
	if !located {
		return make([][2]int, len(offs))
	}
	return positions(r, offs)
}
