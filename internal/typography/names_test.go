package typography

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// TestAtNewPlaces covers T13, the Persian morpheme boundary of T6, and the
// further places of T1, T2 and T5.
func TestAtNewPlaces(t *testing.T) {
	for _, tc := range []struct {
		name  string
		in    string
		prose bool
		want  []Rule
	}{
		// T13: ASCII words.
		{"acronym-before", "p\u0159es HTTP\u202fproxy", false, []Rule{WordSpace}},
		{"name-number", "Requires Windows\u00a010 or later.", false, []Rule{WordSpace}},
		{"roman-numeral", "Compatible avec System\u00a0V et BSD", false, []Rule{WordSpace}},
		{"roman-numeral-command-shape", "avec System\u00a0V et BSD", false, []Rule{None}},
		{"roman-numeral-command-shape-prose", "avec System\u00a0V et BSD", true, []Rule{WordSpace}},
		{"lowercase-non-ascii-line", "Fenster auf\u00a0den n\u00e4chsten", false, []Rule{WordSpace}},
		{"lowercase-ascii-line", "Reset the fire\u00a0wall rules.", false, []Rule{None}},
		{"lowercase-ascii-line-prose", "Reset the fire\u00a0wall rules.", true, []Rule{None}},
		{"command-line", "git\u00a0push origin main", false, []Rule{None}},
		{"command-line-prose", "git\u00a0push origin main", true, []Rule{None}},
		{"capital-command-line", "cd Foo\u00a0Bar && ls", false, []Rule{None}},
		{"clause-signal", "Spus\u0165te sudo\u00a0rm -rf / jako", true, []Rule{None}},
		{"clause-two-words-back", "Zadejte cd My\u00a0Documents && ls", true, []Rule{None}},
		{"clause-far-signal", "Fenster auf\u00a0den n\u00e4chsten Monitor -x", false, []Rule{WordSpace}},
		{"after-control", "\x1fAA\u00a0a", false, []Rule{None}},
		// T2 with the command tests.
		{"two-letters-command", "cd My\u00a0Documents && rm -rf *", false, []Rule{None}},
		{"one-letter-ascii", "a\u00a0b", false, []Rule{ShortWord}},
		{"preposition-path", "ze souboru z\u00a0/etc/hosts", false, []Rule{ShortWord}},
		{"preposition-markup", "znaczniki <b/> i\u00a0<i/>.", false, []Rule{ShortWord}},
		{"non-ascii-two-letters-option", "--verbose a\u016d\u00a0-q", false, []Rule{ShortWord}},
		{"mnemonic", "W\u00a0_d\u00f3\u0142", false, []Rule{ShortWord}},
		{"special-parameter", "jsou v\u00a0$-.", false, []Rule{ShortWord}},
		{"two-letters-path", "ls\u00a0/etc/shadow", false, []Rule{None}},
		{"line-start-option", "z\u00a0-fpic", true, []Rule{None}},
		{"after-number-option", "1 z\u00a0-a", false, []Rule{None}},
		// T1: ellipsis, aligned labels, string edges, dashes.
		{"before-ellipsis", "A, B,\u00a0\u2026 dal\u0161\u00ed", false, []Rule{HighPunctuation}},
		{"before-dots", "(%s)\u00a0...", false, []Rule{HighPunctuation}},
		{"aligned-label", "Taille      \u00a0: %s", false, []Rule{HighPunctuation}},
		{"aligned-label-letter", "Taille      \u00a0x", false, []Rule{None}},
		{"string-end", "Nom du fichier\u00a0", false, []Rule{HighPunctuation}},
		{"string-start", "\u00a0: introuvable", false, []Rule{HighPunctuation}},
		{"guillemet-string-end", "mot \u00ab\u00a0", false, []Rule{HighPunctuation}},
		{"dash-nbsp-both", "selhalo\u00a0\u2013\u00a0zkus\u00edm", false, []Rule{HighPunctuation, HighPunctuation}},
		{"dash-thin-both", "kl\u00ed\u010d\u2009\u2013\u2009hodnota", false, []Rule{HighPunctuation, HighPunctuation}},
		{"hyphen-as-dash", "hors d'un d\u00e9p\u00f4t git\u00a0- aucun", false, []Rule{HighPunctuation}},
		{"dash-option", "rm\u00a0\u2013rf", false, []Rule{None}},
		{"dash-line-end", "Termin\u00e9 \u2014\u00a0%s\u00a0\u2014", false, []Rule{HighPunctuation, HighPunctuation}},
		{"thin-before-letter", "a\u2009b", false, []Rule{None}},
		// T5: a time and its AM/PM.
		{"time-ampm", "%l\u2236%M\u2009%p", false, []Rule{Number}},
		// T6: Persian morpheme boundary.
		{"fa-after-reh", "\u06a9\u0627\u0631\u200c\u0647\u0627", false, []Rule{MorphemeBoundary}},
		{"fa-after-zain", "\u0631\u0648\u0632\u200c\u0631\u0633\u0627\u0646\u06cc", false, []Rule{MorphemeBoundary}},
		{"fa-after-reh-mark", "\u0631\u064f\u200c\u0647", false, []Rule{MorphemeBoundary}},
		{"fa-before-latin", "\u0631\u200cconfig", false, []Rule{None}},
		{"fa-doubled", "\u0631\u200c\u200c\u0647", false, []Rule{None, None}},
		{"latin-between", "a\u200cb", false, []Rule{None}},
		// T4: after the scripts' own punctuation.
		{"km-after-khan", "\u1798\u17b6\u1793\u00a0\u17d4\u200b", false, []Rule{HighPunctuation, WordSeparator}},
		{"after-ascii-colon", "calendar:\u200bweek", false, []Rule{None}},
		// T11: CJK punctuation makes a CJK line.
		{"cjk-punctuation", "\u3000\u3000%s\u3001%s", false, []Rule{IdeographicSpace, IdeographicSpace}},
	} {
		var j Judge
		j.Prose = tc.prose
		j.Reset(tc.in)
		var got []Rule
		for i, r := range tc.in {
			if strings.ContainsRune(judged, r) {
				got = append(got, j.At(i))
			}
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: At over %+q (prose %v) mismatch (-want +got):\n%s", tc.name, tc.in, tc.prose, diff)
		}
	}
}

