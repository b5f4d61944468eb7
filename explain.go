package plainsight

import (
	"fmt"
	"strings"

	"golang.org/x/text/unicode/runenames"
)

// The explanations name the danger concretely, in one line of plain
// English. They quote offenders only in escaped form.

const (
	tagExplanation = "tag characters are invisible on screen but spell hidden ASCII text that a language model reads; the decoded text is shown"

	invalidExplanation = "bytes that are not valid UTF-8 are shown as \\X{nn}; programs and terminals disagree on how to display them, and a terminal in 8-bit mode reads some as control codes"
)

// c0Names are the ASCII names of the C0 controls, DEL and the C1 controls.
var c0Names = [...]string{
	"NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "HT", "LF", "VT", "FF", "CR", "SO", "SI",
	"DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB", "ESC", "FS", "GS", "RS", "US",
}

var c1Names = [...]string{
	"PAD", "HOP", "BPH", "NBH", "IND", "NEL", "SSA", "ESA", "HTS", "HTJ", "VTS", "PLD", "PLU", "RI", "SS2", "SS3",
	"DCS", "PU1", "PU2", "STS", "CCH", "MW", "SPA", "EPA", "SOS", "SGCI", "SCI", "CSI", "ST", "OSC", "PM", "APC",
}

// controlName returns the short name of a C0, DEL or C1 control.
func controlName(r rune) string {
	switch {
	case r < 0x20:
		return c0Names[r]
	case r == 0x7F:
		return "DEL"
	case r >= 0x80 && r <= 0x9F:
		return c1Names[r-0x80]
	}
	return ""
}

// runeName returns "U+202E RIGHT-TO-LEFT OVERRIDE", or just "U+1FAE9" when
// the name tables predate the code point.
func runeName(r rune) string {
	name := runenames.Name(r)
	if name == "" || strings.HasPrefix(name, "<") {
		return fmt.Sprintf("U+%04X", r)
	}
	return fmt.Sprintf("U+%04X %s", r, name)
}

// controlEffect says what a terminal does with a control character.
func controlEffect(r rune) string {
	switch r {
	case 0x00:
		return "cuts the text short for programs that stop at NUL"
	case 0x07:
		return "rings the terminal bell and ends terminal title strings early"
	case 0x0B, 0x0C:
		return "moves the cursor down, breaking the line where it does not appear to break"
	case 0x0E, 0x0F:
		return "switches the terminal's character set, garbling the text after it"
	case 0x1B:
		return "starts a terminal escape sequence"
	case 0x7F:
		return "is a delete control that terminals act on instead of showing"
	case 0x85:
		return "is a C1 line break that some programs honour and others do not"
	}
	if r >= 0x80 {
		return "is a C1 control that a terminal can act on instead of showing"
	}
	return "is a control character that a terminal can act on instead of showing"
}

// bidiEffect says how a bidi control changes the display.
func bidiEffect(r rune) string {
	switch r {
	case 0x202E:
		return "reverses the order in which the following text is displayed"
	case 0x202D:
		return "forces the following text to display left to right, whatever its letters"
	case 0x202A, 0x202B:
		return "starts an embedded run of text in another direction, which can move it"
	case 0x202C:
		return "ends a bidi embedding or override, hiding where the reordering stops"
	case 0x2066, 0x2067, 0x2068:
		return "isolates the following text as a run in another direction, which can move it"
	case 0x2069:
		return "ends a bidi isolate, hiding where the reordering stops"
	}
	return "is an invisible direction mark that can move neighbouring punctuation and digits"
}

// explainRune explains the first offender of a code-point class.
func explainRune(cls Class, r rune) string {
	esc := EscapeRune(r)
	switch cls {
	case ClassCarriageReturn:
		return esc + " (carriage return) moves the cursor to the start of the line, so the text after it can overwrite what came before"
	case ClassBackspace:
		return esc + " (backspace) moves the cursor back, so later characters can overwrite earlier ones"
	case ClassControl:
		return fmt.Sprintf("%s (%s) %s", esc, controlName(r), controlEffect(r))
	case ClassBidi:
		return runeName(r) + " " + bidiEffect(r)
	case ClassZeroWidth:
		return runeName(r) + " takes no space on screen, so it can hide inside a word that looks unchanged"
	case ClassInvisible:
		return runeName(r) + " is normally invisible, so it can hide in or split a word that looks unchanged"
	case ClassWhitespace:
		if r == 0x2028 || r == 0x2029 {
			return runeName(r) + " is a line break to some programs and not to others, so the text splits differently from how it looks"
		}
		return runeName(r) + " looks like an ordinary space but is not one to a shell, so the words split differently from how they look"
	case ClassPrivateUse:
		return esc + " is a private-use code point with no standard meaning; it can render as anything or nothing"
	case ClassNoncharacter:
		return esc + " is a noncharacter, never meant to appear in exchanged text"
	case ClassUnassigned:
		return esc + " is not assigned in Unicode " + UnicodeVersion + "; it may render as nothing or as a box"
	case ClassFlagged:
		return runeName(r) + " is flagged by the display policy"
	}
	return esc + " is escaped"
}

// selectorExplanation explains a run of stray variation selectors.
func selectorExplanation(n int, base rune) string {
	after := "at the start of the text"
	if base != 0 && base != 0xFFFD {
		after = `after "` + neutralize(string(base)) + `"`
	}
	if n == 1 {
		return fmt.Sprintf("a variation selector %s modifies nothing there; it is invisible and can carry a hidden byte", after)
	}
	return fmt.Sprintf("a run of %d variation selectors %s is invisible and can carry %d hidden bytes; a preview is decoded", n, after, n)
}
