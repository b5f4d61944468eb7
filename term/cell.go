package term

import (
	"strings"

	"github.com/rivo/uniseg"
)

// ellipsis marks a truncated cell. uniseg counts it one column wide (it
// is East Asian Ambiguous: a terminal set up for CJK may draw it two wide).
const ellipsis = "\u2026"

// sgrReset is the canonical SGR that restores the default style.
const sgrReset = "\x1b[0m"

// Cell returns s as a table cell at most width columns wide.
//
// s is first sanitized with the default policy (Strip, SGR kept), and each
// tab or newline becomes one space, so the cell is one line. If the text is
// wider than width, Cell keeps the longest prefix of whole grapheme clusters
// that fits in width-1 columns and appends "…". It never splits a grapheme
// cluster or an SGR sequence, and if an SGR other than a reset is in effect
// at the end of the cell, truncated or not, it appends ESC [ 0 m so the
// style does not leak into the next cell. Widths are those of
// [uniseg.StringWidth]. Cell returns "" when width <= 0.
//
// Cell does not pad: pad with width-[Width](cell) spaces.
func Cell(s string, width int) string {
	if width <= 0 {
		return ""
	}
	flat := cellText(s)
	if measure(flat) <= width {
		if sgrOpen(flat) {
			return flat + sgrReset
		}
		return flat
	}
	budget := width - 1 // the ellipsis takes one column
	var b strings.Builder
	b.Grow(len(flat))
	used, open := 0, false
	// held is an SGR run not yet written: it is written only when a
	// cluster follows, so a cut right after it drops it.
	held := ""
	rest := flat
cut:
	for len(rest) > 0 {
		if rest[0] == 0x1b {
			n := strings.IndexByte(rest, 'm') + 1
			if n == 0 {
				break // cannot happen: the sanitizer emits whole SGRs only
			}
			held = flat[len(flat)-len(rest)-len(held) : len(flat)-len(rest)+n]
			rest = rest[n:]
			continue
		}
		text := rest
		if i := strings.IndexByte(rest, 0x1b); i >= 0 {
			text = rest[:i]
		}
		rest = rest[len(text):]
		state := -1
		for len(text) > 0 {
			cluster, more, w, st := uniseg.FirstGraphemeClusterInString(text, state)
			if used+w > budget {
				break cut
			}
			if held != "" {
				b.WriteString(held)
				open = sgrOpen(held)
				held = ""
			}
			b.WriteString(cluster)
			used += w
			text, state = more, st
		}
	}
	b.WriteString(ellipsis)
	if open {
		b.WriteString(sgrReset)
	}
	return b.String()
}

// Width returns the number of columns [Cell] needs to show s in full: the
// display width of s after sanitizing, with SGR sequences counting zero
// columns and each tab or newline one.
func Width(s string) int {
	return measure(cellText(s))
}

// cellText sanitizes s with the default policy and turns tabs and newlines
// into spaces. The result holds only printable text and canonical SGR.
func cellText(s string) string {
	clean := sanitizeString(s, Options{})
	if !strings.ContainsAny(clean, "\t\n") {
		return clean
	}
	return strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' {
			return ' '
		}
		return r
	}, clean)
}

// measure returns the display width of flat, which holds only printable
// text and canonical SGR sequences.
func measure(flat string) int {
	w := 0
	for len(flat) > 0 {
		if flat[0] == 0x1b {
			n := strings.IndexByte(flat, 'm') + 1
			if n == 0 {
				break // cannot happen: the sanitizer emits whole SGRs only
			}
			flat = flat[n:]
			continue
		}
		text := flat
		if i := strings.IndexByte(flat, 0x1b); i >= 0 {
			text = flat[:i]
		}
		w += uniseg.StringWidth(text)
		flat = flat[len(text):]
	}
	return w
}

// sgrOpen reports whether flat leaves a style other than the default in
// effect: its last SGR is not a plain reset.
func sgrOpen(flat string) bool {
	i := strings.LastIndexByte(flat, 0x1b)
	return i >= 0 && !strings.HasPrefix(flat[i:], sgrReset)
}
