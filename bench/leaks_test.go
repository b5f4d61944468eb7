package main

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestLeaks(t *testing.T) {
	osc := escapeCase{name: "OSC", payload: "pwned", in: "\x1b]0;pwned\aafter"}
	tests := []struct {
		out      string
		stripper bool
		want     leak
	}{
		{"after", true, leak{}},
		{"\x1b[31mafter\x1b[0m", true, leak{}},
		{"\x1b]0;pwned\aafter", true, leak{esc: true, payload: true}},
		{"0;pwnedafter", true, leak{payload: true}},
		{"0;pwnedafter", false, leak{}},
		{"a\rb\bc", true, leak{cr: true, bs: true}},
		{"a\u0085b", true, leak{c1: true}},
		{"a\x9bb", true, leak{c1: true}},
		{"\u00dc\ufffd", true, leak{}},
		{`\x1b]0;pwned\x07after`, false, leak{}},
	}
	for _, tc := range tests {
		got := leaks(osc, tc.out, tc.stripper)
		if diff := cmp.Diff(tc.want, got, cmp.AllowUnexported(leak{})); diff != "" {
			t.Errorf("leaks(%+q, stripper %v) mismatch (-want +got):\n%s", tc.out, tc.stripper, diff)
		}
	}
}

func TestReadEscapes(t *testing.T) {
	cases, err := readEscapes("testdata/escapes.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatal("no cases")
	}
	for _, c := range cases {
		if c.payload != "" && !strings.Contains(c.in, c.payload) {
			t.Errorf("case %s: payload %+q is not in its input %+q", c.name, c.payload, c.in)
		}
	}
}
