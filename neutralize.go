package plainsight

import (
	"log/slog"
	"slices"
	"unicode/utf8"
	"unsafe"

	"github.com/plainsight-dev/plainsight/ansi"
	"github.com/plainsight-dev/plainsight/internal/escape"
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
	// Warnings lists one warning per kind found, in the order of each
	// warning's first location in the input (Kind order for ties); nil when
	// the text is clean.
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

// Command neutralizes text read as a Bash command, the way the shell will
// parse it: the entry point for approval prompts of shell commands. It is
// Policy{Context: ContextCommand}.Sanitize(text).
func Command(text string) Result {
	return Policy{Context: ContextCommand}.Sanitize(text)
}

// Sanitize neutralizes text under policy p.
func (p Policy) Sanitize(text string) Result {
	e := escape.New(text, p.options())
	i := 0
	if e.ASCIIFlag.Empty() {
		i = escape.CleanPrefix(text, p.KeepTab)
		if i == len(text) && (p.Context != ContextCommand || !hasPunycode(text)) && !hasPadding(text) {
			return Result{Text: text}
		}
	}
	if p.Context == ContextCommand {
		return p.sanitizeCommand(e, i)
	}
	s := sanitizer{Escaper: e, context: p.Context}
	s.run(i)
	return s.result(nil)
}

// sanitizeCommand is Sanitize under ContextCommand, from byte i on. It
// stands apart because the command reader keeps a pointer to the
// sanitizer's collector, which moves the sanitizer to the heap: only this
// path pays for that, and the other readings keep theirs on the stack.
func (p Policy) sanitizeCommand(e escape.Escaper, i int) Result {
	s := &sanitizer{Escaper: e, context: p.Context}
	s.readShell()
	s.run(i)
	return s.result(s.readCommand)
}

// options returns what p changes in the escaping.
func (p Policy) options() escape.Options {
	return escape.Options{KeepTab: p.KeepTab, Allow: p.Allow, Flag: p.Flag}
}

// result returns the Result once run is done: the text and its escapes,
// then the warnings, which the readings after the loop (read: the command
// reading) may still add to before they are built.
func (s *sanitizer) result(read func()) Result {
	var res Result
	if s.Out == nil {
		res.Text = s.Text
	} else {
		s.Out = append(s.Out, s.Text[s.Copied:]...)
		// The output is written and never changes again: the string
		// takes its bytes instead of a copy, which for text that is
		// mostly escapes would be several times the input once more.
		res.Text = unsafe.String(unsafe.SliceData(s.Out), len(s.Out))
	}
	res.Escapes = EscapeList{s.escapes.Done(res.Text)}
	if read != nil {
		read()
	}
	s.findPadding()
	res.Warnings = s.found.build(s.Text, s.escapes.Runs(), s.effects)
	return res
}

// sanitizer holds the state of one Sanitize call: the escaper, and the
// findings of every check.
type sanitizer struct {
	escape.Escaper
	context Context
	escapes escape.Builder // every escape written, for Result.Escapes
	found   collector

	nonASCII bool // some valid rune >= 0x80 was seen

	scan     spoof.Scanner // the homoglyph checks, from the first non-ASCII rune on
	scanning bool

	parser  *ansi.Parser // decodes terminal sequences for their warning
	seqs    *seqMemo     // complete sequences seen, which need no parser again; with parser
	seqEnd  int          // bytes before seqEnd belong to a reported terminal sequence
	effects []string     // what the reported terminal sequences would do

	shell shellRoles // the roles of a command's bytes (command_roles.go)

	judge   typography.Judge // the typographic places (typography.go)
	judging bool             // judge has been given the text

	vsRunEnd   int        // the current run of stray variation selectors ends here
	vsRunCount int        // selectors in it
	vsRunStart int        // where it began in text
	vsBytes    []byte     // bytes the run encodes, for the preview
	vsLocs     []Location // where the first MaxLocations selectors of the run are
}

// run neutralizes s.Text from byte i on; text[:i] is clean.
func (s *sanitizer) run(i int) {
	text := s.Text
	for i < len(text) {
		c := text[i]
		if c < utf8.RuneSelf {
			if s.scanning && i >= s.scan.Pos() && s.ASCIIFlag.Empty() {
				// The homoglyph checks read the ASCII anyway; when
				// they pass no control, none of it is escaped. Else
				// the bytes are taken below, already read.
				j, controls := s.scan.ASCII(i, s.role(i))
				s.takeFindings()
				if !controls {
					i = j
					continue
				}
			}
			if escape.IsPlain(c, s.KeepTab) && !s.ASCIIFlag.Has(c) {
				i++
				if s.ASCIIFlag.Empty() {
					// Short runs between non-ASCII letters are the common
					// case in prose: take them bytewise, long ones by word.
					for i < len(text) && text[i] >= 0x20 && text[i] < 0x7F {
						i++
						if i&15 == 0 {
							i += escape.CleanPrefix(text[i:], s.KeepTab)
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
		if s.scanning && len(s.Flag) == 0 {
			// Most of a word is letters that the homoglyph checks take
			// in one loop; being ordinary letters, none of them is
			// escaped either (runeClass), so they need no classify.
			// The rune the loop stops at comes back decoded and
			// looked up when it could decode it.
			s.role(i)
			i, r, size, p = s.scan.Letters(i)
			s.takeFindings()
			if i == len(text) || text[i] < utf8.RuneSelf {
				continue
			}
		}
		if size == 0 {
			if i+1 == len(text) || text[i+1]&0xC0 != 0x80 {
				// No continuation byte follows: invalid, without
				// the decode's slow path.
				size = 1
			} else {
				r, size, p = ucd.Decode(text[i:])
			}
			if size == 1 {
				if s.bytewise() {
					i = s.escapeRun(i)
				} else {
					s.invalidByte(i)
					i++
				}
				continue
			}
		}
		if !s.nonASCII {
			s.nonASCII = true
			s.startScan(i)
		}
		if s.scanning {
			// The homoglyph checks share this decode and lookup.
			s.role(i)
			s.scan.Rune(i, r, size, p)
			s.takeFindings()
		}
		cls := Class(s.Classify(i, r, size, p))
		if cls != ClassNone && !s.typographic(i, size, r, cls) {
			s.escape(i, size, r, cls)
			if sameNext(text, i, size) && s.repeats(i, r, cls) {
				i = s.runeRun(i+size, size, r, cls, p)
				continue
			}
		} else if cls == ClassNone && p.Category() == ucd.Mn && sameNext(text, i, size) {
			i = s.plainRun(i, size, r, p)
			continue
		}
		i += size
	}
	if s.vsRunCount > 0 {
		s.endVSRun()
	}
	if s.scanning {
		// Finish reports whole-script confusables anywhere in the text:
		// they are placed in one walk at the end, not one walk back each.
		s.scan.Finish()
		s.takeFindings()
	}
}

// role tells the scanner the role of byte i in a command, and returns
// where that role ends: the scanner must not be handed bytes past it.
// Other readings have one role throughout.
func (s *sanitizer) role(i int) (end int) {
	if !s.shell.on {
		return len(s.Text)
	}
	return s.roleAt(i)
}

// startScan starts the homoglyph checks at the first non-ASCII rune, at
// text[i]. They need only run on text with one, so clean ASCII never pays
// for them; the bytes before i are replayed: ASCII, and invalid bytes.
func (s *sanitizer) startScan(i int) {
	s.scan.Reset(s.Text)
	if s.context == ContextProse {
		s.scan.SetRole(spoof.RoleProse)
	}
	s.scanning = true
	s.shell.set = false
	for j := 0; j < i; j++ {
		if s.Text[j] >= utf8.RuneSelf {
			s.scan.Invalid(j)
			s.takeFindings()
		}
	}
}

// ascii handles the ASCII byte c at text[i] that is not plain printable
// text, and the run of the same byte after it.
func (s *sanitizer) ascii(i int, c byte) int {
	if c != 0x1B && s.bytewise() {
		return s.escapeRun(i)
	}
	cls := Class(s.ASCIIClass(c))
	reported := i >= s.seqEnd // else part of a sequence reported whole
	if cls == ClassControl && c == 0x1B && reported {
		s.terminalSequence(i)
	}
	s.escape(i, 1, rune(c), cls)
	i++
	if reported && i < len(s.Text) && s.Text[i] == c {
		i = s.asciiRun(i, c, cls)
	}
	return i
}

// repeatLast writes the last escape written n times more, for the bytes
// up to text[j] that repeat what it stands for, and grows its run. It
// returns where the new escapes start in the output, and the length of
// one.
func (s *sanitizer) repeatLast(n, j int) (start, w int) {
	last := &s.escapes.Last
	w = last.UnitOut()
	if cap(s.Out)-len(s.Out) < n*w {
		s.Grow(j, n*w)
	}
	// Copies of the notation that ends at start.
	start = len(s.Out)
	s.Out = s.Out[:start+n*w]
	escape.FillCopies(s.Out[start-w:], w)
	s.Copied = j
	last.End = len(s.Out)
	last.Repeat += n
	return start, w
}

// asciiRun takes the run of the control c that goes on at text[i], after
// one that was just escaped: each is the same escape and one more
// occurrence of the same warning, so the run is taken in one step, the
// way escape would take each. ESC is taken only where the next byte is
// ESC too, which cancels it (terminalSequence); the last ESC of a run may
// start a sequence, and is left to the loop.
func (s *sanitizer) asciiRun(i int, c byte, cls Class) int {
	text := s.Text
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
	start, w := s.repeatLast(n, j) // the escape of text[i-1], c
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

// invalidByte takes text[i], a byte that is not part of valid UTF-8.
func (s *sanitizer) invalidByte(i int) {
	if s.scanning {
		s.scan.Invalid(i)
		s.takeFindings()
	}
	s.invalid(i)
}

// bytewise reports whether escapeRun may take controls and invalid bytes:
// no ASCII code point is flagged, and the scanner is told no roles.
func (s *sanitizer) bytewise() bool {
	return s.ASCIIFlag.Empty() && !s.shell.on
}

// escapeRun takes the run of bytes that starts at text[i], each of which
// is escaped as a byte of its own: C0 controls other than '\n' and ESC,
// DEL, and bytes that are not valid UTF-8, but for a C1 introducer, which
// may start a terminal sequence. Each is what ascii or invalidByte would
// make of it: the same escape, listed, and the same occurrence of the same
// warning, in one loop rather than one pass of the main loop each. Random
// bytes and binary files are runs of such bytes between short runs of
// text. It returns where the run ends; text[i] must be such a byte.
func (s *sanitizer) escapeRun(i int) int {
	text := s.Text
	j := i
	scanned := i // the scanner has taken the run up to here
	// The output is held in out while the loop writes, and stored back
	// in s.Out around every call that reads or writes it.
	if s.Copied < i || s.Out == nil {
		s.EmitCopy(i)
	}
	out := s.Out
	for j < len(text) {
		c := text[j]
		invalid := c >= utf8.RuneSelf
		var cls Class
		if !invalid {
			if c >= 0x20 && c != 0x7F || c == '\n' || c == 0x1B || c == '\t' && s.KeepTab {
				break
			}
			cls = Class(escape.ControlClass(rune(c)))
		} else {
			if c >= 0xC2 && c <= 0xF4 {
				if j+1 < len(text) && text[j+1]&0xC0 == 0x80 {
					if _, size := utf8.DecodeRuneInString(text[j:]); size > 1 {
						break
					}
				}
			} else if c <= 0x9F && j >= s.seqEnd && !loneC1[c&0x1F] {
				// A C1 introducer: invalid reads the sequence it
				// may start, which the bytes after it may belong to.
				s.Out, s.Copied = out, j
				s.scanEscapes(scanned, j)
				s.invalidByte(j)
				out = s.Out
				j++
				scanned = j
				continue
			}
			cls = ClassInvalidUTF8
		}
		if cap(out)-len(out) < escape.MaxNotation {
			s.Out, s.Copied = out, j
			s.Grow(j, escape.MaxNotation)
			out = s.Out
		}
		start := len(out)
		out = escape.AppendByteNotation(out, c)
		s.escapes.Grow(j, len(text))
		if j+1 < len(text) && text[j+1] == c {
			// The same escape may follow: the run stays open to it.
			s.escapes.AddByte(start, len(out), c, invalid, escape.Class(cls))
		} else {
			s.escapes.PackByte(start, len(out), c, invalid, escape.Class(cls))
		}
		var k Kind
		switch {
		case invalid:
			k = KindInvalidUTF8
		case cls == ClassTab, j < s.seqEnd:
			// A tab is not reported; a control in a terminal
			// sequence is reported with it, whole.
		default:
			k = cls.Kind()
		}
		if k != KindUnknown {
			if f := s.found.found[k]; f == nil || !f.countByte(c) {
				s.found.add(k, text[j:j+1], byteReason(c, cls)).locate(Location{Input: Span{j, j + 1}, Text: Span{start, len(out)}})
			}
		}
		j++
		if !invalid && j < len(text) && text[j] == c && j-1 >= s.seqEnd {
			// A run of one control: one escape repeated.
			s.Out, s.Copied = out, j
			j = s.asciiRun(j, c, cls)
			out = s.Out
		}
	}
	s.Out, s.Copied = out, j
	s.scanEscapes(scanned, j)
	return j
}

// byteReason returns what explains an escaped byte c of class cls: a
// control, or a byte of invalid UTF-8.
func byteReason(c byte, cls Class) reason {
	if cls == ClassInvalidUTF8 {
		return reason{how: becauseInvalid}
	}
	return reason{how: becauseRune, cls: cls, r: rune(c)}
}

// plainRun takes the nonspacing mark r at text[i], size bytes long with
// properties p, that is shown as itself, and the copies of it that follow,
// a stack of one combining mark: when ClassOf says no copy is escaped,
// only the homoglyph checks have anything to do with them. It returns
// where they end.
func (s *sanitizer) plainRun(i, size int, r rune, p ucd.Props) int {
	text := s.Text
	i += size
	if escape.ClassOf(r, p) != escape.None || len(s.Flag) > 0 || !s.bytewise() || !s.scanning {
		return i
	}
	for sameNext(text, i-size, size) {
		s.scan.Rune(i, r, size, p)
		s.takeFindings()
		i += size
	}
	return i
}

// sameNext reports whether the code point of size bytes at text[i] comes
// again right after it. The last bytes first: code points of one block
// share their first.
func sameNext(text string, i, size int) bool {
	j := i + size
	if j+size > len(text) || text[j+size-1] != text[j-1] {
		return false
	}
	for k := 0; k < size-1; k++ {
		if text[j+k] != text[i+k] {
			return false
		}
	}
	return true
}

// repeats reports whether runeRun may take the copies of the code point r
// of class cls, just escaped at text[i], that follow it: its class and its
// escape do not depend on its neighbours (no joiner or selector, no C1
// control, which may start a terminal sequence, no typographic place but
// one that the copies of a run take alike, as the one just escaped did),
// or it is a tag, whose run is judged whole (Escaper.TagRun); it is not
// part of a terminal sequence, and the policy flags nothing.
func (s *sanitizer) repeats(i int, r rune, cls Class) bool {
	return r > 0x9F && (cls == ClassTag || !escape.Contextual(r, escape.Class(cls))) &&
		(!typography.Placed(r) || typography.JudgedAsRun(r)) &&
		i >= s.seqEnd && len(s.Flag) == 0 && s.bytewise() && s.scanning
}

// runeRun takes the copies of the code point r of class cls, size bytes
// long with properties p, that go on at text[i], after one that was just
// escaped (repeats): RLO floods, runs of private-use or unassigned code
// points. The homoglyph checks take each copy as the loop would hand it to
// them; each is otherwise the same escape, listed as one run, and one more
// occurrence of the same warning, as escape would make it.
func (s *sanitizer) runeRun(i, size int, r rune, cls Class, p ucd.Props) int {
	text := s.Text
	unit := text[i-size : i]
	end := len(text)
	if cls == ClassTag {
		// The tags of a run that is no emoji tag sequence are each
		// escaped; the run is judged again where it ends.
		_, end = s.TagRun()
	}
	j := i
	for j+size <= end && text[j:j+size] == unit {
		// Letters would stop at once at an escaped code point: it is
		// never an ordinary letter or a mark it takes.
		s.scan.Rune(j, r, size, p)
		s.takeFindings()
		j += size
	}
	n := (j - i) / size
	start, w := s.repeatLast(n, j) // the escape of text[i-size:i], r
	f := s.found.found[cls.Kind()]
	f.count += n
	if cls != ClassTag && !slices.Contains(f.tokens, unit) {
		// The token list was full: as record counts. (A tag is
		// counted in the token of its run: strayTag.)
		f.more += n
	}
	for m := 0; m < n && len(f.locs) < MaxLocations; m++ {
		f.locate(Location{Input: Span{i + m*size, i + (m+1)*size}, Text: Span{start + m*w, start + (m+1)*w}})
	}
	return j
}

// scanEscapes hands the homoglyph checks text[i:j], bytes that escapeRun
// took, but for those they have read already.
func (s *sanitizer) scanEscapes(i, j int) {
	if s.scanning && j > s.scan.Pos() {
		s.scan.Escapes(max(i, s.scan.Pos()), j)
		s.takeFindings()
	}
}

// invalid escapes the byte text[i], which is not part of valid UTF-8.
func (s *sanitizer) invalid(i int) {
	b := s.Text[i]
	if b >= 0x80 && b <= 0x9F && i >= s.seqEnd {
		// A terminal in an 8-bit mode reads this byte as a C1 control.
		s.terminalSequence(i)
	}
	loc := s.write(i, 1, rune(b), ClassInvalidUTF8)
	s.found.add(KindInvalidUTF8, s.Text[i:i+1], reason{how: becauseInvalid}).locate(loc)
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
		s.found.add(cls.Kind(), s.Text[i:i+size], reason{how: becauseRune, cls: cls, r: r}).locate(loc)
	}
}

// write writes the escape of text[i:i+size], as emit does, lists it, and
// returns where it stands in the input and in the output.
func (s *sanitizer) write(i, size int, r rune, cls Class) Location {
	start := s.Emit(i, size, r, escape.Class(cls))
	loc := Location{Input: Span{i, i + size}, Text: Span{start, len(s.Out)}}
	if b := &s.escapes; b.Open && b.Last.End == start && b.Last.R == r && b.Last.Cls == escape.Class(cls) {
		// The same escape again, right after: the run grows.
		b.Last.End = len(s.Out)
		b.Last.Repeat++
		return loc
	}
	s.escapes.Grow(i, len(s.Text))
	s.escapes.Add(escape.Run{Start: start, End: len(s.Out), R: r, Invalid: cls == ClassInvalidUTF8, Given: cls == ClassFlagged, Cls: escape.Class(cls)})
	return loc
}

// UnicodeVersion is the version of the Unicode Character Database whose
// properties decide what Sanitize escapes and reports.
const UnicodeVersion = ucd.UnicodeVersion
