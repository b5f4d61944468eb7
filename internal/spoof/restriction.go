package spoof

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/names"
	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// This file implements UTS #39 section 5.1 (resolved script sets) and
// section 5.2 (restriction levels), and with them the mixed-script check
// of a letter token.

// restrictionLevel is a UTS #39 section 5.2 restriction level. The check
// for characters outside the identifier profile (step 1, Unrestricted) is
// skipped: free text holds emoji and punctuation that no identifier may,
// and the escaping core already reports the invisible ones.
type restrictionLevel uint8

const (
	levelASCIIOnly restrictionLevel = iota
	levelSingleScript
	levelHighlyRestrictive
	levelModeratelyRestrictive
	levelMinimallyRestrictive
)

var levelNames = names.Table[restrictionLevel]{
	levelASCIIOnly:             "ASCII-Only",
	levelSingleScript:          "Single Script",
	levelHighlyRestrictive:     "Highly Restrictive",
	levelModeratelyRestrictive: "Moderately Restrictive",
	levelMinimallyRestrictive:  "Minimally Restrictive",
}

func (l restrictionLevel) String() string {
	return levelNames.String(l, "restrictionLevel")
}

// recommendedScripts are the scripts of the "Recommended Scripts" table of
// UAX #31, Unicode Identifiers and Syntax, section 2.4 (Unicode 17.0.0;
// Table 5 there, after Table 4 "Excluded Scripts"), which UTS #39 section
// 5.2 step 5 allows next to Latin at Moderately Restrictive. Every other
// script, Excluded (Coptic...) or Limited Use (Table 7: Cherokee, Lisu,
// Canadian Aboriginal...), makes a mix with Latin Minimally Restrictive.
var recommendedScripts = newScriptSet(
	ucd.ScriptCommon, ucd.ScriptInherited,
	ucd.ScriptArabic, ucd.ScriptArmenian, ucd.ScriptBengali, ucd.ScriptBopomofo,
	ucd.ScriptCyrillic, ucd.ScriptDevanagari, ucd.ScriptEthiopic, ucd.ScriptGeorgian,
	ucd.ScriptGreek, ucd.ScriptGujarati, ucd.ScriptGurmukhi, ucd.ScriptHangul,
	ucd.ScriptHan, ucd.ScriptHebrew, ucd.ScriptHiragana, ucd.ScriptKatakana,
	ucd.ScriptKhmer, ucd.ScriptKannada, ucd.ScriptLao, ucd.ScriptLatin,
	ucd.ScriptMalayalam, ucd.ScriptMyanmar, ucd.ScriptOriya, ucd.ScriptSinhala,
	ucd.ScriptTamil, ucd.ScriptTelugu, ucd.ScriptThaana, ucd.ScriptThai,
	ucd.ScriptTibetan,
)

// latinLookalikeScripts are the Recommended scripts, besides Cyrillic and
// Greek (which section 5.2 already excludes from Moderately Restrictive),
// whose mix with Latin in one token warns although it is Moderately
// Restrictive. Both are written left to right in unjoined letters, and
// confusables.txt maps several of their lowercase letters to Latin ones
// (Armenian U+0585 to 'o', U+0570 to 'h', U+0578 to 'n', U+057D to 'u';
// Georgian U+10E7 to 'y'), so a Latin word can borrow them unseen. Mixes
// with the other Recommended scripts (Arabic, Hebrew, Indic, Thai...)
// stay quiet: their letters do not pass for Latin ones inside a Latin
// word, and real text attaches them to Latin words.
var latinLookalikeScripts = newScriptSet(ucd.ScriptArmenian, ucd.ScriptGeorgian)

// buildAllScripts makes allScripts, the script set of Common and
// Inherited characters, which UTS #39 section 5.1 treats as belonging to
// every script. It and the other tables built here are generated into
// tables_gen.go, so that none is built at start-up.
func buildAllScripts() ucd.ScriptSet {
	var s ucd.ScriptSet
	for sc := ucd.Script(0); sc < ucd.NumScripts; sc++ {
		s.Add(sc)
	}
	return s
}

var (
	latinSet   = newScriptSet(ucd.ScriptLatin)
	cjkPseudo  = newScriptSet(ucd.ScriptHanb, ucd.ScriptJpan, ucd.ScriptKore)
	greekCyril = newScriptSet(ucd.ScriptGreek, ucd.ScriptCyrillic)
)

func newScriptSet(scripts ...ucd.Script) ucd.ScriptSet {
	var s ucd.ScriptSet
	for _, sc := range scripts {
		s.Add(sc)
	}
	return s
}

