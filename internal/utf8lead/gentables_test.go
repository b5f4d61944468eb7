package utf8lead

import (
	"testing"

	"github.com/plainsight-dev/plainsight/internal/gentable"
)

// TestGeneratedTables checks that tables_gen.go holds what the builders
// compute; go generate runs it with -gentable to rewrite the file.
func TestGeneratedTables(t *testing.T) {
	gentable.Check(t, gentable.File{Path: "tables_gen.go", Package: "utf8lead",
		Generator: "go test -run TestGeneratedTables -gentable"},
		gentable.Var{Name: "Leads", Type: "[256]Lead", Value: buildLeads(),
			Doc: "Leads holds the Lead of each byte, from buildLeads."},
	)
}
