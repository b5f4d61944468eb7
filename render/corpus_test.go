package render

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// corpusInputs returns the inputs of the attack and benign cases in the
// root corpus, so that each presenter is tried on every known attack.
func corpusInputs(t testing.TB) []string {
	t.Helper()
	files, err := filepath.Glob("../corpus/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus files under ../corpus: %v", err)
	}
	var inputs []string
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for n := 1; sc.Scan(); n++ {
			line := strings.TrimSpace(sc.Text())
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			fields := strings.SplitN(line, " ", 4)
			if len(fields) != 4 {
				t.Fatalf("%s:%d: not a corpus case", name, n)
			}
			in, err := strconv.Unquote(fields[3])
			if err != nil {
				t.Fatalf("%s:%d: %v", name, n, err)
			}
			inputs = append(inputs, in)
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return inputs
}
