package scan

import (
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
