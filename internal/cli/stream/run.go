package stream

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"os/signal"

	"github.com/plainsight-dev/plainsight/internal/cli"
	"github.com/plainsight-dev/plainsight/transcript"
)

// Run runs the run command with args, the arguments after "run": it runs a
// command over pipes and prints its transcript envelope.
func Run(args []string, s cli.IO) int {
	stdout, stderr := s.Stdout, s.Stderr
	fs := cli.NewFlags("run", s)
	rawDir := fs.String("raw-dir", "", "directory for the raw bytes of each stream (mode 0600, named by sha256); empty keeps none")
	if status, done := cli.ParseFlags(fs, args); done {
		return status
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return cli.ExitError
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	cmd := exec.CommandContext(ctx, fs.Arg(0), fs.Args()[1:]...)
	env, err := transcript.Run(ctx, cmd, transcript.RunOptions{RawDir: *rawDir})
	if err != nil {
		fmt.Fprintln(stderr, "plainsight:", cli.NeutralizeLine(err.Error()))
		return cli.ExitError
	}
	b, err := json.MarshalIndent(env, "", "  ")
	if err != nil {
		fmt.Fprintln(stderr, "plainsight:", err)
		return cli.ExitError
	}
	fmt.Fprintf(stdout, "%s\n", b)
	return cli.ExitClean
}
