package spoof

import (
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// This file implements the checks of UTS #39 section 5.4 that are
// informational here: characters that are Identifier_Status Restricted
// and uncommon in ordinary text, and nonspacing marks stacked or repeated
// on one base.

// MaxMarks is the most nonspacing marks on one base before section 5.4
// calls it overdraw.
const MaxMarks = 4

// uncommon reports whether the rune r at the start of s, whose properties
// are p and whose Identifier_Status is Restricted, is uncommon in ordinary
// text. Restricted characters that NFKC folds into letters of their own
// script are everyday spellings (Thai U+0E33 SARA AM, Bengali U+09DF YYA,
// Devanagari U+095E FA); those NFKC leaves alone (Technical, Obsolete,
// Uncommon_Use: U+1D00 small capital A) or folds into another script
// (mathematical letters are Common and fold to Latin) are uncommon, unless
// they belong to a living orthography (orthographic). A few
// Restricted characters are ordinary anyway: fullwidth and halfwidth
// forms in CJK text, the ordinal indicators of
// Spanish and Portuguese (1\u00aa, 2\u00ba), the micro sign (10\u00b5s) and
// the Arabic tatweel (U+0640), which stretches a word or marks a prefix.
func uncommon(s string, r rune, p ucd.Props) bool {
	switch {
	case r == 0xAA, r == 0xB5, r == 0xBA, r == 0x0640:
		return false
	case p.Script() == ucd.ScriptBopomofo:
		// IdentifierStatus.txt restricts most Bopomofo letters, which
		// Taiwanese text writes next to Han every day.
		return false
	case r >= 0xFF00 && r <= 0xFFEF:
		// Fullwidth and halfwidth forms are ordinary in CJK text; in
		// an ASCII word they are lookalikes.
		return false
	}
	d := norm.NFKC.PropertiesString(s).Decomposition()
	sc := p.Script()
	if len(d) == 0 {
		return !orthographic(r, p, sc)
	}
	first, _ := utf8.DecodeRune(d)
	return sc == ucd.ScriptCommon || sc == ucd.ScriptInherited || ucd.Lookup(first).Script() != sc
}

// orthographic reports whether the Restricted code point r, whose
// properties are p and whose script is sc, which NFKC leaves alone, is part
// of a living orthography rather than a character that can stand for a
// common one (T10 of docs/typography.md): a nonspacing mark of its own
// script (the Hebrew points), or a letter whose confusable prototype holds
// no character of its script (the Yiddish ligatures U+05F0..U+05F2, whose
// prototypes are Latin or ASCII): in a token of one script, which is where
// this check runs, it cannot pass for a letter of that script.
func orthographic(r rune, p ucd.Props, sc ucd.Script) bool {
	if sc == ucd.ScriptCommon || sc == ucd.ScriptInherited {
		return false
	}
	if p.Category() == ucd.Mn {
		return true
	}
	proto, ok := ucd.Confusable(r)
	if !ok {
		return false
	}
	for _, c := range proto {
		if ucd.Lookup(c).Script() == sc {
			return false
		}
	}
	return true
}

// nonspacingMark counts the nonspacing mark r at text[i] on the current
// base, for the combining-mark overflow and repeat checks.
func (s *Scanner) nonspacingMark(i int, r rune) {
	if s.marks < MaxMarks {
		for _, m := range s.markBuf[:s.marks] {
			if m == r && s.markIssue < 0 {
				s.markIssue, s.markRepeat = i, r
			}
		}
		s.markBuf[s.marks] = r
	} else if s.markIssue < 0 {
		s.markIssue, s.markRepeat = i, 0
	}
	s.marks++
}
