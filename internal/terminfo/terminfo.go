// Package terminfo holds the strings that terminfo gives the commonest
// terminals for the capabilities that programs write most, which the
// streams (term's Sanitizer, transcript's Cleaner) read with one
// comparison each: ncurses programs write them at every change of
// attributes (top between every two fields).
package terminfo

// SGR0 is exit_attribute_mode (sgr0) for xterm and the entries built on
// it (xterm-256color): ESC ( B, which designates ASCII as the G0
// character set, then ESC [ m, which resets the attributes.
const SGR0 = "\x1b(B\x1b[m"

// OrigPair is orig_pair (op) for xterm, screen, tmux, the Linux console
// and rxvt: the default foreground and background colours.
const OrigPair = "\x1b[39;49m"
