// Package check is the check command, the default one: it shows untrusted
// text neutralized, with one line per warning, for approval views, or
// writes one JSON audit record per input. demo shows it on a hostile
// approval prompt.
package check

import (
	"fmt"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/internal/cli"
)

// Main runs check with args, the arguments after "check", and returns its
// exit status (cli.ExitClean and the rest): 1 if an input had a warn-level
// warning, 2 on an error, which outranks 1; info-level findings alone, like
// ordinary typography, exit 0, as scan and approve count them. It shows
// each input neutralized, or with -json writes one audit record per input.
func Main(args []string, s cli.IO) int {
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
	out, err := newPrinter(s, s.Stdout, s.Stderr, *color, *jsonOut)
	if err != nil {
		fmt.Fprintln(s.Stderr, "plainsight:", err)
		return cli.ExitError
	}

	warned := false
	status := cli.EachInput(fs.Args(), s.Stdin, s.Stderr, func(name string, data []byte) error {
		if mostlyBinary(data) {
			return fmt.Errorf("%s: %d bytes, mostly binary: not shown as text; see the bytes with plainsight dump", cli.DisplayName(name), len(data))
		}
		text := string(data)
		r := p.Sanitize(text)
		warned = warned || r.HasWarning()
		return out.print(cli.DisplayName(name), text, p.Context, r)
	})
	if status == cli.ExitClean && warned {
		status = cli.ExitWarnings
	}
	return status
}
