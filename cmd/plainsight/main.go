// Command plainsight shows untrusted text safely and says what was hidden in
// it.
//
// Usage:
//
//	plainsight [check] [-json] [-keep-tab] [-color auto|always|never] [-context command|prose|any] [file ...]
//	plainsight scan [-format text|json|sarif] [-fail-on warn|info|never] [-allow-binary] [-no-git] [path ...]
//	plainsight approve [flags] -- command [arg ...]
//	plainsight approve [flags] -c 'shell command'
//	plainsight hook claude-code|gemini|codex|json [flags]
//	plainsight term [-mode strip|visualize|off] [-plain] [file ...]
//	plainsight clean [-cr newline|overwrite] [-unicode escape|remove|keep] [file ...]
//	plainsight run [-raw-dir DIR] [--] command [arg ...]
//	plainsight dump [file ...]
//	plainsight demo
//	plainsight explain [kind ...]
//	plainsight help [command]
//	plainsight --version
//
// check (the default) is for approval views and audit records (package
// plainsight); scan is a CI gate over a tree; approve is a confirmation
// prompt in front of a shell; term filters model and tool output for a
// terminal (package term); clean, run and dump are the agent boundary
// (package transcript).
//
// check prints the neutralized text to standard output and one line per
// warning to standard error. On a terminal, escapes are shown in reverse
// video and warnings in bold yellow; NO_COLOR, TERM=dumb or output that is
// not a terminal turn colour off, FORCE_COLOR turns it on.
//
// Exit status, for every command: 0 nothing to stop for (no warn-level
// finding, or text made safe by a filter; approve passes on the status of
// the command it ran), 1 warn-level findings or a refusal, 2 plainsight
// could not do its work. Flags take one dash or two: -json and --json are
// the same.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/plainsight-dev/plainsight/internal/buildinfo"
	"github.com/plainsight-dev/plainsight/internal/cli"
	"github.com/plainsight-dev/plainsight/internal/cli/approve"
	"github.com/plainsight-dev/plainsight/internal/cli/check"
	"github.com/plainsight-dev/plainsight/internal/cli/hook"
	_ "github.com/plainsight-dev/plainsight/internal/cli/hookstack" // one stack growth, before the rest initialises
	"github.com/plainsight-dev/plainsight/internal/cli/scan"
	"github.com/plainsight-dev/plainsight/internal/cli/stream"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Getenv))
}

// A command is one subcommand of plainsight.
type command struct {
	name     string
	synopsis string // the arguments, for the usage line
	summary  string // one paragraph for help
	run      func(args []string, s cli.IO) int
}

// commands lists the subcommands in the order help shows them. It is filled
// in init, as help refers to it.
var commands []command

func init() {
	commands = []command{
		{"check", "[-json] [-keep-tab] [-color auto|always|never] [-context command|prose|any] [file ...]",
			"Shows untrusted text safely and reports what it hides: the neutralized text on\nstandard output, one line per warning on standard error. The text is read as\na shell command unless -context says otherwise. With -json, one audit record\nper input (docs/audit.md). It is the default command.", check.Main},
		{"scan", "[-format text|json|sarif] [-fail-on warn|info|never] [-allow-binary] [-no-git] [-no-ignore] [path ...]",
			"Scans files for hidden text and prints one finding per line as\npath:line:col: severity kind: explanation. In a git work tree it reads what\ngit would ship; each file whole, whatever its size (docs/scan.md).", scan.Main},
		{"approve", "[-yes|-no] [-allow-warnings] [-audit FILE] [-audit-text] [-context any|command] [-shell bash|sh] (-c 'shell command' | -- command [arg ...])",
			"Shows a command neutralized on the terminal, with its warnings, and runs its\noriginal bytes only if the user approves: y for a clean command, yes in\nfull for one with warnings. The default is always no.", approve.Main},
		{"hook", "claude-code|gemini|codex|json [-allow-clean] [-deny-warnings] [-audit FILE] [-print-config]",
			"Answers a coding agent's pre-tool hook: reads one tool call as JSON on standard\ninput and, for a shell command with warnings, has the agent ask the person or\ndeny it, with the command and its warnings in plain ASCII as the reason.\nAnything it cannot read is denied. -print-config prints the settings snippet\nfor the agent (docs/agents.md).", hook.Main},
		{"term", "[-mode strip|visualize|off] [-plain] [file ...]",
			"Filters model or tool output for a terminal: colours kept, everything else\nthat changes terminal state dropped.", stream.Term},
		{"clean", "[-cr newline|overwrite] [-unicode escape|remove|keep] [file ...]",
			"Cleans command output for an agent; the removal report goes to standard\nerror as JSON.", stream.Clean},
		{"run", "[-raw-dir DIR] [--] command [arg ...]",
			"Runs a command over pipes and prints its JSON envelope: cleaned stdout and\nstderr, removal reports, exit code, and the raw bytes' hashes.", stream.Run},
		{"dump", "[file ...]",
			"Shows raw bytes as offsets, hex and caret notation; never emits a control\nbyte.", stream.Dump},
		{"demo", "[-json] [-color auto|always|never]",
			"Shows a hostile approval prompt as a terminal would, then neutralized.", check.Demo},
		{"explain", "[kind ...]",
			"Prints the documentation of each kind of finding named, as docs/warnings.md\nand docs/scan.md have it; with none, lists every kind.", scan.Explain},
		{"help", "[command]", "Shows the usage of plainsight or of one command.", helpCmd},
	}
}

