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

// TestIsIdeographicVariationTable checks that every sequence of the table
// is found, the first and the last included, and that the code points
// next to them, outside the table's range, are not.
func TestIsIdeographicVariationTable(t *testing.T) {
	for _, key := range ivdSequences {
		base, sel := rune(key>>8), rune(key&0xFF)+0xE0100
		if !IsIdeographicVariation(base, sel) {
			t.Errorf("IsIdeographicVariation(%U, %U) = false", base, sel)
		}
	}
	first, last := ivdSequences[0], ivdSequences[len(ivdSequences)-1]
	if base := rune(first>>8) - 1; IsIdeographicVariation(base, 0xE0100) {
		t.Errorf("IsIdeographicVariation(%U, U+E0100) = true, before the table", base)
	}
	if base := rune(last>>8) + 1; IsIdeographicVariation(base, 0xE0100) {
		t.Errorf("IsIdeographicVariation(%U, U+E0100) = true, after the table", base)
	}
}
