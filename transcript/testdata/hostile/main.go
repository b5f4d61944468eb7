// Command hostile writes hostile terminal output for the transcript tests:
// the bytes of the file named by its first argument to stdout and of the
// second to stderr, alternating in small writes so that the collector sees
// many reads, then exits with the status given as the third argument.
package main

import (
	"os"
	"strconv"
	"time"
)

func main() {
	if len(os.Args) != 4 {
		os.Stderr.WriteString("usage: hostile stdout-file stderr-file exit-code\n")
		os.Exit(2)
	}
	out, err1 := os.ReadFile(os.Args[1])
	errb, err2 := os.ReadFile(os.Args[2])
	code, err3 := strconv.Atoi(os.Args[3])
	if err1 != nil || err2 != nil || err3 != nil {
		os.Stderr.WriteString("hostile: bad arguments\n")
		os.Exit(2)
	}
	const chunk = 7
	for len(out) > 0 || len(errb) > 0 {
		out = write(os.Stdout, out, chunk)
		errb = write(os.Stderr, errb, chunk)
		time.Sleep(time.Millisecond)
	}
	os.Exit(code)
}

func write(f *os.File, b []byte, n int) []byte {
	n = min(n, len(b))
	if n > 0 {
		f.Write(b[:n])
	}
	return b[n:]
}
