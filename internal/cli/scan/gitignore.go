package scan

import (
	"bytes"
	"path"
	"regexp"
	"strings"
	"unicode/utf8"
)

// This file reads .gitignore files the way gitignore(5) describes them, so
// that scan skips what git would not track. One difference: "?" and a
// bracket expression match one character, where git's wildmatch matches
// one byte (so "[\u00e9\u00e8].txt" never matches in git); and a pattern
// that is not valid UTF-8 matches nothing, so that scan errs on the side of
// reading a file.

// An ignoreRule is one pattern line of a .gitignore file.
type ignoreRule struct {
	re       *regexp.Regexp
	negate   bool // "!pattern": re-include what an earlier pattern excluded
	dirOnly  bool // "pattern/": match only directories
	basename bool // no slash but a trailing one: match the last path component at any depth
	// literal is what a pattern without wildcards matches, unescaped;
	// suffix is the ".ext" of a basename pattern "*.ext". Either lets
	// match find the rule by lookup.
	literal, suffix string
}

// An ignoreFile holds the rules of one .gitignore file, compiled once.
// Patterns without a wildcard (most lines of a large .gitignore) and
// "*.ext" patterns are indexed by what they match, so that deciding a
// path costs a few map lookups plus one regular-expression match per
// pattern with a wildcard, whatever the number of plain ones.
type ignoreFile struct {
	rules []ignoreRule
	// literal maps what a plain pattern matches (a name for a basename
	// rule, a path otherwise, keyed with literalKey) to the index of its
	// last rule; literalFiles the same for the rules that also match
	// files (not "dir/" rules).
	literal, literalFiles map[string]int
	// suffix and suffixFiles do the same for "*.ext" basename rules,
	// keyed by ".ext".
	suffix, suffixFiles map[string]int
	// wild lists the indexes of the other rules, in order.
	wild []int
}

// parseIgnore reads the patterns of a .gitignore file. Lines it cannot
// compile are skipped, as git skips patterns it cannot use.
func parseIgnore(data []byte) *ignoreFile {
	f := &ignoreFile{
		literal: map[string]int{}, literalFiles: map[string]int{},
		suffix: map[string]int{}, suffixFiles: map[string]int{},
	}
	for line := range bytes.Lines(data) {
		r, ok := parseIgnoreLine(string(line))
		if !ok {
			continue
		}
		i := len(f.rules)
		f.rules = append(f.rules, r)
		switch {
		case r.literal != "":
			key := literalKey(r.basename, r.literal)
			f.literal[key] = i
			if !r.dirOnly {
				f.literalFiles[key] = i
			}
		case r.suffix != "":
			f.suffix[r.suffix] = i
			if !r.dirOnly {
				f.suffixFiles[r.suffix] = i
			}
		default:
			f.wild = append(f.wild, i)
		}
	}
	return f
}

// literalKey keys a plain pattern by whether it matches a basename, so
// that "a" (any level) and "/a" (the top only) stay apart.
func literalKey(basename bool, s string) string {
	if basename {
		return "b" + s
	}
	return "p" + s
}

