package escape

import (
	"path/filepath"
	"testing"
	"unicode/utf8"

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
	props := readProperty(t, "PropList.txt", "Bidi_Control", "Variation_Selector", "Noncharacter_Code_Point")
	ignorable := readProperty(t, "DerivedCoreProperties.txt", "Default_Ignorable_Code_Point")["Default_Ignorable_Code_Point"]
	cats := readProperty(t, "DerivedGeneralCategory.txt", "Zs", "Zl", "Zp", "Co", "Cn")
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
		case r == 0x2800, r == 0xFFFC, r >= 0xFFF9 && r <= 0xFFFB, r >= 0x13430 && r <= 0x13440:
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
