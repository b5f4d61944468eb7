// Package clitest holds what the tests of plainsight's commands share:
// a TestMain that lets the test binary run a command's Main as a process
// of its own, runs of a program that return its output in the golden form,
// and golden files compared, or rewritten under -update. Only _test.go
// files import it.
package clitest

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight-dev/plainsight/internal/cli"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata")

// RunAsMain is the body of TestMain in a package whose tests run its Main
// as p, a process of its own, where p is the test binary (see Self): with
// p.AsMain set to 1 in the environment the test binary runs main on its
// arguments and exits with its status, and otherwise it runs the tests.
func RunAsMain(m *testing.M, p Program, main func([]string, cli.IO) int) {
	if p.AsMain != "" && os.Getenv(p.AsMain) == "1" {
		os.Exit(main(os.Args[1:], cli.IO{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv}))
	}
	os.Exit(m.Run())
}

// A Program is a command that tests run as a process of its own.
type Program struct {
	Name string // the command's name, in messages
	Path string // the executable
	// AsMain, when not empty, names the environment variable that, set to
	// 1, makes the executable, a test binary, run as the command: every run
	// of p sets it.
	AsMain string
}

// Self returns the test binary as the program called name, which
// RunAsMain makes run as the command when asMain is set to 1: the tests
// run the command as a process of its own, in the directory and session
// they choose, as cmd/plainsight would. It panics if the test binary
// cannot be found.
func Self(name, asMain string) Program {
	path, err := os.Executable()
	if err != nil {
		panic(fmt.Sprintf("clitest: the test binary: %v", err))
	}
	return Program{Name: name, Path: path, AsMain: asMain}
}

// env returns the settings every run of p has on top of the environment it
// is given: AsMain set to 1, if p has one.
func (p Program) env() []string {
	if p.AsMain == "" {
		return nil
	}
	return []string{p.AsMain + "=1"}
}

// Command returns a command that runs p with args, in the test's own
// environment.
func (p Program) Command(args ...string) *exec.Cmd {
	cmd := exec.Command(p.Path, args...)
	cmd.Env = append(os.Environ(), p.env()...)
	return cmd
}

// A Run is one run of a program.
type Run struct {
	Args  []string
	Stdin string
	Env   map[string]string // on top of a bare PATH and HOME, and the program's AsMain
	Dir   string            // working directory; the package's when empty
}

// Exec runs p as r says and returns its output in the golden form: the
// exit status, standard output and standard error, in sections. The run has
// a clean environment and a session of its own, which has no controlling
// terminal, so that the command finds none whoever runs the tests.
func (p Program) Exec(t *testing.T, r Run) string {
	t.Helper()
	cmd := exec.Command(p.Path, r.Args...)
	cmd.Dir = r.Dir
	newSession(cmd)
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME")}, p.env()...)
	for k, v := range r.Env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdin = strings.NewReader(r.Stdin)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	status := 0
	if exitErr, ok := errors.AsType[*exec.ExitError](err); ok {
		status = exitErr.ExitCode()
	} else if err != nil {
		t.Fatalf("running %s %q: %v", p.Name, r.Args, err)
	}
	return fmt.Sprintf("-- status --\n%d\n-- stdout --\n%s-- stderr --\n%s", status, stdout.String(), stderr.String())
}

// Golden compares got with testdata/name.golden, or rewrites it under
// -update. The name may hold slashes, for a golden file in a directory
// under testdata.
func Golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
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
