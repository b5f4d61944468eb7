package hook

import (
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"
)

// FuzzQuickCall checks that quickCall, wherever it answers, answers what
// decodeCall, the reading through encoding/json, does, for every agent.
func FuzzQuickCall(f *testing.F) {
	fixtures, _ := filepath.Glob("../../../cmd/plainsight/testdata/hook/*/*.json")
	for _, name := range fixtures {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	for _, s := range []string{
		`{"tool_name":"Bash","tool_input":{"command":"ls"}}`,
		`{"tool_name":"Bash","tool_input":{"command":"a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00\ud800x\udc00\ud800\u0041"},"cwd":"/tmp"}`,
		`{"tool_name":"Bash","tool_name":"Read","tool_input":{"command":1}}`,
		`{"tool\u005fname":"Bash","tool_input":{"command":"ls","command":"rm"},"cwd":null}`,
		`{"tool_name":"run_shell_command","tool_input":{"command":"ls","x":[{"y":"}"}],"z":-1.5e3,"t":true}} `,
		`{"command":"ls"}`,
		` {"command":"ls", "cwd" : 3 } `,
		`{"tool_name":"Bash","tool_input":null}`,
		`{"tool_name":"Bash","tool_input":"ls"}`,
		`[{"command":"ls"}]`,
		`{"command":"ls"}{}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > MaxInput || !utf8.Valid(data) {
			return
		}
		for _, a := range agents {
			got, ok := quickCall(a, data)
			if !ok {
				continue
			}
			want, err := decodeCall(a, data)
			if err != nil {
				t.Fatalf("%s: quickCall read %q as %+v, decodeCall: %v", a.name, data, got, err)
			}
			if got != want {
				t.Fatalf("%s: quickCall read %q as %+v, decodeCall as %+v", a.name, data, got, want)
			}
		}
	})
}

// TestQuickCallAnswers checks that quickCall answers the well-formed
// inputs of the fixtures, which a hook call reads without reflection.
func TestQuickCallAnswers(t *testing.T) {
	for _, s := range []string{
		`{"session_id":"x","cwd":"/home/dev","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git status","description":"d","timeout":120000},"tool_use_id":"t"}`,
		`{"tool_name":"Bash","tool_input":{"command":"echo \"\u0456\""}}`,
	} {
		if _, ok := quickCall(claudeCode, []byte(s)); !ok {
			t.Errorf("quickCall does not answer %s", s)
		}
	}
}
