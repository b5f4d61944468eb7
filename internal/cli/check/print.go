package check

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/internal/cli"
	"github.com/plainsight-dev/plainsight/internal/cli/show"
	"github.com/plainsight-dev/plainsight/render"
)

// newPrinter returns a printer for the -color mode and -json: colour is
// decided for stdout and stderr each on its own (show.ColorFor).
func newPrinter(s cli.IO, stdout, stderr io.Writer, mode string, json bool) (printer, error) {
	p := printer{stdout: stdout, stderr: stderr, json: json}
	var err error
	if p.color, err = show.ColorFor(mode, stdout, s.Getenv); err != nil {
		return p, err
	}
	p.errColor, err = show.ColorFor(mode, stderr, s.Getenv)
	return p, err
}

// A printer shows the Result of each input: in text, coloured or not, or
// as JSON audit records.
type printer struct {
	stdout, stderr io.Writer
	color          bool // colour the text on stdout
	errColor       bool // colour the warnings on stderr
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
	// Without colour no underline shows which character of a token a
	// warning is about: the tokens follow with those characters escaped.
	warnings := show.PlainWarnings(r, name)
	if p.errColor {
		warnings = render.TerminalWarnings(r, render.TerminalOptions{Color: true, Source: name})
	}
	_, err := io.WriteString(p.stderr, warnings)
	return err
}
