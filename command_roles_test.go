package plainsight

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/plainsight-dev/plainsight/internal/shellread"
)

// TestWholeRunes checks that a span boundary inside a rune moves so that
// the rune lies in the span the shell reads as code.
func TestWholeRunes(t *testing.T) {
	comment := shellread.Span{Role: shellread.Comment}
	code := shellread.Span{Role: shellread.Syntax}
	with := func(s shellread.Span, end int) shellread.Span { s.End = end; return s }
	for _, tc := range []struct {
		name, text  string
		spans, want []shellread.Span
	}{
		// "#0\x00" then U+FF1B, 3 bytes: the parser ends the comment
		// inside it.
		{"comment-then-code", "#0\x00\uff1b", []shellread.Span{with(comment, 5), with(code, 6)}, []shellread.Span{with(comment, 3), with(code, 6)}},
		{"code-then-comment", "\uff1b#x", []shellread.Span{with(code, 1), with(comment, 5)}, []shellread.Span{with(code, 3), with(comment, 5)}},
		{"on-rune-start", "ab\uff1b", []shellread.Span{with(code, 2), with(comment, 5)}, []shellread.Span{with(code, 2), with(comment, 5)}},
		{"both-prose", "#\uff1b", []shellread.Span{with(comment, 2), with(comment, 4)}, []shellread.Span{with(comment, 2), with(comment, 4)}},
		{"invalid-bytes", "#\x80\x80", []shellread.Span{with(comment, 2), with(code, 3)}, []shellread.Span{with(comment, 2), with(code, 3)}},
	} {
		got := append([]shellread.Span(nil), tc.spans...)
		wholeRunes(tc.text, got)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: wholeRunes(%+q) mismatch (-want +got):\n%s", tc.name, tc.text, diff)
		}
	}
}

// TestCommandProseRoles checks that the same code point is judged by the
// prose rules inside quotes, comments and here-documents and by the
// command's outside them, and that it is escaped the same in both.
func TestCommandProseRoles(t *testing.T) {
	p := Policy{Context: ContextCommand}
	for _, tc := range []struct {
		in   string
		kind Kind
		want Severity
	}{
		{"git commit -m \"Corrige l\u2019erreur\u00a0: vide\"", KindWhitespace, SeverityInfo},
		{"echo ok # Corrige l\u2019erreur\u00a0: vide", KindWhitespace, SeverityInfo},
		{"cat <<EOF\nCorrige l\u2019erreur\u00a0: vide\nEOF", KindWhitespace, SeverityInfo},
		{"echo Corrige l\u2019erreur\u00a0: vide", KindWhitespace, SeverityWarn},
		{"echo '\u1780\u17d2\u1798\u17c2\u179a\u200b\u1797\u17b6\u179f\u17b6'", KindZeroWidth, SeverityInfo},
		{"echo \u1780\u17d2\u1798\u17c2\u179a\u200b\u1797\u17b6\u179f\u17b6", KindZeroWidth, SeverityWarn},
		{"echo \"USB\u043d\u0430\u043a\u043e\u043f\u0438\u0442\u0435\u043b\u044c\"", KindMixedScript, SeverityInfo},
		{"echo USB\u043d\u0430\u043a\u043e\u043f\u0438\u0442\u0435\u043b\u044c", KindMixedScript, SeverityWarn},
	} {
		r := p.Sanitize(tc.in)
		var got []Severity
		for _, w := range r.Warnings {
			if w.Kind == tc.kind {
				got = append(got, w.Severity)
			}
		}
		if diff := cmp.Diff([]Severity{tc.want}, got); diff != "" {
			t.Errorf("Sanitize(%+q) %v severities mismatch (-want +got):\n%s", tc.in, tc.kind, diff)
		}
		if free := Sanitize(tc.in); r.Text != free.Text {
			t.Errorf("Sanitize(%+q).Text = %+q, context-free %+q", tc.in, r.Text, free.Text)
		}
	}
}
