package scan

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/internal/buildinfo"
	"github.com/plainsight-dev/plainsight/internal/cli"
)

// SARIF 2.1.0 output, which code-scanning dashboards import. The log is
// streamed: the run's tool and rules first, then one result per finding as
// files finish, then the invocation, so memory stays flat in the number of
// findings. Only the properties scan fills are declared here.

const (
	sarifSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
	sarifVersion = "2.1.0"
)

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifRule struct {
	ID                   string       `json:"id"`
	Name                 string       `json:"name"`
	ShortDescription     sarifMessage `json:"shortDescription"`
	FullDescription      sarifMessage `json:"fullDescription"`
	Help                 sarifHelp    `json:"help"`
	HelpURI              string       `json:"helpUri"`
	DefaultConfiguration struct {
		Level string `json:"level"`
	} `json:"defaultConfiguration"`
	Properties sarifRuleProperties `json:"properties"`
}

type sarifHelp struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown"`
}

// sarifRuleProperties are the rule properties code-scanning dashboards
// read: GitHub ranks an alert by security-severity (a score from 0.0 to
// 10.0) when the rule is tagged "security".
type sarifRuleProperties struct {
	SecuritySeverity string   `json:"security-severity"`
	Tags             []string `json:"tags"`
	Precision        string   `json:"precision"`
}

type sarifTool struct {
	Driver struct {
		Name            string      `json:"name"`
		Version         string      `json:"version"`
		SemanticVersion string      `json:"semanticVersion"`
		InformationURI  string      `json:"informationUri"`
		Rules           []sarifRule `json:"rules"`
	} `json:"driver"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine"`
	EndColumn   int `json:"endColumn"`
}

type sarifLocation struct {
	PhysicalLocation struct {
		ArtifactLocation struct {
			URI       string `json:"uri"`
			URIBaseID string `json:"uriBaseId,omitempty"`
		} `json:"artifactLocation"`
		Region *sarifRegion `json:"region,omitempty"`
	} `json:"physicalLocation"`
}

type sarifResult struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             sarifMessage      `json:"message"`
	Locations           []sarifLocation   `json:"locations"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
}

type sarifNotification struct {
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations,omitempty"`
}

