package ucd

import "testing"

func TestIsIdeographicVariation(t *testing.T) {
	for _, tt := range []struct {
		base, sel rune
		want      bool
	}{
		{0x845B, 0xE0100, true},
		{0x845B, 0xE0109, true},
		{0x845B, 0xE010A, false}, // not registered for U+845B
		{0x9089, 0xE011F, true},
		{0x4E00, 0xE0100, true},
		{0x4E00, 0xE0101, false},
		{'a', 0xE0100, false},
		{0x845B, 0xFE00, false}, // not an ideographic variation selector
		{-1, 0xE0100, false},
		{0x845B, 0xE01F0, false},
	} {
		if got := IsIdeographicVariation(tt.base, tt.sel); got != tt.want {
			t.Errorf("IsIdeographicVariation(%U, %U) = %v, want %v", tt.base, tt.sel, got, tt.want)
		}
	}
}
