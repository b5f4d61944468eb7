package plainsight

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// remoteOrHarmful matches the attacks that reach beyond the machine or
// change it (ssh, containers, other users, the crontab), or never end
// (watch): the bash proof leaves them out.
var remoteOrHarmful = regexp.MustCompile(`\b(ssh|docker|podman|kubectl|sudo|doas|su|crontab|watch|curl|wget|nsenter|chroot|unshare|rm)\b`)

// proofTrigger adds to cmd what makes its layer run when the layer only
// defines code: the alias used, the git alias run, the ssh command that
// git runs.
func proofTrigger(cmd string) string {
	switch {
	case strings.HasPrefix(cmd, "alias deploy="):
		return "shopt -s expand_aliases\n" + cmd + "\ndeploy"
	case strings.HasPrefix(cmd, "git config --global alias.ship "):
		return cmd + "\ngit ship"
	case strings.HasPrefix(cmd, "git -c "):
		return cmd
	case strings.HasPrefix(cmd, "GIT_SSH_COMMAND=") && strings.HasSuffix(cmd, " git fetch"):
		return strings.TrimSuffix(cmd, " git fetch") + " git ls-remote ssh://example.invalid/x"
	case strings.HasPrefix(cmd, "export PROMPT_COMMAND="):
		return cmd + "\neval \"$PROMPT_COMMAND\""
	}
	return cmd
}

// missingProgram returns the interpreter or shell that cmd needs and the
// machine lacks, or "".
func missingProgram(cmd string) string {
	for _, p := range []string{"zsh", "busybox", "ruby", "perl", "node", "python3", "php", "lua", "git", "script", "flock", "setsid", "timeout", "parallel", "awk"} {
		if regexp.MustCompile(`(^|[\s|;(])` + p + `\s`).MatchString(cmd) {
			if _, err := exec.LookPath(p); err != nil {
				return p
			}
		}
	}
	return ""
}

// TestBashProof proves the corpus attacks that hide a command
// substitution real: each local attack of corpus/commands.txt whose
// lookalike quotes seem to quote $(id) or $(whoami) runs in bash, in a
// scratch directory and with HOME there, with the substitution replaced
// by $(touch <marker>), and the marker file must appear: bash ran what
// the lookalike seemed to quote. Without bash the test skips, unless
// CI=true.
func TestBashProof(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("bash is not installed")
		}
		t.Skip("bash is not installed")
	}
	sub := regexp.MustCompile(`\$\((id|whoami)\)`)
	ran := 0
	for _, c := range readCorpus(t, "corpus/commands.txt") {
		if !c.attack || !sub.MatchString(c.input) || remoteOrHarmful.MatchString(c.input) {
			continue
		}
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "a.log"), []byte("x\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		marker := filepath.Join(dir, "ran")
		cmd := proofTrigger(sub.ReplaceAllString(c.input, "$$(touch "+marker+")"))
		if missing := missingProgram(cmd); missing != "" {
			t.Logf("%s: %s is not installed", c.name, missing)
			continue
		}
		if err := exec.Command(bash, "-n", "-c", cmd).Run(); err != nil {
			continue // an attack on the reading of text that does not parse
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		run := exec.CommandContext(ctx, bash, "-c", cmd)
		run.Dir = dir
		run.Env = []string{"HOME=" + dir, "PATH=" + os.Getenv("PATH"), "LC_ALL=C.UTF-8"}
		run.Stdin = strings.NewReader("")
		out, _ := run.CombinedOutput() // the attacks need not succeed, only run
		cancel()
		if _, err := os.Stat(marker); err != nil {
			t.Errorf("%s: %q did not run the substitution in bash: %s", c.name, cmd, out)
		}
		ran++
	}
	if ran < 20 {
		t.Errorf("the bash proof ran %d attacks; want at least 20", ran)
	}
	t.Logf("bash ran %d attacks", ran)
}
