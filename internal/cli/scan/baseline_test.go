package scan

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plainsight-dev/plainsight/internal/cli/clitest"
)

// TestBaseline writes a baseline, then moves the findings' lines and
// renames their file: the baseline still holds them, and only a new
// finding fails the gate.
func TestBaseline(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "a.go"), "package a\n\nvar s = \"\u202e\"\nvar t = \"\u200b\"\nvar u = \"\u202e\"\n")
	got := prog.Exec(t, clitest.Run{Args: []string{"-no-git", "-write-baseline", "base.json", "a.go"}, Dir: dir})
	clitest.Golden(t, "scan-write-baseline", elapsed.ReplaceAllString(got, "; TIME\n"))
	data, err := os.ReadFile(filepath.Join(dir, "base.json"))
	if err != nil {
		t.Fatal(err)
	}
	clitest.Golden(t, "scan-baseline-file", string(data))

	// Lines moved down, re-indented, the file renamed: all in the
	// baseline.
	os.Remove(filepath.Join(dir, "a.go"))
	moved := "package a\n\n// new lines above\n\nvar s  =  \"\u202e\"\n\tvar t = \"\u200b\"\nvar u = \"\u202e\"\n"
	writeFile(t, filepath.Join(dir, "b.go"), moved)
	got = prog.Exec(t, clitest.Run{Args: []string{"-no-git", "-baseline", "base.json", "b.go"}, Dir: dir})
	clitest.Golden(t, "scan-baseline-moved", elapsed.ReplaceAllString(got, "; TIME\n"))

	// A new finding, and a third copy of a line the baseline holds twice
	// only if it was there twice: the new ones fail.
	writeFile(t, filepath.Join(dir, "b.go"), moved+"var v = \"\u2066\"\nvar u = \"\u202e\"\n")
	got = prog.Exec(t, clitest.Run{Args: []string{"-no-git", "-baseline", "base.json", "b.go"}, Dir: dir})
	if !strings.HasPrefix(got, "-- status --\n1\n") {
		t.Errorf("a new finding passes the gate:\n%s", got)
	}
	clitest.Golden(t, "scan-baseline-new", elapsed.ReplaceAllString(got, "; TIME\n"))
}
