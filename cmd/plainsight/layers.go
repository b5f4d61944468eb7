package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"

	"github.com/plainsight-dev/plainsight/internal/cli"
	"github.com/plainsight-dev/plainsight/render"
	"github.com/plainsight-dev/plainsight/term"
	"github.com/plainsight-dev/plainsight/transcript"
)

// The subcommands over the term and transcript layers.

// termCmd filters streams for a terminal: colours kept, everything else that
// changes terminal state dropped.
func termCmd(args []string, s cli.IO) int {
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

// cleanCmd turns raw output into text for a model, and reports what it
// removed as JSON on standard error.
func cleanCmd(args []string, s cli.IO) int {
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

// runCmd runs a command over pipes and prints its transcript envelope.
func runCmd(args []string, s cli.IO) int {
	stdout, stderr := s.Stdout, s.Stderr
	fs := cli.NewFlags("run", s)
	rawDir := fs.String("raw-dir", "", "directory for the raw bytes of each stream (mode 0600, named by sha256); empty keeps none")
	if status, done := cli.ParseFlags(fs, args); done {
		return status
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return cli.ExitError
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	cmd := exec.CommandContext(ctx, fs.Arg(0), fs.Args()[1:]...)
	env, err := transcript.Run(ctx, cmd, transcript.RunOptions{RawDir: *rawDir})
	if err != nil {
		fmt.Fprintln(stderr, "plainsight:", cli.NeutralizeLine(err.Error()))
		return cli.ExitError
	}
	b, err := json.MarshalIndent(env, "", "  ")
	if err != nil {
		fmt.Fprintln(stderr, "plainsight:", err)
		return cli.ExitError
	}
	fmt.Fprintf(stdout, "%s\n", b)
	return cli.ExitClean
}

// dumpCmd shows raw bytes as hex and caret notation, for investigators.
func dumpCmd(args []string, s cli.IO) int {
	stdin, stdout, stderr := s.Stdin, s.Stdout, s.Stderr
	fs := cli.NewFlags("dump", s)
	if status, done := cli.ParseFlags(fs, args); done {
		return status
	}
	return cli.EachInput(fs.Args(), stdin, stderr, func(_ string, data []byte) error {
		_, err := io.WriteString(stdout, transcript.Dump(data))
		return err
	})
}

// copyInputs streams each named input (or stdin) into w.
func copyInputs(names []string, stdin io.Reader, w io.Writer, stderr io.Writer) int {
	if len(names) == 0 {
		names = []string{"-"}
	}
	status := cli.ExitClean
	for _, name := range names {
		var r io.Reader = stdin
		if name != "-" {
			f, err := os.Open(name)
			if err != nil {
				fmt.Fprintf(stderr, "plainsight: %s\n", cli.NeutralizeLine(err.Error()))
				status = cli.ExitError
				continue
			}
			defer f.Close()
			r = f
		}
		if _, err := io.Copy(w, r); err != nil {
			fmt.Fprintf(stderr, "plainsight: %s\n", cli.NeutralizeLine(err.Error()))
			status = cli.ExitError
		}
	}
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
