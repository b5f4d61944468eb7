//go:build unix

package approve

import "syscall"

// auditOpenFlags keep OpenAudit from following a symbolic link and from
// waiting for a FIFO's reader.
const auditOpenFlags = syscall.O_NOFOLLOW | syscall.O_NONBLOCK
