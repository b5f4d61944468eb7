// Package approve is the approve command: a confirmation prompt in front
// of a shell, which shows a command neutralized on the terminal, runs its
// original bytes only if the user approves, and records each decision.
package approve

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"os/user"
	"strings"
	"syscall"
	"time"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/internal/cli"
	"github.com/plainsight-dev/plainsight/render"
)

// ttyPath is the controlling terminal, where approve asks: never standard
// input, which belongs to the command and may be a pipe an agent writes.
const ttyPath = "/dev/tty"

// Decisions, as audit records name them.
const (
	approved = "approved"
	rejected = "rejected"
	refused  = "refused" // nobody could be asked
)

// approveRecord is the audit record of one decision (docs/audit.md). It
// never holds the raw command: its hash and length identify it, and Text,
// only with -audit-text, is the neutralized form.
type approveRecord struct {
	Time       string         `json:"time"`
	User       string         `json:"user"`
	Dir        string         `json:"dir"`
	Form       string         `json:"form"`
	SHA256     string         `json:"sha256"`
	Length     int            `json:"length"`
	Context    string         `json:"context"`
	Decision   string         `json:"decision"`
	By         string         `json:"by"`
	Warnings   map[string]int `json:"warnings"`
	ExitStatus *int           `json:"exit_status"`
	Error      string         `json:"error,omitempty"`
	Text       string         `json:"text,omitempty"`
}

// Main runs approve with args, the arguments after "approve", and returns
// the command's exit status if it ran, 1 if it was rejected, 2 on an
// error.
func Main(args []string, s cli.IO) int {
	fs := cli.NewFlags("approve", s)
	shell := fs.String("c", "", "the `command` to approve, run with sh -c")
	yes := fs.Bool("yes", false, "approve without asking; a command with warnings still needs -allow-warnings")
	no := fs.Bool("no", false, "reject without asking")
	allowWarnings := fs.Bool("allow-warnings", false, "let -yes approve a command with warnings")
	auditPath := fs.String("audit", "", "append one JSON record per decision to `file` (mode 0600)")
	auditText := fs.Bool("audit-text", false, "put the neutralized command in the audit record")
	policy := plainsight.Policy{Context: plainsight.ContextCommand}
	fs.TextVar(&policy.Context, "context", plainsight.ContextCommand, "read the command as: command (as the shell parses it), prose or any")
	if status, done := cli.ParseFlags(fs, args); done {
		return status
	}
	shellSet := cli.IsSet(fs, "c")
	switch {
	case shellSet == (fs.NArg() > 0):
		fmt.Fprintln(s.Stderr, "plainsight approve: give either -c 'command' or -- command [arg ...]")
		return cli.ExitError
	case *yes && *no:
		fmt.Fprintln(s.Stderr, "plainsight approve: -yes and -no exclude each other")
		return cli.ExitError
	}

	// raw is the exact bytes that will run, for the hash: the -c string, or
	// each argument followed by a NUL.
	var raw, shown, form string
	if shellSet {
		raw, shown, form = *shell, *shell, "shell"
	} else {
		var b strings.Builder
		for _, a := range fs.Args() {
			b.WriteString(a)
			b.WriteByte(0)
		}
		raw, shown, form = b.String(), shellQuoteArgs(fs.Args()), "argv"
	}
	res := policy.Sanitize(shown)

	var audit *auditLog
	if *auditPath != "" {
		var err error
		if audit, err = openAudit(*auditPath); err != nil {
			fmt.Fprintln(s.Stderr, "plainsight approve:", cli.NeutralizeLine(err.Error()))
			return cli.ExitError
		}
		defer audit.Close()
	}
	rec := newApproveRecord(form, raw, policy.Context, res, s.Getenv)
	if *auditText {
		rec.Text = res.Text
	}

	status := cli.ExitWarnings
	switch {
	case *no:
		rec.Decision, rec.By = rejected, "flag"
		fmt.Fprintln(s.Stderr, "plainsight approve: not run: -no")
	case *yes && res.HasWarning() && !*allowWarnings:
		rec.Decision, rec.By = rejected, "flag"
		fmt.Fprintln(s.Stderr, "plainsight approve: not run: -yes does not approve a command with warnings without -allow-warnings")
		io.WriteString(s.Stderr, render.TerminalWarnings(res, render.TerminalOptions{}))
	case *yes:
		rec.Decision, rec.By = approved, "flag"
	default:
		rec.By = "prompt"
		ok, err := ask(res, s.Getenv)
		switch {
		case err != nil:
			rec.Decision, rec.Error = refused, cli.NeutralizeLine(err.Error())
			fmt.Fprintln(s.Stderr, "plainsight approve: no terminal to ask on; give -yes or -no:", rec.Error)
			status = cli.ExitError
		case ok:
			rec.Decision = approved
		default:
			rec.Decision = rejected
		}
	}
	if rec.Decision == approved {
		var cmd *exec.Cmd
		if shellSet {
			cmd = exec.Command("/bin/sh", "-c", *shell)
		} else {
			cmd = exec.Command(fs.Arg(0), fs.Args()[1:]...)
		}
		code, err := runConnected(cmd, s)
		rec.ExitStatus = &code
		if err != nil {
			rec.Error = cli.NeutralizeLine(err.Error())
			fmt.Fprintln(s.Stderr, "plainsight approve:", rec.Error)
		}
		status = code
	}
	rec.Time = time.Now().UTC().Format(time.RFC3339Nano)
	if audit != nil {
		if err := audit.append(rec); err != nil {
			fmt.Fprintln(s.Stderr, "plainsight approve:", cli.NeutralizeLine(err.Error()))
			if status == cli.ExitClean {
				status = cli.ExitError
			}
		}
	}
	return status
}

