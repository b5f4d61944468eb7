package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plainsight-dev/plainsight/internal/cli/clitest"
	"github.com/plainsight-dev/plainsight/internal/cli/hook"
)

// TestHookFixtures runs plainsight hook on each agent's payloads in
// testdata/hook/AGENT, as the agent runs it: the payload on standard
// input, the flags of NAME.args if there is one, and compares the exit
// status, standard output and standard error with NAME.golden. The
// payloads are the agents' documented samples (.json) and inputs no
// agent should send (.txt), which must be denied.
func TestHookFixtures(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join("testdata", "hook", "*"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, dir := range dirs {
		agent := filepath.Base(dir)
		inputs, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		txt, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
		for _, in := range append(inputs, txt...) {
			name := strings.TrimSuffix(filepath.Base(in), filepath.Ext(in))
			t.Run(agent+"/"+name, func(t *testing.T) {
				stdin, err := os.ReadFile(in)
				if err != nil {
					t.Fatal(err)
				}
				args := []string{"hook", agent}
				if extra, err := os.ReadFile(strings.TrimSuffix(in, filepath.Ext(in)) + ".args"); err == nil {
					args = append(args, strings.Fields(string(extra))...)
				}
				got := prog.Exec(t, clitest.Run{Args: args, Stdin: string(stdin)})
				clitest.Golden(t, filepath.Join("hook", agent, name), got)
				checkHookOutput(t, filepath.Ext(in) == ".txt", got)
			})
		}
	}
}

// checkHookOutput checks what every hook answer must hold, whatever the
// golden says: a denial for input no agent sends, an exit status of 0 or
// 2 (or 1, the json agent's ask), and output in printable ASCII.
func checkHookOutput(t *testing.T, bad bool, got string) {
	t.Helper()
	status := strings.SplitN(strings.TrimPrefix(got, "-- status --\n"), "\n", 2)[0]
	if bad && status != "2" {
		t.Errorf("bad input: exit status %s, want 2", status)
	}
	if status != "0" && status != "1" && status != "2" {
		t.Errorf("exit status %s: the agents take it for a broken hook and run the call", status)
	}
	for i, r := range got {
		if r != '\n' && (r < ' ' || r > '~') {
			t.Fatalf("output holds %U at byte %d; a reason must be printable ASCII", r, i)
		}
	}
}

// TestHookEmptyInput runs each agent's hook on empty standard input, which
// no agent sends and every hook must deny (a fixture file for it would be
// an empty file).
func TestHookEmptyInput(t *testing.T) {
	for _, agent := range []string{"claude-code", "codex", "gemini"} {
		t.Run(agent, func(t *testing.T) {
			got := prog.Exec(t, clitest.Run{Args: []string{"hook", agent}})
			clitest.Golden(t, filepath.Join("hook", agent, "empty"), got)
			checkHookOutput(t, true, got)
		})
	}
}

// TestHookOversized checks that a payload over hook.MaxInput is denied
// without being read whole.
func TestHookOversized(t *testing.T) {
	pad := strings.Repeat(" ", hook.MaxInput)
	stdin := `{"tool_name":"Bash","tool_input":{"command":"ls` + pad + `"}}`
	for _, agent := range []string{"claude-code", "gemini", "codex", "json"} {
		t.Run(agent, func(t *testing.T) {
			got := prog.Exec(t, clitest.Run{Args: []string{"hook", agent}, Stdin: stdin})
			clitest.Golden(t, filepath.Join("hook", agent, "oversized"), got)
			checkHookOutput(t, true, got)
		})
	}
}

// TestHookPrintConfig checks each agent's settings snippet, with the flags
// it passes on.
func TestHookPrintConfig(t *testing.T) {
	for _, tt := range []struct {
		agent, name string
		args        []string
	}{
		{"claude-code", "config", nil},
		{"claude-code", "config-flags", []string{"--deny-warnings", "--audit", "/var/log/plainsight hooks.log"}},
		{"gemini", "config", nil},
		{"codex", "config", nil},
		{"json", "config", nil},
	} {
		t.Run(tt.agent+"/"+tt.name, func(t *testing.T) {
			args := append([]string{"hook", tt.agent, "--print-config"}, tt.args...)
			clitest.Golden(t, filepath.Join("hook", tt.agent, tt.name), prog.Exec(t, clitest.Run{Args: args}))
		})
	}
}
