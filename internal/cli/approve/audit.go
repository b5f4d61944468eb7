package approve

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
)

// An auditLog appends JSON records to a file that many processes may
// append to at once. The file is created with mode 0600 and opened with
// O_APPEND; each record is one write followed by fsync, so records from
// concurrent writers never interleave, and a record is on disk before the
// write returns.
type auditLog struct {
	f *os.File
}

// openAudit opens, or creates, the audit file at path.
func openAudit(path string) (*auditLog, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	return &auditLog{f: f}, nil
}

// append writes v as one line of JSON in a single write, then syncs.
func (a *auditLog) append(v any) error {
	line, err := json.Marshal(v)
	if err != nil {
		return err
	}
	line = append(line, '\n')
	n, err := a.f.Write(line)
	if err == nil && n < len(line) {
		err = io.ErrShortWrite
	}
	if err != nil {
		return fmt.Errorf("audit: %w", err)
	}
	if err := a.f.Sync(); err != nil {
		return fmt.Errorf("audit: %w", err)
	}
	return nil
}

func (a *auditLog) Close() error { return a.f.Close() }
