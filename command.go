package plainsight

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/bidi"

	"github.com/plainsight-dev/plainsight/internal/escape"
	"github.com/plainsight-dev/plainsight/internal/hostread"
	"github.com/plainsight-dev/plainsight/internal/shellread"
	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// This file reads a command the way the shell will, for
// Policy{Context: ContextCommand}. The context-free reading runs first and
// decides every escape, told the role of each span of the command
// (command_roles.go) so that quoted strings, comments and here-documents,
// which the shell does not interpret, are judged as prose; the command
// reading then adds what only the shell's view shows:
//
//   - outside quotes, a character that looks like a quote, a dash, a slash,
//     a pipe or any other shell syntax is an ordinary word character;
//   - outside quotes, a character that reads as an ASCII letter or digit
//     in a command name, option, path, version or ref names something else;
//   - outside quotes, right-to-left letters make a bidi display reorder the
//     operators and arguments around them;
//   - quoted or not, a host that reads as another host (hostread).
//
// Text that is printable ASCII never gets here: no rule judges ASCII, so
// Sanitize keeps its fast path, and ASCII text with escapes (a tab, a
// control) skips the parse too.

// readCommand applies the command reading of the text to the findings of
// the context-free reading, before they become warnings.
func (s *sanitizer) readCommand() {
	text := s.Text
	if isASCII(text) && !hasPunycode(text) {
		return
	}
	cr := commandReader{text: text, rd: s.shell.rd, found: &s.found, rtlWord: -1}
	cr.hosts()
	cr.read()
}

func isASCII(s string) bool { return escape.IndexNonASCII(s) < 0 }

// hasPunycode reports whether text holds the ACE prefix of a punycode
// host label, "xn--" in any case, which reads as the Unicode it encodes.
// (Searches for the rare first byte, x or X, beat one for a common "--".)
func hasPunycode(text string) bool {
	for _, x := range [2]byte{'x', 'X'} {
		for i := 0; ; {
			k := strings.IndexByte(text[i:], x)
			if k < 0 {
				break
			}
			i += k + 1
			if i+3 <= len(text) && text[i]|0x20 == 'n' && text[i+1] == '-' && text[i+2] == '-' {
				return true
			}
		}
	}
	return false
}

// judged reports whether a rule of the command reading may judge r in
// code: anything but an ordinary letter, and of ordinary letters those
// that are written right to left, pass for an ASCII letter, digit or
// punctuation, or are quotes or strokes. Commands whose code holds none
// are not parsed (shellread.ReadFor).
func judged(r rune) bool {
	p := ucd.Lookup(r)
	if !p.OrdinaryLetter() {
		return true
	}
	if p.HasConfusable() {
		if p.Script() == ucd.ScriptLatin {
			return true
		}
		if proto, _ := ucd.Confusable(r); len(proto) == 1 && !isASCIIAlnum(proto) {
			return true
		}
	}
	// Letters that read as quotes (U+02BC) have a confusable, above.
	return isRightToLeft(r) || hostread.PassesForDigit(r) != 0 || hostread.IsCJKStroke(r)
}

// commandReader holds one command and its reading.
type commandReader struct {
	text  string
	rd    shellread.Reading
	found *collector
	// wordStart and wordEnd hold the last word found, lineEnd and lineRTL
	// the end of the line of the last right-to-left letter met and whether
	// it opens right to left, so that long words and lines are walked once.
	wordStart, wordEnd int
	lineEnd            int
	lineRTL            bool
	lineLayer          int32 // the layer lineRTL was found for
	rtlWord            int   // start of the last word judged for bidi_reorder
	// markNext is the end of the last mark judged, markRunBase and
	// markRunCount what markBase found before it, so that a run of
	// marks is walked once, not once per mark.
	markNext     int
	markRunBase  rune
	markRunCount int
	// explained marks the kinds whose explanation the command reading has
	// given: it knows the shell, so it replaces the context-free one.
	explained [numKinds]bool
}

