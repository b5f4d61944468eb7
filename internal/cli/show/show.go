// Package show holds what the commands that show text to a person share
// beyond internal/cli: the colour decision per stream and the warning
// lines of plain text. It is apart from internal/cli so that what links
// internal/cli alone (plainsight-hook) does not link render.
package show

import (
	"fmt"
	"io"
	"strings"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/render"
)

// ColorFor decides colour for the output written to w under a -color
// mode: always, never, or auto, which asks render.ColorFor about w itself
// (FORCE_COLOR, FORCE_COLOR=0, NO_COLOR, TERM=dumb, then whether w is a
// terminal). A command decides it for each stream it writes, so that
// warnings on a terminal's stderr are coloured while stdout goes to a
// pipe, and not the other way round.
func ColorFor(mode string, w io.Writer, getenv func(string) string) (bool, error) {
	switch mode {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto":
		return render.ColorFor(w, getenv), nil
	}
	return false, fmt.Errorf("-color: want auto, always or never, got %q", mode)
}

// maxPlainTokens is the most tokens of one warning PlainWarnings shows
// with their characters escaped; the rest are counted.
const maxPlainTokens = 3

// PlainWarnings returns the warning lines of r for output without colour,
// as render.TerminalWarnings writes them, source naming the input. Plain
// text keeps no underline to show which character of a token a warning is
// about, so under a warning whose tokens hold characters shown as
// themselves (a Cyrillic letter in a Latin word, a dash that passes for a
// hyphen), each such token follows on a line of its own with every
// non-ASCII character escaped:
//
//	cmd:1:30: warn mixed_script: `аpple` mixes Cyrillic and Latin (а U+0430 …); it reads as `apple`
//	    as code points: \u{0430}pple
func PlainWarnings(r plainsight.Result, source string) string {
	lines := render.TerminalWarnings(r, render.TerminalOptions{Source: source})
	var b strings.Builder
	b.Grow(len(lines))
	for i, w := range r.Warnings {
		line, rest, _ := strings.Cut(lines, "\n")
		lines = rest
		b.WriteString(line)
		b.WriteByte('\n')
		shown := 0
		for _, tok := range w.Tokens {
			escaped, ok := EscapeNonASCII(tok)
			if !ok {
				continue
			}
			if shown == maxPlainTokens {
				fmt.Fprintf(&b, "    (and %d more)\n", countNonASCII(r.Warnings[i].Tokens)-shown)
				break
			}
			b.WriteString("    as code points: ")
			b.WriteString(escaped)
			b.WriteByte('\n')
			shown++
		}
	}
	// Lines that do not pair with a warning (none, as TerminalWarnings
	// writes one line per warning without a width) are kept.
	b.WriteString(lines)
	return b.String()
}

// EscapeNonASCII returns tok, a neutralized token, with every non-ASCII
// character written as its escape, and whether it held any.
func EscapeNonASCII(tok string) (string, bool) {
	var b strings.Builder
	for i, r := range tok {
		if r < 0x80 {
			if b.Len() > 0 {
				b.WriteRune(r)
			}
			continue
		}
		if b.Len() == 0 {
			b.WriteString(tok[:i])
		}
		b.WriteString(plainsight.EscapeRune(r))
	}
	if b.Len() == 0 {
		return tok, false
	}
	return b.String(), true
}

func countNonASCII(toks []string) int {
	n := 0
	for _, t := range toks {
		if _, ok := EscapeNonASCII(t); ok {
			n++
		}
	}
	return n
}
