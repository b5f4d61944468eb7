package escape

import (
	"path/filepath"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/plainsight-dev/plainsight/internal/ucd"
	"github.com/plainsight-dev/plainsight/internal/ucd/ucdtest"
)

// ucdDir holds the Unicode data the tables are generated from; it is not
// part of the repository.
var ucdDir = filepath.Join("..", "..", "..", "shared", "ucd", ucd.UnicodeVersion)

// readProperty returns the code points of each of values in a data file.
func readProperty(t *testing.T, file string, values ...string) map[string]map[rune]bool {
	t.Helper()
	return ucdtest.Property(t, ucdDir, file, values...)
}

// TestClassOfMatchesUnicode walks every code point above C1 and checks
// the context-free escape class, read from the generated tables, against
// the Unicode data files themselves.
func TestClassOfMatchesUnicode(t *testing.T) {
	props := readProperty(t, "PropList.txt", "Bidi_Control", "Variation_Selector", "Noncharacter_Code_Point",
		"Prepended_Concatenation_Mark")
	ignorable := readProperty(t, "DerivedCoreProperties.txt", "Default_Ignorable_Code_Point")["Default_Ignorable_Code_Point"]
	cats := readProperty(t, "DerivedGeneralCategory.txt", "Zs", "Zl", "Zp", "Co", "Cn", "Cf")
	zeroWidth := map[rune]bool{0x200B: true, ZWNJ: true, ZWJ: true, 0x2060: true, 0xFEFF: true, 0x180E: true}
	for r := rune(0xA0); r <= utf8.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue // surrogates are not valid UTF-8: \X{nn} bytes
		}
		want := None
		switch {
		case ignorable[r] && props["Bidi_Control"][r]:
			want = Bidi
		case ignorable[r] && zeroWidth[r]:
			want = ZeroWidth
		case ignorable[r] && r >= 0xE0000 && r <= 0xE007F:
			want = Tag
		case ignorable[r] && props["Variation_Selector"][r]:
			want = VariationSelector
		case ignorable[r]:
			want = Invisible
		case cats["Zs"][r] || cats["Zl"][r] || cats["Zp"][r]:
			want = Whitespace
		case r == 0x2800, r == 0xFFFC, r == 0x13440:
			want = Invisible
		case props["Prepended_Concatenation_Mark"][r], cats["Cf"][r]:
			// Format characters that are not Default_Ignorable draw as
			// nothing, as a placeholder or as an ornament over the
			// digits after them.
			want = Invisible
		case cats["Co"][r]:
			want = PrivateUse
		case props["Noncharacter_Code_Point"][r]:
			want = Noncharacter
		case cats["Cn"][r]:
			want = Unassigned
		}
		if got := ClassOf(r, ucd.Lookup(r)); got != want {
			t.Errorf("ClassOf(%U) = %v, want %v", r, got, want)
		}
	}
}

// TestLettersNeverEscaped checks what lets Sanitize's loop hand whole runs
// of letters to the homoglyph checks without classifying them: an ordinary
// letter, or a mark the letters loop takes (Mn or Mc, Identifier_Status
// Allowed, without explicit Script_Extensions, not Default_Ignorable),
// always has the class None.
// TestFormatCharactersEscaped pins the format characters that are not
// Default_Ignorable: the prepended concatenation marks, the interlinear
// annotation controls and the Egyptian hieroglyph format controls.
func TestFormatCharactersEscaped(t *testing.T) {
	var got []rune
	for r := rune(0xA0); r <= utf8.MaxRune; r++ {
		p := ucd.Lookup(r)
		if p.Category() == ucd.Cf && !p.DefaultIgnorable() && ClassOf(r, p) == Invisible {
			got = append(got, r)
		}
		if p.PrependedConcatenationMark() && ClassOf(r, p) != Invisible {
			t.Errorf("prepended concatenation mark %U is %v", r, ClassOf(r, p))
		}
	}
	var want []rune
	for _, rg := range [][2]rune{{0x0600, 0x0605}, {0x06DD, 0x06DD}, {0x070F, 0x070F}, {0x0890, 0x0891}, {0x08E2, 0x08E2},
		{0xFFF9, 0xFFFB}, {0x110BD, 0x110BD}, {0x110CD, 0x110CD}, {0x13430, 0x1343F}} {
		for r := rg[0]; r <= rg[1]; r++ {
			want = append(want, r)
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("escaped format characters (-want +got):\n%s", diff)
	}
}

func TestLettersNeverEscaped(t *testing.T) {
	n := 0
	for r := rune(0xA0); r <= utf8.MaxRune; r++ {
		p := ucd.Lookup(r)
		cat := p.Category()
		mark := (cat == ucd.Mn || cat == ucd.Mc) && p.IdentifierAllowed() && !p.HasScriptExtensions() && !p.DefaultIgnorable()
		if !p.OrdinaryLetter() && !mark {
			continue
		}
		n++
		if cls := ClassOf(r, p); cls != None {
			t.Errorf("%U is taken by the letters loop but has class %v", r, cls)
		}
	}
	if n < 30000 {
		t.Errorf("only %d code points are ordinary letters or marks", n)
	}
}

// TestPlainCategory holds Classify's fast path to ClassOf: no code point
// it passes as plain is escaped.
func TestPlainCategory(t *testing.T) {
	for r := rune(0xA0); r <= 0x10FFFF; r++ {
		p := ucd.Lookup(r)
		if plainCategory(r, p) && ClassOf(r, p) != None {
			t.Errorf("plainCategory(%U) holds, but ClassOf is %v", r, ClassOf(r, p))
		}
	}
}
