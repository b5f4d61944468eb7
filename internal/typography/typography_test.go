package typography

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// judged lists the code points that can have a typographic place.
const judged = "\u00a0\u2007\u2009\u200a\u200b\u200c\u200e\u200f\u202f\u061c\u3000"

// rules judges every code point of text that can have a typographic place,
// in order, with one Judge.
func rules(text string) []Rule {
	var j Judge
	j.Reset(text)
	var got []Rule
	for i, r := range text {
		if strings.ContainsRune(judged, r) {
			got = append(got, j.At(i))
		}
	}
	return got
}

func TestAt(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		want []Rule
	}{
		// T1: high punctuation and guillemets.
		{"fr-colon", "Nom\u00a0: %s", []Rule{HighPunctuation}},
		{"fr-question-nnbsp", "Quitter\u202f?", []Rule{HighPunctuation}},
		{"fr-guillemets", "\u00ab\u202f%s\u202f\u00bb introuvable", []Rule{HighPunctuation, HighPunctuation}},
		{"fr-closing-paren-colon", "(code %d)\u00a0: refus", []Rule{HighPunctuation}},
		{"fr-percent", "45\u00a0%", []Rule{HighPunctuation}},
		{"km-khan", "\u1798\u17b6\u1793\u00a0\u17d4", []Rule{HighPunctuation}},
		{"spaced-dash", "valeur\u00a0\u2013 inconnue \u2014\u00a0fin", []Rule{HighPunctuation, HighPunctuation}},
		{"space-before-colon", "Nom \u00a0: %s", []Rule{HighPunctuation}},
		{"two-nbsp", "Nom\u202f\u00a0: %s", []Rule{HighPunctuation, HighPunctuation}},
		{"two-nbsp-before-letter", "Nom\u202f\u00a0x", []Rule{None, None}},
		{"space-nbsp", "Nom \u202f: %s", []Rule{HighPunctuation}},
		{"three-spaces", "Nom \u202f\u00a0: %s", []Rule{None, None}},
		{"km-after-separator", "\u1798\u17b6\u1793\u200b\u00a0\u17d4", []Rule{WordSeparator, HighPunctuation}},
		{"after-stray-zwsp", "abc\u200b\u00a0:", []Rule{None, None}},
		{"nbsp-before-option", "rm\u00a0-rf /", []Rule{None}},
		{"nbsp-line-start-colon", "\u00a0: x", []Rule{HighPunctuation}},
		// T2: short words.
		{"cs-v", "ulo\u017eit v\u00a0adres\u00e1\u0159i", []Rule{ShortWord}},
		{"pl-do", "dost\u0119pu do\u00a0serwera", []Rule{ShortWord}},
		{"pl-z-quote", "odczytu z\u00a0\u201e%s\u201d", []Rule{ShortWord}},
		{"short-word-conversion", "a\u00a0%s", []Rule{ShortWord}},
		{"three-letters", "git\u00a0push", []Rule{None}},
		{"short-word-option", "z\u00a0-fpic", []Rule{None}},
		{"glued-short-word", "xab\u00a0cd", []Rule{None}},
		{"after-punctuation", "X.ab\u00a0cd", []Rule{ShortWord}},
		{"short-word-command-line", "cd My\u00a0Documents && rm -rf *", []Rule{None}},
		{"mixed-script-short-word", "a\u0430\u00a0b", []Rule{WordSpace}},
		{"abbreviation", "(p.\u00a0ex. \u010d.\u202f%d", []Rule{ShortWord, ShortWord}},
		{"abbreviation-too-long", "approx.\u00a0x", []Rule{WordSpace}},
		{"elision", "d'\u00a0l'\u00a0ome", []Rule{ShortWord, ShortWord}},
		{"variable", "v\u00a0$PATH", []Rule{ShortWord}},
		{"option-mid-sentence", "jeden z\u00a0-a", []Rule{ShortWord}},
		{"option-two-letters", "run rm\u00a0-rf", []Rule{None}},
		{"option-after-number", "1 z\u00a0-a", []Rule{None}},
		{"narrow-after-short-word", "a\u202fb", []Rule{None}},
		// T5: numbers.
		{"groups", "1\u202f048\u202f576 octets", []Rule{Number, Number}},
		{"group-thin", "10\u2009000 ot/min", []Rule{Number}},
		{"group-of-two", "1\u00a000 x", []Rule{None}},
		{"group-of-four", "1\u00a00000 x", []Rule{None}},
		{"unit", "%d\u00a0MB z %d\u00a0MB", []Rule{Number, Number}},
		{"unit-float", "%.1f\u202fGB", []Rule{Number}},
		{"unit-abbreviation", "%d\u2009godz. temu", []Rule{Number}},
		{"unit-too-long", "5\u2009minutes", []Rule{None}},
		{"counted-word", "32\u00a0octets, %d\u202fsoubor\u016f", []Rule{Number, Number}},
		{"ordinal-date", "1.\u202f1.\u202f1970, 14.\u00a0ledna", []Rule{Number, Number, Number}},
		{"ordinal-too-long", "100.\u00a0x", []Rule{WordSpace}},
		{"copyright", "\u00a9\u00a02024", []Rule{Number}},
		{"hair-percent", "%.0f\u200a%%", []Rule{Number}},
		{"degree", "21\u00a0\u00b0C", []Rule{Number}},
		{"degree-thin", "21\u2009\u00b0C", []Rule{Number}},
		{"numero", "\u2116\u00a0%d", []Rule{Number}},
		{"times", "%lu\u2009\u00d7\u2009%lu", []Rule{Number, Number}},
		{"currency-before", "\u20ac\u00a0100", []Rule{Number}},
		{"thin-in-word", "ad\u2009min", []Rule{None}},
		{"figure-space-group", "1\u2007000 x", []Rule{Number}},
		// T4: zero-width space.
		{"km-words", "\u1798\u17b7\u1793\u200b\u1798\u17b6\u1793", []Rule{WordSeparator}},
		{"km-before-space", "\u1780\u200b \u1780", []Rule{WordSeparator}},
		{"km-after-space", "x \u200b\u1780", []Rule{WordSeparator}},
		{"km-next-to-latin", "\u1780\u200bPDF\u200b\u1780", []Rule{WordSeparator, WordSeparator}},
		{"km-doubled", "\u1780\u200b\u200b\u1780", []Rule{WordSeparator, WordSeparator}},
		{"km-long-run", "\u1780\u200b\u200b\u200b\u200b\u200b\u1780", []Rule{None, None, None, None, None}},
		{"th-words", "\u0e44\u0e1f\u0e25\u0e4c\u200b\u0e44\u0e21\u0e48", []Rule{WordSeparator}},
		{"latin-in-khmer", "\u1780 GdkPix\u200bbuf \u1780", []Rule{None}},
		{"latin-word", "su\u200bdo", []Rule{None}},
		{"digits", "1\u200b000", []Rule{None}},
		{"gujarati", "\u0ab6\u0ac1\u0a82 \u200b\u0ab8", []Rule{None}},
		// T6: word-final ZWNJ.
		{"kn-final-virama", "\u0cab\u0cc8\u0cb2\u0ccd\u200c \u0c89", []Rule{FinalNonJoiner}},
		{"te-final-virama-end", "\u0c2b\u0c48\u0c32\u0c4d\u200c", []Rule{FinalNonJoiner}},
		{"ml-final-virama-comma", "\u0d32\u0d4d\u200c, x", []Rule{FinalNonJoiner}},
		{"fa-final-heh", "\u0646\u0627\u0645\u0647\u200c \u062c", []Rule{FinalNonJoiner}},
		{"fa-final-right-joining", "\u0632\u200c \u062c", []Rule{None}},
		{"latin-letters", "confi\u200cg", []Rule{None}},
		{"latin-final", "config\u200c x", []Rule{None}},
		{"ml-chillu-zwnj", "\u0d32\u0d4d\u200d\u200c\u0d31", []Rule{FinalNonJoiner}},
		{"zwj-zwnj-latin", "a\u200d\u200cb", []Rule{None}},
		{"virama-before-letter", "\u0c32\u0c4d\u200cx", []Rule{None}},
		{"lone-virama", " \u0ccd\u200c ", []Rule{None}},
		// T7: direction marks.
		{"he-around-conversion", "\u05d4\u05e7\u05d5\u05d1\u05e5 \u200e%s\u200f \u05e0", []Rule{DirectionMark, DirectionMark}},
		{"he-after-cpp", "\u05de\u05d4\u05d3\u05e8 C++\u200e \u05d7", []Rule{DirectionMark}},
		{"fa-before-colon", "\u0641\u0627\u06cc\u0644 PNG\u200f: %s", []Rule{DirectionMark}},
		{"ar-line-start", "\u200f%s \u0644\u064a\u0633", []Rule{DirectionMark}},
		{"ar-alm-after-number", "\u0627\u0644\u0646\u0633\u062e\u0629 2\u061c \u0645", []Rule{DirectionMark}},
		{"he-in-number", "\u05de\u05d7\u05d9\u05e8: 1\u200f50", []Rule{None}},
		{"he-in-grouped-number", "\u05de\u05d7\u05d9\u05e8: 1,\u200f500", []Rule{None}},
		{"he-in-latin-word", "\u05e7\u05d5\u05d1\u05e5 conf\u200fig", []Rule{None}},
		{"ar-in-arabic-word", "\u0627\u0644\u0645\u0644\u200e\u0641", []Rule{None}},
		{"latin-line", "Total: \u200f100 USD", []Rule{None}},
		{"rtl-on-other-line", "\u05e9\n\u200f: x", []Rule{None}},
		// T11: ideographic space.
		{"zh-indent", "\u3000\u3000\u540c\u65f6", []Rule{IdeographicSpace, IdeographicSpace}},
		{"ja-after-quote", "\u30d5\u30a1\u30a4\u30eb '%s'\u3000\u306b", []Rule{IdeographicSpace}},
		{"ja-between-ascii", "\u6307\u5b9a OLD\u3000TABLE", []Rule{None}},
		{"no-cjk", "Run cp\u3000a b", []Rule{None}},
		// Code points that never have a typographic place.
		{"others", "a\u200db\ufeffc\u2060d\u00ade", nil},
	} {
		if diff := cmp.Diff(tc.want, rules(tc.in)); diff != "" {
			t.Errorf("%s: rules(%+q) mismatch (-want +got):\n%s", tc.name, tc.in, diff)
		}
	}
}

