package transcript

import (
	"encoding/json"
	"log/slog"
	"maps"
	"slices"
	"strconv"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/ansi"
)

// Report says what a [Cleaner] removed or changed, in counts only. It never
// holds payload bytes or text from the input, so it is safe to log and to
// show; its JSON form is documented in docs/transcript.md.
type Report struct {
	// BytesIn counts the raw bytes given to the Cleaner.
	BytesIn int64 `json:"bytes_in"`
	// BytesOut counts the bytes of cleaned text written, truncation marker
	// included.
	BytesOut int64 `json:"bytes_out"`
	// Truncated reports that the output limit was reached: the text ends
	// with TruncationMarker and later input was counted but not written.
	Truncated bool `json:"truncated"`

	// Sequences counts the escape sequences and control strings removed.
	Sequences Sequences `json:"sequences"`
	// Controls counts the C0 controls and DEL removed, by name. Tab and
	// newline are kept and not counted; a CR of a CR LF pair is in CRLF.
	Controls Controls `json:"controls"`
	// CRLF counts CR LF pairs, each written as one '\n'.
	CRLF int64 `json:"crlf"`
	// C1 counts C1 controls (0x80-0x9F, raw or UTF-8 encoded) removed that
	// did not introduce a sequence; introducers count as their sequence.
	C1 int64 `json:"c1"`
	// InvalidUTF8 counts bytes that were not part of valid UTF-8, each
	// written as U+FFFD.
	InvalidUTF8 int64 `json:"invalid_utf8"`
	// Unterminated counts sequences cut short by CAN, SUB, a new ESC or C1
	// introducer, or the end of the input.
	Unterminated int64 `json:"unterminated"`
	// OverLimit counts control strings whose payload, or control sequences
	// whose length, exceeded Limits.MaxString. They are removed whole like
	// any other.
	OverLimit int64 `json:"over_limit"`
	// Malformed counts sequences the parser had to ignore or clip: invalid
	// bytes in a CSI, too many parameters or intermediates, a parameter
	// over 65535.
	Malformed int64 `json:"malformed"`
	// Overwritten counts bytes of text discarded by CROverwrite or
	// BSErase: text that a terminal would have hidden.
	Overwritten int64 `json:"overwritten"`
	// LongLines counts the times a line reached Limits.MaxLine and a piece
	// of it was written out early.
	LongLines int64 `json:"long_lines"`
	// Unicode counts what the root package found in the text.
	Unicode Unicode `json:"unicode"`
}

// Sequences counts removed escape sequences and control strings by class.
type Sequences struct {
	// SGR counts Select Graphic Rendition (colour) sequences: CSI ... m
	// with no private marker and no intermediate.
	SGR int64 `json:"sgr"`
	// CSI counts every other control sequence.
	CSI int64 `json:"csi"`
	// OSCTitle counts OSC 0, 1 and 2 (icon and window titles).
	OSCTitle int64 `json:"osc_title"`
	// OSCHyperlink counts OSC 8 (hyperlinks; each link has two).
	OSCHyperlink int64 `json:"osc_hyperlink"`
	// OSCClipboard counts OSC 52 (clipboard writes and queries).
	OSCClipboard int64 `json:"osc_clipboard"`
	// OSCOther counts every other operating system command.
	OSCOther int64 `json:"osc_other"`
	// DCS counts device control strings.
	DCS int64 `json:"dcs"`
	// SOS counts start-of-string strings.
	SOS int64 `json:"sos"`
	// PM counts privacy messages.
	PM int64 `json:"pm"`
	// APC counts application program commands.
	APC int64 `json:"apc"`
	// ESC counts other escape sequences (ESC c, ESC 7, ESC ( 0, a lone
	// ESC \ ...).
	ESC int64 `json:"esc"`
}

// Total returns the number of sequences counted in s.
func (s Sequences) Total() int64 {
	return s.SGR + s.CSI + s.OSCTitle + s.OSCHyperlink + s.OSCClipboard + s.OSCOther +
		s.DCS + s.SOS + s.PM + s.APC + s.ESC
}

// Controls counts C0 controls and DEL: Controls[b] for a C0 byte b, and
// Controls[DEL] for 0x7F. Its JSON form is an object from the control's
// name (see [ControlName]) to its count, listing only non-zero counts.
type Controls [33]int64

// DEL is the index of the DEL count in [Controls].
const DEL = 32

// buildControlNames makes controlNames, the names of the controls
// counted, from ansi's table.
func buildControlNames() (t [33]string) {
	for b := range 0x20 {
		t[b] = ansi.ControlName(rune(b))
	}
	t[DEL] = ansi.ControlName(0x7F)
	return t
}

