package shellread

import (
	"testing"
	"unicode"
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
		// Nested substitutions.
		"echo \"$(echo \"$(echo '\u2018x')\")\" \u00e9",
		"echo `echo \\`echo \u2018x\\``",
		"echo $(cat <<EOF\n\u2018x\nEOF\n) '\u00e9'",
		"echo \"${x:-\u2018$(id)}\"",
		"case $x in (\u00e9) echo '\u2018';; esac",
		"echo $(( 1 << 2 )) '\u00e9' \"\u2018\"",
		"f() { echo '\u00e9'; }; f \"\u2018\"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		full := Read(src)
		fast := ReadFor(src, letterNotJudged)
		checkSpans(t, src, fast)
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
