package term

import (
	"strings"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// The OSC builders end their sequences with ST (ESC \), the only string
// terminator ECMA-48 defines; BEL is an xterm extension. Every terminal
// that honours OSC 2 or OSC 8 accepts ST.
const (
	oscTitle = "\x1b]2;"
	oscLink  = "\x1b]8;;"
	st       = "\x1b\\"
)

// Title returns the OSC 2 sequence that sets the terminal window title to
// s: ESC ] 2 ; title ESC \.
//
// s is content, not chrome: escape sequences in it are removed whole (as
// the [Strip] policy with [Options.Plain] does, so "\x1b]0;x\a" leaves no
// "x"), tab and newline become spaces, and every other C0 control, DEL,
// C1 control (U+0080-U+009F) and bidi control (U+061C, U+200E, U+200F,
// U+202A-U+202E, U+2066-U+2069) is removed. Invalid UTF-8 becomes U+FFFD.
// Nothing in s can therefore end the sequence early or reach the terminal
// as a control.
func Title(s string) string {
	var b strings.Builder
	b.Grow(len(oscTitle) + len(s) + len(st))
	b.WriteString(oscTitle)
	appendOSCText(&b, stripString(s))
	b.WriteString(st)
	return b.String()
}

// Hyperlink returns text wrapped in an OSC 8 hyperlink to uri:
// ESC ] 8 ; ; uri ESC \ text ESC ] 8 ; ; ESC \.
//
// Controls (C0, DEL and C1) are removed from uri. Each byte of uri that is
// not valid UTF-8 is percent-encoded, and so is each character that does
// not show what it is: bidi controls, other format characters and
// default-ignorable code points (zero-width characters, tags, variation
// selectors), spaces of every width (the ASCII space included), line and
// paragraph separators, private-use characters, noncharacters and
// unassigned code points (their UTF-8 bytes, as RFC 3987 maps an IRI to a
// URI). A link target can then neither reorder the URI a reader sees nor
// hide part of it, and the link still leads where the bytes say. The link
// text is
// content: it goes through the [Strip] policy with [Options.Plain], so it
// keeps no escape sequence at all (a nested OSC 8 or SGR in it could
// disguise or end the link). Newlines and tabs in text stay.
//
// If uri is empty after cleaning, Hyperlink returns the cleaned text
// without a link, since an empty OSC 8 URI means "end of link".
func Hyperlink(uri, text string) string {
	cleanText := stripString(text)
	var u strings.Builder
	appendURI(&u, uri)
	if u.Len() == 0 {
		return cleanText
	}
	var b strings.Builder
	b.Grow(2*len(oscLink) + u.Len() + len(cleanText) + 2*len(st))
	b.WriteString(oscLink)
	b.WriteString(u.String())
	b.WriteString(st)
	b.WriteString(cleanText)
	b.WriteString(oscLink)
	b.WriteString(st)
	return b.String()
}

// forbiddenInOSC reports whether r may not appear in an OSC argument:
// C0, DEL, C1 and bidi controls (Bidi_Control of Unicode 17, as Sanitize
// reads it).
func forbiddenInOSC(r rune) bool {
	return r < 0x20 || (r >= 0x7f && r <= 0x9f) || ucd.Lookup(r).BidiControl()
}

// appendOSCText writes s to b for use inside an OSC string, as Title
// documents.
func appendOSCText(b *strings.Builder, s string) {
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		s = s[size:]
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteRune(utf8.RuneError)
		case r == '\t' || r == '\n':
			b.WriteByte(' ')
		case forbiddenInOSC(r):
		default:
			b.WriteRune(r)
		}
	}
}

// appendURI writes the cleaned uri to b, as Hyperlink documents.
func appendURI(b *strings.Builder, uri string) {
	const hex = "0123456789ABCDEF"
	for len(uri) > 0 {
		r, size := utf8.DecodeRuneInString(uri)
		switch {
		case r < 0x20 || r >= 0x7f && r <= 0x9f:
			// Removed.
		case r == utf8.RuneError && size == 1 || hiddenInURI(r):
			for _, c := range []byte(uri[:size]) {
				b.WriteByte('%')
				b.WriteByte(hex[c>>4])
				b.WriteByte(hex[c&0xf])
			}
		default:
			b.WriteString(uri[:size])
		}
		uri = uri[size:]
	}
}

// hiddenInURI reports whether r, not a control, does not show what it is
// in a URI: Hyperlink percent-encodes it.
func hiddenInURI(r rune) bool {
	if r < 0x80 {
		return r == ' '
	}
	p := ucd.Lookup(r)
	switch p.Category() {
	case ucd.Cf, ucd.Co, ucd.Cn, ucd.Cs, ucd.Zs, ucd.Zl, ucd.Zp:
		return true
	}
	return p.BidiControl() || p.DefaultIgnorable() || p.WhiteSpace() || p.Noncharacter()
}
