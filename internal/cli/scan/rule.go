package scan

import (
	"fmt"

	"github.com/plainsight-dev/plainsight"
)

// A rule is what a finding reports: a plainsight.Kind, found in the text,
// or one of scan's own rules, about a file or a suppression marker, which
// come after the kinds. Its String form is the "kind" of a finding in
// every output format and the id of its SARIF rule.
type rule uint8

const (
	// ruleNotText: a file that cannot be read as text, and is not a known
	// binary format, was not scanned.
	ruleNotText rule = 64 + iota
	// ruleMarkerWithoutReason: a plainsight:ignore marker gives no reason.
	ruleMarkerWithoutReason
	// ruleUnusedMarker: a plainsight:ignore marker silences nothing.
	ruleUnusedMarker

	endOwnRules
)

// ownRules documents scan's own rules; docs/scan.md has the same words
// under the same headings (TestOwnRulesDocumented).
var ownRules = [...]struct {
	name     string
	severity plainsight.Severity
	summary  string
	doc      string
}{
	ruleNotText - 64: {"not_text", plainsight.SeverityWarn,
		"A file could not be read as text and is not a known binary format, so it was not scanned.",
		"The file holds NUL bytes or bytes that are not UTF-8 throughout its first 8 KiB, and its first bytes are\nnot the signature of a known binary format (images, archives, fonts, compiled objects). An interpreter\nmay still run it, so scan does not pass it silently. `-allow-binary` lets such files through, counted\nin the summary.\n"},
	ruleMarkerWithoutReason - 64: {"suppression_without_reason", plainsight.SeverityWarn,
		"A plainsight:ignore marker gives no reason, so it silences nothing.",
		"Write `plainsight:ignore KIND[,KIND] -- REASON`: the reason is what a reviewer reads. A marker\nwithout one silences nothing.\n"},
	ruleUnusedMarker - 64: {"unused_suppression", plainsight.SeverityWarn,
		"A plainsight:ignore marker silences no finding on its line or the next.",
		"The finding it was written for is gone, or the marker names the wrong kind or line. Remove it, so\nthat it cannot silence a later finding no one has looked at.\n"},
}

// kindRule returns the rule of a plainsight kind.
func kindRule(k plainsight.Kind) rule { return rule(k) }

// kind returns the plainsight kind of r, and whether r is one.
func (r rule) kind() (plainsight.Kind, bool) {
	if r < 64 {
		return plainsight.Kind(r), true
	}
	return 0, false
}

// allRules returns every rule, the kinds first, in SARIF rule order.
func allRules() []rule {
	var rs []rule
	for _, k := range plainsight.Kinds() {
		rs = append(rs, kindRule(k))
	}
	for r := ruleNotText; r < endOwnRules; r++ {
		rs = append(rs, r)
	}
	return rs
}

// parseRule returns the rule named name.
func parseRule(name string) (rule, bool) {
	var k plainsight.Kind
	if k.UnmarshalText([]byte(name)) == nil {
		return kindRule(k), true
	}
	for r := ruleNotText; r < endOwnRules; r++ {
		if r.String() == name {
			return r, true
		}
	}
	return 0, false
}

func (r rule) String() string {
	if k, ok := r.kind(); ok {
		return k.String()
	}
	if r < endOwnRules {
		return ownRules[r-64].name
	}
	return fmt.Sprintf("rule(%d)", uint8(r))
}

// MarshalText encodes r as its name.
func (r rule) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText decodes a rule's name.
func (r *rule) UnmarshalText(b []byte) error {
	v, ok := parseRule(string(b))
	if !ok {
		return fmt.Errorf("unknown kind %q", b)
	}
	*r = v
	return nil
}

// Severity is r's default severity.
func (r rule) Severity() plainsight.Severity {
	if k, ok := r.kind(); ok {
		return k.Severity()
	}
	return ownRules[r-64].severity
}

// Summary is one sentence on what r found.
func (r rule) Summary() string {
	if k, ok := r.kind(); ok {
		return k.Summary()
	}
	return ownRules[r-64].summary
}

// Doc is r's documentation in Markdown.
func (r rule) Doc() string {
	if k, ok := r.kind(); ok {
		return k.Doc()
	}
	return ownRules[r-64].doc
}

// scanDocURL is the address of docs/scan.md, where scan's own rules are
// documented.
const scanDocURL = "https://github.com/plainsight-dev/plainsight/blob/main/docs/scan.md"

// DocURL is the address of r's documentation.
func (r rule) DocURL() string {
	if k, ok := r.kind(); ok {
		return k.DocURL()
	}
	return scanDocURL + "#" + r.String()
}
