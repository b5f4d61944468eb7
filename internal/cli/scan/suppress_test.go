package scan

import (
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
