package cli

import (
	"strings"

	"github.com/plainsight-dev/plainsight"
)

// NeutralizeLine neutralizes s for one line of output: unlike Sanitize, it
// also escapes newlines, so a hostile file name cannot forge a second line.
func NeutralizeLine(s string) string {
	return strings.ReplaceAll(plainsight.Sanitize(s).Text, "\n", `\x0a`)
}
