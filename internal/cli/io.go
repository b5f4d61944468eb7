package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/render"
)

// Exit statuses, one meaning each for every command (check, scan, clean,
// run, approve and the hooks), so that a script or CI step can rely on
// them whichever it calls:
//
//   - 0: nothing to report: the text is clean (info-level findings
//     included, unless a command's own -fail-on says otherwise), or the
//     approved command ran and exited 0;
//   - 1: findings: the text has warnings, or an approval was refused;
//   - 2: plainsight itself could not do its work: a usage error, an input
//     it could not read, an audit record it could not write.
//
// run and approve, which run a command, exit with the command's own status
// when it ran: a 1 or 2 from the command is the command's.
const (
	ExitClean    = 0 // nothing found, or the command ran
	ExitWarnings = 1 // findings, or a rejection
	ExitError    = 2 // a usage or I/O error
)

// IO is what a command reads and writes, apart from the files it names,
// and the head of its usage, which cmd/plainsight writes from its help
// table so that the text of help lives in one place.
type IO struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Getenv         func(string) string
	// Usage is printed above the flags when the command shows its usage:
	// "usage: plainsight NAME SYNOPSIS", a blank line and the summary.
	Usage string
}

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
