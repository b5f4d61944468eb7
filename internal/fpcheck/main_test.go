package main

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
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
		"bb.txt:1: mixed_script: `p\u0430ypal` mixes Latin and Cyrillic (\u0430 U+0430 CYRILLIC SMALL LETTER A); it reads as `paypal` [\"p\u0430ypal\"]\n" +
		"bb.txt:2: mixed_script: `p\u0430ypal` mixes Latin and Cyrillic (\u0430 U+0430 CYRILLIC SMALL LETTER A); it reads as `paypal` [\"p\u0430ypal\"]\n" +
		"bb.txt:3: lookalike: `\u2212rf` contains \u2212 U+2212 MINUS SIGN, which looks like `-`; it reads as `-rf`, but a shell or program sees different characters [\"\u2212rf\"]\n"
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

func TestRunCatalogs(t *testing.T) {
	dir := t.TempDir()
	catalogs := map[string][][2]string{
		"fr/LC_MESSAGES/a.mo":   {{"", "Content-Type: text/plain; charset=UTF-8\n"}, {"Name:", "Nom\u00a0:"}, {"Open", "Ouvrir"}},
		"fr/LC_MESSAGES/b.mo":   {{"", "Content-Type: text/plain; charset=ISO-8859-1\n"}, {"Yes", "Oui \xab\xa0ok\xa0\xbb"}},
		"ru/LC_MESSAGES/a.mo":   {{"a\x00as", "\u0444\u0430\u0439\u043b\x00\u0444\u0430\u0439\u043b\u044b\n\n\u0441\u043f\u0438\u0441\u043e\u043a"}},
		"xx/LC_MESSAGES/bad.mo": {},
	}
	for name, pairs := range catalogs {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		b := buildMO(binary.LittleEndian, 0, pairs)
		if len(pairs) == 0 {
			b = b[:3]
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-mo", filepath.Join(dir, "*", "LC_MESSAGES", "*.mo")}, &stdout, &stderr); code != 0 {
		t.Fatalf("run = %d, stderr %q", code, stderr.String())
	}
	want := "| lang | catalogs | lines | warn-level lines | escaped lines | warn | info |\n" +
		"| --- | ---: | ---: | ---: | ---: | --- | --- |\n" +
		"| fr | 2 | 3 | 0 (0.00%) | 2 (66.67%) | 0 | unusual_whitespace 2 |\n" +
		"| ru | 1 | 3 | 0 (0.00%) | 0 (0.00%) | 0 | 0 |\n" +
		"| **total** | 3 | 6 | 0 (0.00%) | 2 (33.33%) | 0 | unusual_whitespace 2 |\n"
	if diff := cmp.Diff(want, stdout.String()); diff != "" {
		t.Errorf("run output mismatch (-want +got):\n%s", diff)
	}
	if !strings.Contains(stderr.String(), "bad.mo") {
		t.Errorf("run did not report the damaged catalog; stderr %q", stderr.String())
	}

	// The prose reading shows the French no-break spaces as they are.
	stdout.Reset()
	if code := run([]string{"-context", "prose", "-mo", filepath.Join(dir, "*", "LC_MESSAGES", "*.mo")}, &stdout, &stderr); code != 0 {
		t.Fatalf("run -context prose = %d, stderr %q", code, stderr.String())
	}
	if want := "| fr | 2 | 3 | 0 (0.00%) | 0 (0.00%) | 0 | unusual_whitespace 2 |\n"; !strings.Contains(stdout.String(), want) {
		t.Errorf("run -context prose: no line %q in\n%s", want, stdout.String())
	}
}
