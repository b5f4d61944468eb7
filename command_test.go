package plainsight

import (
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight-dev/plainsight/internal/shellread"
	"golang.org/x/text/unicode/bidi"
)

// FuzzCommand checks the command reading against the context-free one on
// the same text: the same escapes and Text, the Result invariants, and no
// lower severity for a finding outside quotes: a warn-level kind of the
// context-free reading is missing only when every occurrence of it lies
// inside quotes, a comment or a here-document, as the parser reads them,
// where the prose rules apply. (Where the parser fails, the quoting lexer of
// shellread.ReadFor decides; see its doc.)
func FuzzCommand(f *testing.F) {
	for _, s := range corpusSeeds(f) {
		f.Add(s)
	}
	for _, s := range []string{
		"echo 'unbalanced \u2018", "cat <<EOF\n\u2018$(id)\u2019", strings.Repeat("$(", 2000) + "\u2013",
		"echo \"\u201chi\u201d\" \u201chi\u201d", "a=\u2018 b=' \u2019'", "x\xff\u2018y",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		free := Sanitize(in)
		cmd := Policy{Context: ContextCommand}.Sanitize(in)
		if cmd.Original() != in {
			t.Fatalf("Sanitize(%+q).Original() = %+q", in, cmd.Original())
		}
		// What the command reading adds must be safe to print; what it
		// keeps of the context-free reading is that reading's to check.
		for _, w := range cmd.Warnings {
			if slices.ContainsFunc(free.Warnings, func(f Warning) bool { return cmp.Equal(f, w) }) {
				continue
			}
			for _, s := range append([]string{w.Explanation}, w.Tokens...) {
				if msg := unsafeText(s, false); msg != "" || strings.Contains(s, "\n") {
					t.Fatalf("Sanitize(%+q): %v warning holds unsafe text %+q: %s", in, w.Kind, s, msg)
				}
			}
		}
		if cmd.Text != free.Text {
			t.Fatalf("command Text %+q, context-free %+q", cmd.Text, free.Text)
		}
		if diff := cmp.Diff(slices.Collect(free.Escapes.All()), slices.Collect(cmd.Escapes.All())); diff != "" {
			t.Fatalf("Sanitize(%+q): escapes differ (-context-free +command):\n%s", in, diff)
		}
		warns := map[Kind]bool{}
		for _, w := range cmd.Warnings {
			warns[w.Kind] = warns[w.Kind] || w.Severity == SeverityWarn // a kind may come at both severities
		}
		// A warning may be lowered only where every occurrence lies
		// inside quotes, comments and here-documents, which are read
		// as prose: its located occurrences, and, when it places fewer
		// than it counts (past MaxLocations), every place its tokens
		// stand in the input. When every occurrence is placed, a token
		// found elsewhere is a substring the reading did not flag
		// (the "xс" of "%xс", after a format verb).
		rd := shellread.Read(in)
		inCode := func(start, end int) bool {
			for k := start; k < end; k++ {
				if in[k] >= utf8.RuneSelf && rd.Parsed(k) && outside(rd.At(k)) {
					return true
				}
			}
			return false
		}
		for _, w := range free.Warnings {
			if w.Severity != SeverityWarn || warns[w.Kind] {
				continue
			}
			spans := 0
			for _, l := range w.Locations {
				spans++
				if w.Kind == KindMixedScript && gluedOption(in, l.Input.Start, l.Input.End) {
					continue // docs/commands.md: an option letter and its glued value
				}
				if inCode(l.Input.Start, l.Input.End) {
					t.Fatalf("Sanitize(%+q): command reading lowers %v at %v, outside quotes", in, w.Kind, l.Input)
				}
			}
			for _, tok := range w.Tokens {
				if len(w.Locations) >= w.Count {
					break // every occurrence is placed, and checked above
				}
				for off := 0; tok != ""; {
					j := strings.Index(in[off:], tok)
					if j < 0 {
						break
					}
					j += off
					spans++
					if w.Kind == KindMixedScript && gluedOption(in, j, j+len(tok)) {
						off = j + len(tok)
						continue
					}
					if inCode(j, j+len(tok)) {
						t.Fatalf("Sanitize(%+q): command reading lowers %v %q outside quotes", in, w.Kind, tok)
					}
					off = j + len(tok)
				}
			}
			if spans == 0 {
				t.Fatalf("Sanitize(%+q): command reading lowers %v, which it cannot place: %s", in, w.Kind, w.Explanation)
			}
		}
	})
}

// gluedOption reports whether in[start:end] is a one-letter option and a
// value in one script glued to it, which the command reading reads apart.
func gluedOption(in string, start, end int) bool {
	var s sanitizer
	s.Text = in
	s.shell = shellRoles{rd: shellread.Read(in), on: true}
	return s.glued(start, end)
}

// TestCommandHostile checks that hostile shapes neither panic nor lose a
// warning: the parser gives up on them and the text is read as unquoted.
func TestCommandHostile(t *testing.T) {
	for _, in := range []string{
		strings.Repeat("$(", 1<<19) + "rm \u2013rf /",
		"echo '" + strings.Repeat("\u2018", 1000),
		"cat <<EOF\n" + strings.Repeat("\u2018$(id)\u2019\n", 1000),
		strings.Repeat("\"", 1<<16) + "\u2013",
		// Long lines that are walked once, not once per character.
		"a " + strings.Repeat("\u05d0 > ", 1<<15),
		strings.Repeat("\u05d0", 1<<18),
		strings.Repeat("i\u0307", 1<<16),
	} {
		r := Policy{Context: ContextCommand}.Sanitize(in)
		checkResultInvariants(t, in, r)
		if !r.HasWarning() {
			t.Errorf("Sanitize(%.40q...): no warn-level warning", in)
		}
	}
}

// TestCommandFastPath checks that a clean ASCII command costs no parse and
// no allocation, and that a punycode host in one is still read.
func TestCommandFastPath(t *testing.T) {
	p := Policy{Context: ContextCommand}
	in := "git status --short && curl -fsSL https://example.com/x | head"
	if n := testing.AllocsPerRun(100, func() { p.Sanitize(in) }); n != 0 {
		t.Errorf("Sanitize(%q) allocates %v times, want 0", in, n)
	}
	if r := p.Sanitize("curl https://xn--80ak6aa92e.com/i.sh"); !r.HasWarning() {
		t.Errorf("punycode host: no warning; got %v", r.Warnings)
	}
}

// TestBidiShortcuts checks, for every character, that the answers
// isRightToLeft and strongClass give without the bidi tables are theirs.
func TestBidiShortcuts(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		p, _ := bidi.LookupRune(r)
		c := p.Class()
		rtl := c == bidi.R || c == bidi.AL
		if got := isRightToLeft(r); got != rtl {
			t.Errorf("isRightToLeft(%U) = %v, want %v", r, got, rtl)
		}
		if r == firstRightToLeft && !rtl {
			t.Errorf("firstRightToLeft %U is not the first right-to-left character", firstRightToLeft)
		}
		got := strongClass(r)
		for _, k := range []bidi.Class{bidi.L, bidi.R, bidi.AL} {
			if (got == k) != (c == k) {
				t.Errorf("strongClass(%U) = %v, Bidi_Class %v", r, got, c)
				break
			}
		}
	}
}
