package plainsight

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/plainsight-dev/plainsight/internal/names"
)

// The table of kinds first, then docs/warnings.md from it.
//go:generate go test -run TestGeneratedTables -gentable
//go:generate go run ./internal/kinddoc -o docs/warnings.md

// Kind names one class of finding. Its String form is stable, documented in
// docs/warnings.md, and is also its JSON value.
//
// Warnings in a [Result] that start at the same place in the text come in
// the order of these constants. Each kind's
// name, severity, summary and documentation are written once, in
// kinds.txtar, in the same order; docs/warnings.md is generated from it.
type Kind uint8

const (
	KindUnknown Kind = iota
	KindCarriageReturn
	KindBackspace
	KindTerminalEscape
	KindControl
	KindBidi
	KindZeroWidth
	KindHiddenTags
	KindVariationSelectors
	KindInvisible
	KindWhitespace
	KindPrivateUse
	KindNoncharacter
	KindUnassigned
	KindInvalidUTF8
	KindFlagged
	KindMixedScript
	KindMixedNumbers
	KindLookalike
	KindBidiReorder
	KindWholeScriptConfusable
	KindUncommonCharacter
	KindCombiningMarks
	KindPadding

	numKinds
)

// docsURL is the address of docs/warnings.md, whose sections [Kind.DocURL]
// links to.
const docsURL = "https://github.com/plainsight-dev/plainsight/blob/main/docs/warnings.md"

// kindsTxtar is the table of kinds: one txtar file per Kind, in the order
// of the constants, named by the kind's stable name and holding its
// severity, its summary and its section of docs/warnings.md.
//
//go:embed kinds.txtar
var kindsTxtar string

// kindInfo is what kinds.txtar says of one Kind besides its name.
type kindInfo struct {
	severity Severity
	summary  string
	explain  []template // "explain" and "explain-VARIANT" lines, in order
	doc      string     // Markdown, ending in a newline
}

// A template is the wording of an explanation, whose $words explain.go
// fills in.
type template struct {
	variant string // "" for the "explain" line
	text    string
}

// kindNames and kinds hold kinds.txtar, indexed by Kind, as parseKinds
// reads it: they are generated into tables_gen.go, so that the table is
// not parsed at start-up, and TestGeneratedTables keeps them in step with
// kinds.txtar. Informational kinds are the ones ordinary text also
// produces.

// parseKinds reads the table of kinds. A malformed table is a bug of the
// package, caught by TestGeneratedTables, so it panics. The strings it
// returns share the memory of txtar.
func parseKinds(txtar string) (names.Table[Kind], [numKinds]kindInfo) {
	var (
		table = make(names.Table[Kind], 0, numKinds)
		info  [numKinds]kindInfo
	)
	fail := func(format string, args ...any) {
		panic(fmt.Sprintf("plainsight: kinds.txtar: "+format, args...))
	}
	// Skip the archive's comment, up to the first file.
	rest := txtar
	for rest != "" && !isFileLine(rest) {
		_, rest, _ = strings.Cut(rest, "\n")
	}
	for rest != "" {
		var line string
		line, rest, _ = strings.Cut(rest, "\n")
		if len(table) == int(numKinds) {
			fail("more kinds than Kind constants")
		}
		name := line[len("-- ") : len(line)-len(" --")]
		table = append(table, name)
		cur := &info[len(table)-1]
		severity := false
		for rest != "" && !isFileLine(rest) {
			line, rest, _ = strings.Cut(rest, "\n")
			if line == "" {
				break
			}
			key, value, _ := strings.Cut(line, ": ")
			switch key {
			case "severity":
				s, ok := severityNames.Parse(value)
				if !ok {
					fail("%s: unknown severity %q", name, value)
				}
				cur.severity, severity = s, true
			case "summary":
				cur.summary = value
			case "explain":
				cur.explain = append(cur.explain, template{"", value})
			default:
				if v, ok := strings.CutPrefix(key, "explain-"); ok && v != "" {
					cur.explain = append(cur.explain, template{v, value})
					continue
				}
				fail("%s: unknown line %q", name, line)
			}
		}
		if !severity {
			fail("%s: no severity", name)
		}
		end := 0
		for end < len(rest) && !isFileLine(rest[end:]) {
			if i := strings.IndexByte(rest[end:], '\n'); i >= 0 {
				end += i + 1
			} else {
				end = len(rest)
			}
		}
		switch doc := strings.TrimRight(rest[:end], "\n"); {
		case doc == "":
		case len(doc) < end:
			cur.doc = rest[:len(doc)+1]
		default: // the last line of the archive has no newline
			cur.doc = doc + "\n"
		}
		rest = rest[end:]
	}
	if len(table) != int(numKinds) {
		fail("%d kinds for %d Kind constants", len(table), numKinds)
	}
	return table, info
}

// isFileLine reports whether s starts with the line of a txtar file name,
// "-- name --".
func isFileLine(s string) bool {
	line, _, _ := strings.Cut(s, "\n")
	return len(line) >= len("-- x --") && strings.HasPrefix(line, "-- ") && strings.HasSuffix(line, " --")
}

// Kinds returns every kind that Sanitize can report, in warning order.
func Kinds() []Kind {
	ks := make([]Kind, 0, numKinds-1)
	for k := KindUnknown + 1; k < numKinds; k++ {
		ks = append(ks, k)
	}
	return ks
}

// String returns the stable name of k, such as "bidi".
func (k Kind) String() string {
	if n, ok := kindNames.Name(k); ok {
		return n
	}
	return kindNames[KindUnknown]
}

// Severity returns the usual severity of warnings of kind k: the severity
// of its occurrences unless a context rule decides otherwise (see
// [Warning.Severity]).
func (k Kind) Severity() Severity {
	if k < numKinds {
		return kinds[k].severity
	}
	return SeverityWarn
}

// explanation returns the template of k's explanation in the wording
// variant ("" for the usual one). Every template the code asks for is in
// kinds.txtar: TestExplanationTemplates checks it.
func (k Kind) explanation(variant string) string {
	if k < numKinds {
		for _, t := range kinds[k].explain {
			if t.variant == variant {
				return t.text
			}
		}
	}
	return ""
}

// Summary returns one sentence that says what a warning of kind k found,
// such as "A zero-width character splits or joins text invisibly.": the
// short description of a SARIF rule. It is "" for KindUnknown.
func (k Kind) Summary() string {
	if k < numKinds {
		return kinds[k].summary
	}
	return ""
}

// Doc returns the documentation of k: its section of docs/warnings.md, in
// Markdown without the heading, ending in a newline. It is "" for
// KindUnknown.
func (k Kind) Doc() string {
	if k < numKinds {
		return kinds[k].doc
	}
	return ""
}

// DocURL returns the address of the section of docs/warnings.md on GitHub
// that documents k, the help address of a SARIF rule; "" for KindUnknown.
func (k Kind) DocURL() string {
	if k == KindUnknown || k >= numKinds {
		return ""
	}
	// GitHub derives the fragment from the heading "### bidi (warn)".
	return docsURL + "#" + k.String() + "-" + k.Severity().String()
}

// MarshalText encodes k as its stable name.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText decodes a stable name; unknown names are an error.
func (k *Kind) UnmarshalText(b []byte) error {
	if v, ok := kindNames.Parse(string(b)); ok && v != KindUnknown {
		*k = v
		return nil
	}
	return fmt.Errorf("plainsight: unknown warning kind %q", b)
}
