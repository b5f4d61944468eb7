// Package tty tells whether a file is a terminal. A character device is not
// enough: /dev/null and /dev/zero are character devices too, and output
// sent there must not be coloured or treated as a person's screen.
package tty

import "os"

// IsTerminal reports whether f is a terminal: on Unix systems, whether the
// terminal attributes of its descriptor can be read.
func IsTerminal(f *os.File) bool {
	if f == nil {
		return false
	}
	conn, err := f.SyscallConn()
	if err != nil {
		return false
	}
	ok := false
	if conn.Control(func(fd uintptr) { ok = isTerminal(fd) }) != nil {
		return false
	}
	return ok
}
