package scan

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestKindSummaries(t *testing.T) {
	doc, err := os.ReadFile("../../../docs/warnings.md")
	if err != nil {
		t.Fatal(err)
	}
	scanDoc, err := os.ReadFile("../../../docs/scan.md")
	if err != nil {
		t.Fatal(err)
	}
	var missing []string
	for r := ruleNotText; r < endOwnRules; r++ {
		// Scan's own rules: the heading and the doc in docs/scan.md.
		want := "### " + r.String() + " (" + r.Severity().String() + ")\n\n" + r.Doc()
		if !strings.Contains(string(scanDoc), want) {
			missing = append(missing, r.String()+": not in docs/scan.md as "+want)
		}
	}
	for _, r := range sarifRules() {
		if rr, _ := parseRule(r.ID); rr >= ruleNotText {
			continue
		}
		if r.ShortDescription.Text == "" {
			missing = append(missing, r.ID+": no summary")
		}
		heading := "### " + r.ID + " (" + r.DefaultConfiguration.Level + ")"
		heading = strings.NewReplacer("(warning)", "(warn)", "(note)", "(info)").Replace(heading)
		if !strings.Contains(string(doc), heading+"\n") {
			missing = append(missing, r.ID+": no heading "+heading)
		}
	}
	if diff := cmp.Diff([]string(nil), missing); diff != "" {
		t.Errorf("rules without docs (-want +got):\n%s", diff)
	}
}
