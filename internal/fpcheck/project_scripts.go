package main

import (
	"strings"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/internal/typography"
	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// This file projects T3, T8 and T9 of docs/typography.md, the rules that
// belong with the script checks, onto the warnings Sanitize raises today.
// It reads the tokens of a warning, not the scanner's state, so it is an
// estimate: a warning that may hold more distinct tokens than it lists is
// kept.

// keepsScriptWarning reports whether the mixed_script or lookalike warning
// w on line stays warn-level under T3, T8 and T9. prose is the prose
// reading, where no line reads as a command.
func keepsScriptWarning(line string, w plainsight.Warning, prose bool) bool {
	if len(w.Tokens) >= plainsight.MaxTokens {
		return true
	}
	command := !prose && typography.ReadsAsCommand(line)
	switch w.Kind {
	case plainsight.KindMixedScript:
		// T8: an identifier-like run (a command's word, or a line that
		// is one token) keeps the Minimally Restrictive warning.
		if !prose && (command || !strings.ContainsAny(strings.TrimSpace(line), " \t")) {
			return true
		}
		for _, tok := range w.Tokens {
			tok = withoutConversion(line, tok)
			if mixesScripts(tok) && typography.Deceptive(tok) {
				return true
			}
		}
		return false
	case plainsight.KindLookalike:
		// T3, T9: quotes, dashes and the ellipsis warn on a command line
		// only; a dash that opens an option, and the hard lookalikes
		// (slashes, colons, the Greek question mark), everywhere.
		if command {
			return true
		}
		for _, tok := range w.Tokens {
			if hardLookalike(line, tok) {
				return true
			}
		}
		return false
	}
	return true
}

// withoutConversion returns tok without the tail of a printf conversion
// that ends inside it: the scanner reports "s\u041f..." for "%s\u041f...".
func withoutConversion(line, tok string) string {
	at := strings.Index(line, tok)
	if at < 0 {
		return tok
	}
	for k := at - 1; k >= 0 && k >= at-16; k-- {
		if line[k] != '%' {
			continue
		}
		if end := k + typography.ConversionLen(line[k:]); end > at && end <= at+len(tok) {
			return tok[end-at:]
		}
		break
	}
	return tok
}

// mixesScripts reports whether tok holds letters of two scripts other
// than Common and Inherited.
func mixesScripts(tok string) bool {
	first := ucd.Script(0)
	for _, r := range tok {
		sc := ucd.Lookup(r).Script()
		if sc == ucd.ScriptCommon || sc == ucd.ScriptInherited {
			continue
		}
		if first == 0 {
			first = sc
		} else if sc != first {
			return true
		}
	}
	return false
}

// hardLookalike reports whether the word tok holds a lookalike that warns
// outside command lines too: a dash that opens the word before a letter
// or another dash (an option), or a character that is neither a quote, a
// dash, an ellipsis, a prime nor, in a line with CJK letters, fullwidth
// or ideographic punctuation.
func hardLookalike(line, tok string) bool {
	cjk := strings.IndexFunc(line, isCJK) >= 0
	for i, r := range tok {
		if r < utf8.RuneSelf {
			continue
		}
		p := ucd.Lookup(r)
		cat := p.Category()
		dash := cat == ucd.Pd || r == '\u2212'
		if dash && i == 0 {
			next, _ := utf8.DecodeRuneInString(tok[utf8.RuneLen(r):])
			if 'a' <= next|0x20 && next|0x20 <= 'z' || next == '-' || ucd.Lookup(next).Category() == ucd.Pd {
				return true
			}
		}
		switch {
		case dash, cat == ucd.Pi, cat == ucd.Pf, cat == ucd.No, cat.IsLetter(), cat.IsMark(), cat.IsNumber() && !(r >= 0xFF10 && r <= 0xFF19):
		case r == 0x2025 || r == 0x2026, r >= 0x2032 && r <= 0x2037:
		case cjk && (r >= 0xFF01 && r <= 0xFF65 || r >= 0x3000 && r <= 0x303F || r >= 0xFE10 && r <= 0xFE6F):
		case r >= 0xFF10 && r <= 0xFF19 && cjk:
		default:
			return true
		}
	}
	return false
}

func isCJK(r rune) bool {
	switch ucd.Lookup(r).Script() {
	case ucd.ScriptHan, ucd.ScriptHiragana, ucd.ScriptKatakana, ucd.ScriptHangul, ucd.ScriptBopomofo:
		return true
	}
	return false
}
