package ucd

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestNumScriptsFitsScriptSet(t *testing.T) {
	if NumScripts > 64*len(ScriptSet{}) {
		t.Fatalf("NumScripts = %d does not fit ScriptSet (%d bits)", NumScripts, 64*len(ScriptSet{}))
	}
	if ScriptUnknown != 0 || Cn != 0 || JoiningU != 0 {
		t.Fatal("zero values are not Unknown, Cn, U")
	}
}

func TestScriptNames(t *testing.T) {
	got := map[Script][2]string{}
	for _, sc := range []Script{ScriptUnknown, ScriptCommon, ScriptInherited, ScriptLatin, ScriptOldItalic, ScriptHanb, ScriptJpan, ScriptKore} {
		got[sc] = [2]string{sc.String(), sc.Code()}
	}
	want := map[Script][2]string{
		ScriptUnknown:   {"Unknown", "Zzzz"},
		ScriptCommon:    {"Common", "Zyyy"},
		ScriptInherited: {"Inherited", "Zinh"},
		ScriptLatin:     {"Latin", "Latn"},
		ScriptOldItalic: {"Old Italic", "Ital"},
		ScriptHanb:      {"Han with Bopomofo", "Hanb"},
		ScriptJpan:      {"Japanese", "Jpan"},
		ScriptKore:      {"Korean", "Kore"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("names mismatch (-want +got):\n%s", diff)
	}
	codes := make(map[string]Script)
	for sc := Script(0); sc < NumScripts; sc++ {
		if len(sc.Code()) != 4 || strings.Contains(sc.String(), "_") {
			t.Errorf("script %d: code %q, name %q", sc, sc.Code(), sc.String())
		}
		if prev, dup := codes[sc.Code()]; dup {
			t.Errorf("scripts %d and %d share code %s", prev, sc, sc.Code())
		}
		codes[sc.Code()] = sc
	}
	if s := Script(NumScripts).String(); s != "Script(179)" && !strings.HasPrefix(s, "Script(") {
		t.Errorf("invalid script String() = %q", s)
	}
	text, err := ScriptCyrillic.MarshalText()
	if err != nil || string(text) != "Cyrl" {
		t.Errorf("MarshalText = %q, %v", text, err)
	}
}

func TestScriptSet(t *testing.T) {
	var s ScriptSet
	if !s.IsEmpty() || s.Len() != 0 || len(s.Scripts()) != 0 || s.String() != "{}" {
		t.Fatalf("zero ScriptSet = %v", s)
	}
	last := Script(NumScripts - 1)
	for _, sc := range []Script{ScriptKore, ScriptLatin, ScriptUnknown, ScriptLatin, last, 64, 63, 128} {
		s.Add(sc)
	}
	s.Add(NumScripts) // ignored: not a script
	s.Add(255)
	want := []Script{ScriptUnknown, 63, 64, ScriptLatin, 128, ScriptKore}
	if last != ScriptKore {
		t.Fatalf("last script is %v, want Kore", last)
	}
	if diff := cmp.Diff(want, s.Scripts()); diff != "" {
		t.Errorf("Scripts mismatch (-want +got):\n%s", diff)
	}
	if s.Len() != len(want) || s.IsEmpty() || !s.Has(ScriptLatin) || s.Has(ScriptCyrillic) || s.Has(NumScripts) || s.Has(255) {
		t.Errorf("set %v: Len %d, Has broken", s, s.Len())
	}
	var u ScriptSet
	u.Add(ScriptLatin)
	u.Add(ScriptCyrillic)
	if got := s.Intersect(u); got.String() != "{Latn}" {
		t.Errorf("Intersect = %v", got)
	}
	if got := u.Union(ScriptExtensions('\u30fc')); got.String() != "{Cyrl Hira Kana Latn}" {
		t.Errorf("Union = %v", got)
	}
}

func TestScriptExtensions(t *testing.T) {
	tests := []struct {
		r    rune
		want string
	}{
		{'a', "{Latn}"},
		{'\u0430', "{Cyrl}"},
		{'\u03b1', "{Grek}"},
		{'\u4e00', "{Hani}"},
		{'\u30fc', "{Hira Kana}"},
		{'\u0342', "{Grek}"},
		{'1', "{Zyyy}"},
		{'\u0301', "{Cher Cyrl Grek Latn Osge Sunu Tale Todr}"}, // explicit in ScriptExtensions.txt 17.0
		{'\u0312', "{Zinh}"},
		{'\u3006', "{Hani}"},
		{'\u0640', ""}, // Arabic tatweel: many scripts, checked below
		{0x0378, "{Zzzz}"},
	}
	for _, tt := range tests {
		got := ScriptExtensions(tt.r)
		if tt.want == "" {
			if got.Len() < 5 || !got.Has(ScriptArabic) || got.Has(ScriptCommon) {
				t.Errorf("ScriptExtensions(%U) = %v", tt.r, got)
			}
			continue
		}
		if got.String() != tt.want {
			t.Errorf("ScriptExtensions(%U) = %v, want %s", tt.r, got, tt.want)
		}
	}
	// The flag and the index agree, and no explicit set is empty or
	// holds a pseudo-script.
	for r := rune(0); r <= 0x10FFFF; r++ {
		p := Lookup(r)
		i := p >> propScxShift & propScxMask
		if p.HasScriptExtensions() != (i != 0) {
			t.Fatalf("%U: flag %v, index %d", r, p.HasScriptExtensions(), i)
		}
		if s := ScriptExtensions(r); i != 0 && (s.IsEmpty() || s.Has(ScriptHanb) || s.Has(ScriptJpan) || s.Has(ScriptKore)) {
			t.Errorf("%U: set %v", r, s)
		}
	}
}
