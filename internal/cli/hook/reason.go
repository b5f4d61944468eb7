package hook

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/runenames"

	"github.com/plainsight-dev/plainsight"
)

// The reason is what the person reads in the agent's own dialog, which
// renders it as plain text: it is printable ASCII and newlines only, every
// other character written as its escape (\u{0456}) and named, and short
// enough for a dialog, saying how much it leaves out.
const (
	maxShownLines    = 20  // lines of the command shown
	maxLineWidth     = 120 // bytes of one shown line, escapes included
	maxShownWarnings = 6   // warnings shown
	maxNamedPerLine  = 4   // characters named under one warning
	maxNamedOther    = 8   // characters of the command named at the end
	minBlankRun      = 3   // blank lines from which a run is folded
	minSpaceRun      = 24  // spaces from which a run is folded
)

// reason returns the reason for decision d on command, read as res.
func reason(command string, res plainsight.Result, d decision) string {
	var b strings.Builder
	named := map[rune]bool{}
	warns := ordered(res.Warnings)
	n := 0
	for _, w := range warns {
		if w.Severity == plainsight.SeverityWarn {
			n++
		}
	}
	verb := "Read it as the shell will before you approve it."
	if d == deny {
		verb = "plainsight denied it: a person should read it first, and can run it by hand."
	}
	fmt.Fprintf(&b, "plainsight: this command may not do what it appears to (%s). %s\n", plural(n, "warning"), verb)

	b.WriteString("\nThe command as the shell reads it (non-ASCII written as \\u{...}, long blank runs folded):\n")
	lines, more := shownLines(res.Text)
	var other []rune
	for _, l := range lines {
		b.WriteString("    ")
		b.WriteString(l.text)
		b.WriteByte('\n')
		other = append(other, l.runes...)
	}
	if more > 0 {
		fmt.Fprintf(&b, "    <%s not shown>\n", moreOf(more, "line"))
	}

	b.WriteString("\nWarnings:\n")
	for i, w := range warns {
		if i == maxShownWarnings {
			fmt.Fprintf(&b, "  <%s not shown; plainsight check shows them all>\n", moreOf(len(warns)-i, "warning"))
			break
		}
		line := warningLine(command, w)
		text, runes := escapeASCII(line, -1)
		fmt.Fprintf(&b, "  %s\n", text)
		k := 0
		for _, r := range runes {
			if named[r] {
				continue
			}
			if k == maxNamedPerLine {
				fmt.Fprintf(&b, "      <more characters not named>\n")
				break
			}
			named[r] = true
			fmt.Fprintf(&b, "      %s is %s\n", plainsight.EscapeRune(r), runeName(r))
			k++
		}
	}

	left := 0
	k := 0
	for _, r := range other {
		if named[r] {
			continue
		}
		named[r] = true
		if k == maxNamedOther {
			left++
			continue
		}
		if k == 0 {
			b.WriteString("\nOther characters in the command:\n")
		}
		fmt.Fprintf(&b, "  %s is %s\n", plainsight.EscapeRune(r), runeName(r))
		k++
	}
	if left > 0 {
		fmt.Fprintf(&b, "  <%s not named>\n", moreOf(left, "character"))
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// ordered returns the warnings in the order of their first place in the
// command, unplaced ones last.
func ordered(ws []plainsight.Warning) []plainsight.Warning {
	ws = slices.Clone(ws)
	slices.SortStableFunc(ws, func(a, b plainsight.Warning) int {
		return cmp.Compare(firstOffset(a), firstOffset(b))
	})
	return ws
}

func firstOffset(w plainsight.Warning) int {
	if len(w.Locations) == 0 {
		return int(^uint(0) >> 1)
	}
	return w.Locations[0].Input.Start
}

// warningLine is one warning in a line: where it is first found, as
// line:column of the command, its kind and severity, and its explanation.
func warningLine(command string, w plainsight.Warning) string {
	where := "-"
	if len(w.Locations) > 0 {
		line, col := plainsight.LineColumn(command, w.Locations[0].Input.Start)
		where = fmt.Sprintf("%d:%d", line, col)
	}
	s := fmt.Sprintf("%s %s", where, w.Kind)
	if w.Severity != plainsight.SeverityWarn {
		s += " (" + w.Severity.String() + ")"
	}
	s += ": " + w.Explanation
	if w.Count > 1 {
		s += fmt.Sprintf(" (%d times)", w.Count)
	}
	if w.Decoded != "" {
		s += "; it decodes to: " + w.Decoded
	}
	return s
}

// A shownLine is one line of the command as the reason shows it, and the
// non-ASCII characters it escapes.
type shownLine struct {
	text  string
	runes []rune
}

// shownLines returns the first lines of text, the neutralized command, as
// the reason shows them, and how many more lines there are: runs of
// minBlankRun blank lines or more fold into one line that counts them,
// runs of minSpaceRun spaces or more into a marker that counts them, and
// a line is cut at maxLineWidth with the count of what is cut.
func shownLines(text string) (lines []shownLine, more int) {
	text = strings.TrimSuffix(text, "\n")
	blank := 0
	emit := func(s string) {
		if len(lines) == maxShownLines {
			more++
			return
		}
		t, runes := escapeASCII(foldSpaces(s), maxLineWidth)
		lines = append(lines, shownLine{t, runes})
	}
	flush := func() {
		if blank >= minBlankRun {
			emit(fmt.Sprintf("<%d blank lines>", blank))
		} else {
			for range blank {
				emit("")
			}
		}
		blank = 0
	}
	for line := range strings.SplitSeq(text, "\n") {
		if strings.Trim(line, " ") == "" {
			blank++
			continue
		}
		flush()
		emit(line)
	}
	flush()
	return lines, more
}

// foldSpaces folds each run of minSpaceRun spaces or more in s into a
// marker that counts them.
func foldSpaces(s string) string {
	if !strings.Contains(s, strings.Repeat(" ", minSpaceRun)) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j] == ' ' {
			j++
		}
		if n := j - i; n >= minSpaceRun {
			fmt.Fprintf(&b, "<%d spaces>", n)
			i = j
			continue
		}
		if j > i {
			b.WriteString(s[i:j])
			i = j
			continue
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

// escapeASCII writes every character of s outside printable ASCII as its
// escape, and returns the result with the distinct characters escaped, in
// order. With width >= 0, it stops before the result would pass width
// bytes and says how many characters it left out.
func escapeASCII(s string, width int) (string, []rune) {
	var b strings.Builder
	var runes []rune
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		var piece string
		switch {
		case r >= ' ' && r < utf8.RuneSelf:
			piece = s[i : i+1]
		case r == utf8.RuneError && size == 1:
			piece = plainsight.EscapeByte(s[i])
		default:
			piece = plainsight.EscapeRune(r)
			if r >= utf8.RuneSelf && !slices.Contains(runes, r) {
				runes = append(runes, r)
			}
		}
		if width >= 0 && b.Len()+len(piece) > width {
			fmt.Fprintf(&b, " <%s on this line>", moreOf(utf8.RuneCountInString(s[i:]), "character"))
			break
		}
		b.WriteString(piece)
		i += size
	}
	return b.String(), runes
}

// asciiLine is s with every character outside printable ASCII escaped.
func asciiLine(s string) string {
	t, _ := escapeASCII(s, -1)
	return t
}

// runeName returns "U+0456 CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I",
// or "U+XXXX" alone where the name tables have no name.
func runeName(r rune) string {
	name := runenames.Name(r)
	if name == "" || strings.HasPrefix(name, "<") {
		return fmt.Sprintf("U+%04X", r)
	}
	return fmt.Sprintf("U+%04X %s", r, name)
}

// moreOf returns "1 more line" or "3 more lines".
func moreOf(n int, noun string) string {
	return plural(n, "more "+noun)
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