// add records an occurrence of kind k: the word or host tok, placed at
// the input span at. An occurrence the context-free reading already placed
// there is not counted twice.
//
// explain is called here, at most once per kind, and only when its words
// are kept: the first occurrence of a kind, or the first the command
// reading explains. It reads only the text and the shell's reading, both
// whole before any occurrence is added, so its words are those it would
// give at the end; and a closure that does not outlive the call costs no
// allocation, for input with an occurrence at every character.
func (cr *commandReader) add(k Kind, tok string, at Span, explain func() string) {
	c := cr.found
	f := c.found[k]
	var why reason
	if f == nil || !cr.explained[k] {
		s := explain()
		if cr.rd.At(at.Start).Layer != 0 {
			s = cr.layerNote(at.Start) + s
		}
		why = reason{how: becauseCommand, command: func() string { return s }}
	}
	if f != nil && !cr.explained[k] {
		f.why = why
	}
	cr.explained[k] = true
	if f != nil {
		for _, l := range f.locs {
			if l.Input.Start < at.End && at.Start < l.Input.End {
				return
			}
		}
	}
	n := 0
	if f != nil {
		n = len(f.locs)
	}
	switch {
	case f != nil && !f.raw && len(f.tokens) >= MaxTokens:
		// The list of tokens is full: the occurrence counts among the
		// more (a count that is approximate already), whether or not it
		// repeats a listed token, without the neutralizing that would
		// cost an allocation for every word of random bytes.
		f.count++
		f.more++
	case f != nil && !f.raw:
		// The context-free reading's tokens are neutralized already.
		f = c.addNeutral(k, k.Severity(), escape.OneLine(tok, MaxTokenLen), why)
	default:
		f = c.add(k, tok, why)
	}
	c.locatePending(f, at)
	// Keep the locations in input order: the context-free reading placed
	// its own first.
	if len(f.locs) > n && n > 0 && f.locs[n-1].Input.Start > at.Start {
		slices.SortFunc(f.locs, func(a, b Location) int { return a.Input.Start - b.Input.Start })
	}
}

// outside reports whether s is read by the shell as code: unquoted, and
// not a comment or here-document body.
func outside(s shellread.Span) bool {
	return s.Quote == shellread.Unquoted && s.Role != shellread.Comment && s.Role != shellread.Heredoc
}

func (cr *commandReader) read() {
	text := cr.text
	for k, sp := range cr.rd.Spans {
		// Unread text holds no rune that judged judges
		// (shellread.ReadFor): nothing in it to walk.
		if sp.Role == shellread.Unread || !outside(sp) {
			continue
		}
		start := cr.rd.Start(k)
		if isASCII(text[start:sp.End]) {
			continue
		}
		for i := start; i < sp.End; {
			r, size := utf8.DecodeRuneInString(text[i:])
			if r >= utf8.RuneSelf && size > 1 && judged(r) {
				cr.judgeRune(i, r, sp)
			}
			i += size
		}
	}
}

