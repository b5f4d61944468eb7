package approve

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plainsight-dev/plainsight/internal/cli/clitest"
)

func TestCheckPOSIX(t *testing.T) {
	tests := []struct {
		command string
		err     string // a part of the error; "" for none
	}{
		{"echo hi; ls -la | wc -l", ""},
		{`echo "$HOME" 'a b' $((1+2)) $(date)`, ""},
		{"for f in *; do echo \"$f\"; done 2>/dev/null", ""},
		{"echo {a,b}", ""}, // brace expansion: words alike, arguments not
		{`echo $'\' ; touch pwned #'`, "read it differently from byte 5"},
		{`echo $"x"`, "read it differently from byte 5"},
		{"[[ -f x ]] && echo y", "read it differently"},
		{"let x=1", "read it differently"},
		{"echo a &> f", "not a POSIX shell command"},
		{"cat <(ls)", "not a POSIX shell command"},
		{"a=(1 2)", "not a POSIX shell command"},
		{"echo 'unclosed", "not a POSIX shell command"},
	}
	for _, tt := range tests {
		err := checkPOSIX(tt.command)
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("checkPOSIX(%q) = %v, want nil", tt.command, err)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("checkPOSIX(%q) = %v, want an error saying %q", tt.command, err, tt.err)
		}
	}
}

// TestApproveDialect runs a command that Bash reads as one echo of an
// ANSI-C quoted word and dash as an echo, a touch and a comment. approve
// reads Bash, so it runs bash by default, and refuses the command when
// told to run /bin/sh.
func TestApproveDialect(t *testing.T) {
	dir := t.TempDir()
	command := `echo $'\' ; touch pwned #'`
	for _, sh := range []string{"bash", "dash"} {
		if _, err := exec.LookPath(sh); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is missing", sh)
			}
			t.Skipf("no %s", sh)
		}
	}
	// The premise: dash runs the touch.
	premise := t.TempDir()
	cmd := exec.Command("dash", "-c", command)
	cmd.Dir = premise
	cmd.Run()
	if _, err := os.Stat(filepath.Join(premise, "pwned")); err != nil {
		t.Fatalf("dash did not run the touch: %v", err)
	}

	tests := []struct {
		name string
		args []string
	}{
		{"approve-dialect-bash", []string{"-yes", "-c", command}},
		{"approve-dialect-sh", []string{"-yes", "-shell", "/bin/sh", "-c", command}},
		{"approve-dialect-dash", []string{"-yes", "-shell", "dash", "-c", command}},
		{"approve-dialect-sh-posix", []string{"-yes", "-shell", "sh", "-c", "echo posix"}},
		{"approve-dialect-unknown", []string{"-yes", "-shell", "zsh", "-c", "echo hi"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clitest.Golden(t, tt.name, prog.Exec(t, clitest.Run{Args: tt.args, Dir: dir}))
			if _, err := os.Stat(filepath.Join(dir, "pwned")); err == nil {
				t.Fatal("the command ran as dash reads it")
			}
		})
	}
}
