package scan

import (
	"strings"
	"testing"

	"github.com/plainsight-dev/plainsight/internal/cli/clitest"
)

var configFiles = map[string]string{
	".plainsight.toml": `# The config of the test tree.
exclude = ["vendor/**"]

[severity]
mixed_numbers = "off"
combining_marks = "warn"
unused_suppression = "info"

[[reading]]
paths = ["scripts/*.txt"]
as = "shell"

[[allow]]
paths = ["locale/fr/**"]
chars = ["U+00A0", "\u202f"]
reason = "French typography"
`,
	"vendor/x.go":            "x\u202e\n",
	"locale/fr/msg.ini":      "key = a\u00a0b\u202fc\n",
	"locale/de/msg.ini":      "key = a\u00a0b\n",
	"scripts/run.txt":        "curl https://p\u0430ypal.example\n",
	"nums.txt":               "1\u0661\n",
	"marks.txt":              "e\u0301\u0301\n",
	"main.go":                "package main\n\n// plainsight:ignore bidi -- nothing to silence\n",
	"other/.plainsight.toml": "not = read\n",
}

func TestConfig(t *testing.T) {
	dir := t.TempDir()
	for name, data := range configFiles {
		writeFile(t, dir+"/"+name, data)
	}
	got := prog.Exec(t, clitest.Run{Args: []string{"-no-git"}, Dir: dir})
	clitest.Golden(t, "scan-config", elapsed.ReplaceAllString(got, "; TIME\n"))

	writeFile(t, dir+"/bad.toml", "[severity]\nbidi = \"loud\"\n")
	got = prog.Exec(t, clitest.Run{Args: []string{"-config", "bad.toml", "main.go"}, Dir: dir})
	clitest.Golden(t, "scan-config-bad", got)
	writeFile(t, dir+"/noreason.toml", "[[allow]]\npaths = [\"**\"]\nchars = [\"U+200B\"]\n")
	got = prog.Exec(t, clitest.Run{Args: []string{"-config", "noreason.toml", "main.go"}, Dir: dir})
	clitest.Golden(t, "scan-config-no-reason", got)
}

// TestConfigAtRoot checks that the config file at the top of the work
// tree applies when scan runs from a subdirectory, with the globs
// relative to the top; and that with -no-git it is the scanned root's.
func TestConfigAtRoot(t *testing.T) {
	dir := t.TempDir()
	gitInit(t, dir, map[string]string{
		".plainsight.toml": "exclude = [\"sub/gen/**\"]\n[severity]\nbidi = \"off\"\n",
		"sub/a.txt":        "x\u202ey\n",
		"sub/gen/b.txt":    "x\u200by\n",
	}, map[string]string{
		"sub/.plainsight.toml": "exclude = [\"a.txt\"]\n", // the scanned root's, read only with -no-git
	})
	for _, tc := range []struct {
		name string
		run  clitest.Run
		want string
	}{
		{"subdirectory", clitest.Run{Dir: dir + "/sub", Args: []string{"-format", "json"}}, ""},
		{"file in subdirectory", clitest.Run{Dir: dir + "/sub", Args: []string{"-format", "json", "a.txt"}}, ""},
		{"no-git root", clitest.Run{Dir: dir, Args: []string{"-format", "json", "-no-git", "sub"}}, "zero_width"},
	} {
		got := prog.Exec(t, tc.run)
		var kinds []string
		for _, k := range []string{"bidi", "zero_width"} {
			if strings.Contains(got, `"kind":"`+k+`"`) {
				kinds = append(kinds, k)
			}
		}
		if g := strings.Join(kinds, ","); g != tc.want {
			t.Errorf("%s: kinds %q, want %q\n%s", tc.name, g, tc.want, got)
		}
	}
}
