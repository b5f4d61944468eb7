package plainsight

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// This file detects homoglyph spoofs after UTS #39 (Unicode Security
// Mechanisms), revision for Unicode 17.0.0:
//
//   - mixed script (section 5.1 resolved script set, section 5.2
//     restriction level) per letter token;
//   - mixed numbers (section 5.3) per run of digits and ASCII;
//   - shell lookalikes: non-ASCII characters that NFKC or confusables.txt
//     turn into ASCII punctuation or digits, in a word that is otherwise
//     ASCII;
//   - whole-script confusables (section 4), informational;
//   - uncommon characters (section 5.4 with IdentifierStatus.txt) and
//     combining-mark overflow (section 5.4), informational.
//
// One scan over the text does it all, and allocates only to report a
// finding. Sanitize drives it from its own loop (newScriptScan, asciiRun,
// rune, invalid, finish), sharing the decoding and the one ucd.Lookup per
// rune; only rarer runes cost more (Script_Extensions outside the kana
// block, digits, confusables of a word's first non-ASCII character).
// docs/warnings.md states the rules for users; docs/false-positives.md
// measures them on real multilingual text.

// A letter token is a maximal run of letters, marks, decimal digits and
// the joiners ZWJ and ZWNJ: punctuation such as '.', '/', '-' and '_'
// splits tokens, so "~/<Cyrillic>/<Cyrillic>.pdf" and "Toys-<Cyrillic>-Us"
// hold only single-script tokens.
//
// A word is a maximal run of characters other than white space (ASCII
// spaces and controls, and Zs, Zl, Zp): the unit a shell sees.

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

var levelNames = [...]string{
	levelASCIIOnly:             "ASCII-Only",
	levelSingleScript:          "Single Script",
	levelHighlyRestrictive:     "Highly Restrictive",
	levelModeratelyRestrictive: "Moderately Restrictive",
	levelMinimallyRestrictive:  "Minimally Restrictive",
}

