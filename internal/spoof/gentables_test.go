package spoof

import (
	"testing"

	"github.com/plainsight-dev/plainsight/internal/gentable"
)

// TestGeneratedTables checks that tables_gen.go holds what the builders
// compute; go generate runs it with -gentable to rewrite the file.
func TestGeneratedTables(t *testing.T) {
	gentable.Check(t, gentable.File{Path: "tables_gen.go", Package: "spoof",
		Generator: "go test -run TestGeneratedTables -gentable",
		Imports:   []string{"github.com/plainsight-dev/plainsight/internal/ucd"}},
		gentable.Var{Name: "latinLookalikes", Type: "runeCache", Value: buildLatinLookalikes(),
			Doc: "latinLookalikes marks the code points that confusables.txt maps to ASCII\nletters, from buildLatinLookalikes."},
		gentable.Var{Name: "punctLookalikes", Type: "runeCache", Value: buildPunctLookalikes(),
			Doc: "punctLookalikes marks the code points that confusables.txt maps to ASCII\npunctuation, from buildPunctLookalikes."},
		gentable.Var{Name: "allScripts", Type: "ucd.ScriptSet", Value: buildAllScripts(),
			Doc: "allScripts holds every script, from buildAllScripts."},
		gentable.Var{Name: "augmentedByScript", Type: "[ucd.NumScripts]ucd.ScriptSet", Value: buildAugmentedByScript(),
			Doc: "augmentedByScript holds the augmented script set of each Script value,\nfrom buildAugmentedByScript."},
		gentable.Var{Name: "kanaSCX", Type: "[kanaSCXHi - kanaSCXLo]ucd.ScriptSet", Value: buildKanaSCX(),
			Doc: "kanaSCX holds the augmented Script_Extensions of U+3000..U+30FF, from\nbuildKanaSCX."},
		gentable.Var{Name: "asciiClasses", Type: "[256]asciiClass", Value: buildASCIIClasses(),
			Doc: "asciiClasses holds the asciiClass of each byte, from buildASCIIClasses."},
	)
}
