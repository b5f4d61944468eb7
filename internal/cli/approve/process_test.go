package approve

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight-dev/plainsight/internal/cli"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata")

// asApprove, set in the environment, makes the test binary run Main on its
// arguments, so that tests run approve as a process of its own, in the
// directory and session they choose, as cmd/plainsight would.
const asApprove = "PLAINSIGHT_TEST_AS_APPROVE"

// binary is the test binary, which runs as approve under asApprove.
var binary string

func TestMain(m *testing.M) {
	if os.Getenv(asApprove) == "1" {
		os.Exit(Main(os.Args[1:], cli.IO{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv}))
	}
	var err error
	if binary, err = os.Executable(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Exit(m.Run())
}

// command returns a command that runs approve with args, in the test's
// environment.
func command(args ...string) *exec.Cmd {
	cmd := exec.Command(binary, args...)
	cmd.Env = append(os.Environ(), asApprove+"=1")
	return cmd
}

// An invocation is one run of approve.
type invocation struct {
	args []string
	dir  string // working directory; the package's when empty
}

// exec runs approve and returns its output in the golden form: the exit
// status, standard output and standard error, in sections.
func (in invocation) exec(t *testing.T) string {
	t.Helper()
	cmd := exec.Command(binary, in.args...)
	cmd.Dir = in.dir
	// A session of its own has no controlling terminal, so that approve
	// finds none whoever runs the tests.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"), asApprove + "=1"}
	var stdout, stderr bytes.Buffer
	cmd.Stdin = strings.NewReader("")
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	status := 0
	if exitErr, ok := errors.AsType[*exec.ExitError](err); ok {
		status = exitErr.ExitCode()
	} else if err != nil {
		t.Fatalf("running approve %q: %v", in.args, err)
	}
	return fmt.Sprintf("-- status --\n%d\n-- stdout --\n%s-- stderr --\n%s", status, stdout.String(), stderr.String())
}

// golden compares got with testdata/name.golden, or rewrites it under
// -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s: output mismatch (-want +got):\n%s", path, diff)
	}
}