// augment adds the UTS #39 section 5.1 pseudo-scripts to s: Han gains
// Hanb, Jpan and Kore; Hiragana and Katakana gain Jpan; Hangul gains Kore;
// Bopomofo gains Hanb. A set holding Common or Inherited becomes every
// script.
func augment(s ucd.ScriptSet) ucd.ScriptSet {
	if s.Has(ucd.ScriptCommon) || s.Has(ucd.ScriptInherited) {
		return allScripts
	}
	if s.Has(ucd.ScriptHan) {
		s.Add(ucd.ScriptHanb)
		s.Add(ucd.ScriptJpan)
		s.Add(ucd.ScriptKore)
	}
	if s.Has(ucd.ScriptHiragana) || s.Has(ucd.ScriptKatakana) || s.Has(ucd.ScriptKatakanaOrHiragana) {
		s.Add(ucd.ScriptJpan)
	}
	if s.Has(ucd.ScriptHangul) {
		s.Add(ucd.ScriptKore)
	}
	if s.Has(ucd.ScriptBopomofo) {
		s.Add(ucd.ScriptHanb)
	}
	return s
}

// buildAugmentedByScript makes augmentedByScript, the augmented script set
// of each Script value, for characters without explicit
// Script_Extensions. Unknown (unassigned code points, which the core
// escapes and reports) counts as every script, so that it does not make a
// token mixed as well.
func buildAugmentedByScript() (t [ucd.NumScripts]ucd.ScriptSet) {
	for sc := range ucd.Script(ucd.NumScripts) {
		var s ucd.ScriptSet
		s.Add(sc)
		t[sc] = augment(s)
	}
	t[ucd.ScriptUnknown] = allScripts
	return t
}

// kanaSCX caches the augmented Script_Extensions of U+3000..U+30FF, CJK
// punctuation and kana, where Japanese text meets explicit
// Script_Extensions at every prolonged sound mark U+30FC.
const kanaSCXLo, kanaSCXHi = 0x3000, 0x3100

// buildKanaSCX makes kanaSCX.
func buildKanaSCX() (t [kanaSCXHi - kanaSCXLo]ucd.ScriptSet) {
	for i := range t {
		t[i] = augment(ucd.ScriptExtensions(rune(kanaSCXLo + i)))
	}
	return t
}

// augmentedScripts returns the augmented Script_Extensions of r, whose
// properties are p.
func augmentedScripts(r rune, p ucd.Props) ucd.ScriptSet {
	if p.HasScriptExtensions() {
		return augment(ucd.ScriptExtensions(r))
	}
	return augmentedByScript[p.Script()]
}

// scriptAcc accumulates the resolved script set of a token (section 5.1)
// and what section 5.2 needs to find its restriction level.
type scriptAcc struct {
	resolved ucd.ScriptSet // intersection over all characters
	noLatin  ucd.ScriptSet // intersection over characters without Latin
	nonASCII bool
}

func (a *scriptAcc) reset() {
	a.resolved = allScripts
	a.noLatin = allScripts
	a.nonASCII = false
}

func (a *scriptAcc) add(s *ucd.ScriptSet) {
	// Word by word: this runs at every change of script in a token.
	a.resolved[0] &= s[0]
	a.resolved[1] &= s[1]
	a.resolved[2] &= s[2]
	if s[ucd.ScriptLatin/64]&(1<<(ucd.ScriptLatin%64)) == 0 {
		a.noLatin[0] &= s[0]
		a.noLatin[1] &= s[1]
		a.noLatin[2] &= s[2]
	}
}

// level follows UTS #39 section 5.2 from step 2 on.
func (a *scriptAcc) level() restrictionLevel {
	switch {
	case !a.nonASCII:
		return levelASCIIOnly
	case !a.resolved.IsEmpty():
		return levelSingleScript
	case !a.noLatin.Intersect(cjkPseudo).IsEmpty():
		return levelHighlyRestrictive
	}
	// Step 5 asks for one Recommended script other than Cyrillic and
	// Greek. Where Script_Extensions leave several candidates (Latin with
	// an Arabic-Indic digit: {Arab, Thaa, Yezi}), any Recommended one
	// will do, as long as Cyrillic and Greek are not among them.
	rest := a.noLatin.Intersect(recommendedScripts)
	if !rest.IsEmpty() && a.noLatin != allScripts && rest.Intersect(greekCyril).IsEmpty() {
		return levelModeratelyRestrictive
	}
	return levelMinimallyRestrictive
}

