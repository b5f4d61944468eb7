package cli

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestParseFlags checks the statuses of -h and of a bad flag, and that the
// usage is the head main gives followed by the flags, on standard error.
func TestParseFlags(t *testing.T) {
	tests := []struct {
		args       []string
		wantStatus int
		wantDone   bool
		wantUsage  bool
	}{
		{[]string{"-x", "file"}, ExitClean, false, false},
		{[]string{"-h"}, ExitClean, true, true},
		{[]string{"--help"}, ExitClean, true, true},
		{[]string{"-nope"}, ExitError, true, true},
	}
	const head = "usage: plainsight demo [-x]\n\nDemonstrates.\n"
	const flags = "\nFlags (one dash or two):\n  -x\tan example\n"
	for _, tt := range tests {
		var stderr bytes.Buffer
		fs := NewFlags("demo", IO{Stderr: &stderr, Usage: head})
		x := fs.Bool("x", false, "an example")
		status, done := ParseFlags(fs, tt.args)
		if status != tt.wantStatus || done != tt.wantDone {
			t.Errorf("ParseFlags(%q) = %d, %v; want %d, %v", tt.args, status, done, tt.wantStatus, tt.wantDone)
		}
		if got := bytes.Contains(stderr.Bytes(), []byte(head+flags)); got != tt.wantUsage {
			t.Errorf("ParseFlags(%q) printed usage %v, want %v; stderr:\n%s", tt.args, got, tt.wantUsage, stderr.String())
		}
		if !done && (!*x || !IsSet(fs, "x") || IsSet(fs, "h")) {
			t.Errorf("ParseFlags(%q): -x = %v, IsSet(x) = %v", tt.args, *x, IsSet(fs, "x"))
		}
	}
}

// TestDisplayName checks that a name shown to the user cannot carry a
// control or a second line.
func TestDisplayName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"-", "<standard input>"},
		{"a.txt", "a.txt"},
		{"evil\u202e\n.txt", `evil\u{202e}\x0a.txt`},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, DisplayName(tt.in)); diff != "" {
			t.Errorf("DisplayName(%+q) mismatch (-want +got):\n%s", tt.in, diff)
		}
	}
}