// judgeRune applies the rules for one non-ASCII rune at i, outside quotes.
func (cr *commandReader) judgeRune(i int, r rune, sp shellread.Span) {
	ws, we := cr.word(i)
	word := cr.text[ws:we]
	if isRightToLeft(r) {
		if ws == cr.rtlWord {
			return // judged at the word's first right-to-left letter
		}
		cr.rtlWord = ws
		if cr.reorders(i, we) {
			cr.add(KindBidiReorder, word, Span{ws, we}, func() string { return cr.rtlExplanation(i, word) })
		}
		return
	}
	form := hostread.ReadsAs(r)
	at := Span{i, i + utf8.RuneLen(r)}
	prev, _ := utf8.DecodeLastRuneInString(cr.text[:i])
	next, _ := utf8.DecodeRuneInString(cr.text[i+utf8.RuneLen(r):])
	switch {
	case isQuoteForm(r):
		cr.add(KindLookalike, word, at, func() string { return cr.quoteExplanation(i, r, word) })
	case isSyntaxForm(form):
		// Fullwidth and ideographic punctuation between CJK letters is the
		// typography of the text around it, but for the characters that
		// change what a command is (# \ ; | & < > $): in code those are
		// lookalikes of syntax whatever their neighbours, in every layer.
		if (isCJKWordLetter(prev) || isCJKWordLetter(next)) && (isCJKWordLetter(r) || !strings.Contains("#\\;|&<>$", form)) {
			return
		}
		cr.add(KindLookalike, word, at, func() string { return cr.syntaxExplanation(i, r, form, word, sp) })
	case ucd.Lookup(r).Category().IsMark():
		base, marks := cr.markBase(i, r)
		switch {
		case isVariationSelector(r):
			// The context-free reading's: a selector is no mark that draws.
		case base == ' ' || base == '\t' || base > ' ' && base < 0x7f && !isASCIIAlnumRune(base) || '0' <= base && base <= '9':
			cr.add(KindLookalike, word, at, func() string {
				return cr.wordExplanation(word, r, "draws over "+asciiName(base)+", which the shell still reads as "+asciiReading(base))
			})
		case marks > maxMarks:
			cr.add(KindLookalike, word, at, func() string {
				return cr.wordExplanation(word, r, "is one of more than "+itoa(maxMarks)+" marks stacked on one character")
			})
		case ucd.Lookup(base).Script() != ucd.ScriptLatin:
			// Marks of other scripts are how those scripts are written.
		case prev == r || !hostread.Composes(cr.text[:i], r):
			cr.add(KindLookalike, word, at, func() string {
				return cr.wordExplanation(word, r, "stacks on the letter before it without composing, so the letter passes for another")
			})
		}
	case hostread.IsLatinLookalike(r) || isCompatibilityLetter(r, form):
		// A Latin lookalike that is a letter of a living alphabet (the
		// dotless i of Turkish and Azerbaijani) is text in an argument;
		// in an option no such word runs, and a command name with one
		// deceives when it reads as a program the reader knows.
		var prog string // the well-known program a command name reads as
		if sp.Role == shellread.Name {
			prog, _ = hostread.ProgramReadsAs(word)
		}
		if ucd.Lookup(r).IdentifierAllowed() && (sp.Role != shellread.Name && sp.Role != shellread.Option ||
			sp.Role == shellread.Option && !isOptionName(word, i-ws) ||
			sp.Role == shellread.Name && prog == "" && !strings.ContainsAny(word, "/\\") || hasVisibleAccent(word)) {
			// A bare command name that reads as no listed program
			// (aygıt, Turkish for "device") names only itself, as any
			// unknown name does; a path (./ınstall.sh) is not the file
			// the reader checked. A word that also holds a visibly
			// accented letter (örnek, dosyası) reads as no ASCII word.
			return
		}
		how := "reads as `" + form + "`"
		if form == "" {
			how = "is a Latin letter outside the ordinary alphabets that passes for an ASCII one"
		}
		if prog != "" {
			cr.add(KindLookalike, word, at, func() string {
				return "`" + fragment(word, 60) + "` holds " + runeName(r) + ", which " + how +
					": the command name reads as `" + prog + "`, a well-known program, but the shell runs a program of another name"
			})
			return
		}
		cr.add(KindLookalike, word, at, func() string { return cr.wordExplanation(word, r, how) })
	case hostread.PassesForDigit(r) != 0 && hasASCIIDigit(word) && !isLetter(prev) && !isLetter(next):
		d := string(hostread.PassesForDigit(r))
		cr.add(KindLookalike, word, at, func() string {
			return cr.wordExplanation(word, r, "passes for the digit "+d)
		})
	case hostread.IsCJKStroke(r) && (isASCIIAlnumRune(prev) || isASCIIAlnumRune(next)):
		cr.add(KindLookalike, word, at, func() string {
			return cr.wordExplanation(word, r, "looks like a stroke or dash between Latin letters")
		})
	}
	if zero, ok := ucd.DigitZero(r); ok && zero != '0' && hasASCIIDigit(word) {
		cr.add(KindMixedNumbers, word, at, func() string {
			return "`" + fragment(word, 60) + "` mixes " + runeName(r) + " with ASCII digits: the program reads a different number" + cr.parseNote(i)
		})
	}
}

// maxMarks is the longest run of combining marks on one character that
// the command reading weighs mark by mark: the stream-safe limit of
// UAX #15. A longer run is stacking whatever its marks, and bounds the
// walk back to the base character, so that a run of marks costs linear
// time.
const maxMarks = 30

// markBase returns the character before the run of marks that ends text,
// and the length of the run, walking back over at most maxMarks+1 marks
// (0 if text holds marks only).
func markBase(text string) (base rune, marks int) {
	for len(text) > 0 && marks <= maxMarks {
		r, n := utf8.DecodeLastRuneInString(text)
		if !ucd.Lookup(r).Category().IsMark() {
			return r, marks
		}
		marks++
		text = text[:len(text)-n]
	}
	return 0, marks
}

