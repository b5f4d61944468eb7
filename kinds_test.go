package plainsight

import (
	"fmt"
	"strings"
	"testing"
)

// TestKindTable checks what kinds.txtar gives each kind.
func TestKindTable(t *testing.T) {
	seen := map[string]bool{}
	for _, k := range Kinds() {
		name := k.String()
		if name == "" || seen[name] || strings.ContainsFunc(name, func(r rune) bool {
			return (r < 'a' || r > 'z') && (r < '0' || r > '9') && r != '_'
		}) {
			t.Errorf("kind %d has the name %q: empty, repeated or not snake_case", k, name)
		}
		seen[name] = true
		if s := k.Summary(); s == "" || strings.Contains(s, "\n") || !strings.HasSuffix(s, ".") {
			t.Errorf("%v.Summary() = %q, want one sentence", k, s)
		}
		if d := k.Doc(); d == "" || !strings.HasSuffix(d, "\n") || strings.HasSuffix(d, "\n\n") {
			t.Errorf("%v.Doc() = %q, want text ending in one newline", k, d)
		}
		var back Kind
		if err := back.UnmarshalText([]byte(name)); err != nil || back != k {
			t.Errorf("UnmarshalText(%q) = %v, %v, want %v", name, back, err, k)
		}
	}
	for _, k := range []Kind{KindUnknown, numKinds, 255} {
		if k.String() != "unknown" || k.Summary() != "" || k.Doc() != "" || k.DocURL() != "" ||
			k.Severity() != SeverityWarn {
			t.Errorf("Kind(%d) = %q %q %q %q %v, want unknown and no text", uint8(k),
				k.String(), k.Summary(), k.Doc(), k.DocURL(), k.Severity())
		}
	}
	var k Kind
	if err := k.UnmarshalText([]byte("unknown")); err == nil {
		t.Error(`UnmarshalText("unknown") succeeded`)
	}
}

func TestParseKindsPanics(t *testing.T) {
	for _, tt := range []struct{ txtar, msg string }{
		{"-- a --\nseverity: warn\n", fmt.Sprintf("plainsight: kinds.txtar: 1 kinds for %d Kind constants", numKinds)},
		{"-- a --\nseverity: loud\n", `plainsight: kinds.txtar: a: unknown severity "loud"`},
		{"-- a --\nsummary: A.\n", "plainsight: kinds.txtar: a: no severity"},
		{"-- a --\ncolour: red\n", `plainsight: kinds.txtar: a: unknown line "colour: red"`},
		{kindsTxtar + "-- extra --\n", "plainsight: kinds.txtar: more kinds than Kind constants"},
		{"comment\n-- a --\nseverity: info\n\ndoc, no newline", fmt.Sprintf("plainsight: kinds.txtar: 1 kinds for %d Kind constants", numKinds)},
	} {
		func() {
			defer func() {
				if got := recover(); got != tt.msg {
					t.Errorf("parseKinds(%.20q) panics with %v, want %s", tt.txtar, got, tt.msg)
				}
			}()
			parseKinds(tt.txtar)
		}()
	}
}
