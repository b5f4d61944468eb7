package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/internal/cli"
	"github.com/plainsight-dev/plainsight/render"
)

// checkCmd shows each input neutralized, or with -json writes one audit
// record per input.
func checkCmd(args []string, s cli.IO) int {
	fs := cli.NewFlags("check", s)
	jsonOut := fs.Bool("json", false, "print one JSON audit record per input (docs/audit.md)")
	keepTab := fs.Bool("keep-tab", false, "show tabs literally instead of as \\t")
	color := fs.String("color", "auto", "colour output: auto, always or never")
	p := plainsight.Policy{Context: plainsight.ContextCommand}
	fs.TextVar(&p.Context, "context", plainsight.ContextCommand, "read the text as: command (as the shell parses it), prose or any")
	if status, done := cli.ParseFlags(fs, args); done {
		return status
	}
	p.KeepTab = *keepTab
	useColor, err := colorWanted(*color, s.Stdout, s.Getenv)
	if err != nil {
		fmt.Fprintln(s.Stderr, "plainsight:", err)
		return cli.ExitError
	}
	out := printer{stdout: s.Stdout, stderr: s.Stderr, color: useColor, json: *jsonOut}

	warned := false
	status := cli.EachInput(fs.Args(), s.Stdin, s.Stderr, func(name string, data []byte) error {
		if mostlyBinary(data) {
			return fmt.Errorf("%s: %d bytes, mostly binary: not shown as text; see the bytes with plainsight dump", cli.DisplayName(name), len(data))
		}
		text := string(data)
		r := p.Sanitize(text)
		warned = warned || len(r.Warnings) > 0
		return out.print(cli.DisplayName(name), text, p.Context, r)
	})
	if status == cli.ExitClean && warned {
		status = cli.ExitWarnings
	}
	return status
}

// Input is mostly binary when, past binaryMinLen bytes, more than one byte
// in binaryRatio is a control other than tab, newline and carriage return,
// or not part of valid UTF-8. Such input is no command or message: shown as
// text it would be a wall of escapes, and dump shows it better.
const (
	binaryMinLen = 64 << 10
	binaryRatio  = 4
)

func mostlyBinary(data []byte) bool {
	if len(data) < binaryMinLen {
		return false
	}
	bad, limit := 0, len(data)/binaryRatio
	for i := 0; i < len(data) && bad <= limit; {
		c := data[i]
		if c < utf8.RuneSelf {
			if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f {
				bad++
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n == 1 {
			bad++
		}
		i += n
	}
	return bad > limit
}

// colorWanted decides colour: -color always or never, or with auto as
// render.ColorFor decides (FORCE_COLOR, then NO_COLOR and TERM=dumb, then
// whether stdout is a terminal).
func colorWanted(mode string, stdout io.Writer, getenv func(string) string) (bool, error) {
	switch mode {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto":
		return render.ColorFor(stdout, getenv), nil
	}
	return false, fmt.Errorf("-color: want auto, always or never, got %q", mode)
}

type printer struct {
	stdout, stderr io.Writer
	color          bool
	json           bool
}

// checkRecord is the JSON audit record of one input (docs/audit.md): where
// it came from, what it was (hash and size, never the raw bytes) and the
// Result. It holds no time, so that records of the same input diff clean.
type checkRecord struct {
	Source  string             `json:"source"`
	SHA256  string             `json:"sha256"`
	Size    int                `json:"size"`
	Context plainsight.Context `json:"context"`
	plainsight.Result
}

func newCheckRecord(source, input string, ctx plainsight.Context, r plainsight.Result) checkRecord {
	sum := sha256.Sum256([]byte(input))
	if r.Warnings == nil {
		r.Warnings = []plainsight.Warning{}
	}
	return checkRecord{Source: source, SHA256: hex.EncodeToString(sum[:]), Size: len(input), Context: ctx, Result: r}
}

func (p printer) print(name, input string, ctx plainsight.Context, r plainsight.Result) error {
	if p.json {
		b, err := json.Marshal(newCheckRecord(name, input, ctx, r))
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(p.stdout, "%s\n", b)
		return err
	}
	// In colour, the text as render styles it for a terminal; otherwise
	// the neutralized text itself, which a pipe or a file may want as is.
	text := r.Text
	if p.color {
		text = render.TerminalText(r, render.TerminalOptions{Color: true})
	}
	if _, err := io.WriteString(p.stdout, text); err != nil {
		return err
	}
	if text != "" && !strings.HasSuffix(text, "\n") {
		io.WriteString(p.stdout, "\n")
	}
	if f, ok := p.stdout.(*os.File); ok {
		f.Sync()
	}
	_, err := io.WriteString(p.stderr, render.TerminalWarnings(r, render.TerminalOptions{Color: p.color, Source: name}))
	return err
}
