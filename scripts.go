package plainsight

import (
	"github.com/plainsight-dev/plainsight/internal/escape"
	"github.com/plainsight-dev/plainsight/internal/spoof"
)

// This file is the root side of the homoglyph checks of internal/spoof:
// Sanitize's loop hands the scanner the text as it decodes it (see
// sanitizer.run), and the findings that come back become warnings here,
// recorded, to be explained once when the warnings are built.

// spoofKinds maps each kind of homoglyph finding to its warning kind.
var spoofKinds = [...]Kind{
	spoof.MixedScript:           KindMixedScript,
	spoof.MixedNumbers:          KindMixedNumbers,
	spoof.Lookalike:             KindLookalike,
	spoof.WholeScriptConfusable: KindWholeScriptConfusable,
	spoof.UncommonCharacter:     KindUncommonCharacter,
	spoof.CombiningMarks:        KindCombiningMarks,
}

// takeFindings records what the homoglyph checks found since the last call.
// It is small enough to inline: most calls find nothing.
func (s *sanitizer) takeFindings() {
	if len(s.scan.Findings()) > 0 {
		s.addFindings()
	}
}

func (s *sanitizer) addFindings() {
	s.found.addSpoof(s.Text, s.gluedValues(s.scan.Findings()))
	s.scan.ClearFindings()
}

// addSpoof records homoglyph findings in text, each at the span of the
// input it names. A token is neutralized and clipped as it will be shown,
// so that two tokens shown alike count as one; a kind's first finding is
// kept to be explained when the warnings are built.
func (c *collector) addSpoof(text string, fs []spoof.Finding) {
	for _, fd := range fs {
		k := spoofKinds[fd.Kind]
		tok := text[fd.Token.Start:fd.Token.End]
		// A token is shown clipped to MaxTokenLen bytes; the context
		// rules look at most maxLookaround code points past that, so
		// twice as many input bytes neutralize to the same prefix.
		t := escape.OneLine(tok, MaxTokenLen)
		sev := k.Severity()
		switch fd.Severity {
		case spoof.SeverityWarn:
			sev = SeverityWarn
		case spoof.SeverityInfo:
			sev = SeverityInfo
		}
		f := c.addNeutral(k, sev, t, reason{how: becauseSpoof, kind: k, tok: t, raw: tok, r: fd.Rune})
		c.locatePending(f, Span{fd.At.Start, fd.At.End})
	}
}
