package plainsight

import "github.com/plainsight-dev/plainsight/internal/typography"

// This file connects the typographic places of internal/typography
// (docs/typography.md) to Sanitize: a no-break space before a French
// colon, a zero-width space between Khmer words, a right-to-left mark
// after a Latin word in Hebrew. Such an occurrence is reported at info
// severity; under ContextProse it is also shown as itself.

// typographic reports whether the code point r of class cls at
// text[i:i+size] stands in a typographic place, and if so records it: an
// info finding, escaped in the default reading and shown literally in the
// prose reading. The command reading has typographic places only in
// quoted strings, comments and here-document bodies, the prose the shell
// does not interpret; there too they are escaped.
func (s *sanitizer) typographic(i, size int, r rune, cls Class) bool {
	if !typography.Placed(r) || cls != ClassWhitespace && cls != ClassZeroWidth && cls != ClassBidi ||
		s.context == ContextCommand && !s.inProse(i) || i < s.seqEnd {
		return false
	}
	if !s.judging {
		s.judge.Prose = s.context == ContextProse
		s.judge.Reset(s.Text)
		s.judging = true
	}
	rule := s.judge.At(i)
	if rule == typography.None {
		return false
	}
	prose := s.context == ContextProse
	f := s.found.addAt(cls.Kind(), SeverityInfo, s.Text[i:i+size], reason{how: becauseTypography, r: r, rule: rule, prose: prose})
	if prose {
		// Shown as itself: its place in Text waits for the escapes
		// before it.
		s.found.locatePending(f, Span{i, i + size})
	} else {
		f.locate(s.write(i, size, r, cls))
	}
	return true
}

// typographicPlaces says, for each rule, where it puts a code point.
var typographicPlaces = [...]string{
	typography.HighPunctuation:  "before a high punctuation mark or inside guillemets, as French typography spaces them",
	typography.ShortWord:        "after a one- or two-letter word, an abbreviation or an elision, as Czech, Slovak and Polish typesetting keep them",
	typography.WordSeparator:    "between words of a script written without spaces (Thai, Lao, Khmer, Myanmar)",
	typography.Number:           "between digit groups or between a number and its unit",
	typography.FinalNonJoiner:   "at the end of a word, after a virama or a joining letter",
	typography.DirectionMark:    "at the edge of a word or number in right-to-left text, to settle its direction",
	typography.IdeographicSpace: "in Chinese, Japanese or Korean text",
	typography.WordSpace:        "between two words, as a space that keeps them on one line",
	typography.MorphemeBoundary: "between the parts of a word, after a letter that does not join, as Persian orthography writes it",
}

// explainTypography explains an occurrence of r in the typographic place
// of rule.
func explainTypography(r rune, rule typography.Rule, literal bool) string {
	shown := "escaped so that every invisible character shows"
	if literal {
		shown = "shown as is"
	}
	place := "in a typographic place"
	if int(rule) < len(typographicPlaces) && typographicPlaces[rule] != "" {
		place = typographicPlaces[rule]
	}
	return runeName(r) + " stands " + place + ": ordinary typography, " + shown
}
