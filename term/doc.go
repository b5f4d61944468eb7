// Package term filters untrusted text on its way to a terminal.
//
// Content written by others (model output, tool output, commit messages, a
// pasted terminal log) can carry escape sequences and controls that move the
// cursor, erase or overwrite what was shown, set the window title, write the
// clipboard, switch the screen, or make the terminal answer into its own
// input. A [Sanitizer] removes them at render time, as a stream, and keeps
// what a reader needs: text, newlines, tabs and colours. It follows the
// policy of JP RFD 096.
//
// # Getting Started
//
// The zero [Sanitizer] is ready to use:
//
//	var s term.Sanitizer
//	out := s.Push(chunk) // as often as chunks arrive
//	out += s.Finish()    // at the end of the stream
//
// [NewWriter] wraps an [io.Writer], and a Sanitizer is a
// golang.org/x/text/transform.Transformer, so transform.NewReader,
// transform.NewWriter and transform.Chain accept it.
//
// # Policy
//
// Kept:
//   - printable text, newline (LF) and tab;
//   - SGR sequences (ESC [ params m: colours and styles), unless
//     [Options.Plain] is set. A kept SGR is re-serialised from its parsed
//     parameters, never copied, so bytes a terminal would act on in
//     between (a C0 control inside the sequence) cannot ride along.
//
// Dropped:
//   - an SGR with a standalone conceal parameter 8 (parameters consumed by
//     the extended colours 38, 48 and 58 are colour values, not conceal);
//   - an SGR whose extended colour is malformed, whose values overflow or
//     exceed 255, that has more parameters than [ansi.MaxParams], that has
//     sub-parameters other than an extended colour or an underline style
//     (4:0 to 4:5), or that the parser ignored as malformed;
//   - a CSI ending in 'm' with a private marker or intermediates (ESC [ > 4
//     ; 2 m sets xterm's modifyOtherKeys and is not SGR);
//   - an SGR introduced by a C1 CSI (raw 0x9B or U+009B): a terminal in
//     UTF-8 mode does not read these as CSI, so the author's intent is
//     unclear and nothing that needs colour sends them;
//   - every other CSI, every OSC, DCS, SOS, PM and APC string with its
//     payload, every other ESC sequence;
//   - C0 controls other than newline and tab (carriage return and backspace
//     included: they let text overwrite other text), DEL and C1 controls,
//     raw or UTF-8 encoded.
//
// Invalid UTF-8 becomes U+FFFD, so the output is always valid UTF-8: a
// terminal in 8-bit mode would read raw bytes 0x80-0x9F as C1 controls.
// Each byte that is not part of a valid character is one U+FFFD, a
// character cut short included ("\xe2\x82x" is two and x), not one per
// maximal subpart as the WHATWG decoder writes: the output then does not
// depend on where a chunk cuts a broken character.
// Dropping carriage return joins the redraws of a progress bar into one
// line; CRLF line ends lose only the CR.
//
// # Canonical SGR
//
// A kept SGR is written as ESC [ p1 ; p2 ... m with decimal parameters and
// an empty parameter written as 0. Extended colours 38 and 48 are written
// in the semicolon form every colour terminal knows (38;5;n, 38;2;r;g;b,
// any colour-space id dropped). The underline colour 58 is written in the
// colon form (58:5:n, 58:2::r:g:b): a terminal that does not know 58 then
// skips the whole group, where the semicolon form would let it read the
// colour values as attributes, 8 (conceal) included.
//
// # Colours that hide text
//
// Dropping conceal (SGR 8) is not enough: black on black hides text as
// well. A Sanitizer follows the foreground and background that the kept
// SGRs set (the 16 basic colours and their bright forms, the 256-colour
// palette, direct RGB, reverse video and the defaults). When, at a
// printable character (U+241B and U+FFFD included), both are explicit
// and indistinguishable, it sets them back to the terminal's defaults
// first (SGR 39 and 49, as ESC [ 39 ; 49 m), so the text shows in the
// default colours, and gives the author's colours back when they no
// longer hide text. Indistinguishable means the same palette
// index, the same RGB value, or a WCAG 2 contrast ratio below 1.15, with
// palette indexes read in xterm's default palette. 1.15 lies just below
// the lowest-contrast pair of a common colour scheme meant to be read
// (Midnight Commander's bright yellow on light grey, 1.17); black on
// green, white on red, blue on black, and the colours of git diff,
// ls --color and grep --color all lie well above it. The ratio weighs
// luminance only, so a pair that differs in hue alone (bright red on
// grey) also loses its colours; its text still shows.
//
// A foreground without a background, or a background without a
// foreground, is kept: the other colour is the user's theme, which term
// cannot know (a dark-grey foreground is invisible on a dark-grey theme
// and readable on a light one), and dropping every such colour would
// drop most of the colour in real output. A user's palette may also map
// an index to another colour than xterm's; only equal indexes are caught
// whatever the palette. [Off] mode changes nothing, and [Options.Plain]
// output has no colour to correct.
//
// # Modes
//
// [Strip] (the default) removes dropped sequences and their payloads.
// [Visualize] shows each dropped sequence or control as one U+241B (␛).
// [Off] passes everything through. A sequence left open at the end of the
// stream is dropped like any other.
//
// # The end of a stream
//
// A stream that ends with a colour or an attribute in effect (its kept
// SGRs set one and did not turn it off) is closed with ESC [ 0 m by
// [Sanitizer.Finish], by Transform at EOF and by the Close of [NewWriter]'s
// writer, so that what the terminal draws after the stream is not drawn in
// its style. A stream that turns off what it set, with 0 or with values
// such as 22, 39 and 49, gets nothing more.
//
// # Embedding in OSC strings
//
// [Title] and [Hyperlink] build OSC 2 and OSC 8 sequences around untrusted
// strings and remove from them every byte that could end the sequence or
// act as a control, whatever the mode.
//
// # Width
//
// [Cell] and [Width] sanitize and measure strings for table cells by
// grapheme cluster and display width (github.com/rivo/uniseg), truncating
// with "…" without splitting a cluster or an SGR sequence.
package term
