package term

import (
	"testing"

	"github.com/plainsight-dev/plainsight/internal/gentable"
)

// TestGeneratedTables checks that tables_gen.go holds what the builders
// compute; go generate runs it with -gentable to rewrite the file.
func TestGeneratedTables(t *testing.T) {
	gentable.Check(t, gentable.File{Path: "tables_gen.go", Package: "term",
		Generator: "go test -run TestGeneratedTables -gentable"},
		gentable.Var{Name: "keptByte", Type: "[256]bool", Value: buildKeptByte(),
			Doc: "keptByte marks the bytes that every mode keeps as they are, from\nbuildKeptByte."},
		gentable.Var{Name: "stripOutputs", Type: "[256]byteOutput", Value: byteOutputs(""),
			Doc: "stripOutputs holds the byteOutput of each byte in Strip mode, from\nbyteOutputs(\"\")."},
		gentable.Var{Name: "visualizeOutputs", Type: "[256]byteOutput", Value: byteOutputs(visualEscape),
			Doc: "visualizeOutputs holds the byteOutput of each byte in Visualize mode, from\nbyteOutputs(visualEscape)."},
		gentable.Var{Name: "wordClass", Type: "[256]byte", Value: buildWordClass(),
			Doc: "wordClass holds the class of each byte, from buildWordClass."},
		gentable.Var{Name: "utf8Leads", Type: "[256]utf8Lead", Value: buildUTF8Leads(),
			Doc: "utf8Leads holds the utf8Lead of each byte, from buildUTF8Leads."},
		gentable.Var{Name: "textLeads", Type: "[256]textLead", Value: buildTextLeads(),
			Doc: "textLeads holds the textLead of each byte, from buildTextLeads."},
		gentable.Var{Name: "aloneTables", Type: "aloneVectors", Value: buildAloneVectors(),
			Doc: "aloneTables holds the constants of the vector loop over bytes alone,\nfrom buildAloneVectors."},
		gentable.Var{Name: "sgrEffects", Type: "[maxSGRValue + 1]sgrEffect", Value: buildSGREffects(),
			Doc: "sgrEffects maps each top-level SGR value to its effect, from\nbuildSGREffects."},
		gentable.Var{Name: "styleEffects", Type: "[maxSGRValue + 1]styleEffect", Value: buildStyleEffects(),
			Doc: "styleEffects maps each SGR value to its effect on the style, from\nbuildStyleEffects."},
		gentable.Var{Name: "simpleParams", Type: "[1000]uint8", Value: buildSimpleParams(),
			Doc: "simpleParams says what simpleSGR does with each parameter value of at\nmost three digits, from buildSimpleParams."},
		gentable.Var{Name: "linear", Type: "[256]float64", Value: buildLinear(),
			Doc: "linear maps an 8-bit sRGB component to linear light, from buildLinear."},
		gentable.Var{Name: "paletteLuminance", Type: "[256]float64", Value: buildPaletteLuminance(),
			Doc: "paletteLuminance holds the relative luminance of each entry of xterm's\ndefault 256-colour palette, from buildPaletteLuminance."},
	)
}
