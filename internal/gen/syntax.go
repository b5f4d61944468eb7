package main

import (
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/unicode/runenames"
)

// shellSyntax is the ASCII a shell reads as syntax, or that a path or an
// option is made of: the characters a lookalike of which makes a reader
// see other code than the shell runs.
const shellSyntax = "#'\"`\\<>|&;$(){}[]~=-/.* "

// deriveShellSyntax collects the non-ASCII code points that a reader can
// take for shell syntax, each with the ASCII it passes for
// (docs/lookalikes.md). In order, the first that gives a form wins:
//
//  1. NFKC: the compatibility form is made of shell syntax ("<" for
//     U+FF1C, "..." for U+2026);
//  2. confusables.txt: the prototype is made of shell syntax ("/" for
//     U+2215 DIVISION SLASH, "<<" for U+226A MUCH LESS-THAN);
//  3. intentional.txt: the character is identical by design to shell
//     syntax or to a character of steps 1 and 2;
//  4. the punctuation and symbol classes the names define: the quotation
//     mark dingbats and ornaments (QUOTATION MARK in the name), the sharp
//     and number signs (NUMBER SIGN, SHARP), the reverse diagonals and
//     slashes of box drawing and mathematics (REVERSE SOLIDUS, DIAGONAL
//     UPPER LEFT TO LOWER RIGHT; SOLIDUS, DIAGONAL UPPER RIGHT TO LOWER
//     LEFT), the double angle quotation marks and the much-less-than and
//     much-greater-than signs, each drawn alone (a name that says WITH,
//     OVER, CIRCLED... is another sign);
//  5. Quotation_Mark (PropList.txt): any other quotation mark passes for
//     '"' when its name says DOUBLE, else for '\”.
//
// Combining marks are left out: they draw over the character before
// them, which the shell still reads as itself. Letters enter only through
// steps 1 to 3 (U+02BC MODIFIER LETTER APOSTROPHE). Names are those of
// golang.org/x/text/unicode/runenames, the only name data at hand.
func (d *db) deriveShellSyntax() {
	syntaxText := func(s string) bool {
		if s == "" {
			return false
		}
		for i := 0; i < len(s); i++ {
			if strings.IndexByte(shellSyntax, s[i]) < 0 {
				return false
			}
		}
		return true
	}
	proto := make(map[rune]string, len(d.confusables))
	for _, c := range d.confusables {
		proto[c.source] = c.prototype
	}
	forms := make(map[rune]string)
	for r := rune(utf8.RuneSelf); r <= maxRune; r++ {
		if !utf8.ValidRune(r) || d.skipSyntax(r) {
			continue
		}
		if f := norm.NFKC.String(string(r)); syntaxText(f) {
			forms[r] = f
		} else if p := proto[r]; syntaxText(p) {
			forms[r] = p
		}
	}
	for _, pair := range d.intentional {
		for _, ab := range [2][2]rune{pair, {pair[1], pair[0]}} {
			a, b := ab[0], ab[1]
			if a < utf8.RuneSelf || d.skipSyntax(a) || forms[a] != "" {
				continue
			}
			if b < utf8.RuneSelf && syntaxText(string(b)) {
				forms[a] = string(b)
			} else if f := forms[b]; f != "" {
				forms[a] = f
			}
		}
	}
	for r := rune(utf8.RuneSelf); r <= maxRune; r++ {
		if !utf8.ValidRune(r) || d.skipSyntax(r) || forms[r] != "" {
			continue
		}
		name := " " + runenames.Name(r) + " "
		switch d.category(r) {
		case "Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "Sm", "Sc", "Sk", "So":
			if f := namedSyntax(name); f != "" {
				forms[r] = f
				continue
			}
		}
		if d.props[r]&flagQuotationMark != 0 && !strings.Contains(name, " CORNER BRACKET ") {
			forms[r] = quoteForm(name)
		}
	}
	for r, f := range forms {
		d.shellSyntax = append(d.shellSyntax, confusable{r, f})
		d.setFlag(r, flagShellSyntax)
	}
	slices.SortFunc(d.shellSyntax, func(a, b confusable) int { return int(a.source - b.source) })
}

// skipSyntax reports whether r stays out of the shell-syntax lookalikes:
// unassigned, a combining mark, a control or a format character.
func (d *db) skipSyntax(r rune) bool {
	switch d.category(r) {
	case "Cn", "Mn", "Mc", "Me", "Cc", "Cf", "Cs", "Co":
		return true
	}
	return false
}

// quoteForm is the shell quote that the quotation mark of the given name
// passes for.
func quoteForm(name string) string {
	if strings.Contains(name, " DOUBLE ") {
		return "\""
	}
	return "'"
}

// namedSyntax returns the shell syntax that a punctuation or symbol
// character of the given name (with a space at both ends) draws like, or
// "".
func namedSyntax(name string) string {
	has := func(words ...string) bool {
		for _, w := range words {
			if strings.Contains(name, " "+w+" ") {
				return true
			}
		}
		return false
	}
	left := has("LEFT-POINTING", "LEFT")
	switch {
	case has("WITH", "OVER", "UNDER", "AND", "CIRCLED", "SQUARED", "NEGATED", "NOT", "OR", "CROSSING", "BETWEEN", "ABOVE",
		"BELOW", "PRECEDING", "DOUBLE SHARP"):
		// A sign with something drawn over, under or around it is
		// another sign.
		return ""
	case strings.Contains(name, " QUOTATION MARK ") && has("ANGLE"):
		arrow := ">"
		if left {
			arrow = "<"
		}
		if has("DOUBLE") {
			return arrow + arrow
		}
		return arrow
	case strings.Contains(name, " QUOTATION MARK "):
		return quoteForm(name)
	case has("NUMBER SIGN", "SHARP", "SHARP SIGN"):
		return "#"
	case has("REVERSE SOLIDUS", "DIAGONAL UPPER LEFT TO LOWER RIGHT"):
		return "\\"
	case has("SOLIDUS", "DIAGONAL UPPER RIGHT TO LOWER LEFT"):
		return "/"
	case has("VERY MUCH LESS-THAN"):
		return "<<<"
	case has("VERY MUCH GREATER-THAN"):
		return ">>>"
	case has("MUCH LESS-THAN", "DOUBLE NESTED LESS-THAN"):
		return "<<"
	case has("MUCH GREATER-THAN", "DOUBLE NESTED GREATER-THAN"):
		return ">>"
	}
	return ""
}