func TestAtWordSpace(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		want []Rule
	}{
		{"between-words", "souhrn\u00a0vestav\u011bn\u00fdch p\u0159\u00edkaz\u016f", []Rule{WordSpace}},
		{"before-conversion", "zadat bu\u010f\u00a0%s, nebo", []Rule{WordSpace}},
		{"after-colon", "Pozor:\u202fnezad\u00e1n", []Rule{WordSpace}},
		{"other-rules-first", "Nom\u00a0: v\u00a0adres\u00e1\u0159i", []Rule{HighPunctuation, ShortWord}},
		{"before-option", "spustit\u00a0-f", []Rule{None}},
		{"ascii-words", "git\u00a0push, pass\u00a0word", []Rule{None, None}},
		{"ascii-then-other", "GNU\u00a0n\u00e1stroje", []Rule{WordSpace}},
		{"other-then-ascii", "\u017e\u00e1dn\u00fd\u00a0soubor", []Rule{WordSpace}},
		{"punctuation-then-ascii", "chyba:\u00a0pohyb", []Rule{WordSpace}},
		{"before-path", "soubor\u00a0/etc", []Rule{None}},
		{"doubled", "a\u00a0\u00a0b", []Rule{None, None}},
		{"line-start", "\u00a0abc", []Rule{None}},
	} {
		if diff := cmp.Diff(tc.want, rules(tc.in)); diff != "" {
			t.Errorf("%s: rules(%+q) mismatch (-want +got):\n%s", tc.name, tc.in, diff)
		}
	}
}

