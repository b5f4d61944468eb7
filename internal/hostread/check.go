package hostread

import (
	"iter"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/plainsight-dev/plainsight/internal/names"
	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// A Reason is why a host label passes for another.
type Reason uint8

const (
	// Separator: a character that reads as a dot, colon, slash, at sign
	// or hyphen (U+2024 ONE DOT LEADER, U+3002 IDEOGRAPHIC FULL STOP,
	// U+2010 HYPHEN...), which a browser would not take as one.
	Separator Reason = iota + 1
	// Compatibility: a character that NFKC, and IDNA mapping, fold to an
	// ASCII letter or digit: fullwidth and mathematical forms.
	Compatibility
	// MixedScript: a label mixes scripts beyond UTS #39's Highly
	// Restrictive level (Latin with Cyrillic, Greek, Armenian...).
	MixedScript
	// WholeScript: a label written wholly in one script other than Latin
	// whose every letter reads as a Latin one, under an ASCII top-level
	// domain.
	WholeScript
	// LatinLookalike: a Latin letter outside the ordinary alphabets that
	// reads as an ASCII one: dotless i and j, small capitals, IPA letters.
	LatinLookalike
	// DigitLookalike: a letter that passes for a digit (Cyrillic ze for 3,
	// Armenian sha for 2) in a label of digits.
	DigitLookalike
	// MixedNumbers: digits of two decimal systems in one label.
	MixedNumbers
	// CombiningMark: a combining mark that does not compose with its base
	// letter, or a mark repeated (i with a second dot above).
	CombiningMark
	// CJKLookalike: a Han, Kana or Bopomofo character that looks like a
	// stroke, dash or slash, next to Latin letters or digits.
	CJKLookalike
	// TopDomainSkeleton: the host is not a well-known domain but its
	// confusable skeleton is that of one (Chromium's list of top
	// domains): it reads as that domain.
	TopDomainSkeleton
)

// reasonNames holds the stable name of each Reason.
var reasonNames = names.Table[Reason]{
	Separator:         "separator",
	Compatibility:     "compatibility",
	MixedScript:       "mixed_script",
	WholeScript:       "whole_script",
	LatinLookalike:    "latin_lookalike",
	DigitLookalike:    "digit_lookalike",
	MixedNumbers:      "mixed_numbers",
	CombiningMark:     "combining_mark",
	CJKLookalike:      "cjk_lookalike",
	TopDomainSkeleton: "top_domain",
}

// String returns the stable name of r, such as "whole_script".
func (r Reason) String() string { return reasonNames.String(r, "Reason") }

// A Finding is one reason a host reads as another.
type Finding struct {
	Reason Reason
	// Label is the label at fault, as written (a Separator finding's
	// label is the whole host), and Start its byte offset in the host.
	Label string
	Start int
	// Rune is the character at fault, or 0 when the label as a whole is
	// (MixedScript, WholeScript, MixedNumbers).
	Rune rune
	// Reading is how the whole host reads: the ASCII a person takes it
	// for, or "" when it does not read as ASCII.
	Reading string
}

// MaxFindings is the most findings Check returns for one reason: the
// labels past them are not listed.
const MaxFindings = 64

// Check judges host label by label and returns its findings, at most one
// per reason and label, and at most MaxFindings per reason. A label in punycode (xn--...) is judged in the
// Unicode it encodes. An ASCII host has none.
func Check(host string) []Finding {
	if isASCII(host) && !strings.Contains(strings.ToLower(host), "xn--") {
		return nil
	}
	var out []Finding
	reading := Reading(host)
	// One finding per reason and label, however often the label repeats,
	// and at most MaxFindings per reason: the findings are searched while
	// few, then kept in a set, so that a host of many labels costs linear
	// time and its findings bounded memory.
	type key struct {
		r     Reason
		label string
	}
	var seen map[key]bool
	var per [TopDomainSkeleton + 1]int
	at := 0 // the offset of the label being checked
	add := func(r Reason, label string, c rune) {
		if int(r) < len(per) && per[r] >= MaxFindings {
			return
		}
		k := key{r, label}
		if seen != nil {
			if seen[k] {
				return
			}
			seen[k] = true
		} else {
			for _, f := range out {
				if f.Reason == r && f.Label == label {
					return
				}
			}
			if len(out) == 16 {
				seen = make(map[key]bool)
				for _, f := range out {
					seen[key{f.Reason, f.Label}] = true
				}
				seen[k] = true
			}
		}
		if int(r) < len(per) {
			per[r]++
		}
		start := at
		if len(label) == len(host) {
			start = 0 // the whole host
		}
		out = append(out, Finding{Reason: r, Label: label, Start: start, Rune: c, Reading: reading})
	}
	tld := ""
	for start, label := range labels(host, nil) {
		if start > 0 {
			tld = label
		}
	}
	for start, label := range labels(host, func(c rune) { at = 0; add(Separator, host, c) }) {
		at = start
		checkLabel(label, tld, add)
	}
	if domain, ok := TopDomain(host); ok {
		// The host reads as a well-known domain: say which, and warn even
		// when no label alone is at fault (an accent dropped, a letter
		// of a living alphabet).
		if len(out) == 0 {
			add(TopDomainSkeleton, host, 0)
		}
		for i := range out {
			out[i].Reading = domain
		}
	}
	return out
}

// labels yields the labels of host, split at every character that reads
// as a dot, with their byte offsets (0 for the first label only), calling
// sep for each such character that is not U+002E. It allocates nothing: a host of a million labels is walked,
// not held.
func labels(host string, sep func(rune)) iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		start := 0
		for i := 0; i < len(host); {
			c, n := readsAs(host[i:])
			if c == '.' {
				if n > 1 && sep != nil {
					r, _ := utf8.DecodeRuneInString(host[i:])
					sep(r)
				}
				if !yield(start, host[start:i]) {
					return
				}
				start = i + n
			}
			i += n
		}
		yield(start, host[start:])
	}
}

