package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestApprove(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"approve-no-terminal", []string{"approve", "--", "echo", "hi"}},
		{"approve-yes", []string{"approve", "-yes", "--", "echo", "hi"}},
		{"approve-yes-shell", []string{"approve", "--yes", "-c", "echo hi; exit 3"}},
		{"approve-yes-warned", []string{"approve", "-yes", "-c", "echo ok\rrm -rf /nonexistent"}},
		{"approve-yes-allow-warnings", []string{"approve", "-yes", "-allow-warnings", "-c", "echo ok #\u200b"}},
		{"approve-no", []string{"approve", "-no", "--", "echo", "hi"}},
		{"approve-yes-and-no", []string{"approve", "-yes", "-no", "--", "echo", "hi"}},
		{"approve-both-forms", []string{"approve", "-yes", "-c", "echo hi", "--", "echo", "hi"}},
		{"approve-no-command", []string{"approve", "-yes"}},
		{"approve-not-found", []string{"approve", "-yes", "--", "/nonexistent/command"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			golden(t, filepath.Join("approve", tt.name), invocation{args: tt.args}.exec(t))
		})
	}
}

// TestApproveAudit checks the records of each decision, and that the raw
// command never reaches the file unless -audit-text asks for its
// neutralized form.
func TestApproveAudit(t *testing.T) {
	dir := t.TempDir()
	audit := filepath.Join(dir, "audit.jsonl")
	const secret = "s3cr3t-marker"
	runs := [][]string{
		{"-yes", "-c", "true " + secret},
		{"-yes", "-c", "echo " + secret + "\u202e"},
		{"-no", "--", "echo", secret},
		{"-yes", "-audit-text", "-allow-warnings", "-c", "exit 4 #\u202e"},
		{"-context", "any", "--", "echo", secret},
	}
	for _, args := range runs {
		invocation{args: append([]string{"approve", "-audit", audit}, args...), dir: dir}.exec(t)
	}
	data, err := os.ReadFile(audit)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(data, []byte(secret)) {
		t.Errorf("audit file holds the raw command:\n%s", data)
	}
	var got []approveRecord
	for line := range strings.Lines(string(data)) {
		var rec approveRecord
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		if _, err := time.Parse(time.RFC3339Nano, rec.Time); err != nil {
			t.Errorf("time: %v", err)
		}
		if rec.User == "" || rec.Dir == "" {
			t.Errorf("record without user or dir: %s", line)
		}
		got = append(got, rec)
	}
	status := func(n int) *int { return &n }
	want := []approveRecord{
		{Form: "shell", Length: len("true " + secret), Context: "command", Decision: approved, By: "flag", Warnings: map[string]int{}, ExitStatus: status(0)},
		{Form: "shell", Length: len("echo " + secret + "\u202e"), Context: "command", Decision: rejected, By: "flag", Warnings: map[string]int{"bidi": 1}},
		{Form: "argv", Length: len("echo\x00" + secret + "\x00"), Context: "command", Decision: rejected, By: "flag", Warnings: map[string]int{}},
		{Form: "shell", Length: len("exit 4 #\u202e"), Context: "command", Decision: approved, By: "flag", Warnings: map[string]int{"bidi": 1}, ExitStatus: status(4), Text: `exit 4 #\u{202e}`},
		{Form: "argv", Length: len("echo\x00" + secret + "\x00"), Context: "any", Decision: refused, By: "prompt", Warnings: map[string]int{}},
	}
	ignore := cmpopts.IgnoreFields(approveRecord{}, "Time", "User", "Dir", "SHA256", "Error")
	if diff := cmp.Diff(want, got, ignore); diff != "" {
		t.Errorf("audit records mismatch (-want +got):\n%s", diff)
	}
	if len(got) == len(want) && got[2].SHA256 != got[4].SHA256 {
		t.Errorf("the same argv hashed differently: %s, %s", got[2].SHA256, got[4].SHA256)
	}
}

// TestApproveTmux answers the prompt as a person would, in a real terminal
// emulator: tmux.
func TestApproveTmux(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("tmux is missing (apt-get install tmux)")
		}
		t.Skip("no tmux")
	}
	dir := t.TempDir()
	audit := filepath.Join(dir, "audit.jsonl")
	ran := filepath.Join(dir, "ran")
	// The override hides nothing here, but it must stop a plain y.
	command := "touch " + ran + " # \u202eevil"
	if err := os.WriteFile(filepath.Join(dir, "command"), []byte(command), 0o644); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(dir, "approve.sh")
	body := "#!/bin/sh\nNO_COLOR=1 '" + binary + "' approve -audit '" + audit + "' -c \"$(cat '" + dir + "/command')\"\necho \"EXIT=$?\"\nsleep 60\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	// Each answer gets a server of its own: a server whose last session
	// ends exits, and a new session started meanwhile would fail.
	var socket string
	tmux := func(args ...string) string {
		t.Helper()
		out, err := exec.Command("tmux", append([]string{"-L", socket, "-f", "/dev/null"}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("tmux %q: %v\n%s", args, err, out)
		}
		return string(out)
	}
	// waitFor polls the pane until it shows want.
	waitFor := func(want string) string {
		t.Helper()
		var screen string
		for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			screen = tmux("capture-pane", "-p", "-t", "t")
			if strings.Contains(screen, want) {
				return screen
			}
		}
		t.Fatalf("the pane never showed %q; it shows:\n%s", want, screen)
		return ""
	}

	for _, answer := range []struct {
		keys, exit string
		runs       bool
	}{{"y", "EXIT=1", false}, {"yes", "EXIT=0", true}} {
		socket = fmt.Sprintf("plainsight-test-%d-%s", os.Getpid(), answer.keys)
		server := socket
		t.Cleanup(func() { exec.Command("tmux", "-L", server, "kill-server").Run() })
		tmux("new-session", "-d", "-s", "t", "-x", "160", "-y", "40", script)
		screen := waitFor("Type yes to run it")
		for _, want := range []string{`\u{202e}evil`, "warn bidi: U+202E RIGHT-TO-LEFT OVERRIDE"} {
			if !strings.Contains(screen, want) {
				t.Errorf("the prompt does not show %q:\n%s", want, screen)
			}
		}
		if strings.Contains(screen, "\u202e") {
			t.Errorf("the prompt shows a raw U+202E:\n%s", screen)
		}
		tmux("send-keys", "-t", "t", answer.keys, "Enter")
		screen = waitFor("EXIT=")
		if !strings.Contains(screen, answer.exit) {
			t.Errorf("after %q: want %s; the pane shows:\n%s", answer.keys, answer.exit, screen)
		}
		_, err := os.Stat(ran)
		if ran := err == nil; ran != answer.runs {
			t.Errorf("after %q: command ran = %v, want %v", answer.keys, ran, answer.runs)
		}
	}

	data, err := os.ReadFile(audit)
	if err != nil {
		t.Fatal(err)
	}
	var decisions []string
	for line := range strings.Lines(string(data)) {
		var rec approveRecord
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		decisions = append(decisions, rec.Decision+" by "+rec.By)
	}
	if diff := cmp.Diff([]string{"rejected by prompt", "approved by prompt"}, decisions); diff != "" {
		t.Errorf("audit decisions mismatch (-want +got):\n%s", diff)
	}
}
