package escape

import (
	"strings"
	"unicode/utf8"
)

// Clip shortens s to at most n bytes without splitting a UTF-8 sequence or
// an escape, marking the cut with "…".
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	// Never leave half an escape such as "\u{20" behind.
	if b := strings.LastIndexByte(s[:cut], '\\'); b >= 0 && cut-b < MaxNotation {
		if e := notationEnd(s[b:]); e < 0 || b+e > cut {
			cut = b
		}
	}
	return s[:cut] + "…"
}

// notationEnd returns the length of the notation at the start of s, or -1.
func notationEnd(s string) int {
	switch {
	case strings.HasPrefix(s, `\u{`) || strings.HasPrefix(s, `\X{`):
		if i := strings.IndexByte(s, '}'); i > 0 {
			return i + 1
		}
		return -1
	case strings.HasPrefix(s, `\x`) && len(s) >= 4:
		return 4
	case strings.HasPrefix(s, `\t`):
		return 2
	}
	return -1
}

// OneLine returns s neutralized and kept to one line, at most n bytes and
// marked with "…" where cut: a token, or a fragment of the input in an
// explanation. A newline, which a neutralized text keeps, is written \x0a
// here, the notation of the other C0 controls, so that a warning prints as
// one line. Only the first 2n bytes of s are read: enough for a clipped
// prefix, and for the context rules that decide whether a code point at
// its end is escaped.
func OneLine(s string, n int) string {
	t := Neutralize(CutUTF8(s, 2*n))
	if strings.IndexByte(t, '\n') >= 0 {
		t = strings.ReplaceAll(t, "\n", `\x0a`)
	}
	return Clip(t, n)
}

// CutUTF8 returns the longest prefix of s of at most n bytes that does not
// split a UTF-8 sequence.
func CutUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
