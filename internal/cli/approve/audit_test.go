package approve

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	auditlog "github.com/plainsight-dev/plainsight/internal/cli/audit"
)

// TestAuditParallel appends from many goroutines, each with its own open
// file as separate processes have, and from many processes at once, then
// checks that every record is there, whole, on a line of its own.
func TestAuditParallel(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	const writers, records = 16, 50
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			a, err := auditlog.Open(path)
			if err != nil {
				t.Error(err)
				return
			}
			defer a.Close()
			for r := range records {
				// Records larger than a pipe buffer would show interleaving
				// if writes were split.
				rec := map[string]any{"writer": w, "record": r, "pad": fmt.Sprintf("%08000d", r)}
				if err := a.Append(rec); err != nil {
					t.Error(err)
				}
			}
		})
	}
	const processes = 8
	for range processes {
		wg.Go(func() {
			cmd := prog.Command("-yes", "-audit", path, "--", "true")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("approve: %v\n%s", err, out)
			}
		})
	}
	wg.Wait()

	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if mode := fi.Mode().Perm(); mode != 0o600 {
		t.Errorf("audit file mode = %o, want 600", mode)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	seen := map[[2]int]bool{}
	decisions := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var rec struct {
			Writer   *int   `json:"writer"`
			Record   int    `json:"record"`
			Decision string `json:"decision"`
			Event    string `json:"event"`
		}
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatalf("line is not one whole record: %v: %.80s", err, sc.Text())
		}
		switch {
		case rec.Writer != nil:
			seen[[2]int{*rec.Writer, rec.Record}] = true
		case rec.Decision == approved && (rec.Event == "decision" || rec.Event == "exit"):
			decisions++
		default:
			t.Errorf("unexpected record %s", sc.Text())
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(seen) != writers*records || decisions != 2*processes {
		t.Errorf("got %d distinct records and %d approval records, want %d and %d", len(seen), decisions, writers*records, 2*processes)
	}
}

// TestAuditRefused gives approve audit paths it must refuse, each without
// blocking: the command does not run, approve exits 2 with the reason, and
// nothing is created or written through a link.
func TestAuditRefused(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target")
	if err := os.WriteFile(target, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	dangling := filepath.Join(dir, "dangling")
	fifo := filepath.Join(dir, "fifo")
	readFIFO := filepath.Join(dir, "fifo-read")
	for _, err := range []error{
		os.Symlink(target, link),
		os.Symlink(filepath.Join(dir, "created"), dangling),
		syscall.Mkfifo(fifo, 0o600),
		syscall.Mkfifo(readFIFO, 0o600),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	// A FIFO with a reader opens for writing; its type refuses it.
	reader, err := os.OpenFile(readFIFO, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer reader.Close()
	tests := []struct{ name, path, reason string }{
		{"dev-full", "/dev/full", "not a regular file (a character device)"},
		{"symlink", link, "is a symbolic link, which is not followed"},
		{"dangling-symlink", dangling, "is a symbolic link, which is not followed"},
		{"fifo", fifo, "not a regular file"},
		{"fifo-with-reader", readFIFO, "not a regular file (a FIFO)"},
		{"directory", dir, "is a directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ran := filepath.Join(dir, "ran-"+tt.name)
			cmd := prog.Command("-yes", "-audit", tt.path, "--", "touch", ran)
			cmd.WaitDelay = time.Second
			out, err := runWithin(t, cmd, 10*time.Second)
			if code := exitCode(err); code != 2 {
				t.Errorf("exit status %d, want 2; output:\n%s", code, out)
			}
			if !strings.Contains(string(out), tt.reason) {
				t.Errorf("output does not say %q:\n%s", tt.reason, out)
			}
			if _, err := os.Stat(ran); err == nil {
				t.Error("the command ran")
			}
		})
	}
	if _, err := os.Lstat(filepath.Join(dir, "created")); err == nil {
		t.Error("a dangling link's target was created")
	}
	if data, _ := os.ReadFile(target); len(data) != 0 {
		t.Errorf("written through a link: %s", data)
	}
}

// TestAuditFull runs approve where the approval cannot be written (a file
// size limit of 0, as a full disk): the command must not run, and approve
// exits 2 with the reason.
func TestAuditFull(t *testing.T) {
	dir := t.TempDir()
	audit := filepath.Join(dir, "audit.jsonl")
	if err := os.WriteFile(audit, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	ran := filepath.Join(dir, "ran")
	// SIGXFSZ ignored, so that the write fails with EFBIG rather than
	// kill approve.
	cmd := exec.Command("/bin/sh", "-c", `trap "" XFSZ; ulimit -f 0; exec "$@"`, "sh",
		prog.Path, "-yes", "-audit", audit, "--", "touch", ran)
	cmd.Env = append(os.Environ(), prog.AsMain+"=1")
	out, err := runWithin(t, cmd, 10*time.Second)
	if code := exitCode(err); code != 2 {
		t.Errorf("exit status %d, want 2; output:\n%s", code, out)
	}
	for _, want := range []string{"file too large", "not run: the approval could not be recorded"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("output does not say %q:\n%s", want, out)
		}
	}
	if _, err := os.Stat(ran); err == nil {
		t.Error("the command ran without its approval on disk")
	}
}

// runWithin runs cmd and fails the test if it has not ended after d: a
// refused audit path must not block.
func runWithin(t *testing.T, cmd *exec.Cmd, d time.Duration) ([]byte, error) {
	t.Helper()
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return out.Bytes(), err
	case <-time.After(d):
		cmd.Process.Kill()
		<-done
		t.Fatalf("approve still running after %v; output:\n%s", d, out.Bytes())
		return nil, nil
	}
}

// exitCode is the exit status err reports, 0 for nil.
func exitCode(err error) int {
	if exitErr, ok := errors.AsType[*exec.ExitError](err); ok {
		return exitErr.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}
