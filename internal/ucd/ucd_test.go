package ucd

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/text/unicode/rangetable"
)

// isDICP derives Default_Ignorable_Code_Point from Go's own (Unicode 15)
// tables as DerivedCoreProperties.txt defines it.
func isDICP(r rune) bool {
	if !unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r) &&
		!unicode.Is(unicode.Cf, r) && !unicode.Is(unicode.Variation_Selector, r) {
		return false
	}
	return !unicode.Is(unicode.White_Space, r) &&
		!(r >= 0xFFF9 && r <= 0xFFFB) && !(r >= 0x13430 && r <= 0x13440) &&
		!unicode.Is(unicode.Prepended_Concatenation_Mark, r)
}

func countRunes(f func(Props) bool) int {
	n := 0
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if f(Lookup(r)) {
			n++
		}
	}
	return n
}

// TestPublishedCounts checks figures published for the 17.0.0 files.
func TestPublishedCounts(t *testing.T) {
	got := map[string]int{
		"Default_Ignorable_Code_Point": countRunes(Props.DefaultIgnorable),
		"explicit Script_Extensions":   countRunes(Props.HasScriptExtensions),
		"emoji variation bases":        countRunes(Props.EmojiVariationBase),
		"confusable sources":           countRunes(Props.HasConfusable),
		"confusables.txt mappings":     len(confusableSources),
		"Identifier_Status Allowed":    countRunes(Props.IdentifierAllowed),
		"RGI emoji tag sequences":      len(rgiEmojiTagSequences),
	}
	want := map[string]int{
		"Default_Ignorable_Code_Point": 4174,
		"explicit Script_Extensions":   669,
		"emoji variation bases":        371,
		"confusable sources":           6565,
		"confusables.txt mappings":     6565,
		"Identifier_Status Allowed":    33791,
		"RGI emoji tag sequences":      3,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("counts mismatch (-want +got):\n%s", diff)
	}
}

func TestDefaultIgnorableMatchesGoDerivation(t *testing.T) {
	var diffs []rune
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if Lookup(r).DefaultIgnorable() != isDICP(r) {
			diffs = append(diffs, r)
		}
	}
	if len(diffs) != 0 {
		t.Errorf("%d code points differ from the derivation, first %U", len(diffs), diffs[0])
	}
}

func TestAssignedMatchesRangetable(t *testing.T) {
	assigned := rangetable.Assigned(UnicodeVersion)
	if assigned == nil {
		t.Fatalf("rangetable.Assigned(%q) = nil", UnicodeVersion)
	}
	n := 0
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if got, want := Lookup(r).Category() != Cn, unicode.Is(assigned, r); got != want {
			if n < 10 {
				t.Errorf("%U: assigned = %v, rangetable says %v", r, got, want)
			}
			n++
		}
	}
	if n != 0 {
		t.Errorf("%d code points differ", n)
	}
}

type sample struct {
	Script      string
	Category    string
	Joining     string
	Flags       string
	Extensions  string
	Confusable  string
	HasDigitVal bool
}

func describe(r rune) sample {
	p := Lookup(r)
	var flags []string
	for _, f := range []struct {
		name string
		on   bool
	}{
		{"DICP", p.DefaultIgnorable()},
		{"ExtPict", p.ExtendedPictographic()},
		{"EMod", p.EmojiModifier()},
		{"EVarBase", p.EmojiVariationBase()},
		{"IdAllowed", p.IdentifierAllowed()},
		{"Scx", p.HasScriptExtensions()},
		{"Confusable", p.HasConfusable()},
		{"Virama", p.Virama()},
	} {
		if f.on {
			flags = append(flags, f.name)
		}
	}
	proto, _ := Confusable(r)
	_, digit := DigitZero(r)
	return sample{
		Script:      p.Script().Code(),
		Category:    p.Category().String(),
		Joining:     p.JoiningType().String(),
		Flags:       strings.Join(flags, " "),
		Extensions:  ScriptExtensions(r).String(),
		Confusable:  proto,
		HasDigitVal: digit,
	}
}

