package approve

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
	"github.com/plainsight-dev/plainsight/internal/cli/clitest"
)

func TestApprove(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"approve-no-terminal", []string{"--", "echo", "hi"}},
		{"approve-yes", []string{"-yes", "--", "echo", "hi"}},
		{"approve-yes-shell", []string{"--yes", "-c", "echo hi; exit 3"}},
		{"approve-yes-warned", []string{"-yes", "-c", "echo ok\rrm -rf /nonexistent"}},
		{"approve-yes-allow-warnings", []string{"-yes", "-allow-warnings", "-c", "echo ok #\u200b"}},
		{"approve-no", []string{"-no", "--", "echo", "hi"}},
		{"approve-yes-command-reading", []string{"-yes", "-c", ": \u05e9\u05dc\u05d5\u05dd ; : \u05e2\u05d5\u05dc\u05dd"}},
		{"approve-yes-context-any", []string{"-yes", "-context", "any", "-c", ": \u05e9\u05dc\u05d5\u05dd ; : \u05e2\u05d5\u05dc\u05dd"}},
		{"approve-yes-and-no", []string{"-yes", "-no", "--", "echo", "hi"}},
		{"approve-both-forms", []string{"-yes", "-c", "echo hi", "--", "echo", "hi"}},
		{"approve-no-command", []string{"-yes"}},
		{"approve-not-found", []string{"-yes", "--", "/nonexistent/command"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clitest.Golden(t, tt.name, prog.Exec(t, clitest.Run{Args: tt.args}))
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
		prog.Exec(t, clitest.Run{Args: append([]string{"-audit", audit}, args...), Dir: dir})
	}
	data, err := os.ReadFile(audit)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(data, []byte(secret)) {
		t.Errorf("audit file holds the raw command:\n%s", data)
	}
	var got []Record
	for line := range strings.Lines(string(data)) {
		var rec Record
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
	want := []Record{
		{Event: "decision", Form: "shell", Length: len("true " + secret), Context: "command", Decision: approved, By: "--yes", Warnings: map[string]int{}},
		{Event: "exit", Form: "shell", Length: len("true " + secret), Context: "command", Decision: approved, By: "--yes", Warnings: map[string]int{}, ExitStatus: status(0)},
		{Event: "decision", Form: "shell", Length: len("echo " + secret + "\u202e"), Context: "command", Decision: rejected, By: "--yes", Reason: "warnings", Warnings: map[string]int{"bidi": 1}},
		{Event: "decision", Form: "argv", Length: len("echo\x00" + secret + "\x00"), Context: "command", Decision: rejected, By: "--no", Warnings: map[string]int{}},
		{Event: "decision", Form: "shell", Length: len("exit 4 #\u202e"), Context: "command", Decision: approved, By: "--yes", Warnings: map[string]int{"bidi": 1}, Text: `exit 4 #\u{202e}`},
		{Event: "exit", Form: "shell", Length: len("exit 4 #\u202e"), Context: "command", Decision: approved, By: "--yes", Warnings: map[string]int{"bidi": 1}, ExitStatus: status(4), Text: `exit 4 #\u{202e}`},
		{Event: "decision", Form: "argv", Length: len("echo\x00" + secret + "\x00"), Context: "any", Decision: refused, By: "prompt", Warnings: map[string]int{}},
	}
	bashPath, _ := exec.LookPath("bash")
	for _, rec := range got {
		if rec.Form == "shell" && rec.Shell != bashPath {
			t.Errorf("shell = %q, want %q", rec.Shell, bashPath)
		}
	}
	ignore := cmpopts.IgnoreFields(Record{}, "Time", "User", "Dir", "SHA256", "Error", "Shell")
	if diff := cmp.Diff(want, got, ignore); diff != "" {
		t.Errorf("audit records mismatch (-want +got):\n%s", diff)
	}
	if len(got) == len(want) && got[3].SHA256 != got[6].SHA256 {
		t.Errorf("the same argv hashed differently: %s, %s", got[3].SHA256, got[6].SHA256)
	}
}

// A tmuxPane runs one script in a tmux server of its own, so that tests
// can type into it and read its screen as a person would.
type tmuxPane struct {
	t      *testing.T
	socket string
}

// startTmux starts script in a new tmux server, or skips the test when
// there is no tmux (fails under CI=true).
func startTmux(t *testing.T, name, script string) *tmuxPane {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("tmux is missing (apt-get install tmux)")
		}
		t.Skip("no tmux")
	}
	// A server of its own per pane: a server whose last session ends
	// exits, and a session started on it meanwhile would fail.
	p := &tmuxPane{t: t, socket: fmt.Sprintf("plainsight-test-%d-%s", os.Getpid(), name)}
	t.Cleanup(func() { exec.Command("tmux", "-L", p.socket, "kill-server").Run() })
	p.run("new-session", "-d", "-s", "t", "-x", "160", "-y", "40", script)
	return p
}

func (p *tmuxPane) run(args ...string) string {
	p.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-L", p.socket, "-f", "/dev/null"}, args...)...).CombinedOutput()
	if err != nil {
		p.t.Fatalf("tmux %q: %v\n%s", args, err, out)
	}
	return string(out)
}

func (p *tmuxPane) keys(keys ...string) {
	p.t.Helper()
	p.run(append([]string{"send-keys", "-t", "t"}, keys...)...)
}

// waitFor polls the screen until it shows want, and returns it.
func (p *tmuxPane) waitFor(want string) string {
	p.t.Helper()
	var screen string
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		screen = p.run("capture-pane", "-p", "-t", "t")
		if strings.Contains(screen, want) {
			return screen
		}
	}
	p.t.Fatalf("the pane never showed %q; it shows:\n%s", want, screen)
	return ""
}

