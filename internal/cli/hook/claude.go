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

type claudeOutput struct {
	HookSpecificOutput claudeDecision `json:"hookSpecificOutput"`
	// SystemMessage is shown to the person; set on a deny, whose reason
	// goes to the model only.
	SystemMessage string `json:"systemMessage,omitempty"`
}

type claudeDecision struct {
	HookEventName            string `json:"hookEventName"`
	PermissionDecision       string `json:"permissionDecision"`
	PermissionDecisionReason string `json:"permissionDecisionReason,omitempty"`
}

func claudeAnswer(w io.Writer, v verdict) (int, error) {
	if v.decision == none {
		return cli.ExitClean, nil
	}
	out := claudeOutput{HookSpecificOutput: claudeDecision{
		HookEventName:            "PreToolUse",
		PermissionDecision:       v.decision.String(),
		PermissionDecisionReason: v.reason,
	}}
	switch v.decision {
	case allow:
		out.HookSpecificOutput.PermissionDecisionReason = "plainsight: nothing hidden or misleading in this command"
	case deny:
		out.SystemMessage = v.reason
	}
	return cli.ExitClean, writeJSON(w, out)
}
