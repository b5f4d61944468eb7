package plainsight

import (
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/shellread"
	"github.com/plainsight-dev/plainsight/internal/spoof"
	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// This file gives the context-free checks the shell's reading of a command
// (docs/design.md, "Where the next readings plug in"): the loop of
// sanitizer.run hands the homoglyph scanner the text in pieces that end
// where the role of the bytes changes, and tells it each role first.
// Quoted strings, comments and here-document bodies are prose the shell
// does not interpret, judged by the prose rules (docs/typography.md);
// command words outside quotes, by the command rules. Escaping does not
// depend on the role.

// shellRoles walks the spans of a command's reading in input order.
type shellRoles struct {
	rd  shellread.Reading
	on  bool // rd holds the reading of the text
	k   int  // the span of the last byte asked about
	end int  // where that span ends
	set bool // the scanner has been told the role of span k
}

// readShell reads s.Text as a command, for the scanner and the typography
// judge; text that is printable ASCII but for escapes has nothing for
// them to judge and is not read.
func (s *sanitizer) readShell() {
	if isASCII(s.Text) && !hasPunycode(s.Text) {
		return
	}
	s.shell = shellRoles{rd: shellread.ReadFor(s.Text, judged), on: true}
	wholeRunes(s.Text, s.shell.rd.Spans)
	if len(s.shell.rd.Spans) > 0 {
		s.shell.end = s.shell.rd.Spans[0].End
	}
}

// wholeRunes moves every span boundary that falls inside a rune (the
// parser may end a comment at a NUL byte it drops) so that the rune lies
// in one span: the one the shell reads as code, if either does, the
// strictest reading.
func wholeRunes(text string, spans []shellread.Span) {
	for k := 0; k+1 < len(spans); k++ {
		e := spans[k].End
		if e <= 0 || e >= len(text) || utf8.RuneStart(text[e]) {
			continue
		}
		start := e
		for start > 0 && !utf8.RuneStart(text[start]) {
			start--
		}
		if _, size := utf8.DecodeRuneInString(text[start:]); start+size <= e {
			continue // invalid bytes, escaped one by one
		} else if outside(spans[k]) {
			spans[k].End = min(start+size, spans[k+1].End)
		} else if outside(spans[k+1]) {
			spans[k].End = start
			if k > 0 {
				spans[k].End = max(start, spans[k-1].End)
			}
		}
	}
}

// span returns the span holding byte i, which may not lie before the byte
// last asked about.
func (r *shellRoles) span(i int) shellread.Span {
	if r.k > 0 && i < r.rd.Spans[r.k-1].End {
		return r.rd.At(i) // not in order: never from the loop
	}
	for i >= r.end && r.k+1 < len(r.rd.Spans) {
		r.k++
		r.end, r.set = r.rd.Spans[r.k].End, false
	}
	if r.k >= len(r.rd.Spans) {
		return shellread.Span{}
	}
	return r.rd.Spans[r.k]
}

// roleAt tells the scanner the role of byte i of a command that has a
// reading, and returns where that role ends.
func (s *sanitizer) roleAt(i int) (end int) {
	sp := s.shell.span(i)
	if !s.shell.set {
		s.scan.SetRole(scannerRole(sp))
		s.shell.set = true
	}
	return min(s.shell.end, len(s.Text))
}

// scannerRole is the role of a span for the homoglyph checks.
func scannerRole(sp shellread.Span) spoof.Role {
	switch {
	case sp.Role == shellread.Comment:
		return spoof.RoleComment
	case sp.Role == shellread.Heredoc || sp.Quote.Quoted():
		return spoof.RoleQuoted
	case sp.Role == shellread.Name:
		return spoof.RoleCommandName
	case sp.Role == shellread.Option:
		return spoof.RoleOption
	}
	return spoof.RoleArgument
}

// inProse reports whether byte i of a command lies in a quoted string, a
// comment or a here-document body: prose, whose typography is judged as
// prose.
func (s *sanitizer) inProse(i int) bool {
	return s.shell.on && !outside(s.shell.span(i))
}

// gluedValues drops from fs the mixed-script findings that are only a
// one-letter option and the value glued to it (7-Zip's -o<path>, -p<password>,
// GHC's -i<dir>): getopt reads the letter and the value apart, and the
// reading gives the value the role of an argument (shellread). A value
// that mixes scripts itself is still found.
func (s *sanitizer) gluedValues(fs []spoof.Finding) []spoof.Finding {
	if !s.shell.on {
		return fs
	}
	out := fs[:0]
	for _, f := range fs {
		if f.Kind == spoof.MixedScript && s.glued(f.Token.Start, f.Token.End) {
			continue
		}
		out = append(out, f)
	}
	return out
}

// glued reports whether the token text[start:end] is an option letter,
// after a - that starts a word of code, and a glued value written in one
// script.
func (s *sanitizer) glued(start, end int) bool {
	t := s.Text
	if start < 1 || start+1 >= end || t[start-1] != '-' || start >= 2 && t[start-2] != ' ' && t[start-2] != '\t' ||
		!isASCIIAlnumRune(rune(t[start])) || t[start+1] < utf8.RuneSelf || !outside(s.shell.rd.At(start)) {
		return false
	}
	script := ucd.Script(0)
	for _, r := range s.Text[start+1 : end] {
		p := ucd.Lookup(r)
		if !p.Category().IsLetter() {
			continue
		}
		if script != 0 && p.Script() != script {
			return false
		}
		script = p.Script()
	}
	return true
}
