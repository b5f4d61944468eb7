package plainsight

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/runenames"

	"github.com/plainsight-dev/plainsight/ansi"
	"github.com/plainsight-dev/plainsight/internal/escape"
	"github.com/plainsight-dev/plainsight/internal/spoof"
	"github.com/plainsight-dev/plainsight/internal/typography"
	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// The explanations name the danger concretely, in one line of plain
// English. They quote offenders only in escaped form.

// fill returns the template tmpl (kinds.txtar) with each $word in it
// replaced by value(word); a word value does not know stays as it is, which
// TestExplanationTemplates catches. Values are computed only for the words
// the template holds, and are not read again for words.
func fill(tmpl string, value func(word string) (string, bool)) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(tmpl, '$')
		if i < 0 {
			b.WriteString(tmpl)
			return b.String()
		}
		j := i + 1
		for j < len(tmpl) && tmpl[j] >= 'a' && tmpl[j] <= 'z' {
			j++
		}
		b.WriteString(tmpl[:i])
		if v, ok := value(tmpl[i+1 : j]); ok {
			b.WriteString(v)
		} else {
			b.WriteString(tmpl[i:j])
		}
		tmpl = tmpl[j:]
	}
}

// runeWords fills the words of a template about the code point r:
// $escape, $name.
func runeWords(r rune, word string) (string, bool) {
	switch word {
	case "escape":
		return EscapeRune(r), true
	case "name":
		return runeName(r), true
	}
	return "", false
}

// runeName names the code point r: "U+202E RIGHT-TO-LEFT OVERRIDE", or
// just "U+1FAE9" when the name tables predate it. A character shown as
// itself comes first, so that the reader can find it in the token, and a
// mark on a dotted circle, as the code charts draw it:
// "і U+0456 CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I". Its script
// follows when the name does not say it: "ʰ U+02B0 MODIFIER LETTER SMALL H
// (Latin)".
func runeName(r rune) string {
	var b strings.Builder
	if r > ' ' && r != 0x7F {
		if g := string(r); escape.Neutralize(g) == g {
			if ucd.Lookup(r).Category().IsMark() {
				b.WriteRune('\u25cc')
			}
			b.WriteString(g)
			b.WriteByte(' ')
		}
	}
	fmt.Fprintf(&b, "U+%04X", r)
	name := runenames.Name(r)
	if name == "" || strings.HasPrefix(name, "<") {
		return b.String()
	}
	b.WriteByte(' ')
	b.WriteString(name)
	switch sc := ucd.Lookup(r).Script(); sc {
	case ucd.ScriptCommon, ucd.ScriptInherited, ucd.ScriptUnknown:
	default:
		if s := sc.String(); !strings.Contains(name, strings.ToUpper(s)) {
			b.WriteString(" (" + s + ")")
		}
	}
	return b.String()
}

// maxNamed is the most characters an explanation names one by one; the
// rest are counted.
const maxNamed = 3

// foreignChars names the distinct characters of tok that are not of its
// main script, the script most of its letters are written in (Latin on a
// tie, as the script the others pass for): "а U+0430 CYRILLIC SMALL LETTER
// A". A character counts with its Script_Extensions, so that a mark or
// sign of the main script's own is not foreign. With all set, as for a
// whole-script confusable, every letter is named instead. When no
// character is foreign by these rules, every non-ASCII one is named, so
// that the list is never empty.
func foreignChars(tok string, all bool) string {
	counts := map[ucd.Script]int{}
	var order []ucd.Script
	for _, r := range tok {
		sc := ucd.Lookup(r).Script()
		if sc == ucd.ScriptCommon || sc == ucd.ScriptInherited || sc == ucd.ScriptUnknown {
			continue
		}
		if counts[sc] == 0 {
			order = append(order, sc)
		}
		counts[sc]++
	}
	main := ucd.ScriptUnknown
	for _, sc := range order {
		if main == ucd.ScriptUnknown || counts[sc] > counts[main] || counts[sc] == counts[main] && sc == ucd.ScriptLatin {
			main = sc
		}
	}
	if all {
		main = ucd.ScriptUnknown
	}
	foreign := func(r rune) bool {
		scx := ucd.ScriptExtensions(r)
		return !scx.Has(ucd.ScriptCommon) && !scx.Has(ucd.ScriptInherited) &&
			(main == ucd.ScriptUnknown || !scx.Has(main))
	}
	s := nameChars(tok, foreign)
	if s == "" {
		s = nameChars(tok, func(r rune) bool { return r >= utf8.RuneSelf })
	}
	return s
}

