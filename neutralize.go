package plainsight

import (
	"log/slog"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/ansi"
	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// Result is what [Sanitize] returns.
type Result struct {
	// Text is the neutralized text, safe to print literally: it holds only
	// printable characters and '\n' (and tab under Policy.KeepTab), and no
	// code point from the escaped set.
	Text string `json:"text"`
	// Warnings lists one warning per kind found, in Kind order; nil when the
	// text is clean.
	Warnings []Warning `json:"warnings"`
	// Escapes lists, in order, every escape written into Text, with the
	// byte span it occupies and what it stands for.
	Escapes []Escape `json:"escapes,omitempty"`
}

// Clean reports whether the text needed no escape and raised no warning.
func (r Result) Clean() bool { return len(r.Warnings) == 0 && len(r.Escapes) == 0 }

// HasWarning reports whether r holds a warning of severity SeverityWarn.
func (r Result) HasWarning() bool {
	for _, w := range r.Warnings {
		if w.Severity == SeverityWarn {
			return true
		}
	}
	return false
}

// LogValue makes a Result log as counts and warnings, never as raw input.
func (r Result) LogValue() slog.Value {
	attrs := []slog.Attr{
		slog.Int("escapes", len(r.Escapes)),
		slog.Int("warnings", len(r.Warnings)),
	}
	for _, w := range r.Warnings {
		attrs = append(attrs, slog.Any(w.Kind.String(), w))
	}
	return slog.GroupValue(attrs...)
}

// Policy changes what Sanitize escapes. The zero value is the default, safe
// policy; a Policy is a plain value, safe to copy and to share between
// goroutines.
type Policy struct {
	// KeepTab leaves tab characters literal, for views of Makefile-like text
	// where a tab is meaningful. By default a tab becomes \t.
	KeepTab bool
	// Allow lists code points to show literally and not warn about, such as
	// U+200F RIGHT-TO-LEFT MARK in a Hebrew view. Controls (C0, DEL, C1)
	// can never be allowed: they would make Text unsafe to print.
	Allow []rune
	// Flag lists extra code points to escape as \u{NNNN} and report as
	// KindFlagged. Flag wins over Allow. Both lists are meant for a
	// handful of code points: they are searched linearly.
	Flag []rune
	// Context says what the text is: a shell command, prose, or unknown
	// (the zero value, which judges every token on its own).
	Context Context
}

// Sanitize neutralizes text under the default [Policy]. It is safe for any
// input, including invalid UTF-8, and for concurrent use.
func Sanitize(text string) Result {
	return Policy{}.Sanitize(text)
}

// Sanitize neutralizes text under policy p.
func (p Policy) Sanitize(text string) Result {
	var mask asciiMask
	flagsASCII := false
	for _, r := range p.Flag {
		if r >= 0 && r < utf8.RuneSelf {
			mask.set(byte(r))
			flagsASCII = true
		}
	}
	i := 0
	if !flagsASCII {
		i = cleanASCIIPrefix(text, p.KeepTab)
		if i == len(text) && (p.Context != ContextCommand || !hasPunycode(text)) {
			return Result{Text: text}
		}
	}
	s := sanitizer{policy: p, text: text, asciiFlag: mask}
	s.run(i)
	res := Result{Escapes: s.escapes}
	if s.out == nil {
		res.Text = text
	} else {
		s.out = append(s.out, text[s.copied:]...)
		res.Text = string(s.out)
	}
	if f := s.found.found[KindTerminalEscape]; f != nil {
		f.summary = true
		f.explain = "on a terminal, escape sequences here would " + strings.Join(s.effects, "; ")
	}
	res.Warnings = s.found.warnings()
	if p.Context == ContextCommand {
		readCommand(text, &res)
	}
	return res
}

// neutralize returns text with every escaped-set code point and invalid byte
// escaped under the default policy, without warnings. Warnings use it for
// their tokens.
func neutralize(text string) string {
	if cleanASCIIPrefix(text, false) == len(text) {
		return text
	}
	s := sanitizer{text: text, quiet: true}
	s.run(0)
	if s.out == nil {
		return text
	}
	return string(append(s.out, text[s.copied:]...))
}

// asciiMask is a set of ASCII bytes.
type asciiMask [2]uint64

func (m *asciiMask) set(b byte)      { m[b>>6] |= 1 << (b & 63) }
func (m *asciiMask) has(b byte) bool { return b < utf8.RuneSelf && m[b>>6]&(1<<(b&63)) != 0 }
func (m *asciiMask) empty() bool     { return m[0] == 0 && m[1] == 0 }
func (p *Policy) allows(r rune) bool { return slices.Contains(p.Allow, r) }
func (p *Policy) flags(r rune) bool  { return slices.Contains(p.Flag, r) }

// sanitizer holds the state of one Sanitize call.
type sanitizer struct {
	policy    Policy
	text      string
	asciiFlag asciiMask
	quiet     bool // neutralize only: no escapes list, no warnings

	out     []byte // nil until the first escape: clean text is returned as is
	copied  int    // text[:copied] is already in out
	escapes []Escape
	found   collector

	nonASCII bool // some valid rune >= 0x80 was seen

	scan     scriptScan // the homoglyph checks, from the first non-ASCII rune on
	scanning bool
	scanFed  int // text[:scanFed] has been handed to scan

	parser  *ansi.Parser // decodes terminal sequences for their warning
	seqEnd  int          // bytes before seqEnd belong to a reported terminal sequence
	effects []string     // what the reported terminal sequences would do

	tagRunStart int  // the current run of tag characters starts here
	tagRunEnd   int  // and ends here
	tagRunLegit bool // and is a well-formed RGI emoji tag sequence

	vsRunEnd   int    // the current run of stray variation selectors ends here
	vsRunCount int    // selectors in it
	vsRunStart int    // where it began in text
	vsBytes    []byte // bytes the run encodes, for the preview
}

// run neutralizes s.text from byte i on; text[:i] is clean.
func (s *sanitizer) run(i int) {
	text := s.text
	for i < len(text) {
		c := text[i]
		if c < utf8.RuneSelf {
			if s.scanning && i >= s.scanFed && s.asciiFlag.empty() {
				// The homoglyph checks read the ASCII anyway; when
				// they pass no control, none of it is escaped. Else
				// the bytes are taken below, already fed.
				s.feedScan(i)
				j, controls := s.scan.asciiRun(&s.found, i, len(text))
				s.scanFed = j
				if !controls {
					i = j
					continue
				}
			}
			if isPlainASCII(c, s.policy.KeepTab) && !s.asciiFlag.has(c) {
				i++
				if s.asciiFlag.empty() {
					// Short runs between non-ASCII letters are the common
					// case in prose: take them bytewise, long ones by word.
					for i < len(text) && text[i] >= 0x20 && text[i] < 0x7F {
						i++
						if i&15 == 0 {
							i += cleanASCIIPrefix(text[i:], s.policy.KeepTab)
							break
						}
					}
				}
				continue
			}
			i = s.ascii(i, c)
			continue
		}
		var r rune
		var size int
		var p ucd.Props
		if s.scanning && len(s.policy.Flag) == 0 {
			// Most of a word is letters that the homoglyph checks take
			// in one loop; being ordinary letters, none of them is
			// escaped either (runeClass), so they need no classify.
			// The rune the loop stops at comes back decoded and
			// looked up when it could decode it.
			s.feedScan(i)
			i, r, size, p = s.scan.letters(&s.found, i)
			s.scanFed = i
			if i == len(text) || text[i] < utf8.RuneSelf {
				continue
			}
		}
		if size == 0 {
			c = text[i]
			if c >= 0xC2 && c <= 0xDF && i+1 < len(text) && text[i+1]&0xC0 == 0x80 {
				// Two-byte sequences (Latin-1 to N'Ko: Cyrillic, Greek,
				// Arabic, Hebrew) decode inline; utf8 takes the rest.
				r, size = rune(c&0x1F)<<6|rune(text[i+1]&0x3F), 2
			} else if r, size = utf8.DecodeRuneInString(text[i:]); r == utf8.RuneError && size == 1 {
				if s.scanning {
					s.feedScan(i)
					s.scan.invalid(&s.found, i)
					s.scanFed = i + 1
				}
				s.invalid(i)
				i++
				continue
			}
			p = ucd.Lookup(r)
		}
		if !s.nonASCII {
			s.nonASCII = true
			s.startScan(i)
		}
		if s.scanning {
			// The homoglyph checks share this decode and lookup.
			s.feedScan(i)
			s.scan.rune(&s.found, i, r, size, p)
			s.scanFed = i + size
		}
		if cls := s.classify(i, r, size, p); cls != ClassNone {
			s.escape(i, size, r, cls)
		}
		i += size
	}
	s.endVSRun()
	if s.scanning {
		s.feedScan(len(text))
		s.scan.finish(&s.found)
	}
}

// startScan starts the homoglyph checks at the first non-ASCII rune, at
// text[i]. They need only run on text with one, so clean ASCII never pays
// for them; the bytes before i are replayed: ASCII, and invalid bytes.
func (s *sanitizer) startScan(i int) {
	if s.quiet {
		return
	}
	s.scan = newScriptScan(s.text)
	s.scanning = true
	for j := 0; j < i; j++ {
		if s.text[j] >= utf8.RuneSelf {
			s.feedScan(j)
			s.scan.invalid(&s.found, j)
			s.scanFed = j + 1
		}
	}
	s.feedScan(i)
}

// feedScan hands the ASCII bytes text[scanFed:i] to the homoglyph checks.
func (s *sanitizer) feedScan(i int) {
	if s.scanFed < i {
		s.scan.asciiRun(&s.found, s.scanFed, i)
		s.scanFed = i
	}
}

// ascii handles the ASCII byte c at text[i] that is not plain printable text.
func (s *sanitizer) ascii(i int, c byte) int {
	var cls Class
	switch {
	case s.asciiFlag.has(c):
		cls = ClassFlagged
	case c == '\t':
		cls = ClassTab
	case c == '\b':
		cls = ClassBackspace
	case c == '\r':
		cls = ClassCarriageReturn
	default:
		cls = ClassControl
		if c == 0x1B && i >= s.seqEnd && !s.quiet {
			s.terminalSequence(i)
		}
	}
	s.escape(i, 1, rune(c), cls)
	return i + 1
}

// invalid escapes the byte text[i], which is not part of valid UTF-8.
func (s *sanitizer) invalid(i int) {
	b := s.text[i]
	if b >= 0x80 && b <= 0x9F && i >= s.seqEnd && !s.quiet {
		// A terminal in an 8-bit mode reads this byte as a C1 control.
		s.terminalSequence(i)
	}
	s.emit(i, 1, rune(b), ClassInvalidUTF8)
	if !s.quiet {
		s.found.addRaw(KindInvalidUTF8, s.text[i:i+1], explainInvalid)
	}
}

func explainInvalid() string { return invalidExplanation }

// escape writes the escape of code point r, which occupies text[i:i+size].
func (s *sanitizer) escape(i, size int, r rune, cls Class) {
	s.emit(i, size, r, cls)
	if s.quiet {
		return
	}
	switch cls {
	case ClassTab:
	case ClassVariationSelector:
		s.strayVS(i, size, r)
	case ClassTag:
		s.strayTag(i)
	default:
		if i < s.seqEnd {
			return // part of a terminal sequence, which is reported whole
		}
		if cls == ClassControl && r >= 0x80 && r <= 0x9F {
			s.terminalSequence(i)
			if i < s.seqEnd {
				return
			}
		}
		s.found.addRaw(cls.Kind(), s.text[i:i+size], func() string { return explainRune(cls, r) })
	}
}

// emit appends the escape of text[i:i+size] to the output: \X{nn} for an
// invalid byte, the notation of r otherwise.
func (s *sanitizer) emit(i, size int, r rune, cls Class) {
	if s.out == nil {
		s.out = make([]byte, 0, len(s.text)+len(s.text)/4+16)
	}
	// Grow by doubling: append's growth of large slices is gentler, which
	// makes text that is mostly escapes allocate several times its size.
	if need := i - s.copied + len(`\u{10ffff}`); cap(s.out)-len(s.out) < need {
		s.out = slices.Grow(s.out, max(need, len(s.out)))
	}
	s.out = append(s.out, s.text[s.copied:i]...)
	start := len(s.out)
	if cls == ClassInvalidUTF8 {
		s.out = appendByteEscape(s.out, s.text[i])
	} else {
		s.out = appendRuneEscape(s.out, r)
	}
	s.copied = i + size
	if !s.quiet {
		if len(s.escapes) == cap(s.escapes) {
			s.escapes = slices.Grow(s.escapes, max(8, len(s.escapes)))
		}
		s.escapes = append(s.escapes, Escape{Start: start, End: len(s.out), Rune: r, Class: cls})
	}
}

// classify returns the escape class of the valid rune r at text[i:i+size],
// or ClassNone when it is shown literally.
func (s *sanitizer) classify(i int, r rune, size int, props ucd.Props) Class {
	p := &s.policy
	if len(p.Flag) > 0 && p.flags(r) {
		return ClassFlagged
	}
	if r <= 0x9F {
		return ClassControl // C1: never allowed
	}
	cls := runeClass(r, props)
	if cls == ClassNone {
		return ClassNone
	}
	if len(p.Allow) > 0 && p.allows(r) {
		return ClassNone
	}
	switch cls {
	case ClassZeroWidth:
		if (r == zwj && (s.emojiZWJ(i) || s.joinerAfterVirama(i))) ||
			(r == zwnj && (s.joiningZWNJ(i, size) || s.joinerAfterVirama(i) && s.letterAfter(i+size))) ||
			s.bengaliRaYaphala(i, size) {
			return ClassNone
		}
	case ClassVariationSelector:
		if s.legitSelector(i, r) {
			return ClassNone
		}
	case ClassTag:
		if s.legitTag(i) {
			return ClassNone
		}
	}
	return cls
}

// runeClass is the context-free class of a valid rune above C1.
func runeClass(r rune, p ucd.Props) Class {
	cat := p.Category()
	if !p.DefaultIgnorable() {
		switch {
		case cat == ucd.Zs || cat == ucd.Zl || cat == ucd.Zp:
			return ClassWhitespace
		case r == 0x2800, r == 0xFFFC, r >= 0xFFF9 && r <= 0xFFFB, r >= 0x13430 && r <= 0x13440:
			// Blank or annotation characters that render as nothing or
			// as a placeholder: not Default_Ignorable, just as hidden.
			return ClassInvisible
		case cat == ucd.Co:
			return ClassPrivateUse
		case cat == ucd.Cn:
			if isNoncharacter(r) {
				return ClassNoncharacter
			}
			return ClassUnassigned
		}
		return ClassNone
	}
	switch {
	case isBidiControl(r):
		return ClassBidi
	case r == 0x200B, r == zwnj, r == zwj, r == 0x2060, r == 0xFEFF, r == 0x180E:
		return ClassZeroWidth
	case r >= 0xE0000 && r <= 0xE007F:
		return ClassTag
	case isVariationSelector(r):
		return ClassVariationSelector
	case isNoncharacter(r):
		return ClassNoncharacter
	}
	return ClassInvisible
}

const (
	zwnj = 0x200C
	zwj  = 0x200D
)

func isBidiControl(r rune) bool {
	return r == 0x061C || r == 0x200E || r == 0x200F ||
		(r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069)
}

func isVariationSelector(r rune) bool {
	return (r >= 0xFE00 && r <= 0xFE0F) || (r >= 0xE0100 && r <= 0xE01EF) ||
		(r >= 0x180B && r <= 0x180D) || r == 0x180F
}

func isNoncharacter(r rune) bool {
	return (r >= 0xFDD0 && r <= 0xFDEF) || r&0xFFFE == 0xFFFE
}

// isPlainASCII reports whether c is shown literally: printable ASCII, '\n',
// and tab when it is kept.
func isPlainASCII(c byte, keepTab bool) bool {
	return (c >= 0x20 && c < 0x7F) || c == '\n' || (c == '\t' && keepTab)
}

// UnicodeVersion is the version of the Unicode Character Database whose
// properties decide what Sanitize escapes and reports.
const UnicodeVersion = ucd.UnicodeVersion