// at returns the byte offset of the first r in s.
func at(s string, r rune) (int, int) { return strings.IndexRune(s, r), utf8.RuneLen(r) }

func TestPunctuationPlaces(t *testing.T) {
	for _, tc := range []struct {
		name string
		fn   func(string, int, int) bool
		in   string
		r    rune
		want bool
	}{
		{"time", TimeSeparator, "p. ex. 15\u223630, 2 pm", '\u2236', true},
		{"time-seconds", TimeSeparator, "14\u223615\u223620", '\u2236', true},
		{"time-strftime", TimeSeparator, "%a %-I\u2236%M\u2236%S", '\u2236', true},
		{"time-end-stop", TimeSeparator, "at 9\u223645.", '\u2236', true},
		{"time-host", TimeSeparator, "host\u223622", '\u2236', false},
		{"time-address", TimeSeparator, "10.0.0.1\u223622", '\u2236', false},
		{"time-three-digits", TimeSeparator, "123\u223645", '\u2236', false},
		{"time-one-minute-digit", TimeSeparator, "12\u22364", '\u2236', false},
		{"time-decimal-after", TimeSeparator, "12\u223645.5", '\u2236', false},
		{"time-after-at", TimeSeparator, "a@1\u223622", '\u2236', false},
		{"quoted-conversion-open", QuotesConversion, "value \u2018%s\u2019", '\u2018', true},
		{"quoted-conversion-close", QuotesConversion, "value \u2018%s\u2019", '\u2019', true},
		{"quoted-low9", QuotesConversion, "\u201a%s\u2018", '\u201a', true},
		{"quoted-word", QuotesConversion, "echo \u201chi\u201d", '\u201c', false},
		{"quoted-expansion", QuotesConversion, "echo \u2018$(id)\u2019", '\u2018', false},
		{"quoted-sign", QuotesSign, "missing \u2018)\u2019", '\u2018', true},
		{"quoted-sign-close", QuotesSign, "missing \u2018)\u2019", '\u2019', true},
		{"quoted-letter", QuotesSign, "echo \u2018a\u2019", '\u2018', false},
		{"quoted-two-signs", QuotesSign, "echo \u2018;;\u2019", '\u2018', false},
		{"compound-close", QuotesCompound, "\u201d.plt\u201d-tiedosto", '\u201d', true},
		{"compound-open", QuotesCompound, "x \u201cbig endian\u201d-tavu", '\u201c', true},
		{"compound-none", QuotesCompound, "echo \u201chi\u201d", '\u201c', false},
		{"compound-option", QuotesCompound, "echo \u201chi\u201d-", '\u201c', false},
		{"hyphen-capital", CompoundHyphen, "Tabulator\u2010Zeichen", '\u2010', true},
		{"hyphen-suspended", CompoundHyphen, "Ein\u2010/Ausgabe", '\u2010', true},
		{"hyphen-digits", CompoundHyphen, "ISO\u20108859", '\u2010', true},
		{"hyphen-lowercase", CompoundHyphen, "apt\u2010get", '\u2010', false},
		{"hyphen-option", CompoundHyphen, " \u2010rf", '\u2010', false},
		{"lowercase-compound", LowercaseCompound, "obrir\u2010lo", '\u2010', true},
		{"lowercase-compound-capital", LowercaseCompound, "Obrir\u2010lo", '\u2010', false},
		{"armenian-stop", ArmenianPunctuation, "\u0579\u056f\u0561 %s\u0589", '\u0589', true},
		{"armenian-mijaket", ArmenianPunctuation, "\u0561\u0576\u0578\u0582\u0576 '%s'\u2024 x", '\u2024', true},
		{"armenian-in-word", ArmenianPunctuation, "\u0579\u056f\u0561 example\u0589com", '\u0589', false},
		{"armenian-no-letter", ArmenianPunctuation, "ssh host\u0589", '\u0589', false},
	} {
		i, size := at(tc.in, tc.r)
		if got := tc.fn(tc.in, i, size); got != tc.want {
			t.Errorf("%s: %+q at %d = %v, want %v", tc.name, tc.in, i, got, tc.want)
		}
	}
}

func TestEndsOmission(t *testing.T) {
	for in, want := range map[string]bool{
		"wait [pid \u2026]": true, "loading\u2026": true, "[FILE]\u2026 x": true, "a\u2026, b": true,
		"SLOVA\u2026;]": true, "\u2026/etc": false, "$1\u2026$n": false, "a\u2026b": false, "1\u20262": false,
		"x\u2026.y": false,
	} {
		i, size := at(in, '\u2026')
		if got := EndsOmission(in, i+size); got != want {
			t.Errorf("EndsOmission(%+q) = %v, want %v", in, got, want)
		}
	}
}

func TestTouchesConversion(t *testing.T) {
	for in, want := range map[string]bool{
		"%s\uff1a": true, "\uff1a%d": true, "passwd\uff1a%s": true, "ASCII\uff1a": false, "https\uff1a//%s": false,
	} {
		i, size := at(in, '\uff1a')
		if got := TouchesConversion(in, i, i+size); got != want {
			t.Errorf("TouchesConversion(%+q) = %v, want %v", in, got, want)
		}
	}
}
