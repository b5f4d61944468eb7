package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight-dev/plainsight"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata")

func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func TestRun(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		stdin      string
		env        map[string]string
		wantStatus int
	}{
		{"clean", nil, "ls -la\n", nil, exitClean},
		{"warnings", nil, "echo ok\rrm -rf ~\n", nil, exitWarnings},
		{"json", []string{"-json"}, "cat invoice\u202efdp.exe", nil, exitWarnings},
		{"force-color", nil, "a\u202eb \x1b[2J\n", map[string]string{"FORCE_COLOR": "1"}, exitWarnings},
		{"no-color-wins-over-always-not", []string{"-color", "never"}, "a\u202eb\n", map[string]string{"FORCE_COLOR": "1"}, exitWarnings},
		{"keep-tab", []string{"-keep-tab"}, "all:\n\tgo build\n", nil, exitClean},
		{"context-command", []string{"-context", "command"}, "git commit -m \"Don\u2019t\" && echo \u2018$(id)\u2019\n", nil, exitWarnings},
		{"tab-escaped", nil, "all:\n\tgo build\n", nil, exitClean},
		{"bad-flag", []string{"-nope"}, "", nil, exitError},
		{"missing-file", []string{"testdata/does-not-exist\u202e.txt"}, "", nil, exitError},
		{"demo", []string{"demo", "-color", "never"}, "", nil, exitClean},
		{"term-strip", []string{"term"}, "a\x1b[31mred\x1b[0m \x1b]0;title\x07\x1b[2Jb\r\n", map[string]string{"FORCE_COLOR": "1"}, exitClean},
		{"term-visualize-plain", []string{"term", "-mode", "visualize"}, "a\x1b[31mred\x1b[0m \x1b]0;title\x07\x1b[2Jb\r\n", nil, exitClean},
		{"term-bad-mode", []string{"term", "-mode", "loud"}, "", nil, exitError},
		{"clean-cmd", []string{"clean"}, "build: \x1b[31mFAIL\x1b[0m\nnotice\x1b[1A\x1b]8;;https://example.invalid\x1b\\open\x1b]8;;\x1b\\\rPASS\n", nil, exitClean},
		{"clean-overwrite", []string{"clean", "-cr", "overwrite"}, "working 10%\rworking 20%\rfailure\n", nil, exitClean},
		{"dump", []string{"dump"}, "a\x1bb\xff\u202e\n", nil, exitClean},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(tt.args, strings.NewReader(tt.stdin), &stdout, &stderr, env(tt.env))
			if status != tt.wantStatus {
				t.Errorf("status = %d, want %d; stderr:\n%s", status, tt.wantStatus, stderr.String())
			}
			got := "-- stdout --\n" + stdout.String() + "-- stderr --\n" + stderr.String()
			if tt.name == "bad-flag" || tt.name == "term-bad-mode" {
				got = "-- stdout --\n" + stdout.String() // usage text is the flag package's
			}
			golden := filepath.Join("testdata", tt.name+".golden")
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("output mismatch (-want +got):\n%s", diff)
			}
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

func TestJSONRoundTrip(t *testing.T) {
	in := "x\u202ey\xff"
	var stdout, stderr bytes.Buffer
	run([]string{"-json"}, strings.NewReader(in), &stdout, &stderr, env(nil))
	var got jsonResult
	if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(plainsight.Sanitize(in), got.Result); diff != "" {
		t.Errorf("JSON result mismatch (-want +got):\n%s", diff)
	}
	if got.Result.Original() != in {
		t.Errorf("Original() from JSON = %+q, want %+q", got.Result.Original(), in)
	}
}

func TestRunSubcommand(t *testing.T) {
	var stdout, stderr bytes.Buffer
	status := run([]string{"run", "--", "sh", "-c", "printf 'ok\\033[2J\\n'; printf 'oops\\n' >&2; exit 3"}, strings.NewReader(""), &stdout, &stderr, env(nil))
	if status != exitClean {
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
