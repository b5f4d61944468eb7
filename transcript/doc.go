// Package transcript is the boundary where command output becomes context
// for an agent. It turns raw process output into plain, bounded text, with a
// report of what it removed, and keeps the original bytes for investigators
// only.
//
// Control sequences reshape what a terminal shows, and invisible Unicode
// (tags, zero-width characters, bidi controls) carries instructions that no
// person sees but a model reads. A [Cleaner] parses the bytes with the
// package ansi state machine first, removes every escape sequence, control
// string and control character, and only then decodes the printable text,
// whose invisible code points it escapes as the root package's
// [plainsight.Policy.Sanitize] would. It never asks whether a sequence is
// harmless: colour goes too.
//
// # Getting Started
//
// Clean a buffer with [Clean] (a string with [CleanString], which returns
// it itself when it needs no change), a stream with a [Cleaner] (a
// [transform.Transformer]) or a [Writer], and run a command with [Run]:
//
//	text, rep := transcript.Clean(raw, transcript.Options{})
//
//	env, err := transcript.Run(ctx, exec.Command("make", "test"),
//		transcript.RunOptions{RawDir: "/var/lib/agent/raw"})
//	// env.Stdout.Text is for the agent; env.Stdout.Raw.SHA256 names the
//	// raw bytes, which stay in RawDir for people with access to it.
//
// # What the text holds
//
// Printable text, '\n' and '\t'; nothing else. Every escape sequence and
// control string is removed (SGR included), with C0 controls, DEL and C1
// controls, raw or UTF-8 encoded. CR LF becomes '\n'; a lone CR and a
// backspace follow [CRPolicy] and [BSPolicy]; invalid UTF-8 becomes U+FFFD;
// invisible and bidi code points follow [UnicodePolicy], by default escaped as
// \u{e0049} and so on. The text never exceeds Limits.MaxOutput bytes; at the
// limit it ends with [TruncationMarker].
//
// The text and the [Report] do not depend on how the input was split into
// reads: a sequence split across two reads is removed whole, and so is CR
// LF. Memory is bounded by the limits, whatever the input.
//
// # Report
//
// A [Report] counts, by class, what was removed or changed: SGR and other
// CSI, OSC by number (titles, hyperlinks, clipboard), DCS, SOS, PM, APC,
// other escapes, each C0 control by name, C1, invalid UTF-8, unterminated
// and over-limit strings, and the Unicode findings by class and kind. It
// never holds payload bytes. docs/transcript.md documents its JSON form and
// that of the [Envelope].
//
// # Raw bytes
//
// [Run] stores each stream's raw bytes in a file named by its SHA-256, mode
// 0600, and the envelope refers to it by hash only. Open such files with
// [Dump], which shows bytes as hex and caret notation and never sends a
// control byte to a terminal. Secret redaction is a separate step.
package transcript