// approveScript writes a script that runs approve with args (each quoted
// for sh), then prints its exit status and waits. The script catches
// SIGINT, so that Ctrl-C reaches approve without ending the script; a
// caught signal, unlike an ignored one, is not inherited by approve.
func approveScript(t *testing.T, dir string, args ...string) string {
	t.Helper()
	return approveScriptAfter(t, dir, "", args...)
}

// approveScriptAfter is approveScript with before, shell commands that run
// first: earlier output, or a pause to type ahead in.
func approveScriptAfter(t *testing.T, dir, before string, args ...string) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("#!/bin/sh\ntrap : INT\n" + before + "\n" + prog.AsMain + "=1 NO_COLOR=1 '" + prog.Path + "'")
	for _, a := range args {
		b.WriteString(" '" + strings.ReplaceAll(a, "'", `'\''`) + "'")
	}
	b.WriteString("\necho \"EXIT=$?\"\nsleep 60\n")
	script := filepath.Join(dir, "approve.sh")
	if err := os.WriteFile(script, []byte(b.String()), 0o755); err != nil {
		t.Fatal(err)
	}
	return script
}

// readAudit returns the records of an audit file.
func readAudit(t *testing.T, path string) []Record {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var recs []Record
	for line := range strings.Lines(string(data)) {
		var rec Record
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		recs = append(recs, rec)
	}
	return recs
}

// TestApproveTmux answers the prompt as a person would, in a real terminal
// emulator: a plain y does not run a command with a warning; yes does.
func TestApproveTmux(t *testing.T) {
	dir := t.TempDir()
	audit := filepath.Join(dir, "audit.jsonl")
	ran := filepath.Join(dir, "ran")
	// The override hides nothing here, but it must stop a plain y.
	command := "touch " + ran + " # \u202eevil"
	for _, answer := range []struct {
		keys, exit string
		runs       bool
	}{{"y", "EXIT=1", false}, {"yes", "EXIT=0", true}} {
		pane := startTmux(t, answer.keys, approveScript(t, dir, "-audit", audit, "-c", command))
		screen := pane.waitFor("Type yes to run it")
		for _, want := range []string{`\u{202e}evil`, "warn bidi: U+202E RIGHT-TO-LEFT OVERRIDE"} {
			if !strings.Contains(screen, want) {
				t.Errorf("the prompt does not show %q:\n%s", want, screen)
			}
		}
		if strings.Contains(screen, "\u202e") {
			t.Errorf("the prompt shows a raw U+202E:\n%s", screen)
		}
		pane.keys(answer.keys, "Enter")
		screen = pane.waitFor("EXIT=")
		if !strings.Contains(screen, answer.exit) {
			t.Errorf("after %q: want %s; the pane shows:\n%s", answer.keys, answer.exit, screen)
		}
		_, err := os.Stat(ran)
		if ran := err == nil; ran != answer.runs {
			t.Errorf("after %q: command ran = %v, want %v", answer.keys, ran, answer.runs)
		}
	}
	var decisions []string
	for _, rec := range readAudit(t, audit) {
		decisions = append(decisions, rec.Event+": "+rec.Decision+" by "+rec.By)
	}
	want := []string{"decision: rejected by prompt", "decision: approved by prompt", "exit: approved by prompt"}
	if diff := cmp.Diff(want, decisions); diff != "" {
		t.Errorf("audit decisions mismatch (-want +got):\n%s", diff)
	}
}

// TestApproveInterruptTmux types Ctrl-C at the prompt, which rejects the
// command, and while an approved command runs, which stops the command but
// not approve: both decisions are recorded.
func TestApproveInterruptTmux(t *testing.T) {
	dir := t.TempDir()
	audit := filepath.Join(dir, "audit.jsonl")
	// The command prints "started", which its shown form does not hold.
	script := approveScript(t, dir, "-audit", audit, "--", "sh", "-c", `echo start""ed; exec sleep 30`)

	pane := startTmux(t, "interrupt-prompt", script)
	pane.waitFor("Run it? [y/N]")
	pane.keys("C-c")
	if screen := pane.waitFor("EXIT="); !strings.Contains(screen, "EXIT=1\n") {
		t.Errorf("Ctrl-C at the prompt: want EXIT=1; the pane shows:\n%s", screen)
	}

	pane = startTmux(t, "interrupt-command", script)
	pane.waitFor("Run it? [y/N]")
	pane.keys("y", "Enter")
	pane.waitFor("started")
	pane.keys("C-c")
	if screen := pane.waitFor("EXIT="); !strings.Contains(screen, "EXIT=130") {
		t.Errorf("Ctrl-C in the command: want EXIT=130; the pane shows:\n%s", screen)
	}

	var got []string
	for _, rec := range readAudit(t, audit) {
		line := rec.Event + ": " + rec.Decision
		if rec.Reason != "" {
			line += " (" + rec.Reason + ")"
		}
		if rec.ExitStatus != nil {
			line += fmt.Sprint(", exit ", *rec.ExitStatus)
		}
		if rec.Signal != "" {
			line += ", " + rec.Signal
		}
		// The terminal sends Ctrl-C to approve and the command at once:
		// whether approve's own signal record comes before the command's
		// end is a race the exit record does not depend on.
		if line == "signal: approved, SIGINT" {
			continue
		}
		got = append(got, line)
	}
	want := []string{
		"decision: rejected (interrupt)",
		"decision: approved",
		"exit: approved, exit 130, SIGINT",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("audit records mismatch (-want +got):\n%s", diff)
	}
}
