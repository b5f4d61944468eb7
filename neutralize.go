package plainsight

import (
	"log/slog"
	"slices"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/plainsight-dev/plainsight/ansi"
	"github.com/plainsight-dev/plainsight/internal/spoof"
	"github.com/plainsight-dev/plainsight/internal/typography"
	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// Result is what [Sanitize] returns.
type Result struct {
	// Text is the neutralized text, safe to print literally: it holds only
	// printable characters and '\n' (and tab under Policy.KeepTab), and no
	// code point from the escaped set, except under ContextProse the ones
	// that stand in a typographic place (docs/typography.md), such as a
	// no-break space before a French colon.
	Text string `json:"text"`
	// Warnings lists one warning per kind found, in Kind order; nil when the
	// text is clean.
	Warnings []Warning `json:"warnings"`
	// Escapes lists, in order, every escape written into Text, with the
	// byte span it occupies and what it stands for.
	Escapes EscapeList `json:"escapes,omitzero"`
}

// Clean reports whether the text needed no escape and raised no warning.
func (r Result) Clean() bool { return len(r.Warnings) == 0 && r.Escapes.Len() == 0 }

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
		slog.Int("escapes", r.Escapes.Len()),
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
	if p.Context == ContextCommand {
		return p.sanitizeCommand(text, i, mask)
	}
	s := sanitizer{escaper: escaper{policy: p, text: text, asciiFlag: mask}}
	s.run(i)
	res := s.result()
	s.addWarnings(&res)
	return res
}

// sanitizeCommand is Sanitize under ContextCommand, from byte i on. It
// stands apart because the command reader keeps a pointer to the
// sanitizer's collector, which moves the sanitizer to the heap: only this
// path pays for that, and the other readings keep theirs on the stack.
func (p Policy) sanitizeCommand(text string, i int, mask asciiMask) Result {
	s := &sanitizer{escaper: escaper{policy: p, text: text, asciiFlag: mask}}
	s.readShell()
	s.run(i)
	res := s.result()
	s.readCommand()
	s.addWarnings(&res)
	return res
}

// result returns the Result with its Text and Escapes, once run is done.
func (s *sanitizer) result() Result {
	res := Result{Escapes: s.escapes.done()}
	if s.out == nil {
		res.Text = s.escaper.text
	} else {
		s.out = append(s.out, s.escaper.text[s.copied:]...)
		// The output is written and never changes again: the string
		// takes its bytes instead of a copy, which for text that is
		// mostly escapes would be several times the input once more.
		res.Text = unsafe.String(unsafe.SliceData(s.out), len(s.out))
	}
	if f := s.found.found[KindTerminalEscape]; f != nil {
		f.summary = true
		f.explain = "on a terminal, escape sequences here would " + strings.Join(s.effects, "; ")
	}
	return res
}

// addWarnings fills res.Warnings from what the readings found.
func (s *sanitizer) addWarnings(res *Result) {
	if s.found.pending {
		s.resolveLocations()
	}
	res.Warnings = s.found.warnings()
}

// neutralize returns text with every escaped-set code point and invalid byte
// escaped under the default policy. Warnings use it for the tokens and the
// payloads they quote: it escapes, and reports nothing.
func neutralize(text string) string {
	i := cleanASCIIPrefix(text, false)
	if i == len(text) {
		return text
	}
	e := escaper{text: text}
	for i < len(text) {
		c := text[i]
		if c < utf8.RuneSelf {
			if !isPlainASCII(c, false) {
				e.emit(i, 1, rune(c), e.asciiClass(c))
			}
			i++
			continue
		}
		r, size, p := ucd.Decode(text[i:])
		switch {
		case size == 1:
			e.emit(i, 1, rune(c), ClassInvalidUTF8)
		default:
			if cls := e.classify(i, r, size, p); cls != ClassNone {
				e.emit(i, size, r, cls)
			}
		}
		i += size
	}
	return e.result()
}

// asciiMask is a set of ASCII bytes.
type asciiMask [2]uint64

