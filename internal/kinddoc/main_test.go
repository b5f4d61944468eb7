package main

import (
	"os"
	"strings"
	"testing"
	"unicode"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight-dev/plainsight"
)

// TestGenerated fails when docs/warnings.md is not what go generate
// writes: after an edit of kinds.txtar or warnings.md.tmpl, or of the page
// itself.
func TestGenerated(t *testing.T) {
	want, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../docs/warnings.md")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("docs/warnings.md differs from what go generate writes; run it (-want +got):\n%s", diff)
	}
}

// TestDocURL checks that each kind's DocURL names the fragment GitHub
// derives from the heading of its section.
func TestDocURL(t *testing.T) {
	for _, k := range plainsight.Kinds() {
		want := "https://github.com/plainsight-dev/plainsight/blob/main/docs/warnings.md#" +
			githubSlug(strings.TrimPrefix(heading(k), "### "))
		if got := k.DocURL(); got != want {
			t.Errorf("%v.DocURL() = %q, want %q", k, got, want)
		}
	}
}

// githubSlug derives a heading's fragment as GitHub does: lower case,
// punctuation other than '-' and '_' dropped, spaces made '-'.
func githubSlug(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(h) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

func TestSectionsErrors(t *testing.T) {
	for _, tt := range []struct{ first, last, err string }{
		{"bidi", "nonsense", `plainsight: unknown warning kind "nonsense"`},
		{"flagged", "bidi", "kinds flagged bidi: flagged comes after bidi"},
		{"unknown", "bidi", `plainsight: unknown warning kind "unknown"`},
	} {
		_, err := sections(tt.first, tt.last, map[plainsight.Kind]bool{})
		if err == nil || err.Error() != tt.err {
			t.Errorf("sections(%q, %q) error = %v, want %s", tt.first, tt.last, err, tt.err)
		}
	}
	written := map[plainsight.Kind]bool{}
	if _, err := sections("bidi", "zero_width", written); err != nil {
		t.Fatal(err)
	}
	if _, err := sections("zero_width", "zero_width", written); err == nil {
		t.Error("sections wrote zero_width twice without an error")
	}
}