// nameChars names the distinct characters of tok that pick reports, the
// first maxNamed of them by name and the rest by count.
func nameChars(tok string, pick func(rune) bool) string {
	var named []string
	var seen []rune
	more := 0
	for _, r := range tok {
		if slices.Contains(seen, r) || !pick(r) {
			continue
		}
		seen = append(seen, r)
		if len(named) < maxNamed {
			named = append(named, runeName(r))
		} else {
			more++
		}
	}
	return namedList(named, more)
}

// namedList joins the names of characters, with the count of those left
// out: "A, B and 2 more".
func namedList(named []string, more int) string {
	if more > 0 {
		named = append(named, strconv.Itoa(more)+" more")
	}
	return joinNames(named)
}

// controlEffect says what a terminal does with a control character.
func controlEffect(r rune) string {
	switch r {
	case 0x00:
		return "cuts the text short for programs that stop at NUL"
	case 0x07:
		return "rings the terminal bell and ends terminal title strings early"
	case 0x0B, 0x0C:
		return "moves the cursor down, breaking the line where it does not appear to break"
	case 0x0E, 0x0F:
		return "switches the terminal's character set, garbling the text after it"
	case 0x1B:
		return "starts a terminal escape sequence"
	case 0x7F:
		return "is a delete control that terminals act on instead of showing"
	case 0x85:
		return "is a C1 line break that some programs honour and others do not"
	}
	if r >= 0x80 {
		return "is a C1 control that a terminal can act on instead of showing"
	}
	return "is a control character that a terminal can act on instead of showing"
}

// bidiEffect says how a bidi control changes the display.
func bidiEffect(r rune) string {
	switch r {
	case 0x202E:
		return "reverses the order in which the following text is displayed"
	case 0x202D:
		return "forces the following text to display left to right, whatever its letters"
	case 0x202A, 0x202B:
		return "starts an embedded run of text in another direction, which can move it"
	case 0x202C:
		return "ends a bidi embedding or override, hiding where the reordering stops"
	case 0x2066, 0x2067, 0x2068:
		return "isolates the following text as a run in another direction, which can move it"
	case 0x2069:
		return "ends a bidi isolate, hiding where the reordering stops"
	}
	return "is an invisible direction mark that can move neighbouring punctuation and digits"
}

// explainRune explains the first offender of a code-point class.
func explainRune(cls Class, r rune) string {
	k := cls.Kind()
	variant := ""
	if cls == ClassWhitespace && (r == 0x2028 || r == 0x2029) {
		variant = "break"
	}
	if k == KindUnknown {
		return EscapeRune(r) + " is escaped" // a tab: escaped, never reported
	}
	return fill(k.explanation(variant), func(word string) (string, bool) {
		switch word {
		case "control":
			return ansi.ControlName(r), true
		case "effect":
			if cls == ClassBidi {
				return bidiEffect(r), true
			}
			return controlEffect(r), true
		case "version":
			return UnicodeVersion, true
		}
		return runeWords(r, word)
	})
}

// selectorExplanation explains a run of n stray variation selectors after
// base.
func selectorExplanation(n int, base rune) string {
	variant := "run"
	if n == 1 {
		variant = ""
	}
	return fill(KindVariationSelectors.explanation(variant), func(word string) (string, bool) {
		switch word {
		case "after":
			if base != 0 && base != 0xFFFD {
				return `after "` + escape.OneLine(string(base), escape.MaxNotation) + `"`, true
			}
			return "at the start of the text", true
		case "count":
			return strconv.Itoa(n), true
		}
		return "", false
	})
}

