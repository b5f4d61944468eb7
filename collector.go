package plainsight

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/plainsight-dev/plainsight/internal/escape"
	"github.com/plainsight-dev/plainsight/internal/typography"
)

// This file holds the findings as data: while Sanitize's loop runs, each
// reading records an occurrence (its kind, severity, input span and token)
// and, for the first of its kind, the reason that explains it. Nothing is
// explained or placed in the loop: build does both once, at the end, and
// neutralizes the tokens that are still raw input.

// finding accumulates the occurrences of one kind at one severity.
type finding struct {
	count   int
	tokens  []string // distinct tokens; raw input when raw is set
	raw     bool     // tokens are raw input, neutralized when the warning is built
	more    int      // distinct tokens beyond MaxTokens (approximate: not deduplicated)
	why     reason   // what explains the first occurrence
	decoded strings.Builder
	truncD  bool
	locs    []Location // the first MaxLocations occurrences
	bytes   [4]uint64  // the one-byte tokens in tokens
}

// A reason is what the explanation of a finding is made from: data,
// turned into words by explain.go when the warnings are built.
type reason struct {
	how   because
	r     rune            // the code point the explanation names
	cls   Class           // becauseRune: its escape class
	n     int             // becauseSelectors: selectors in the run
	rule  typography.Rule // becauseTypography: the place
	prose bool            // becauseTypography: shown as itself
	kind  Kind            // becauseSpoof: the kind of homoglyph finding
	tok   string          // becauseSpoof: the token, neutralized and clipped
	raw   string          // becauseSpoof: the token as in the input
	// command is an explanation the command reading words itself: it
	// knows the shell's reading, which only it holds.
	command func() string
}

// because names the kinds of reason.
type because uint8

const (
	becauseNothing    because = iota // explained by the reading that follows
	becauseRune                      // an escaped code point
	becauseInvalid                   // a byte of invalid UTF-8
	becauseTags                      // a run of tag characters
	becauseSelectors                 // a run of stray variation selectors
	becauseTypography                // a code point in a typographic place
	becauseSpoof                     // a homoglyph finding
	becauseSequences                 // terminal sequences, explained by their effects
	becauseCommand                   // the command reading
	becausePadding                   // padding: n its shape, tok its marker
)

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

// countByte counts one more occurrence whose token is the one byte c, as
// record would, when that is all record would do: f holds MaxLocations
// locations, and the byte is among its tokens or their list is full. It
// reports false, counting nothing, otherwise. Small enough to inline, for
// text that is escapes at every other byte.
func (f *finding) countByte(c byte) bool {
	if len(f.locs) < MaxLocations {
		return false
	}
	if f.bytes[c>>6]&(1<<(c&63)) == 0 {
		if len(f.tokens) < MaxTokens {
			return false
		}
		f.more++
	}
	f.count++
	return true
}

// textPending marks a Location whose span in Result.Text is found once the
// whole text is written (placeLocations).
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
// its Text span to be placed at the end.
func (c *collector) locatePending(f *finding, in Span) {
	if len(f.locs) < MaxLocations {
		f.locate(Location{Input: in, Text: textPending})
		c.pending = true
	}
}

// add records one occurrence of kind k, at the kind's severity, whose
// token is a slice of the input. It is neutralized only when the warning is
// built, so that repeated offenders cost no allocation. why explains the
// first occurrence.
func (c *collector) add(k Kind, raw string, why reason) *finding {
	return c.record(c.slot(k, k.Severity()), raw, why, true)
}

// addAt is add for an occurrence of severity sev.
func (c *collector) addAt(k Kind, sev Severity, raw string, why reason) *finding {
	return c.record(c.slot(k, sev), raw, why, true)
}

// addNeutral records one occurrence of kind k at severity sev whose token
// is neutralized already: tokens that two different inputs may neutralize
// to, which count as one.
func (c *collector) addNeutral(k Kind, sev Severity, token string, why reason) *finding {
	return c.record(c.slot(k, sev), escape.Clip(token, MaxTokenLen), why, false)
}

