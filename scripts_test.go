package plainsight

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

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

func TestResolvedScripts(t *testing.T) {
	tests := []struct {
		in   string
		want string
	}{
		// UTS #39 section 5.1 examples.
		{"\u0421ir\u0441l\u0435", "{}"},
		{"Circ1e", "{Latn}"},
		{"C\U0001d5c2\U0001d5cb\U0001d5bc\U0001d5c5\U0001d5be", "{Latn}"},
		{"\u3006\u5207", "{Hani Hanb Jpan Kore}"},
		{"\u30e9\u30fc\u30e1\u30f3", "{Kana Jpan}"},
		{"\u6f22\u5b57\u3105\u3106", "{Hanb}"},
		{"\ud55c\uad6d\uc5b4", "{Hang Kore}"},
		{"\u0645\u0631\u062d\u0628\u0627\u0661", "{Arab}"},
		{"a\u0342", "{}"},
		{"p\u0430ypal", "{}"},
	}
	for _, tt := range tests {
		if got := resolvedScripts(tt.in).String(); got != tt.want {
			t.Errorf("resolvedScripts(%+q) = %s, want %s", tt.in, got, tt.want)
		}
	}
	if got := resolvedScripts("123 -."); got != allScripts {
		t.Errorf("resolvedScripts of Common text = %v, want every script", got)
	}
}