// label is what checkLabel gathers over one label.
type label struct {
	scripts      ucd.ScriptSet
	asciiLetters bool
	asciiDigits  bool
	zeros        []rune // distinct digit zeros
	digitLike    rune   // a letter that passes for a digit
	nonDigit     bool   // a character that is no digit, lookalike or hyphen
	cjkStroke    rune
	letters      int
	latinAlike   int // letters that pass for Latin ones (wholeScriptLetter)
	script       ucd.Script
}

func checkLabel(raw, tld string, add func(Reason, string, rune)) {
	text := decodeLabel(raw)
	if isASCII(text) {
		return
	}
	var l label
	var prev rune
	for i, r := range text {
		if r < utf8.RuneSelf {
			c := byte(r)
			switch {
			case isASCIILetter(c):
				l.asciiLetters = true
				l.letters++
				l.latinAlike++
				l.scripts.Add(ucd.ScriptLatin)
				l.nonDigit = true
			case '0' <= c && c <= '9':
				l.asciiDigits = true
				l.addZero('0')
			case c != '-':
				l.nonDigit = true
			}
			prev = r
			continue
		}
		p := ucd.Lookup(r)
		cat := p.Category()
		switch {
		case punctLookalike(r) != 0:
			add(Separator, raw, r)
		case ucd.ASCIIForm(r) != "":
			add(Compatibility, raw, r)
			prev = r
			continue
		}
		if d := digitLookalike(r); d != 0 {
			l.digitLike = r
		} else if z, ok := ucd.DigitZero(r); ok {
			l.addZero(z)
		} else if !cat.IsMark() {
			l.nonDigit = true
		}
		if cat.IsMark() {
			// Marks of other scripts are how those scripts are written;
			// on a Latin letter one that does not compose draws another.
			if ucd.Lookup(BaseLetter(text[:i])).Script() == ucd.ScriptLatin && (r == prev || !composes(text[:i], r)) {
				add(CombiningMark, raw, r)
			}
			prev = r
			continue
		}
		prev = r
		sc := p.Script()
		if cat.IsLetter() {
			l.letters++
			if wholeScriptLetter(r, p) {
				l.latinAlike++
			}
			l.script = p.Script()
		}
		switch sc {
		case ucd.ScriptCommon, ucd.ScriptInherited:
		case ucd.ScriptLatin:
			l.scripts.Add(sc)
			if isLatinLookalike(r, p) {
				add(LatinLookalike, raw, r)
			}
		default:
			l.scripts.Add(sc)
		}
		if isCJKStroke(r, sc) {
			l.cjkStroke = r
		}
	}
	if l.cjkStroke != 0 && (l.asciiLetters || l.asciiDigits) {
		add(CJKLookalike, raw, l.cjkStroke)
	}
	digits := l.digitLike != 0 && (l.asciiDigits || len(l.zeros) > 0 || !l.nonDigit)
	if mixedScripts(l.scripts) {
		add(MixedScript, raw, 0)
	} else if tld != "" && !l.scripts.Has(ucd.ScriptLatin) && l.letters > 0 && l.latinAlike == l.letters &&
		!isCJK(l.scripts) && !digits && !wholeScriptAllowed(text, l.script, tld) {
		// A label of digits and letters that pass for digits reads as a
		// number, below.
		add(WholeScript, raw, 0)
	}
	if len(l.zeros) > 1 {
		add(MixedNumbers, raw, 0)
	}
	if digits {
		add(DigitLookalike, raw, l.digitLike)
	}
}

// BaseLetter returns the last rune of s that is not a mark: the base the
// marks that end s stand on.
func BaseLetter(s string) rune {
	for len(s) > 0 {
		r, n := utf8.DecodeLastRuneInString(s)
		if !ucd.Lookup(r).Category().IsMark() {
			return r
		}
		s = s[:len(s)-n]
	}
	return 0
}

