package spoof

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/plainsight-dev/plainsight/internal/escape"
	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// This file implements UTS #39 section 4, confusable detection: the
// skeleton of a string, and whole-script confusables, tokens written
// wholly in another script that read as Latin letters.

// wholeScript reports the whole-script confusables of a text that is
// otherwise Latin: at least nine in ten of the letters outside candidate
// tokens are Latin. It scans the text again, which happens only when a
// candidate was seen in such a text.
func (s *Scanner) wholeScript() {
	if s.candLetters == 0 || s.latinLetters == 0 || (s.otherLetters-s.candLetters)*10 > s.latinLetters {
		return
	}
	// Most tokens of random or binary text are one two-byte letter
	// between bytes that are not text: the answer for each such letter
	// is kept (1 reported, 2 not).
	var one [0x800]uint8
	forEachToken(s.text, func(start, end int) {
		tok := s.text[start:end]
		key := -1
		if len(tok) == 2 {
			// One rune: tokens hold no ASCII.
			r, _ := utf8.DecodeRuneInString(tok)
			key = int(r & 0x7FF)
			switch one[key] {
			case 1:
				s.report(WholeScriptConfusable, start, end, Span{start, end}, 0, s.role)
				return
			case 2:
				return
			}
			one[key] = 2
		}
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
		if reading := SkeletonReading(tok); reading == "" || !isASCIILetters(reading) {
			return
		}
		if key >= 0 {
			one[key] = 1
		}
		s.report(WholeScriptConfusable, start, end, Span{start, end}, 0, s.role)
	})
}

// forEachToken calls f with the span of every letter token of text made
// only of non-ASCII runes: the tokens that may be whole-script confusables.
// A token with an ASCII letter holds a Latin one, and one with an ASCII
// digit reads as more than letters, so neither can be; they are passed
// over. A byte that starts no valid UTF-8, or is not followed by a
// continuation byte, ends a token without a decode.
func forEachToken(text string, f func(start, end int)) {
	start, ascii := -1, false
	for i := 0; i < len(text); {
		c := text[i]
		if c < utf8.RuneSelf && (start < 0 || ascii) {
			// A run of ASCII reports no token and starts none that
			// could be: only its last byte says whether one is open
			// after it (holding ASCII).
			if k := escape.IndexNonASCII(text[i:]); k < 0 {
				i = len(text) - 1
			} else {
				i += k - 1
			}
			c = text[i]
		}
		in, size := false, 1
		switch {
		case c < utf8.RuneSelf:
			cl := asciiClasses[c]
			if in = cl == asciiLetter || cl == asciiDigit; in {
				ascii = true
			}
		case c >= 0xC2 && c <= 0xF4 && i+1 < len(text) && text[i+1]&0xC0 == 0x80:
			var r rune
			var p ucd.Props
			r, size, p = ucd.Decode(text[i:])
			if r != utf8.RuneError {
				cat := p.Category()
				in = cat.IsLetter() || cat.IsMark() || cat == ucd.Nd || r == zwj || r == zwnj
			}
		}
		switch {
		case in && start < 0:
			start, ascii = i, c < utf8.RuneSelf
		case in:
		case start >= 0:
			if !ascii {
				f(start, i)
			}
			start = -1
		}
		i += size
	}
	if start >= 0 && !ascii {
		f(start, len(text))
	}
}

// SkeletonReading returns how s reads in ASCII, or "" when it does not read
// as printable ASCII: the UTS #39 skeleton (NFD, drop
// Default_Ignorable_Code_Point, map through confusables.txt, NFD) except
// that ASCII characters stay themselves, since the skeleton maps some of
// them too ("m" to "rn", "I" to "l") and the reading is shown to people.
func SkeletonReading(s string) string {
	if r := mapSkeleton(s, true); isASCIIText(r) {
		return r
	}
	return ""
}

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
// passes for 'l' and heh for 'o', so Arabic words search often). Both are
// generated into tables_gen.go, so that they are data in the binary rather
// than a search of confusables.txt at start-up; TestGeneratedTables keeps
// them in step with the builders below.
const latinLookalikeLo, latinLookalikeHi = 0x0370, 0x0700

// A runeCache holds one bit per code point from latinLookalikeLo to
// latinLookalikeHi.
type runeCache [(latinLookalikeHi - latinLookalikeLo + 63) / 64]uint64

//go:generate go test -run TestGeneratedTables -gentable

// buildLatinLookalikes makes latinLookalikes.
func buildLatinLookalikes() runeCache { return newRuneCache(protoIsLatin) }

// buildPunctLookalikes makes punctLookalikes.
func buildPunctLookalikes() runeCache {
	return newRuneCache(func(r rune) bool {
		proto, ok := ucd.Confusable(r)
		return ok && isASCIIPunctText(proto)
	})
}

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
