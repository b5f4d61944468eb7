package plainsight

import (
	"fmt"
	"log/slog"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/escape"
	"github.com/plainsight-dev/plainsight/internal/names"
)

// Severity says how alarming a warning is.
type Severity uint8

const (
	// SeverityWarn marks text that can mislead the reader: it should stop an
	// approval until a person has looked. It is the zero value, so that an
	// unfilled Severity errs on the loud side.
	SeverityWarn Severity = iota
	// SeverityInfo marks findings that ordinary text also produces, such as a
	// Cyrillic word that spells a Latin one. Show them quietly.
	SeverityInfo
)

var severityNames = names.Table[Severity]{
	SeverityWarn: "warn",
	SeverityInfo: "info",
}

// String returns "warn" or "info".
func (s Severity) String() string {
	if n, ok := severityNames.Name(s); ok {
		return n
	}
	return severityNames[SeverityWarn]
}

// MarshalText encodes s as "warn" or "info".
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText decodes "warn" or "info".
func (s *Severity) UnmarshalText(b []byte) error {
	v, ok := severityNames.Parse(string(b))
	if !ok {
		return fmt.Errorf("plainsight: unknown severity %q", b)
	}
	*s = v
	return nil
}

// Limits on what one Warning holds, so that hostile input cannot make a
// warning large: the text itself already shows every offender.
const (
	// MaxTokens is the most distinct tokens a Warning lists.
	MaxTokens = 16
	// MaxTokenLen is the most bytes of one token; longer ones end in "…".
	MaxTokenLen = 80
	// MaxDecodedLen is the most bytes of Warning.Decoded; longer ends in "…".
	MaxDecodedLen = 200
)

// A Warning reports one kind of finding in the text given to Sanitize.
//
// Everything in a Warning is itself neutralized: Tokens, Decoded and
// Explanation hold only printable characters, with offending code points
// written as escapes, and never markup or colour.
type Warning struct {
	// Kind names the finding.
	Kind Kind `json:"kind"`
	// Severity is the severity of the occurrences this warning reports:
	// usually Kind.Severity(), but a context rule can lower it (a no-break
	// space where French typography puts one) or raise it. A kind found at
	// both severities gives two warnings, the warn-level one first.
	Severity Severity `json:"severity"`
	// Tokens lists the distinct offending tokens, in first-seen order, at
	// most MaxTokens of them. For code-point kinds a token is the escape,
	// such as \u{202e}; for terminal escapes it is the escaped sequence;
	// for script kinds it is the word.
	Tokens []string `json:"tokens"`
	// Count is the number of occurrences, which may exceed len(Tokens).
	Count int `json:"count"`
	// Decoded is text recovered from a hidden channel: the ASCII spelled by
	// tag characters, or a preview of the bytes carried by a run of
	// variation selectors. Non-printable bytes in it are escaped.
	Decoded string `json:"decoded,omitempty"`
	// Explanation is one line of plain English naming the danger.
	Explanation string `json:"explanation"`
	// Locations places the first MaxLocations occurrences, in input order.
	// Two occurrences start together only where one holds the other (a
	// wide line and the run of spaces it opens with, or a wide line of
	// spaces and the run of blank lines it opens), and the one that holds
	// the other comes first.
	Locations []Location `json:"locations,omitempty"`
}

// String returns "kind: explanation".
func (w Warning) String() string { return w.Kind.String() + ": " + w.Explanation }

// LogValue makes a Warning log as a group of its fields. The tokens are
// neutralized already, so audit logs stay safe to read. A log keeps no
// underline to show which character of a token is foreign, so when a
// token holds characters outside ASCII (а Cyrillic а in "pаypal"), the
// group also holds the tokens with those written as code points
// ("code_points": "p\u{0430}ypal").
func (w Warning) LogValue() slog.Value {
	attrs := []slog.Attr{
		slog.String("kind", w.Kind.String()),
		slog.String("severity", w.Severity.String()),
		slog.Int("count", w.Count),
		slog.Any("tokens", w.Tokens),
	}
	if cps, ok := codePointTokens(w.Tokens); ok {
		attrs = append(attrs, slog.Any("code_points", cps))
	}
	if w.Decoded != "" {
		attrs = append(attrs, slog.String("decoded", w.Decoded))
	}
	attrs = append(attrs, slog.String("explanation", w.Explanation))
	return slog.GroupValue(attrs...)
}

// codePointTokens returns toks with every character outside ASCII
// written as its escape, and whether any token held one.
func codePointTokens(toks []string) ([]string, bool) {
	var out []string
	for i, tok := range toks {
		if isASCII(tok) {
			if out != nil {
				out = append(out, tok)
			}
			continue
		}
		if out == nil {
			out = append(make([]string, 0, len(toks)), toks[:i]...)
		}
		var b []byte
		for _, r := range tok {
			if r < utf8.RuneSelf {
				b = append(b, byte(r))
			} else {
				b = escape.AppendRune(b, r)
			}
		}
		out = append(out, string(b))
	}
	return out, out != nil
}
