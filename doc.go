// Package plainsight makes untrusted text safe to show to a person who is
// about to approve it.
//
// An approval prompt for a shell command composed by a language model means
// something only if the bytes the user approves are the bytes that run. A
// carriage return or an escape sequence can rewrite the line being approved,
// a bidi override can reorder it, zero-width and tag characters can hide text
// from the reader while a model still reads it, and a Cyrillic а passes for a
// Latin a.
//
// [Sanitize] neutralizes such text for display. It is faithful, not
// beautifying: every dangerous code point becomes a visible escape such as
// \x1b or \u{202e}, newlines stay, and nothing else changes. It also returns
// [Warning] values that say what was found, in plain English and without
// markup, so that terminal, TUI and web front ends can present them as they
// see fit.
//
// # Display only
//
// Sanitize never changes what runs or what is stored: callers keep the raw
// bytes and show the [Result]. The Result records every escape it made
// ([Escape]), so a front end can style an escape differently from the same
// characters typed literally, and [Result.Original] rebuilds the input
// exactly.
//
// # Escape notation
//
//   - tab becomes \t (unless [Policy.KeepTab]);
//   - other C0 controls except newline, DEL and C1 controls become \xNN;
//   - every other escaped code point becomes \u{NNNN}, lowercase hex, at
//     least four digits;
//   - each byte that is not part of valid UTF-8 becomes \X{nn}, a notation no
//     valid code point uses, and never U+FFFD.
//
// A backslash in the input is not doubled: the escapes are listed in
// [Result.Escapes], which is what tells them apart from typed text.
//
// # Warnings
//
// Warnings come one per [Kind], in the order of their first location in
// the text, as a reader meets them (the order of the Kind constants for
// ties). The kinds, with examples, are documented in docs/warnings.md.
package plainsight
