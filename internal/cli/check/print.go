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
	"github.com/plainsight-dev/plainsight/render"
)

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

// A printer shows the Result of each input: in text, coloured or not, or
// as JSON audit records.
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
