package escape

import (
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/sequence"
	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// This file holds the exceptions to the escape classes: a joiner, a
// variation selector or a tag character that is part of a legitimate
// sequence is shown literally, under the rules of internal/sequence (emoji
// ZWJ and tag sequences, the UAX #31 joiner rules, standardized and
// ideographic variation sequences), read in the escaper's text under its
// policy.

// RuneBefore returns the rune that ends at Text[i], and its size; at the
// start of the text, utf8.RuneError and 0.
func (e *Escaper) RuneBefore(i int) (rune, int) {
	if i <= 0 {
		return utf8.RuneError, 0
	}
	return utf8.DecodeLastRuneInString(e.Text[:i])
}

// literal reports whether the rune r, met while walking the context of a
// sequence, is shown as itself. A walk stops at anything that will be
// escaped, so that the context a rule saw is still there when the output is
// sanitized again.
func (e *Escaper) literal(r rune) bool {
	if r < 0xA0 {
		return r >= 0x20 && r < 0x7F && !e.ASCIIFlag.Has(byte(r))
	}
	if len(e.Flag) > 0 && e.flags(r) {
		return false
	}
	return ClassOf(r, ucd.Lookup(r)) == None || len(e.Allow) > 0 && e.allows(r)
}

// legitJoiner reports whether the ZWNJ or ZWJ r at text[i:i+size] joins
// what stands around it (sequence.Joiner).
func (e *Escaper) legitJoiner(i, size int, r rune) bool {
	return sequence.Joiner(e.Text, i, size, r, e.literal)
}

// legitSelector reports whether the variation selector r at text[i]
// follows a base it is defined for (sequence.Selector).
func (e *Escaper) legitSelector(i int, r rune) bool {
	return sequence.Selector(e.Text, i, r, e.literal)
}

// legitTag reports whether the tag character at text[i] belongs to an RGI
// emoji tag sequence (sequence.TagRun). A run of tags is judged once, at
// its first tag, and hidden.go reports a stray run whole.
func (e *Escaper) legitTag(i int) bool {
	if i < e.tagRunEnd {
		return e.tagRunLegit
	}
	e.tagRunStart = i
	e.tagRunEnd, e.tagRunLegit = sequence.TagRun(e.Text, i, e.literal)
	return e.tagRunLegit
}

// TagRun returns where the run of tag characters judged last starts and
// ends in Text.
func (e *Escaper) TagRun() (start, end int) { return e.tagRunStart, e.tagRunEnd }