func parseIgnoreLine(line string) (ignoreRule, bool) {
	line = strings.TrimSuffix(line, "\n")
	line = strings.TrimSuffix(line, "\r")
	line = trimTrailingSpaces(line)
	// "A blank line matches no files"; "A line starting with # serves as a
	// comment. Put a backslash in front of the first hash for patterns that
	// begin with a hash."
	if line == "" || line[0] == '#' {
		return ignoreRule{}, false
	}
	var r ignoreRule
	// "An optional prefix "!" which negates the pattern."
	if line[0] == '!' {
		r.negate = true
		line = line[1:]
	}
	// "If there is a separator at the end of the pattern then the pattern
	// will only match directories."
	if strings.HasSuffix(line, "/") && !strings.HasSuffix(line, `\/`) {
		r.dirOnly = true
		line = strings.TrimRight(line, "/")
	}
	if line == "" {
		return ignoreRule{}, false
	}
	// "If there is a separator at the beginning or middle (or both) of the
	// pattern, then the pattern is relative to the directory level of the
	// particular .gitignore file itself. Otherwise the pattern may also
	// match at any level below the .gitignore level."
	r.basename = !strings.Contains(line, "/")
	line = strings.TrimPrefix(line, "/")
	expr, ok := globRegexp(line, !r.basename)
	if !ok {
		return ignoreRule{}, false
	}
	re, err := regexp.Compile("^" + expr + "$")
	if err != nil {
		return ignoreRule{}, false
	}
	r.re = re
	if lit, ok := globLiteral(line); ok {
		r.literal = lit
	} else if ext, ok := strings.CutPrefix(line, "*"); ok && r.basename && strings.HasPrefix(ext, ".") && strings.IndexByte(ext[1:], '.') < 0 {
		if lit, ok := globLiteral(ext); ok {
			r.suffix = lit
		}
	}
	return r, true
}

