//go:build unix

package hook

import "syscall"

// noFollow opens the audit file without following a symbolic link and
// without blocking on a FIFO, which the open descriptor's check refuses.
const noFollow = syscall.O_NOFOLLOW | syscall.O_NONBLOCK
