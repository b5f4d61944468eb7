package scan

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/plainsight-dev/plainsight"
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
	HelpURI              string       `json:"helpUri"`
	DefaultConfiguration struct {
		Level string `json:"level"`
	} `json:"defaultConfiguration"`
}

type sarifTool struct {
	Driver struct {
		Name           string      `json:"name"`
		InformationURI string      `json:"informationUri"`
		Rules          []sarifRule `json:"rules"`
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
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
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
		r := sarifRule{
			ID:               k.String(),
			Name:             k.String(),
			ShortDescription: sarifMessage{k.Summary()},
			HelpURI:          k.DocURL(),
		}
		r.DefaultConfiguration.Level = sarifLevel(k.Severity())
		rules = append(rules, r)
	}
	return rules
}

func (s *sarifWriter) begin() error {
	var tool sarifTool
	tool.Driver.Name = "plainsight"
	tool.Driver.InformationURI = "https://github.com/plainsight-dev/plainsight"
	tool.Driver.Rules = sarifRules()
	b, err := json.Marshal(tool)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(s.w, "{\n\"$schema\": %q,\n\"version\": %q,\n\"runs\": [{\n\"tool\": %s,\n\"columnKind\": \"unicodeCodePoints\",\n\"originalUriBaseIds\": {\"%%SRCROOT%%\": {\"description\": {\"text\": \"the working directory of the scan\"}}},\n\"results\": [",
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
			loc.PhysicalLocation.Region = &sarifRegion{f.Line, f.Column, f.EndLine, f.EndColumn}
		}
		res := sarifResult{
			RuleID:    f.Kind.String(),
			RuleIndex: ruleIndex(f.Kind),
			Level:     sarifLevel(f.Severity),
			Message:   sarifMessage{f.Explanation},
			Locations: []sarifLocation{loc},
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
