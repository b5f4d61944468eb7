package scan

import (
	"path"
	"strings"
	"testing"
	"unicode/utf8"
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
