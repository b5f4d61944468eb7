package hostread

import (
	"strings"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// This file decides whole-script confusables as Chromium's IDN spoof
// checker does (components/url_formatter/spoof_checks/idn_spoof_checker.cc,
// kWholeScriptConfusables): a label written in one script other than
// Latin, every letter of which passes for a Latin one, under a top-level
// domain that is not of that script, reads as a Latin name.

// wholeScriptLetter reports whether the letter r, whose properties are p,
// passes for a Latin letter in a whole-script confusable: its confusable
// prototype is ASCII letters or that of a Latin letter, a small capital
// among them (ucd.Props.LatinLookalike: Cyrillic U+043A, U+043C, U+0442,
// U+043D, U+0432; Greek U+03BA, U+03C4), or Chromium lists it among its
// script's Latin lookalikes.
func wholeScriptLetter(r rune, p ucd.Props) bool {
	if p.LatinLookalike() {
		return true
	}
	return strings.ContainsRune(chromiumLookalikes(p.Script()), r)
}

// chromiumLookalikes returns the Latin lookalike letters that Chromium
// lists for script sc, with U+03C0 GREEK SMALL LETTER PI, which passes for
// a small capital. Most of them confusables.txt gives too.
func chromiumLookalikes(sc ucd.Script) string {
	switch sc {
	case ucd.ScriptArmenian:
		return "\u0561\u0563\u0566\u0567\u056c\u0570\u0575\u0578\u057d\u0582\u0585\u0559"
	case ucd.ScriptCyrillic:
		return "\u0430\u044b\u0441\u0501\u0435\u050d\u04bb\u0456\u044e\u043a\u0458\u04cf\u043e\u0440\u0517" +
			"\u051b\u0455\u051d\u0445\u0443\u044a\u044c\u04bd\u043f\u0433\u0475\u0461"
	case ucd.ScriptGeorgian:
		return "\u10d8\u10dd\u10e7\u10eb\u10ee\u10fd\u10ff"
	case ucd.ScriptGreek:
		return "\u03b1\u03b9\u03ba\u03bd\u03c1\u03c5\u03c9\u03b7\u03bf\u03c4\u03c0"
	case ucd.ScriptHebrew:
		return "\u05d3\u05d5\u05d7\u05d9\u05df\u05e1\u05f0\u05f2\u05f3\ufb26"
	}
	return ""
}

// wholeScriptTLDs returns the top-level domains under which Chromium lets
// the whole-script confusables of script sc stand, since most of that
// script's domains live there.
func wholeScriptTLDs(sc ucd.Script) []string {
	switch sc {
	case ucd.ScriptArmenian:
		return []string{"am"}
	case ucd.ScriptCyrillic:
		return []string{"bg", "by", "kz", "pyc", "ru", "su", "ua", "uz"}
	case ucd.ScriptEthiopic:
		return []string{"er", "et"}
	case ucd.ScriptGeorgian:
		return []string{"ge"}
	case ucd.ScriptGreek:
		return []string{"gr"}
	case ucd.ScriptHebrew:
		return []string{"il"}
	case ucd.ScriptMyanmar:
		return []string{"mm"}
	case ucd.ScriptThai:
		return []string{"th"}
	}
	return nil
}

// wholeScriptWords are common words that Chromium lets stand although
// they are whole-script confusables: they read as no Latin word.
const wholeScriptWords = "\u0441\u0435\u043a\u0441 \u043a\u0430\u043a \u043a\u043e\u0441\u0430 \u043a\u0443\u0440\u0441 \u043f\u0430\u0440\u043a " +
	"\u0442\u0430\u043a\u0438\u0439 \u0443\u043a\u0440\u043e\u043f \u0441\u0430\u0445\u0430\u0440\u043e\u043a \u043f\u043e\u043a\u0440\u0430\u0441\u043a\u0430"

// wholeScriptAllowed reports whether a label (as Unicode) written in
// script sc may stand under the top-level domain tld as written: the TLD
// is written in that script ("\u0440\u0444"), or is one where most of
// the script's domains live, or the label is a word Chromium allows.
func wholeScriptAllowed(label string, sc ucd.Script, tld string) bool {
	u := decodeLabel(tld)
	for _, r := range u {
		if r >= utf8.RuneSelf && ucd.Lookup(r).Script() == sc {
			return true
		}
	}
	lower := strings.ToLower(tld)
	for _, t := range wholeScriptTLDs(sc) {
		if lower == t {
			return true
		}
	}
	for w := range strings.SplitSeq(wholeScriptWords, " ") {
		if strings.EqualFold(label, w) {
			return true
		}
	}
	return false
}
