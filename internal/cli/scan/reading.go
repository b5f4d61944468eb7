package scan

import (
	"regexp"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/internal/filetype"
)

// The policies of the readings. A tab is ordinary in every file.
var (
	scanPolicy  = plainsight.Policy{KeepTab: true}
	prosePolicy = plainsight.Policy{KeepTab: true, Context: plainsight.ContextProse}
	shellPolicy = plainsight.Policy{KeepTab: true, Context: plainsight.ContextCommand}
)

// policyFor returns the policy of reading r. Source and data files are
// read as text first; their spans get their own readings.
func policyFor(r filetype.Reading) plainsight.Policy {
	switch r {
	case filetype.Shell:
		return shellPolicy
	case filetype.Prose:
		return prosePolicy
	}
	return scanPolicy
}

// read returns the findings of text, a chunk of a file of type t that
// starts at position at, under the reading of its type (docs/scan.md).
func read(path, uri, text string, t filetype.Type, at position) []finding {
	fs := findings(path, uri, text, policyFor(t.Reading).Sanitize(text), at)
	if t.Reading == filetype.Prose {
		for i := range fs {
			fs[i].prose = true
		}
	}
	// A file is lexed when its text reading found something to judge
	// again, or when it embeds commands, which only the command reading
	// judges.
	var spans []filetype.Span
	if t.Syntax != filetype.NoSyntax && (len(fs) > 0 || t.Syntax.EmbedsShell()) {
		spans = filetype.Spans(t.Syntax, text)
		fs = readSpans(path, uri, text, spans, fs, at)
	}
	regrade(text, fs, t, at.line == 1 && at.col == 1, spans)
	regradeLiterals(text, fs, spans)
	for i := range fs {
		if fs[i].located {
			fs[i].src, fs[i].srcAt = sourceLine(text, fs[i].start)
		}
	}
	return fs
}

// readSpans reads the spans of a file their own way. A prose span (a
// comment, a string literal, a value) that holds a finding is read again
// as prose, whose findings replace the text reading's, but for the
// Trojan Source kinds, which keep the text reading's (sticky). A shell
// span is always read as a command, which replaces the text reading.
func readSpans(path, uri, text string, spans []filetype.Span, fs []finding, at position) []finding {
	if len(spans) == 0 {
		return fs
	}
	spanOf := func(off int) int {
		i := sort.Search(len(spans), func(i int) bool { return spans[i].End > off })
		if i < len(spans) && spans[i].Start <= off {
			return i
		}
		return -1
	}
	reread := make([]bool, len(spans))
	for i := range spans {
		reread[i] = spans[i].Reading == filetype.Shell
	}
	kept := fs[:0]
	for _, f := range fs {
		i := -1
		if f.located {
			i = spanOf(f.start)
		}
		switch {
		case i < 0:
			kept = append(kept, f)
		case spans[i].Reading == filetype.Prose && sticky(f, text):
			kept = append(kept, f)
		default:
			reread[i] = true
		}
	}
	fs = kept
	prev := 0
	for i, s := range spans {
		if !reread[i] {
			continue
		}
		at = at.after(text[prev:s.Start])
		prev = s.Start
		sub := text[s.Start:s.End]
		for _, f := range findings(path, uri, sub, policyFor(s.Reading).Sanitize(sub), at) {
			f.start += s.Start
			f.end += s.Start
			if s.Reading == filetype.Prose {
				if sticky(f, text) {
					continue // the text reading's finding is kept
				}
				f.prose = true
			}
			fs = append(fs, f)
		}
	}
	sortFindings(fs)
	return fs
}

// sticky reports whether f is of a kind a Trojan Source attack uses, which
// stays as the text reading found it in comments and strings too:
// controls that move the cursor or act on a terminal, tag characters, and
// the bidi overrides, embeddings and isolates (not the direction marks
// of right-to-left prose).
func sticky(f finding, text string) bool {
	k, _ := f.Kind.kind()
	switch k {
	case plainsight.KindCarriageReturn, plainsight.KindBackspace, plainsight.KindTerminalEscape,
		plainsight.KindControl, plainsight.KindHiddenTags:
		return true
	case plainsight.KindBidi:
		if !f.located {
			return true
		}
		r, _ := utf8.DecodeRuneInString(text[f.start:])
		return r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069
	}
	return false
}