func TestSamples(t *testing.T) {
	tests := []struct {
		r    rune
		want sample
	}{
		{'a', sample{"Latn", "Ll", "U", "IdAllowed", "{Latn}", "", false}},
		{'7', sample{"Zyyy", "Nd", "U", "EVarBase IdAllowed", "{Zyyy}", "", true}},
		{'m', sample{"Latn", "Ll", "U", "IdAllowed Confusable", "{Latn}", "rn", false}},
		{'#', sample{"Zyyy", "Po", "U", "EVarBase", "{Zyyy}", "", false}},
		{'\u0430', sample{"Cyrl", "Ll", "U", "IdAllowed Confusable", "{Cyrl}", "a", false}},
		{'\u03b1', sample{"Grek", "Ll", "U", "IdAllowed Confusable", "{Grek}", "a", false}},
		{'\u4e00', sample{"Hani", "Lo", "U", "IdAllowed Confusable", "{Hani}", "\u30fc", false}},
		{'\u30fc', sample{"Zyyy", "Lm", "U", "IdAllowed Scx", "{Hira Kana}", "", false}},
		{'\u0342', sample{"Zinh", "Mn", "T", "Scx Confusable", "{Grek}", "\u0303", false}},
		{'\u2212', sample{"Zyyy", "Sm", "U", "Confusable", "{Zyyy}", "-", false}},
		{'\u200d', sample{"Zinh", "Cf", "C", "DICP", "{Zinh}", "", false}},
		{'\u200c', sample{"Zinh", "Cf", "U", "DICP", "{Zinh}", "", false}},
		{'\u0628', sample{"Arab", "Lo", "D", "IdAllowed", "{Arab}", "", false}},
		{'\u0627', sample{"Arab", "Lo", "R", "IdAllowed Confusable", "{Arab}", "l", false}},
		{'\u064b', sample{"Zinh", "Mn", "T", "IdAllowed Scx Confusable", "{Arab Syrc}", "\u030b", false}},
		{'\u094d', sample{"Deva", "Mn", "T", "IdAllowed Virama", "{Deva}", "", false}},
		{'\u09e7', sample{"Beng", "Nd", "U", "IdAllowed Scx", "{Beng Cakm Sylo}", "", true}},
		{'\u2764', sample{"Zyyy", "So", "U", "ExtPict EVarBase", "{Zyyy}", "", false}},
		{0x1F3FD, sample{"Zyyy", "Sk", "U", "EMod", "{Zyyy}", "", false}},
		{0x1FAE9, sample{"Zyyy", "So", "U", "ExtPict", "{Zyyy}", "", false}},
		{0xE0067, sample{"Zyyy", "Cf", "T", "DICP", "{Zyyy}", "", false}},
		{0x0378, sample{"Zzzz", "Cn", "U", "", "{Zzzz}", "", false}},
		{0xE0FFF, sample{"Zzzz", "Cn", "U", "DICP", "{Zzzz}", "", false}},
		{0x10FFFF, sample{"Zzzz", "Cn", "U", "", "{Zzzz}", "", false}},
		{-1, sample{"Zzzz", "Cn", "U", "", "{Zzzz}", "", false}},
		{0x110000, sample{"Zzzz", "Cn", "U", "", "{Zzzz}", "", false}},
		{0x1D00, sample{"Latn", "Ll", "U", "", "{Latn}", "", false}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, describe(tt.r)); diff != "" {
			t.Errorf("%U mismatch (-want +got):\n%s", tt.r, diff)
		}
	}
}

func TestConfusable(t *testing.T) {
	tests := []struct {
		r    rune
		want string
		ok   bool
	}{
		{'\u0430', "a", true},
		{'\u2212', "-", true},
		{'\u2010', "-", true},
		{'\u201c', "''", true},
		{'\u0660', ".", true},
		{'0', "O", true},
		{'a', "", false},
		{-5, "", false},
	}
	for _, tt := range tests {
		got, ok := Confusable(tt.r)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Confusable(%U) = %q, %v; want %q, %v", tt.r, got, ok, tt.want, tt.ok)
		}
	}
	for i, src := range confusableSources {
		if i > 0 && confusableSources[i-1] >= src {
			t.Fatalf("confusableSources not sorted at %d", i)
		}
		p, ok := Confusable(src)
		if !ok || p == "" || !utf8.ValidString(p) || p == string(src) {
			t.Errorf("Confusable(%U) = %q, %v", src, p, ok)
		}
	}
}