// sequencesExplanation explains the terminal sequences found, by what
// they would do.
func sequencesExplanation(effects []string) string {
	return fill(KindTerminalEscape.explanation(""), func(word string) (string, bool) {
		return strings.Join(effects, "; "), word == "effects"
	})
}

// typographicPlaces says, for each rule, where it puts a code point.
var typographicPlaces = [...]string{
	typography.HighPunctuation:  "before a high punctuation mark or inside guillemets, as French typography spaces them",
	typography.ShortWord:        "after a one- or two-letter word, an abbreviation or an elision, as Czech, Slovak and Polish typesetting keep them",
	typography.WordSeparator:    "between words of a script written without spaces (Thai, Lao, Khmer, Myanmar)",
	typography.Number:           "between digit groups or between a number and its unit",
	typography.FinalNonJoiner:   "at the end of a word, after a virama or a joining letter",
	typography.DirectionMark:    "at the edge of a word or number in right-to-left text, to settle its direction",
	typography.IdeographicSpace: "in Chinese, Japanese or Korean text",
	typography.WordSpace:        "between two words, as a space that keeps them on one line",
	typography.MorphemeBoundary: "between the parts of a word, after a letter that does not join, as Persian orthography writes it",
}

// explainTypography explains an occurrence of r, of kind k, in the
// typographic place of rule; literal says it is shown as is.
func explainTypography(k Kind, r rune, rule typography.Rule, literal bool) string {
	variant := "typography"
	if literal {
		variant = "typography-prose"
	}
	return fill(k.explanation(variant), func(word string) (string, bool) {
		if word == "place" {
			if int(rule) < len(typographicPlaces) && typographicPlaces[rule] != "" {
				return typographicPlaces[rule], true
			}
			return "in a typographic place", true
		}
		return runeWords(r, word)
	})
}

// describeSequence says in plain words what a terminal would do with a
// sequence. Quoted payload is neutralized and clipped.
func describeSequence(k ansi.Kind, seq *ansi.Seq) string {
	if seq.Term == ansi.TermEOF {
		return "start an escape sequence that never completes, which can swallow the text shown after it"
	}
	switch k {
	case ansi.KindCSI:
		return describeCSI(seq)
	case ansi.KindESC:
		return describeESC(seq)
	case ansi.KindOSC:
		return describeOSC(seq)
	case ansi.KindDCS:
		p := string(seq.Payload)
		switch {
		case seq.Intermediates[0] == '$' && seq.Final == 'q', strings.HasPrefix(p, "$q"):
			return "query terminal settings, whose reply is typed back as input (DECRQSS echoback)"
		case seq.Intermediates[0] == '+' && seq.Final == 'q', strings.HasPrefix(p, "+q"):
			return "query terminal capabilities, whose reply is typed back as input (XTGETTCAP echoback)"
		case seq.Final == 'q':
			return "draw sixel graphics over the screen"
		}
		return "send a device control string (DCS) to the terminal"
	case ansi.KindSOS, ansi.KindPM, ansi.KindAPC:
		return "send the terminal a hidden " + strings.ToUpper(k.String()) + " string that it consumes without showing"
	}
	return "run a terminal control"
}

