package approve

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// paneWidth is the width startTmux gives its pane.
const paneWidth = 160

// The states approve must find the terminal in when it asks: main screen,
// cursor visible, insert mode off, autowrap on, scrolling region the
// whole 40-line pane.
const (
	paneFlags = "#{alternate_on} #{cursor_flag} #{insert_flag} #{wrap_flag} #{scroll_region_upper} #{scroll_region_lower}"
	saneFlags = "0 1 0 1 0 39"
)

// promptLines is what the pane must show of the prompt for a clean
// command: the header, the command indented and wrapped at the pane's
// width, the question.
func promptLines(command string) []string {
	lines := []string{"plainsight approve: the command is", ""}
	for rest := "    " + command; rest != ""; {
		n := min(len(rest), paneWidth)
		lines = append(lines, rest[:n])
		rest = rest[n:]
	}
	return append(lines, "", "Run it? [y/N]")
}

// shownPrompt returns the lines of screen from the prompt's header to its
// question, with the count of headers on the screen.
func shownPrompt(screen string) (lines []string, headers int) {
	all := strings.Split(strings.TrimRight(screen, "\n"), "\n")
	start := -1
	for i, l := range all {
		if strings.Contains(l, "plainsight approve: the command is") {
			start, headers = i, headers+1
		}
	}
	if start < 0 {
		return nil, 0
	}
	for i := start; i < len(all); i++ {
		if strings.HasPrefix(all[i], "Run it?") {
			return all[start : i+1], headers
		}
	}
	return all[start:], headers
}

// isControl reports whether r is a C0 control.
func isControl(r rune) bool { return r < 0x20 }

// TestApprovePromptStateTmux leaves the terminal in each state that
// changes what is seen, then runs approve: the prompt must show exactly
// as written, once, in default attributes, with the terminal's modes
// sane, and y must run the command it shows.
func TestApprovePromptStateTmux(t *testing.T) {
	// A fake prompt for a harmless command, for states that can keep it
	// on screen next to the real one.
	const fake = `plainsight approve: the command is\n\n    true\n\nRun it? [y/N] `
	tests := []struct{ name, before string }{
		{"scroll-region", `printf '\033[2J\033[30;1H` + fake + `\033[1;3r\033[1;1H'`},
		{"origin-mode", `printf '\033[2J\033[30;1H` + fake + `\033[5;8r\033[?6h'`},
		{"autowrap-off", `printf '\033[?7l'`},
		{"black-on-black", `printf '\033[30;40m'`},
		{"conceal", `printf '\033[8m'`},
		{"reverse-faint-blink", `printf '\033[7;2;5m'`},
		{"alternate-screen", `printf '\033[?1049h\033[H` + fake + `'`},
		{"dec-graphics-g0", `printf '\033(0'`},
		{"dec-graphics-shift-out", `printf '\033)0\016'`},
		{"hidden-cursor", `printf '\033[?25l'`},
		{"insert-mode", `printf '\033[4h'`},
		{"text-below", `printf '\033[2J\033[20;1H` + fake + `\033[1;1H'`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			ran := filepath.Join(dir, "ran")
			// Long enough to wrap, so that autowrap matters.
			command := "touch " + ran + " #" + strings.Repeat("x", 200)
			pane := startTmux(t, "state-"+tt.name, approveScriptAfter(t, dir, tt.before, "-c", command))
			// Wait for the real prompt, not a fake one.
			pane.waitFor(ran)
			screen := pane.waitFor("Run it? [y/N]")
			got, headers := shownPrompt(screen)
			if diff := cmp.Diff(promptLines(command), got); diff != "" || headers != 1 {
				t.Errorf("the prompt shows (-want +got):\n%s\n%d headers on the pane:\n%s", diff, headers, screen)
			}
			// With -e, tmux writes a cell's attributes as SGR and its
			// character set as SO.
			styled, _ := shownPrompt(pane.run("capture-pane", "-p", "-e", "-t", "t"))
			for _, l := range styled {
				if strings.ContainsFunc(l, isControl) {
					t.Errorf("a prompt line is drawn with attributes or another character set: %q", l)
				}
			}
			if flags := strings.TrimSpace(pane.run("display-message", "-p", "-t", "t", paneFlags)); flags != saneFlags {
				t.Errorf("pane modes at the prompt %q, want %q (%s)", flags, saneFlags, paneFlags)
			}
			pane.keys("y", "Enter")
			if screen := pane.waitFor("EXIT="); !strings.Contains(screen, "EXIT=0") {
				t.Errorf("want EXIT=0; the pane shows:\n%s", screen)
			}
			if _, err := os.Stat(ran); err != nil {
				t.Errorf("the approved command did not run: %v", err)
			}
		})
	}
}

