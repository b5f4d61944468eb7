package typography

import (
	"strings"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/ucd"
	"golang.org/x/text/unicode/bidi"
)

// lineFacts holds what the rules need to know about a whole line.
type lineFacts struct {
	rtl bool // holds a letter of Bidi_Class R or AL (T7)
	cjk bool // holds a Han, kana, Hangul or Bopomofo letter (T11)
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
		if r < 0x590 || r == utf8.RuneError || !isLetter(r) {
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