// newApproveRecord starts the audit record of a decision on raw, the
// exact bytes that would run, whose neutralized form is res.
func newApproveRecord(form, raw string, ctx plainsight.Context, res plainsight.Result, getenv func(string) string) approveRecord {
	sum := sha256.Sum256([]byte(raw))
	rec := approveRecord{
		User:     currentUser(getenv),
		Form:     form,
		SHA256:   hex.EncodeToString(sum[:]),
		Length:   len(raw),
		Context:  ctx.String(),
		Warnings: map[string]int{},
	}
	if dir, err := os.Getwd(); err == nil {
		rec.Dir = cli.NeutralizeLine(dir)
	}
	for _, w := range res.Warnings {
		rec.Warnings[w.Kind.String()] = w.Count
	}
	return rec
}

// runConnected runs cmd with this process's standard streams and returns
// its exit status as a shell would: 128+n when signal n ended it, 127 when
// it could not start. An interrupt typed at the terminal goes to the
// command; approve waits for it so that the record holds its status.
func runConnected(cmd *exec.Cmd, s cli.IO) (int, error) {
	cmd.Stdin, cmd.Stdout, cmd.Stderr = s.Stdin, s.Stdout, s.Stderr
	// Catch the signals rather than ignore them: an ignored signal stays
	// ignored in the command, which could then not be interrupted.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGQUIT)
	defer signal.Stop(sigs)
	err := cmd.Run()
	if err == nil {
		return 0, nil
	}
	if exitErr, ok := errors.AsType[*exec.ExitError](err); ok {
		if ws, ok := exitErr.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return 128 + int(ws.Signal()), nil
		}
		return exitErr.ExitCode(), nil
	}
	return 127, err
}

// ask shows the command and its warnings on the terminal and reads the
// answer. A clean command needs y; one with a warning needs yes in full.
// Anything else, end of input included, is no.
func ask(res plainsight.Result, getenv func(string) string) (bool, error) {
	tty, err := os.OpenFile(ttyPath, os.O_RDWR, 0)
	if err != nil {
		return false, err
	}
	defer tty.Close()
	opts := render.TerminalOptions{Color: render.ColorFor(tty, getenv)}
	var b strings.Builder
	b.WriteString("plainsight approve: the command is\n\n")
	for line := range strings.Lines(render.TerminalText(res, opts)) {
		b.WriteString("    " + strings.TrimSuffix(line, "\n") + "\n")
	}
	b.WriteString("\n")
	b.WriteString(render.TerminalWarnings(res, opts))
	warned := res.HasWarning()
	if warned {
		b.WriteString("The command has warnings. Type yes to run it, anything else refuses: ")
	} else {
		b.WriteString("Run it? [y/N] ")
	}
	// On a terminal in raw or canonical mode alike, \r\n ends a line.
	if _, err := io.WriteString(tty, strings.ReplaceAll(b.String(), "\n", "\r\n")); err != nil {
		return false, err
	}
	// Ctrl-C at the prompt is a no, recorded like any other: catch it
	// while the answer is read.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt)
	defer signal.Stop(sigs)
	answers := make(chan string, 1)
	go func() {
		// Closing tty on return ends this read if it is still waiting.
		line, _ := bufio.NewReader(tty).ReadString('\n')
		answers <- line
	}()
	var answer string
	select {
	case answer = <-answers:
	case <-sigs:
	}
	answer = strings.ToLower(strings.TrimSpace(answer))
	ok := answer == "yes" || (!warned && answer == "y")
	if !ok {
		io.WriteString(tty, "\r\nnot run\r\n")
	}
	return ok, nil
}

// shellQuoteArgs writes argv as a shell command that would give the same
// arguments, for display: arguments made of safe characters as they are,
// others in single quotes.
func shellQuoteArgs(args []string) string {
	var b strings.Builder
	for i, a := range args {
		if i > 0 {
			b.WriteByte(' ')
		}
		if a != "" && strings.Trim(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-") == "" {
			b.WriteString(a)
			continue
		}
		b.WriteString("'" + strings.ReplaceAll(a, "'", `'\''`) + "'")
	}
	return b.String()
}

// currentUser names who decided: the login name, or $USER, or the uid.
func currentUser(getenv func(string) string) string {
	if u, err := user.Current(); err == nil && u.Username != "" {
		return cli.NeutralizeLine(u.Username)
	}
	if name := getenv("USER"); name != "" {
		return cli.NeutralizeLine(name)
	}
	return fmt.Sprint(os.Getuid())
}