func TestConversionLen(t *testing.T) {
	for in, want := range map[string]int{
		"%s": 2, "%d": 2, "%1$s": 4, "%li": 3, "%lld": 4, "%.1f": 4, "%-5s": 4, "%'d": 3,
		"%zu": 3, "%%": 2, "%*d": 3, "%1$-*2$.*3$lld": 14, "%hhx": 4, "%sabc": 2,
		"%": 0, "%y": 0, "% o": 0, "%5": 0, "abc": 0, "%.": 0, "%l": 0,
	} {
		if got := ConversionLen(in); got != want {
			t.Errorf("ConversionLen(%q) = %d, want %d", in, got, want)
		}
	}
}

func TestRuleString(t *testing.T) {
	for r := None; r < numRules; r++ {
		if ruleNames[r] == "" {
			t.Errorf("Rule %d has no name", r)
		}
	}
	if got := Rule(200).String(); got != "Rule(200)" {
		t.Errorf("Rule(200).String() = %q", got)
	}
}

// FuzzAt checks that At never panics, that it finds no
// typographic place for a code point outside the judged set, and that a
// Judge reused in order (with its line cache) answers as a fresh one does.
func FuzzAt(f *testing.F) {
	for _, s := range []string{
		"Nom\u00a0: %s", "\u1798\u200b\u1798", "\u0c32\u0c4d\u200c ", "\u05d4 \u200e%s\u200f \u05e0\n\u200fx",
		"1\u202f048 %d\u00a0MB", "\u2116\u00a0%1$-*2$.*3$lld", "\u200b\u200b\u200b\u200b\u200b",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var reused Judge
		reused.Reset(s)
		for i := 0; i <= len(s); i++ {
			got := reused.At(i)
			var fresh Judge
			fresh.Reset(s)
			if want := fresh.At(i); got != want {
				t.Fatalf("At(%d) of %+q: reused Judge %v, fresh %v", i, s, got, want)
			}
			if got == None {
				continue
			}
			if r, _ := utf8.DecodeRuneInString(s[i:]); !strings.ContainsRune(judged, r) {
				t.Fatalf("At(%d) of %+q = %v for %U", i, s, got, r)
			}
		}
	})
}

