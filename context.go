package plainsight

import (
	"fmt"

	"github.com/plainsight-dev/plainsight/internal/names"
)

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
	ContextAny Context = iota
	// ContextCommand reads text as a Bash command, the way the shell will
	// parse it: outside quotes, a character that looks like a quote, a
	// dash or other shell syntax is an ordinary word character, and one
	// that reads as an ASCII letter or digit in a command name, option or
	// path names something else; right-to-left letters that make a bidi
	// display reorder operators warn (KindBidiReorder); every host, quoted
	// or not, is judged label by label as browsers judge internationalized
	// domain names. Quoted strings, comments and here-document bodies are
	// prose the shell does not interpret, judged by the prose rules
	// (docs/typography.md) but escaped as in every other context. A
	// command that does not parse is read as unquoted text
	// where it fails, and the explanations say so.
	ContextCommand
	// ContextProse reads text as prose in a natural language: messages,
	// descriptions and translated strings, with their typography. A code
	// point in its typographic place is shown as itself and reported at
	// info severity; no line reads as a command.
	ContextProse

	numContexts
)

var contextNames = names.Table[Context]{
	ContextAny:     "any",
	ContextCommand: "command",
	ContextProse:   "prose",
}

// String returns the stable name of c: "any", "command" or "prose".
func (c Context) String() string { return contextNames.String(c, "Context") }

// MarshalText encodes c as its stable name.
func (c Context) MarshalText() ([]byte, error) {
	n, ok := contextNames.Name(c)
	if !ok {
		return nil, fmt.Errorf("plainsight: unknown context %d", uint8(c))
	}
	return []byte(n), nil
}

// UnmarshalText decodes a stable name; unknown names are an error.
func (c *Context) UnmarshalText(b []byte) error {
	v, ok := contextNames.Parse(string(b))
	if !ok {
		return fmt.Errorf("plainsight: unknown context %q", b)
	}
	*c = v
	return nil
}