func (l restrictionLevel) String() string {
	if int(l) < len(levelNames) {
		return levelNames[l]
	}
	return "restrictionLevel(" + strconv.Itoa(int(l)) + ")"
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

// allScripts is the script set of Common and Inherited characters, which
// UTS #39 section 5.1 treats as belonging to every script.
var allScripts = func() ucd.ScriptSet {
	var s ucd.ScriptSet
	for sc := ucd.Script(0); sc < ucd.NumScripts; sc++ {
		s.Add(sc)
	}
	return s
}()

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

// augmentedByScript holds the augmented script set of each Script value,
// for characters without explicit Script_Extensions. Unknown (unassigned
// code points, which the core escapes and reports) counts as every script,
// so that it does not make a token mixed as well.
var augmentedByScript = func() (t [ucd.NumScripts]ucd.ScriptSet) {
	for sc := range ucd.Script(ucd.NumScripts) {
		var s ucd.ScriptSet
		s.Add(sc)
		t[sc] = augment(s)
	}
	t[ucd.ScriptUnknown] = allScripts
	return t
}()

// kanaSCX caches the augmented Script_Extensions of U+3000..U+30FF, CJK
// punctuation and kana, where Japanese text meets explicit
// Script_Extensions at every prolonged sound mark U+30FC.
const kanaSCXLo, kanaSCXHi = 0x3000, 0x3100

var kanaSCX = func() (t [kanaSCXHi - kanaSCXLo]ucd.ScriptSet) {
	for i := range t {
		t[i] = augment(ucd.ScriptExtensions(rune(kanaSCXLo + i)))
	}
	return t
}()

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

// resolvedScripts returns the UTS #39 resolved script set of s, with
// Common and Inherited resolving to every script.
func resolvedScripts(s string) ucd.ScriptSet {
	var a scriptAcc
	a.reset()
	for _, r := range s {
		set := augmentedScripts(r, ucd.Lookup(r))
		a.add(&set)
	}
	return a.resolved
}

// levelOf returns the UTS #39 restriction level of s.
func levelOf(s string) restrictionLevel {
	var a scriptAcc
	a.reset()
	for _, r := range s {
		if r >= utf8.RuneSelf {
			a.nonASCII = true
		}
		set := augmentedScripts(r, ucd.Lookup(r))
		a.add(&set)
	}
	return a.level()
}

// asciiClass classifies ASCII bytes for the scan.
type asciiClass uint8

const (
	asciiPunct asciiClass = iota // ends a letter token
	asciiSpace                   // ends a word as well; controls too
	asciiLetter
	asciiDigit
)

// asciiClasses has 256 entries so that any byte indexes it without a
// bounds check; those from 0x80 on are never read.
var asciiClasses = func() (t [256]asciiClass) {
	for c := range utf8.RuneSelf {
		switch {
		case c <= ' ' || c == 0x7F:
			t[c] = asciiSpace
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
			t[c] = asciiLetter
		case '0' <= c && c <= '9':
			t[c] = asciiDigit
		}
	}
	return t
}()

// lookClass grades a lookalike character by the context it needs to warn.
type lookClass uint8

const (
	lookNone lookClass = iota
	// lookIgnore is a lookalike that its neighbours make ordinary: a dash
	// between digits (a range, "10\u201320"), an apostrophe between
	// letters ("don\u2019t").
	lookIgnore
	// lookSoft is typography that prose uses for itself: curly quotes and
	// apostrophes, dashes, the ellipsis, superscripts, fullwidth letters.
	// It warns only on a line that reads as a command.
	lookSoft
	// lookCJK is fullwidth or ideographic punctuation and fullwidth
	// digits: native in Chinese, Japanese and Korean text. It warns like
	// lookHard unless its line holds CJK letters, and then like lookSoft.
	lookCJK
	// lookHard warns in any word that is otherwise ASCII: U+037E, slashes,
	// dots and colons from other blocks, mathematical digits.
	lookHard
)

// lookalike returns the class of the non-ASCII rune r at the start of s,
// whose properties are p, and the ASCII it passes for.
func lookalike(s string, r rune, p ucd.Props) (lookClass, string) {
	cat := p.Category()
	switch {
	case cat == ucd.Nd:
		// Only NFKC: the confusable skeletons of Arabic-Indic digits are
		// '.' and 'l', and other decimal systems are mixed_numbers.
		form := nfkcForm(s)
		if len(form) != 1 || form[0] < '0' || form[0] > '9' {
			return lookNone, ""
		}
		if r >= 0xFF10 && r <= 0xFF19 {
			return lookCJK, form
		}
		return lookHard, form
	case cat.IsLetter() && r >= 0xFF21 && r <= 0xFF5A:
		// Fullwidth Latin letters: the script check sees Latin, but a
		// program sees other characters.
		if form := nfkcForm(s); isASCIIText(form) {
			return lookSoft, form
		}
		return lookNone, ""
	case cat.IsMark() || cat.IsSeparator():
		return lookNone, ""
	case cat.IsLetter() && plainLetter(r, p):
		return lookNone, ""
	}
	form := ""
	if p.HasConfusable() {
		if proto, _ := ucd.Confusable(r); isASCIIPunctText(proto) {
			form = proto
		}
	}
	if form == "" && !cat.IsLetter() {
		if f := nfkcForm(s); isASCIIPunctText(f) {
			form = f
		}
	}
	if form == "" || cat.IsLetter() && strings.ContainsAny(form, "0123456789") {
		// A letter that passes for a digit (Cyrillic U+0431 for '6')
		// spells words, not numbers: the script checks see it.
		return lookNone, ""
	}
	switch {
	case cat == ucd.No || cat == ucd.Pd || cat == ucd.Pi || cat == ucd.Pf || r == 0x2212:
		return lookSoft, form
	case strings.Trim(form, "'\"`-") == "", strings.Trim(form, ".") == "" && len(form) > 1:
		// Quotes, primes, apostrophe letters, dashes, the ellipsis.
		return lookSoft, form
	case r >= 0xFF01 && r <= 0xFF65 || r >= 0x3000 && r <= 0x303F || r >= 0xFE10 && r <= 0xFE6F:
		return lookCJK, form
	}
	return lookHard, form
}

// plainLetter reports whether the letter r, whose properties are p and
// which is not a fullwidth Latin letter, passes for no ASCII punctuation.
// Letters pass for punctuation only through confusables.txt (U+01C3 for
// '!', U+02BC and U+0374 for an apostrophe); most have no mapping or map
// to letters.
func plainLetter(r rune, p ucd.Props) bool {
	if r >= 0xFF21 && r <= 0xFF5A {
		return false
	}
	return !p.HasConfusable() || inCache(r) && !cacheHas(&punctLookalikes, r)
}

// softContext refines the class of the soft lookalike at text[i:i+size],
// which passes for form, by its neighbours.
func (s *scriptScan) softContext(i, size int, form string) lookClass {
	prev := byte(0)
	if i > 0 {
		prev = s.text[i-1]
	}
	next, _ := utf8.DecodeRuneInString(s.text[i+size:])
	isClass := func(b rune, cl asciiClass) bool { return b < utf8.RuneSelf && b >= 0 && asciiClasses[b] == cl }
	switch form {
	case "-":
		switch {
		case i == s.wordStart && (isClass(next, asciiLetter) || isDash(next)):
			// A dash that opens a word and leads into a letter or
			// another dash is an option: "\u2212rf", "\u2010\u2010force".
			return lookHard
		case isClass(rune(prev), asciiDigit) && isClass(next, asciiDigit):
			return lookIgnore
		}
	case "'":
		if isClass(rune(prev), asciiLetter) && isClass(next, asciiLetter) {
			return lookIgnore
		}
	}
	return lookSoft
}

// nfkcForm returns the NFKC decomposition of the rune at the start of s,
// or "" when NFKC leaves it alone. A single rune whose decomposition is
// ASCII has that ASCII as its NFKC form.
func nfkcForm(s string) string {
	d := norm.NFKC.PropertiesString(s).Decomposition()
	if !isASCIIText(string(d)) { // no allocation: compared in place
		return ""
	}
	return string(d)
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

// isASCIIPunctText reports whether s is non-empty printable ASCII without
// letters: punctuation, space and digits.
func isASCIIPunctText(s string) bool {
	if !isASCIIText(s) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if asciiClasses[s[i]] == asciiLetter {
			return false
		}
	}
	return true
}

// isDash reports whether r passes for '-'.
func isDash(r rune) bool {
	if r == '-' {
		return true
	}
	if r < utf8.RuneSelf {
		return false
	}
	proto, ok := ucd.Confusable(r)
	return ok && proto == "-"
}

// maxMarks is the most nonspacing marks on one base before UTS #39
// section 5.4 calls it overdraw.
const maxMarks = 4

// scriptScan is the state of one detectScripts call.
type scriptScan struct {
	// text is scanned; findings go to a *collector passed to each
	// method, not kept here, so that the collector does not escape.
	text string

	// The current letter token.
	tokStart    int // -1 outside a token
	acc         scriptAcc
	lastScript  ucd.Script // Script of the last rune added to acc
	added       [4]uint64  // bit set of the Script values added to acc
	tokLatin    bool       // holds a Latin letter
	tokOther    bool       // holds a letter of another script
	tokConfus   bool       // every non-Latin letter has a confusables.txt mapping
	tokAllowed  bool       // holds a letter that is Identifier_Status Allowed
	tokUncommon rune       // first Restricted letter, mark or digit, or 0
	marks       int        // nonspacing marks since the last base
	markBuf     [maxMarks]rune
	markIssue   int  // position of a mark overflow or repeat in the token, or -1
	markRepeat  rune // the repeated mark, or 0 for overflow

	// The current word.
	wordStart int
	wordPlain bool // every non-ASCII rune so far is a lookalike
	escLetter bool // the last byte was a backslash outside a letter token
	wordLook  [lookHard + 1]bool
	lookAt    int // byte offset of the first lookalike, -1 for none

	// The current run of digits and ASCII, for mixed numbers.
	numStart int  // -1 outside a run
	numZero  rune // zero of the first decimal system seen, or -1
	numMixed bool

	// The current line, with lazily computed context.
	lineStart int
	lineCmd   int8 // 0 unknown, 1 command-like, -1 not
	lineCJK   int8 // 0 unknown, 1 holds CJK letters, -1 not

	// Whole-script confusable candidates need the letter counts of the
	// whole text.
	latinLetters, otherLetters, candLetters int
}

// detectScripts reports homoglyph findings in text, which holds at least
// one non-ASCII rune, to c.
func detectScripts(text string, c *collector) { scanScripts(text, c) }

// scanScripts is detectScripts, rune by rune through scriptScan.rune alone;
// it returns the final state, which tests compare with the scan Sanitize
// drives, short paths included.
func scanScripts(text string, c *collector) scriptScan {
	s := newScriptScan(text)
	for i := 0; i < len(text); {
		if text[i] < utf8.RuneSelf {
			j := i + 1
			for j < len(text) && text[j] < utf8.RuneSelf {
				j++
			}
			s.asciiRun(c, i, j)
			i = j
			continue
		}
		var r rune
		var size int
		if b := text[i]; b >= 0xC2 && b <= 0xDF && i+1 < len(text) && text[i+1]&0xC0 == 0x80 {
			// Two-byte sequences (Latin-1 to Syriac, so Cyrillic,
			// Greek, Arabic, Hebrew text) decode inline.
			r, size = rune(b&0x1F)<<6|rune(text[i+1]&0x3F), 2
		} else {
			r, size = utf8.DecodeRuneInString(text[i:])
		}
		if r == utf8.RuneError && size == 1 {
			s.invalid(c, i)
			i++
			continue
		}
		s.rune(c, i, r, size, ucd.Lookup(r))
		i += size
	}
	s.finish(c)
	return s
}

// newScriptScan starts a scan of text. The scan is driven by asciiRun,
// rune and invalid, called in text order for every byte, then finish; so
// a caller that already decodes text and looks its runes up can share the
// work.
func newScriptScan(text string) scriptScan {
	return scriptScan{text: text, tokStart: -1, numStart: -1, numZero: -1, lookAt: -1, markIssue: -1, wordPlain: true}
}

// asciiRun handles the ASCII bytes of text[i:j], up to the first byte
// from 0x80 on, and returns where it stopped. controls reports whether
// it passed a control byte other than '\n', or DEL: without one, Sanitize
// has nothing to escape in them and need not read them again.
func (s *scriptScan) asciiRun(c *collector, i, j int) (end int, controls bool) {
	text := s.text
	for ; i < j; i++ {
		b := text[i]
		if b >= utf8.RuneSelf {
			break
		}
		cl := asciiClasses[b]
		if s.escLetter {
			// The letter of a backslash escape such as \t in a
			// quoted string does not join the word after it
			// ("\t<Cyrillic word>").
			s.escLetter = false
			if cl == asciiLetter {
				continue
			}
		}
		switch cl {
		case asciiSpace:
			controls = controls || b != ' ' && b != '\n'
			s.endToken(c, i)
			s.endNumber(c, i)
			s.endWord(c, i, i+1)
			if b == '\n' {
				s.lineStart, s.lineCmd, s.lineCJK = i+1, 0, 0
			}
		case asciiLetter:
			s.startToken(i)
			if s.lastScript != ucd.ScriptLatin {
				s.lastScript = ucd.ScriptLatin
				s.added[ucd.ScriptLatin/64] |= 1 << (ucd.ScriptLatin % 64)
				s.acc.add(&latinSet)
			}
			s.tokLatin, s.tokAllowed = true, true
			s.marks = 0
			s.startNumber(i)
			// The rest of a run of ASCII letters changes nothing but
			// the count.
			n := i + 1
			for n < j && asciiClasses[text[n]] == asciiLetter {
				n++
			}
			s.latinLetters += n - i
			i = n - 1
		case asciiDigit:
			s.startToken(i)
			s.marks = 0
			s.digit(i, '0')
		default:
			s.endToken(c, i)
			s.startNumber(i)
			s.escLetter = b == '\\'
		}
	}
	return i, controls
}

// invalid handles text[i], a byte that is not valid UTF-8. The core
// escapes and reports it; it ends tokens and is not a lookalike.
func (s *scriptScan) invalid(c *collector, i int) {
	s.escLetter = false
	s.endToken(c, i)
	s.endNumber(c, i)
	s.wordPlain = false
}

// finish closes the scan at the end of the text.
func (s *scriptScan) finish(c *collector) {
	end := len(s.text)
	s.endToken(c, end)
	s.endNumber(c, end)
	s.endWord(c, end, end)
	s.wholeScript(c)
}

// rune handles the non-ASCII rune r at text[i:i+size], whose properties
// are p.
func (s *scriptScan) rune(c *collector, i int, r rune, size int, p ucd.Props) {
	s.escLetter = false
	cat := p.Category()
	if sc := p.Script(); s.tokStart >= 0 && !s.wordPlain && cat.IsLetter() && sc != ucd.ScriptCommon && s.added[sc>>6&3]&(1<<(sc&63)) != 0 &&
		p.IdentifierAllowed() && !p.HasScriptExtensions() && s.numStart < 0 {
		// The common case, kept short: an ordinary letter that goes on
		// a token in a script the token already holds, inside a word
		// that already holds a non-ASCII letter. It changes no script
		// set and no lookalike or number state. The letters loop repeats
		// these lines inline: as a shared method that is not inlined they
		// cost 8-10% on prose. FuzzScanState keeps the two in step.
		s.lastScript = sc
		s.acc.nonASCII = true
		s.marks = 0
		if sc == ucd.ScriptLatin {
			s.latinLetters++
		} else {
			s.otherLetters++
			if s.tokConfus {
				s.tokConfus = passesForLatin(r, p)
			}
		}
		return
	}
	if cat.IsSeparator() || cat == ucd.Cc {
		s.endToken(c, i)
		s.endNumber(c, i)
		s.endWord(c, i, i+size)
		return
	}
	if s.wordPlain && cat.IsLetter() && plainLetter(r, p) {
		// What lookalike would say, without the call, for the letter
		// that opens most words of non-Latin text.
		s.wordPlain = false
	}
	if s.wordPlain {
		cls, form := lookalike(s.text[i:], r, p)
		if cls == lookSoft {
			cls = s.softContext(i, size, form)
		}
		if cls == lookNone {
			s.wordPlain = false
		}
		if cls > lookIgnore {
			s.wordLook[cls] = true
			if s.lookAt < 0 {
				s.lookAt = i
			}
		}
	}
	if !cat.IsLetter() && !cat.IsMark() && cat != ucd.Nd && r != zwj && r != zwnj {
		s.endToken(c, i)
		s.endNumber(c, i)
		return
	}
	s.startToken(i)
	s.acc.nonASCII = true
	if p.HasScriptExtensions() {
		if r >= kanaSCXLo && r < kanaSCXHi {
			s.acc.add(&kanaSCX[r-kanaSCXLo])
		} else {
			set := augment(ucd.ScriptExtensions(r))
			s.acc.add(&set)
		}
		s.lastScript = ucd.ScriptUnknown
	} else if sc := p.Script(); sc != s.lastScript {
		// Intersecting with the same set again changes nothing, so
		// only the first rune of each script in a token costs set
		// operations.
		s.lastScript = sc
		w, bit := sc>>6&3, uint64(1)<<(sc&63)
		if s.added[w]&bit == 0 {
			s.added[w] |= bit
			s.acc.add(&augmentedByScript[sc])
		}
	}
	switch {
	case p.DefaultIgnorable():
		// Variation selectors and other ignorables are the core's.
	case cat == ucd.Mn:
		s.nonspacingMark(i, r)
	case cat.IsLetter():
		s.marks = 0
		if p.Script() == ucd.ScriptLatin {
			s.tokLatin = true
			s.latinLetters++
		} else if sc := p.Script(); sc != ucd.ScriptCommon && sc != ucd.ScriptInherited {
			s.tokOther = true
			s.otherLetters++
			if s.tokConfus {
				s.tokConfus = passesForLatin(r, p)
			}
		}
		if p.IdentifierAllowed() {
			s.tokAllowed = true
		}
	default:
		s.marks = 0
	}
	if !p.IdentifierAllowed() && s.tokUncommon == 0 && !p.DefaultIgnorable() && uncommon(s.text[i:], r, p) {
		s.tokUncommon = r
	}
	if cat == ucd.Nd {
		zero, _ := ucd.DigitZero(r)
		s.digit(i, zero)
	} else if s.numStart >= 0 {
		s.endNumber(c, i)
	}
}

// spacingOrNonspacingMark takes, as rune would, the rune r at text[i],
// whose properties are p, when it is a mark the letters loop may take: Mn
// or Mc, Identifier_Status Allowed, without explicit Script_Extensions and
// not Default_Ignorable. Such marks, the vowel signs and viramas of Indic
// scripts, come every other letter there. A mark is never escaped either
// (runeClass): the one Mn that is, U+13440, is outside the BMP, which
// letters does not decode.
func (s *scriptScan) spacingOrNonspacingMark(c *collector, i int, r rune, p ucd.Props) bool {
	cat := p.Category()
	if cat != ucd.Mn && cat != ucd.Mc || !p.IdentifierAllowed() || p.HasScriptExtensions() || p.DefaultIgnorable() {
		return false
	}
	s.escLetter = false
	// lookalike says lookNone for every mark.
	s.wordPlain = false
	s.startToken(i)
	s.acc.nonASCII = true
	if sc := p.Script(); sc != s.lastScript {
		s.lastScript = sc
		w, bit := sc>>6&3, uint64(1)<<(sc&63)
		if s.added[w]&bit == 0 {
			s.added[w] |= bit
			s.acc.add(&augmentedByScript[sc])
		}
	}
	if cat == ucd.Mn {
		s.nonspacingMark(i, r)
	} else {
		s.marks = 0
	}
	if s.numStart >= 0 {
		s.endNumber(c, i)
	}
	return true
}

// nonspacingMark counts the nonspacing mark r at text[i] on the current
// base, for the combining-mark overflow and repeat checks.
func (s *scriptScan) nonspacingMark(i int, r rune) {
	if s.marks < maxMarks {
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

// letters takes the run of ordinary letters (ucd.OrdinaryLetter) that
// starts at text[i], exactly as rune would take each, and returns where
// the run ends. When the rune there is one it decodes (a two- or
// three-byte sequence), it returns that rune, its size and its properties
// too, so that the caller need not decode and look it up again; size is 0
// otherwise.
//
// Ordinary letters are most of the text in alphabets, kana and Han, and
// they need the fewest steps of rune: no lookalike or number state (but
// for the letter that opens a word or ends a number), no Script_Extensions,
// no mark count. Not being Default_Ignorable, a letter is also never
// escaped, which lets Sanitize take the whole run as literal text.
func (s *scriptScan) letters(c *collector, i int) (end int, r rune, size int, p ucd.Props) {
	text := s.text
	// short holds while rune's short path is open to a letter whose
	// script the token holds: in a token, past the word's first letter,
	// outside a number. Taking any letter or mark opens it.
	short := s.tokStart >= 0 && !s.wordPlain && s.numStart < 0
	for i+1 < len(text) {
		b := text[i]
		switch {
		case b >= 0xC2 && b <= 0xDF && text[i+1]&0xC0 == 0x80:
			r, size = rune(b&0x1F)<<6|rune(text[i+1]&0x3F), 2
		case b >= 0xE0 && b <= 0xEF && i+2 < len(text) && text[i+1]&0xC0 == 0x80 && text[i+2]&0xC0 == 0x80:
			r, size = rune(b&0x0F)<<12|rune(text[i+1]&0x3F)<<6|rune(text[i+2]&0x3F), 3
			if r < 0x800 || r >= 0xD800 && r <= 0xDFFF {
				return i, 0, 0, 0 // overlong or a surrogate: invalid UTF-8
			}
		default:
			return i, 0, 0, 0
		}
		p = ucd.Lookup(r)
		sc := p.Script()
		if !p.OrdinaryLetter() {
			if !s.spacingOrNonspacingMark(c, i, r, p) {
				return i, r, size, p
			}
			short = true
			i += size
			continue
		}
		if sc == ucd.ScriptCommon || sc == ucd.ScriptInherited {
			return i, r, size, p
		}
		bit := uint64(1) << (sc & 63)
		if short && s.added[sc>>6&3]&bit != 0 {
			// rune's short path: a letter in a script the token
			// already holds.
			s.escLetter = false
			s.lastScript = sc
			s.acc.nonASCII = true
			s.marks = 0
			if sc == ucd.ScriptLatin {
				s.latinLetters++
			} else {
				s.otherLetters++
				if s.tokConfus {
					s.tokConfus = passesForLatin(r, p)
				}
			}
			i += size
			continue
		}
		// The rest of rune for an ordinary letter, in its order.
		if s.wordPlain {
			if !plainLetter(r, p) {
				return i, r, size, p // a lookalike candidate: rune decides
			}
			s.wordPlain = false
		}
		s.escLetter = false
		s.startToken(i)
		s.acc.nonASCII = true
		if sc != s.lastScript {
			s.lastScript = sc
			if s.added[sc>>6&3]&bit == 0 {
				s.added[sc>>6&3] |= bit
				s.acc.add(&augmentedByScript[sc])
			}
		}
		s.marks = 0
		if sc == ucd.ScriptLatin {
			s.tokLatin = true
			s.latinLetters++
		} else {
			s.tokOther = true
			s.otherLetters++
			if s.tokConfus {
				s.tokConfus = passesForLatin(r, p)
			}
		}
		s.tokAllowed = true
		if s.numStart >= 0 {
			s.endNumber(c, i)
		}
		short = true
		i += size
	}
	return i, 0, 0, 0
}

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

// passesForLatin reports whether confusables.txt maps r to Latin letters.
func passesForLatin(r rune, p ucd.Props) bool {
	if !p.HasConfusable() {
		return false
	}
	if inCache(r) {
		return cacheHas(&latinLookalikes, r)
	}
	return protoIsLatin(r)
}

// latinLookalikes and punctLookalikes cache, for Greek, Cyrillic,
// Armenian, Hebrew and Arabic, the letters most text holds, whether
// confusables.txt maps a code point to ASCII letters or to ASCII
// punctuation, to spare a search of confusables.txt per word (Arabic alef
// passes for 'l' and heh for 'o', so Arabic words search often).
const latinLookalikeLo, latinLookalikeHi = 0x0370, 0x0700

type runeCache [(latinLookalikeHi - latinLookalikeLo + 63) / 64]uint64

var (
	latinLookalikes = newRuneCache(protoIsLatin)
	punctLookalikes = newRuneCache(func(r rune) bool {
		proto, ok := ucd.Confusable(r)
		return ok && isASCIIPunctText(proto)
	})
)

func newRuneCache(f func(rune) bool) (t runeCache) {
	for r := rune(latinLookalikeLo); r < latinLookalikeHi; r++ {
		if f(r) {
			t[(r-latinLookalikeLo)/64] |= 1 << ((r - latinLookalikeLo) % 64)
		}
	}
	return t
}

func inCache(r rune) bool { return r >= latinLookalikeLo && r < latinLookalikeHi }

func cacheHas(t *runeCache, r rune) bool {
	return t[(r-latinLookalikeLo)/64]&(1<<((r-latinLookalikeLo)%64)) != 0
}

// protoIsLatin reports whether confusables.txt maps r to ASCII letters.
func protoIsLatin(r rune) bool {
	proto, ok := ucd.Confusable(r)
	if !ok {
		return false
	}
	for i := 0; i < len(proto); i++ {
		if proto[i] >= utf8.RuneSelf || asciiClasses[proto[i]] != asciiLetter {
			return false
		}
	}
	return true
}

// uncommon reports whether the rune r at the start of s, whose properties
// are p and whose Identifier_Status is Restricted, is uncommon in ordinary
// text. Restricted characters that NFKC folds into letters of their own
// script are everyday spellings (Thai U+0E33 SARA AM, Bengali U+09DF YYA,
// Devanagari U+095E FA); those NFKC leaves alone (Technical, Obsolete,
// Uncommon_Use: U+1D00 small capital A) or folds into another script
// (mathematical letters are Common and fold to Latin) are uncommon. A few
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
	if len(d) == 0 {
		return true
	}
	sc := p.Script()
	first, _ := utf8.DecodeRune(d)
	return sc == ucd.ScriptCommon || sc == ucd.ScriptInherited || ucd.Lookup(first).Script() != sc
}

func (s *scriptScan) startToken(i int) {
	if s.tokStart >= 0 {
		return
	}
	s.tokStart = i
	s.acc.reset()
	s.lastScript = ucd.ScriptCommon
	s.added = [4]uint64{}
	s.tokLatin, s.tokOther, s.tokConfus, s.tokAllowed = false, false, true, false
	s.tokUncommon = 0
	s.marks = 0
	s.markIssue, s.markRepeat = -1, 0
}

// endToken closes the letter token that ends at text[i]. It is small
// enough to inline: most tokens are ASCII words, which have nothing to
// check, and it runs at every space.
func (s *scriptScan) endToken(c *collector, i int) {
	if s.tokStart >= 0 {
		if s.acc.nonASCII {
			s.checkToken(c, i)
		}
		s.tokStart = -1
		s.marks = 0
	}
}

// checkToken checks the letter token text[tokStart:i], which holds a
// non-ASCII rune.
func (s *scriptScan) checkToken(c *collector, i int) {
	start := s.tokStart
	tok := s.text[start:i]
	// Most tokens are in one script (level Single Script): no need to
	// grade the mix.
	mixed := s.acc.resolved.IsEmpty() && s.acc.warns() && !isMicroUnit(tok)
	if mixed {
		report(c, KindMixedScript, tok, func(t string) string { return mixedScriptExplanation(t, tok) })
	}
	if s.tokOther && !s.tokLatin && s.tokConfus && !s.acc.resolved.IsEmpty() {
		// A whole-script confusable candidate; wholeScript decides once
		// the letters of the whole text are counted.
		s.candLetters += utf8.RuneCountInString(tok)
	}
	if s.tokUncommon != 0 && s.tokAllowed && !mixed {
		u := s.tokUncommon
		report(c, KindUncommonCharacter, tok, func(t string) string {
			return "`" + t + "` contains " + runeName(u) +
				", a character rarely used in ordinary text (Identifier_Status Restricted); it may stand in for a common one"
		})
	}
	if s.markIssue >= 0 {
		m := s.markRepeat
		report(c, KindCombiningMarks, tok, func(t string) string {
			if m != 0 {
				return "`" + t + "` repeats the combining mark " + runeName(m) + " on one letter; it shows once but is there twice"
			}
			return "`" + t + "` stacks more than " + strconv.Itoa(maxMarks) + " combining marks on one letter, which can draw over neighbouring text"
		})
	}
}

// report records a finding of kind k for the token tok. explain builds
// the explanation from the neutralized token; it runs only for the first
// finding of k, the one whose explanation is kept, so that a text full of
// findings costs one explanation per kind.
func report(c *collector, k Kind, tok string, explain func(t string) string) {
	t := neutralize(tok)
	if c.has(k) {
		c.add(k, t, "")
		return
	}
	c.add(k, t, explain(t))
}

// startNumber makes sure a run of digits and ASCII is open at text[i].
func (s *scriptScan) startNumber(i int) {
	if s.numStart < 0 {
		s.numStart, s.numZero, s.numMixed = i, -1, false
	}
}

// digit records a digit of the decimal system whose zero is zero.
func (s *scriptScan) digit(i int, zero rune) {
	s.startNumber(i)
	switch {
	case s.numZero < 0:
		s.numZero = zero
	case s.numZero != zero:
		s.numMixed = true
	}
}

// endNumber closes the run of digits and ASCII that ends at text[i].
// Small enough to inline, for every space.
func (s *scriptScan) endNumber(c *collector, i int) {
	if s.numStart >= 0 {
		if s.numMixed {
			s.reportNumber(c, s.text[s.numStart:i])
		}
		s.numStart = -1
	}
}

// reportNumber reports the run of digits and ASCII num, which mixes
// decimal systems.
func (s *scriptScan) reportNumber(c *collector, num string) {
	tok := strings.TrimRight(num, ".,:;!?)]}'\"")
	report(c, KindMixedNumbers, tok, func(t string) string { return mixedNumbersExplanation(t, tok) })
}

// endWord closes the word that ends at text[i]; the next one may start at
// text[next].
// Small enough to inline, for every space.
func (s *scriptScan) endWord(c *collector, i, next int) {
	if s.lookAt >= 0 { // else wordLook is all false
		s.checkWord(c, i)
	}
	s.wordStart, s.wordPlain = next, true
}

// checkWord checks the word text[wordStart:i], which holds a lookalike.
func (s *scriptScan) checkWord(c *collector, i int) {
	start, plain := s.wordStart, s.wordPlain
	look := s.wordLook
	s.wordLook, s.lookAt = [lookHard + 1]bool{}, -1
	if !plain {
		return
	}
	warn := look[lookHard] ||
		look[lookCJK] && (!s.cjkLine() || s.commandLine()) ||
		look[lookSoft] && s.commandLine()
	if !warn {
		return
	}
	word := s.text[start:i]
	report(c, KindLookalike, word, func(t string) string { return lookalikeExplanation(t, word) })
}

// commandLine reports whether the current line reads as a shell command:
// after optional white space, a backquote and a "$ " prompt, its first
// word is a lowercase ASCII command name ("echo", "rm", "git", also
// spelled in fullwidth letters) followed by white space.
func (s *scriptScan) commandLine() bool {
	if s.lineCmd == 0 {
		s.lineCmd = -1
		if isCommandLine(s.text[s.lineStart:]) {
			s.lineCmd = 1
		}
	}
	return s.lineCmd > 0
}

func isCommandLine(line string) bool {
	line = strings.TrimLeft(line, " \t")
	line = strings.TrimPrefix(line, "`")
	line = strings.TrimPrefix(line, "$ ")
	n := 0
	for _, r := range line {
		if r >= 0xFF41 && r <= 0xFF5A {
			r -= 0xFF41 - 'a'
		}
		switch {
		case 'a' <= r && r <= 'z':
		case n > 0 && ('0' <= r && r <= '9' || r == '.' || r == '_' || r == '-' || r == '+'):
		case n > 0 && (r == ' ' || r == '\t'):
			return true
		default:
			return false
		}
		n++
	}
	return false
}

// cjkLine reports whether the current line holds a Han, kana, Hangul or
// Bopomofo letter, so that fullwidth punctuation there is native.
func (s *scriptScan) cjkLine() bool {
	if s.lineCJK == 0 {
		s.lineCJK = -1
		line := s.text[s.lineStart:]
		if j := strings.IndexByte(line, '\n'); j >= 0 {
			line = line[:j]
		}
		for _, r := range line {
			if isCJKLetter(r) {
				s.lineCJK = 1
				break
			}
		}
	}
	return s.lineCJK > 0
}

// isCJKLetter reports whether r lies in a block of Han, kana, Hangul or
// Bopomofo letters. Blocks suffice: this only decides what punctuation
// is native to the line.
func isCJKLetter(r rune) bool {
	switch {
	case r < 0x1100:
		return false
	case r <= 0x11FF, // Hangul Jamo
		0x2E80 <= r && r <= 0x2FDF,   // radicals
		0x3040 <= r && r <= 0x318F,   // kana, Bopomofo, Hangul compatibility jamo
		0x31A0 <= r && r <= 0x31FF,   // Bopomofo extended, kana extensions
		0x3400 <= r && r <= 0x4DBF,   // Han extension A
		0x4E00 <= r && r <= 0x9FFF,   // Han
		0xA960 <= r && r <= 0xA97F,   // Hangul Jamo extended A
		0xAC00 <= r && r <= 0xD7FF,   // Hangul syllables, jamo extended B
		0xF900 <= r && r <= 0xFAFF,   // Han compatibility
		0xFF66 <= r && r <= 0xFFDC,   // halfwidth kana and Hangul
		0x1B000 <= r && r <= 0x1B16F, // kana supplement, extended
		0x20000 <= r && r <= 0x3FFFF: // Han extensions
		return true
	}
	return false
}

// wholeScript reports the whole-script confusables of a text that is
// otherwise Latin: at least nine in ten of the letters outside candidate
// tokens are Latin. It scans the text again, which happens only when a
// candidate was seen in such a text.
func (s *scriptScan) wholeScript(c *collector) {
	if s.candLetters == 0 || s.latinLetters == 0 || (s.otherLetters-s.candLetters)*10 > s.latinLetters {
		return
	}
	forEachToken(s.text, func(tok string) {
		var a scriptAcc
		a.reset()
		for _, r := range tok {
			p := ucd.Lookup(r)
			set := augmentedScripts(r, p)
			a.add(&set)
			if p.Script() == ucd.ScriptLatin && p.Category().IsLetter() {
				return
			}
		}
		if a.resolved.IsEmpty() || a.resolved == allScripts || a.resolved.Has(ucd.ScriptLatin) {
			return
		}
		reading := skeletonReading(tok)
		if !isASCIIText(reading) || !isASCIILetters(reading) {
			return
		}
		report(c, KindWholeScriptConfusable, tok, func(t string) string {
			return "`" + t + "` is written wholly in " + firstScript(tok).String() +
				" but looks like the Latin `" + reading + "`"
		})
	})
}

// forEachToken calls f with every letter token of text that holds a
// non-ASCII rune.
func forEachToken(text string, f func(string)) {
	start, nonASCII := -1, false
	for i, r := range text {
		in := false
		if r < utf8.RuneSelf {
			cl := asciiClasses[r]
			in = cl == asciiLetter || cl == asciiDigit
		} else if r != utf8.RuneError {
			cat := ucd.Lookup(r).Category()
			in = cat.IsLetter() || cat.IsMark() || cat == ucd.Nd || r == zwj || r == zwnj
		}
		switch {
		case in && start < 0:
			start, nonASCII = i, r >= utf8.RuneSelf
		case in:
			nonASCII = nonASCII || r >= utf8.RuneSelf
		case start >= 0:
			if nonASCII {
				f(text[start:i])
			}
			start = -1
		}
	}
	if start >= 0 && nonASCII {
		f(text[start:])
	}
}

// skeletonReading returns how s reads: the UTS #39 skeleton (NFD, drop
// Default_Ignorable_Code_Point, map through confusables.txt, NFD) except
// that ASCII characters stay themselves, since the skeleton maps some of
// them too ("m" to "rn", "I" to "l") and the reading is shown to people.
func skeletonReading(s string) string { return mapSkeleton(s, true) }

// skeleton returns the UTS #39 skeleton of s.
func skeleton(s string) string { return mapSkeleton(s, false) }

// mapSkeleton is NFD, Default_Ignorable removed, each character mapped by
// confusables.txt, NFD again; with keepASCII, ASCII maps to itself.
func mapSkeleton(s string, keepASCII bool) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		p := ucd.Lookup(r)
		switch {
		case keepASCII && r < utf8.RuneSelf:
			b.WriteRune(r)
		case p.DefaultIgnorable():
		case p.HasConfusable():
			proto, _ := ucd.Confusable(r)
			b.WriteString(proto)
		default:
			b.WriteRune(r)
		}
	}
	return norm.NFD.String(b.String())
}