// warns reports whether a token at this level is a mixed-script spoof:
// Minimally Restrictive, or Moderately Restrictive with Latin and one of
// latinLookalikeScripts.
func (a *scriptAcc) warns() bool {
	switch a.level() {
	case levelMinimallyRestrictive:
		return true
	case levelModeratelyRestrictive:
		return !a.noLatin.Intersect(latinLookalikeScripts).IsEmpty()
	}
	return false
}

// mixedScript reports whether the token text[start:end], whose scripts
// the scanner has accumulated, is a mixed-script spoof.
func (s *Scanner) mixedScript(start, end int) bool {
	// Most tokens are in one script (level Single Script): no need to
	// grade the mix.
	return s.acc.resolved.IsEmpty() && s.acc.warns() && !isMicroUnit(s.text[start:end]) &&
		(s.tokRole.prose() || !isUnitWord(s.text[start:end]))
}

// isUnitWord reports whether tok is a word in one script other than
// Latin followed by one Latin letter that programs read as a size or time
// unit after a number ("{{лимит}}M", "{{хвилини}}m" with the placeholder
// unwrapped): a command writes its units in Latin whatever the language
// around it, so the letter is the one the program expects, not a
// lookalike standing in for a letter of the word. The word must hold a
// letter that passes for no Latin one, so that word and unit cannot read
// as a Latin word. A digit of another script glued to a word gets no such
// pass: "প্যাকেজ२" (DEVANAGARI DIGIT TWO after Bengali) names a different
// file than "প্যাকেজ২", and nothing reads the digit as syntax.
func isUnitWord(tok string) bool {
	last, size := utf8.DecodeLastRuneInString(tok)
	if !strings.ContainsRune(unitSuffixes, last) {
		return false
	}
	word := tok[:len(tok)-size]
	script, plain := ucd.ScriptUnknown, false
	for _, r := range word {
		p := ucd.Lookup(r)
		sc := p.Script()
		switch {
		case sc == ucd.ScriptCommon || sc == ucd.ScriptInherited:
			if unicode.IsLetter(r) || unicode.Is(unicode.Nd, r) {
				return false
			}
			continue
		case sc == ucd.ScriptLatin || sc == ucd.ScriptUnknown:
			return false
		case script == ucd.ScriptUnknown:
			script = sc
		case sc != script:
			return false
		}
		if !passesForLatin(r, p) && !p.LatinLookalike() {
			plain = true
		}
	}
	return plain
}

// unitSuffixes are the unit letters that programs read after a number:
// the binary and decimal size prefixes (dd, docker, head, sort -S) and
// the time units (sleep, timeout, systemd).
const unitSuffixes = "KkMGTPEsmhd"

// isMicroUnit reports whether tok is a number (possibly empty) and a unit
// with the SI prefix micro written as U+03BC GREEK SMALL LETTER MU, as in
// "5 \u03bcs" or "10\u03bcm": Latin with Greek, but the usual spelling, and
// mu looks like no Latin letter.
func isMicroUnit(tok string) bool {
	tok = strings.TrimLeft(tok, "0123456789")
	rest, ok := strings.CutPrefix(tok, "\u03bc")
	if !ok {
		return false
	}
	switch rest {
	case "s", "m", "g", "l", "L", "A", "V", "W", "F", "H", "K", "C", "J", "N", "T", "S",
		"Hz", "Pa", "mol", "Wb", "cd", "Gy", "Sv":
		return true
	}
	return false
}

// Scripts returns the scripts of the letters of tok in order of first
// appearance, Common, Inherited and Unknown left out.
func Scripts(tok string) []ucd.Script {
	var out []ucd.Script
	for _, r := range tok {
		sc := ucd.Lookup(r).Script()
		if sc == ucd.ScriptCommon || sc == ucd.ScriptInherited || sc == ucd.ScriptUnknown {
			continue
		}
		if !containsScript(out, sc) {
			out = append(out, sc)
		}
	}
	return out
}

func containsScript(ss []ucd.Script, sc ucd.Script) bool {
	for _, x := range ss {
		if x == sc {
			return true
		}
	}
	return false
}

// isASCIIText reports whether s is non-empty printable ASCII.
func isASCIIText(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] >= 0x7F {
			return false
		}
	}
	return true
}

// isASCIILetters reports whether s is made of ASCII letters only.
func isASCIILetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf || asciiClasses[s[i]] != asciiLetter {
			return false
		}
	}
	return true
}
