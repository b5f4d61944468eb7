package plainsight

import (
	"slices"
	"testing"
)

// TestPendingTypography reads corpus/pending/typography.txt, the benign
// typography that the prose rules of docs/typography.md are to keep
// quiet. Until a rule lands its cases may still warn: the test checks that
// the file holds only benign cases, that every result keeps the Result
// invariants and raises only the kinds the case lists, and it logs the
// cases that still warn. A case moves into corpus/prose.txt, where
// TestCorpus holds it to no warn-level warning, with the rule that
// quiets it.
func TestPendingTypography(t *testing.T) {
	cases := readCorpus(t, "corpus/pending/typography.txt")
	warned := 0
	for _, c := range cases {
		if c.attack {
			t.Errorf("%s:%d: %s: attacks belong in corpus/*.txt, not with the pending benign cases", c.file, c.line, c.name)
			continue
		}
		r := Sanitize(c.input)
		checkResultInvariants(t, c.input, r)
		for _, w := range r.Warnings {
			if !slices.Contains(c.kinds, w.Kind) {
				t.Errorf("%s:%d: %s: unexpected %v warning: %s", c.file, c.line, c.name, w.Kind, w.Explanation)
			}
		}
		if r.HasWarning() {
			warned++
			t.Logf("%s:%d: %s still warns: %v", c.file, c.line, c.name, kindsOf(r))
		}
	}
	t.Logf("%d of %d pending typography cases still warn", warned, len(cases))
}
