package spoof

import (
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/typography"
	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// Scanner runs every check of this package over one text in a single pass,
// and allocates only to report a finding. Reset starts it on a text; then
// ASCII, Letters, Rune and Invalid take the text in order, each catching up
// first on the ASCII bytes between the cursor and where it is called; then
// Escapes takes text[i:j], every byte of which is a control other than
// '\n' (C0 or DEL) or a byte that is not valid UTF-8: each as ASCII or
// Invalid would take it. The first ends the token and the number; after
// it each byte only ends a word (a control) or marks it as holding
// something other than a lookalike (an invalid byte).
func (s *Scanner) Escapes(i, j int) {
	s.catchUp(i)
	s.escLetter = false
	s.endToken(i)
	s.endNumber(i)
	text := s.text
	for k := i; k < j; k++ {
		if text[k] < utf8.RuneSelf {
			s.endWord(k, k+1)
		} else {
			s.wordPlain = false
		}
	}
	s.pos = j
}

// Finish ends the text. Findings reports what was found so far.
//
// The zero Scanner is ready for Reset. A Scanner is not safe for
// concurrent use.
type Scanner struct {
	text  string
	pos   int // text[:pos] has been read
	role  Role
	found []Finding

	// The current letter token.
	tokStart    int // -1 outside a token
	tokRole     Role
	acc         scriptAcc
	lastScript  ucd.Script // Script of the last rune added to acc
	extRune     rune       // a rune whose Script_Extensions acc holds, or 0,
	extTok      int        // in the token that starts at extTok
	added       [4]uint64  // bit set of the Script values added to acc
	tokLatin    bool       // holds a Latin letter
	tokOther    bool       // holds a letter of another script
	tokConfus   bool       // every non-Latin letter has a confusables.txt mapping
	tokAllowed  bool       // holds a letter that is Identifier_Status Allowed
	tokUncommon rune       // first Restricted letter, mark or digit, or 0
	marks       int        // nonspacing marks since the last base
	markBuf     [MaxMarks]rune
	markIssue   int  // position of a mark overflow or repeat in the token, or -1
	markRepeat  rune // the repeated mark, or 0 for overflow

	// The current word.
	wordStart int
	wordPlain bool // every non-ASCII rune so far is a lookalike
	escLetter bool // the last byte was a backslash outside a letter token
	wordLook  [lookHard + 1]bool
	lookAt    int  // byte offset of the first lookalike, -1 for none
	lookCode  bool // a lookalike of the word lies outside prose roles
	lookText  bool // a lookalike of the word lies in RoleProse
	lookSize  int  // and its length

	// The current run of digits and ASCII, for mixed numbers.
	numStart int  // -1 outside a run
	numZero  rune // zero of the first decimal system seen, or -1
	numMixed bool

	// The current line, with lazily computed context.
	lineStart  int
	lineCmd    int8 // 0 unknown, 1 command-like, -1 not
	lineCJK    int8 // 0 unknown, 1 holds CJK letters, -1 not
	lineOneTok int8 // 0 unknown, 1 one token between white space, -1 not
	lineStrict int8 // 0 unknown, 1 command-like under T3's stricter test, -1 not

	// Whole-script confusable candidates need the letter counts of the
	// whole text.
	latinLetters, otherLetters, candLetters int
}

// Reset starts a scan of text, keeping the memory of earlier findings.
func (s *Scanner) Reset(text string) {
	*s = Scanner{
		text: text, found: s.found[:0],
		tokStart: -1, numStart: -1, numZero: -1, lookAt: -1, markIssue: -1, wordPlain: true,
	}
}

// Pos returns how far the scanner has read: text[:Pos()] is taken.
func (s *Scanner) Pos() int { return s.pos }

// SetRole sets the role of the bytes read from now on.
func (s *Scanner) SetRole(r Role) { s.role = r }

// Findings returns the findings reported since the last call of
// ClearFindings, in the order they were found.
func (s *Scanner) Findings() []Finding { return s.found }

// ClearFindings forgets the findings reported so far, keeping the memory.
func (s *Scanner) ClearFindings() { s.found = s.found[:0] }

// report records a finding of kind k for the token text[start:end].
func (s *Scanner) report(k Kind, start, end int, at Span, r rune, role Role) {
	s.found = append(s.found, Finding{Kind: k, Token: Span{start, end}, At: at, Rune: r, Role: role})
}

// catchUp takes the ASCII bytes between the cursor and i.
func (s *Scanner) catchUp(i int) {
	if s.pos < i {
		s.ASCII(s.pos, i)
	}
}

// Invalid takes text[i], a byte that is not valid UTF-8. It ends tokens
// and is not a lookalike.
func (s *Scanner) Invalid(i int) {
	s.catchUp(i)
	s.escLetter = false
	s.endToken(i)
	s.endNumber(i)
	s.wordPlain = false
	s.pos = i + 1
}

// Finish ends the text.
func (s *Scanner) Finish() {
	end := len(s.text)
	s.catchUp(end)
	s.pos = end
	s.endToken(end)
	s.endNumber(end)
	s.endWord(end, end)
	s.wholeScript()
}

// asciiClass classifies ASCII bytes for the scan.
type asciiClass uint8

const (
	asciiPunct asciiClass = iota // ends a letter token
	asciiSpace                   // ends a word as well; controls too
	asciiLetter
	asciiDigit
)

// buildASCIIClasses makes asciiClasses, the asciiClass of each byte
// (generated into tables_gen.go). It has 256 entries so that any byte
// indexes it without a bounds check; those from 0x80 on are never read.
func buildASCIIClasses() (t [256]asciiClass) {
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
}

// ASCII takes the ASCII bytes of text[i:j], up to the first byte from 0x80
// on, and returns where it stopped. The bytes between the cursor and i,
// which must be ASCII, are taken first. controls reports whether it passed
// a control byte other than '\n', or DEL.
func (s *Scanner) ASCII(i, j int) (end int, controls bool) {
	if s.pos < i {
		i = s.pos
	}
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
			s.endToken(i)
			s.endNumber(i)
			s.endWord(i, i+1)
			switch b {
			case ' ':
				if i+1 < j && text[i+1] == ' ' {
					// The rest of a run of spaces (the alignment of a log
					// or a table) ends no token, number or word: the first
					// did, and checkWord forgot the word's lookalikes.
					// Each would only move the next word's start.
					n := i + 2
					for n < j && text[n] == ' ' {
						n++
					}
					s.wordStart = n
					i = n - 1
				}
			case '\n':
				s.lineStart, s.lineCmd, s.lineCJK, s.lineOneTok, s.lineStrict = i+1, 0, 0, 0, 0
			default:
				controls = true
			}
			if j-i > wordsMin && !byteLoop {
				// Past a space, plain ASCII goes a word at a time.
				end, c := s.asciiWords(i+1, j)
				controls = controls || c
				i = end - 1
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
			// The rest of a run of ASCII digits changes nothing: the
			// token and the number are open, and the number has its
			// system, '0', or is mixed already.
			for i+1 < j && asciiClasses[text[i+1]] == asciiDigit {
				i++
			}
		default:
			s.endToken(i)
			if b == '(' || b == '[' || b == '{' {
				// An opening bracket starts a new number: "100(\u09e7\u09e6\u09e6)"
				// gives a number and its spelling in another system.
				s.endNumber(i)
			} else {
				s.startNumber(i)
			}
			s.escLetter = b == '\\'
			if b == '%' {
				// A printf conversion is not part of a word:
				// "%s\u10e4..." is a conversion and a Georgian word
				// (docs/typography.md, T8). Its bytes are ASCII, so it
				// ends before j.
				if n := typography.ConversionLen(text[i:j]); n > 1 {
					i += n - 1
				}
			}
		}
	}
	s.pos = i
	return i, controls
}

