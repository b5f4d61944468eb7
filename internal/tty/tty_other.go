//go:build !linux && !darwin && !freebsd && !netbsd && !openbsd && !dragonfly

package tty

// isTerminal errs on the plain side where terminal attributes cannot be
// read: no colour, no terminal.
func isTerminal(uintptr) bool { return false }
