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