func TestReadsAsCommand(t *testing.T) {
	for in, want := range map[string]bool{
		"echo \u201chi\u201d":                          true,
		"git commit -m \u201cfix the parser\u201d":     true,
		"ls \u201cmy file\u201d":                       true,
		"$ cat x | sh":                                 true,
		"`rm \u2212rf /`":                              true,
		"cat \u201cnotes for today\u201d please":       true, // one word outside the span
		"file \u201c%s\u201d is not a directory":       false,
		"section \u2018%s\u2019 does not exist":        false,
		"nie mo\u017cna otworzy\u0107 \u201e%s\u201d":  false,
		"le dossier \u00ab %s \u00bb est introuvable":  false,
		"loading\u2026 please wait":                    false,
		"retrying in 5 seconds \u2013 press Ctrl+C":    false,
		"Open the file":                                false,
		"open":                                         false,
		"\u041e\u0442\u043a\u0440\u044b\u0442\u044c x": false,
		"run it with PATH=/bin now, please":            true,
	} {
		if got := ReadsAsCommand(in); got != want {
			t.Errorf("ReadsAsCommand(%+q) = %v, want %v", in, got, want)
		}
	}
}

func TestDeceptive(t *testing.T) {
	for in, want := range map[string]bool{
		"c\u043f\u0438\u0441\u043e\u043a": true, // Latin c in Cyrillic
		"\u043f\u0430\u043ae\u0442":       true, // Latin e in Cyrillic
		"p\u0430ypal":                     true, // Cyrillic a in Latin
		"E\u03c0\u03b5\u03be\u03b5\u03c1\u03b3\u03b1\u03c3\u03c4\u03ae\u03c2": true, // Latin E in Greek
		"\u0406T":                  true, // Cyrillic I before Latin T
		"\u0441\u03bf\u0440\u0435": true, // Greek omicron in Cyrillic
		"USB\u043d\u0430\u043a\u043e\u043f\u0438\u0442\u0435\u043b\u044c": false,
		"iPhone\u043e\u043c":          false,
		"\u0394t":                     false,
		"\u03c0r":                     false,
		"def\u0444\u0430\u0439\u043b": false,
		"\u03a9mega":                  false, // warns in an identifier-like run only
	} {
		if got := Deceptive(in); got != want {
			t.Errorf("Deceptive(%+q) = %v, want %v", in, got, want)
		}
	}
}
