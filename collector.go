package plainsight

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// finding accumulates the occurrences of one kind while Sanitize runs.
type finding struct {
	count   int
	tokens  []string // distinct tokens; raw input when raw is set
	raw     bool     // tokens are raw input, neutralized when the warning is built
	more    int      // distinct tokens beyond MaxTokens (approximate: not deduplicated)
	explain string
	summary bool // explain already covers every occurrence
	decoded strings.Builder
	truncD  bool
	locs    []Location // the first MaxLocations occurrences
	bytes   [4]uint64  // the one-byte tokens in tokens
}

// locate places the occurrence just recorded, while fewer than
// MaxLocations are placed.
func (f *finding) locate(l Location) {
	if len(f.locs) < MaxLocations {
		if f.locs == nil {
			f.locs = make([]Location, 0, 4)
		}
		f.locs = append(f.locs, l)
	}
}

// textPending marks a Location whose span in Result.Text is found once the
// whole text is written (resolveLocations).
var textPending = Span{-1, -1}

// collector gathers findings per kind. The zero value is ready to use and
// allocates nothing until something is found.
//
// Severity is per occurrence: found holds the occurrences of each kind at
// the kind's own severity (Kind.Severity), other those that a context rule
// raised or lowered, such as a no-break space in its typographic place.
// Each becomes a Warning of its own.
type collector struct {
	found   [numKinds]*finding
	other   [numKinds]*finding
	pending bool // some location waits for its Text span
}

// locatePending places the occurrence of f just recorded at input span in,
// its Text span to be resolved.
func (c *collector) locatePending(f *finding, in Span) {
	if len(f.locs) < MaxLocations {
		f.locate(Location{Input: in, Text: textPending})
		c.pending = true
	}
}

// addAt records one occurrence of kind k, at severity sev, with its
// neutralized token. explain is the explanation of this occurrence; the
// first one is kept.
func (c *collector) addAt(k Kind, sev Severity, token, explain string) *finding {
	return c.record(c.slot(k, sev), clip(token, MaxTokenLen), explain, false)
}

// addRaw records one occurrence of kind k, at the kind's severity, whose
// token is a slice of the input. It is neutralized only when the warning is
// built, so that repeated offenders cost no allocation.
func (c *collector) addRaw(k Kind, raw string, explain func() string) *finding {
	return c.addRawAt(k, k.Severity(), raw, explain)
}

// addRawAt is addRaw for an occurrence of severity sev.
func (c *collector) addRawAt(k Kind, sev Severity, raw string, explain func() string) *finding {
	slot := c.slot(k, sev)
	if *slot == nil {
		return c.record(slot, raw, explain(), true)
	}
	return c.record(slot, raw, "", true)
}

// slot returns where the occurrences of kind k at severity sev are kept.
func (c *collector) slot(k Kind, sev Severity) **finding {
	if sev == k.Severity() {
		return &c.found[k]
	}
	return &c.other[k]
}

func (c *collector) record(slot **finding, token, explain string, raw bool) *finding {
	f := *slot
	if f == nil {
		f = &finding{explain: explain, raw: raw}
		*slot = f
	}
	f.count++
	if len(token) == 1 {
		// One byte (a control, an invalid byte): a set, not a search,
		// for text that is full of them.
		b := token[0]
		if f.bytes[b>>6]&(1<<(b&63)) != 0 {
			return f
		}
		if len(f.tokens) < MaxTokens {
			f.bytes[b>>6] |= 1 << (b & 63)
			f.tokens = append(f.tokens, token)
		} else {
			f.more++
		}
		return f
	}
	for _, t := range f.tokens {
		if t == token {
			return f
		}
	}
	if len(f.tokens) < MaxTokens {
		f.tokens = append(f.tokens, token)
	} else {
		f.more++
	}
	return f
}

// addDecoded appends recovered hidden text to the finding of kind k.
func (c *collector) addDecoded(k Kind, s string) {
	f := c.found[k]
	if f == nil || f.truncD {
		return
	}
	if f.decoded.Len()+len(s) > MaxDecodedLen {
		s = cutUTF8(s, max(0, MaxDecodedLen-f.decoded.Len()))
		f.decoded.WriteString(s)
		f.decoded.WriteString("…")
		f.truncD = true
		return
	}
	f.decoded.WriteString(s)
}

// has reports whether kind k was found at the kind's severity.
func (c *collector) has(k Kind) bool { return c.found[k] != nil }

// warnings returns the findings in Kind order, or nil. A kind found at both
// severities gives two warnings, the warn-level one first.
func (c *collector) warnings() []Warning {
	var ws []Warning
	for k := range c.found {
		first, second := c.found[k], c.other[k]
		if Kind(k).Severity() == SeverityInfo {
			first, second = second, first
		}
		ws = appendWarning(ws, Kind(k), SeverityWarn, first)
		ws = appendWarning(ws, Kind(k), SeverityInfo, second)
	}
	return ws
}

// appendWarning appends the warning of the occurrences f of kind k at
// severity sev, if there are any.
func appendWarning(ws []Warning, k Kind, sev Severity, f *finding) []Warning {
	if f == nil {
		return ws
	}
	tokens := f.tokens
	if f.raw {
		tokens = make([]string, len(f.tokens))
		for i, t := range f.tokens {
			tokens[i] = oneLine(t, MaxTokenLen)
		}
	}
	w := Warning{
		Kind:        k,
		Severity:    sev,
		Tokens:      tokens,
		Count:       f.count,
		Decoded:     f.decoded.String(),
		Explanation: f.explain,
		Locations:   f.locs,
	}
	if others := len(f.tokens) - 1 + f.more; others > 0 && !f.summary {
		w.Explanation += fmt.Sprintf(" (and %d more)", others)
	}
	return append(ws, w)
}

// clip shortens s to at most n bytes without splitting a UTF-8 sequence or
// an escape, marking the cut with "…".
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	// Never leave half an escape such as "\u{20" behind.
	if b := strings.LastIndexByte(s[:cut], '\\'); b >= 0 && cut-b < len(`\u{10ffff}`) {
		if e := escapeEnd(s[b:]); e < 0 || b+e > cut {
			cut = b
		}
	}
	return s[:cut] + "…"
}

// escapeEnd returns the length of the escape at the start of s, or -1.
func escapeEnd(s string) int {
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

// oneLine returns s neutralized and kept to one line, at most n bytes and
// marked with "…" where cut: a token, or a fragment of the input in an
// explanation. A newline, which Result.Text keeps, is written \x0a here,
// the notation of the other C0 controls, so that a warning prints as one
// line. Only the first 2n bytes of s are read: enough for a clipped prefix,
// and for the context rules that decide whether a code point at its end is
// escaped.
func oneLine(s string, n int) string {
	t := neutralize(cutUTF8(s, 2*n))
	if strings.IndexByte(t, '\n') >= 0 {
		t = strings.ReplaceAll(t, "\n", `\x0a`)
	}
	return clip(t, n)
}

// cutUTF8 returns the longest prefix of s of at most n bytes that does not
// split a UTF-8 sequence.
func cutUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
