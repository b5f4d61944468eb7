package transcript

import (
	"strconv"

	"github.com/plainsight-dev/plainsight/internal/names"
)

// Defaults for the zero value of [Limits].
const (
	// DefaultMaxOutput is the default cap on the bytes of cleaned text a
	// Cleaner writes, truncation marker included.
	DefaultMaxOutput = 1 << 20
	// DefaultMaxString is the default length above which a control string
	// or sequence is counted as over the limit.
	DefaultMaxString = 4 << 10
	// DefaultMaxLine is the default cap on the line buffer: a line is
	// neutralized and written in pieces of at most this many bytes.
	DefaultMaxLine = 64 << 10
	// MinMaxOutput is the smallest output limit in force: smaller positive
	// values are raised to it so that the truncation marker always fits.
	MinMaxOutput = 64
	// MinMaxLine is the smallest line limit in force: a piece must hold
	// any rune.
	MinMaxLine = 16
)

// Options holds every policy and limit of a [Cleaner]. The zero value is the
// documented default: CR as newline, backspace dropped, invisible Unicode
// escaped, and the limits of [Limits]. Options is a plain value, safe to copy
// and to share between goroutines.
type Options struct {
	// CR says what a carriage return that is not part of CRLF does.
	CR CRPolicy `json:"cr"`
	// BS says what a backspace does.
	BS BSPolicy `json:"bs"`
	// Unicode says what happens to code points that the root package
	// escapes: bidi controls, zero-width and invisible characters, tags,
	// stray variation selectors, unusual whitespace, private use,
	// noncharacters and unassigned code points.
	Unicode UnicodePolicy `json:"unicode"`
	// Limits bounds the output and the control strings.
	Limits Limits `json:"limits"`
}

// Limits bounds what a [Cleaner] stores. A zero field means its default; the
// effective values are those of [Limits.Effective].
type Limits struct {
	// MaxOutput caps the cleaned text, in bytes, truncation marker
	// included. Zero means DefaultMaxOutput, a negative value means no
	// limit, and positive values below MinMaxOutput count as MinMaxOutput.
	MaxOutput int `json:"max_output"`
	// MaxString is the longest control string payload (OSC, DCS, SOS, PM,
	// APC) or control sequence (CSI, ESC) that is not counted in
	// Report.OverLimit. Every sequence is removed whatever its length; the
	// parser stores only the few bytes needed to classify it. Zero means
	// DefaultMaxString.
	MaxString int `json:"max_string"`
	// MaxLine caps the line buffer in bytes. Zero means DefaultMaxLine;
	// values below MinMaxLine count as MinMaxLine.
	MaxLine int `json:"max_line"`
}

// Effective returns l with every default and minimum applied: the limits
// a Cleaner enforces. A MaxOutput of -1 means no limit.
func (l Limits) Effective() Limits {
	switch {
	case l.MaxOutput == 0:
		l.MaxOutput = DefaultMaxOutput
	case l.MaxOutput < 0:
		l.MaxOutput = -1
	case l.MaxOutput < MinMaxOutput:
		l.MaxOutput = MinMaxOutput
	}
	if l.MaxString <= 0 {
		l.MaxString = DefaultMaxString
	}
	switch {
	case l.MaxLine <= 0:
		l.MaxLine = DefaultMaxLine
	case l.MaxLine < MinMaxLine:
		l.MaxLine = MinMaxLine
	}
	return l
}

// CRPolicy says what a lone carriage return does: one that is not directly
// followed by a line feed. CR LF is always a single '\n'.
type CRPolicy uint8

const (
	// CRNewline, the default, turns a lone CR into '\n': every redraw of a
	// progress line stays visible, one per line.
	CRNewline CRPolicy = iota
	// CROverwrite simulates a terminal that rewrites the current line, but
	// keeps only what the program last wrote: after a CR, the next
	// printable character clears the line and starts it again, so
	// "working 10%\rworking 20%\rfailure" becomes "failure" (a real
	// terminal would show "failure 20%", a mix of two messages that no
	// program wrote). A CR followed by nothing but a newline or the end of
	// the input keeps the line as it was. The discarded bytes are counted
	// in Report.Overwritten.
	CROverwrite
)

