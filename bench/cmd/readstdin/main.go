// Command readstdin is the baseline of bench/hook.sh: the least a Go
// program that answers a hook does, reading its standard input whole and
// exiting.
package main

import (
	"io"
	"os"
)

func main() {
	if _, err := io.ReadAll(os.Stdin); err != nil {
		os.Exit(2)
	}
}
