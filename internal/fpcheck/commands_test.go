package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCommandLines checks the -commands measure: command lines only,
// each as written and unwrapped, counted once when both are the same.
func TestCommandLines(t *testing.T) {
	dir := t.TempDir()
	text := "# ls\n- List \u201chidden\u201d files:\n`ls -a`\n`ls -a`\n`cat {{\u0444\u0430\u0439\u043b.txt}}`\n`rm {{\u2212rf}} /`\n"
	if err := os.WriteFile(filepath.Join(dir, "aa.txt"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-commands", "-dir", dir, "-hits"}, &stdout, &stderr); code != 0 {
		t.Fatalf("run = %d, stderr %q", code, stderr.String())
	}
	// Distinct: ls -a, cat {{файл.txt}}, cat файл.txt, rm {{−rf}} /, rm −rf /.
	got := strings.SplitN(stdout.String(), "\n\n", 2)
	want := "| distinct command lines | warn-level lines | share |\n| ---: | ---: | ---: |\n| 5 | 2 | 40.0000% |"
	if diff := cmp.Diff(want, got[0]); diff != "" {
		t.Errorf("table mismatch (-want +got):\n%s", diff)
	}
	if len(got) < 2 || strings.Count(got[1], "aa.txt:6: lookalike") != 2 {
		t.Errorf("hits: want two lookalike hits on aa.txt:6, got %q", got)
	}
}