func describeCSI(seq *ansi.Seq) string {
	param := func(i int) int {
		if i < seq.NumParams && !seq.Params[i].Missing {
			return int(seq.Params[i].Value)
		}
		return 0
	}
	if seq.Ignored || seq.Final == 0 {
		return "run a malformed control sequence that terminals read differently"
	}
	if seq.NumIntermediates > 0 {
		switch {
		case seq.Intermediates[0] == '*' && seq.Final == 'y':
			return "read the screen's contents back (DECRQCRA echoback)"
		case seq.Intermediates[0] == '$' && seq.Final == 'p':
			return "query a terminal mode, whose reply is typed back as input (echoback)"
		case seq.Intermediates[0] == ' ' && seq.Final == 'q':
			return "change the cursor style"
		}
		return "run a terminal control function"
	}
	switch seq.Private {
	case '?':
		switch seq.Final {
		case 'h', 'l':
			switch param(0) {
			case 1049, 47, 1047:
				return "switch to the alternate screen, hiding what was shown"
			case 2004:
				return "toggle bracketed paste, changing how pasted text is read"
			case 1000, 1002, 1003, 1006, 1015:
				return "turn on mouse reporting, so clicks become input"
			case 25:
				return "hide or show the cursor"
			case 5:
				return "reverse the screen's colours"
			}
			return "switch a terminal mode"
		case 'n', 'c', 'u':
			return "query the terminal, whose reply is typed back as input (echoback)"
		}
		return "run a private terminal control"
	case '>', '<', '=':
		switch seq.Final {
		case 'm':
			return "change how the keyboard is reported (modifyOtherKeys), which can stop Ctrl-C from working"
		case 'c', 'q':
			return "query the terminal, whose reply is typed back as input (echoback)"
		}
		return "run a private terminal control"
	}
	switch seq.Final {
	case 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'f', 'd', '`', 'a', 'e', 's', 'u':
		return "move the cursor, so later text overwrites what is shown"
	case 'J':
		if p := param(0); p == 2 || p == 3 {
			return "clear the screen"
		}
		return "erase part of the screen"
	case 'K':
		return "erase the line"
	case 'm':
		for j := 0; j < seq.NumParams; j++ {
			if p := seq.Params[j]; !p.Sub && !p.Missing && p.Value == 8 {
				return "hide the text that follows (conceal)"
			}
		}
		return "change the colour or style of the text"
	case 'n', 'c':
		return "query the terminal, whose reply is typed back as input (echoback)"
	case 't':
		return "resize, move or report the window (echoback)"
	case 'r':
		return "set the scrolling region"
	case 'S', 'T':
		return "scroll the screen"
	case 'L', 'M', 'P', '@', 'X':
		return "insert or delete characters or lines on screen"
	case 'b':
		return "repeat the previous character many times"
	case 'h', 'l':
		return "switch a terminal mode"
	}
	return "run a terminal control function"
}

// abandonedESC is what an ESC that the next ESC cancels would do.
const abandonedESC = "start an escape sequence that never completes"

func describeESC(seq *ansi.Seq) string {
	if seq.NumIntermediates > 0 {
		switch seq.Intermediates[0] {
		case '(', ')', '*', '+', '-', '.', '/':
			return "switch the character set, garbling the text after it"
		case '#':
			if seq.Final == '8' {
				return "fill the screen with the letter E"
			}
			return "change the line's size"
		}
		return "run a terminal control"
	}
	switch seq.Final {
	case 'c':
		return "reset the terminal"
	case '7', '8':
		return "save or restore the cursor, so later text overwrites what is shown"
	case 'D', 'E', 'M':
		return "move the cursor to another line"
	case 'Z':
		return "query the terminal, whose reply is typed back as input (echoback)"
	case '\\':
		return "end a control string"
	case '=', '>':
		return "switch the keypad mode"
	case 0:
		return abandonedESC
	}
	return "run a terminal control"
}

func describeOSC(seq *ansi.Seq) string {
	payload := string(seq.Payload)
	num, rest, _ := strings.Cut(payload, ";")
	if num == "" || len(num) > 5 || strings.Trim(num, "0123456789") != "" {
		// Not a command number; checked first because a failing Atoi
		// allocates its error, once per sequence of a hostile stream.
		return "send an operating system command to the terminal"
	}
	n, _ := strconv.Atoi(num)
	quoted := func(s string) string {
		return `"` + escape.OneLine(s, 40) + `"`
	}
	switch n {
	case 0, 1, 2:
		return "set the window title to " + quoted(rest)
	case 8:
		_, uri, _ := strings.Cut(rest, ";")
		if uri == "" {
			return "end a hyperlink"
		}
		return "make the text that follows a link to " + quoted(uri)
	case 52:
		_, data, _ := strings.Cut(rest, ";")
		if data == "?" {
			return "read the clipboard back as input (echoback)"
		}
		return "write to the clipboard"
	case 7:
		return "report the working directory to the terminal"
	case 4, 10, 11, 12, 17, 19:
		if strings.Contains(rest, "?") {
			return "query the terminal's colours, whose reply is typed back as input (echoback)"
		}
		return "change the terminal's colours"
	case 50:
		return "set or query the terminal font (echoback)"
	case 9, 777:
		return "show a desktop notification"
	}
	return "send operating system command " + strconv.Itoa(n) + " to the terminal"
}

