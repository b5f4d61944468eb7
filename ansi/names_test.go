package ansi_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/plainsight-dev/plainsight/ansi"
)

func TestControlName(t *testing.T) {
	got := map[rune]string{}
	for _, r := range []rune{0x00, 0x07, 0x0D, 0x1B, 0x1F, 0x20, 'A', 0x7F, 0x80, 0x85, 0x9B, 0x9D, 0x9F, 0xA0, -1} {
		got[r] = ansi.ControlName(r)
	}
	want := map[rune]string{
		0x00: "NUL", 0x07: "BEL", 0x0D: "CR", 0x1B: "ESC", 0x1F: "US", 0x20: "", 'A': "",
		0x7F: "DEL", 0x80: "PAD", 0x85: "NEL", 0x9B: "CSI", 0x9D: "OSC", 0x9F: "APC", 0xA0: "", -1: "",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ControlName mismatch (-want +got):\n%s", diff)
	}
	seen := map[string]rune{}
	for r := rune(0); r <= 0x9F; r++ {
		if r >= 0x20 && r < 0x7F {
			continue
		}
		name := ansi.ControlName(r)
		if prev, dup := seen[name]; name == "" || dup {
			t.Errorf("ControlName(%#x) = %q (also %#x)", r, name, prev)
		}
		seen[name] = r
	}
}
