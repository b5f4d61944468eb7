package hook

import (
	"io"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/internal/cli"
)

// generic is the json agent, for any agent with a hook of its own: input
// {"command": "…"}, output one line of JSON with the decision ("allow",
// "ask" or "deny"), the reason and the Result; exit status 0 for allow, 1
// for ask, 2 for deny, faults included. "allow" means plainsight found
// nothing to warn about, not that the command is safe.
var generic = &agent{
	name:   "json",
	answer: genericAnswerOf,
	config: func(command string) string {
		return "# Pipe {\"command\": \"...\"} to this command; read the decision from its\n# standard output (docs/agents.md):\n" + command + "\n"
	},
}

type genericAnswer struct {
	Decision string             `json:"decision"`
	Reason   string             `json:"reason,omitempty"`
	Result   *plainsight.Result `json:"result,omitempty"`
}

func genericAnswerOf(w io.Writer, v verdict) (int, error) {
	out := genericAnswer{Decision: v.decision.String(), Reason: v.reason, Result: &v.res}
	status := cli.ExitClean
	switch v.decision {
	case none:
		out.Decision = "allow" // the json agent has no "no opinion"
	case ask:
		status = cli.ExitWarnings
	case deny:
		status = cli.ExitError
	}
	return status, writeJSON(w, out)
}
