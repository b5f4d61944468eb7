package cli

import (
	"fmt"
	"io"
	"os"
)

// EachInput reads each named input whole ("-" or none: standard input) and
// hands it to f. It returns ExitError if an input could not be read or f
// failed, and ExitClean otherwise.
func EachInput(names []string, stdin io.Reader, stderr io.Writer, f func(name string, data []byte) error) int {
	if len(names) == 0 {
		names = []string{"-"}
	}
	status := ExitClean
	for _, name := range names {
		var data []byte
		var err error
		if name == "-" {
			data, err = io.ReadAll(stdin)
		} else {
			data, err = os.ReadFile(name)
		}
		if err == nil {
			err = f(name, data)
		}
		if err != nil {
			// The name may itself be hostile: show it neutralized.
			fmt.Fprintf(stderr, "plainsight: %s\n", NeutralizeLine(err.Error()))
			status = ExitError
		}
	}
	return status
}

// DisplayName is the name of an input as output shows it: neutralized,
// and "<standard input>" for "-".
func DisplayName(name string) string {
	if name == "-" {
		return "<standard input>"
	}
	return NeutralizeLine(name)
}
