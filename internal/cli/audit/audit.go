// Package audit appends the JSON records of approval decisions, made by
// approve or by an agent hook, to a file that many processes share.
package audit

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"syscall"

	"github.com/plainsight-dev/plainsight/internal/cli"
)

// A Log appends JSON records to a file that many processes may
// append to at once. The file is created with mode 0600 and opened with
// O_APPEND; each record is one write followed by fsync, so records from
// concurrent writers never interleave, and a record is on disk before
// Append returns.
type Log struct {
	f *os.File
}

// ErrNotRegular is returned by Open when the path names
// something other than a regular file: a directory, a device such as
// /dev/full or /dev/null, a FIFO or a socket.
var ErrNotRegular = errors.New("not a regular file")

// Open opens, or creates, the audit file at path. It does not follow
// a symbolic link in the last element of path (nor create a dangling
// link's target), does not block on a FIFO, and refuses anything but a
// regular file, checked on the open descriptor so that the file cannot be
// swapped between the check and the writes.
func Open(path string) (*Log, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE|openFlags, 0o600)
	if err != nil {
		if errors.Is(err, syscall.ELOOP) {
			return nil, fmt.Errorf("audit: %s is a symbolic link, which is not followed", path)
		}
		if errors.Is(err, syscall.ENXIO) {
			// O_NONBLOCK|O_WRONLY on a FIFO with no reader.
			return nil, fmt.Errorf("audit: %s: %w", path, ErrNotRegular)
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
		return nil, fmt.Errorf("audit: %s: %w (%s)", path, ErrNotRegular, fileKind(fi.Mode()))
	}
	return &Log{f: f}, nil
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
func (a *Log) Append(v any) error {
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
func (a *Log) Close() error { return a.f.Close() }

// User names who decided, as the environment does ($USER, then $LOGNAME),
// or by the process's uid. It does not look the name up with os/user:
// that links the C library into the command, which costs every hook call
// more at start-up than reading the command does.
func User(getenv func(string) string) string {
	for _, v := range []string{"USER", "LOGNAME"} {
		if name := getenv(v); name != "" {
			return cli.NeutralizeLine(name)
		}
	}
	return strconv.Itoa(os.Getuid())
}