// slot returns where the occurrences of kind k at severity sev are kept.
func (c *collector) slot(k Kind, sev Severity) **finding {
	if sev == k.Severity() {
		return &c.found[k]
	}
	return &c.other[k]
}

func (c *collector) record(slot **finding, token string, why reason, raw bool) *finding {
	f := *slot
	if f == nil {
		f = &finding{why: why, raw: raw}
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
		s = escape.CutUTF8(s, max(0, MaxDecodedLen-f.decoded.Len()))
		f.decoded.WriteString(s)
		f.decoded.WriteString("…")
		f.truncD = true
		return
	}
	f.decoded.WriteString(s)
}

// has reports whether kind k was found at the kind's severity.
func (c *collector) has(k Kind) bool { return c.found[k] != nil }

// build returns the warnings of what was found in text, or nil: it places
// the locations that wait for the whole output in one walk over its
// escapes, then explains and neutralizes each kind's findings. effects
// lists what the terminal sequences found would do.
//
// The warnings come in the order of their first location in the input, so
// that every surface lists them as a reader meets them in the text; ties,
// and warnings with no location (after all others), keep Kind order, a kind
// found at both severities giving the warn-level one first.
func (c *collector) build(text string, escapes escape.Cursor, effects []string) []Warning {
	if c.pending {
		c.placeLocations(escapes)
	}
	var ws []Warning
	for k := range c.found {
		first, second := c.found[k], c.other[k]
		if Kind(k).Severity() == SeverityInfo {
			first, second = second, first
		}
		ws = appendWarning(ws, text, Kind(k), SeverityWarn, first, effects)
		ws = appendWarning(ws, text, Kind(k), SeverityInfo, second, effects)
	}
	slices.SortStableFunc(ws, func(a, b Warning) int {
		return cmp.Compare(firstInput(a), firstInput(b))
	})
	return ws
}

// firstInput returns where the first location of w starts in the input,
// or the largest int when w has none.
func firstInput(w Warning) int {
	if len(w.Locations) == 0 {
		return math.MaxInt
	}
	return w.Locations[0].Input.Start
}

// appendWarning appends the warning of the occurrences f of kind k at
// severity sev, if there are any.
func appendWarning(ws []Warning, text string, k Kind, sev Severity, f *finding, effects []string) []Warning {
	if f == nil {
		return ws
	}
	tokens := f.tokens
	if f.raw {
		tokens = make([]string, len(f.tokens))
		for i, t := range f.tokens {
			tokens[i] = escape.OneLine(t, MaxTokenLen)
		}
	}
	w := Warning{
		Kind:        k,
		Severity:    sev,
		Tokens:      tokens,
		Count:       f.count,
		Decoded:     f.decoded.String(),
		Explanation: explain(k, f.why, effects),
		Locations:   f.locs,
	}
	// The effects of terminal sequences cover every occurrence.
	if others := len(f.tokens) - 1 + f.more; others > 0 && f.why.how != becauseSequences {
		w.Explanation += fmt.Sprintf(" (and %d more)", others)
	}
	return append(ws, w)
}

// explain words the reason why of a finding of kind k.
func explain(k Kind, why reason, effects []string) string {
	switch why.how {
	case becauseRune:
		return explainRune(why.cls, why.r)
	case becauseInvalid:
		return KindInvalidUTF8.explanation("")
	case becauseTags:
		return KindHiddenTags.explanation("")
	case becauseSelectors:
		return selectorExplanation(why.n, why.r)
	case becauseTypography:
		return explainTypography(k, why.r, why.rule, why.prose)
	case becauseSpoof:
		return explainSpoof(why.kind, why.tok, why.raw, why.r)
	case becauseSequences:
		return sequencesExplanation(effects)
	case becauseCommand:
		return why.command()
	case becausePadding:
		return explainPadding(paddingShape(why.n), why.tok)
	}
	return ""
}
