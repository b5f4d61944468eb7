//go:build !unix

package clitest

import "os/exec"

// newSession does nothing where there are no sessions.
func newSession(*exec.Cmd) {}