func (m *asciiMask) set(b byte)      { m[b>>6] |= 1 << (b & 63) }
func (m *asciiMask) has(b byte) bool { return b < utf8.RuneSelf && m[b>>6]&(1<<(b&63)) != 0 }
func (m *asciiMask) empty() bool     { return m[0] == 0 && m[1] == 0 }
func (p *Policy) allows(r rune) bool { return slices.Contains(p.Allow, r) }
func (p *Policy) flags(r rune) bool  { return slices.Contains(p.Flag, r) }

// escaper writes the escaped form of one text: what to escape, under which
// policy and context rules (exceptions.go), and how.
type escaper struct {
	policy    Policy
	text      string
	asciiFlag asciiMask

	out    []byte // nil until the first escape: clean text is returned as is
	copied int    // text[:copied] is already in out

	tagRunStart int  // the current run of tag characters starts here
	tagRunEnd   int  // and ends here
	tagRunLegit bool // and is a well-formed RGI emoji tag sequence
}

// result returns the escaped text.
func (e *escaper) result() string {
	if e.out == nil {
		return e.text
	}
	return string(append(e.out, e.text[e.copied:]...))
}

// sanitizer holds the state of one Sanitize call: the escaper, and the
// findings of every check.
type sanitizer struct {
	escaper
	escapes escapeBuilder // every escape written, for Result.Escapes
	found   collector

	nonASCII bool // some valid rune >= 0x80 was seen

	scan     spoof.Scanner // the homoglyph checks, from the first non-ASCII rune on
	scanning bool

	parser  *ansi.Parser // decodes terminal sequences for their warning
	seqEnd  int          // bytes before seqEnd belong to a reported terminal sequence
	effects []string     // what the reported terminal sequences would do
	seqs    [8]string    // complete sequences seen, which need no parser again
	nSeqs   int

	shell shellRoles // the roles of a command's bytes (command_roles.go)

	judge   typography.Judge // the typographic places (typography.go)
	judging bool             // judge has been given the text

	vsRunEnd   int        // the current run of stray variation selectors ends here
	vsRunCount int        // selectors in it
	vsRunStart int        // where it began in text
	vsBytes    []byte     // bytes the run encodes, for the preview
	vsLocs     []Location // where the first MaxLocations selectors of the run are
}