// regrade lowers to info what a file's type makes ordinary: colour
// sequences (SGR) written literally into a script, also with shell
// expansions among their parameters; private-use characters (Powerline
// and Nerd Font glyphs) and symbols that look like ASCII punctuation (❯,
// ➜) in shell themes and prompt configuration; a byte order mark at the start of a file (fileStart says
// text starts there); and in prose, which no shell reads, space
// characters, punctuation that looks like ASCII punctuation (dashes,
// quotes, colons), and the joiners and direction marks of scripts that
// write with them (Persian, Hebrew, Arabic, Indic scripts). Padding is
// info in every file but for a run of spaces or tabs that pushes code, or
// prose, out of view (padding.go); spans are the file's spans, if it was
// lexed.
func regrade(text string, fs []finding, t filetype.Type, fileStart bool, spans []filetype.Span) {
	shell := lazyShell{text: text}
	for i := range fs {
		f := &fs[i]
		if !f.located || f.Severity != plainsight.SeverityWarn {
			continue
		}
		raw := text[f.start:f.end]
		r, _ := utf8.DecodeRuneInString(raw)
		switch k, _ := f.Kind.kind(); {
		case k == plainsight.KindTerminalEscape && onlySGR(raw):
			f.Severity = plainsight.SeverityInfo
		case k == plainsight.KindTerminalEscape && t.Reading == filetype.Shell && sgrTemplate().MatchString(text[f.start:]):
			f.Severity = plainsight.SeverityInfo
		case k == plainsight.KindPrivateUse && t.Prompt,
			k == plainsight.KindLookalike && t.Prompt && onlyPunctuation(raw):
			f.Severity = plainsight.SeverityInfo
		case k == plainsight.KindPadding && (strings.Trim(raw, " \t") != "" || f.start == 0 || text[f.start-1] == '\n'):
			// Blank lines and long lines are ordinary in files (minified
			// data, generated code), which editors and review tools
			// scroll, and so is deep indentation at the start of a line.
			f.Severity = plainsight.SeverityInfo
		case k == plainsight.KindPadding && hidesNothing(text, f.start, f.end, t, spans, &shell):
			// A run of spaces that pushes only comment, literal or
			// aligned text right (padding.go); one that pushes code or
			// prose out of view stays warn.
			f.Severity = plainsight.SeverityInfo
		case k == plainsight.KindZeroWidth && r == 0xfeff && f.start == 0 && fileStart,
			k == plainsight.KindInvalidUTF8 && legacyBytes(raw):
			f.Severity = plainsight.SeverityInfo
		case !f.prose:
		case k == plainsight.KindWhitespace,
			k == plainsight.KindLookalike && onlyPunctuation(raw),
			k == plainsight.KindZeroWidth && (r == 0x200c || r == 0x200d),
			k == plainsight.KindBidi && (r == 0x200e || r == 0x200f || r == 0x061c):
			f.Severity = plainsight.SeverityInfo
		}
	}
}

// legacyBytes reports whether s is invalid UTF-8 made only of bytes
// 0xA0 to 0xFF: the letters of a file in Latin-1 or another 8-bit
// encoding, none of which a terminal takes for a control (C1 controls are
// 0x80 to 0x9F).
func legacyBytes(s string) bool {
	if s == "" || utf8.ValidString(s) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 0xa0 {
			return false
		}
	}
	return true
}

// onlyPunctuation reports whether every character of s that is not ASCII
// is punctuation, a symbol or a spacing modifier mark: a dash, a quote, an
// arrow or a circumflex that looks like ASCII punctuation, never a letter
// or digit that spells a word.
func onlyPunctuation(s string) bool {
	for _, r := range s {
		if r < utf8.RuneSelf {
			continue
		}
		// U+02B9 to U+02FF are the spacing modifier marks (ˆ ˜ ː ˈ) that
		// notation and phonetics write as punctuation.
		if !unicode.IsPunct(r) && !unicode.IsSymbol(r) && (r < 0x02b9 || r > 0x02ff) {
			return false
		}
	}
	return true
}

// sgrTemplate matches an SGR sequence a script builds with shell
// expansions among its parameters, such as ESC "[38;5;${color}m": the
// terminal parser sees the "$" and "{" as the end of another sequence, but
// what the script prints is a colour. It is compiled on first use, not at
// start-up, which every command would pay.
var sgrTemplate = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^\x1b\[[0-9;:]*(\$\{?[A-Za-z_][A-Za-z0-9_]*\}?[0-9;:]*)+m`)
})

// onlySGR reports whether s is one or more SGR sequences (CSI parameters
// m, with 7-bit CSI "ESC [") and nothing else: colours and attributes,
// which cannot move the cursor, erase, retitle, link or hide text.
// Conceal (SGR 8) hides text, so a sequence holding it is not only
// colour.
func onlySGR(s string) bool {
	if s == "" {
		return false
	}
	for s != "" {
		rest, ok := strings.CutPrefix(s, "\x1b[")
		if !ok {
			return false
		}
		end := strings.IndexByte(rest, 'm')
		if end < 0 {
			return false
		}
		params := rest[:end]
		if strings.Trim(params, "0123456789;:") != "" {
			return false
		}
		for p := range strings.FieldsFuncSeq(params, func(r rune) bool { return r == ';' }) {
			if strings.TrimLeft(p, "0") == "8" {
				return false
			}
		}
		s = rest[end+1:]
	}
	return true
}