// explainSpoof explains the first homoglyph finding of kind k: the token
// tok, neutralized and clipped as t, with r the character the finding
// names.
func explainSpoof(k Kind, t, tok string, r rune) string {
	// Readings are shown for the clipped token only: a hostile token
	// may be the whole text.
	tok = escape.CutUTF8(tok, MaxTokenLen)
	variant := ""
	var scripts, reading, form, chars string
	switch k {
	case KindMixedScript:
		var names []string
		for _, sc := range spoof.Scripts(tok) {
			names = append(names, sc.String())
		}
		if len(names) < 2 {
			// Mixed through Script_Extensions only, such as a Greek-only
			// mark on a Latin letter.
			names = append(names, "characters of another script")
		}
		scripts = joinNames(names)
		chars = foreignChars(tok, false)
		if reading = spoof.SkeletonReading(tok); reading != "" && reading != tok {
			variant = "reading"
		}
	case KindMixedNumbers:
		scripts, reading, chars = numberSystems(tok)
		if reading != "" {
			variant = "reading"
		}
	case KindLookalike:
		r, form, reading = spoof.LookalikeReading(tok)
		if reading != "" {
			variant = "reading"
		}
	case KindWholeScriptConfusable:
		script := ucd.ScriptCommon
		if ss := spoof.Scripts(tok); len(ss) > 0 {
			script = ss[0]
		}
		scripts, reading = script.String(), spoof.SkeletonReading(tok)
		chars = foreignChars(tok, true)
	case KindCombiningMarks:
		if r != 0 {
			variant = "repeat"
		}
	}
	return fill(k.explanation(variant), func(word string) (string, bool) {
		switch word {
		case "token":
			return t, true
		case "scripts", "systems", "script":
			return scripts, true
		case "reading":
			return reading, true
		case "form":
			return form, true
		case "chars":
			return chars, true
		case "max":
			return strconv.Itoa(spoof.MaxMarks), true
		}
		return runeWords(r, word)
	})
}

// joinNames joins names as "A", "A and B", "A, B and C".
func joinNames(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// numberSystems returns the number systems of the digits of tok, joined,
// the ASCII the token reads as when every other character of it is
// printable ASCII ("" otherwise), and the names of the digits that are not
// of the first system (ASCII when the token has ASCII digits).
func numberSystems(tok string) (systems, reading, chars string) {
	var names, named []string
	var seen []rune
	var b strings.Builder
	ascii := tok != ""
	first, more := rune(-1), 0
	if hasASCIIDigit(tok) {
		first = '0'
	}
	for _, r := range tok {
		zero, ok := ucd.DigitZero(r)
		if !ok {
			ascii = ascii && r >= ' ' && r < 0x7F
			b.WriteRune(r)
			continue
		}
		b.WriteByte(byte('0' + r - zero))
		if name := digitSystem(zero); !slices.Contains(names, name) {
			names = append(names, name)
		}
		if first < 0 {
			first = zero
		}
		if zero != first && !slices.Contains(seen, r) {
			seen = append(seen, r)
			if len(named) < maxNamed {
				named = append(named, runeName(r))
			} else {
				more++
			}
		}
	}
	if ascii {
		reading = b.String()
	}
	return joinNames(names), reading, namedList(named, more)
}

// digitSystem names the decimal system whose zero is zero.
func digitSystem(zero rune) string {
	switch {
	case zero == '0':
		return "ASCII"
	case zero == 0xFF10:
		return "fullwidth"
	case zero >= 0x1D7CE && zero <= 0x1D7FF:
		return "mathematical"
	}
	sc := ucd.Lookup(zero).Script()
	if sc == ucd.ScriptCommon {
		return runeName(zero)
	}
	return sc.String()
}
