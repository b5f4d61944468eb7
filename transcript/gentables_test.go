package transcript

import (
	"testing"

	"github.com/plainsight-dev/plainsight/internal/gentable"
)

// TestGeneratedTables checks that tables_gen.go holds what the builders
// compute; go generate runs it with -gentable to rewrite the file.
func TestGeneratedTables(t *testing.T) {
	gentable.Check(t, gentable.File{Path: "tables_gen.go", Package: "transcript",
		Generator: "go test -run TestGeneratedTables -gentable"},
		gentable.Var{Name: "controlNames", Type: "[33]string", Value: buildControlNames(),
			Doc: "controlNames are the names of the controls counted, from\nbuildControlNames."},
		gentable.Var{Name: "groundClass", Type: "[256]uint8", Value: buildGroundClass(),
			Doc: "groundClass is the class of each byte for groundRun, from\nbuildGroundClass."},
		gentable.Var{Name: "groundOut", Type: "[256]groundOutput", Value: buildGroundOut(false),
			Doc: "groundOut holds the groundOutput of each byte, from buildGroundOut."},
		gentable.Var{Name: "groundOutBS", Type: "[256]groundOutput", Value: buildGroundOut(true),
			Doc: "groundOutBS holds the groundOutput of each byte where a BS is only\ncounted, from buildGroundOut."},
		gentable.Var{Name: "groundLeads", Type: "[256]groundLead", Value: buildGroundLeads(),
			Doc: "groundLeads holds the groundLead of each byte, from buildGroundLeads."},
		gentable.Var{Name: "controlSlot", Type: "[256]uint8", Value: buildControlSlot(),
			Doc: "controlSlot holds the first counter in Cleaner.controls of each byte,\nfrom buildControlSlot."},
		gentable.Var{Name: "groundTables", Type: "groundVectors", Value: buildGroundVectors(),
			Doc: "groundTables holds the constants of the vector loop over the bytes\ngroundRun reads alone, from buildGroundVectors."},
	)
}
