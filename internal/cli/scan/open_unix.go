//go:build unix

package scan

import (
	"errors"
	"io"
	"os"
	"syscall"
)

// openRegular opens name for reading without following a symbolic link in
// its last component and without blocking on a FIFO or a device, then
// checks on the open descriptor that it is a regular file, so that a file
// swapped for a link or a FIFO after it was listed is never followed nor
// waited on. notRegular is true when name is there but is not a regular
// file.
//
// The file is read with read(2) on the descriptor, not through an
// os.File: scan opens every file of a tree once, and an os.File costs
// three fcntl calls and a finalizer more per file.
func openRegular(name string) (f io.ReadCloser, size int64, notRegular bool, err error) {
	fd, err := syscall.Open(name, syscall.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK|syscall.O_CLOEXEC|syscall.O_NOCTTY, 0)
	if err != nil {
		if errors.Is(err, syscall.ELOOP) || errors.Is(err, syscall.ENXIO) {
			return nil, 0, true, &os.PathError{Op: "open", Path: name, Err: err}
		}
		return nil, 0, false, &os.PathError{Op: "open", Path: name, Err: err}
	}
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		syscall.Close(fd)
		return nil, 0, false, &os.PathError{Op: "fstat", Path: name, Err: err}
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		syscall.Close(fd)
		return nil, 0, true, &os.PathError{Op: "open", Path: name, Err: errors.New("not a regular file")}
	}
	return &fdFile{fd: fd, name: name}, st.Size, false, nil
}

// An fdFile reads a regular file from its descriptor.
type fdFile struct {
	fd       int
	name     string
	blocking bool
}

// Read reads from the file; it returns io.EOF at the end. O_NONBLOCK, with
// which the file was opened, has no effect on a regular file on the
// systems scan knows; a file system that answers EAGAIN all the same gets
// a blocking descriptor and the read again.
func (f *fdFile) Read(p []byte) (int, error) {
	for {
		n, err := syscall.Read(f.fd, p)
		switch {
		case err == syscall.EINTR:
			continue
		case err == syscall.EAGAIN && !f.blocking:
			f.blocking = true
			if err := syscall.SetNonblock(f.fd, false); err != nil {
				return 0, &os.PathError{Op: "fcntl", Path: f.name, Err: err}
			}
			continue
		case err != nil:
			return 0, &os.PathError{Op: "read", Path: f.name, Err: err}
		case n == 0 && len(p) > 0:
			return 0, io.EOF
		}
		return n, nil
	}
}

// Close closes the descriptor.
func (f *fdFile) Close() error {
	if f.fd < 0 {
		return os.ErrClosed
	}
	err := syscall.Close(f.fd)
	f.fd = -1
	return err
}
