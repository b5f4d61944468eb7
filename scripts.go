package plainsight

import "github.com/plainsight-dev/plainsight/internal/spoof"

// This file is the root side of the homoglyph checks of internal/spoof:
// Sanitize's loop hands the scanner the text as it decodes it (see
// sanitizer.run), and the findings that come back become warnings here,
// neutralized and explained once.

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
	s.found.addSpoof(s.text, s.scan.Findings(), s.textOffset)
	s.scan.ClearFindings()
}

// addSpoof records homoglyph findings in text. Each token is neutralized
// and clipped for the warning; the first finding of a kind is explained.
// The finding's place in the input is its location, and place gives its
// place in Result.Text; without place, that is found once the text is
// written (resolveLocations).
func (c *collector) addSpoof(text string, fs []spoof.Finding, place func(off int) int) {
	for _, fd := range fs {
		k := spoofKinds[fd.Kind]
		tok := text[fd.Token.Start:fd.Token.End]
		// A token is shown clipped to MaxTokenLen bytes; the context
		// rules look at most maxLookaround code points past that, so
		// twice as many input bytes neutralize to the same prefix.
		t := oneLine(tok, MaxTokenLen)
		sev := k.Severity()
		switch fd.Severity {
		case spoof.SeverityWarn:
			sev = SeverityWarn
		case spoof.SeverityInfo:
			sev = SeverityInfo
		}
		explain := ""
		if *c.slot(k, sev) == nil {
			explain = explainSpoof(k, t, tok, fd.Rune)
		}
		f := c.addAt(k, sev, t, explain)
		in := Span{fd.At.Start, fd.At.End}
		if place == nil {
			c.locatePending(f, in)
		} else if len(f.locs) < MaxLocations {
			f.locate(Location{Input: in, Text: Span{place(in.Start), place(in.End)}})
		}
	}
}
