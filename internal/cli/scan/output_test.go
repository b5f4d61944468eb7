package scan

import (
	"strings"
	"testing"

	"github.com/plainsight-dev/plainsight"
)

func TestClipToken(t *testing.T) {
	long := strings.Repeat("a", plainsight.MaxTokenLen-4) + `\u{202e}bcd`
	tests := []struct{ in, want string }{
		{"short", "short"},
		{strings.Repeat("x", plainsight.MaxTokenLen), strings.Repeat("x", plainsight.MaxTokenLen)},
		{strings.Repeat("x", plainsight.MaxTokenLen+1), strings.Repeat("x", plainsight.MaxTokenLen) + "…"},
		{strings.Repeat("\u00e9", plainsight.MaxTokenLen), strings.Repeat("\u00e9", plainsight.MaxTokenLen/2) + "…"},
		{long, strings.Repeat("a", plainsight.MaxTokenLen-4) + "…"},
	}
	for _, tt := range tests {
		if got := clipToken(tt.in); got != tt.want {
			t.Errorf("clipToken(%+q) = %+q, want %+q", tt.in, got, tt.want)
		}
	}
}

func TestPathURI(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a.go", "a.go"},
		{"dir/sub/a.go", "dir/sub/a.go"},
		{"a b/c%.go", "a%20b/c%25.go"},
		{"a:b.go", "./a:b.go"},
		{"x#y?.go", "x%23y%3F.go"},
		{"r\u202e.go", "r%E2%80%AE.go"},
		{"/tmp/a.go", "file:///tmp/a.go"},
	}
	for _, tt := range tests {
		if got := pathURI(tt.in); got != tt.want {
			t.Errorf("pathURI(%+q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
