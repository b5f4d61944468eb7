package approve

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestApproveKilled runs commands that signal approve itself. The approval
// is on disk before the command starts, so even SIGKILL, which approve
// cannot catch, leaves it recorded; a SIGTERM or SIGHUP is recorded when
// it arrives, passed on to the command, and the command's end after it.
func TestApproveKilled(t *testing.T) {
	tests := []struct {
		name, command string
		want          []string
	}{
		{"sigkill", "kill -KILL $PPID; sleep 1", []string{"decision: approved"}},
		{"sigterm", "kill -TERM $PPID; sleep 2; exit 3", []string{"decision: approved", "signal: SIGTERM", "exit: 143, SIGTERM"}},
		{"sighup", "kill -HUP $PPID; sleep 2; exit 3", []string{"decision: approved", "signal: SIGHUP", "exit: 129, SIGHUP"}},
		{"sigint", "kill -INT $PPID; sleep 1; exit 3", []string{"decision: approved", "signal: SIGINT", "exit: 3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			audit := filepath.Join(t.TempDir(), "audit.jsonl")
			// $PPID of bash -c is approve.
			runWithin(t, prog.Command("-yes", "-audit", audit, "-c", tt.command), 20*time.Second)
			var got []string
			for _, rec := range readAudit(t, audit) {
				line := rec.Event + ": "
				switch rec.Event {
				case "decision":
					line += rec.Decision
				case "signal":
					line += rec.Signal
				case "exit":
					line += fmt.Sprint(*rec.ExitStatus)
					if rec.Signal != "" {
						line += ", " + rec.Signal
					}
				}
				got = append(got, line)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("audit records mismatch (-want +got):\n%s", diff)
			}
		})
	}
}