// markBase is markBase(cr.text[:i]) for the mark r at i: from what it
// found for the mark before, when that mark ends at i.
func (cr *commandReader) markBase(i int, r rune) (base rune, marks int) {
	if i > 0 && cr.markNext == i {
		base, marks = cr.markRunBase, cr.markRunCount+1
		if marks > maxMarks {
			base, marks = 0, maxMarks+1
		}
	} else {
		base, marks = markBase(cr.text[:i])
	}
	cr.markNext, cr.markRunBase, cr.markRunCount = i+utf8.RuneLen(r), base, marks
	return base, marks
}

// asciiName names an ASCII character that a mark draws over.
func asciiName(c rune) string {
	switch {
	case c == ' ':
		return "a space"
	case c == '\t':
		return "a tab"
	case '0' <= c && c <= '9':
		return "the digit " + string(c)
	case c == '`':
		return "a backquote"
	}
	return "`" + string(c) + "`"
}

// asciiReading says what the shell reads an ASCII character as.
func asciiReading(c rune) string {
	switch {
	case c == ' ' || c == '\t':
		return "a blank between words"
	case '0' <= c && c <= '9':
		return "the digit " + string(c)
	}
	return string(c)
}

func isVariationSelector(r rune) bool {
	return 0xFE00 <= r && r <= 0xFE0F || 0xE0100 <= r && r <= 0xE01EF || 0x180B <= r && r <= 0x180F
}

func itoa(n int) string { return strconv.Itoa(n) }

// word returns the word around byte i as a person sees it: the run of
// bytes that are not blanks and not the shell's operators ; | & < >.
func (cr *commandReader) word(i int) (start, end int) {
	if cr.wordStart <= i && i < cr.wordEnd {
		return cr.wordStart, cr.wordEnd
	}
	defer func() { cr.wordStart, cr.wordEnd = start, end }()
	layer := cr.rd.At(i).Layer
	inWord := func(j int) bool {
		if cr.rd.Layers != nil && cr.rd.At(j).Layer != layer {
			return false // the quotes around a layer's script are not its words'
		}
		switch c := cr.text[j]; c {
		case ' ', '\t', '\n':
			return false
		case ';', '|', '&', '<', '>':
			return cr.rd.At(j).Role != shellread.Syntax
		}
		return true
	}
	start, end = i, i
	for start > 0 && inWord(start-1) && i-start < 256 {
		start--
	}
	for end < len(cr.text) && inWord(end) && end-i < 256 {
		end++
	}
	for start > 0 && start < len(cr.text) && !utf8.RuneStart(cr.text[start]) {
		start++
	}
	for end < len(cr.text) && !utf8.RuneStart(cr.text[end]) {
		end++
	}
	return start, end
}

// isQuoteForm reports whether r reads as one of the shell's quotes ' " `
// (confusables.txt maps U+201C and U+FF02 to two apostrophes), or is a
// Quotation_Mark other than guillemets and CJK corner brackets, which no
// one takes for a shell quote.
func isQuoteForm(r rune) bool {
	switch {
	case r == 0x00AB, r == 0x00BB, r == 0x2039, r == 0x203A, r >= 0x300C && r <= 0x300F, r >= 0xFE41 && r <= 0xFE44:
	case ucd.Lookup(r).QuotationMark():
		return true
	}
	if p, ok := ucd.Confusable(r); ok && (p == "'" || p == "''" || p == "\"" || p == "`") {
		return true
	}
	switch f := ucd.ASCIIForm(r); f {
	case "'", "\"", "`":
		return true
	}
	switch ucd.ShellSyntaxForm(r) {
	case "'", "\"", "`":
		return true // quotation mark dingbats and ornaments
	}
	return false
}

// isSyntaxForm reports whether form is one ASCII character of shell
// syntax, or that a path or option is made of.
func isSyntaxForm(form string) bool {
	if form == "<<" || form == ">>" || form == "<<<" {
		return true // a double angle quotation mark, much less-than
	}
	return len(form) == 1 && strings.IndexByte("-/.|;&<>()~=:\\{}[]*?!#$@,", form[0]) >= 0
}

// isCompatibilityLetter reports whether r is a compatibility form
// (fullwidth, mathematical) of an ASCII letter or digit.
func isCompatibilityLetter(r rune, form string) bool {
	return form != "" && ucd.ASCIIForm(r) == form && isASCIIAlnum(form)
}

func isASCIIAlnum(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return s != ""
}

func isASCIIAlnumRune(r rune) bool {
	return '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z'
}

func isLetter(r rune) bool { return ucd.Lookup(r).Category().IsLetter() }