// lookup returns the command called name, or nil.
func lookup(name string) *command {
	for i := range commands {
		if commands[i].name == name {
			return &commands[i]
		}
	}
	return nil
}

// usage is the head of c's usage, above its flags.
func (c *command) usage() string {
	return fmt.Sprintf("usage: plainsight %s %s\n\n%s\n", c.name, c.synopsis, c.summary)
}

// invoke runs c with its usage.
func (c *command) invoke(args []string, s cli.IO) int {
	s.Usage = c.usage()
	return c.run(args, s)
}

// run is the whole command, apart from the process, so tests can call it.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	s := cli.IO{Stdin: stdin, Stdout: stdout, Stderr: stderr, Getenv: getenv}
	if len(args) == 1 && (args[0] == "--version" || args[0] == "-version" || args[0] == "version") {
		fmt.Fprintln(stdout, buildinfo.Read())
		return cli.ExitClean
	}
	if len(args) > 0 {
		if c := lookup(args[0]); c != nil {
			return c.invoke(args[1:], s)
		}
	}
	return lookup("check").invoke(args, s)
}

// helpCmd prints the usage of plainsight, or of the one command named.
// exitHelp says what the exit statuses mean, the same for every command
// (cli.ExitClean and the rest).
const exitHelp = `Exit status, the same for every command:
  0  nothing to stop for: no warn-level finding (info alone is 0), or the
     text was made safe (clean, run, term); approve exits with the status
     of the command it ran
  1  findings that need a person (warn-level; scan: at -fail-on), or a
     refusal (approve rejected)
  2  plainsight could not do its work: a usage error, an unreadable input,
     an audit record it could not write; it outranks 1
`

func helpCmd(args []string, s cli.IO) int {
	switch {
	case len(args) == 0:
		fmt.Fprintf(s.Stdout, "plainsight shows untrusted text safely and says what was hidden in it.\n\nUsage:\n\n")
		for _, c := range commands {
			fmt.Fprintf(s.Stdout, "\tplainsight %s %s\n", c.name, c.synopsis)
		}
		fmt.Fprintf(s.Stdout, "\nWith no command, plainsight runs check. \"plainsight help COMMAND\" shows the\nflags of one.\n\n%s", exitHelp)
		return cli.ExitClean
	case len(args) == 1 && args[0] == "help":
		io.WriteString(s.Stdout, lookup("help").usage())
		return cli.ExitClean
	case len(args) == 1 && lookup(args[0]) != nil:
		// Every command prints its usage on -h, to standard error as the
		// flag package does; help prints it to standard output.
		s.Stderr = s.Stdout
		lookup(args[0]).invoke([]string{"-h"}, s)
		return cli.ExitClean
	}
	fmt.Fprintf(s.Stderr, "plainsight help: unknown command %s\n", cli.NeutralizeLine(fmt.Sprint(args)))
	return cli.ExitError
}
