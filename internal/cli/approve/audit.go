package approve

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"
)

// An AuditLog appends JSON records to a file that many processes may
// append to at once. The file is created with mode 0600 and opened with
// O_APPEND; each record is one write followed by fsync, so records from
// concurrent writers never interleave, and a record is on disk before
// Append returns.
type AuditLog struct {
	f *os.File
}

// ErrAuditNotRegular is returned by OpenAudit when the path names
// something other than a regular file: a directory, a device such as
// /dev/full or /dev/null, a FIFO or a socket.
var ErrAuditNotRegular = errors.New("not a regular file")

// OpenAudit opens, or creates, the audit file at path. It does not follow
// a symbolic link in the last element of path (nor create a dangling
// link's target), does not block on a FIFO, and refuses anything but a
// regular file, checked on the open descriptor so that the file cannot be
// swapped between the check and the writes.
func OpenAudit(path string) (*AuditLog, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE|auditOpenFlags, 0o600)
	if err != nil {
		if errors.Is(err, syscall.ELOOP) {
			return nil, fmt.Errorf("audit: %s is a symbolic link, which is not followed", path)
		}
		if errors.Is(err, syscall.ENXIO) {
			// O_NONBLOCK|O_WRONLY on a FIFO with no reader.
			return nil, fmt.Errorf("audit: %s: %w", path, ErrAuditNotRegular)
		}
		return nil, fmt.Errorf("audit: %w", err)
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("audit: %w", err)
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("audit: %s: %w (%s)", path, ErrAuditNotRegular, fileKind(fi.Mode()))
	}
	return &AuditLog{f: f}, nil
}

// fileKind names the type of a file that is not regular, for errors.
func fileKind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeNamedPipe != 0:
		return "a FIFO"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeCharDevice != 0:
		return "a character device"
	case m&os.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}

// Append writes v as one line of JSON in a single write, then syncs. An
// error means the record may not be on disk.
func (a *AuditLog) Append(v any) error {
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

// Close closes the file.
func (a *AuditLog) Close() error { return a.f.Close() }
