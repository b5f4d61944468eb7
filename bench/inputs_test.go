package main

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// TestInputs checks what the tables say of the inputs: adversarial shapes
// fill their size exactly, the clean inputs hold no control and no invalid
// UTF-8, the attack text is valid UTF-8, the lines of a -crlf- input all
// end in CR LF, and every input is the same from one run to the next.
func TestInputs(t *testing.T) {
	ins, err := makeInputs("..", true)
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range ins {
		in.load()
		again := in.gen()
		if again != in.s {
			t.Errorf("%s: not deterministic", in.name)
		}
		switch in.group {
		case "adversarial":
			if in.n != in.size {
				t.Errorf("%s: %d bytes, want %d", in.name, in.n, in.size)
			}
		case "clean":
			if !utf8.ValidString(in.s) {
				t.Errorf("%s: invalid UTF-8", in.name)
			}
			if i := strings.IndexFunc(in.s, func(r rune) bool { return r < 0x20 && r != '\n' || r >= 0x7F && r <= 0x9F }); i >= 0 {
				t.Errorf("%s: control %+q at %d", in.name, in.s[i], i)
			}
		}
		if strings.Contains(in.name, "-crlf-") && strings.Count(in.s, "\r\n") != strings.Count(in.s, "\n") {
			t.Errorf("%s: a line that does not end in CR LF", in.name)
		}
		if strings.HasPrefix(in.name, "attack") && !utf8.ValidString(in.s) {
			t.Errorf("%s: invalid UTF-8", in.name)
		}
		in.unload()
	}
}

func TestMedian(t *testing.T) {
	tests := []struct {
		in   []float64
		want float64
	}{
		{nil, 0},
		{[]float64{3}, 3},
		{[]float64{5, 1, 3}, 3},
		{[]float64{4, 1, 3, 2}, 2.5},
	}
	for _, tc := range tests {
		if diff := cmp.Diff(tc.want, median(tc.in)); diff != "" {
			t.Errorf("median(%v) mismatch (-want +got):\n%s", tc.in, diff)
		}
	}
}