func TestDigitZero(t *testing.T) {
	tests := []struct {
		r, zero rune
		ok      bool
	}{
		{'7', '0', true},
		{'0', '0', true},
		{'\u09e7', '\u09e6', true},
		{'\uff17', '\uff10', true},
		{0x1D7D1, 0x1D7CE, true},
		{0x1D7DB, 0x1D7D8, true},
		{'a', 0, false},
		{'\u2167', 0, false}, // Roman numeral eight: Nl, not a decimal digit
	}
	for _, tt := range tests {
		zero, ok := DigitZero(tt.r)
		if zero != tt.zero || ok != tt.ok {
			t.Errorf("DigitZero(%U) = %U, %v; want %U, %v", tt.r, zero, ok, tt.zero, tt.ok)
		}
	}
	// Every Unicode 15 Nd range in Go's tables is made of whole 0..9 runs.
	for _, rng := range unicode.Nd.R16 {
		checkDigitRange(t, rune(rng.Lo), rune(rng.Hi))
	}
	for _, rng := range unicode.Nd.R32 {
		checkDigitRange(t, rune(rng.Lo), rune(rng.Hi))
	}
}

func checkDigitRange(t *testing.T, lo, hi rune) {
	t.Helper()
	for r := lo; r <= hi; r++ {
		want := lo + (r-lo)/10*10
		if zero, ok := DigitZero(r); !ok || zero != want {
			t.Errorf("DigitZero(%U) = %U, %v; want %U", r, zero, ok, want)
		}
	}
}

func TestStandardizedVariants(t *testing.T) {
	tests := []struct {
		base, sel rune
		want      bool
	}{
		{'\u2269', '\ufe00', true},
		{'0', '\ufe00', true},
		{'g', '\ufe01', false},
		{'\u2764', '\ufe0f', false}, // an emoji variation sequence, not in this file
		{'\u2269', '\ufe01', false},
		{'\ufe01', '\ufe01', false},
		{'\U000E0100', '\ufe00', false},
		{-1, -1, false},
	}
	for _, tt := range tests {
		if got := IsStandardizedVariant(tt.base, tt.sel); got != tt.want {
			t.Errorf("IsStandardizedVariant(%U, %U) = %v", tt.base, tt.sel, got)
		}
	}
	for _, v := range standardizedVariants {
		if !IsStandardizedVariant(v[0], v[1]) {
			t.Errorf("IsStandardizedVariant(%U, %U) = false", v[0], v[1])
		}
	}
}

func TestRGIEmojiTagSequence(t *testing.T) {
	var got []string
	for _, s := range []string{"gbeng", "gbsct", "gbwls", "ignore", "", "gb", "usca", "GBENG", "gbeng\x00"} {
		if IsRGIEmojiTagSequence(s) {
			got = append(got, s)
		}
	}
	if diff := cmp.Diff([]string{"gbeng", "gbsct", "gbwls"}, got); diff != "" {
		t.Errorf("accepted mismatch (-want +got):\n%s", diff)
	}
}

// TestOrdinaryLetter checks the one-test form against the properties it
// combines, for every code point.
func TestOrdinaryLetter(t *testing.T) {
	for r := rune(-1); r <= unicode.MaxRune+1; r++ {
		p := Lookup(r)
		want := p.Category().IsLetter() && p.IdentifierAllowed() && !p.HasScriptExtensions() && !p.DefaultIgnorable()
		if got := p.OrdinaryLetter(); got != want {
			t.Fatalf("Lookup(%U).OrdinaryLetter() = %v, want %v", r, got, want)
		}
	}
}
