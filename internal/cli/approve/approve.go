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
	"strings"
	"syscall"
	"time"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/internal/cli"
	auditlog "github.com/plainsight-dev/plainsight/internal/cli/audit"
	"github.com/plainsight-dev/plainsight/internal/cli/show"
	"github.com/plainsight-dev/plainsight/render"
)

// ttyPath is the controlling terminal, where approve asks: never standard
// input, which belongs to the command and may be a pipe an agent writes.
const ttyPath = "/dev/tty"

// Decisions, as audit records name them.
const (
	approved = "approved"
	rejected = "rejected"
	refused  = "refused" // nobody could be asked, or the command could not be read as its shell would
)

// Events, as audit records name them: the decision, written before the
// command starts; a signal approve received while the command ran; the
// command's end.
const (
	eventDecision = "decision"
	eventSignal   = "signal"
	eventExit     = "exit"
)

// Record is one line of an approval audit file (docs/audit.md). It never
// holds the raw command: its hash and length identify it, and Text, only
// with -audit-text, is the neutralized form.
type Record struct {
	Time       string         `json:"time"`
	Event      string         `json:"event"`
	User       string         `json:"user"`
	Dir        string         `json:"dir"`
	Form       string         `json:"form"`
	Shell      string         `json:"shell,omitempty"`
	SHA256     string         `json:"sha256"`
	Length     int            `json:"length"`
	Context    string         `json:"context"`
	Decision   string         `json:"decision"`
	By         string         `json:"by"`
	Reason     string         `json:"reason,omitempty"`
	Warnings   map[string]int `json:"warnings"`
	ExitStatus *int           `json:"exit_status"`
	Signal     string         `json:"signal,omitempty"`
	Error      string         `json:"error,omitempty"`
	Text       string         `json:"text,omitempty"`
}

// Main runs approve with args, the arguments after "approve", and returns
// the command's exit status if it ran, 1 if it was rejected, 2 on an
// error.
func Main(args []string, s cli.IO) int {
	fs := cli.NewFlags("approve", s)
	command := fs.String("c", "", "the `command` to approve, run with -shell")
	shellName := fs.String("shell", "bash", "run -c commands with `shell`: bash (looked up on PATH), or a POSIX sh such as /bin/sh, for which the command must read the same as in Bash")
	yes := fs.Bool("yes", false, "approve without asking; a command with warnings still needs -allow-warnings")
	no := fs.Bool("no", false, "reject without asking")
	allowWarnings := fs.Bool("allow-warnings", false, "let -yes approve a command with warnings")
	auditPath := fs.String("audit", "", "append JSON records of each decision and of the command's end to `file`, a regular file (mode 0600)")
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
		raw, shown, form = *command, *command, "shell"
	} else {
		var b strings.Builder
		for _, a := range fs.Args() {
			b.WriteString(a)
			b.WriteByte(0)
		}
		raw, shown, form = b.String(), shellQuoteArgs(fs.Args()), "argv"
	}
	res := policy.Sanitize(shown)

	var audit *auditlog.Log
	if *auditPath != "" {
		var err error
		if audit, err = auditlog.Open(*auditPath); err != nil {
			fmt.Fprintln(s.Stderr, "plainsight approve:", cli.NeutralizeLine(err.Error()))
			return cli.ExitError
		}
		defer audit.Close()
	}
	rec := newRecord(form, raw, policy.Context, res, s.Getenv)
	if *auditText {
		rec.Text = res.Text
	}
	// record writes rec as an event of the audit file, if there is one.
	record := func(event string) error {
		if audit == nil {
			return nil
		}
		rec.Event, rec.Time = event, time.Now().UTC().Format(time.RFC3339Nano)
		err := audit.Append(rec)
		if err != nil {
			fmt.Fprintln(s.Stderr, "plainsight approve:", cli.NeutralizeLine(err.Error()))
		}
		return err
	}

	var sh shell
	if shellSet {
		var err error
		sh, err = findShell(*shellName)
		if err == nil && sh.posix {
			err = checkPOSIX(*command)
		}
		if err != nil {
			rec.Decision, rec.By, rec.Error = refused, "", cli.NeutralizeLine(err.Error())
			fmt.Fprintln(s.Stderr, "plainsight approve: not run:", rec.Error)
			record(eventDecision)
			return cli.ExitError
		}
		rec.Shell = cli.NeutralizeLine(sh.path)
	}

	status := cli.ExitWarnings
	var p *prompt
	switch {
	case *no:
		rec.Decision, rec.By = rejected, "--no"
		fmt.Fprintln(s.Stderr, "plainsight approve: not run: -no")
	case *yes && res.HasWarning() && !*allowWarnings:
		rec.Decision, rec.By, rec.Reason = rejected, "--yes", "warnings"
		fmt.Fprintln(s.Stderr, "plainsight approve: not run: -yes does not approve a command with warnings without -allow-warnings")
		io.WriteString(s.Stderr, show.PlainWarnings(res, ""))
	case *yes:
		rec.Decision, rec.By = approved, "--yes"
	default:
		rec.By = "prompt"
		var ok bool
		var err error
		p, err = openPrompt()
		if err == nil {
			defer p.close()
			ok, err = p.ask(res, s.Getenv)
		}
		switch {
		case err != nil:
			p = nil
			rec.Decision, rec.Error = refused, cli.NeutralizeLine(err.Error())
			fmt.Fprintln(s.Stderr, "plainsight approve: no terminal to ask on; give -yes or -no:", rec.Error)
			status = cli.ExitError
		case ok:
			rec.Decision = approved
		default:
			rec.Decision, rec.Reason = rejected, p.reason
		}
	}
	if rec.Decision != approved {
		if record(eventDecision) != nil {
			return cli.ExitError
		}
		return status
	}

	// Record, then run: a command whose approval is not on disk does not
	// start.
	if record(eventDecision) != nil {
		fmt.Fprintln(s.Stderr, "plainsight approve: not run: the approval could not be recorded")
		return cli.ExitError
	}
	var cmd *exec.Cmd
	if shellSet {
		cmd = exec.Command(sh.path, "-c", *command)
	} else {
		cmd = exec.Command(fs.Arg(0), fs.Args()[1:]...)
	}
	ran := runConnected(cmd, s, func(sig os.Signal) {
		rec.Signal = signalName(sig)
		record(eventSignal)
	})
	if p != nil {
		p.afterCommand()
	}
	status = ran.status
	rec.ExitStatus, rec.Signal, rec.Error = &ran.status, ran.signal, ""
	if ran.err != nil {
		rec.Error = cli.NeutralizeLine(ran.err.Error())
		fmt.Fprintln(s.Stderr, "plainsight approve:", rec.Error)
	}
	if record(eventExit) != nil {
		return cli.ExitError
	}
	return status
}

