package plainsight

import (
	"testing"

	"github.com/plainsight-dev/plainsight/internal/gentable"
)

// TestGeneratedTables checks that tables_gen.go holds kinds.txtar as
// parseKinds reads it, and what the other builders compute; go generate
// runs it with -gentable to rewrite the file.
func TestGeneratedTables(t *testing.T) {
	names, kinds := parseKinds(kindsTxtar)
	gentable.Check(t, gentable.File{Path: "tables_gen.go", Package: "plainsight",
		Generator: "go test -run TestGeneratedTables -gentable",
		Imports:   []string{"github.com/plainsight-dev/plainsight/internal/names"}},
		gentable.Var{Name: "kindNames", Type: "names.Table[Kind]", Value: names,
			Doc: "kindNames holds the name of each Kind, from kinds.txtar."},
		gentable.Var{Name: "kinds", Type: "[numKinds]kindInfo", Value: kinds,
			Doc: "kinds holds what kinds.txtar says of each Kind besides its name."},
		gentable.Var{Name: "loneC1", Type: "[32]bool", Value: buildLoneC1(),
			Doc: "loneC1 says which C1 controls the parser reads as a control of their\nown, from buildLoneC1."},
	)
}
