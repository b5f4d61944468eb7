package plainsight

import (
	"strings"

	"github.com/plainsight-dev/plainsight/internal/hostread"
	"github.com/plainsight-dev/plainsight/internal/shellread"
)

// The explanations of the command reading give the ASCII the text reads as
// and name what the shell does instead. Every fragment of the input in
// them is neutralized and kept to one line.

// fragment returns s neutralized, on one line, at most n bytes.
func fragment(s string, n int) string {
	return oneLine(s, n)
}

// quoteExplanation explains a lookalike quote r at byte i in word.
func (cr *commandReader) quoteExplanation(i int, r rune, word string) string {
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
var syntaxMeaning = map[byte]string{
	'|': "a pipe", ';': "the end of the command", '&': "a control operator",
	'<': "a redirection", '>': "a redirection", '(': "a subshell or substitution",
	')': "the end of a subshell or substitution", '=': "an assignment",
}

// syntaxExplanation explains a character r that reads as shell syntax.
func (cr *commandReader) syntaxExplanation(i int, r rune, form, word string, sp shellread.Span) string {
	e := "`" + fragment(word, 60) + "` holds " + runeName(r) + ", which reads as `" + form + "` but is an ordinary character to the shell"
	if reading := hostread.Reading(word); reading != "" && reading != word && reading != form {
		e += ": the word reads as `" + fragment(reading, 60) + "`"
	}
	meaning := syntaxMeaning[form[0]]
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
	return "`" + fragment(word, 60) + "` is written right to left outside quotes: a terminal or browser that applies the bidi algorithm shows the operators and arguments around it in another order; the shell reads, left to right: " + clip(order, 160) + cr.parseNote(i)
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
		e += " mixes scripts in its label `" + fragment(f.Label, 40) + "`"
	case hostread.WholeScript:
		e += " is written in letters of another script that all read as Latin ones, under an ASCII top-level domain"
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
