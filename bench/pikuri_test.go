package main

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestPikuriSanitize(t *testing.T) {
	tests := []struct {
		in   string
		want pikuriResult
	}{
		{"ls -la\n", pikuriResult{text: "ls -la\n"}},
		{"a\tb", pikuriResult{text: `a\tb`}},
		{"echo ok\rrm -rf ~", pikuriResult{text: `echo ok\x0drm -rf ~`, kinds: []string{"control_bytes"}}},
		{"evil #\b\bgood", pikuriResult{text: `evil #\x08\x08good`, kinds: []string{"backspace"}}},
		{"a\u202eb\u200bc", pikuriResult{text: `a\u{202e}b\u{200b}c`, kinds: []string{"bidi", "zero_width"}}},
		{"a\u0085b\x7f", pikuriResult{text: `a\x85b\x7f`, kinds: []string{"control_bytes"}}},
		// Outside SUSPECT: tags, U+200E, invalid bytes pass unchanged.
		{"ok\U000E0041\u200e\xff", pikuriResult{text: "ok\U000E0041\u200e\xff"}},
		{
			"git clone https://github.com/\u0430pple/x \u0430pple \u0430pple\u3000x",
			pikuriResult{
				text:   "git clone https://github.com/\u0430pple/x \u0430pple \u0430pple\u3000x",
				kinds:  []string{"mixed_script"},
				tokens: []string{"https://github.com/\u0430pple/x", "\u0430pple", "\u0430pple\u3000x"},
			},
		},
	}
	for _, tc := range tests {
		got := pikuriSanitize(tc.in)
		if diff := cmp.Diff(tc.want, got, cmp.AllowUnexported(pikuriResult{})); diff != "" {
			t.Errorf("pikuriSanitize(%+q) mismatch (-want +got):\n%s", tc.in, diff)
		}
	}
}
