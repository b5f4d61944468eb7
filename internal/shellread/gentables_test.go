package shellread

import (
	"testing"

	"github.com/plainsight-dev/plainsight/internal/gentable"
)

// TestGeneratedTables checks that tables_gen.go holds what the builders
// compute; go generate runs it with -gentable to rewrite the file.
func TestGeneratedTables(t *testing.T) {
	gentable.Check(t, gentable.File{Path: "tables_gen.go", Package: "shellread",
		Generator: "go test -run TestGeneratedTables -gentable"},
		gentable.Var{Name: "wordBytes", Type: "[256]uint8", Value: buildWordBytes(),
			Doc: "wordBytes classes the bytes mayHoldLayer reads as part of a word, from\nbuildWordBytes."},
		gentable.Var{Name: "layerNames", Type: "layerNameSet", Value: buildLayerNames(),
			Doc: "layerNames holds the first bytes and the name hashes of the layers\ntable, from buildLayerNames."},
		gentable.Var{Name: "wordByte", Type: "[256]bool", Value: buildWordByte(),
			Doc: "wordByte marks the bytes of isWordByte, from buildWordByte."},
		gentable.Var{Name: "plainCode", Type: "[256]bool", Value: buildPlainCode(),
			Doc: "plainCode marks the bytes that mean nothing to the lexer in code, from\nbuildPlainCode."},
		gentable.Var{Name: "codeClass", Type: "[256]uint8", Value: buildCodeClass(),
			Doc: "codeClass holds the class bits of each byte for lex's loop, from\nbuildCodeClass."},
		gentable.Var{Name: "specialDouble", Type: "[256]bool", Value: buildSpecialDouble(),
			Doc: "specialDouble marks the bytes the lexer notes inside double quotes, from\nbuildSpecialDouble."},
		gentable.Var{Name: "keywordStart", Type: "[256]bool", Value: buildKeywordStart(),
			Doc: "keywordStart marks the first letters of the compound-command keywords,\nfrom buildKeywordStart."},
	)
}