// TestApproveAfterCommandTmux runs an approved command that leaves the
// terminal in every state at once: what is drawn after approve must show
// as written.
func TestApproveAfterCommandTmux(t *testing.T) {
	dir := t.TempDir()
	// printf reads the escapes; the command's text holds none.
	mess := `\033[?1049h\033[1;3r\033[?6h\033[?7l\033[30;40;8m\033(0\033)0\016\033[?25l\033[4h`
	pane := startTmux(t, "after", approveScript(t, dir, "--", "printf", mess))
	pane.waitFor("Run it? [y/N]")
	pane.keys("y", "Enter")
	screen := pane.waitFor("EXIT=")
	if !strings.Contains(screen, "\nEXIT=0\n") {
		t.Errorf("want a line EXIT=0; the pane shows:\n%s", screen)
	}
	for line := range strings.Lines(pane.run("capture-pane", "-p", "-e", "-t", "t")) {
		if strings.Contains(line, "EXIT=") && strings.ContainsFunc(strings.TrimSuffix(line, "\n"), isControl) {
			t.Errorf("the line after approve is drawn with attributes: %q", line)
		}
	}
	if flags := strings.TrimSpace(pane.run("display-message", "-p", "-t", "t", paneFlags)); flags != saneFlags {
		t.Errorf("pane modes after the command %q, want %q (%s)", flags, saneFlags, paneFlags)
	}
}

// TestApproveTypedAheadTmux types y and Enter before the prompt appears:
// approve must discard them and wait for a key pressed after it.
func TestApproveTypedAheadTmux(t *testing.T) {
	dir := t.TempDir()
	audit := filepath.Join(dir, "audit.jsonl")
	ran := filepath.Join(dir, "ran")
	pane := startTmux(t, "typed-ahead", approveScriptAfter(t, dir, "sleep 2", "-audit", audit, "--", "touch", ran))
	pane.keys("y", "Enter", "y", "e", "s", "Enter", "y")
	pane.waitFor("Run it? [y/N]")
	time.Sleep(time.Second)
	screen := pane.run("capture-pane", "-p", "-t", "t")
	if strings.Contains(screen, "EXIT=") {
		t.Fatalf("approve took typed-ahead keys as its answer:\n%s", screen)
	}
	if _, err := os.Stat(ran); err == nil {
		t.Fatal("the command ran on typed-ahead keys")
	}
	pane.keys("n", "Enter")
	if screen := pane.waitFor("EXIT="); !strings.Contains(screen, "EXIT=1") {
		t.Errorf("want EXIT=1; the pane shows:\n%s", screen)
	}
	if recs := readAudit(t, audit); len(recs) != 1 || recs[0].Decision != rejected || recs[0].By != "prompt" {
		t.Errorf("audit records %+v, want one rejection at the prompt", recs)
	}
}

// TestApprovePastedTmux pastes answers into the prompt as a terminal
// does with bracketed paste on: each is refused, the rest of the paste
// goes nowhere, and the command does not run.
func TestApprovePastedTmux(t *testing.T) {
	for i, paste := range []string{"y", "yes\n", "y\nyes\nyes\n"} {
		dir := t.TempDir()
		audit := filepath.Join(dir, "audit.jsonl")
		ran := filepath.Join(dir, "ran")
		pane := startTmux(t, fmt.Sprint("pasted-", i), approveScript(t, dir, "-audit", audit, "--", "touch", ran))
		pane.waitFor("Run it? [y/N]")
		pane.run("set-buffer", "-b", "answer", paste)
		pane.run("paste-buffer", "-p", "-b", "answer", "-t", "t")
		screen := pane.waitFor("EXIT=")
		for _, want := range []string{"a pasted answer is refused; type it", "EXIT=1"} {
			if !strings.Contains(screen, want) {
				t.Errorf("paste %q: the pane does not show %q:\n%s", paste, want, screen)
			}
		}
		if _, err := os.Stat(ran); err == nil {
			t.Errorf("paste %q: the command ran", paste)
		}
		recs := readAudit(t, audit)
		if len(recs) != 1 || recs[0].Decision != rejected || recs[0].Reason != "pasted" {
			t.Errorf("paste %q: audit records %+v, want one rejection, pasted", paste, recs)
		}
	}
}

// TestApproveKilledTmux approves, at the prompt, a command that kills
// approve: the approval is on record, and the terminal is usable.
func TestApproveKilledTmux(t *testing.T) {
	dir := t.TempDir()
	audit := filepath.Join(dir, "audit.jsonl")
	pane := startTmux(t, "killed", approveScript(t, dir, "-audit", audit, "-c", "kill -KILL $PPID"))
	pane.waitFor("Run it? [y/N]")
	pane.keys("y", "Enter")
	if screen := pane.waitFor("EXIT="); !strings.Contains(screen, "EXIT=137") {
		t.Errorf("want EXIT=137; the pane shows:\n%s", screen)
	}
	recs := readAudit(t, audit)
	if len(recs) != 1 || recs[0].Event != "decision" || recs[0].Decision != approved || recs[0].By != "prompt" {
		t.Errorf("audit records %+v, want the approval alone", recs)
	}
	if flags := strings.TrimSpace(pane.run("display-message", "-p", "-t", "t", paneFlags)); flags != saneFlags {
		t.Errorf("pane modes %q, want %q (%s)", flags, saneFlags, paneFlags)
	}
}
