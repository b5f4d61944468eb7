package plainsight

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/plainsight-dev/plainsight/internal/escape"
	"github.com/plainsight-dev/plainsight/internal/spoof"
	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// scriptKinds are the kinds detectScripts reports.
var scriptKinds = []Kind{
	KindMixedScript, KindMixedNumbers, KindLookalike,
	KindWholeScriptConfusable, KindUncommonCharacter, KindCombiningMarks,
}

func isScriptKind(k Kind) bool {
	for _, s := range scriptKinds {
		if s == k {
			return true
		}
	}
	return false
}

// found is the part of a script warning the tables pin.
type found struct {
	Kind   Kind
	Tokens []string
}

// scriptFindings runs Sanitize on in and keeps the script warnings.
func scriptFindings(in string) []found {
	var got []found
	for _, w := range Sanitize(in).Warnings {
		if isScriptKind(w.Kind) {
			got = append(got, found{w.Kind, w.Tokens})
		}
	}
	return got
}

func TestDetectScripts(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []found
	}{
		// Tokens split on everything but letters, marks, digits, joiners.
		{"cyrillic path", "~/\u0414\u043e\u043a\u0443\u043c\u0435\u043d\u0442\u044b/\u043e\u0442\u0447\u0435\u0442.pdf", nil},
		{"toys", "Toys-\u042f-Us", nil},
		{"iphone hyphen", "iPhone-\u043e\u043c", nil},
		{"iphone glued", "iPhone\u043e\u043c", []found{{KindMixedScript, []string{"iPhone\u043e\u043c"}}}},
		{"japanese readme", "\u65e5\u672c\u8a9e\u306eREADME", nil},
		{"korean hanja", "\ud55c\uad6dHanja\u6f22\u5b57", nil},

		// Mixed script.
		{"paypal", "p\u0430ypal.com", []found{{KindMixedScript, []string{"p\u0430ypal"}}}},
		{"circle", "\u0421ir\u0441l\u0435", []found{{KindMixedScript, []string{"\u0421ir\u0441l\u0435"}}}},
		{"circle digit", "Circ1e", nil},
		{"math letters", "C\U0001d5c2\U0001d5cb\U0001d5bc\U0001d5c5\U0001d5be", []found{{KindUncommonCharacter, []string{"C\U0001d5c2\U0001d5cb\U0001d5bc\U0001d5c5\U0001d5be"}}}},
		{"omega", "\u03a9mega", []found{{KindMixedScript, []string{"\u03a9mega"}}}},
		{"tex", "Te\u03c7", []found{{KindMixedScript, []string{"Te\u03c7"}}}},
		{"half-life", "H\u03bbLF-LIFE", []found{{KindMixedScript, []string{"H\u03bbLF"}}}},
		{"cyrillic greek", "\u0441\u03bf\u0440\u0435", []found{{KindMixedScript, []string{"\u0441\u03bf\u0440\u0435"}}}},
		{"armenian", "g\u0585\u0585gle.com", []found{{KindMixedScript, []string{"g\u0585\u0585gle"}}}},
		{"georgian", "m\u10e7sql", []found{{KindMixedScript, []string{"m\u10e7sql"}}}},
		{"cherokee", "\u13a0ocker", []found{{KindMixedScript, []string{"\u13a0ocker"}}}},
		{"lisu", "\ua4d0ash", []found{{KindMixedScript, []string{"\ua4d0ash"}}}},
		{"coptic", "\u2c9fpen", []found{{KindMixedScript, []string{"\u2c9fpen"}}}},
		{"arabic article", "\u0627\u0644iPhone", nil},
		{"hebrew prefix", "\u05d1Windows", nil},
		{"mu unit", "5 \u03bcs and 10\u03bcm", nil},
		{"mu word", "\u03bcsoft", []found{{KindMixedScript, []string{"\u03bcsoft"}}}},
		{"tokens counted", "p\u0430ypal p\u0430ypal \u0430pple", []found{{KindMixedScript, []string{"p\u0430ypal", "\u0430pple"}}}},
		{"printf escape", "echo \"\\t\u0421\u0442\u043e\u043b\u0431\u0435\u0446\"", nil},
		{"joiner keeps token", "p\u200d\u0430ypal", []found{{KindMixedScript, []string{"p\\u{200d}\u0430ypal"}}}},

		// Mixed numbers.
		{"ip", "ping 192.168.\u09e7.1", []found{{KindMixedNumbers, []string{"192.168.\u09e7.1"}}}},
		{"math digit", "12\U0001d7d1", []found{{KindMixedNumbers, []string{"12\U0001d7d1"}}, {KindLookalike, []string{"12\U0001d7d1"}}}},
		{"arabic numerals", "\u0645\u0631\u062d\u0628\u0627 \u0661\u0660", nil},
		{"digits apart", "\u0661\u0662 items, 12 files", nil},
		{"fullwidth digits alone", "\uff12\uff10\uff12\uff13\u5e74", nil},
		{"number run ends at letters", "\u7b2c1\u7ae0\u3068\u7b2c\uff12\u7ae0", nil},

		// Lookalikes.
		{"minus", "rm \u2212rf /", []found{{KindLookalike, []string{"\u2212rf"}}}},
		{"hyphens", "git push \u2010\u2010force", []found{{KindLookalike, []string{"\u2010\u2010force"}}}},
		{"fullwidth slash", "cd \uff0fetc", []found{{KindLookalike, []string{"\uff0fetc"}}}},
		{"curly quotes command", "echo \u201chi\u201d", []found{{KindLookalike, []string{"\u201chi\u201d"}}}},
		{"curly quotes prose", "- Print \u201chello\u201d to the terminal:", nil},
		{"greek question mark", "ls \u037e rm -rf ~", []found{{KindLookalike, []string{"\u037e"}}}},
		{"fullwidth ip", "ping \uff11\uff12\uff17.\uff10.\uff10.\uff11", []found{{KindLookalike, []string{"\uff11\uff12\uff17.\uff10.\uff10.\uff11"}}}},
		{"fullwidth digits in japanese", "- \u30dd\u30fc\u30c8 \uff18\uff10\uff18\uff10 \u3092\u4f7f\u3046", nil},
		{"fullwidth parens in chinese", "- \u5217\u51fa\u6587\u4ef6\uff08\u5305\u62ec hidden files\uff09", nil},
		{"fullwidth parens in ascii", "- list files\uff08hidden\uff09", []found{{KindLookalike, []string{"files\uff08hidden\uff09"}}}},
		{"arabic indic zero is not a dot", "\u0661\u0660\u0660", nil},
		{"apostrophe", "- Don\u2019t overwrite:", nil},
		{"en dash range", "pages 10\u201320", nil},
		{"en dash option", "curl \u2013o x", []found{{KindLookalike, []string{"\u2013o"}}}},
		{"dash in command name", "apt\u2010get install x", nil},
		{"dash in command argument", "sudo apt\u2010get install x", []found{{KindLookalike, []string{"apt\u2010get"}}}},

		// Whole-script confusables: info, and only in otherwise Latin text.
		{"wsc", "curl https://\u0440\u0430\u0443\u0440\u0430\u04cf.com", []found{{KindWholeScriptConfusable, []string{"\u0440\u0430\u0443\u0440\u0430\u04cf"}}}},
		{"wsc in russian", "\u0412 \u0421\u0421\u0421\u0420 \u0431\u044b\u043b\u043e \u0442\u0430\u043a", nil},
		{"wsc alone", "\u0421\u0421\u0421\u0420", nil},
		{"wsc needs latin reading", "see \u0431\u0431\u0431 here", nil},

		// Uncommon characters and combining marks.
		{"small capital", "\u1d00dmin", []found{{KindUncommonCharacter, []string{"\u1d00dmin"}}}},
		{"mixed token not also uncommon", "\ua4d0ash", []found{{KindMixedScript, []string{"\ua4d0ash"}}}},
		{"uncommon next to mixed", "p\u0430ypal \u1d00dmin", []found{{KindMixedScript, []string{"p\u0430ypal"}}, {KindUncommonCharacter, []string{"\u1d00dmin"}}}},
		{"micro sign", "10\u00b5s", nil},
		{"thai sara am", "\u0e04\u0e33\u0e2a\u0e31\u0e48\u0e07", nil},
		{"nfkc lj", "\u01c9eto", nil},
		{"marks ok", "Vie\u0323\u0302t Cafe\u0301", nil},
		{"four marks", "a\u0300\u0301\u0302\u0303", nil},
		{"five marks", "a\u0300\u0301\u0302\u0303\u0304", []found{{KindCombiningMarks, []string{"a\u0300\u0301\u0302\u0303\u0304"}}}},
		{"repeated mark", "e\u0301\u0301", []found{{KindCombiningMarks, []string{"e\u0301\u0301"}}}},
		{"repeated mark apart", "e\u0301x\u0301", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, scriptFindings(tt.in)); diff != "" {
				t.Errorf("Sanitize(%+q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestScriptFindingsCounted(t *testing.T) {
	text := strings.Repeat("p\u0430ypal \u0430pple ", 50)
	var got []Warning
	for _, w := range Sanitize(text).Warnings {
		if w.Kind == KindMixedScript {
			got = append(got, w)
		}
	}
	// The first MaxLocations of the 100 tokens are placed; the text has
	// no escape, so a token's span is the same in the input and the text.
	var locs []Location
	for i := 0; len(locs) < MaxLocations; i += len("p\u0430ypal \u0430pple ") {
		first := Span{i, i + len("p\u0430ypal")}
		second := Span{first.End + 1, first.End + 1 + len("\u0430pple")}
		locs = append(locs, Location{first, first}, Location{second, second})
	}
	want := []Warning{{
		Kind:        KindMixedScript,
		Severity:    SeverityWarn,
		Tokens:      []string{"p\u0430ypal", "\u0430pple"},
		Count:       100,
		Explanation: "`p\u0430ypal` mixes Latin and Cyrillic (\u0430 U+0430 CYRILLIC SMALL LETTER A); it reads as `paypal` (and 1 more)",
		Locations:   locs,
	}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Sanitize(repeated spoofs) mismatch (-want +got):\n%s", diff)
	}
}

func TestScriptExplanations(t *testing.T) {
	tests := []struct {
		in   string
		kind Kind
		want string
	}{
		{"p\u0430ypal", KindMixedScript, "`p\u0430ypal` mixes Latin and Cyrillic (\u0430 U+0430 CYRILLIC SMALL LETTER A); it reads as `paypal`"},
		{"\u03a9mega", KindMixedScript, "`\u03a9mega` mixes Greek and Latin (\u03a9 U+03A9 GREEK CAPITAL LETTER OMEGA)"},
		{"a\u0342", KindMixedScript, "`a\u0342` mixes Latin and characters of another script (\u25cc\u0342 U+0342 COMBINING GREEK PERISPOMENI)"},
		{"ping 192.168.\u09e7.1", KindMixedNumbers, "`192.168.\u09e7.1` mixes digits of different number systems, ASCII and Bengali (\u09e7 U+09E7 BENGALI DIGIT ONE); it reads as `192.168.1.1` but a program may read it differently or not as a number"},
		{"rm \u2212rf /", KindLookalike, "`\u2212rf` contains \u2212 U+2212 MINUS SIGN, which looks like `-`; it reads as `-rf`, but a shell or program sees different characters"},
		{"curl https://\u0440\u0430\u0443\u0440\u0430\u04cf.com", KindWholeScriptConfusable, "`\u0440\u0430\u0443\u0440\u0430\u04cf` is written wholly in Cyrillic (\u0440 U+0440 CYRILLIC SMALL LETTER ER, \u0430 U+0430 CYRILLIC SMALL LETTER A, \u0443 U+0443 CYRILLIC SMALL LETTER U and 1 more) but looks like the Latin `paypal`"},
		{"\u1d00dmin", KindUncommonCharacter, "`\u1d00dmin` contains \u1d00 U+1D00 LATIN LETTER SMALL CAPITAL A, a character rarely used in ordinary text (Identifier_Status Restricted); it may stand in for a common one"},
		{"e\u0301\u0301", KindCombiningMarks, "`e\u0301\u0301` repeats the combining mark \u25cc\u0301 U+0301 COMBINING ACUTE ACCENT on one letter; it shows once but is there twice"},
		// The token in an explanation is neutralized.
		{"p\u200d\u0430ypal", KindMixedScript, "`p\\u{200d}\u0430ypal` mixes Latin and Cyrillic (\u0430 U+0430 CYRILLIC SMALL LETTER A); it reads as `paypal`"},
	}
	for _, tt := range tests {
		var got string
		for _, w := range Sanitize(tt.in).Warnings {
			if w.Kind == tt.kind {
				got = w.Explanation
			}
		}
		if got != tt.want {
			t.Errorf("Sanitize(%+q) %v explanation:\n got %q\nwant %q", tt.in, tt.kind, got, tt.want)
		}
	}
}

// TestScriptsLinesIndependent checks that joining benign lines with
// newlines raises no warning that the lines alone do not.
func TestScriptsLinesIndependent(t *testing.T) {
	text := strings.Join([]string{scriptsRussian, scriptsJapanese, scriptsMixed}, "\n")
	for _, w := range Sanitize(text).Warnings {
		t.Errorf("Sanitize(benign paragraphs): unexpected %v: %s", w.Kind, w.Explanation)
	}
}

// detectScripts runs the homoglyph checks alone over text, a byte or a
// rune at a time, and returns their warnings: what Sanitize, which drives
// the scanner from its own loop with short paths, must also find.
func detectScripts(text string) []Warning {
	var s spoof.Scanner
	s.Reset(text)
	for i := 0; i < len(text); {
		if text[i] < utf8.RuneSelf {
			i, _ = s.ASCII(i, len(text))
			continue
		}
		r, size, p := ucd.Decode(text[i:])
		if size == 1 {
			s.Invalid(i)
		} else {
			s.Rune(i, r, size, p)
		}
		i += size
	}
	s.Finish()
	var c collector
	c.addSpoof(text, s.Findings())
	ws := c.build(text, escape.Cursor{}, nil)
	for _, w := range ws {
		for i := range w.Locations {
			w.Locations[i].Text = textPending // no text is written
		}
	}
	return ws
}

// scriptWarnings returns the homoglyph warnings of r, with the Text spans
// of their locations left out: detectScripts writes no text.
func scriptWarnings(r Result) []Warning {
	var ws []Warning
	for _, w := range r.Warnings {
		if isScriptKind(w.Kind) {
			w.Locations = slices.Clone(w.Locations)
			for i := range w.Locations {
				w.Locations[i].Text = textPending
			}
			ws = append(ws, w)
		}
	}
	return ws
}

func FuzzDetectScripts(f *testing.F) {
	for _, s := range []string{
		"p\u0430ypal.com", "ping 192.168.\u09e7.1", "rm \u2212rf /", "echo \u201chi\u201d",
		"curl https://\u0440\u0430\u0443\u0440\u0430\u04cf.com", "a\u0300\u0301\u0302\u0303\u0304",
		"\u1d00dmin", scriptsJapanese, "\\t\u0421", "a\\\xff\u0430", "\u2010\xff",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		want := detectScripts(in)
		if diff := cmp.Diff(want, scriptWarnings(Sanitize(in))); diff != "" {
			t.Errorf("Sanitize(%+q) script warnings differ from detectScripts (-detectScripts +Sanitize):\n%s", in, diff)
		}
		for _, w := range want {
			if !isScriptKind(w.Kind) {
				t.Errorf("detectScripts(%+q) reported %v", in, w.Kind)
			}
			if w.Count < len(w.Tokens) {
				t.Errorf("detectScripts(%+q): %v count %d < %d tokens", in, w.Kind, w.Count, len(w.Tokens))
			}
			for _, tok := range append(w.Tokens, w.Explanation) {
				if !utf8.ValidString(tok) || escape.Neutralize(tok) != tok {
					t.Errorf("detectScripts(%+q): %v token or explanation not neutral: %+q", in, w.Kind, tok)
				}
			}
		}
	})
}

// ExampleSanitize_homoglyph shows a mixed-script warning.
func ExampleSanitize_homoglyph() {
	r := Sanitize("git clone https://github.com/\u0430pple/x")
	for _, w := range r.Warnings {
		fmt.Printf("%s %s: %+q\n", w.Severity, w.Kind, w.Explanation)
	}
	// Output:
	// warn mixed_script: "`\u0430pple` mixes Cyrillic and Latin (\u0430 U+0430 CYRILLIC SMALL LETTER A); it reads as `apple`"
}
