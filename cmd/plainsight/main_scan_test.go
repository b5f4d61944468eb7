package main

import (
	"regexp"
	"testing"

	"github.com/plainsight-dev/plainsight/internal/cli/clitest"
)

func TestExplain(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"scan/explain", []string{"explain", "bidi", "unused_suppression"}},
		{"scan/explain-list", []string{"explain"}},
		{"scan/explain-unknown", []string{"explain", "nope\u202e"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clitest.Golden(t, tt.name, prog.Exec(t, clitest.Run{Args: tt.args}))
		})
	}
}

// TestVersion checks that --version prints the module version and, in a
// build from a checkout, the VCS revision.
func TestVersion(t *testing.T) {
	want := regexp.MustCompile(`^-- status --\n0\n-- stdout --\nplainsight (\(devel\)|v[0-9][^ ]*)( \((revision [0-9a-f]{12}(, modified)?, )?[^)]*go1[^)]*\))?\n-- stderr --\n$`)
	for _, arg := range []string{"--version", "-version", "version"} {
		got := prog.Exec(t, clitest.Run{Args: []string{arg}})
		if !want.MatchString(got) {
			t.Errorf("plainsight %s:\n%s\nwant it to match %s", arg, got, want)
		}
	}
}
