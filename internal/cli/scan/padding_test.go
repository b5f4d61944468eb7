package scan

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/internal/filetype"
)

// TestPaddingReadings checks the severity of each run of spaces in files
// of each reading: a run that pushes only comment, literal, printed or
// aligned text right is info; one that pushes code or prose out of view
// is warn. In the texts, "~" stands for a run of 100 spaces.
func TestPaddingReadings(t *testing.T) {
	pad := strings.Repeat(" ", 100)
	tests := []struct {
		name, text string
		want       []plainsight.Severity // of the padding findings, in order
	}{
		// Source: what the run pushes is judged by the lexer's spans.
		{"art.c", "/* art~art */\nint x; // note~note\n", []plainsight.Severity{info, info}},
		{"hide.c", "int x = 1; /* note~*/ evil();\nchar *s = \"a~b\"; system(s);\n", []plainsight.Severity{warn, warn}},
		// The text of a string literal may be a command for a shell: a run
		// may push its closing quote, not its text.
		{"args.c", "f(\"a~\",\n  \"c~b\");\nint y = 2;~// trailing\ng(\"c~\" \"d\");\n", []plainsight.Severity{info, warn, info, warn}},
		{"run.py", "os.system(\"ls~; rm -rf ~\")\n", []plainsight.Severity{warn}},
		{"open.js", "x = /'/;~evil()\n", []plainsight.Severity{warn}},
		{"py.py", "s = 'x~'; import os\nz = 1 # note~*/ evil()\n", []plainsight.Severity{warn, info}},
		// Data: a key is code, a value is prose.
		{"v.json", "{\"a\": \"x~\",\n \"b\": \"x~\", \"evil\": 1,\n \"c\": \"x~y\"}\n", []plainsight.Severity{info, warn, warn}},
		// Shell: what the run pushes is judged by the shell's reading.
		{"c.sh", "# art~art\necho \"a~b\"\necho 'a~b' # c\nprintf -- '%s' \"a~$X\"\n", []plainsight.Severity{info, info, info, info}},
		// The argument of another command is a path to delete or a
		// program to run; so is a here-document's body.
		{"e.sh", "rm -rf \"$B\"~\"$HOME\"\n\nawk 'BEGIN{}~END{system(\"id\")}'\n\npython3 - <<EOF\nprint(1)~; import os\nEOF\n\nX=\"a~b\"\n\necho a; rm \"a~b\"\n",
			[]plainsight.Severity{warn, warn, warn, warn, warn}},
		{"d.sh", "echo \"a~$(rm -rf ~)\"\n\necho \"a~\"; rm -rf ~\n\nls~; rm -rf ~\n\nbash -c \"echo a~; rm x\"\n", []plainsight.Severity{warn, warn, warn, warn}},
		// Zsh that Bash does not parse: a printed argument.
		{"p.sh", "x=${(l.3..-.)}\nprint -P \"$PROMPT~$RPROMPT\"\n", []plainsight.Severity{info}},
		{"q.sh", "x=${(l.3..-.)}\nprint -P \"$PROMPT~$(id)\"\n\nprint -P \"$PROMPT~${(e)X}\"\n\nprint a; eval \"b~$X\"\n\nprint -P \"a~\"; id\n\nls~; id\n",
			[]plainsight.Severity{warn, warn, warn, warn, warn}},
		{"r.sh", "x=${(l.3..-.)}\neval \\\nprint -P \"$PROMPT~$RPROMPT\"\n", []plainsight.Severity{warn}},
		// Prose: only alignment makes a run ordinary.
		{"a.md", "See the guide.~Push to main.\n", []plainsight.Severity{warn}},
		{"t.md", "| a~| b |\n", []plainsight.Severity{info}},
		// A column of a word list, whose words hold two-byte letters: the
		// line above reaches the column with a narrow gap.
		{"fi.txt", "mikä   minkä minkä   mitä   missä   mistä   mihin  millä   miltä   mille   minä   miksi  | which what\n" +
			"mitkä" + strings.Repeat(" ", 84) + "| (pl)\n", []plainsight.Severity{info}},
		// Lines that only pad to a column justify nothing.
		{"m.py", "ok = True~; import os\nx = 12345~; y = 2\n", []plainsight.Severity{warn, warn}},
		{"g.go", "const (\n\tA~= 1\n\t" + strings.Repeat("B", 100) + " = 2\n)\n", []plainsight.Severity{info}},
	}
	for _, tt := range tests {
		text := strings.ReplaceAll(tt.text, "~", pad)
		// The ~ of rm -rf ~ is the home directory, not a run.
		text = strings.ReplaceAll(text, "rm -rf "+pad, "rm -rf ~")
		var got []plainsight.Severity
		for _, f := range read(tt.name, tt.name, text, filetype.Of(tt.name, []byte(text)), position{1, 1, 1}) {
			if k, _ := f.Kind.kind(); k == plainsight.KindPadding {
				got = append(got, f.Severity)
			}
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: padding severities (-want +got):\n%s\n%s", tt.name, diff, tt.text)
		}
	}
}

const (
	info = plainsight.SeverityInfo
	warn = plainsight.SeverityWarn
)
