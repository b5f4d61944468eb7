package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestRun(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"aa.txt": "# ls\n> List files.\n- List \u201chidden\u201d files:\n`ls -a`\n",
		"bb.txt": "- Open p\u0430ypal.com:\n`curl https://p\u0430ypal.com`\n`rm \u2212rf /`\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-dir", dir, "-hits"}, &stdout, &stderr); code != 0 {
		t.Fatalf("run = %d, stderr %q", code, stderr.String())
	}
	want := "| lang | description lines | command lines | descriptions: warn | descriptions: info | commands: warn | commands: info |\n" +
		"| --- | ---: | ---: | --- | --- | --- | --- |\n" +
		"| aa | 3 | 1 | 0 | 0 | 0 | 0 |\n" +
		"| bb | 1 | 2 | mixed_script 1 | 0 | mixed_script 1, lookalike 1 | 0 |\n" +
		"| **total** | 4 | 3 | mixed_script 1 | 0 | mixed_script 1, lookalike 1 | 0 |\n" +
		"\n" +
		"bb.txt:1: mixed_script: `p\u0430ypal` mixes Latin and Cyrillic; it reads as `paypal` [\"p\u0430ypal\"]\n" +
		"bb.txt:2: mixed_script: `p\u0430ypal` mixes Latin and Cyrillic; it reads as `paypal` [\"p\u0430ypal\"]\n" +
		"bb.txt:3: lookalike: `\u2212rf` contains U+2212 MINUS SIGN, which looks like `-`; it reads as `-rf`, but a shell or program sees different characters [\"\u2212rf\"]\n"
	if diff := cmp.Diff(want, stdout.String()); diff != "" {
		t.Errorf("run output mismatch (-want +got):\n%s", diff)
	}
}

func TestRunNoFiles(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-dir", t.TempDir()}, &stdout, &stderr); code != 2 {
		t.Errorf("run on an empty directory = %d, want 2", code)
	}
	if stderr.Len() == 0 {
		t.Error("run on an empty directory printed no error")
	}
}

// TestRunCommandContext reads the command lines as shell commands: curly
// quotes inside real quotes are quiet, a lookalike quote outside them and
// a host that reads as another warn.
func TestRunCommandContext(t *testing.T) {
	dir := t.TempDir()
	text := "- Commit:\n`git commit -m \"Don\u2019t\"`\n`echo \u2018$(id)\u2019`\n`curl https://p\u0430ypal.com`\n"
	if err := os.WriteFile(filepath.Join(dir, "aa.txt"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-dir", dir, "-context", "command"}, &stdout, &stderr); code != 0 {
		t.Fatalf("run = %d, stderr %q", code, stderr.String())
	}
	want := "| lang | description lines | command lines | descriptions: warn | descriptions: info | commands: warn | commands: info |\n" +
		"| --- | ---: | ---: | --- | --- | --- | --- |\n" +
		"| aa | 1 | 3 | 0 | 0 | mixed_script 1, lookalike 1 | 0 |\n" +
		"| **total** | 1 | 3 | 0 | 0 | mixed_script 1, lookalike 1 | 0 |\n"
	if diff := cmp.Diff(want, stdout.String()); diff != "" {
		t.Errorf("run -context command output mismatch (-want +got):\n%s", diff)
	}
	if code := run([]string{"-dir", dir, "-context", "shell"}, &stdout, &stderr); code != 2 {
		t.Errorf("run -context shell = %d, want 2", code)
	}
}
