package plainsight

import (
	"regexp"
	"strings"
	"testing"
)

// templateWord matches a $word of a template that fill left unfilled.
var templateWord = regexp.MustCompile(`\$[a-z]+`)

// TestExplanationTemplates checks the explanation templates of kinds.txtar
// against the code that fills them: each template uses only words the
// explanations know, and text that raises every kind, in every wording,
// gets explanations with every word filled.
func TestExplanationTemplates(t *testing.T) {
	known := map[string]bool{
		"escape": true, "name": true, "control": true, "effect": true, "effects": true,
		"version": true, "after": true, "count": true, "place": true, "token": true,
		"scripts": true, "systems": true, "script": true, "reading": true, "form": true,
		"max": true, "order": true, "chars": true,
	}
	for _, k := range Kinds() {
		if len(kinds[k].explain) == 0 {
			t.Errorf("%v has no explanation template", k)
		}
		for _, tmpl := range kinds[k].explain {
			for _, w := range templateWord.FindAllString(tmpl.text, -1) {
				if !known[w[1:]] {
					t.Errorf("%v explain-%s: unknown word %s", k, tmpl.variant, w)
				}
			}
		}
	}
	inputs := []struct {
		text   string
		policy Policy
	}{
		{"a\rb\bc\x1b[2Jd\x07", Policy{}},
		{"\u202e \u200b \U000E0041\U000E0042 a\ufe01 b\ufe01\ufe02 \u00ad \u2028 \u00a0x \ue000 \ufdd0 \u0378 \xff", Policy{}},
		{"x\u2060y", Policy{Flag: []rune{'x'}}},
		{"p\u0430ypal 1\u09e8 rm \u2212rf a\u0301\u0301 b\u0301\u0302\u0303\u0304\u0305\u0306", Policy{}},
		{"Say \u0441\u0435\u0440 to the whole crowd of people here every day.", Policy{}},
		{"a\u02bbb", Policy{}},
		{"Bonjour\u202f! \u0627\u200f123", Policy{Context: ContextProse}},
		{"Bonjour\u202f!", Policy{}},
		{"\u05d0\u05d1 | \u05d2\u05d3", Policy{Context: ContextCommand}},
		{"a\n\n\n\n\n\nb" + strings.Repeat(" ", 64) + "c\n" + strings.Repeat("x", 1025), Policy{}},
	}
	seen := map[Kind]bool{}
	for _, in := range inputs {
		for _, w := range in.policy.Sanitize(in.text).Warnings {
			seen[w.Kind] = true
			if w.Explanation == "" || templateWord.MatchString(w.Explanation) {
				t.Errorf("Sanitize(%+q): %v explanation %q", in.text, w.Kind, w.Explanation)
			}
		}
	}
	for _, k := range Kinds() {
		if !seen[k] {
			t.Errorf("no input raises %v", k)
		}
	}
}

// TestRuneName checks how an explanation names a code point: the
// character first when it is shown as itself (a mark on a dotted circle),
// then its number and name, then its script when the name does not say it.
func TestRuneName(t *testing.T) {
	tests := []struct {
		r    rune
		want string
	}{
		{'\u0456', "\u0456 U+0456 CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I"},
		{'\u2212', "\u2212 U+2212 MINUS SIGN"},
		{'\u0301', "\u25cc\u0301 U+0301 COMBINING ACUTE ACCENT"},
		{'\u02b0', "\u02b0 U+02B0 MODIFIER LETTER SMALL H (Latin)"},
		// Escaped characters are named only: the escape is in the text.
		{'\u202e', "U+202E RIGHT-TO-LEFT OVERRIDE"},
		{'\u00a0', "U+00A0 NO-BREAK SPACE"},
		// Newer than the name tables: shown, numbered, not named.
		{'\U0001FAE9', "\U0001FAE9 U+1FAE9"},
	}
	for _, tt := range tests {
		if got := runeName(tt.r); got != tt.want {
			t.Errorf("runeName(%U) = %q, want %q", tt.r, got, tt.want)
		}
	}
}

// TestForeignChars checks which characters of a token an explanation of
// its scripts names.
func TestForeignChars(t *testing.T) {
	tests := []struct {
		tok  string
		all  bool
		want string
	}{
		{"p\u0430yp\u0430l", false, "\u0430 U+0430 CYRILLIC SMALL LETTER A"},
		// The Latin c in a Cyrillic word is the foreign one.
		{"c\u043f\u0438\u0441\u043e\u043a", false, "c U+0063 LATIN SMALL LETTER C"},
		{"g\u0585\u0585gle", false, "\u0585 U+0585 ARMENIAN SMALL LETTER OH"},
		// A mark whose Script_Extensions are Greek only, on a Latin letter.
		{"a\u0342", false, "\u25cc\u0342 U+0342 COMBINING GREEK PERISPOMENI"},
		{"\u0441\u0435\u0440", true, "\u0441 U+0441 CYRILLIC SMALL LETTER ES, \u0435 U+0435 CYRILLIC SMALL LETTER IE and \u0440 U+0440 CYRILLIC SMALL LETTER ER"},
		{"\u0440\u0430\u0443\u0440\u0430\u04cf", true, "\u0440 U+0440 CYRILLIC SMALL LETTER ER, \u0430 U+0430 CYRILLIC SMALL LETTER A, \u0443 U+0443 CYRILLIC SMALL LETTER U and 1 more"},
	}
	for _, tt := range tests {
		if got := foreignChars(tt.tok, tt.all); got != tt.want {
			t.Errorf("foreignChars(%+q, %v) = %q, want %q", tt.tok, tt.all, got, tt.want)
		}
	}
}

// TestExplanationsNameTheCharacter checks that every explanation of a
// lookalike or script finding, in either reading, names a code point of
// the token, so that it says which character it is about where no
// underline shows it.
func TestExplanationsNameTheCharacter(t *testing.T) {
	inputs := []string{
		"git clone https://github.com/\u0430pple/x",
		"curl https://\u0440\u0430\u0443\u0440\u0430\u04cf.com/x",
		"ls \u2212la",
		"/bin/echo \u2018$(id)\u2019",
		"ping 192.168.\u09e7.1",
		"\u03a9mega",
		"echo c\u043f\u0438\u0441\u043e\u043a",
		"su\u0501o ls",
		"\u1d00dmin",
		"chmod 7\u04375 x",
		"gi\u0307t status",
	}
	spoofish := map[Kind]bool{
		KindMixedScript: true, KindMixedNumbers: true, KindLookalike: true,
		KindWholeScriptConfusable: true, KindUncommonCharacter: true,
	}
	for _, ctx := range []Context{ContextAny, ContextCommand} {
		for _, in := range inputs {
			for _, w := range (Policy{Context: ctx}).Sanitize(in).Warnings {
				if spoofish[w.Kind] && !codePoint.MatchString(w.Explanation) {
					t.Errorf("%v reading of %+q: %v explanation names no code point: %q", ctx, in, w.Kind, w.Explanation)
				}
			}
		}
	}
}

// codePoint matches a code point named in an explanation.
var codePoint = regexp.MustCompile(`U\+[0-9A-F]{4,6} [A-Z]`)