type sarifInvocation struct {
	ExecutionSuccessful        bool                `json:"executionSuccessful"`
	ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

// sarifLevel maps a severity to a SARIF level: warn findings are warnings,
// info findings notes.
func sarifLevel(s plainsight.Severity) string {
	if s == plainsight.SeverityInfo {
		return "note"
	}
	return "warning"
}

// sarifWriter streams one SARIF log with one run.
type sarifWriter struct {
	w      io.Writer
	n      int // results written
	failed []sarifNotification
}

func sarifRules() []sarifRule {
	var rules []sarifRule
	for _, k := range allRules() {
		doc := k.Doc()
		r := sarifRule{
			ID:               k.String(),
			Name:             k.String(),
			ShortDescription: sarifMessage{k.Summary()},
			FullDescription:  sarifMessage{clipText(firstParagraph(doc), maxDescription)},
			Help:             sarifHelp{Text: doc, Markdown: doc + "\n[" + k.String() + "](" + k.DocURL() + ")\n"},
			HelpURI:          k.DocURL(),
			Properties:       ruleProperties(k),
		}
		r.DefaultConfiguration.Level = sarifLevel(k.Severity())
		rules = append(rules, r)
	}
	return rules
}

// maxDescription is the most characters GitHub's code scanning takes in a
// rule's shortDescription and fullDescription.
const maxDescription = 1024

// firstParagraph returns the first paragraph of Markdown text, its lines
// joined.
func firstParagraph(md string) string {
	p, _, _ := strings.Cut(strings.TrimSpace(md), "\n\n")
	return strings.Join(strings.Fields(p), " ")
}

// clipText shortens s to at most n characters, ending in "…" if cut.
func clipText(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// ruleProperties scores and tags a rule. A warn kind is a high-severity
// security alert (7.0–8.9 on GitHub's scale), the Trojan Source kinds at
// the CVSS score of CVE-2021-42574; an info kind is low; scan's own rules
// about files and markers are medium.
func ruleProperties(r rule) sarifRuleProperties {
	p := sarifRuleProperties{Tags: []string{"security"}, Precision: "high"}
	k, isKind := r.kind()
	switch {
	case !isKind:
		p.SecuritySeverity = "5.0"
		p.Tags = append(p.Tags, "maintainability")
		return p
	case k.Severity() == plainsight.SeverityInfo:
		p.SecuritySeverity = "2.0"
		p.Precision = "medium"
	case k == plainsight.KindBidi || k == plainsight.KindHiddenTags || k == plainsight.KindVariationSelectors || k == plainsight.KindBidiReorder:
		p.SecuritySeverity = "8.3"
	default:
		p.SecuritySeverity = "7.0"
	}
	p.Tags = append(p.Tags, "hidden-text")
	if cwe := kindCWE(k); cwe != "" {
		p.Tags = append(p.Tags, "external/cwe/"+cwe)
	}
	return p
}

// kindCWE names the weakness each kind is an instance of.
func kindCWE(k plainsight.Kind) string {
	switch k {
	case plainsight.KindCarriageReturn, plainsight.KindBackspace, plainsight.KindBidi, plainsight.KindBidiReorder,
		plainsight.KindZeroWidth, plainsight.KindInvisible, plainsight.KindHiddenTags, plainsight.KindVariationSelectors:
		return "cwe-451"
	case plainsight.KindTerminalEscape, plainsight.KindControl:
		return "cwe-150"
	case plainsight.KindMixedScript, plainsight.KindLookalike, plainsight.KindWholeScriptConfusable, plainsight.KindMixedNumbers:
		return "cwe-1007"
	}
	return ""
}

func (s *sarifWriter) begin() error {
	var tool sarifTool
	info := buildinfo.Read()
	tool.Driver.Name = "plainsight"
	tool.Driver.Version = info.Version
	tool.Driver.SemanticVersion = info.SemanticVersion()
	tool.Driver.InformationURI = "https://github.com/plainsight-dev/plainsight"
	tool.Driver.Rules = sarifRules()
	b, err := json.Marshal(tool)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(s.w, "{\n\"$schema\": %q,\n\"version\": %q,\n\"runs\": [{\n\"tool\": %s,\n\"columnKind\": \"utf16CodeUnits\",\n\"originalUriBaseIds\": {\"%%SRCROOT%%\": {\"description\": {\"text\": \"the working directory of the scan\"}}},\n\"results\": [",
		sarifSchema, sarifVersion, b)
	return err
}

func artifact(uri string) sarifLocation {
	var l sarifLocation
	l.PhysicalLocation.ArtifactLocation.URI = uri
	if !strings.HasPrefix(uri, "file:") {
		l.PhysicalLocation.ArtifactLocation.URIBaseID = "%SRCROOT%"
	}
	return l
}

func (s *sarifWriter) file(r fileResult) error {
	if r.err != nil {
		s.failed = append(s.failed, sarifNotification{
			Level:     "error",
			Message:   sarifMessage{cli.NeutralizeLine(r.err.Error())},
			Locations: []sarifLocation{artifact(r.uri)},
		})
		return nil
	}
	for _, f := range r.findings {
		loc := artifact(r.uri)
		if f.located {
			loc.PhysicalLocation.Region = &sarifRegion{f.Line, f.col16, f.EndLine, f.endCol16}
		}
		res := sarifResult{
			RuleID:              f.Kind.String(),
			RuleIndex:           ruleIndex(f.Kind),
			Level:               sarifLevel(f.Severity),
			Message:             sarifMessage{f.Explanation},
			Locations:           []sarifLocation{loc},
			PartialFingerprints: map[string]string{fingerprintKey: f.fingerprint()},
		}
		b, err := json.Marshal(res)
		if err != nil {
			return err
		}
		sep := ",\n"
		if s.n == 0 {
			sep = "\n"
		}
		s.n++
		if _, err := fmt.Fprintf(s.w, "%s%s", sep, b); err != nil {
			return err
		}
	}
	return nil
}

func (s *sarifWriter) end(*scanStats) error {
	inv := []sarifInvocation{{ExecutionSuccessful: len(s.failed) == 0, ToolExecutionNotifications: s.failed}}
	b, err := json.Marshal(inv)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(s.w, "\n],\n\"invocations\": %s\n}]\n}\n", b)
	return err
}

// ruleIndex is the index of r in allRules, the rules of the SARIF log.
func ruleIndex(r rule) int {
	if k, ok := r.kind(); ok {
		return int(k) - 1
	}
	return len(plainsight.Kinds()) + int(r-ruleNotText)
}
