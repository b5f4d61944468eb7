//go:build unix

package clitest

import (
	"os/exec"
	"syscall"
)

// newSession makes cmd start a session of its own, without a controlling
// terminal.
func newSession(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
}
