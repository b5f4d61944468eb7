//go:build unix

package scan

import (
	"errors"
	"os"
	"syscall"
)

// openRegular opens name for reading without following a symbolic link in
// its last component and without blocking on a FIFO or a device, then
// checks on the open descriptor that it is a regular file, so that a file
// swapped for a link or a FIFO after it was listed is never followed nor
// waited on. notRegular is true when name is there but is not a regular
// file.
func openRegular(name string) (f *os.File, size int64, notRegular bool, err error) {
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
	// Blocking reads from here: the descriptor is a regular file, and
	// os.NewFile would otherwise register a non-blocking one with the
	// poller.
	if err := syscall.SetNonblock(fd, false); err != nil {
		syscall.Close(fd)
		return nil, 0, false, &os.PathError{Op: "fcntl", Path: name, Err: err}
	}
	return os.NewFile(uintptr(fd), name), st.Size, false, nil
}
