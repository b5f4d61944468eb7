package hook

import (
	"fmt"
	"io"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/internal/cli"
)

// A decision is what a hook answers for one tool call.
type decision uint8

const (
	// none leaves the call to the agent's own rules: a clean command, a
	// command with info-level findings only, or a tool that runs no shell.
	none decision = iota
	// allow approves the call (only with -allow-clean, on a clean command).
	allow
	// ask has the agent ask the person, with the reason in its dialog.
	ask
	// deny blocks the call.
	deny
)

var decisionNames = [...]string{none: "none", allow: "allow", ask: "ask", deny: "deny"}

func (d decision) String() string { return decisionNames[d] }

// A verdict is a decision and what it rests on.
type verdict struct {
	decision decision
	// reason is the plain ASCII text the agent shows: the command and its
	// warnings, or what went wrong. Empty for none and a plain allow.
	reason string
	// err is the fault that denied the call, if one did.
	err error
	// tool is the tool the call is for, neutralized; command its shell
	// command and res the command's reading, when there is one.
	tool    string
	cwd     string
	command string
	read    bool
	res     plainsight.Result
}

// fault returns the denial of a call that could not be judged.
func fault(err error) verdict {
	return verdict{decision: deny, err: err, reason: faultReason(err)}
}

// faultReason is what the agent shows for a fault.
func faultReason(err error) string {
	return asciiLine("plainsight denied this call: " + cli.NeutralizeLine(err.Error()) + ". The hook fails closed; run the command by hand if it is what you want.")
}

// judge reads one tool call from r and decides on it for agent a.
func judge(a *agent, r io.Reader, opts options) verdict {
	c, err := readCall(a, r)
	if err != nil {
		return fault(err)
	}
	v := verdict{tool: c.tool, cwd: c.cwd}
	if !c.shell {
		return v // no shell command: no opinion
	}
	v.command, v.read = c.command, true
	v.res = plainsight.Command(c.command)
	switch {
	case v.res.HasWarning():
		v.decision = ask
		if a.noAsk || opts.denyWarnings {
			v.decision = deny
		}
		v.reason = reason(c.command, v.res, v.decision)
	case opts.allowClean && v.res.Clean():
		v.decision = allow
	}
	return v
}

// String describes v for messages and tests.
func (v verdict) String() string {
	return fmt.Sprintf("%s %q", v.decision, v.reason)
}
