package plainsight

import (
	"strings"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// detectScripts reports tokens that mix scripts. This is Pikuri's rule: a
// token without whitespace that mixes two of Latin, Cyrillic and Greek.
func detectScripts(text string, c *collector) {
	for tok := range strings.FieldsSeq(text) {
		var seen [3]bool
		for i := 0; i < len(tok); {
			r, size := utf8.DecodeRuneInString(tok[i:])
			i += size
			switch ucd.Lookup(r).Script() {
			case ucd.ScriptLatin:
				seen[0] = true
			case ucd.ScriptCyrillic:
				seen[1] = true
			case ucd.ScriptGreek:
				seen[2] = true
			}
		}
		n := 0
		for _, b := range seen {
			if b {
				n++
			}
		}
		if n >= 2 {
			t := neutralize(tok)
			c.add(KindMixedScript, t, t+" mixes letters of different scripts that look alike")
		}
	}
}
