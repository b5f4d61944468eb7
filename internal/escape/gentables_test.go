package escape

import (
	"testing"

	"github.com/plainsight-dev/plainsight/internal/gentable"
)

// TestGeneratedTables checks that tables_gen.go holds what the builders
// compute; go generate runs it with -gentable to rewrite the file.
func TestGeneratedTables(t *testing.T) {
	gentable.Check(t, gentable.File{Path: "tables_gen.go", Package: "escape",
		Generator: "go test -run TestGeneratedTables -gentable"},
		gentable.Var{Name: "byteNotations", Type: "[256]uint64", Value: buildByteNotations(),
			Doc: "byteNotations holds the notation of each byte for AppendByteNotation,\nfrom buildByteNotations."},
		gentable.Var{Name: "hexPairs", Type: "[256]uint16", Value: buildHexPairs(),
			Doc: "hexPairs holds the two hex digits of each byte for AppendRune, from\nbuildHexPairs."},
	)
}
