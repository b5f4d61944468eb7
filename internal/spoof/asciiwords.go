package spoof

import (
	"encoding/binary"
	"math/bits"
	"unsafe"

	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// This file holds the word-at-a-time path of Scanner.ASCII: plain ASCII
// past a space, read eight bytes at a step.
//
// ASCII text changes little of the scanner's state: a token of ASCII
// letters and digits reports nothing, nor does a number of ASCII digits
// or a word without a non-ASCII rune. After a space every token, number
// and word is closed, and what the stretch of plain ASCII up to the last
// space leaves behind is counts (the Latin letters), the start of the
// last line, whether it held a control, and the memory of its last token
// and last number, which the byte loop would leave as it opened them.
// Two bytes change more and stop the stretch: a backslash (the letter of
// an escape such as \t does not count) and a percent sign (a printf
// conversion is passed over whole).

// wordsMin is the fewest bytes after a space that are worth the word
// path: below it, the byte loop takes them as fast.
const wordsMin = 24

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// lanesBelow sets the high bit of each byte lane of w that is below c;
// every lane of w must be ASCII, and c at most 0x80.
func lanesBelow(w uint64, c byte) uint64 {
	return ^(w + ones*uint64(0x80-c)) & highs
}

// lanesEqual sets the high bit of each byte lane of w that is c; every
// lane of w, and c, must be ASCII.
func lanesEqual(w uint64, c byte) uint64 {
	return lanesBelow(w^(ones*uint64(c)), 1)
}

// asciiWords takes the plain ASCII of text[n:j] (ASCII but for backslash
// and percent sign) a word at a time, up to and with its last byte that
// is a space or a control, and returns where it stopped: n when it took
// nothing. text[n-1] is a space or a control, which the byte loop has
// taken: no token, number or word is open. controls reports whether it
// passed a control other than '\n', as ASCII does.
func (s *Scanner) asciiWords(n, j int) (end int, controls bool) {
	b := unsafe.Slice(unsafe.StringData(s.text), len(s.text))
	last := -1   // the last space or control taken
	line := -1   // the last '\n' taken
	letters := 0 // the letters of the words read
	p := n
	for ; p+8 <= j; p += 8 {
		w := binary.LittleEndian.Uint64(b[p : p+8 : p+8])
		if w&highs != 0 || lanesEqual(w, '%')|lanesEqual(w, '\\') != 0 {
			break
		}
		x := w | ones*0x20 // letters in lower case
		letters += bits.OnesCount64((x + ones*(0x80-'a')) &^ (x + ones*(0x80-'z'-1)) & highs)
		space := lanesBelow(w, ' '+1) | (w+ones)&highs // and DEL
		if space == 0 {
			continue
		}
		last = p + 7 - bits.LeadingZeros64(space)/8
		nl := lanesEqual(w, '\n')
		if nl != 0 {
			line = p + 7 - bits.LeadingZeros64(nl)/8
		}
		if space&^nl&^lanesEqual(w, ' ') != 0 {
			controls = true
		}
	}
	if last < 0 {
		return n, false
	}
	// The letters after the last space are the byte loop's.
	for q := last + 1; q < p; q++ {
		if asciiClasses[b[q]] == asciiLetter {
			letters--
		}
	}
	s.latinLetters += letters
	if line >= 0 {
		s.lineStart, s.lineCmd, s.lineCJK, s.lineOneTok, s.lineStrict = line+1, 0, 0, 0, 0
	}
	s.wordStart, s.wordPlain = last+1, true

	// The memory of the last number: a run of letters, digits and
	// punctuation but for an opening bracket, which ends one too.
	q := last - 1
	for q >= n && (asciiClasses[b[q]] == asciiSpace || b[q] == '(' || b[q] == '[' || b[q] == '{') {
		q--
	}
	if q >= n {
		s.numZero, s.numMixed = -1, false
		for ; q >= n && asciiClasses[b[q]] != asciiSpace && b[q] != '(' && b[q] != '[' && b[q] != '{'; q-- {
			if asciiClasses[b[q]] == asciiDigit {
				s.numZero = '0'
			}
		}
	}
	// The memory of the last token: a run of letters and digits.
	q = last - 1
	for q >= n && asciiClasses[b[q]] != asciiLetter && asciiClasses[b[q]] != asciiDigit {
		q--
	}
	if q >= n {
		letter := false
		for ; q >= n && (asciiClasses[b[q]] == asciiLetter || asciiClasses[b[q]] == asciiDigit); q-- {
			letter = letter || asciiClasses[b[q]] == asciiLetter
		}
		s.startToken(q + 1)
		if letter {
			s.lastScript = ucd.ScriptLatin
			s.added[ucd.ScriptLatin/64] |= 1 << (ucd.ScriptLatin % 64)
			s.acc.add(&latinSet)
			s.tokLatin, s.tokAllowed = true, true
		}
		s.tokStart = -1
	}
	return last + 1, controls
}

// byteLoop, set by tests, keeps ASCII to its byte loop, against which the
// word path is checked.
var byteLoop = false