// isCJKWordLetter reports whether r is a Han, Kana, Hangul or Bopomofo letter,
// or U+30FC KATAKANA-HIRAGANA PROLONGED SOUND MARK.
func isCJKWordLetter(r rune) bool {
	if r == 0x30FC {
		return true
	}
	switch ucd.Lookup(r).Script() {
	case ucd.ScriptHan, ucd.ScriptHiragana, ucd.ScriptKatakana, ucd.ScriptHangul, ucd.ScriptBopomofo:
		return isLetter(r)
	}
	return false
}

// hasVisibleAccent reports whether word holds a Latin letter outside
// ASCII that passes for none: an accented letter such as ö or ş.
func hasVisibleAccent(word string) bool {
	for _, r := range word {
		if r >= utf8.RuneSelf && isLetter(r) && ucd.Lookup(r).Script() == ucd.ScriptLatin && !hostread.IsLatinLookalike(r) {
			return true
		}
	}
	return false
}

func hasASCIIDigit(s string) bool { return strings.ContainsAny(s, "0123456789") }

// isOptionName reports whether byte at of word lies in the name of an
// option: word is -name or --name, with an optional =value after it, and
// the name holds only letters, digits and hyphens.
func isOptionName(word string, at int) bool {
	name := strings.TrimLeft(word, "-")
	start := len(word) - len(name)
	if eq := strings.IndexByte(name, '='); eq >= 0 {
		name = name[:eq]
	}
	if at < start || at >= start+len(name) {
		return false
	}
	for _, r := range name {
		if r != '-' && !isLetter(r) && !('0' <= r && r <= '9') {
			return false
		}
	}
	return true
}

// reorders reports whether the right-to-left letters at i, in a word that
// ends at end, make a bidi display reorder shell syntax: the line starts
// with right-to-left text, so the whole line is laid out right to left, or
// an operator stands between them and the next right-to-left letters with
// no left-to-right letter between, so that the operator and its operands
// are shown swapped.
func (cr *commandReader) reorders(i, end int) bool {
	text := cr.text
	if layer := cr.rd.At(i).Layer; i >= cr.lineEnd || layer != cr.lineLayer {
		// A new line: where it starts, and whether it opens right to left.
		// A layer's script starts a paragraph of its own wherever it is
		// shown apart (a log, an approval screen for the inner command).
		ls, le := lineAround(text, i)
		if layer > 0 && int(layer) <= len(cr.rd.Layers) {
			ls = max(ls, min(cr.rd.Layers[layer-1].Start, i))
		}
		cr.lineEnd, cr.lineRTL, cr.lineLayer = le, firstStrongRTL(text[ls:i]), layer
	}
	if cr.lineRTL {
		return true
	}
	operator := false
	for j := end; j < len(text) && text[j] != '\n'; {
		r, n := utf8.DecodeRuneInString(text[j:])
		switch strongClass(r) {
		case bidi.L:
			return false
		case bidi.R, bidi.AL:
			return operator
		}
		if c := text[j]; strings.IndexByte("<>|&;()", c) >= 0 && cr.isOperator(j) {
			operator = true
		}
		j += n
	}
	return false
}

// lineAround returns where the line holding byte i of text starts and
// ends (before its newline).
func lineAround(text string, i int) (start, end int) {
	start = strings.LastIndexByte(text[:i], '\n') + 1
	end = strings.IndexByte(text[i:], '\n')
	if end < 0 {
		return start, len(text)
	}
	return start, end + i
}

// firstStrongRTL reports whether s holds no left-to-right letter, so that
// right-to-left letters after it open the paragraph.
func firstStrongRTL(s string) bool {
	for _, r := range s {
		switch strongClass(r) {
		case bidi.L:
			return false
		case bidi.R, bidi.AL:
			return true
		}
	}
	return true
}

// isRightToLeft reports whether r is a strong right-to-left character
// (Bidi_Class R or AL).
func isRightToLeft(r rune) bool {
	if r < firstRightToLeft {
		return false
	}
	p, _ := bidi.LookupRune(r)
	c := p.Class()
	return c == bidi.R || c == bidi.AL
}

// firstRightToLeft is the first character whose Bidi_Class is R or AL,
// where the Hebrew block starts: no Latin, Greek, Cyrillic or Armenian
// character is one, so isRightToLeft answers them without the bidi
// tables, whose first reading in a process is a good part of what a hook
// call costs on a command in those scripts (docs/performance.md, "Hook
// latency"). A test checks it.
const firstRightToLeft = 0x0590

