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
		"max": true, "order": true,
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
