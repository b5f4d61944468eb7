//go:build unix

package audit

import "syscall"

// openFlags keep Open from following a symbolic link and from
// waiting for a FIFO's reader.
const openFlags = syscall.O_NOFOLLOW | syscall.O_NONBLOCK
