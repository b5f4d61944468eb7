package scan

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/plainsight-dev/plainsight/internal/cli/clitest"
)

var suppressFiles = map[string]string{
	"a.go": "package a\n\n" +
		"// plainsight:ignore bidi -- the test data of the bidi check\n" +
		"var s = \"\u202e\"\n" +
		"var t = \"\u202e\" // plainsight:ignore bidi,zero_width -- same line\n" +
		"// plainsight:ignore bidi\n" +
		"var u = \"\u202e\"\n" +
		"// plainsight:ignore zero_width -- names the wrong kind\n" +
		"var v = \"\u202e\"\n" +
		"/* plainsight:ignore bidi -- */\n" +
		"var w = \"\u202e\"\n" +
		"// plainsight:ignore bidj -- a typo\n" +
		"// Documentation: write plainsight:ignore KIND -- REASON, or `plainsight:ignore`.\n" +
		"// plainsight:ignore -- no kind\n",
}

func TestSuppress(t *testing.T) {
	dir := t.TempDir()
	for name, data := range suppressFiles {
		writeFile(t, dir+"/"+name, data)
	}
	got := prog.Exec(t, clitest.Run{Args: []string{"-no-git"}, Dir: dir})
	clitest.Golden(t, "scan-suppress", elapsed.ReplaceAllString(got, "; TIME\n"))
}

// TestIndexMarker checks indexMarker against strings.Index on texts made
// of pieces of the marker word, from every offset.
func TestIndexMarker(t *testing.T) {
	pieces := []string{"plainsight", ":", "ignore", "plainsight:ignore", "p", "x", "::", "\n"}
	r := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		var b strings.Builder
		for n := r.IntN(50); b.Len() < n; {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		text := b.String()
		for from := 0; from <= len(text); from++ {
			want := strings.Index(text[from:], markerWord)
			if want >= 0 {
				want += from
			}
			if got := indexMarker(text, from); got != want {
				t.Fatalf("indexMarker(%q, %d) = %d, want %d", text, from, got, want)
			}
		}
	}
}
