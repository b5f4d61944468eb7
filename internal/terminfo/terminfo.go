// Package terminfo holds the strings that terminfo gives the commonest
// terminals for the capabilities that programs write most, which the
// streams (term's Sanitizer, transcript's Cleaner) read with one
// comparison each: ncurses programs write them at every change of
// attributes (top between every two fields).
package terminfo

// SGR0 is exit_attribute_mode (sgr0) for xterm and the entries built on
// it (xterm-256color): SGR0Charset, then SGR0Reset.
const SGR0 = SGR0Charset + SGR0Reset

// The two sequences of SGR0, which a stream counts one by one.
const (
	// SGR0Charset, ESC ( B, designates ASCII as the G0 character set.
	SGR0Charset = "\x1b(B"
	// SGR0Reset, ESC [ m, an SGR with no parameter, resets the
	// attributes.
	SGR0Reset = "\x1b[m"
)

// OrigPair is orig_pair (op) for xterm, screen, tmux, the Linux console
// and rxvt: the default foreground and background colours.
const OrigPair = "\x1b[39;49m"
