package main

import (
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// deriveASCIIForms collects the non-ASCII code points whose NFKC form is
// ASCII, and flags them. NFKC is golang.org/x/text/unicode/norm's, the
// normalization the library applies at run time, so that the table and a
// run-time NFKC agree.
func (d *db) deriveASCIIForms() {
	for r := rune(utf8.RuneSelf); r <= maxRune; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		s := string(r)
		if norm.NFKC.IsNormalString(s) {
			continue
		}
		if f := norm.NFKC.String(s); isASCII(f) {
			d.asciiForms = append(d.asciiForms, confusable{r, f})
			d.setFlag(r, flagASCIIForm)
		}
	}
}

// deriveASCIIPunct flags the non-ASCII code points whose NFKC form or
// confusables.txt prototype is one ASCII character other than a letter
// or digit. It runs after deriveASCIIForms.
func (d *db) deriveASCIIPunct() {
	punct := func(f string) bool {
		if len(f) != 1 || f[0] >= utf8.RuneSelf {
			return false
		}
		c := f[0] | 0x20
		return !('a' <= c && c <= 'z' || '0' <= f[0] && f[0] <= '9')
	}
	for _, list := range [][]confusable{d.asciiForms, d.confusables} {
		for _, c := range list {
			if c.source >= utf8.RuneSelf && punct(c.prototype) {
				d.setFlag(c.source, flagASCIIPunct)
			}
		}
	}
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// deriveAllowedPrototypes collects, per script, the confusable
// prototypes of the Identifier_Status=Allowed letters and decimal digits:
// the prototype in confusables.txt, or the character itself.
func (d *db) deriveAllowedPrototypes() {
	proto := make(map[rune]string, len(d.confusables))
	for _, c := range d.confusables {
		proto[c.source] = c.prototype
	}
	d.allowedPrototypes = make([]map[string]bool, len(d.scripts))
	for r := rune(0); r <= maxRune; r++ {
		p := d.props[r]
		if p&flagIdentifierAllowed == 0 {
			continue
		}
		switch d.category(r) {
		case "Lu", "Ll", "Lt", "Lm", "Lo", "Nd":
		default:
			continue
		}
		sc := p >> scriptShift & (1<<scriptBits - 1)
		if d.allowedPrototypes[sc] == nil {
			d.allowedPrototypes[sc] = make(map[string]bool)
		}
		pr, ok := proto[r]
		if !ok {
			pr = string(r)
		}
		d.allowedPrototypes[sc][pr] = true
	}
}

// deriveLatinLookalikes flags the letters of scripts other than Latin,
// Common and Inherited that pass for a Latin letter: their confusable
// prototype is ASCII letters, or is the prototype of a Latin letter (the
// small capitals: Cyrillic U+0442 and Greek U+03C4 share U+1D1B LATIN
// LETTER SMALL CAPITAL T). These are the letters of a whole-script
// confusable (UTS #39 section 4; Chromium's IDN spoof checker).
func (d *db) deriveLatinLookalikes() {
	latn := d.scriptByName["Latn"]
	zyyy, zinh := d.scriptByName["Zyyy"], d.scriptByName["Zinh"]
	proto := make(map[rune]string, len(d.confusables))
	for _, c := range d.confusables {
		proto[c.source] = c.prototype
	}
	prototypeOf := func(r rune) string {
		if p, ok := proto[r]; ok {
			return p
		}
		return string(r)
	}
	isLetter := func(r rune) bool {
		switch d.category(r) {
		case "Lu", "Ll", "Lt", "Lm", "Lo":
			return true
		}
		return false
	}
	script := func(r rune) int { return int(d.props[r] >> scriptShift & (1<<scriptBits - 1)) }
	lettersOnly := d.lettersOnlyIn
	latinPrototypes := make(map[string]bool)
	for r := rune(0x80); r <= maxRune; r++ {
		if p := prototypeOf(r); isLetter(r) && script(r) == latn && lettersOnly(p) {
			latinPrototypes[p] = true
		}
	}
	for r := rune(0x80); r <= maxRune; r++ {
		if !isLetter(r) {
			continue
		}
		switch script(r) {
		case latn, zyyy, zinh:
			continue
		}
		p, ok := proto[r]
		if ok && (isASCIILetters(p) || latinPrototypes[p]) {
			d.setFlag(r, flagLatinLookalike)
		}
	}
}

// lettersOnlyIn reports whether every character of s is a letter.
func (d *db) lettersOnlyIn(s string) bool {
	for _, r := range s {
		switch d.category(r) {
		case "Lu", "Ll", "Lt", "Lm", "Lo":
		default:
			return false
		}
	}
	return s != ""
}

func isASCIILetters(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		if c < 'a' || c > 'z' {
			return false
		}
	}
	return s != ""
}
