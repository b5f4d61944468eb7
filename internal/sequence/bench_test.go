package sequence

import (
	"strings"
	"testing"
)

// benchText is text dense with joiners and selectors, in and out of
// their sequences.
var benchText = strings.Repeat("\U0001F468\u200d\U0001F469\u200d\U0001F467 \u2764\ufe0f\u200d\U0001F525 1\ufe0f\u20e3 "+
	"\u0645\u06cc\u200c\u062e\u0648 \u0915\u094d\u200d\u0937 \u845b\U000E0100 a\u200db x\ufe01 ", 256)

// BenchmarkRules asks the joiner and selector rules at every joiner and
// selector of benchText, as a string and as bytes, with a decode of the
// text as the baseline.
func BenchmarkRules(b *testing.B) {
	bytes := []byte(benchText)
	for _, bench := range []struct {
		name string
		scan func() int
	}{
		{"Decode", func() int { return len([]rune(benchText)) }},
		{"String", func() int { return askAll(benchText) }},
		{"Bytes", func() int { return askAll(bytes) }},
	} {
		b.Run(bench.name, func(b *testing.B) {
			b.SetBytes(int64(len(benchText)))
			b.ReportAllocs()
			for b.Loop() {
				sinkInt += bench.scan()
			}
		})
	}
}

var sinkInt int

// askAll asks the rule for each joiner and selector of text and counts
// those that hold.
func askAll[T Text](text T) int {
	n := 0
	for i := 0; i < len(text); {
		r, size := runeAt(text, i)
		switch {
		case isJoiner(r) && Joiner(text, i, size, r, literalAll),
			isSelector(r) && Selector(text, i, r, literalAll):
			n++
		}
		i += max(size, 1)
	}
	return n
}
