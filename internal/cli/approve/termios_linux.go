package approve

import "syscall"

// The ioctl requests that read and set a terminal's attributes.
const (
	ioctlGetTermios = syscall.TCGETS
	ioctlSetTermios = syscall.TCSETS
)
