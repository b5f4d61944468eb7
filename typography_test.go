package plainsight

import (
	"testing"
	"unicode/utf8"
)

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

// FuzzProse checks the prose reading: Original rebuilds the input, Text is
// valid UTF-8 and holds no control, every location lies inside the input
// and Text and places a typographic code point on itself, shown literally,
// and sanitizing Text again under the prose reading changes nothing, so
// that a view that sanitizes twice shows the same typography.
func FuzzProse(f *testing.F) {
	for _, s := range []string{
		"Nom\u00a0: %s", "xyz\u00a0v\u00a0adres\u00e1\u0159i", "\u1798\u200b\u1798 \u200bx", "\u05d4 \u200e%s\u200f \u05e0",
		"\u0cab\u0cc8\u0cb2\u0ccd\u200c \u0c89", "\u3000\u3000\u540c", "souhrn\u00a0vestav\u011bn\u00fdch", "rm\u00a0-rf\x1b[0m\u00a0:",
		"\u00ab\u202f%s\u202f\u00bb\xff\u00a0;", "c\u043f\u0438\u0441\u043e\u043a \u201c%s\u201d",
	} {
		f.Add(s)
	}
	p := Policy{Context: ContextProse}
	f.Fuzz(func(t *testing.T, s string) {
		r := p.Sanitize(s)
		if got := r.Original(); got != s {
			t.Fatalf("Original() = %+q, want %+q", got, s)
		}
		if !utf8.ValidString(r.Text) {
			t.Fatalf("Text %+q is not valid UTF-8", r.Text)
		}
		for _, c := range r.Text {
			if c < 0x20 && c != '\n' || c >= 0x7f && c <= 0x9f {
				t.Fatalf("Text %+q holds control %U", r.Text, c)
			}
		}
		for _, w := range r.Warnings {
			for _, l := range w.Locations {
				if l.Input.Start < 0 || l.Input.End > len(s) || l.Text.Start < 0 || l.Text.End > len(r.Text) ||
					l.Input.Start > l.Input.End || l.Text.Start > l.Text.End {
					t.Fatalf("%v location %+v out of bounds of %+q and %+q", w.Kind, l, s, r.Text)
				}
				typographic := w.Severity == SeverityInfo && (w.Kind == KindWhitespace || w.Kind == KindZeroWidth || w.Kind == KindBidi)
				if in := s[l.Input.Start:l.Input.End]; typographic && r.Text[l.Text.Start:l.Text.End] != in {
					t.Fatalf("%v location %+v: Text holds %+q, not the literal %+q", w.Kind, l, r.Text[l.Text.Start:l.Text.End], in)
				}
			}
		}
		if again := p.Sanitize(r.Text).Text; again != r.Text {
			t.Fatalf("Sanitize(%+q) = %+q, and again %+q", s, r.Text, again)
		}
	})
}

// TestProseIdempotentShort sanitizes, under the prose reading, every string
// of up to five code points drawn from the spaces, dashes and signs the
// typography rules look at, and checks that sanitizing the output again
// changes nothing: each rule must judge its own output as it judged its
// input. The fuzzer found two strings that broke this ("\u00a0-\u00a0 0",
// "\u00a0-\u00a0-0"), and this walk a third ("\u00a0\u2014\u2007\u2014");
// it covers all strings of their length.
func TestProseIdempotentShort(t *testing.T) {
	alphabet := []string{"\u00a0", "\u202f", "\u2009", "\u2007", " ", "-", "\u2014", "a", "0", ":", "%", "\u00ab", "\u200b", "\u0e01", "\n"}
	n := 5
	if testing.Short() {
		n = 4
	}
	p := Policy{Context: ContextProse}
	idx := make([]int, n)
	var b []byte
	for length := 1; length <= n; length++ {
		clear(idx)
		for {
			b = b[:0]
			for _, k := range idx[:length] {
				b = append(b, alphabet[k]...)
			}
			s := string(b)
			if out := p.Sanitize(s).Text; p.Sanitize(out).Text != out {
				t.Fatalf("Sanitize(%+q) = %+q, and again %+q", s, out, p.Sanitize(out).Text)
			}
			k := 0
			for k < length {
				idx[k]++
				if idx[k] < len(alphabet) {
					break
				}
				idx[k] = 0
				k++
			}
			if k == length {
				break
			}
		}
	}
}
