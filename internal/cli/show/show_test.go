package show

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight-dev/plainsight"
)

func TestColorFor(t *testing.T) {
	devNull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer devNull.Close()
	var b strings.Builder
	tests := []struct {
		mode string
		env  map[string]string
		w    interface{ Write([]byte) (int, error) }
		want bool
	}{
		{"always", nil, &b, true},
		{"never", map[string]string{"FORCE_COLOR": "1"}, &b, false},
		{"auto", nil, devNull, false}, // a character device, not a terminal
		{"auto", map[string]string{"FORCE_COLOR": "1"}, devNull, true},
		{"auto", map[string]string{"FORCE_COLOR": "0"}, &b, false},
		{"auto", map[string]string{"NO_COLOR": "1"}, &b, false},
	}
	for _, tt := range tests {
		got, err := ColorFor(tt.mode, tt.w, func(k string) string { return tt.env[k] })
		if err != nil || got != tt.want {
			t.Errorf("ColorFor(%q, %T, %v) = %v, %v; want %v", tt.mode, tt.w, tt.env, got, err, tt.want)
		}
	}
	if _, err := ColorFor("sometimes", &b, os.Getenv); err == nil {
		t.Errorf("ColorFor(sometimes): no error")
	}
}

// TestPlainWarnings checks that without colour every token holding a
// character shown as itself follows its warning with that character
// escaped, and that tokens already escaped get no line.
func TestPlainWarnings(t *testing.T) {
	r := plainsight.Command("git clone https://github.com/\u0430pple/x \u202e\nls \u2212la")
	got := strings.Split(PlainWarnings(r, "cmd"), "\n")
	want := []string{
		"cmd:1:30: warn mixed_script: `\u0430pple` mixes Cyrillic and Latin (\u0430 U+0430 CYRILLIC SMALL LETTER A); it reads as `apple`",
		`    as code points: \u{0430}pple`,
		"cmd:1:38: warn bidi: U+202E RIGHT-TO-LEFT OVERRIDE reverses the order in which the following text is displayed",
		"cmd:2:4: warn lookalike: `\u2212la` holds \u2212 U+2212 MINUS SIGN, which reads as `-` but is an ordinary character to the shell: the word reads as `-la`, so `ls` receives it as an argument, not as an option",
		`    as code points: \u{2212}la`,
		"",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("PlainWarnings mismatch (-want +got):\n%s", diff)
	}
}

func TestEscapeNonASCII(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"paypal", "paypal", false},
		{"p\u0430yp\u0430l", `p\u{0430}yp\u{0430}l`, true},
		{"\u0441\u0435\u0440", `\u{0441}\u{0435}\u{0440}`, true},
		{`a\u{200d}b`, `a\u{200d}b`, false},
	}
	for _, tt := range tests {
		got, ok := EscapeNonASCII(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("EscapeNonASCII(%+q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}
