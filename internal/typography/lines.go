package typography

import (
	"strings"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/ucd"
	"golang.org/x/text/unicode/bidi"
)

// lineFacts holds what the rules need to know about a whole line.
type lineFacts struct {
	rtl      bool // holds a letter of Bidi_Class R or AL (T7)
	cjk      bool // holds a Han, kana, Hangul or Bopomofo letter, or CJK punctuation (T11)
	nonASCII bool // holds a letter or mark outside ASCII (T13)
	command  int8 // reads as a command, with no-break spaces read as spaces: 0 unknown, 1 yes, -1 no (T13)
}

// line returns the facts of the line that holds text[i]. They are cached
// for the line, so that asking for every code point of a text in order
// scans each line once.
func (j *Judge) line(i int) lineFacts {
	if j.lineKnown && j.lineStart <= i && i < j.lineEnd {
		return j.facts
	}
	j.lineStart = strings.LastIndexByte(j.text[:i], '\n') + 1
	j.lineEnd = len(j.text)
	if n := strings.IndexByte(j.text[i:], '\n'); n >= 0 {
		j.lineEnd = i + n
	}
	j.lineKnown, j.facts = true, lineFacts{}
	for _, r := range j.text[j.lineStart:j.lineEnd] {
		if r >= 0x3001 && r <= 0x303f {
			// CJK Symbols and Punctuation: the ideographic comma
			// and full stop, the corner brackets, are native to CJK
			// text only (T11).
			j.facts.cjk = true
		}
		if r < utf8.RuneSelf || r == utf8.RuneError || !isLetter(r) {
			continue
		}
		j.facts.nonASCII = true
		if r < 0x590 {
			continue
		}
		if p, _ := bidi.LookupRune(r); p.Class() == bidi.R || p.Class() == bidi.AL {
			j.facts.rtl = true
		}
		switch ucd.Lookup(r).Script() {
		case ucd.ScriptHan, ucd.ScriptHiragana, ucd.ScriptKatakana, ucd.ScriptHangul, ucd.ScriptBopomofo:
			j.facts.cjk = true
		}
		if j.facts.rtl && j.facts.cjk {
			break
		}
	}
	return j.facts
}

// asWords returns s as the command tests read it for the rules: every
// code point that is not visible and not a space (a no-break space, a tab,
// a control, a zero-width character) becomes an 'x', glued to the word
// around it. Sanitize shows each such code point either as itself or as an
// escape of ASCII letters, so that the words of the line, and whether it
// reads as a command, are the same in its output: judging the output
// again gives the same answers.
func asWords(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if _, ok := visible(r); !ok && r != ' ' {
			r = 'x'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// lineReadsAsCommand reports whether the line that holds text[i] reads as
// a shell command, its no-break spaces glued to the words around them
// (asWords: "git\u00a0push origin main" reads as "gitxpush origin main"):
// under T3 (ReadsAsCommand), or, when it holds no letter outside ASCII,
// because it starts with a command name (LeadsWithCommand). The answer is
// cached for the line.
func (j *Judge) lineReadsAsCommand(i int) bool {
	f := j.line(i)
	if f.command == 0 {
		f.command = -1
		line := asWords(j.text[j.lineStart:j.lineEnd])
		if ReadsAsCommand(line) || !f.nonASCII && LeadsWithCommand(line) {
			f.command = 1
		}
		j.facts = f
	}
	return f.command > 0
}
