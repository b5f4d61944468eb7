package stream

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/plainsight-dev/plainsight/internal/cli"
	"github.com/plainsight-dev/plainsight/transcript"
)

// Clean runs clean with args, the arguments after "clean": it turns raw
// output into text for a model, and reports what it removed as JSON on
// standard error.
func Clean(args []string, s cli.IO) int {
	stdin, stderr := s.Stdin, s.Stderr
	stdout := &lastByteWriter{w: s.Stdout}
	fs := cli.NewFlags("clean", s)
	var opts transcript.Options
	fs.TextVar(&opts.CR, "cr", transcript.CRNewline, "what a lone carriage return does: newline or overwrite")
	fs.TextVar(&opts.Unicode, "unicode", opts.Unicode, "invisible Unicode: escape, remove or keep")
	if status, done := cli.ParseFlags(fs, args); done {
		return status
	}
	w := transcript.NewWriter(stdout, opts)
	status := copyInputs(fs.Args(), stdin, w, stderr)
	if err := w.Close(); err != nil {
		fmt.Fprintln(stderr, "plainsight:", err)
		return cli.ExitError
	}
	report, err := json.Marshal(w.Report())
	if err != nil {
		fmt.Fprintln(stderr, "plainsight:", err)
		return cli.ExitError
	}
	// On a terminal both streams share the screen: start the report on a
	// line of its own.
	if stdout.n > 0 && stdout.last != '\n' {
		fmt.Fprintln(stderr)
	}
	fmt.Fprintf(stderr, "%s\n", report)
	return status
}

// lastByteWriter remembers how much was written and the last byte.
type lastByteWriter struct {
	w    io.Writer
	n    int64
	last byte
}

func (l *lastByteWriter) Write(p []byte) (int, error) {
	n, err := l.w.Write(p)
	if n > 0 {
		l.n += int64(n)
		l.last = p[n-1]
	}
	return n, err
}
