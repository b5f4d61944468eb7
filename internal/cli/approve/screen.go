package approve

// sane puts back every terminal state that earlier output can set and
// that changes what is seen, so that what approve draws next shows as
// written. It is written before the prompt is drawn and again after an
// approved command ends. Terminals ignore the sequences they do not know.
//
// The cursor stays where earlier output left it: DECSTBM and DECOM move
// it home, so it is saved around them with DECSC and DECRC. DECRC may turn
// origin mode back on, which changes nothing once the margins are the
// whole screen. Everything DECRC restores besides (attributes, character
// sets) is reset after it.
const sane = "" +
	// Input modes that would make a click, a focus change or a modified
	// key arrive as bytes, or make Ctrl-C arrive as a sequence rather
	// than as an interrupt. First, so that a terminal that misreads one
	// (as SGR 4, or as SCORC, which moves the cursor) has the effect
	// undone by what follows.
	"\x1b[?9l\x1b[?1000l\x1b[?1001l\x1b[?1002l\x1b[?1003l\x1b[?1004l\x1b[?1005l\x1b[?1006l\x1b[?1015l" +
	"\x1b[>4m" + // XTMODKEYS: modifyOtherKeys back to its default
	"\x1b[=0;1u" + // kitty keyboard protocol: no flags
	// Leave the alternate screen (xterm's three forms): a prompt drawn
	// there would sit under whatever the earlier program drew, and the
	// main screen holds the session as it really went. No program that
	// means to keep the alternate screen runs a command through approve
	// without leaving it first, as editors do for a shell command.
	"\x1b[?1049l\x1b[?1047l\x1b[?47l" +
	"\x1b7" + // DECSC: keep the cursor's place
	"\x1b[r" + // DECSTBM: scrolling region the whole screen
	"\x1b[?69l" + // DECLRMM off: no left and right margins
	"\x1b[?6l" + // DECOM off: positions count from the screen's corner
	"\x1b8" + // DECRC: back to the kept place
	"\x1b[?7h" + // DECAWM on: long lines wrap, not overwrite the last column
	"\x1b[4l" + // IRM off: replace, not insert
	"\x1b[?5l" + // DECSCNM off: screen not in reverse video
	"\x1b[0m" + // SGR 0: no colour, conceal, reverse, faint or blink
	"\x1b]104\x1b\\\x1b]110\x1b\\\x1b]111\x1b\\" + // OSC 104, 110, 111: default palette, foreground and background
	"\x1b(B\x1b)B\x1b*B\x1b+B\x0f" + // G0 to G3 ASCII, SI: GL is G0
	"\x1b[?25h" // DECTCEM: cursor visible

// Bracketed paste, on while the answer is read: a terminal then wraps
// pasted text in CSI 200 ~ and CSI 201 ~, which tells a paste from key
// presses.
const (
	bracketedPasteOn  = "\x1b[?2004h"
	bracketedPasteOff = "\x1b[?2004l"
	pasteStart        = "200~" // the parameters and final byte of CSI 200 ~
)

// beforePrompt starts the prompt on a line of its own, below the cursor,
// with nothing drawn below it: text earlier output placed further down the
// screen is erased, so that no line of it can pass for part of the prompt.
const beforePrompt = sane + "\r\n\x1b[J"

// lineStart begins each line of the prompt: DECSWL, a single-width line,
// and erase the whole line.
const lineStart = "\x1b#5\x1b[2K"
