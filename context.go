package plainsight

import "fmt"

// A Context says what kind of text Sanitize reads, so that its detectors
// judge each character the way the text's reader will. Escaping depends on
// the context in one way only: ContextProse shows as themselves the code
// points that stand in a typographic place (docs/typography.md), such as a
// no-break space before a French colon; every other context escapes the
// same code points the same way. Result.Original rebuilds the input in
// every context.
type Context uint8

const (
	// ContextAny reads text without knowing what it is: every token is
	// judged on its own. It is the zero value.
	ContextAny Context = iota // any
	// ContextCommand reads text as a shell command, the way the shell will
	// parse it.
	ContextCommand // command
	// ContextProse reads text as prose in a natural language: messages,
	// descriptions and translated strings, with their typography. A code
	// point in its typographic place is shown as itself and reported at
	// info severity; no line reads as a command.
	ContextProse // prose

	numContexts
)

var contextNames = [numContexts]string{
	ContextAny:     "any",
	ContextCommand: "command",
	ContextProse:   "prose",
}

// String returns the stable name of c: "any", "command" or "prose".
func (c Context) String() string {
	if c < numContexts {
		return contextNames[c]
	}
	return fmt.Sprintf("Context(%d)", uint8(c))
}

// MarshalText encodes c as its stable name.
func (c Context) MarshalText() ([]byte, error) {
	if c >= numContexts {
		return nil, fmt.Errorf("plainsight: unknown context %d", uint8(c))
	}
	return []byte(c.String()), nil
}

// UnmarshalText decodes a stable name; unknown names are an error.
func (c *Context) UnmarshalText(b []byte) error {
	for i, n := range contextNames {
		if n == string(b) {
			*c = Context(i)
			return nil
		}
	}
	return fmt.Errorf("plainsight: unknown context %q", b)
}
