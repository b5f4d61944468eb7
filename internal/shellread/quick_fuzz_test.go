package shellread

import (
	"testing"
	"unicode"
	"unicode/utf8"
)

// letterNotJudged is a judge like the command reading's: ordinary letters
// in code are not judged, so ReadFor takes its quick path over them.
func letterNotJudged(r rune) bool { return !unicode.IsLetter(r) }

// class is what a judge of non-ASCII text makes of a span: code, a
// comment, or quoted data (quotes and here-document bodies).
func class(s Span) string {
	switch {
	case s.Role == Comment && s.Quote == Unquoted:
		return "comment"
	case isCode(s):
		return "code"
	}
	return "quoted"
}

// FuzzQuickPath is the differential check of ReadFor's quick path: on
// every input, every non-ASCII byte that both readings parse is read as
// the parser reads it: code, comment or quoted data, in the same layer
// of code or none. (Read parses every top-level command.)
func FuzzQuickPath(f *testing.F) {
	for _, s := range []string{
		// ANSI-C quotes holding escaped quotes.
		"echo $'it\\'s' caf\u00e9 \u2018x\u2019",
		"echo $'a\\\\' '\u2018' b",
		"x=$'\\'' ; echo \"\u201cq\u201d\" # \u00e9",
		// A run of '$' before a quote: $$ is a parameter, pairs first.
		"echo $$'\\'\u2018' $$$'\\'\u2018'",
		"echo \\$$'\\'\u2018' \\$$$'\u2018'",
		// Comments after operators.
		"true;# \u2018x\u2019\necho \u00e9",
		"a &&# \u201cc\u201d\nb '\u00e9'",
		"a|#x\nb \"\u00e9\"",
		"echo a#b '\u00e9' # \u2018c",
		// Here-document delimiters with escaped blanks, quotes, $'…'.
		"cat <<E\\ F\n\u2018x\nE F\necho \u00e9",
		"cat <<\"E\"F\n\u2018$(id)\nEF\n",
		"cat <<$'E'\n\u2018x\nE\necho '\u00e9'",
		"cat <<'E'\"F\"\n\u2018\nEF\n",
		"cat <<-\tEOF\n\t\u2018x\n\tEOF\n",
		// Backslashes in delimiters: an escaped one outside quotes, a
		// literal one inside them.
		"cat <<E\\\\F\nE\\F\necho \u2018x\nEF\n",
		"cat <<'E\\'\nE\\\necho \u2018x\nE\n",
		"cat <<\"E\\x\"\nE\\x\necho \u2018x\nEx\n",
		"cat <<E\\'\nE'\necho \u2018x\nE\n",
		"cat <<\"E$x\"\n\u2018\nE\necho \u2018x\n",
		// Nested substitutions.
		"echo \"$(echo \"$(echo '\u2018x')\")\" \u00e9",
		"echo `echo \\`echo \u2018x\\``",
		"echo $(cat <<EOF\n\u2018x\nEOF\n) '\u00e9'",
		"echo \"${x:-\u2018$(id)}\"",
		// $$ in double quotes, a '(' after it no substitution; after
		// $$$ one.
		"\"$$(\"00\u2018\")\"",
		"echo \"$$$(echo \u2018x)\" \u00e9",
		"case $x in (\u00e9) echo '\u2018';; esac",
		"echo $(( 1 << 2 )) '\u00e9' \"\u2018\"",
		"f() { echo '\u00e9'; }; f \"\u2018\"",
		// Comments and quotes inside backquotes.
		"`#\u01ec`",
		"`#x` \u01ec",
		"`echo #x` \u01ec",
		"`echo 'a` \u01ec'`",
		"echo \"`#x`\" \u01ec",
		"`# x`\n\u01ec",
		// Extended globs, where # and | are pattern text.
		"!(#)\u2018",
		"ls @(a|#b)\u2018 \u00e9",
		"echo +(x|y)#\u2018",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		full := Read(src)
		fast := ReadFor(src, letterNotJudged)
		checkSpans(t, src, fast)
		checkUnread(t, src, fast, letterNotJudged)
		checkWide(t, src, nil)
		checkWide(t, src, letterNotJudged)
		for i := 0; i < len(src); i++ {
			if src[i] < 0x80 || !full.Parsed(i) || !fast.Parsed(i) {
				continue
			}
			a, b := full.At(i), fast.At(i)
			if class(a) != class(b) || (a.Layer == 0) != (b.Layer == 0) {
				t.Fatalf("ReadFor(%+q): byte %d read as %v/%v layer %d, Read has %v/%v layer %d", src, i, b.Role, b.Quote, b.Layer, a.Role, a.Quote, a.Layer)
			}
		}
	})
}

// checkUnread checks what Unread promises: walked a rune at a time from
// its start, as the command reading walks code, an Unread span holds no
// rune that judged judges.
func checkUnread(t *testing.T, src string, r Reading, judged func(rune) bool) {
	t.Helper()
	for k, s := range r.Spans {
		if s.Role != Unread {
			continue
		}
		for i := r.Start(k); i < s.End; {
			c, n := utf8.DecodeRuneInString(src[i:])
			if c >= utf8.RuneSelf && n > 1 && judged(c) {
				t.Fatalf("ReadFor(%+q): %U at byte %d is Unread", src, c, i)
			}
			i += n
		}
	}
}

// checkWide checks that the lexer marks exactly the commands that hold a
// non-ASCII byte, which read takes on trust.
func checkWide(t *testing.T, src string, judged func(rune) bool) {
	t.Helper()
	l := lex(src, judged)
	for k, start := range l.starts {
		end := len(src)
		if k+1 < len(l.starts) {
			end = l.starts[k+1]
		}
		wide := false
		for i := start; i < end; i++ {
			wide = wide || src[i] >= 0x80
		}
		if l.wide[k] != wide {
			t.Fatalf("lex(%+q): command %d at %d marked wide %v", src, k, start, l.wide[k])
		}
	}
}
