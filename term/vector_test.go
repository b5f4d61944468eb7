package term

import (
	"os"
	"runtime"
	"testing"
)

// vectorPaths returns the settings of a vector loop's switch, whose value
// is use, that Transform can run with here: off always, on where the
// processor has the loop. Under CI=true on amd64, a build with the loop
// (built) on a processor without it logs that the loop, named by what,
// is untried.
func vectorPaths(tb testing.TB, use, built bool, what string) []bool {
	if use {
		return []bool{false, true}
	}
	if os.Getenv("CI") == "true" && runtime.GOARCH == "amd64" && built {
		tb.Logf("no AVX-512 on this amd64 machine: %s is untried", what)
	}
	return []bool{false}
}

// setVector sets the vector loop's switch at use to on and returns what
// restores it.
func setVector(use *bool, on bool) (restore func()) {
	was := *use
	*use = on
	return func() { *use = was }
}
