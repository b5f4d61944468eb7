//go:build linux || darwin || dragonfly || freebsd || netbsd || openbsd

package approve

import (
	"os"
	"syscall"
	"unsafe"
)

// termState is a terminal in key mode, and its attributes as keyMode
// found them.
type termState struct {
	tty        *os.File
	orig, keys syscall.Termios
}

// keyMode puts tty in a mode that delivers each key press as it comes,
// unechoed (approve echoes the answer itself), with Ctrl-C still an
// interrupt, and discards every byte that arrived before: key presses
// typed ahead, half a line, a paste. restore puts back what it found.
func keyMode(tty *os.File) (*termState, error) {
	st := &termState{tty: tty}
	if err := termios(tty, ioctlGetTermios, &st.orig); err != nil {
		return nil, err
	}
	st.keys = st.orig
	st.keys.Lflag &^= syscall.ICANON | syscall.ECHO | syscall.ECHONL | syscall.IEXTEN
	st.keys.Lflag |= syscall.ISIG
	st.keys.Cc[syscall.VMIN], st.keys.Cc[syscall.VTIME] = 1, 0
	if err := st.discard(); err != nil {
		termios(tty, ioctlSetTermios, &st.orig)
		return nil, err
	}
	return st, nil
}

// restore discards what is left of the input (the rest of a refused
// paste, keys typed after the answer), so that none of it reaches the
// command or the shell, and puts back the attributes keyMode found.
func (st *termState) restore() error {
	err := st.discard()
	if err2 := st.reinstate(); err == nil {
		err = err2
	}
	return err
}

// discard reads and drops every byte waiting on the terminal, then puts
// it in key mode. It reads with canonical mode off, so that a half-typed
// line is readable too, and with VMIN and VTIME 0, so that a read of an
// empty queue returns at once whether or not the descriptor blocks.
// Reading portably does what TCFLSH would, whose request number package
// syscall does not define and which differs between architectures.
func (st *termState) discard() error {
	drain := st.keys
	drain.Cc[syscall.VMIN], drain.Cc[syscall.VTIME] = 0, 0
	if err := termios(st.tty, ioctlSetTermios, &drain); err != nil {
		return err
	}
	rc, err := st.tty.SyscallConn()
	if err != nil {
		return err
	}
	var buf [256]byte
	if err := rc.Control(func(fd uintptr) {
		for {
			if n, err := syscall.Read(int(fd), buf[:]); n <= 0 || err != nil {
				return
			}
		}
	}); err != nil {
		return err
	}
	return termios(st.tty, ioctlSetTermios, &st.keys)
}

// termios reads or sets the attributes of tty, as req says.
func termios(tty *os.File, req uintptr, t *syscall.Termios) error {
	rc, err := tty.SyscallConn()
	if err != nil {
		return err
	}
	var errno syscall.Errno
	if err := rc.Control(func(fd uintptr) {
		_, _, errno = syscall.Syscall(syscall.SYS_IOCTL, fd, req, uintptr(unsafe.Pointer(t)))
	}); err != nil {
		return err
	}
	if errno != 0 {
		return os.NewSyscallError("ioctl", errno)
	}
	return nil
}

// reinstate sets the attributes keyMode found again, after a command
// that may have changed them (an editor killed in raw mode).
func (st *termState) reinstate() error { return termios(st.tty, ioctlSetTermios, &st.orig) }