// globLiteral returns what glob matches if it holds no wildcard, with its
// backslashes taken as quoting, and whether it is such a glob.
func globLiteral(glob string) (string, bool) {
	if strings.ContainsAny(glob, "*?[") {
		return "", false
	}
	if !strings.Contains(glob, `\`) {
		return glob, true
	}
	var b strings.Builder
	for i := 0; i < len(glob); i++ {
		if glob[i] == '\\' && i+1 < len(glob) {
			i++
		}
		b.WriteByte(glob[i])
	}
	return b.String(), true
}

// trimTrailingSpaces drops trailing spaces: "Trailing spaces are ignored
// unless they are quoted with backslash."
func trimTrailingSpaces(s string) string {
	end := len(s)
	for end > 0 && s[end-1] == ' ' {
		// Count the backslashes before this space: an odd number quotes it.
		n := 0
		for i := end - 2; i >= 0 && s[i] == '\\'; i-- {
			n++
		}
		if n%2 == 1 {
			break
		}
		end--
	}
	return s[:end]
}

// globRegexp translates a gitignore glob into a regular expression body.
// "*" matches anything but "/", "?" one character but "/", "[...]" one
// character of a set; with paths, "**" between separators matches any
// number of directories: "**/" leading, "/**" trailing, "/**/" inside.
// "Other consecutive asterisks are considered regular asterisks." A
// bracket that is never closed makes the pattern match nothing, as in
// git's wildmatch: ok is false.
func globRegexp(glob string, paths bool) (expr string, ok bool) {
	var b strings.Builder
	for i := 0; i < len(glob); {
		c := glob[i]
		atSegmentStart := i == 0 || glob[i-1] == '/'
		switch {
		case paths && atSegmentStart && strings.HasPrefix(glob[i:], "**/"):
			b.WriteString("(?:.*/)?")
			i += 3
		case paths && i > 0 && atSegmentStart && glob[i:] == "**":
			b.WriteString(".*")
			i += 2
		case c == '*':
			b.WriteString("[^/]*")
			for i < len(glob) && glob[i] == '*' {
				i++
			}
		case c == '?':
			b.WriteString("[^/]")
			i++
		case c == '[':
			class, n := globClass(glob[i:])
			if n == 0 {
				return "", false
			}
			b.WriteString(class)
			i += n
		case c == '\\' && i+1 < len(glob):
			i += 1 + quoteRune(&b, glob[i+1:])
		default:
			i += quoteRune(&b, glob[i:])
		}
	}
	return b.String(), true
}

// globClass translates the bracket expression at the start of s, such as
// "[!a-z]" or "[[:digit:]]", and returns it with the bytes it used, or 0 if
// s holds no closing bracket.
func globClass(s string) (string, int) {
	var b strings.Builder
	b.WriteString("[")
	i := 1
	if i < len(s) && (s[i] == '!' || s[i] == '^') {
		b.WriteString("^")
		i++
	}
	first := true
	for i < len(s) {
		c := s[i]
		switch {
		case c == ']' && !first:
			// A class never matches the separator.
			if strings.HasPrefix(b.String(), "[^") {
				b.WriteString("/")
			}
			b.WriteString("]")
			return b.String(), i + 1
		case c == '[' && strings.HasPrefix(s[i:], "[:"):
			end := strings.Index(s[i+2:], ":]")
			if end < 0 {
				return "", 0
			}
			b.WriteString(s[i : i+2+end+2])
			i += 2 + end + 2
		case c == '\\' && i+1 < len(s):
			i += 1 + quoteRune(&b, s[i+1:])
		case c == '-' && !first && i+1 < len(s) && s[i+1] != ']':
			b.WriteString("-")
			i++
		default:
			i += quoteRune(&b, s[i:])
		}
		first = false
	}
	return "", 0
}

// match reports whether the rules of f decide rel, a slash-separated path
// relative to the directory of f, and if so whether it is ignored. "The
// last matching pattern decides the outcome."
func (f *ignoreFile) match(rel string, isDir bool) (ignored, decided bool) {
	base := path.Base(rel)
	literal, suffix := f.literalFiles, f.suffixFiles
	if isDir {
		literal, suffix = f.literal, f.suffix
	}
	// The last matching rule: the latest of the indexed ones found by
	// lookup, then any later rule with a wildcard.
	last := -1
	if i, ok := literal[literalKey(true, base)]; ok {
		last = max(last, i)
	}
	if i, ok := literal[literalKey(false, rel)]; ok {
		last = max(last, i)
	}
	for j := strings.IndexByte(base, '.'); j >= 0; {
		if i, ok := suffix[base[j:]]; ok {
			last = max(last, i)
		}
		k := strings.IndexByte(base[j+1:], '.')
		if k < 0 {
			break
		}
		j += 1 + k
	}
	for j := len(f.wild) - 1; j >= 0 && f.wild[j] > last; j-- {
		r := &f.rules[f.wild[j]]
		if r.dirOnly && !isDir {
			continue
		}
		subject := rel
		if r.basename {
			subject = base
		}
		if r.re.MatchString(subject) {
			last = f.wild[j]
			break
		}
	}
	if last < 0 {
		return false, false
	}
	return !f.rules[last].negate, true
}

// An ignoreLevel is a .gitignore file and the directory it governs,
// relative to the root of the walk ("" for the root itself).
type ignoreLevel struct {
	dir  string
	file *ignoreFile
}

// An ignoreStack holds the .gitignore files from the root of a walk down to
// the current directory. "Patterns in the higher level files are
// overridden by those in lower level files down to the directory
// containing the file." Push returns a new stack; the receiver is unchanged,
// so sibling directories share their parent's.
type ignoreStack []ignoreLevel

func (s ignoreStack) push(dir string, f *ignoreFile) ignoreStack {
	if f == nil || len(f.rules) == 0 {
		return s
	}
	return append(s[:len(s):len(s)], ignoreLevel{dir, f})
}

// ignored reports whether rel, a slash-separated path relative to the root
// of the walk, is ignored. Its parent directories are taken as not ignored:
// the walk never enters an ignored directory, as "it is not possible to
// re-include a file if a parent directory of that file is excluded."
func (s ignoreStack) ignored(rel string, isDir bool) bool {
	for i := len(s) - 1; i >= 0; i-- {
		l := s[i]
		sub := rel
		if l.dir != "" {
			var ok bool
			sub, ok = strings.CutPrefix(rel, l.dir+"/")
			if !ok {
				continue
			}
		}
		if ignored, decided := l.file.match(sub, isDir); decided {
			return ignored
		}
	}
	return false
}

// quoteRune writes the first character of s as a literal of a regular
// expression and returns its length in bytes.
func quoteRune(b *strings.Builder, s string) int {
	_, n := utf8.DecodeRuneInString(s)
	b.WriteString(regexp.QuoteMeta(s[:n]))
	return n
}
