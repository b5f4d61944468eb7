package plainsight

import "testing"

// TestProseReadingKeepsAttacks runs the attacks of corpus/prose.txt, which
// hide in sentences, under the prose reading: shown as prose, each must
// still raise a warn-level warning, and the result must keep the
// invariants of Result but for the typographic code points the prose
// reading shows as themselves.
func TestProseReadingKeepsAttacks(t *testing.T) {
	p := Policy{Context: ContextProse}
	for _, c := range readCorpus(t, "corpus/prose.txt") {
		r := p.Sanitize(c.input)
		if got := r.Original(); got != c.input {
			t.Errorf("%s:%d: %s: Original() = %+q", c.file, c.line, c.name, got)
		}
		if c.attack && !r.HasWarning() {
			t.Errorf("%s:%d: attack %s: no warn-level warning in the prose reading; got %v", c.file, c.line, c.name, kindsOf(r))
		}
		if !c.attack && r.HasWarning() {
			t.Errorf("%s:%d: benign %s: warn-level warning in the prose reading: %v", c.file, c.line, c.name, kindsOf(r))
		}
	}
}
