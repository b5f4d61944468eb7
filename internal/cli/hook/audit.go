package hook

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/plainsight-dev/plainsight/internal/cli"
)

// auditRecord is the audit record of one hook decision (docs/agents.md).
// Like approve's, it never holds the raw command: its hash and length
// identify it.
type auditRecord struct {
	Time     string         `json:"time"`
	User     string         `json:"user"`
	UID      int            `json:"uid"`
	Dir      string         `json:"dir,omitempty"`
	Agent    string         `json:"agent"`
	Tool     string         `json:"tool,omitempty"`
	SHA256   string         `json:"sha256,omitempty"`
	Length   int            `json:"length"`
	Decision string         `json:"decision"`
	By       string         `json:"by"`
	Warnings map[string]int `json:"warnings"`
	Error    string         `json:"error,omitempty"`
}

// record appends the record of v, a decision of agent a, to the audit
// file at path.
func record(path string, a *agent, v verdict, getenv func(string) string) error {
	rec := auditRecord{
		Time:     time.Now().UTC().Format(time.RFC3339Nano),
		User:     auditUser(getenv),
		UID:      os.Getuid(),
		Dir:      v.cwd,
		Agent:    a.name,
		Tool:     v.tool,
		Decision: v.decision.String(),
		By:       "hook",
		Warnings: map[string]int{},
	}
	if v.read {
		sum := sha256.Sum256([]byte(v.command))
		rec.SHA256, rec.Length = hex.EncodeToString(sum[:]), len(v.command)
		for _, w := range v.res.Warnings {
			rec.Warnings[w.Kind.String()] += w.Count
		}
	}
	if v.err != nil {
		rec.Error = cli.NeutralizeLine(v.err.Error())
	}
	line, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	return appendRecord(path, append(line, '\n'))
}

// appendRecord appends line to the file at path in one write and syncs
// it, so that records of concurrent hook calls never interleave and a
// record is on disk before the call is answered. The file is created with
// mode 0600; a symbolic link at path is refused rather than followed, and
// so is anything but a regular file (a FIFO would block the call, a
// device swallow the record), checked on the open descriptor.
func appendRecord(path string, line []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE|noFollow, 0o600)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file", path)
	}
	n, err := f.Write(line)
	if err == nil && n < len(line) {
		err = io.ErrShortWrite
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil && !errors.Is(cerr, os.ErrClosed) {
		err = cerr
	}
	return err
}

// auditUser names the user a record is for, as the environment does;
// the record's uid is the process's own. (os/user would look the name up,
// but it links the C library into the command, which costs every hook
// call more at start-up than the whole reading of a command.)
func auditUser(getenv func(string) string) string {
	for _, v := range []string{"USER", "LOGNAME"} {
		if name := getenv(v); name != "" {
			return cli.NeutralizeLine(name)
		}
	}
	return fmt.Sprint(os.Getuid())
}
