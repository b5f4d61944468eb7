// Package escape is the escape core of plainsight: which code points and
// bytes are never shown as themselves, and how they are written instead.
//
// It holds the context-free class of a rune ([ClassOf]), the exceptions
// that keep a joiner, selector or tag literal inside a legitimate sequence
// (context.go), the word-at-a-time scan for clean ASCII ([CleanPrefix]),
// the notation writers (\x1b, \u{202e}, \X{ff}), the [Escaper] that writes
// a text's escaped form, and the packed list of the escapes it wrote
// ([List]). The root package's Sanitize and package transcript both read
// it; it never imports them.
package escape
