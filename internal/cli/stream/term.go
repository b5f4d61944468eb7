package stream

import (
	"fmt"

	"github.com/plainsight-dev/plainsight/internal/cli"
	"github.com/plainsight-dev/plainsight/render"
	"github.com/plainsight-dev/plainsight/term"
)

// Term runs term with args, the arguments after "term": it filters its
// inputs for a terminal, colours kept, everything else that changes
// terminal state dropped.
func Term(args []string, s cli.IO) int {
	stdin, stdout, stderr := s.Stdin, s.Stdout, s.Stderr
	fs := cli.NewFlags("term", s)
	var opts term.Options
	fs.TextVar(&opts.Mode, "mode", term.Strip, "what happens to dropped sequences: strip, visualize or off")
	plain := fs.Bool("plain", false, "drop colours too (default when NO_COLOR is set or output is not a terminal)")
	if status, done := cli.ParseFlags(fs, args); done {
		return status
	}
	opts.Plain = *plain || !cli.IsSet(fs, "plain") && !render.ColorFor(stdout, s.Getenv)
	w := term.NewWriter(stdout, opts)
	status := copyInputs(fs.Args(), stdin, w, stderr)
	if err := w.Close(); err != nil {
		fmt.Fprintln(stderr, "plainsight:", err)
		return cli.ExitError
	}
	return status
}
