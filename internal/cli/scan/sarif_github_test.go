package scan

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// githubSARIF is the part of a SARIF log that GitHub's code scanning
// reads, with the rules its upload enforces beyond the schema
// ("SARIF support for code scanning", docs.github.com): at most 20 runs
// per file, 25,000 results and 25,000 rules per run, 1,000 locations per
// result, 20 tags per rule; a driver name; rule descriptions of at most
// 1,024 characters; a security-severity that is a number from 0.0 to
// 10.0 on rules tagged "security"; a message and a region whose lines
// and columns count from 1; relative paths consistent across runs;
// partialFingerprints to match results between runs.
type githubSARIF struct {
	Runs []struct {
		ColumnKind string `json:"columnKind"`
		Tool       struct {
			Driver struct {
				Name            string `json:"name"`
				Version         string `json:"version"`
				SemanticVersion string `json:"semanticVersion"`
				InformationURI  string `json:"informationUri"`
				Rules           []struct {
					ID               string       `json:"id"`
					ShortDescription sarifMessage `json:"shortDescription"`
					FullDescription  sarifMessage `json:"fullDescription"`
					Help             sarifHelp    `json:"help"`
					HelpURI          string       `json:"helpUri"`
					Properties       struct {
						SecuritySeverity string   `json:"security-severity"`
						Tags             []string `json:"tags"`
					} `json:"properties"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		OriginalURIBaseIDs map[string]any `json:"originalUriBaseIds"`
		Results            []struct {
			RuleID    string       `json:"ruleId"`
			RuleIndex int          `json:"ruleIndex"`
			Level     string       `json:"level"`
			Message   sarifMessage `json:"message"`
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct {
						URI       string `json:"uri"`
						URIBaseID string `json:"uriBaseId"`
					} `json:"artifactLocation"`
					Region *sarifRegion `json:"region"`
				} `json:"physicalLocation"`
			} `json:"locations"`
			PartialFingerprints map[string]string `json:"partialFingerprints"`
		} `json:"results"`
	} `json:"runs"`
}

func TestSARIFForGitHub(t *testing.T) {
	dir := makeScanTree(t)
	// A line with astral characters before a finding: UTF-16 counts each
	// as two code units.
	writeFile(t, filepath.Join(dir, "astral.txt"), "\U0001F600\U0001D400x\u202e\n")
	cmd := prog.Command("-no-git", "-format", "sarif")
	cmd.Dir = dir
	out, _ := cmd.Output()
	var log githubSARIF
	if err := json.Unmarshal(out, &log); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if n := len(log.Runs); n < 1 || n > 20 {
		t.Fatalf("%d runs", n)
	}
	run := log.Runs[0]
	d := run.Tool.Driver
	if d.Name != "plainsight" || d.Version == "" || d.SemanticVersion == "" || !strings.HasPrefix(d.InformationURI, "https://") {
		t.Errorf("driver %q version %q semanticVersion %q informationUri %q", d.Name, d.Version, d.SemanticVersion, d.InformationURI)
	}
	if run.ColumnKind != "utf16CodeUnits" {
		t.Errorf("columnKind %q", run.ColumnKind)
	}
	if _, ok := run.OriginalURIBaseIDs["%SRCROOT%"]; !ok {
		t.Error("no %SRCROOT% in originalUriBaseIds")
	}
	if len(d.Rules) == 0 || len(d.Rules) > 25000 {
		t.Fatalf("%d rules", len(d.Rules))
	}
	for _, r := range d.Rules {
		switch {
		case r.ID == "":
			t.Error("a rule without an id")
		case r.ShortDescription.Text == "" || utf8.RuneCountInString(r.ShortDescription.Text) > 1024:
			t.Errorf("%s: shortDescription of %d characters", r.ID, utf8.RuneCountInString(r.ShortDescription.Text))
		case r.FullDescription.Text == "" || utf8.RuneCountInString(r.FullDescription.Text) > 1024:
			t.Errorf("%s: fullDescription of %d characters", r.ID, utf8.RuneCountInString(r.FullDescription.Text))
		case r.Help.Text == "" || r.Help.Markdown == "":
			t.Errorf("%s: no help", r.ID)
		case !strings.Contains(r.HelpURI, "#"+r.ID):
			t.Errorf("%s: helpUri %s is not its section", r.ID, r.HelpURI)
		case len(r.Properties.Tags) > 20 || !slices.Contains(r.Properties.Tags, "security"):
			t.Errorf("%s: tags %v", r.ID, r.Properties.Tags)
		}
		if v, err := strconv.ParseFloat(r.Properties.SecuritySeverity, 64); err != nil || v < 0 || v > 10 {
			t.Errorf("%s: security-severity %q", r.ID, r.Properties.SecuritySeverity)
		}
	}
	if len(run.Results) == 0 || len(run.Results) > 25000 {
		t.Fatalf("%d results", len(run.Results))
	}
	astral := false
	for _, r := range run.Results {
		if r.RuleIndex < 0 || r.RuleIndex >= len(d.Rules) || d.Rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("result %s: ruleIndex %d", r.RuleID, r.RuleIndex)
		}
		if r.Message.Text == "" || !slices.Contains([]string{"error", "warning", "note", "none"}, r.Level) {
			t.Errorf("result %s: message %q level %q", r.RuleID, r.Message.Text, r.Level)
		}
		if r.PartialFingerprints[fingerprintKey] == "" {
			t.Errorf("result %s: no partialFingerprints", r.RuleID)
		}
		if len(r.Locations) == 0 || len(r.Locations) > 1000 {
			t.Fatalf("result %s: %d locations", r.RuleID, len(r.Locations))
		}
		loc := r.Locations[0].PhysicalLocation
		if uri := loc.ArtifactLocation.URI; uri == "" || strings.HasPrefix(uri, "/") || strings.Contains(uri, "://") || loc.ArtifactLocation.URIBaseID != "%SRCROOT%" {
			t.Errorf("result %s: uri %q base %q", r.RuleID, uri, loc.ArtifactLocation.URIBaseID)
		}
		if reg := loc.Region; reg != nil {
			if reg.StartLine < 1 || reg.StartColumn < 1 || reg.EndLine < reg.StartLine || reg.EndLine == reg.StartLine && reg.EndColumn <= reg.StartColumn {
				t.Errorf("result %s: region %+v", r.RuleID, *reg)
			}
		}
		if loc.ArtifactLocation.URI == "astral.txt" && r.RuleID == "bidi" {
			astral = true
			// U+1F600 and U+1D400 are two UTF-16 code units each, x one:
			// the override starts at unit 6 and ends at 7.
			want := sarifRegion{StartLine: 1, StartColumn: 6, EndLine: 1, EndColumn: 7}
			if got := *loc.Region; got != want {
				t.Errorf("astral.txt: region %+v, want %+v (UTF-16 units: %d before the override)", got, want, len(utf16.Encode([]rune("\U0001F600\U0001D400x"))))
			}
		}
	}
	if !astral {
		t.Error("no result for astral.txt")
	}
}