// strongClass returns the Bidi_Class of r, which its callers read for L,
// R and AL alone: ASCII is answered without the bidi tables, its letters
// L and the rest none of the three.
func strongClass(r rune) bidi.Class {
	if r < utf8.RuneSelf {
		if 'a' <= r|0x20 && r|0x20 <= 'z' {
			return bidi.L
		}
		return bidi.ON
	}
	p, _ := bidi.LookupRune(r)
	return p.Class()
}

// hosts checks every host in every word of the command, quoted or not:
// the words that hold a non-ASCII character, and every word when the
// command holds a punycode label.
func (cr *commandReader) hosts() {
	text := cr.text
	all := hasPunycode(text)
	for start := 0; start < len(text); {
		if !all {
			k := escape.IndexNonASCII(text[start:])
			if k < 0 {
				return
			}
			start += k
			for start > 0 && !isHostBreak(text[start-1]) {
				start--
			}
		}
		end := start
		for end < len(text) && !isHostBreak(text[end]) {
			end++
		}
		// Without a punycode label, the word holds the non-ASCII byte
		// found above.
		word := text[start:end]
		cr.wordHosts(start, word)
		if indexQuoting(word) >= 0 {
			// The quotes and backslashes of layers around a host
			// (bash -c "wget \"host\""): its pieces between them too.
			for off := 0; off < len(word); {
				k := indexQuoting(word[off:])
				if k < 0 {
					k = len(word) - off
				}
				if piece := word[off : off+k]; k > 0 && k < len(word) && (all || !isASCII(piece)) {
					cr.wordHosts(start+off, piece)
				}
				off += k + 1
			}
		}
		start = end + 1
	}
}

// indexQuoting returns the index of the first quote, backquote or
// backslash in s, or -1: a table look-up a byte, where strings.IndexAny
// builds its set on every call.
func indexQuoting(s string) int {
	for i := 0; i < len(s); i++ {
		if quoting[s[i]] {
			return i
		}
	}
	return -1
}

var quoting = [256]bool{'\'': true, '"': true, '\\': true, '`': true}

func isHostBreak(c byte) bool { return hostBreaks[c] }

// hostBreaks marks the bytes that end a word in which hosts are sought.
var hostBreaks = [256]bool{' ': true, '\t': true, '\n': true, ';': true, '|': true, '&': true, '(': true, ')': true, '<': true, '>': true}

// wordHosts checks the hosts in word, found at byte start.
func (cr *commandReader) wordHosts(start int, word string) {
	for _, h := range hostread.Find(word) {
		host := word[h.Start:h.End]
		for _, f := range hostread.Check(host) {
			k := KindLookalike
			switch f.Reason {
			case hostread.MixedScript:
				k = KindMixedScript
			case hostread.MixedNumbers:
				k = KindMixedNumbers
			}
			at := start + h.Start
			cr.add(k, host, hostSpan(at, host, f), func() string { return cr.hostExplanation(at, host, f) })
		}
	}
}

// hostSpan places a finding about host, found at byte at: the character
// at fault, or the first non-ASCII character of the label at fault.
func hostSpan(at int, host string, f hostread.Finding) Span {
	// Sought from the label at fault on, not from the host's start: a
	// host of many labels is searched once per finding.
	label, end := f.Start, f.Start+len(f.Label)
	if label < 0 || end > len(host) {
		label, end = 0, len(host)
	}
	i := -1
	if f.Rune != 0 {
		if i = strings.IndexRune(host[label:end], f.Rune); i >= 0 {
			i += label
		}
	}
	if i < 0 {
		i = label // a punycode label: its first character
		if k := escape.IndexNonASCII(host[label:end]); k >= 0 {
			i = label + k
		}
	}
	_, size := utf8.DecodeRuneInString(host[i:])
	return Span{at + i, at + i + size}
}

// layerNote names the layer that holds byte i, the string some program
// runs as code, to open an explanation: "inside the script that `ssh
// prod` runs on the remote host, ".
func (cr *commandReader) layerNote(i int) string {
	k := cr.rd.At(i).Layer
	if k <= 0 || int(k) > len(cr.rd.Layers) {
		return ""
	}
	l := cr.rd.Layers[k-1]
	via := "`" + fragment(l.Via, 60) + "`"
	switch {
	case l.Kind == shellread.LayerRemote:
		return "inside the script that " + via + " runs on the remote host, "
	case l.Kind == shellread.LayerCode:
		return "inside the " + l.Lang + " code that " + via + " runs, "
	case isVariableName(l.Via):
		return "inside " + via + ", a variable whose value programs run through a shell, "
	}
	return "inside the script that " + via + " runs, "
}

