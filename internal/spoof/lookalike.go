package spoof

import (
	"strings"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/typography"
	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// This file finds lookalike punctuation: non-ASCII characters that NFKC or
// confusables.txt (UTS #39 section 4) turn into ASCII punctuation or
// digits, in a word that is otherwise ASCII, where a shell or a program
// sees other characters than the reader.

// lookClass grades a lookalike character by the context it needs to warn.
type lookClass uint8

const (
	lookNone lookClass = iota
	// lookIgnore is a lookalike that its neighbours make ordinary: a dash
	// between digits (a range, "10\u201320"), an apostrophe between
	// letters ("don\u2019t").
	lookIgnore
	// lookProse is the typography of quotation and omission: curly quotes,
	// apostrophes, primes and the ellipsis. It warns only on a line that
	// reads as a command under the stricter test of T3 in
	// docs/typography.md (typography.ReadsAsCommand), and never in prose.
	lookProse
	// lookSoft is other typography that prose uses for itself: dashes,
	// superscripts, fullwidth letters. It warns only on a line that reads
	// as a command, and never in prose.
	lookSoft
	// lookCJK is fullwidth or ideographic punctuation and fullwidth
	// digits: native in Chinese, Japanese and Korean text. It warns like
	// lookHard unless its line holds CJK letters, and then like lookSoft.
	lookCJK
	// lookHard warns in any word that is otherwise ASCII: U+037E, slashes,
	// dots and colons from other blocks, mathematical digits.
	lookHard
)

// lookalike returns the class of the non-ASCII rune r,
// whose properties are p, and the ASCII it passes for.
func lookalike(r rune, p ucd.Props) (lookClass, string) {
	cat := p.Category()
	switch {
	case cat == ucd.Nd:
		// Only NFKC: the confusable skeletons of Arabic-Indic digits are
		// '.' and 'l', and other decimal systems are mixed_numbers.
		form := ucd.ASCIIForm(r)
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
		if form := ucd.ASCIIForm(r); isASCIIText(form) {
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
		if f := ucd.ASCIIForm(r); isASCIIPunctText(f) {
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
func (s *Scanner) softContext(i, size int, form string) lookClass {
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
		case prev == ' ' && next == ' ':
			// A dash between spaces is a parenthetical dash (T9 of
			// docs/typography.md); an option's dash leads into a
			// letter.
			return lookIgnore
		}
	case "'":
		if isClass(rune(prev), asciiLetter) && isClass(next, asciiLetter) {
			return lookIgnore
		}
	}
	if strings.Trim(form, "'\"`") == "" || strings.Trim(form, ".") == "" {
		return lookProse
	}
	return lookSoft
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

// lookalikeRune grades the non-ASCII rune r at text[i:i+size], whose
// properties are p, in a word that is so far ASCII and lookalikes.
func (s *Scanner) lookalikeRune(i int, r rune, size int, p ucd.Props) {
	cls, form := lookalike(r, p)
	if cls == lookSoft {
		cls = s.softContext(i, size, form)
	}
	cls = s.typographicPunctuation(i, size, r, cls, form)
	if cls == lookNone {
		s.wordPlain = false
	}
	if cls > lookIgnore {
		s.wordLook[cls] = true
		s.lookCode = s.lookCode || !s.role.prose()
		s.lookText = s.lookText || s.role == RoleProse
		if s.lookAt < 0 {
			s.lookAt, s.lookSize = i, size
		}
	}
}

// checkWord checks the word text[wordStart:i], which holds a lookalike.
func (s *Scanner) checkWord(i int) {
	start, plain, at := s.wordStart, s.wordPlain, Span{s.lookAt, s.lookAt + s.lookSize}
	look, code, text := s.wordLook, s.lookCode, s.lookText
	s.wordLook, s.lookAt, s.lookCode, s.lookText = [lookHard + 1]bool{}, -1, false, false
	if !plain || !code && !text {
		// Lookalikes only in the quoted strings and comments of a
		// command are data the shell passes on uninterpreted: a
		// fraction slash in "1⁄2 cup" is typography. (A host among
		// them is the caller's to judge.)
		return
	}
	// A word whose lookalikes all lie in prose is judged as prose.
	// Outside quotes the command reading of the caller adds what the
	// shell's view shows.
	command := code && s.commandLine()
	warn := look[lookHard] ||
		look[lookCJK] && (!s.cjkLine() || command) ||
		look[lookSoft] && command ||
		look[lookProse] && code && s.strictCommandLine()
	if !warn {
		return
	}
	s.report(Lookalike, start, i, at, 0, s.role)
}

// commandLine reports whether the current line reads as a shell command:
// after optional white space, a backquote and a "$ " prompt, its first word
// is a lowercase ASCII command name ("echo", "rm", "git", also spelled in
// fullwidth letters) followed by white space. The callers ask only of text
// outside prose roles; the answer is cached for the line.
func (s *Scanner) commandLine() bool {
	if s.lineCmd == 0 {
		s.lineCmd = -1
		if isCommandLine(s.text[s.lineStart:]) {
			s.lineCmd = 1
		}
	}
	return s.lineCmd > 0
}

// isCommandLine is the test of commandLine, typography.LeadsWithCommand.
func isCommandLine(line string) bool { return typography.LeadsWithCommand(line) }

// strictCommandLine reports whether the current line reads as a shell
// command under the stricter test of T3 in docs/typography.md
// (typography.ReadsAsCommand): a command name first, and a shell signal or
// fewer than three words outside quoted spans. The callers ask only of
// text outside prose roles.
func (s *Scanner) strictCommandLine() bool {
	if s.lineStrict == 0 {
		s.lineStrict = -1
		if s.commandLine() && typography.ReadsAsCommand(s.line()) {
			s.lineStrict = 1
		}
	}
	return s.lineStrict > 0
}

// line returns the current line, without its newline.
func (s *Scanner) line() string {
	line := s.text[s.lineStart:]
	if n := strings.IndexByte(line, '\n'); n >= 0 {
		line = line[:n]
	}
	return line
}

// cjkLine reports whether the current line holds a Han, kana, Hangul or
// Bopomofo letter, so that fullwidth punctuation there is native.
func (s *Scanner) cjkLine() bool {
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

// LookalikeReading returns the first lookalike character of word, the
// ASCII it passes for, and how the whole word reads with every lookalike
// replaced by its ASCII, or "" when that is not printable ASCII.
func LookalikeReading(word string) (first rune, form, reading string) {
	var b strings.Builder
	first = -1
	for _, r := range word {
		if r < utf8.RuneSelf {
			b.WriteRune(r)
			continue
		}
		cls, f := lookalike(r, ucd.Lookup(r))
		if cls == lookNone {
			b.WriteRune(r)
			continue
		}
		if first < 0 {
			first, form = r, f
		}
		b.WriteString(f)
	}
	if reading = b.String(); !isASCIIText(reading) {
		reading = ""
	}
	return first, form, reading
}
