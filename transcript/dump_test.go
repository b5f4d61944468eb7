package transcript_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight-dev/plainsight/transcript"
)

func TestDumpAllBytes(t *testing.T) {
	raw := make([]byte, 256)
	for i := range raw {
		raw[i] = byte(i)
	}
	out := transcript.Dump(raw)
	for i := 0; i < len(out); i++ {
		if c := out[i]; (c < 0x20 && c != '\n') || c >= 0x7F {
			t.Fatalf("Dump wrote byte %#x at %d", c, i)
		}
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 17 || lines[16] != "00000100" {
		t.Errorf("Dump of 256 bytes: %d lines, last %q", len(lines), lines[len(lines)-1])
	}
	// Each byte alone: the hex column names it, the caret column never
	// holds a control.
	for i := range 256 {
		out := transcript.Dump([]byte{byte(i)})
		for j := 0; j < len(out); j++ {
			if c := out[j]; (c < 0x20 && c != '\n') || c >= 0x7F {
				t.Fatalf("Dump(%#x) wrote byte %#x", i, c)
			}
		}
		hex := "0123456789abcdef"
		if want := "00000000  " + string([]byte{hex[i>>4], hex[i&15]}); !strings.HasPrefix(out, want) {
			t.Errorf("Dump(%#x) = %q, want prefix %q", i, out, want)
		}
	}
}

func TestDump(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"", "00000000\n"},
		{"hi\n", "00000000  68 69 0a" + strings.Repeat(" ", 3*13+1) + "  hi^J\n00000003\n"},
		{
			"build: \x1b[31mFAIL\x1b[0m\n\x9b\xe9\x7f",
			"00000000  62 75 69 6c 64 3a 20 1b  5b 33 31 6d 46 41 49 4c  build: ^[[31mFAIL\n" +
				"00000010  1b 5b 30 6d 0a 9b e9 7f" + strings.Repeat(" ", 3*8+1) + "  ^[[0m^JM-^[M-i^?\n" +
				"00000018\n",
		},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, transcript.Dump([]byte(tt.in))); diff != "" {
			t.Errorf("Dump(%+q) mismatch (-want +got):\n%s", tt.in, diff)
		}
	}
}
