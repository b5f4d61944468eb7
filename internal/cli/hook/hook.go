// Package hook is the hook command: the adapter between the pre-tool hooks
// of coding agents (Claude Code, Gemini CLI, Codex CLI, or any agent that
// speaks plain JSON) and the command reading of package plainsight. It
// reads one tool call from standard input, reads its shell command the way
// Bash will, and answers in the agent's own protocol: no opinion for a
// clean command, ask or deny for one with warnings, deny for anything it
// cannot read. docs/agents.md describes each protocol.
package hook

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/plainsight-dev/plainsight/internal/cli"
)

// MaxInput is the most bytes of hook input read; a larger payload is
// denied, so that no input can make a hook call slow or large.
const MaxInput = 1 << 20

// defaultTimeout bounds a whole hook call: past it the call is denied.
// The agents give a hook 60 seconds or more and, when it is killed for
// taking longer, let the tool call proceed; the hook answers first.
const defaultTimeout = 10 * time.Second

// options are the flags that change a decision.
type options struct {
	allowClean   bool // allow a clean command instead of giving no opinion
	denyWarnings bool // deny a command with warnings instead of asking
}

// Main runs hook with args, the arguments after "hook": the agent's name
// and the flags, in either order. It returns the exit status the agent's
// protocol gives the decision: 0, or 2 for a denial the protocol makes by
// exit status; never another status on a fault.
func Main(args []string, s cli.IO) int {
	name, args := agentArg(args)
	fs := cli.NewFlags("hook", s)
	allowClean := fs.Bool("allow-clean", false, "allow a clean command instead of leaving it to the agent's own rules (claude-code, gemini, json)")
	denyWarnings := fs.Bool("deny-warnings", false, "deny a command with warnings instead of asking the person (claude-code, json)")
	auditPath := fs.String("audit", "", "append one JSON record per decision to `file` (mode 0600); a record that cannot be written denies")
	printConfig := fs.Bool("print-config", false, "print the settings snippet that installs this hook in the agent, and exit")
	timeout := fs.Duration("timeout", defaultTimeout, "deny a call that takes longer than this")
	if status, done := cli.ParseFlags(fs, args); done {
		return status
	}
	if name == "" && fs.NArg() > 0 {
		name = fs.Arg(0)
		if status, done := cli.ParseFlags(fs, fs.Args()[1:]); done {
			return status
		}
	}
	a := lookup(name)
	switch {
	case a == nil && name == "":
		fmt.Fprintf(s.Stderr, "plainsight hook: name the agent: %s\n", agentNames())
		return cli.ExitError
	case a == nil:
		fmt.Fprintf(s.Stderr, "plainsight hook: unknown agent %s; known: %s\n", cli.NeutralizeLine(name), agentNames())
		return cli.ExitError
	case fs.NArg() > 0:
		fmt.Fprintf(s.Stderr, "plainsight hook: unexpected argument %s\n", cli.NeutralizeLine(fs.Arg(0)))
		return cli.ExitError
	case *allowClean && a.noAllow:
		fmt.Fprintf(s.Stderr, "plainsight hook %s: -allow-clean: this agent's hooks cannot allow a call\n", a.name)
		return cli.ExitError
	case *timeout <= 0:
		fmt.Fprintln(s.Stderr, "plainsight hook: -timeout must be positive")
		return cli.ExitError
	}
	if *printConfig {
		_, err := io.WriteString(s.Stdout, a.config(installedCommand(a.name, fs)))
		if err != nil {
			fmt.Fprintln(s.Stderr, "plainsight hook:", cli.NeutralizeLine(err.Error()))
			return cli.ExitError
		}
		return cli.ExitClean
	}

	opts := options{allowClean: *allowClean, denyWarnings: *denyWarnings}
	v := within(*timeout, func() verdict { return judge(a, s.Stdin, opts) })
	if *auditPath != "" {
		if err := record(*auditPath, a, v, s.Getenv); err != nil {
			v = fault(fmt.Errorf("the audit record could not be written: %w", err))
		}
	}
	return a.respond(v, s)
}

// agentArg takes the agent's name off the front of args, when it comes
// before the flags.
func agentArg(args []string) (name string, rest []string) {
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		return args[0], args[1:]
	}
	return "", args
}

// within runs f and returns its verdict, or a fault if f panics or takes
// longer than d. A call that outlives d is left running: the process ends
// with the denial.
func within(d time.Duration, f func() verdict) verdict {
	done := make(chan verdict, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- fault(fmt.Errorf("internal error: %v", p))
			}
		}()
		done <- f()
	}()
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case v := <-done:
		return v
	case <-timer.C:
		return fault(fmt.Errorf("reading the command took longer than %v", d))
	}
}
