package hook

import (
	"io"

	"github.com/plainsight-dev/plainsight/internal/cli"
)

// gemini is Gemini CLI's BeforeTool hook
// (https://geminicli.com/docs/hooks/reference). Input: session_id,
// transcript_path, cwd, hook_event_name, timestamp, tool_name, tool_input
// {command, description, dir_path, is_background} for run_shell_command.
// Output, with exit status 0: one JSON object and nothing else on
// standard output; decision "deny" blocks the call and its reason goes to
// the model as the tool's error, systemMessage is shown to the person.
// There is no ask. Exit 2 blocks with standard error as the reason; any
// other status is a warning and the call proceeds.
var gemini = &agent{
	name:       "gemini",
	shellTools: []string{"run_shell_command"},
	noAsk:      true,
	answer:     geminiAnswer,
	config: func(command string) string {
		return settingsJSON(map[string]any{"hooks": map[string]any{
			"BeforeTool": []hookEntry{{Matcher: "run_shell_command", Hooks: []hookCommand{{Type: "command", Command: command, Name: "plainsight"}}}},
		}})
	},
}

func geminiAnswer(w io.Writer, v verdict) (int, error) {
	// Standard output is parsed as JSON whatever the decision: no opinion
	// is an empty object.
	var decision, reason string
	switch v.decision {
	case allow:
		decision = "allow"
	case ask, deny:
		decision, reason = "deny", v.reason
	}
	return cli.ExitClean, writeObject(w,
		member{name: "decision", value: decision},
		member{name: "reason", value: reason},
		member{name: "systemMessage", value: reason})
}
