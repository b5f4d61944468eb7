package spoof

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// resolvedScripts returns the UTS #39 resolved script set of s, with
// Common and Inherited resolving to every script.
func resolvedScripts(s string) ucd.ScriptSet {
	var a scriptAcc
	a.reset()
	for _, r := range s {
		set := augmentedScripts(r, ucd.Lookup(r))
		a.add(&set)
	}
	return a.resolved
}

// levelOf returns the UTS #39 restriction level of s.
func levelOf(s string) restrictionLevel {
	var a scriptAcc
	a.reset()
	for _, r := range s {
		if r >= utf8.RuneSelf {
			a.nonASCII = true
		}
		set := augmentedScripts(r, ucd.Lookup(r))
		a.add(&set)
	}
	return a.level()
}

// skeleton returns the UTS #39 skeleton of s.
func skeleton(s string) string { return mapSkeleton(s, false) }

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
	if got := mapSkeleton("\u03a9mega", true); got != "\u03a9mega" {
		t.Errorf("the reading keeps ASCII and unmapped letters: got %+q", got)
	}
	if got := SkeletonReading("\u03a9mega"); got != "" {
		t.Errorf("SkeletonReading(%+q) = %+q, want \"\": not ASCII", "\u03a9mega", got)
	}
	if got := SkeletonReading("p\u0430ypal"); got != "paypal" {
		t.Errorf("SkeletonReading(%+q) = %+q, want paypal", "p\u0430ypal", got)
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
		cls, form := lookalike(tt.r, ucd.Lookup(tt.r))
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
	if cls, form := lookalike(0x0374, ucd.Lookup(0x0374)); cls != lookSoft || form != "'" {
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

// scanRunes scans text through Scanner.Scan, the plain path against which
// the short paths are checked.
func scanRunes(text string) Scanner {
	var s Scanner
	s.Scan(text)
	return s
}

// scanFused scans text the way Sanitize's loop drives the scanner: ASCII
// up to the end of the text, walked again byte by byte when it holds a
// control (the scanner catches up on what it skipped), runs of letters
// through Scanner.Letters, and the rune they stop at through Scanner.Rune.
func scanFused(text string) Scanner {
	var s Scanner
	s.Reset(text)
	for i := 0; i < len(text); {
		if text[i] < utf8.RuneSelf {
			if i >= s.Pos() {
				j, controls := s.ASCII(i, len(text))
				if !controls {
					i = j
					continue
				}
			}
			i++
			continue
		}
		var r rune
		var size int
		var p ucd.Props
		if i, r, size, p = s.Letters(i); i == len(text) || text[i] < utf8.RuneSelf {
			continue
		}
		if size == 0 {
			if r, size, p = ucd.Decode(text[i:]); size == 1 {
				s.Invalid(i)
				i++
				continue
			}
		}
		s.Rune(i, r, size, p)
		i += size
	}
	s.Finish()
	return s
}

// FuzzScanState checks that the short paths (ASCII past the caller's
// cursor, Letters) end in the very state of the plain path that takes
// every rune through Scanner.Rune: the same counts and sets, and the same
// findings.
func FuzzScanState(f *testing.F) {
	for _, s := range []string{
		"p\u0430ypal.com", "ping 192.168.\u09e7.1", "rm \u2212rf /", "echo \u201chi\u201d",
		"curl https://\u0440\u0430\u0443\u0440\u0430\u04cf.com", "a\u0300\u0301\u0302\u0303\u0304",
		"\u1d00dmin", "\\t\u0421", "a\\\xff\u0430", "\u2010\xff", "0 A!\u0440\u0430A\u04cf\xd1", "x\x1b[31m\u0430b\tc\u0431",
		"\u0421ir\u0441l\u0435 abc\u0430\u0431\u0432 \u3164\u3164 \u1100\u115f",
		"\u6771\u4eac\u30bf\u30ef\u30fc README.md \u30dd\u30fc\u30c8\uff18\uff10",
		"\u0939\u093f\u0928\u094d\u0926\u0940 \u0641\u0627\u06cc\u0644\u200c\u0647\u0627",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		got, want := scanFused(in), scanRunes(in)
		if !reflect.DeepEqual(got.found, want.found) && len(got.found)+len(want.found) > 0 {
			t.Fatalf("scan of %+q: findings\n%+v\nwant (Rune alone)\n%+v", in, got.found, want.found)
		}
		got.found, want.found = nil, nil
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("scan of %+q: state\n%+v\nwant (Rune alone)\n%+v", in, got, want)
		}
	})
}

