package plainsight

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

func (e *escaper) runeBefore(i int) (rune, int) {
	if i <= 0 {
		return utf8.RuneError, 0
	}
	return utf8.DecodeLastRuneInString(e.text[:i])
}

// literal reports whether the rune r, met while walking the context of a
// sequence, is shown as itself. A walk stops at anything that will be
// escaped, so that the context a rule saw is still there when the output is
// sanitized again.
func (e *escaper) literal(r rune) bool {
	if r < 0xA0 {
		return r >= 0x20 && r < 0x7F && !e.asciiFlag.has(byte(r))
	}
	if len(e.policy.Flag) > 0 && e.policy.flags(r) {
		return false
	}
	return runeClass(r, ucd.Lookup(r)) == ClassNone || len(e.policy.Allow) > 0 && e.policy.allows(r)
}

// legitJoiner reports whether the ZWNJ or ZWJ r at text[i:i+size] joins
// what stands around it (sequence.Joiner).
func (e *escaper) legitJoiner(i, size int, r rune) bool {
	return sequence.Joiner(e.text, i, size, r, e.literal)
}

// legitSelector reports whether the variation selector r at text[i]
// follows a base it is defined for (sequence.Selector).
func (e *escaper) legitSelector(i int, r rune) bool {
	return sequence.Selector(e.text, i, r, e.literal)
}

// legitTag reports whether the tag character at text[i] belongs to an RGI
// emoji tag sequence (sequence.TagRun). A run of tags is judged once, at
// its first tag, and hidden.go reports a stray run whole.
func (e *escaper) legitTag(i int) bool {
	if i < e.tagRunEnd {
		return e.tagRunLegit
	}
	e.tagRunStart = i
	e.tagRunEnd, e.tagRunLegit = sequence.TagRun(e.text, i, e.literal)
	return e.tagRunLegit
}
