package hook

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/cli"
)

// An agent is one hook protocol.
type agent struct {
	name string
	// shellTools lists the tool names whose tool_input.command the agent
	// runs as shell code; every other tool gets no opinion. nil means the
	// input is {"command": …} itself (the json agent).
	shellTools []string
	noAsk      bool // the protocol cannot ask the person: a warning denies
	noAllow    bool // the protocol cannot allow a call
	// answer writes the answer to a decision that is not a fault and
	// returns the exit status.
	answer func(w io.Writer, v verdict) (int, error)
	// config returns the settings snippet that runs command as the hook.
	config func(command string) string
}

// agents lists the protocols, in the order help names them.
var agents = []*agent{claudeCode, gemini, codex, generic}

func lookup(name string) *agent {
	for _, a := range agents {
		if a.name == name {
			return a
		}
	}
	return nil
}

func agentNames() string {
	names := make([]string, len(agents))
	for i, a := range agents {
		names[i] = a.name
	}
	return strings.Join(names, ", ")
}

// respond answers v in a's protocol. A fault, and an answer that cannot
// be written, deny by exit status 2 with the reason on standard error,
// which every protocol honours: no fault ends in another status, which
// the agents take for a broken hook and let the call proceed.
func (a *agent) respond(v verdict, s cli.IO) int {
	if v.err == nil {
		status, err := a.answer(s.Stdout, v)
		if err == nil {
			return status
		}
		v = fault(fmt.Errorf("the answer could not be written: %w", err))
	}
	if a == generic {
		// The json agent reads its answer from standard output; it may
		// be broken, and the status says the same.
		writeJSON(s.Stdout, genericAnswer{Decision: deny.String(), Reason: v.reason})
	}
	fmt.Fprintln(s.Stderr, v.reason)
	return cli.ExitError
}

// writeJSON writes v as one line of JSON in printable ASCII: every
// character outside it written as a \u escape, so that the answer is safe
// to show wherever an agent logs it, and <, > and & as they are, since the
// reason is shown as text, not embedded in HTML.
func writeJSON(w io.Writer, v any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	out := make([]byte, 0, b.Len())
	for _, r := range b.String() {
		switch {
		case r < utf8.RuneSelf && r != 0x7F:
			out = append(out, byte(r))
		case r > 0xFFFF:
			r1, r2 := utf16.EncodeRune(r)
			out = fmt.Appendf(out, `\u%04x\u%04x`, r1, r2)
		default:
			out = fmt.Appendf(out, `\u%04x`, r)
		}
	}
	_, err := w.Write(out)
	return err
}

// installedCommand is the command line that --print-config installs for
// agent name: command (plainsight hook, or plainsight-hook) with the
// flags given, bar -print-config,
// then "|| exit 2" for the agents, which run it with a shell: a plainsight
// that is missing from PATH (127) or killed by a signal then denies the
// call instead of letting it through.
func installedCommand(command []string, name string, fs *flag.FlagSet) string {
	line := hookCommandLine(command, name, fs)
	if name == generic.name {
		return line
	}
	return line + " || exit 2"
}

// hookCommandLine is command and the agent's name with the flags given,
// bar -print-config.
func hookCommandLine(command []string, name string, fs *flag.FlagSet) string {
	words := append(append([]string{}, command...), name)
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "print-config" {
			return
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			words = append(words, "--"+f.Name)
			return
		}
		words = append(words, "--"+f.Name, shellQuote(f.Value.String()))
	})
	return strings.Join(words, " ")
}

// shellQuote quotes s for a POSIX shell, which the agents run hook
// commands with, when it holds anything but safe characters.
func shellQuote(s string) string {
	safe := s != ""
	for _, c := range []byte(s) {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-_./=:,+@%", c) >= 0) {
			safe = false
			break
		}
	}
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// settingsJSON renders a settings snippet as the agents' documentation
// writes them: indented by two spaces.
func settingsJSON(v any) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		panic(err) // maps of strings always encode
	}
	return b.String()
}

// A hookEntry is one matcher group of the Claude Code, Codex and Gemini
// settings: a tool matcher and the commands to run.
type hookEntry struct {
	Matcher string        `json:"matcher"`
	Hooks   []hookCommand `json:"hooks"`
}

type hookCommand struct {
	Type    string `json:"type"`
	Command string `json:"command"`
	Name    string `json:"name,omitempty"`
	Timeout int    `json:"timeout,omitempty"`
}
