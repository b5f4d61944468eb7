package scan

import (
	"path"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/internal/filetype"
	"github.com/plainsight-dev/plainsight/internal/shellread"
)

// FuzzIgnore checks that any .gitignore line and path are handled without
// a panic, that negating a pattern flips its decision and nothing else,
// and that a plain name matches itself at any depth.
func FuzzIgnore(f *testing.F) {
	for _, tt := range ignoreTests {
		for _, line := range strings.Split(tt.files[""], "\n") {
			f.Add(line, tt.path, tt.isDir)
		}
	}
	f.Fuzz(func(t *testing.T, line, path string, isDir bool) {
		if strings.ContainsAny(line, "\n\r") || path == "" {
			t.Skip()
		}
		rule := parseIgnore([]byte(line))
		ignored, decided := rule.match(path, isDir)
		// The lookups give what trying every rule from the last gives,
		// with plain and suffix rules around the fuzzed one.
		many := parseIgnore([]byte("a\n*.go\n" + line + "\n!b\n/c/d\n"))
		mi, md := many.match(path, isDir)
		ni, nd := matchEveryRule(many, path, isDir)
		if mi != ni || md != nd {
			t.Errorf("%+q on %+q: lookups say ignored %v decided %v, every rule says %v %v", line, path, mi, md, ni, nd)
		}
		if line != "" && line[0] != '!' && line[0] != '#' {
			neg := parseIgnore([]byte("!" + line))
			nIgnored, nDecided := neg.match(path, isDir)
			if nDecided != decided || (decided && nIgnored == ignored) {
				t.Errorf("%+q on %+q: decided %v ignored %v, but negated: decided %v ignored %v", line, path, decided, ignored, nDecided, nIgnored)
			}
		}
		name := path[strings.LastIndexByte(path, '/')+1:]
		if name != "" && line == name && utf8.ValidString(name) && !strings.ContainsAny(name, "*?[\\!# ") {
			if !ignored {
				t.Errorf("plain pattern %+q does not match %+q", line, path)
			}
		}
	})
}

// matchEveryRule decides rel as gitignore(5) says, trying every rule from
// the last: what ignoreFile.match must agree with.
func matchEveryRule(f *ignoreFile, rel string, isDir bool) (ignored, decided bool) {
	base := path.Base(rel)
	for i := len(f.rules) - 1; i >= 0; i-- {
		r := &f.rules[i]
		if r.dirOnly && !isDir {
			continue
		}
		subject := rel
		if r.basename {
			subject = base
		}
		if r.re.MatchString(subject) {
			return !r.negate, true
		}
	}
	return false, false
}

// FuzzPadding checks that every reading judges any text without a panic,
// with its findings inside the text, and that a run of spaces before a
// command the shell runs stays warn after any shell text: neither an
// aligned neighbour nor what came before can excuse it.
func FuzzPadding(f *testing.F) {
	for _, text := range []string{
		"echo \"a" + strings.Repeat(" ", 70) + "b\"\n",
		"x=${(l.3..-.)}\nprint -P \"$PROMPT" + strings.Repeat(" ", 70) + "$RPROMPT\"\n",
		"/* art" + strings.Repeat(" ", 70) + "art */ x = 1;\n",
		"cat <<EOF\n# a" + strings.Repeat(" ", 70) + "b\nEOF\n",
		"a" + strings.Repeat(" ", 70) + "| b\nccc  | d\n",
	} {
		f.Add(text)
	}
	attack := "\n\nls" + strings.Repeat(" ", 100) + "; rm -rf ~\n"
	f.Fuzz(func(t *testing.T, text string) {
		for _, name := range []string{"x.sh", "x.go", "x.py", "x.json", "x.md", "x.txt", "Makefile"} {
			for _, f := range read(name, name, text, filetype.Of(name, []byte(text)), position{1, 1, 1}) {
				if f.located && (f.start > f.end || f.end > len(text) || f.Line < 1) {
					t.Fatalf("%s: finding %+v out of the text", name, f)
				}
			}
		}
		all := text + attack
		r := shellread.Read(all)
		rm := strings.LastIndex(all, "rm -rf")
		if r.Err != nil || len(r.Unparsed) > 0 || r.At(rm).Role != shellread.Name || r.At(len(text)+2).Role != shellread.Name {
			t.Skip() // the command is not what the attack line says
		}
		found, runs := false, 0
		for _, f := range read("x.sh", "x.sh", all, filetype.Of("x.sh", nil), position{1, 1, 1}) {
			if k, _ := f.Kind.kind(); k == plainsight.KindPadding {
				runs++
				if f.start == len(text)+4 {
					found = true
					if f.Severity != plainsight.SeverityWarn {
						t.Errorf("%q: the run before rm -rf is %v", all, f.Severity)
					}
				}
			}
		}
		if !found && runs < plainsight.MaxLocations {
			t.Errorf("%q: the run before rm -rf is not found", all)
		}
	})
}