// Rune takes the non-ASCII rune r at text[i:i+size], whose properties are
// p.
func (s *Scanner) Rune(i int, r rune, size int, p ucd.Props) {
	s.catchUp(i)
	s.pos = i + size
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
		s.endToken(i)
		s.endNumber(i)
		s.endWord(i, i+size)
		return
	}
	if s.wordPlain && cat.IsLetter() && plainLetter(r, p) {
		// What lookalike would say, without the call, for the letter
		// that opens most words of non-Latin text.
		s.wordPlain = false
	}
	if s.wordPlain {
		s.lookalikeRune(i, r, size, p)
	}
	if !cat.IsLetter() && !cat.IsMark() && cat != ucd.Nd && r != zwj && r != zwnj {
		s.endToken(i)
		s.endNumber(i)
		return
	}
	s.startToken(i)
	s.acc.nonASCII = true
	if p.HasScriptExtensions() {
		// Intersecting with the same set again changes nothing: a
		// run of one mark, such as a stack of U+0301, adds its set
		// once.
		if r != s.extRune || s.extTok != s.tokStart {
			s.extRune, s.extTok = r, s.tokStart
			if r >= kanaSCXLo && r < kanaSCXHi {
				s.acc.add(&kanaSCX[r-kanaSCXLo])
			} else {
				set := augment(ucd.ScriptExtensions(r))
				s.acc.add(&set)
			}
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
		// Variation selectors and other ignorables are the sanitizer's.
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
		s.endNumber(i)
	}
}

