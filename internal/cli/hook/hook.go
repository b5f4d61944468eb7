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
	"os"
	"strings"
	"sync/atomic"
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
	return runAs([]string{"plainsight", "hook"}, args, s)
}

// Standalone is Main for the plainsight-hook command (cmd/plainsight-hook),
// which links the hook alone and so starts faster than plainsight: the
// snippet of -print-config runs plainsight-hook.
func Standalone(args []string, s cli.IO) int {
	return runAs([]string{"plainsight-hook"}, args, s)
}

// runAs is Main for the command whose words are command.
func runAs(command, args []string, s cli.IO) int {
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
		_, err := io.WriteString(s.Stdout, a.config(installedCommand(command, a.name, fs)))
		if err != nil {
			fmt.Fprintln(s.Stderr, "plainsight hook:", cli.NeutralizeLine(err.Error()))
			return cli.ExitError
		}
		return cli.ExitClean
	}

	opts := options{allowClean: *allowClean, denyWarnings: *denyWarnings}
	answer := func(v verdict) int {
		if *auditPath != "" {
			if err := record(*auditPath, a, v, s.Getenv); err != nil {
				v = fault(fmt.Errorf("the audit record could not be written: %w", err))
			}
		}
		return a.respond(v, s)
	}
	return within(*timeout, func() verdict { return judge(a, s.Stdin, opts) }, answer)
}

// agentArg takes the agent's name off the front of args, when it comes
// before the flags.
func agentArg(args []string) (name string, rest []string) {
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		return args[0], args[1:]
	}
	return "", args
}

// exit ends the process with a status; tests replace it.
var exit = os.Exit

// within answers f's verdict, or a fault if f panics, and returns the
// exit status of the answer. f runs on the calling goroutine: a goroutine
// of its own would start a thread and grow a new stack in every hook call,
// a good part of what the call costs. If f takes longer than d, the
// timer's goroutine answers the timeout and ends the process, leaving f
// running; whichever of the two comes first answers, the other never does.
func within(d time.Duration, f func() verdict, answer func(verdict) int) int {
	var answered atomic.Bool
	late := make(chan int, 1)
	timer := time.AfterFunc(d, func() {
		if answered.CompareAndSwap(false, true) {
			status := answer(fault(fmt.Errorf("reading the command took longer than %v", d)))
			late <- status
			exit(status)
		}
	})
	v := protect(f)
	timer.Stop()
	if !answered.CompareAndSwap(false, true) {
		return <-late // the timeout answered (and, but in tests, exited)
	}
	return answer(v)
}

// protect returns f's verdict, or a fault if f panics.
func protect(f func() verdict) (v verdict) {
	defer func() {
		if p := recover(); p != nil {
			v = fault(fmt.Errorf("internal error: %v", p))
		}
	}()
	return f()
}
