package stream

import (
	"io"

	"github.com/plainsight-dev/plainsight/internal/cli"
	"github.com/plainsight-dev/plainsight/transcript"
)

// Dump runs dump with args, the arguments after "dump": it shows raw bytes
// as hex and caret notation, for investigators.
func Dump(args []string, s cli.IO) int {
	stdin, stdout, stderr := s.Stdin, s.Stdout, s.Stderr
	fs := cli.NewFlags("dump", s)
	if status, done := cli.ParseFlags(fs, args); done {
		return status
	}
	return cli.EachInput(fs.Args(), stdin, stderr, func(_ string, data []byte) error {
		_, err := io.WriteString(stdout, transcript.Dump(data))
		return err
	})
}
