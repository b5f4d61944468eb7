package ucd

import (
	"maps"
	"slices"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// nfkcASCII is ASCIIForm computed at run time, as callers did before the
// table: NFKC of r when it is ASCII, else "".
func nfkcASCII(r rune) string {
	var buf [utf8.UTFMax]byte
	b := buf[:utf8.EncodeRune(buf[:], r)]
	if r >= utf8.RuneSelf && norm.NFKC.IsNormal(b) {
		return ""
	}
	f := norm.NFKC.String(string(b))
	for i := 0; i < len(f); i++ {
		if f[i] >= utf8.RuneSelf {
			return ""
		}
	}
	return f
}

// TestASCIIFormEveryRune compares the generated table with NFKC computed
// at run time, for every code point and some runes outside the code space.
func TestASCIIFormEveryRune(t *testing.T) {
	for r := rune(-2); r <= utf8.MaxRune+2; r++ {
		if got, want := ASCIIForm(r), nfkcASCII(r); got != want {
			t.Errorf("ASCIIForm(%U) = %+q, NFKC gives %+q", r, got, want)
		}
	}
	for _, tt := range []struct {
		r    rune
		want string
	}{{'a', "a"}, {0, "\x00"}, {0x7F, "\x7f"}, {0xFF21, "A"}, {0x2474, "(1)"}, {0xA0, " "}, {0xBD, ""}, {0xE9, ""}} {
		if got := ASCIIForm(tt.r); got != tt.want {
			t.Errorf("ASCIIForm(%U) = %+q, want %+q", tt.r, got, tt.want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { sinkString = ASCIIForm(0xFF21); sinkString = ASCIIForm('x') }); n != 0 {
		t.Errorf("ASCIIForm allocates %v times", n)
	}
}

var sinkString string

// allowedPrototypes is the table behind HasAllowedPrototype computed at
// run time from Lookup and Confusable.
func allowedPrototypes() map[Script]map[string]bool {
	index := map[Script]map[string]bool{}
	for r := rune(0); r <= utf8.MaxRune; r++ {
		p := Lookup(r)
		if !p.IdentifierAllowed() || !(p.Category().IsLetter() || p.Category() == Nd) {
			continue
		}
		proto, ok := Confusable(r)
		if !ok {
			proto = string(r)
		}
		if index[p.Script()] == nil {
			index[p.Script()] = map[string]bool{}
		}
		index[p.Script()][proto] = true
	}
	return index
}

// TestAllowedPrototypes checks that the generated sets are exactly those
// computed at run time: every prototype computed is found, and every
// prototype the tables hold was computed.
func TestAllowedPrototypes(t *testing.T) {
	want := allowedPrototypes()
	for sc := range Script(NumScripts) {
		var got []string
		for _, rg := range prototypeRanges[prototypeRangeStart[sc]:prototypeRangeStart[sc+1]] {
			for r := rg[0]; r <= rg[1]; r++ {
				got = append(got, string(r))
			}
		}
		got = append(got, prototypeStrings[prototypeStringStart[sc]:prototypeStringStart[sc+1]]...)
		slices.Sort(got)
		if w := slices.Sorted(maps.Keys(want[sc])); !slices.Equal(got, w) {
			t.Errorf("%v: %d prototypes in the tables, %d computed", sc, len(got), len(w))
		}
		for proto := range want[sc] {
			if !HasAllowedPrototype(sc, proto) {
				t.Errorf("HasAllowedPrototype(%v, %+q) = false", sc, proto)
			}
		}
	}
	for _, tt := range []struct {
		sc    Script
		proto string
		want  bool
	}{
		{ScriptLatin, "o", true},
		{ScriptCyrillic, "o", true},
		{ScriptLatin, "rn", true}, // the prototype of m
		{ScriptLatin, "\u028d", false},
		{ScriptLatin, "", false},
		{ScriptLatin, "\xff", false},
		{ScriptCyrillic, "\u028d", true}, // the prototype of U+043C
		{NumScripts, "o", false},
	} {
		if got := HasAllowedPrototype(tt.sc, tt.proto); got != tt.want {
			t.Errorf("HasAllowedPrototype(%v, %+q) = %v, want %v", tt.sc, tt.proto, got, tt.want)
		}
	}
}

// TestReadsAsASCIIPunct computes the flag at run time for every code point.
func TestReadsAsASCIIPunct(t *testing.T) {
	punct := func(f string) bool {
		return len(f) == 1 && f[0] < utf8.RuneSelf && !('a' <= f[0]|0x20 && f[0]|0x20 <= 'z' || '0' <= f[0] && f[0] <= '9')
	}
	n := 0
	for r := rune(0); r <= utf8.MaxRune; r++ {
		proto, _ := Confusable(r)
		want := r >= utf8.RuneSelf && (punct(ASCIIForm(r)) || punct(proto))
		if got := Lookup(r).ReadsAsASCIIPunct(); got != want {
			t.Errorf("%U: ReadsAsASCIIPunct() = %v, want %v", r, got, want)
		}
		if want {
			n++
		}
	}
	for _, r := range []rune{0xFF0E, 0x2044, 0x2010} {
		if !Lookup(r).ReadsAsASCIIPunct() {
			t.Errorf("%U: ReadsAsASCIIPunct() = false", r)
		}
	}
	t.Logf("%d code points read as ASCII punctuation", n)
}