// BSPolicy says what a backspace (BS, 0x08) does.
type BSPolicy uint8

const (
	// BSDrop, the default, removes backspaces and changes nothing else.
	BSDrop BSPolicy = iota
	// BSErase removes the rune before the backspace on the current line,
	// as a line editor would: "echo evil #\b\b\b\b\b\bgood" becomes
	// "echo good". A backspace never crosses a newline, never reaches
	// text already written out (a piece of a line longer than
	// Limits.MaxLine), and does nothing right after a CR under
	// CROverwrite, where the cursor is at the start of the line. The
	// erased bytes are counted in Report.Overwritten.
	BSErase
)

// UnicodePolicy says what happens to the code points that
// [plainsight.Policy.Sanitize] escapes.
type UnicodePolicy uint8

const (
	// UnicodeEscape, the default, writes each such code point as a visible
	// escape such as \u{e0049}, so that a tag-smuggled instruction shows.
	UnicodeEscape UnicodePolicy = iota
	// UnicodeRemove deletes them.
	UnicodeRemove
	// UnicodeKeep leaves them in the text. They are still counted in the
	// report. Use it only for consumers that render nothing invisible.
	UnicodeKeep
)

var (
	crNames = names.Table[CRPolicy]{
		CRNewline:   "newline",
		CROverwrite: "overwrite",
	}
	bsNames = names.Table[BSPolicy]{
		BSDrop:  "drop",
		BSErase: "erase",
	}
	unicodeNames = names.Table[UnicodePolicy]{
		UnicodeEscape: "escape",
		UnicodeRemove: "remove",
		UnicodeKeep:   "keep",
	}
)

// String returns "newline" or "overwrite".
func (p CRPolicy) String() string { return policyName(crNames, p) }

// String returns "drop" or "erase".
func (p BSPolicy) String() string { return policyName(bsNames, p) }

// String returns "escape", "remove" or "keep".
func (p UnicodePolicy) String() string { return policyName(unicodeNames, p) }

// MarshalText encodes p as its name.
func (p CRPolicy) MarshalText() ([]byte, error) { return marshalPolicy(crNames, p) }

// MarshalText encodes p as its name.
func (p BSPolicy) MarshalText() ([]byte, error) { return marshalPolicy(bsNames, p) }

// MarshalText encodes p as its name.
func (p UnicodePolicy) MarshalText() ([]byte, error) { return marshalPolicy(unicodeNames, p) }

// UnmarshalText decodes a name; unknown names are an error.
func (p *CRPolicy) UnmarshalText(b []byte) (err error) {
	*p, err = unmarshalPolicy(crNames, "CR policy", b)
	return err
}

// UnmarshalText decodes a name; unknown names are an error.
func (p *BSPolicy) UnmarshalText(b []byte) (err error) {
	*p, err = unmarshalPolicy(bsNames, "BS policy", b)
	return err
}

// UnmarshalText decodes a name; unknown names are an error.
func (p *UnicodePolicy) UnmarshalText(b []byte) (err error) {
	*p, err = unmarshalPolicy(unicodeNames, "Unicode policy", b)
	return err
}

// policyName returns the name of v in t, or "unknown".
func policyName[T ~uint8](t names.Table[T], v T) string {
	if n, ok := t.Name(v); ok {
		return n
	}
	return "unknown"
}

// marshalPolicy returns the name of v in t; a value without one is an
// error.
func marshalPolicy[T ~uint8](t names.Table[T], v T) ([]byte, error) {
	if n, ok := t.Name(v); ok {
		return []byte(n), nil
	}
	return nil, &nameError{what: "value", value: strconv.Itoa(int(v))}
}

// unmarshalPolicy returns the value named b in t; an unknown name is an
// error, and the zero value with it.
func unmarshalPolicy[T ~uint8](t names.Table[T], what string, b []byte) (T, error) {
	if v, ok := t.Parse(string(b)); ok {
		return v, nil
	}
	return 0, &nameError{what: what, value: string(b)}
}

// nameError reports an unknown name or value.
type nameError struct{ what, value string }

func (e *nameError) Error() string {
	return "transcript: unknown " + e.what + " " + strconv.QuoteToASCII(e.value)
}
