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
		gentable.Var{Name: "payloadNext", Type: "[256]uint64", Value: buildPayloadNext(),
			Doc: "payloadNext holds the range of next bytes that make each byte more than\na payload byte read on its own, from buildPayloadNext."},
	)
}