func TestRestrictionLevel(t *testing.T) {
	tests := []struct {
		in   string
		want restrictionLevel
	}{
		{"ls -la", levelASCIIOnly},
		{"Circ1e", levelASCIIOnly},
		{"caf\u00e9", levelSingleScript},
		{"C\U0001d5c2\U0001d5cb\U0001d5bc\U0001d5c5\U0001d5be", levelSingleScript},
		{"\u65e5\u672c\u8a9e\u306eREADME", levelHighlyRestrictive},
		{"\ud55c\uad6dHanja\u6f22\u5b57", levelHighlyRestrictive},
		{"\u6f22\u5b57\u3105ABC", levelHighlyRestrictive},
		{"g\u0585\u0585gle", levelModeratelyRestrictive},
		{"\u0627\u0644iPhone", levelModeratelyRestrictive},
		{"\u05d1Windows", levelModeratelyRestrictive},
		// UTS #39 section 5.2 examples.
		{"\u0421ir\u0441l\u0435", levelMinimallyRestrictive},
		{"\u03a9mega", levelMinimallyRestrictive},
		{"Te\u03c7", levelMinimallyRestrictive},
		{"H\u03bbLF-LIFE", levelMinimallyRestrictive},
		{"Toys-\u042f-Us", levelMinimallyRestrictive},
		{"\u13a0ocker", levelMinimallyRestrictive},
		{"\u0441\u03bf\u0440\u0435", levelMinimallyRestrictive},
		{"\u09aa\u09cd\u09af\u0968", levelMinimallyRestrictive},
	}
	for _, tt := range tests {
		if got := levelOf(tt.in); got != tt.want {
			t.Errorf("levelOf(%+q) = %v, want %v", tt.in, got, tt.want)
		}
	}
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
	want := []Warning{{
		Kind:        KindMixedScript,
		Severity:    SeverityWarn,
		Tokens:      []string{"p\u0430ypal", "\u0430pple"},
		Count:       100,
		Explanation: "`p\u0430ypal` mixes Latin and Cyrillic; it reads as `paypal` (and 1 more)",
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
		{"p\u0430ypal", KindMixedScript, "`p\u0430ypal` mixes Latin and Cyrillic; it reads as `paypal`"},
		{"\u03a9mega", KindMixedScript, "`\u03a9mega` mixes Greek and Latin"},
		{"a\u0342", KindMixedScript, "`a\u0342` mixes Latin and characters of another script"},
		{"ping 192.168.\u09e7.1", KindMixedNumbers, "`192.168.\u09e7.1` mixes digits of different number systems (ASCII and Bengali); it reads as `192.168.1.1` but a program may read it differently or not as a number"},
		{"rm \u2212rf /", KindLookalike, "`\u2212rf` contains U+2212 MINUS SIGN, which looks like `-`; it reads as `-rf`, but a shell or program sees different characters"},
		{"curl https://\u0440\u0430\u0443\u0440\u0430\u04cf.com", KindWholeScriptConfusable, "`\u0440\u0430\u0443\u0440\u0430\u04cf` is written wholly in Cyrillic but looks like the Latin `paypal`"},
		{"\u1d00dmin", KindUncommonCharacter, "`\u1d00dmin` contains U+1D00 LATIN LETTER SMALL CAPITAL A, a character rarely used in ordinary text (Identifier_Status Restricted); it may stand in for a common one"},
		{"e\u0301\u0301", KindCombiningMarks, "`e\u0301\u0301` repeats the combining mark U+0301 COMBINING ACUTE ACCENT on one letter; it shows once but is there twice"},
		// The token in an explanation is neutralized.
		{"p\u200d\u0430ypal", KindMixedScript, "`p\\u{200d}\u0430ypal` mixes Latin and Cyrillic; it reads as `paypal`"},
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

func TestSkeleton(t *testing.T) {
	tests := []struct{ a, b string }{
		{"p\u0430ypal", "paypal"},
		{"p\u200baypal", "paypal"}, // Default_Ignorable dropped
		{"\u0421ir\u0441l\u0435", "Circle"},
		{"\u0455\u0441\u043e\u0440\u0435", "scope"},
		{"rn", "m"},
		{"\u00e9", "e\u0301"},
	}
	for _, tt := range tests {
		if sa, sb := skeleton(tt.a), skeleton(tt.b); sa != sb {
			t.Errorf("skeleton(%+q) = %+q, skeleton(%+q) = %+q; want equal", tt.a, sa, tt.b, sb)
		}
	}
	if got := skeletonReading("\u03a9mega"); got != "\u03a9mega" {
		t.Errorf("skeletonReading keeps ASCII and unmapped letters: got %+q", got)
	}
}

func TestLookalikeClass(t *testing.T) {
	tests := []struct {
		r    rune
		want lookClass
		form string
	}{
		{0x2212, lookSoft, "-"},
		{0x2010, lookSoft, "-"},
		{0x201C, lookSoft, "''"},
		{0x2019, lookSoft, "'"},
		{0x2026, lookSoft, "..."},
		{0x00B2, lookSoft, "2"},
		{0xFF52, lookSoft, "r"},
		{0xFF0F, lookCJK, "/"},
		{0xFF11, lookCJK, "1"},
		{0x037E, lookHard, ";"},
		{0x2044, lookHard, "/"},
		{0x2215, lookHard, "/"},
		{0x2024, lookHard, "."},
		{0xFF0E, lookCJK, "."},
		{0x1D7D1, lookHard, "3"},
		{0x0660, lookNone, ""}, // skeleton '.', but a digit
		{0x0661, lookNone, ""}, // skeleton 'l'
		{0x0430, lookNone, ""}, // a letter: the script checks' business
		{0x00E9, lookNone, ""},
		{0x3001, lookNone, ""},
		{0x2014, lookNone, ""}, // skeleton U+30FC, not ASCII
	}
	for _, tt := range tests {
		s := string(tt.r)
		cls, form := lookalike(s, tt.r, ucd.Lookup(tt.r))
		if cls != tt.want || form != tt.form {
			t.Errorf("lookalike(%U) = %d, %q; want %d, %q", tt.r, cls, form, tt.want, tt.form)
		}
	}
}

// TestLookalikeCaches checks the caches of confusables.txt against it.
func TestLookalikeCaches(t *testing.T) {
	for r := rune(latinLookalikeLo); r < latinLookalikeHi; r++ {
		proto, _ := ucd.Confusable(r)
		if got, want := cacheHas(&punctLookalikes, r), isASCIIPunctText(proto); got != want {
			t.Errorf("punctLookalikes has %U = %v, want %v", r, got, want)
		}
		if got, want := passesForLatin(r, ucd.Lookup(r)), protoIsLatin(r); got != want {
			t.Errorf("passesForLatin(%U) = %v, want %v", r, got, want)
		}
	}
	// U+0374 GREEK NUMERAL SIGN is a letter that passes for an apostrophe.
	if cls, form := lookalike("\u0374", 0x0374, ucd.Lookup(0x0374)); cls != lookSoft || form != "'" {
		t.Errorf("lookalike(U+0374) = %d, %q; want soft, \"'\"", cls, form)
	}
}

func TestIsCommandLine(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"echo hi", true},
		{"`git push --force`", true},
		{"$ rm -rf x", true},
		{"\uff52\uff4d -rf /", true},
		{"- Print hello:", false},
		{"Print hello", false},
		{"ls", false},
		{"> description", false},
		{"\u65e5\u672c", false},
	}
	for _, tt := range tests {
		if got := isCommandLine(tt.in); got != tt.want {
			t.Errorf("isCommandLine(%+q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestScriptsCleanAllocatesNothing pins that clean multilingual text costs
// no allocation in detectScripts.
func TestScriptsCleanAllocatesNothing(t *testing.T) {
	for _, text := range []string{scriptsRussian, scriptsJapanese, scriptsMixed} {
		allocs := testing.AllocsPerRun(20, func() {
			var c collector
			detectScripts(text, &c)
			if c.found != ([numKinds]*finding{}) {
				t.Fatalf("detectScripts(%+q) found something", text)
			}
		})
		if allocs != 0 {
			t.Errorf("detectScripts(%.20q...) allocates %v times, want 0", text, allocs)
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

func FuzzDetectScripts(f *testing.F) {
	for _, s := range []string{
		"p\u0430ypal.com", "ping 192.168.\u09e7.1", "rm \u2212rf /", "echo \u201chi\u201d",
		"curl https://\u0440\u0430\u0443\u0440\u0430\u04cf.com", "a\u0300\u0301\u0302\u0303\u0304",
		"\u1d00dmin", scriptsJapanese, "\\t\u0421", "a\\\xff\u0430", "\u2010\xff",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var c collector
		detectScripts(in, &c)
		// Sanitize drives the same scan from its own loop; both must
		// find the same.
		want := c.warnings()
		var got []Warning
		for _, w := range Sanitize(in).Warnings {
			if isScriptKind(w.Kind) {
				got = append(got, w)
			}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("Sanitize(%+q) script warnings differ from detectScripts (-detectScripts +Sanitize):\n%s", in, diff)
		}
		for k, fd := range c.found {
			if fd == nil {
				continue
			}
			if !isScriptKind(Kind(k)) {
				t.Errorf("detectScripts(%+q) reported %v", in, Kind(k))
			}
			if fd.count < len(fd.tokens) {
				t.Errorf("detectScripts(%+q): %v count %d < %d tokens", in, Kind(k), fd.count, len(fd.tokens))
			}
			for _, tok := range append(fd.tokens, fd.explain) {
				if !utf8.ValidString(tok) || neutralize(tok) != tok {
					t.Errorf("detectScripts(%+q): %v token or explanation not neutral: %+q", in, Kind(k), tok)
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
	// warn mixed_script: "`\u0430pple` mixes Cyrillic and Latin; it reads as `apple`"
}

// FuzzScanState checks that the scan Sanitize drives from its own loop,
// with its short paths, ends in the very state of the scan that takes
// every rune through scriptScan.rune: the same counts and sets, not only
// the same findings.
func FuzzScanState(f *testing.F) {
	for _, s := range corpusSeeds(f) {
		f.Add(s)
	}
	for _, in := range scriptsBenchInputs {
		f.Add(in.text[:2000])
	}
	f.Add("\u0421ir\u0441l\u0435 abc\u0430\u0431\u0432 \u3164\u3164 \u1100\u115f")
	f.Fuzz(func(t *testing.T, in string) {
		s := sanitizer{text: in}
		s.run(0)
		if !s.scanning {
			return
		}
		var c collector
		if want := scanScripts(in, &c); s.scan != want {
			t.Fatalf("Sanitize(%+q) scan state:\n%+v\nwant (scriptScan.rune alone):\n%+v", in, s.scan, want)
		}
	})
}
