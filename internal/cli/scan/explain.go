package scan

import (
	"fmt"
	"strings"

	"github.com/plainsight-dev/plainsight/internal/cli"
)

// Explain is the explain command: it prints the documentation of the
// kinds named in args (docs/warnings.md, read from kinds.txtar through
// the Kind's methods, and scan's own rules), or lists every kind.
func Explain(args []string, s cli.IO) int {
	fs := cli.NewFlags("explain", s)
	if status, done := cli.ParseFlags(fs, args); done {
		return status
	}
	if fs.NArg() == 0 {
		for _, r := range allRules() {
			fmt.Fprintf(s.Stdout, "%-28s %-4s  %s\n", r, r.Severity(), r.Summary())
		}
		return cli.ExitClean
	}
	status := cli.ExitClean
	for i, name := range fs.Args() {
		r, ok := parseRule(name)
		if !ok {
			fmt.Fprintf(s.Stderr, "plainsight explain: unknown kind %s; \"plainsight explain\" lists them\n", cli.NeutralizeLine(name))
			status = cli.ExitError
			continue
		}
		if i > 0 {
			fmt.Fprintln(s.Stdout)
		}
		fmt.Fprintf(s.Stdout, "%s (%s)\n\n%s\n\n%s\n%s\n", r, r.Severity(), r.Summary(), strings.TrimRight(r.Doc(), "\n"), r.DocURL())
	}
	return status
}
