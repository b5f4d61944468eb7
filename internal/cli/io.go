package cli

import "io"

// Exit statuses, the same for every command.
const (
	ExitClean    = 0 // nothing found, or the command ran
	ExitWarnings = 1 // findings, or a rejection
	ExitError    = 2 // a usage or I/O error
)

// IO is what a command reads and writes, apart from the files it names,
// and the head of its usage, which cmd/plainsight writes from its help
// table so that the text of help lives in one place.
type IO struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Getenv         func(string) string
	// Usage is printed above the flags when the command shows its usage:
	// "usage: plainsight NAME SYNOPSIS", a blank line and the summary.
	Usage string
}
