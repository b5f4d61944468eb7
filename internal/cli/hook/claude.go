package hook

import (
	"io"

	"github.com/plainsight-dev/plainsight/internal/cli"
)

// claudeCode is Claude Code's PreToolUse hook
// (https://code.claude.com/docs/en/hooks). Input: session_id,
// transcript_path, cwd, permission_mode, hook_event_name, tool_name,
// tool_input {command, description, timeout, run_in_background},
// tool_use_id. Output, with exit status 0: hookSpecificOutput with a
// permissionDecision of allow, deny or ask and its reason; the reason of
// an ask is shown to the person in the permission prompt, that of a deny
// to the model. No output leaves the call to the permission rules. Exit 2
// blocks the call with standard error as the reason; any other status is
// a non-blocking error and the call proceeds.
var claudeCode = &agent{
	name:       "claude-code",
	shellTools: []string{"Bash"},
	answer:     claudeAnswer,
	config: func(command string) string {
		return settingsJSON(map[string]any{"hooks": map[string]any{
			"PreToolUse": []hookEntry{{Matcher: "Bash", Hooks: []hookCommand{{Type: "command", Command: command}}}},
		}})
	},
}

func claudeAnswer(w io.Writer, v verdict) (int, error) {
	if v.decision == none {
		return cli.ExitClean, nil
	}
	reason, message := v.reason, ""
	switch v.decision {
	case allow:
		reason = "plainsight: nothing hidden or misleading in this command"
	case deny:
		// The reason of a deny goes to the model only; the system
		// message is shown to the person.
		message = v.reason
	}
	return cli.ExitClean, writeClaudeAnswer(w, v.decision.String(), reason, message)
}

// writeClaudeAnswer writes the PreToolUse answer of Claude Code (and
// Codex): {"hookSpecificOutput":{"hookEventName":"PreToolUse",
// "permissionDecision":…,"permissionDecisionReason":…},"systemMessage":…},
// the reason and the message left out when empty.
func writeClaudeAnswer(w io.Writer, decision, reason, message string) error {
	return writeObject(w,
		member{name: "hookSpecificOutput", members: []member{
			{name: "hookEventName", value: "PreToolUse", keep: true},
			{name: "permissionDecision", value: decision, keep: true},
			{name: "permissionDecisionReason", value: reason},
		}},
		member{name: "systemMessage", value: message})
}
