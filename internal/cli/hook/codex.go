package hook

import (
	"io"

	"github.com/plainsight-dev/plainsight/internal/cli"
)

// codex is Codex CLI's PreToolUse hook
// (https://developers.openai.com/codex/hooks). Input: session_id,
// turn_id, transcript_path, cwd, hook_event_name, model, permission_mode,
// tool_name ("Bash" for shell commands), tool_input {command},
// tool_use_id. Output: hookSpecificOutput with permissionDecision "deny"
// and its reason blocks the call, systemMessage is shown; exit 2 with the
// reason on standard error blocks too. permissionDecision "ask" is parsed
// but not supported: Codex marks the hook failed and runs the call, so a
// warning denies. "allow" only goes with a rewritten input, which this
// hook never makes.
var codex = &agent{
	name:       "codex",
	shellTools: []string{"Bash"},
	noAsk:      true,
	noAllow:    true,
	answer:     codexAnswer,
	config: func(command string) string {
		return settingsJSON(map[string]any{"hooks": map[string]any{
			"PreToolUse": []hookEntry{{Matcher: "Bash", Hooks: []hookCommand{{Type: "command", Command: command}}}},
		}})
	},
}

func codexAnswer(w io.Writer, v verdict) (int, error) {
	if v.decision != deny {
		return cli.ExitClean, nil
	}
	return cli.ExitClean, writeClaudeAnswer(w, "deny", v.reason, v.reason)
}