// language returns the language of the code that holds byte i, when it
// is another language's (a LayerCode), or "".
func (cr *commandReader) language(i int) string {
	if k := cr.rd.At(i).Layer; k > 0 && int(k) <= len(cr.rd.Layers) {
		if l := cr.rd.Layers[k-1]; l.Kind == shellread.LayerCode {
			return l.Lang
		}
	}
	return ""
}

// isOperator reports whether byte j, one of < > | & ; ( ), is an
// operator: shell syntax, or code of another language, where the
// command reading has no parser to say more.
func (cr *commandReader) isOperator(j int) bool {
	sp := cr.rd.At(j)
	if sp.Role == shellread.Syntax {
		return true
	}
	return outside(sp) && sp.Layer > 0 && int(sp.Layer) <= len(cr.rd.Layers) && cr.rd.Layers[sp.Layer-1].Kind == shellread.LayerCode
}

func isVariableName(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c == '_' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return s != ""
}

// parseNote returns what an explanation of a finding at byte i adds when
// the command did not parse.
func (cr *commandReader) parseNote(i int) string {
	switch {
	case cr.rd.Err == nil:
		return ""
	case !cr.rd.Parsed(i):
		return " (this part of the command did not parse: it is read as unquoted text, the strictest reading)"
	}
	return " (the command did not parse in full)"
}

// The explanations of the command reading give the ASCII the text reads as
// and name what the shell does instead. Every fragment of the input in
// them is neutralized and kept to one line.

// fragment returns s neutralized, on one line, at most n bytes.
func fragment(s string, n int) string {
	return escape.OneLine(s, n)
}

// quoteExplanation explains a lookalike quote r at byte i in word.
func (cr *commandReader) quoteExplanation(i int, r rune, word string) string {
	if lang := cr.language(i); lang != "" {
		return "`" + fragment(word, 60) + "` holds " + runeName(r) + ", which looks like a quote but is none to " + lang + ": it is part of the code, not a string" + cr.parseNote(i)
	}
	e := "`" + fragment(word, 60) + "` holds " + runeName(r) + ", which looks like a quote but is none to the shell: it is part of the word, and "
	return e + cr.whatRuns(i) + cr.parseNote(i)
}

// whatRuns names the first shell syntax after byte i on its line that a
// real quote would have made inert.
func (cr *commandReader) whatRuns(i int) string {
	text := cr.text
	for j := i; j < len(text) && text[j] != '\n'; j++ {
		if cr.rd.At(j).Role != shellread.Syntax {
			continue
		}
		switch c := text[j]; {
		case c == '$' && j+1 < len(text) && text[j+1] == '(', c == '`':
			return "the command substitution `" + fragment(text[j:cr.substEnd(j)], 80) + "` runs"
		case c == ';' || c == '&' || c == '|':
			return "the `" + string(c) + "` after it is the shell's own operator, so what follows runs as a command"
		case c == '<' || c == '>':
			return "the `" + string(c) + "` after it redirects"
		}
	}
	return "the shell splits the text at its blanks and expands what the quotes seem to protect"
}

// substEnd returns where the command substitution starting at j ends.
func (cr *commandReader) substEnd(j int) int {
	text := cr.text
	if text[j] == '`' {
		if k := strings.IndexByte(text[j+1:], '`'); k >= 0 {
			return j + k + 2
		}
		return len(text)
	}
	depth := 0
	for k := j + 1; k < len(text); k++ {
		if cr.rd.At(k).Role != shellread.Syntax {
			continue
		}
		switch text[k] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return k + 1
			}
		}
	}
	return len(text)
}

// syntaxMeaning names what a shell syntax character would have done, as
// the object of "not as ...".
func syntaxMeaning(c byte) string {
	switch c {
	case '|':
		return "a pipe"
	case ';':
		return "the end of the command"
	case '&':
		return "a control operator"
	case '<', '>':
		return "a redirection"
	case '(':
		return "a subshell or substitution"
	case ')':
		return "the end of a subshell or substitution"
	case '=':
		return "an assignment"
	}
	return ""
}

