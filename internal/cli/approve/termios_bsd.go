//go:build darwin || dragonfly || freebsd || netbsd || openbsd

package approve

import "syscall"

// The ioctl requests that read and set a terminal's attributes.
const (
	ioctlGetTermios = syscall.TIOCGETA
	ioctlSetTermios = syscall.TIOCSETA
)
