package term

import (
	"fmt"

	"github.com/plainsight-dev/plainsight/internal/names"
)

// Mode says what a [Sanitizer] does with the escape sequences and controls
// its policy drops. The zero Mode is [Strip].
type Mode uint8

const (
	// Strip removes each dropped sequence or control, payload included: an
	// OSC title or an OSC 52 clipboard string never reaches the output.
	Strip Mode = iota
	// Visualize replaces each dropped sequence or control with one
	// U+241B SYMBOL FOR ESCAPE (␛), so the reader sees that something was
	// there without the terminal acting on it.
	Visualize
	// Off passes the input through unchanged, invalid UTF-8 included. It
	// is meant for trusted content only. With [Options.Plain] set, Off
	// behaves as Strip: plain output never carries escape sequences.
	Off
)

// modeNames holds the lower-case name of each Mode.
var modeNames = names.Table[Mode]{
	Strip:     "strip",
	Visualize: "visualize",
	Off:       "off",
}

// String returns the lower-case name of m ("strip", "visualize", "off").
func (m Mode) String() string { return modeNames.String(m, "Mode") }

// MarshalText implements [encoding.TextMarshaler]. It fails for a Mode
// that is not one of the defined constants.
func (m Mode) MarshalText() ([]byte, error) {
	if name, ok := modeNames.Name(m); ok {
		return []byte(name), nil
	}
	return nil, fmt.Errorf("term: invalid Mode %d", uint8(m))
}

// UnmarshalText implements [encoding.TextUnmarshaler], accepting the names
// that [Mode.String] returns.
func (m *Mode) UnmarshalText(text []byte) error {
	v, ok := modeNames.Parse(string(text))
	if !ok {
		return fmt.Errorf("term: unknown mode %q", text)
	}
	*m = v
	return nil
}

// Options configures a [Sanitizer]. The zero value is the default policy
// of RFD 096: Strip mode, colours (SGR) kept.
type Options struct {
	// Mode says what happens to dropped sequences and controls.
	Mode Mode `json:"mode"`
	// Plain removes SGR (colour and style) sequences too, for output that
	// is not a terminal or when NO_COLOR is set. SGR removed because of
	// Plain is removed silently even in Visualize mode: it is decoration,
	// not something hostile. With Plain, [Off] behaves as [Strip].
	Plain bool `json:"plain,omitempty"`
}

// effectiveMode returns the mode the sanitizer actually runs in.
func (o Options) effectiveMode() Mode {
	switch {
	case o.Mode > Off:
		// An out-of-range Mode gets the safe default.
		return Strip
	case o.Mode == Off && o.Plain:
		return Strip
	}
	return o.Mode
}