// newRecord starts the audit record of a decision on raw, the exact bytes
// that would run, whose neutralized form is res.
func newRecord(form, raw string, ctx plainsight.Context, res plainsight.Result, getenv func(string) string) Record {
	sum := sha256.Sum256([]byte(raw))
	rec := Record{
		User:     auditlog.User(getenv),
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

// A run is how a command ended.
type run struct {
	status int    // as a shell gives it: 128+n when signal n ended it, 127 when it could not start
	signal string // the signal that ended it, if one did
	err    error  // why it could not start
}

// runConnected runs cmd with this process's standard streams and returns
// how it ended. It calls signalled for each SIGINT, SIGTERM, SIGHUP or
// SIGQUIT approve receives meanwhile, and passes SIGTERM and SIGHUP on to
// the command, so that stopping approve stops what it started; it waits
// for the command in any case, so that its end is recorded. SIGINT and
// SIGQUIT typed at the terminal reach the command from the terminal
// itself, as it runs in the foreground with approve.
func runConnected(cmd *exec.Cmd, s cli.IO, signalled func(os.Signal)) run {
	cmd.Stdin, cmd.Stdout, cmd.Stderr = s.Stdin, s.Stdout, s.Stderr
	// Catch the signals rather than ignore them: an ignored signal stays
	// ignored in the command, which could then not be interrupted.
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, os.Interrupt, syscall.SIGQUIT, syscall.SIGTERM, syscall.SIGHUP)
	defer signal.Stop(sigs)
	if err := cmd.Start(); err != nil {
		return run{status: 127, err: err}
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
wait:
	for {
		select {
		case sig := <-sigs:
			signalled(sig)
			if sig == syscall.SIGTERM || sig == syscall.SIGHUP {
				cmd.Process.Signal(sig)
			}
		case err = <-done:
			break wait
		}
	}
	// A signal that came as the command ended may still be on its way
	// to sigs: record what is there.
	for drained := false; !drained; {
		select {
		case sig := <-sigs:
			signalled(sig)
		default:
			drained = true
		}
	}
	if err == nil {
		return run{}
	}
	if exitErr, ok := errors.AsType[*exec.ExitError](err); ok {
		if ws, ok := exitErr.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return run{status: 128 + int(ws.Signal()), signal: signalName(ws.Signal())}
		}
		return run{status: exitErr.ExitCode()}
	}
	return run{status: 127, err: err}
}

// signalName names a signal as kill -l does, with SIG in front.
func signalName(sig os.Signal) string {
	names := map[os.Signal]string{
		syscall.SIGHUP: "SIGHUP", syscall.SIGINT: "SIGINT", syscall.SIGQUIT: "SIGQUIT",
		syscall.SIGILL: "SIGILL", syscall.SIGTRAP: "SIGTRAP", syscall.SIGABRT: "SIGABRT",
		syscall.SIGBUS: "SIGBUS", syscall.SIGFPE: "SIGFPE", syscall.SIGKILL: "SIGKILL",
		syscall.SIGSEGV: "SIGSEGV", syscall.SIGPIPE: "SIGPIPE", syscall.SIGALRM: "SIGALRM",
		syscall.SIGTERM: "SIGTERM",
	}
	if name, ok := names[sig]; ok {
		return name
	}
	if n, ok := sig.(syscall.Signal); ok {
		return fmt.Sprintf("signal %d", int(n))
	}
	return cli.NeutralizeLine(sig.String())
}

// A prompt is the controlling terminal, where approve asks.
type prompt struct {
	tty    *os.File
	st     *termState
	reason string // why the answer was no, when it was not typed
}

// openPrompt opens the controlling terminal and makes sure approve can
// control it.
func openPrompt() (*prompt, error) {
	tty, err := os.OpenFile(ttyPath, os.O_RDWR, 0)
	if err != nil {
		return nil, err
	}
	return &prompt{tty: tty}, nil
}

func (p *prompt) close() { p.tty.Close() }

// ask shows the command and its warnings on the terminal and reads the
// answer. A clean command needs y; one with a warning needs yes in full.
// Anything else is no: another answer, end of input, Ctrl-C, a signal, a
// paste.
//
// It draws from a known state (sane): whatever earlier output did to the
// terminal, the prompt shows as written. The answer comes only from key
// presses after the prompt was drawn: input that arrived before is
// discarded, and a bracketed paste is refused.
//
// An error means nobody could be asked: the terminal could not be put in
// key mode or written to.
func (p *prompt) ask(res plainsight.Result, getenv func(string) string) (bool, error) {
	// Ctrl-C at the prompt is a no, recorded like any other; so are
	// SIGTERM and SIGHUP, which would otherwise leave the terminal in
	// key mode. Catch them while the answer is read.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer signal.Stop(sigs)

	st, err := keyMode(p.tty)
	if err != nil {
		return false, err
	}
	p.st = st
	if _, err := io.WriteString(p.tty, promptText(res, render.TerminalOptions{Color: render.ColorFor(p.tty, getenv)})); err != nil {
		st.restore()
		return false, err
	}
	// Keys pressed while the prompt was being drawn were pressed before
	// it could be read.
	st.discard()
	type reply struct {
		answer string
		err    error
	}
	replies := make(chan reply, 1)
	go func() {
		// Closing tty ends this read if it is still waiting.
		answer, err := readAnswer(bufio.NewReader(p.tty), p.tty)
		replies <- reply{answer, err}
	}()
	var r reply
	select {
	case r = <-replies:
	case sig := <-sigs:
		if sig == os.Interrupt {
			p.reason = "interrupt"
		} else {
			p.reason = signalName(sig)
		}
	}
	io.WriteString(p.tty, bracketedPasteOff)
	st.restore()
	switch {
	case p.reason != "":
	case errors.Is(r.err, errPasted):
		p.reason = "pasted"
		io.WriteString(p.tty, "\r\nplainsight approve: "+errPasted.Error())
	case r.err == io.EOF:
		p.reason = "end of input"
	case r.err != nil:
		p.reason = "terminal: " + cli.NeutralizeLine(r.err.Error())
	}
	answer := strings.ToLower(strings.TrimSpace(r.answer))
	ok := p.reason == "" && (answer == "yes" || (!res.HasWarning() && answer == "y"))
	if !ok {
		io.WriteString(p.tty, "\r\nnot run\r\n")
	}
	return ok, nil
}

// afterCommand puts the terminal back in a known state after an approved
// command, which may have left it in any: attributes as approve found them,
// the sane screen state and bracketed paste off, before anything else is
// drawn.
func (p *prompt) afterCommand() {
	if p.st != nil {
		p.st.reinstate()
	}
	io.WriteString(p.tty, sane+bracketedPasteOff)
}

// promptText is what ask draws: the reset to a known state, bracketed
// paste turned on (first, so that it is on once the question shows), the
// command, its warnings and the question, each line erased before it is
// written.
func promptText(res plainsight.Result, opts render.TerminalOptions) string {
	var b strings.Builder
	b.WriteString(beforePrompt + bracketedPasteOn)
	line := func(s string) { b.WriteString(lineStart + s + "\r\n") }
	line("plainsight approve: the command is")
	line("")
	for l := range strings.Lines(render.TerminalText(res, opts)) {
		line("    " + strings.TrimSuffix(l, "\n"))
	}
	line("")
	warnings := render.TerminalWarnings(res, opts)
	if !opts.Color {
		// No underline shows the foreign characters: name them.
		warnings = show.PlainWarnings(res, "")
	}
	for l := range strings.Lines(warnings) {
		line(strings.TrimSuffix(l, "\n"))
	}
	b.WriteString(lineStart)
	if res.HasWarning() {
		b.WriteString("The command has warnings. Type yes to run it, anything else refuses: ")
	} else {
		b.WriteString("Run it? [y/N] ")
	}
	return b.String()
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
