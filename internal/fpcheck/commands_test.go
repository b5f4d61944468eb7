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
// each as written and as typed, counted once when two are the same.
func TestCommandLines(t *testing.T) {
	dir := t.TempDir()
	text := "# ls\n- List \u201chidden\u201d files:\n`ls -a`\n`ls -a`\n`cat {{\u0444\u0430\u0439\u043b.txt}}`\n`rm {{\u2212rf}} /`\n`ls {{[-a|--all]}}`\n`rm {{\u2212rf}} /`\n"
	if err := os.WriteFile(filepath.Join(dir, "aa.txt"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-commands", "-dir", dir, "-hits"}, &stdout, &stderr); code != 0 {
		t.Fatalf("run = %d, stderr %q", code, stderr.String())
	}
	// Distinct: ls -a, cat {{файл.txt}}, cat файл.txt, rm {{−rf}} /, rm −rf /,
	// ls {{[-a|--all]}}, ls --all (its other typing is ls -a). Distinct
	// page lines: four (lines 4 and 8 repeat 3 and 6), of which one warns,
	// aa.txt:6.
	got := strings.SplitN(stdout.String(), "\n\n", 2)
	want := "| counted | lines | warn-level lines | share |\n| --- | ---: | ---: | ---: |\n" +
		"| distinct command lines (as written and as typed) | 7 | 2 | 28.5714% |\n" +
		"| distinct page lines (warned if any form warns) | 4 | 1 | 25.0000% |"
	if diff := cmp.Diff(want, got[0]); diff != "" {
		t.Errorf("table mismatch (-want +got):\n%s", diff)
	}
	if len(got) < 2 || strings.Count(got[1], "aa.txt:6: lookalike") != 2 {
		t.Errorf("hits: want two lookalike hits on aa.txt:6, got %q", got)
	}
}

func TestTypedLines(t *testing.T) {
	for _, c := range []struct {
		line string
		want []string
	}{
		{"ls -a", []string{"ls -a"}},
		{"cat {{path/to/file}}", []string{"cat path/to/file"}},
		{"ls {{[-a|--all]}} {{[-l|--long]}}", []string{"ls -a -l", "ls --all --long"}},
		{"nmtui connect {{ad|uuid|name}}", []string{"nmtui connect ad", "nmtui connect uuid", "nmtui connect name"}},
		{"dnf {{[rm|remove]}} {{{a b ...}}}", []string{"dnf rm {a b ...}", "dnf remove {a b ...}"}},
		{"sh -c {{cmd1 | cmd2}}", []string{"sh -c cmd1 | cmd2"}},
		{"echo {{unclosed", []string{"echo {{unclosed"}},
	} {
		if diff := cmp.Diff(c.want, typedLines(c.line)); diff != "" {
			t.Errorf("typedLines(%q) mismatch (-want +got):\n%s", c.line, diff)
		}
	}
}
