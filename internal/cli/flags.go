package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

// NewFlags returns the flag set of the named command. It prints errors
// and, on -h or a bad flag, s.Usage and the flags to s.Stderr.
func NewFlags(name string, s IO) *flag.FlagSet {
	fs := flag.NewFlagSet("plainsight "+name, flag.ContinueOnError)
	fs.SetOutput(s.Stderr)
	fs.Usage = func() { printUsage(s.Stderr, fs, s.Usage) }
	return fs
}

// printUsage prints head and, if the command has any, its flags.
func printUsage(w io.Writer, fs *flag.FlagSet, head string) {
	io.WriteString(w, head)
	hasFlags := false
	fs.VisitAll(func(*flag.Flag) { hasFlags = true })
	if hasFlags {
		fmt.Fprintf(w, "\nFlags (one dash or two):\n")
		fs.PrintDefaults()
	}
}

// ParseFlags parses args into fs. done is true when the command should
// stop with status: ExitClean after -h, ExitError after a bad flag.
func ParseFlags(fs *flag.FlagSet, args []string) (status int, done bool) {
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return ExitClean, true
	case err != nil:
		return ExitError, true
	}
	return ExitClean, false
}

// IsSet reports whether the flag name was given on the command line, as
// opposed to left at its default.
func IsSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
