package plainsight

import (
	"fmt"
	"log/slog"
)

// Kind names one class of finding. Its String form is stable, documented in
// docs/warnings.md, and is also its JSON value.
//
// Warnings in a [Result] come in the order of these constants.
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

	numKinds
)

// kinds holds the stable name of each Kind, documented in docs/warnings.md,
// and its fixed severity, so that a front end can rely on it: informational
// kinds are the ones ordinary text also produces.
var kinds = [numKinds]struct {
	name     string
	severity Severity
}{
	KindUnknown:               {"unknown", SeverityWarn},
	KindCarriageReturn:        {"carriage_return", SeverityWarn},
	KindBackspace:             {"backspace", SeverityWarn},
	KindTerminalEscape:        {"terminal_escape", SeverityWarn},
	KindControl:               {"control_bytes", SeverityWarn},
	KindBidi:                  {"bidi", SeverityWarn},
	KindZeroWidth:             {"zero_width", SeverityWarn},
	KindHiddenTags:            {"hidden_tags", SeverityWarn},
	KindVariationSelectors:    {"variation_selectors", SeverityWarn},
	KindInvisible:             {"invisible", SeverityWarn},
	KindWhitespace:            {"unusual_whitespace", SeverityWarn},
	KindPrivateUse:            {"private_use", SeverityWarn},
	KindNoncharacter:          {"noncharacter", SeverityWarn},
	KindUnassigned:            {"unassigned", SeverityWarn},
	KindInvalidUTF8:           {"invalid_utf8", SeverityWarn},
	KindFlagged:               {"flagged", SeverityWarn},
	KindMixedScript:           {"mixed_script", SeverityWarn},
	KindMixedNumbers:          {"mixed_numbers", SeverityWarn},
	KindLookalike:             {"lookalike", SeverityWarn},
	KindBidiReorder:           {"bidi_reorder", SeverityWarn},
	KindWholeScriptConfusable: {"whole_script_confusable", SeverityInfo},
	KindUncommonCharacter:     {"uncommon_character", SeverityInfo},
	KindCombiningMarks:        {"combining_marks", SeverityInfo},
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
	if k < numKinds {
		return kinds[k].name
	}
	return kinds[KindUnknown].name
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

// MarshalText encodes k as its stable name.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText decodes a stable name; unknown names are an error.
func (k *Kind) UnmarshalText(b []byte) error {
	for i, info := range kinds {
		if i > 0 && info.name == string(b) {
			*k = Kind(i)
			return nil
		}
	}
	return fmt.Errorf("plainsight: unknown warning kind %q", b)
}

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

// String returns "warn" or "info".
func (s Severity) String() string {
	if s == SeverityInfo {
		return "info"
	}
	return "warn"
}

// MarshalText encodes s as "warn" or "info".
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText decodes "warn" or "info".
func (s *Severity) UnmarshalText(b []byte) error {
	switch string(b) {
	case "warn":
		*s = SeverityWarn
	case "info":
		*s = SeverityInfo
	default:
		return fmt.Errorf("plainsight: unknown severity %q", b)
	}
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
	Locations []Location `json:"locations,omitempty"`
}

// String returns "kind: explanation".
func (w Warning) String() string { return w.Kind.String() + ": " + w.Explanation }

// LogValue makes a Warning log as a group of its fields. The tokens are
// neutralized already, so audit logs stay safe to read.
func (w Warning) LogValue() slog.Value {
	attrs := []slog.Attr{
		slog.String("kind", w.Kind.String()),
		slog.String("severity", w.Severity.String()),
		slog.Int("count", w.Count),
		slog.Any("tokens", w.Tokens),
	}
	if w.Decoded != "" {
		attrs = append(attrs, slog.String("decoded", w.Decoded))
	}
	attrs = append(attrs, slog.String("explanation", w.Explanation))
	return slog.GroupValue(attrs...)
}