// run neutralizes s.text from byte i on; text[:i] is clean.
func (s *sanitizer) run(i int) {
	text := s.text
	for i < len(text) {
		c := text[i]
		if c < utf8.RuneSelf {
			if s.scanning && i >= s.scan.Pos() && s.asciiFlag.empty() {
				// The homoglyph checks read the ASCII anyway; when
				// they pass no control, none of it is escaped. Else
				// the bytes are taken below, already read.
				j, controls := s.scan.ASCII(i, s.roleAt(i))
				s.takeFindings()
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
			s.roleAt(i)
			i, r, size, p = s.scan.Letters(i)
			s.takeFindings()
			if i == len(text) || text[i] < utf8.RuneSelf {
				continue
			}
		}
		if size == 0 {
			if r, size, p = ucd.Decode(text[i:]); size == 1 {
				if s.scanning {
					s.scan.Invalid(i)
					s.takeFindings()
				}
				s.invalid(i)
				i++
				continue
			}
		}
		if !s.nonASCII {
			s.nonASCII = true
			s.startScan(i)
		}
		if s.scanning {
			// The homoglyph checks share this decode and lookup.
			s.roleAt(i)
			s.scan.Rune(i, r, size, p)
			s.takeFindings()
		}
		if cls := s.classify(i, r, size, p); cls != ClassNone && !s.typographic(i, size, r, cls) {
			s.escape(i, size, r, cls)
		}
		i += size
	}
	s.endVSRun()
	if s.scanning {
		// Finish reports whole-script confusables anywhere in the text:
		// they are placed in one walk at the end, not one walk back each.
		s.scan.Finish()
		s.found.addSpoof(s.text, s.scan.Findings(), nil)
		s.scan.ClearFindings()
	}
}

// startScan starts the homoglyph checks at the first non-ASCII rune, at
// text[i]. They need only run on text with one, so clean ASCII never pays
// for them; the bytes before i are replayed: ASCII, and invalid bytes.
func (s *sanitizer) startScan(i int) {
	s.scan.Reset(s.text)
	if s.policy.Context == ContextProse {
		s.scan.SetRole(spoof.RoleProse)
	}
	s.scanning = true
	s.shell.set = false
	for j := 0; j < i; j++ {
		if s.text[j] >= utf8.RuneSelf {
			s.scan.Invalid(j)
			s.takeFindings()
		}
	}
}

// asciiClass returns the class of the ASCII byte c that is not plain
// printable text.
func (e *escaper) asciiClass(c byte) Class {
	if e.asciiFlag.has(c) {
		return ClassFlagged
	}
	return controlClass(rune(c))
}

// controlClass returns the class of the control r (C0, DEL or C1): the
// three with warnings of their own, or ClassControl.
func controlClass(r rune) Class {
	switch r {
	case '\t':
		return ClassTab
	case '\b':
		return ClassBackspace
	case '\r':
		return ClassCarriageReturn
	}
	return ClassControl
}

// ascii handles the ASCII byte c at text[i] that is not plain printable
// text, and the run of the same byte after it.
func (s *sanitizer) ascii(i int, c byte) int {
	cls := s.asciiClass(c)
	reported := i >= s.seqEnd // else part of a sequence reported whole
	if cls == ClassControl && c == 0x1B && reported {
		s.terminalSequence(i)
	}
	s.escape(i, 1, rune(c), cls)
	i++
	if reported && i < len(s.text) && s.text[i] == c {
		i = s.asciiRun(i, c, cls)
	}
	return i
}

// asciiRun takes the run of the control c that goes on at text[i], after
// one that was just escaped: each is the same escape and one more
// occurrence of the same warning, so the run is taken in one step, the
// way escape would take each. ESC is taken only where the next byte is
// ESC too, which cancels it (terminalSequence); the last ESC of a run may
// start a sequence, and is left to the loop.
func (s *sanitizer) asciiRun(i int, c byte, cls Class) int {
	text := s.text
	esc := c == 0x1B && cls == ClassControl
	j := i
	for j < len(text) && text[j] == c {
		j++
	}
	if esc {
		j-- // text[j] is the last ESC
	}
	n := j - i
	if n <= 0 {
		return i
	}
	last := &s.escapes.last // the escape of text[i-1], c
	w := last.unitOut()
	notation := s.out[len(s.out)-w:]
	if cap(s.out)-len(s.out) < n*w {
		s.grow(j, n*w)
		notation = s.out[len(s.out)-w:]
	}
	start := len(s.out)
	for range n {
		s.out = append(s.out, notation...)
	}
	s.copied = j
	last.end = len(s.out)
	last.repeat += n
	var k Kind
	switch {
	case esc:
		k = KindTerminalEscape
		s.seqEnd = j
	case cls == ClassTab:
		return j // escaped, not reported
	default:
		k = cls.Kind()
	}
	f := s.found.found[k]
	f.count += n
	if b := text[i]; f.bytes[b>>6]&(1<<(b&63)) == 0 {
		f.more += n // the token list was full: as record counts
	}
	for m := 0; m < n && len(f.locs) < MaxLocations; m++ {
		in := Span{i + m, i + m + 1}
		if esc {
			s.found.locatePending(f, in)
		} else {
			f.locate(Location{Input: in, Text: Span{start + m*w, start + (m+1)*w}})
		}
	}
	return j
}

// invalid escapes the byte text[i], which is not part of valid UTF-8.
func (s *sanitizer) invalid(i int) {
	b := s.text[i]
	if b >= 0x80 && b <= 0x9F && i >= s.seqEnd {
		// A terminal in an 8-bit mode reads this byte as a C1 control.
		s.terminalSequence(i)
	}
	loc := s.write(i, 1, rune(b), ClassInvalidUTF8)
	s.found.addRaw(KindInvalidUTF8, s.text[i:i+1], explainInvalid).locate(loc)
}

// escape writes the escape of code point r, which occupies text[i:i+size],
// and reports it.
func (s *sanitizer) escape(i, size int, r rune, cls Class) {
	loc := s.write(i, size, r, cls)
	switch cls {
	case ClassTab:
	case ClassVariationSelector:
		s.strayVS(i, size, r, loc)
	case ClassTag:
		s.strayTag(i, loc)
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
		s.found.addRaw(cls.Kind(), s.text[i:i+size], func() string { return explainRune(cls, r) }).locate(loc)
	}
}

// emit appends the escape of text[i:i+size] to the output: \X{nn} for an
// invalid byte, the notation of r otherwise. It returns where the escape
// starts in the output.
func (e *escaper) emit(i, size int, r rune, cls Class) (start int) {
	if e.out == nil {
		// Start small: grow sizes the output from what the text
		// turns out to need, which a guess made here cannot know.
		e.out = make([]byte, 0, len(e.text)/16+16)
	}
	if need := i - e.copied + len(`\u{10ffff}`); cap(e.out)-len(e.out) < need {
		e.grow(i, need)
	}
	e.out = append(e.out, e.text[e.copied:i]...)
	start = len(e.out)
	if cls == ClassInvalidUTF8 {
		e.out = appendByteEscape(e.out, e.text[i])
	} else {
		e.out = appendRuneEscape(e.out, r)
	}
	e.copied = i + size
	return start
}

// write writes the escape of text[i:i+size], as emit does, lists it, and
// returns where it stands in the input and in the output.
func (s *sanitizer) write(i, size int, r rune, cls Class) Location {
	start := s.emit(i, size, r, cls)
	loc := Location{Input: Span{i, i + size}, Text: Span{start, len(s.out)}}
	if b := &s.escapes; b.open && b.last.end == start && b.last.r == r && b.last.cls == cls {
		// The same escape again, right after: the run grows.
		b.last.end = len(s.out)
		b.last.repeat++
		return loc
	}
	s.escapes.grow(i, len(s.text))
	s.escapes.add(escapeRun{start: start, end: len(s.out), r: r, invalid: cls == ClassInvalidUTF8, given: cls == ClassFlagged, cls: cls})
	return loc
}

// grow makes room for need more bytes of output at text[i]. The output so
// far says how much the text grows when escaped; the new capacity is what
// the whole text would take at that rate, and at least a quarter more than
// now, so that growing stays linear. Doubling instead would allocate up to
// twice the output, which is four times the input for a flood of controls.
func (e *escaper) grow(i, need int) {
	n := len(e.out)
	want := n + need + n/4
	if i > 0 {
		want = max(want, int(float64(n+need)/float64(i)*float64(len(e.text))*9/8))
	}
	// make and copy, not slices.Grow, whose make of the new room is
	// allocated apart in race builds: the bound on memory holds there too.
	grown := make([]byte, n, want)
	copy(grown, e.out)
	e.out = grown
}

// classify returns the escape class of the valid rune r at text[i:i+size],
// or ClassNone when it is shown literally.
func (e *escaper) classify(i int, r rune, size int, props ucd.Props) Class {
	p := &e.policy
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
		if e.legitJoiner(i, size, r) {
			return ClassNone
		}
	case ClassVariationSelector:
		if e.legitSelector(i, r) {
			return ClassNone
		}
	case ClassTag:
		if e.legitTag(i) {
			return ClassNone
		}
	}
	return cls
}

// isPlainASCII reports whether c is shown literally: printable ASCII, '\n',
// and tab when it is kept.
func isPlainASCII(c byte, keepTab bool) bool {
	return (c >= 0x20 && c < 0x7F) || c == '\n' || (c == '\t' && keepTab)
}

// UnicodeVersion is the version of the Unicode Character Database whose
// properties decide what Sanitize escapes and reports.
const UnicodeVersion = ucd.UnicodeVersion
