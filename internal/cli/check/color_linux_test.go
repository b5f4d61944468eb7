package check

import (
	"os"
	"strings"
	"testing"

	"github.com/plainsight-dev/plainsight/internal/cli"
)

// TestColorPerStream runs check with stderr on a terminal (the master side
// of a pseudo-terminal) and stdout on a pipe: the warnings are coloured,
// the text is not, and FORCE_COLOR=0 turns the colour off.
func TestColorPerStream(t *testing.T) {
	for _, tt := range []struct {
		env          map[string]string
		stderrColour bool
	}{
		{nil, true},
		{map[string]string{"FORCE_COLOR": "0"}, false},
		{map[string]string{"NO_COLOR": "1"}, false},
	} {
		ptm, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
		if err != nil {
			t.Skipf("no pseudo-terminal: %v", err)
		}
		var stdout strings.Builder
		status := Main(nil, cli.IO{
			Stdin:  strings.NewReader("ls \u2212la\n"),
			Stdout: &stdout,
			Stderr: ptm,
			Getenv: func(k string) string { return tt.env[k] },
		})
		if status != cli.ExitWarnings {
			t.Errorf("%v: status %d, want %d", tt.env, status, cli.ExitWarnings)
		}
		if strings.Contains(stdout.String(), "\x1b") {
			t.Errorf("%v: stdout, a pipe, is coloured: %q", tt.env, stdout.String())
		}
		// What went to the master side of the terminal cannot be read
		// back without opening its slave; what a printer decides for
		// the same streams shows the choice instead.
		p, err := newPrinter(cli.IO{Getenv: func(k string) string { return tt.env[k] }}, &stdout, ptm, "auto", false)
		if err != nil {
			t.Fatal(err)
		}
		if p.color || p.errColor != tt.stderrColour {
			t.Errorf("%v: printer colours stdout %v, stderr %v; want false, %v", tt.env, p.color, p.errColor, tt.stderrColour)
		}
		ptm.Close()
	}
}