// ControlName returns the ASCII name of C0 control b or DEL, such as "CR"
// or "BEL", and "" for any other byte.
func ControlName(b byte) string {
	switch {
	case b < 0x20:
		return controlNames[b]
	case b == 0x7F:
		return controlNames[DEL]
	}
	return ""
}

// Total returns the number of controls counted in c.
func (c *Controls) Total() int64 {
	var n int64
	for _, v := range c {
		n += v
	}
	return n
}

func (c *Controls) add(b byte) {
	c[controlIndex(b)]++
}

// controlIndex returns the index in Controls of C0 control b or DEL.
func controlIndex(b byte) int {
	if b == 0x7F {
		return DEL
	}
	return int(b & 0x1F)
}

// MarshalJSON encodes c as an object of its non-zero counts, in byte order.
func (c Controls) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, v := range c {
		if v == 0 {
			continue
		}
		if len(b) > 1 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, controlNames[i]...)
		b = append(b, '"', ':')
		b = strconv.AppendInt(b, v, 10)
	}
	return append(b, '}'), nil
}

// UnmarshalJSON decodes the object MarshalJSON writes; unknown names are
// an error.
func (c *Controls) UnmarshalJSON(b []byte) error {
	var m map[string]int64
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	*c = Controls{}
next:
	for name, v := range m {
		for i, n := range controlNames {
			if n == name {
				c[i] = v
				continue next
			}
		}
		return &nameError{what: "control name", value: name}
	}
	return nil
}

// Unicode counts the code points of the cleaned text that
// [plainsight.Policy.Sanitize] escapes: by class (each one code point,
// removed or escaped per [UnicodePolicy]) and by the warning kind each
// class raises ([plainsight.Class.Kind]). The token-level checks of the
// root package (mixed scripts, lookalikes) are not run: the text is for a
// model, which reads code points, not glyphs. Text removed by the output
// limit or by overwriting is not examined. Empty maps are nil and omitted
// from JSON.
type Unicode struct {
	Escapes  map[plainsight.Class]int64 `json:"escapes,omitempty"`
	Warnings map[plainsight.Kind]int64  `json:"warnings,omitempty"`
}

// Removed returns the number of sequences and controls removed from the
// text, CR LF pairs excluded.
func (r Report) Removed() int64 {
	return r.Sequences.Total() + r.Controls.Total() + r.C1
}

// Clean reports whether the input needed no change other than CR LF.
func (r Report) Clean() bool {
	return r.Removed() == 0 && r.InvalidUTF8 == 0 && !r.Truncated &&
		r.Overwritten == 0 && len(r.Unicode.Escapes) == 0 && len(r.Unicode.Warnings) == 0
}

// LogValue makes a Report log as its non-zero counts. It holds no text
// from the input.
func (r Report) LogValue() slog.Value {
	attrs := []slog.Attr{
		slog.Int64("bytes_in", r.BytesIn),
		slog.Int64("bytes_out", r.BytesOut),
		slog.Bool("truncated", r.Truncated),
	}
	add := func(name string, v int64) {
		if v != 0 {
			attrs = append(attrs, slog.Int64(name, v))
		}
	}
	s := r.Sequences
	for _, f := range [...]struct {
		name string
		v    int64
	}{
		{"sgr", s.SGR}, {"csi", s.CSI}, {"osc_title", s.OSCTitle},
		{"osc_hyperlink", s.OSCHyperlink}, {"osc_clipboard", s.OSCClipboard},
		{"osc_other", s.OSCOther}, {"dcs", s.DCS}, {"sos", s.SOS}, {"pm", s.PM},
		{"apc", s.APC}, {"esc", s.ESC},
	} {
		add(f.name, f.v)
	}
	for i, v := range r.Controls {
		add(controlNames[i], v)
	}
	add("crlf", r.CRLF)
	add("c1", r.C1)
	add("invalid_utf8", r.InvalidUTF8)
	add("unterminated", r.Unterminated)
	add("over_limit", r.OverLimit)
	add("malformed", r.Malformed)
	add("overwritten", r.Overwritten)
	add("long_lines", r.LongLines)
	for _, c := range slices.Sorted(maps.Keys(r.Unicode.Escapes)) {
		add("unicode_"+c.String(), r.Unicode.Escapes[c])
	}
	for _, k := range slices.Sorted(maps.Keys(r.Unicode.Warnings)) {
		add("warning_"+k.String(), r.Unicode.Warnings[k])
	}
	return slog.GroupValue(attrs...)
}