const (
	zwnj = 0x200C
	zwj  = 0x200D
)

// spacingOrNonspacingMark takes, as Rune would, the rune r at text[i],
// whose properties are p, when it is a mark the letters loop may take: Mn
// or Mc, Identifier_Status Allowed, without explicit Script_Extensions and
// not Default_Ignorable. Such marks, the vowel signs and viramas of Indic
// scripts, come every other letter there. A mark is never escaped either
// (the sanitizer's escape class): the one Mn that is, U+13440, is outside
// the BMP, which Letters does not decode.
func (s *Scanner) spacingOrNonspacingMark(i int, r rune, p ucd.Props) bool {
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
		s.endNumber(i)
	}
	return true
}

// Letters takes the run of ordinary letters (ucd.Props.OrdinaryLetter)
// that starts at text[i], exactly as Rune would take each, and returns
// where the run ends. When the rune there is one it decodes (a two- or
// three-byte sequence), it returns that rune, its size and its properties
// too, so that the caller need not decode and look it up again; size is 0
// otherwise.
//
// Ordinary letters are most of the text in alphabets, kana and Han, and
// they need the fewest steps of Rune: no lookalike or number state (but
// for the letter that opens a word or ends a number), no Script_Extensions,
// no mark count. Not being Default_Ignorable, a letter is also never
// escaped, which lets the caller take the whole run as literal text.
func (s *Scanner) Letters(i int) (end int, r rune, size int, p ucd.Props) {
	s.catchUp(i)
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
				s.pos = i
				return i, 0, 0, 0 // overlong or a surrogate: invalid UTF-8
			}
		default:
			s.pos = i
			return i, 0, 0, 0
		}
		p = ucd.Lookup(r)
		sc := p.Script()
		if !p.OrdinaryLetter() {
			if !s.spacingOrNonspacingMark(i, r, p) {
				s.pos = i
				return i, r, size, p
			}
			short = true
			i += size
			continue
		}
		if sc == ucd.ScriptCommon || sc == ucd.ScriptInherited {
			s.pos = i
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
				s.pos = i
				return i, r, size, p // a lookalike candidate: Rune decides
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
			s.endNumber(i)
		}
		short = true
		i += size
	}
	s.pos = i
	return i, 0, 0, 0
}

func (s *Scanner) startToken(i int) {
	if s.tokStart >= 0 {
		return
	}
	s.tokStart = i
	s.tokRole = s.role
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
func (s *Scanner) endToken(i int) {
	if s.tokStart >= 0 {
		if s.acc.nonASCII {
			s.checkToken(i)
		}
		s.tokStart = -1
		s.marks = 0
	}
}

// checkToken checks the letter token text[tokStart:i], which holds a
// non-ASCII rune.
func (s *Scanner) checkToken(i int) {
	start := s.tokStart
	whole := Span{start, i}
	mixed := s.mixedScript(start, i)
	if mixed {
		s.report(MixedScript, start, i, whole, 0, s.tokRole)
		s.found[len(s.found)-1].Severity = s.mixedSeverity(start, i)
	}
	if s.tokOther && !s.tokLatin && s.tokConfus && !s.acc.resolved.IsEmpty() {
		// A whole-script confusable candidate; wholeScript decides once
		// the letters of the whole text are counted.
		s.candLetters += utf8.RuneCountInString(s.text[start:i])
	}
	if s.tokUncommon != 0 && s.tokAllowed && !mixed {
		s.report(UncommonCharacter, start, i, whole, s.tokUncommon, s.tokRole)
	}
	if s.markIssue >= 0 {
		s.report(CombiningMarks, start, i, whole, s.markRepeat, s.tokRole)
	}
}

// endWord closes the word that ends at text[i]; the next one may start at
// text[next]. Small enough to inline, for every space.
func (s *Scanner) endWord(i, next int) {
	if s.lookAt >= 0 { // else wordLook is all false
		s.checkWord(i)
	}
	s.wordStart, s.wordPlain = next, true
}