// syntaxExplanation explains a character r that reads as shell syntax.
func (cr *commandReader) syntaxExplanation(i int, r rune, form, word string, sp shellread.Span) string {
	if lang := cr.language(i); lang != "" {
		return "`" + fragment(word, 60) + "` holds " + runeName(r) + ", which reads as `" + form + "` but is no syntax to " + lang + cr.parseNote(i)
	}
	e := "`" + fragment(word, 60) + "` holds " + runeName(r) + ", which reads as `" + form + "` but is an ordinary character to the shell"
	if reading := hostread.Reading(word); reading != "" && reading != word && reading != form {
		e += ": the word reads as `" + fragment(reading, 60) + "`"
	}
	meaning := syntaxMeaning(form[0])
	if strings.HasPrefix(word, cr.text[i:i+len(string(r))]) {
		switch form {
		case "-":
			meaning = "an option"
		case "~":
			meaning = "the home directory"
		}
	}
	if name := cr.commandName(i); meaning != "" && name != "" && sp.Role != shellread.Name {
		e += ", so `" + fragment(name, 40) + "` receives it as an argument, not as " + meaning
	}
	return e + cr.parseNote(i)
}

// commandName returns the name of the command whose word holds byte i.
func (cr *commandReader) commandName(i int) string {
	for k := len(cr.rd.Spans) - 1; k >= 0; k-- {
		s := cr.rd.Spans[k]
		start := cr.rd.Start(k)
		if start > i {
			continue
		}
		if s.Role == shellread.Name {
			return cr.text[start:s.End]
		}
		if s.Role == shellread.Syntax && strings.ContainsAny(cr.text[start:min(s.End, i)], ";|&\n") {
			return ""
		}
	}
	return ""
}

// wordExplanation explains a character r of word that reads as ASCII.
func (cr *commandReader) wordExplanation(word string, r rune, how string) string {
	e := "`" + fragment(word, 60) + "` holds " + runeName(r) + ", which " + how
	if reading := hostread.Reading(word); reading != "" && reading != word {
		e += ": the word reads as `" + fragment(reading, 60) + "`, but the shell passes different characters"
	}
	return e
}

// rtlExplanation explains right-to-left letters outside quotes, giving
// the words of the line in the order the shell reads them.
func (cr *commandReader) rtlExplanation(i int, word string) string {
	ls, le := lineAround(cr.text, i)
	words := strings.Fields(cr.text[ls:le])
	for k, w := range words {
		words[k] = "[" + fragment(w, 30) + "]"
	}
	order := strings.Join(words, " ")
	return fill(KindBidiReorder.explanation(""), func(w string) (string, bool) {
		switch w {
		case "token":
			return fragment(word, 60), true
		case "order":
			return escape.Clip(order, 160), true
		}
		return "", false
	}) + cr.parseNote(i)
}

// hostExplanation explains a finding about host.
func (cr *commandReader) hostExplanation(at int, host string, f hostread.Finding) string {
	e := "the host `" + fragment(host, 60) + "`"
	switch f.Reason {
	case hostread.Separator:
		e += " holds " + runeName(f.Rune) + " where a separator seems to be"
	case hostread.Compatibility:
		e += " holds " + runeName(f.Rune) + ", a compatibility form of an ASCII character"
	case hostread.MixedScript:
		e += " mixes scripts in its label `" + fragment(f.Label, 40) + "` (" + foreignChars(escape.CutUTF8(f.Label, MaxTokenLen), false) + ")"
	case hostread.WholeScript:
		e += " is written in letters of another script that all read as Latin ones (" + foreignChars(escape.CutUTF8(f.Label, MaxTokenLen), true) + "), under an ASCII top-level domain"
	case hostread.LatinLookalike:
		e += " holds " + runeName(f.Rune) + ", which reads as an ASCII letter"
	case hostread.DigitLookalike:
		e += " holds " + runeName(f.Rune) + ", which passes for a digit"
	case hostread.MixedNumbers:
		e += " mixes digits of two systems in its label `" + fragment(f.Label, 40) + "`"
	case hostread.CombiningMark:
		e += " holds " + runeName(f.Rune) + ", a mark that does not compose with its letter"
	case hostread.CJKLookalike:
		e += " holds " + runeName(f.Rune) + ", which looks like a stroke or dash between Latin letters"
	}
	if f.Reading != "" && f.Reading != host {
		e += ": it reads as `" + fragment(f.Reading, 60) + "` but is a different host"
	}
	return e + cr.parseNote(at)
}
