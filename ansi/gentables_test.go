package ansi

import (
	"testing"

	"github.com/plainsight-dev/plainsight/internal/gentable"
)

// TestGeneratedTables checks that tables_gen.go holds what the builders
// compute; go generate runs it with -gentable to rewrite the file.
func TestGeneratedTables(t *testing.T) {
	gentable.Check(t, gentable.File{Path: "tables_gen.go", Package: "ansi",
		Generator: "go test -run TestGeneratedTables -gentable"},
		gentable.Var{Name: "table", Type: "[numStates][256]transition", Value: buildTable(),
			Doc: "table is the state machine: table[state][byte], from buildTable."},
		gentable.Var{Name: "asciiText", Type: "[utf8RuneSelf]bool", Value: buildASCIIText(),
			Doc: "asciiText marks the printable ASCII bytes 0x20-0x7E, the fast path of a\ntext run, from buildASCIIText."},
		gentable.Var{Name: "printablePayload", Type: "[numStates]bool", Value: buildPrintablePayload(),
			Doc: "printablePayload marks the states whose printable ASCII bytes are all\npayload, from buildPrintablePayload."},
		gentable.Var{Name: "ignoredRun", Type: "[numStates]byteRange", Value: buildIgnoredRun(),
			Doc: "ignoredRun is the run of bytes from 0x20 up that each state ignores,\nfrom buildIgnoredRun."},
	)
}