// FuzzFindings checks that every finding is a span of the text that holds
// a non-ASCII rune, and places its occurrence inside its token.
func FuzzFindings(f *testing.F) {
	f.Add("p\u0430ypal \u0430pple rm \u2212rf / 1\u09e7 \u1d00dmin e\u0301\u0301")
	f.Fuzz(func(t *testing.T, in string) {
		s := scanRunes(in)
		for _, fd := range s.Findings() {
			tok, at := fd.Token, fd.At
			if fd.Kind < MixedScript || fd.Kind > CombiningMarks ||
				tok.Start < 0 || tok.Start > tok.End || tok.End > len(in) ||
				at.Start < tok.Start || at.End > tok.End || at.Start >= at.End {
				t.Fatalf("scan of %+q: bad finding %+v", in, fd)
			}
			if !strings.ContainsFunc(in[tok.Start:tok.End], func(r rune) bool { return r >= utf8.RuneSelf }) {
				t.Fatalf("scan of %+q: finding %+v is all ASCII", in, fd)
			}
		}
	})
}

// TestScanCleanAllocatesNothing pins that clean multilingual text costs no
// allocation.
func TestScanCleanAllocatesNothing(t *testing.T) {
	for _, text := range []string{
		strings.Repeat("\u041e\u0442\u043a\u0440\u043e\u0439\u0442\u0435 \u0444\u0430\u0439\u043b ~/\u0414\u043e\u043a.pdf, git status. ", 50),
		strings.Repeat("\u6771\u4eac\u30bf\u30ef\u30fc\u3078\u884c\u304f\u524d\u306b\u3001README.md\u3092\u8aad\u3093\u3067\u304f\u3060\u3055\u3044\u3002", 50),
	} {
		allocs := testing.AllocsPerRun(20, func() {
			if s := scanFused(text); len(s.Findings()) > 0 {
				t.Fatalf("scan of %.20q... found %+v", text, s.Findings())
			}
		})
		if allocs != 0 {
			t.Errorf("scan of %.20q... allocates %v times, want 0", text, allocs)
		}
	}
}

// Scan runs the checks over the whole of text on its own: every ASCII run
// whole, every other rune through Rune. It is for callers with no decoding
// loop of their own; Sanitize, which has one, must find the same.
func (s *Scanner) Scan(text string) {
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
}

func TestIsUnitWord(t *testing.T) {
	for _, c := range []struct {
		tok  string
		want bool
	}{
		{"\u043b\u0438\u043c\u0438\u0442M", true},                   // лимитM
		{"\u0445\u0432\u0438\u043b\u0438\u043d\u0438m", true},       // хвилиниm
		{"\u0441\u043e\u0440\u0443M", false},                        // сору: every letter passes for Latin
		{"\u043b\u0438\u043c\u0438\u0442x", false},                  // x is no unit
		{"p\u0430ypalM", false},                                     // Latin in the word
		{"\u09aa\u09cd\u09af\u09be\u0995\u09c7\u099c\u0968", false}, // a digit of another script
		{"\u043b\u0438\u043c\u03b9\u0442M", false},                  // two scripts in the word
		{"M", false},
	} {
		if got := isUnitWord(c.tok); got != c.want {
			t.Errorf("isUnitWord(%q) = %v, want %v", c.tok, got, c.want)
		}
	}
}