func (l *label) addZero(z rune) {
	for _, x := range l.zeros {
		if x == z {
			return
		}
	}
	l.zeros = append(l.zeros, z)
}

// composes reports whether the mark r composes, under NFC, with the
// letter and marks before it in s: a decomposed accented letter does, a
// dot above on i does not.
func composes(s string, r rune) bool {
	start := len(s)
	for start > 0 {
		c, n := utf8.DecodeLastRuneInString(s[:start])
		start -= n
		if !ucd.Lookup(c).Category().IsMark() {
			break
		}
	}
	base := s[start:]
	before := utf8.RuneCountInString(norm.NFC.String(base))
	var buf [utf8.UTFMax]byte
	after := utf8.RuneCountInString(norm.NFC.String(base + string(buf[:utf8.EncodeRune(buf[:], r)])))
	return after == before
}

// isLatinLookalike reports whether r, a non-ASCII Latin letter, reads as
// an ASCII letter without being an accented one: its prototype in
// confusables.txt is ASCII (dotless i, script g, alpha-like a), or it is
// not Identifier_Status Allowed (small capitals, modifier letters).
func isLatinLookalike(r rune, p ucd.Props) bool {
	if !p.Category().IsLetter() {
		return false
	}
	if f := confusableForm(r); f != "" {
		return true
	}
	return !p.IdentifierAllowed() && ucd.ASCIIForm(r) == ""
}

// digitLookalike returns the ASCII digit that the letter r passes for, or
// 0. The cases first are the digit lookalikes of Chromium's IDN spoof
// checker that confusables.txt does not map to digits (a switch, not a
// map, so that no process builds it at start-up).
func digitLookalike(r rune) byte {
	switch r {
	case 0x03B8: // GREEK SMALL LETTER THETA
		return '0'
	case 0x0577: // ARMENIAN SMALL LETTER SHA
		return '2'
	case 0x0437, // CYRILLIC SMALL LETTER ZE
		0x0499, // CYRILLIC SMALL LETTER ZE WITH DESCENDER
		0x04E1, // CYRILLIC SMALL LETTER ABKHASIAN DZE
		0x10D5, // GEORGIAN LETTER VIN
		0x10F3: // GEORGIAN LETTER WE
		return '3'
	}
	if !ucd.Lookup(r).Category().IsLetter() {
		return 0
	}
	if f := confusableForm(r); len(f) == 1 && '0' <= f[0] && f[0] <= '9' {
		return f[0]
	}
	return 0
}

// isCJKStroke reports whether r is a Han, Kana or Bopomofo character that
// looks like a stroke, dash or slash: its prototype in confusables.txt is
// ASCII or U+30FC KATAKANA-HIRAGANA PROLONGED SOUND MARK, or it is that
// mark, an iteration mark or the Katakana middle dot.
func isCJKStroke(r rune, sc ucd.Script) bool {
	switch r {
	case 0x30FB, 0x30FC, 0x30FD, 0x30FE:
		return true
	}
	switch sc {
	case ucd.ScriptHan, ucd.ScriptHiragana, ucd.ScriptKatakana, ucd.ScriptBopomofo:
	default:
		return false
	}
	p, ok := ucd.Confusable(r)
	return ok && (isASCII(p) || p == "\u30fc")
}

var cjkGroups = [...]ucd.ScriptSet{
	scriptSet(ucd.ScriptHan, ucd.ScriptHiragana, ucd.ScriptKatakana),
	scriptSet(ucd.ScriptHan, ucd.ScriptBopomofo),
	scriptSet(ucd.ScriptHan, ucd.ScriptHangul),
}

func scriptSet(scripts ...ucd.Script) (s ucd.ScriptSet) {
	for _, sc := range scripts {
		s.Add(sc)
	}
	return s
}

// isCJK reports whether s lies within one of the CJK script groups.
func isCJK(s ucd.ScriptSet) bool {
	for _, g := range cjkGroups {
		if !s.IsEmpty() && s.Union(g) == g {
			return true
		}
	}
	return false
}

// mixedScripts reports whether a label of scripts s is below UTS #39's
// Highly Restrictive level: more than one script, unless the others than
// Latin lie within Japanese, Han with Bopomofo or Korean.
func mixedScripts(s ucd.ScriptSet) bool {
	if s.Len() <= 1 {
		return false
	}
	var rest ucd.ScriptSet
	for _, sc := range s.Scripts() {
		if sc != ucd.ScriptLatin {
			rest.Add(sc)
		}
	}
	return rest.Len() > 1 && !isCJK(rest) || rest.Len() == 1 && s.Has(ucd.ScriptLatin) && !isCJK(rest)
}
