package c1string

import (
	"testing"

	"github.com/plainsight-dev/plainsight/internal/gentable"
)

// TestGeneratedTables checks that tables_gen.go holds what the builders
// compute; go generate runs it with -gentable to rewrite the file.
func TestGeneratedTables(t *testing.T) {
	gentable.Check(t, gentable.File{Path: "tables_gen.go", Package: "c1string",
		Generator: "go test -run TestGeneratedTables -gentable"},
		gentable.Var{Name: "leads", Type: "[256]lead", Value: buildLeads(),
			Doc: "leads holds the lead of each byte, from buildLeads."},
	)
}
