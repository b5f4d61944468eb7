// Command plainsight shows untrusted text safely and says what was hidden in
// it.
//
// Usage:
//
//	plainsight [flags] [file ...]
//	plainsight demo
//	plainsight term [-mode strip|visualize|off] [-plain] [file ...]
//	plainsight clean [-cr newline|overwrite] [-unicode escape|remove|keep] [file ...]
//	plainsight run [-raw-dir DIR] [--] command [arg ...]
//	plainsight dump [file ...]
//
// The first form is for approval prompts (package plainsight); term filters
// model and tool output for a terminal (package term); clean, run and dump
// are the agent boundary (package transcript).
//
// With no files it reads standard input. It prints the neutralized text to
// standard output and one line per warning to standard error. On a terminal,
// escapes are shown in reverse video and warnings in bold yellow; NO_COLOR,
// TERM=dumb or output that is not a terminal turn colour off, FORCE_COLOR
// turns it on.
//
// Exit status: 0 when the text is clean, 1 when there are warnings, 2 on an
// error.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/plainsight-dev/plainsight"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Getenv))
}

const (
	exitClean    = 0
	exitWarnings = 1
	exitError    = 2
)

// run is the whole command, apart from the process, so tests can call it.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	if len(args) > 0 {
		switch args[0] {
		case "demo":
			return demo(args[1:], stdout, stderr, getenv)
		case "term":
			return termCmd(args[1:], stdin, stdout, stderr, getenv)
		case "clean":
			return cleanCmd(args[1:], stdin, stdout, stderr)
		case "run":
			return runCmd(args[1:], stdout, stderr)
		case "dump":
			return dumpCmd(args[1:], stdin, stdout, stderr)
		}
	}
	fs := flag.NewFlagSet("plainsight", flag.ContinueOnError)
	fs.SetOutput(stderr)
	jsonOut := fs.Bool("json", false, "print each Result as one line of JSON")
	keepTab := fs.Bool("keep-tab", false, "show tabs literally instead of as \\t")
	color := fs.String("color", "auto", "colour output: auto, always or never")
	var ctx plainsight.Context
	fs.TextVar(&ctx, "context", plainsight.ContextAny, "read the text as `any` text or as a shell command (command)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: plainsight [flags] [file ...]\n"+
			"       plainsight demo\n"+
			"       plainsight term [-mode strip|visualize|off] [-plain] [file ...]\n"+
			"       plainsight clean [-cr newline|overwrite] [-unicode escape|remove|keep] [file ...]\n"+
			"       plainsight run [-raw-dir DIR] [--] command [arg ...]\n"+
			"       plainsight dump [file ...]\n\n")
		fmt.Fprintf(stderr, "Shows untrusted text safely and reports what it hides.\nExit status: 0 clean, 1 warnings, 2 error.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitClean
		}
		return exitError
	}
	useColor, err := colorWanted(*color, stdout, getenv)
	if err != nil {
		fmt.Fprintln(stderr, "plainsight:", err)
		return exitError
	}
	p := plainsight.Policy{KeepTab: *keepTab, Context: ctx}
	out := printer{stdout: stdout, stderr: stderr, color: useColor, json: *jsonOut}

	warned := false
	status := eachInput(fs.Args(), stdin, stderr, func(name string, data []byte) error {
		r := p.Sanitize(string(data))
		warned = warned || len(r.Warnings) > 0
		return out.print(displayName(name), r)
	})
	if status == exitClean && warned {
		status = exitWarnings
	}
	return status
}

// eachInput reads each named input whole ("-" or none: standard input) and
// hands it to f. It returns exitError if an input could not be read or f
// failed, and exitClean otherwise.
func eachInput(names []string, stdin io.Reader, stderr io.Writer, f func(name string, data []byte) error) int {
	if len(names) == 0 {
		names = []string{"-"}
	}
	status := exitClean
	for _, name := range names {
		var data []byte
		var err error
		if name == "-" {
			data, err = io.ReadAll(stdin)
		} else {
			data, err = os.ReadFile(name)
		}
		if err == nil {
			err = f(name, data)
		}
		if err != nil {
			// The name may itself be hostile: show it neutralized.
			fmt.Fprintf(stderr, "plainsight: %s\n", plainsight.Sanitize(err.Error()).Text)
			status = exitError
		}
	}
	return status
}

func displayName(name string) string {
	if name == "-" {
		return "<standard input>"
	}
	return plainsight.Sanitize(name).Text
}

// colorWanted decides colour: FORCE_COLOR wins, then NO_COLOR and
// TERM=dumb, then whether stdout is a terminal.
func colorWanted(mode string, stdout io.Writer, getenv func(string) string) (bool, error) {
	switch mode {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto":
	default:
		return false, fmt.Errorf("-color: want auto, always or never, got %q", mode)
	}
	switch {
	case getenv("FORCE_COLOR") != "":
		return true, nil
	case getenv("NO_COLOR") != "", getenv("TERM") == "dumb":
		return false, nil
	}
	return isTerminal(stdout), nil
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// The only escape sequences this command writes are its own, fixed ones.
const (
	reverseOn  = "\x1b[7m"
	reverseOff = "\x1b[27m"
	boldYellow = "\x1b[1;33m"
	reset      = "\x1b[0m"
)

type printer struct {
	stdout, stderr io.Writer
	color          bool
	json           bool
}

// jsonResult is the JSON form of one input.
type jsonResult struct {
	Source string `json:"source"`
	plainsight.Result
}

func (p printer) print(name string, r plainsight.Result) error {
	if p.json {
		if r.Warnings == nil {
			r.Warnings = []plainsight.Warning{}
		}
		b, err := json.Marshal(jsonResult{Source: name, Result: r})
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(p.stdout, "%s\n", b)
		return err
	}
	text := r.Text
	if p.color {
		text = highlight(r)
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
	for _, w := range r.Warnings {
		line := fmt.Sprintf("%s: %s %s: %s", name, w.Severity, w.Kind, w.Explanation)
		if w.Decoded != "" {
			line += fmt.Sprintf(" [decoded: %s]", w.Decoded)
		}
		if p.color && w.Severity == plainsight.SeverityWarn {
			line = boldYellow + line + reset
		}
		if _, err := fmt.Fprintln(p.stderr, line); err != nil {
			return err
		}
	}
	return nil
}

// highlight wraps every escape of r.Text in reverse video, so that an
// escape Sanitize made looks different from the same characters typed.
func highlight(r plainsight.Result) string {
	var b strings.Builder
	last := 0
	for _, e := range r.Escapes {
		b.WriteString(r.Text[last:e.Start])
		b.WriteString(reverseOn)
		b.WriteString(r.Text[e.Start:e.End])
		b.WriteString(reverseOff)
		last = e.End
	}
	b.WriteString(r.Text[last:])
	return b.String()
}
