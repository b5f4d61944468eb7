package stream

import (
	"fmt"
	"io"
	"os"

	"github.com/plainsight-dev/plainsight/internal/cli"
)

// copyInputs streams each named input (or stdin) into w.
func copyInputs(names []string, stdin io.Reader, w io.Writer, stderr io.Writer) int {
	if len(names) == 0 {
		names = []string{"-"}
	}
	status := cli.ExitClean
	for _, name := range names {
		var r io.Reader = stdin
		if name != "-" {
			f, err := os.Open(name)
			if err != nil {
				fmt.Fprintf(stderr, "plainsight: %s\n", cli.NeutralizeLine(err.Error()))
				status = cli.ExitError
				continue
			}
			defer f.Close()
			r = f
		}
		if _, err := io.Copy(w, r); err != nil {
			fmt.Fprintf(stderr, "plainsight: %s\n", cli.NeutralizeLine(err.Error()))
			status = cli.ExitError
		}
	}
	return status
}
