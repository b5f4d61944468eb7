package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plainsight-dev/plainsight/internal/cli"
	"github.com/plainsight-dev/plainsight/internal/cli/clitest"
)

// prog is the plainsight command, built once for the tests that run it.
var prog = clitest.Program{Name: "plainsight"}

func TestMain(m *testing.M) {
	flag.Parse()
	dir, err := os.MkdirTemp("", "plainsight-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	prog.Path = filepath.Join(dir, "plainsight")
	build := exec.Command("go", "build", "-o", prog.Path, ".")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building plainsight:", err)
		os.Exit(2)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func TestRun(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		stdin string
		env   map[string]string
	}{
		{"clean", nil, "ls -la\n", nil},
		{"warnings", nil, "echo ok\rrm -rf ~\n", nil},
		{"json", []string{"-json"}, "cat invoice\u202efdp.exe", nil},
		{"check-json", []string{"check", "--json"}, "ls\n", nil},
		{"force-color", nil, "a\u202eb \x1b[2J\n", map[string]string{"FORCE_COLOR": "1"}},
		{"no-color-wins-over-always-not", []string{"-color", "never"}, "a\u202eb\n", map[string]string{"FORCE_COLOR": "1"}},
		{"keep-tab", []string{"-keep-tab"}, "all:\n\tgo build\n", nil},
		{"context-command", []string{"-context", "command"}, "git commit -m \"Don\u2019t\" && echo \u2018$(id)\u2019\n", nil},
		{"context-default-command", nil, "git commit -m \"Don\u2019t\" && echo \u2018$(id)\u2019\n", nil},
		{"context-prose", []string{"--context", "prose"}, "Don\u2019t \u2018quote\u2019 me\n", nil},
		{"tab-escaped", nil, "all:\n\tgo build\n", nil},
		{"bad-flag", []string{"-nope"}, "", nil},
		{"missing-file", []string{"testdata/does-not-exist\u202e\n.txt"}, "", nil},
		{"demo", []string{"demo", "-color", "never"}, "", nil},
		{"term-strip", []string{"term"}, "a\x1b[31mred\x1b[0m \x1b]0;title\x07\x1b[2Jb\r\n", map[string]string{"FORCE_COLOR": "1"}},
		{"term-visualize-plain", []string{"term", "-mode", "visualize"}, "a\x1b[31mred\x1b[0m \x1b]0;title\x07\x1b[2Jb\r\n", nil},
		{"term-bad-mode", []string{"term", "-mode", "loud"}, "", nil},
		{"clean-cmd", []string{"clean"}, "build: \x1b[31mFAIL\x1b[0m\nnotice\x1b[1A\x1b]8;;https://example.invalid\x1b\\open\x1b]8;;\x1b\\\rPASS\n", nil},
		{"clean-overwrite", []string{"clean", "-cr", "overwrite"}, "working 10%\rworking 20%\rfailure\n", nil},
		{"clean-no-final-newline", []string{"clean"}, "no newline at the end", nil},
		{"dump", []string{"dump"}, "a\x1bb\xff\u202e\n", nil},
		{"binary-refused", nil, strings.Repeat("\x00\xff\x1b", 30000), nil},
		{"help-help", []string{"help", "help"}, "", nil},
		{"help", []string{"help"}, "", nil},
		{"help-scan", []string{"help", "scan"}, "", nil},
		{"help-unknown", []string{"help", "nope"}, "", nil},
		{"scan-h", []string{"scan", "-h"}, "", nil},
		{"scan/scan-bad-format", []string{"scan", "-format", "xml"}, "", nil},
		{"approve-double-dash-h", []string{"approve", "--h"}, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clitest.Golden(t, tt.name, prog.Exec(t, clitest.Run{Args: tt.args, Stdin: tt.stdin, Env: tt.env}))
		})
	}
}

// TestOutputSafe checks that, without colour, nothing this command prints
// carries a control byte from its input, whatever the input.
func TestOutputSafe(t *testing.T) {
	var in strings.Builder
	for b := range 256 {
		in.WriteByte(byte(b))
	}
	in.WriteString("\u202e\u2066\U000E0041\u200b\u00a0")
	var stdout, stderr bytes.Buffer
	run(nil, strings.NewReader(in.String()), &stdout, &stderr, env(nil))
	for _, out := range []string{stdout.String(), stderr.String()} {
		for i, r := range out {
			if (r < 0x20 && r != '\n') || (r >= 0x7F && r <= 0x9F) || r == 0x202E || r == 0x2066 || r == 0xE0041 || r == 0x200B || r == 0xA0 || r == 0xFFFD {
				t.Fatalf("output holds %U at byte %d: %+q", r, i, out)
			}
		}
	}
}

func TestRunSubcommand(t *testing.T) {
	var stdout, stderr bytes.Buffer
	status := run([]string{"run", "--", "sh", "-c", "printf 'ok\\033[2J\\n'; printf 'oops\\n' >&2; exit 3"}, strings.NewReader(""), &stdout, &stderr, env(nil))
	if status != cli.ExitClean {
		t.Fatalf("status = %d; stderr: %s", status, stderr.String())
	}
	var env struct {
		ExitCode int `json:"exit_code"`
		Stdout   struct {
			Text string `json:"text"`
		} `json:"stdout"`
		Stderr struct {
			Text string `json:"text"`
		} `json:"stderr"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &env); err != nil {
		t.Fatalf("%v: %s", err, stdout.String())
	}
	if env.ExitCode != 3 || env.Stdout.Text != "ok\n" || env.Stderr.Text != "oops\n" {
		t.Errorf("envelope = %+v, want exit 3, stdout \"ok\\n\", stderr \"oops\\n\"", env)
	}
}