// tokenScripts returns the scripts of the letters of tok in order of
// first appearance, Common and Inherited left out.
func tokenScripts(tok string) []ucd.Script {
	var out []ucd.Script
	for _, r := range tok {
		p := ucd.Lookup(r)
		sc := p.Script()
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

func firstScript(tok string) ucd.Script {
	if ss := tokenScripts(tok); len(ss) > 0 {
		return ss[0]
	}
	return ucd.ScriptCommon
}

// joinNames joins names as "A", "A and B", "A, B and C".
func joinNames(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func mixedScriptExplanation(t, tok string) string {
	var names []string
	for _, sc := range tokenScripts(tok) {
		names = append(names, sc.String())
	}
	if len(names) < 2 {
		// Mixed through Script_Extensions only, such as a Greek-only
		// mark on a Latin letter.
		names = append(names, "characters of another script")
	}
	e := "`" + t + "` mixes " + joinNames(names)
	if r := skeletonReading(tok); isASCIIText(r) && r != tok {
		e += "; it reads as `" + r + "`"
	}
	return e
}

func mixedNumbersExplanation(t, tok string) string {
	var systems []string
	var b strings.Builder
	for _, r := range tok {
		zero, ok := ucd.DigitZero(r)
		if !ok {
			b.WriteRune(r)
			continue
		}
		b.WriteByte(byte('0' + r - zero))
		name := digitSystem(zero)
		if !containsString(systems, name) {
			systems = append(systems, name)
		}
	}
	e := "`" + t + "` mixes digits of different number systems (" + joinNames(systems) + ")"
	if r := b.String(); isASCIIText(r) {
		e += "; it reads as `" + r + "` but a program may read it differently or not as a number"
	}
	return e
}

// digitSystem names the decimal system whose zero is zero.
func digitSystem(zero rune) string {
	switch {
	case zero == '0':
		return "ASCII"
	case zero == 0xFF10:
		return "fullwidth"
	case zero >= 0x1D7CE && zero <= 0x1D7FF:
		return "mathematical"
	}
	sc := ucd.Lookup(zero).Script()
	if sc == ucd.ScriptCommon {
		return runeName(zero)
	}
	return sc.String()
}

func containsString(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

func lookalikeExplanation(t, word string) string {
	var b strings.Builder
	var first rune = -1
	firstForm := ""
	for i, r := range word {
		if r < utf8.RuneSelf {
			b.WriteRune(r)
			continue
		}
		cls, form := lookalike(word[i:], r, ucd.Lookup(r))
		if cls == lookNone {
			b.WriteRune(r)
			continue
		}
		if first < 0 {
			first, firstForm = r, form
		}
		b.WriteString(form)
	}
	e := "`" + t + "` contains " + runeName(first) + ", which looks like `" + firstForm + "`"
	if r := b.String(); isASCIIText(r) {
		e += "; it reads as `" + r + "`, but a shell or program sees different characters"
	}
	return e
}
