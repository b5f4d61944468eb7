package main

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/plainsight-dev/plainsight/internal/cli"
	"github.com/plainsight-dev/plainsight/internal/cli/clitest"
)

// TestExitStatus runs the built command and checks that each exit status
// means the same for every command (README, "Exit codes"): 0 nothing to
// stop for, 1 findings that need a person or a refusal, 2 plainsight could
// not do its work; a command that approve ran exits with its own status,
// and the filters (clean, run, term) never judge, so never exit 1.
func TestExitStatus(t *testing.T) {
	clean, warned, info := t.TempDir(), t.TempDir(), t.TempDir()
	write := func(dir, name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(clean, "a.sh", "ls -la\n")
	write(warned, "a.sh", "cat invoice\u202efdp.exe\n")
	write(info, "a.txt", "Bonjour\u202f!\n")
	missing := filepath.Join(clean, "missing")
	tests := []struct {
		name  string
		args  []string
		stdin string
		want  int
	}{
		{"check clean", []string{"check"}, "ls -la\n", cli.ExitClean},
		{"check info only", []string{"check", "-context", "prose"}, "Bonjour\u202f!\n", cli.ExitClean},
		{"check warned", []string{"check"}, "echo ok\rrm -rf ~\n", cli.ExitWarnings},
		{"check missing file", []string{"check", missing}, "", cli.ExitError},
		{"check bad flag", []string{"check", "-nope"}, "", cli.ExitError},
		{"scan clean", []string{"scan", clean}, "", cli.ExitClean},
		{"scan info only", []string{"scan", info}, "", cli.ExitClean},
		{"scan info fails on info", []string{"scan", "-fail-on", "info", info}, "", cli.ExitWarnings},
		{"scan warned", []string{"scan", warned}, "", cli.ExitWarnings},
		{"scan bad format", []string{"scan", "-format", "xml", clean}, "", cli.ExitError},
		{"clean removes, exits 0", []string{"clean"}, "a\x1b[2Jb\u202e\n", cli.ExitClean},
		{"clean missing file", []string{"clean", missing}, "", cli.ExitError},
		{"run passes the status in the envelope", []string{"run", "--", "sh", "-c", "exit 3"}, "", cli.ExitClean},
		{"run with no command", []string{"run"}, "", cli.ExitError},
		{"run cannot start the command", []string{"run", "--", "/nonexistent/command"}, "", cli.ExitError},
		{"check mostly binary", []string{"check"}, string(make([]byte, 70000)), cli.ExitError},
		{"term bad mode", []string{"term", "-mode", "loud"}, "", cli.ExitError},
		{"approve -yes clean", []string{"approve", "-yes", "--", "true"}, "", cli.ExitClean},
		{"approve -yes passes the command's status", []string{"approve", "-yes", "--", "sh", "-c", "exit 3"}, "", 3},
		{"approve -no", []string{"approve", "-no", "--", "true"}, "", cli.ExitWarnings},
		{"approve -yes warned", []string{"approve", "-yes", "-c", "echo \u2018$(id)\u2019"}, "", cli.ExitWarnings},
		{"approve without a terminal", []string{"approve", "--", "true"}, "", cli.ExitError},
		{"approve -yes -no", []string{"approve", "-yes", "-no", "--", "true"}, "", cli.ExitError},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := prog.Exec(t, clitest.Run{Args: tt.args, Stdin: tt.stdin})
			var got int
			if _, err := fmt.Sscanf(out, "-- status --\n%d\n", &got); err != nil {
				t.Fatalf("%q: %v", out, err)
			}
			if got != tt.want {
				t.Errorf("plainsight %q: status %d, want %d\n%s", tt.args, got, tt.want, out)
			}
		})
	}
}
