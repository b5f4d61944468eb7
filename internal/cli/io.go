package cli

import "io"

// Exit statuses, one meaning each for every command (check, scan, clean,
// run, approve and the hooks), so that a script or CI step can rely on
// them whichever it calls:
//
//   - 0: nothing to report: the text is clean (info-level findings
//     included, unless a command's own -fail-on says otherwise), or the
//     approved command ran and exited 0;
//   - 1: findings: the text has warnings, or an approval was refused;
//   - 2: plainsight itself could not do its work: a usage error, an input
//     it could not read, an audit record it could not write.
//
// run and approve, which run a command, exit with the command's own status
// when it ran: a 1 or 2 from the command is the command's.
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
