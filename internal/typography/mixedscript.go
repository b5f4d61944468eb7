package typography

import (
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// This file holds T8 of docs/typography.md: which tokens that mix scripts
// can deceive a reader, and which only glue two words of different
// scripts together.

// maxDeceptiveToken bounds the bytes of a token Deceptive reads; past it a
// token is judged deceptive, as any mixed token was before.
const maxDeceptiveToken = 256

// Deceptive reports whether token, a run of letters, marks and digits that
// mixes scripts, can pass for a word of one script (UTS #39, section 4):
// split into runs of one script, some run of a script other than the
// majority's (the script with the most letters; on a tie, either) is made
// only of characters whose confusable prototype is the prototype of an
// Identifier_Status=Allowed letter or digit of the majority script.
//
// "c\u043f\u0438\u0441\u043e\u043a" (a Latin c in a Cyrillic word) and
// "p\u0430ypal" are deceptive; "USB\u043d\u0430\u043a\u043e\u043f\u0438\u0442\u0435\u043b\u044c"
// (U has no Cyrillic lookalike), "iPhone\u043e\u043c" (U+043C looks only
// like the Restricted U+028D) and "\u0394t" are not. Characters of
// scripts Common and Inherited join the run they stand in.
func Deceptive(token string) bool {
	if len(token) > maxDeceptiveToken {
		return true
	}
	type run struct {
		script ucd.Script
		start  int
		end    int
	}
	type count struct {
		script  ucd.Script
		letters int
	}
	// A token holds a few scripts and runs: arrays on the stack hold
	// them, where a map would be allocated and hashed for every token.
	var runBuf [8]run
	var countBuf [4]count
	runs, counts := runBuf[:0], countBuf[:0]
	for i, r := range token {
		p := ucd.Lookup(r)
		sc := p.Script()
		if sc == ucd.ScriptCommon || sc == ucd.ScriptInherited || !(p.Category().IsLetter() || p.Category() == ucd.Nd) {
			continue
		}
		k := 0
		for k < len(counts) && counts[k].script != sc {
			k++
		}
		if k == len(counts) {
			counts = append(counts, count{script: sc})
		}
		counts[k].letters++
		if n := len(runs); n > 0 && runs[n-1].script == sc {
			runs[n-1].end = i + utf8.RuneLen(r)
			continue
		}
		runs = append(runs, run{sc, i, i + utf8.RuneLen(r)})
	}
	most := 0
	for _, c := range counts {
		most = max(most, c.letters)
	}
	for _, c := range counts {
		if c.letters != most {
			continue
		}
		for _, ru := range runs {
			if ru.script != c.script && passesFor(token[ru.start:ru.end], c.script) {
				return true
			}
		}
	}
	return false
}

// passesFor reports whether every letter and digit of run has the
// prototype of an Identifier_Status=Allowed letter or digit of script sc.
func passesFor(run string, sc ucd.Script) bool {
	for _, r := range run {
		p := ucd.Lookup(r)
		if !(p.Category().IsLetter() || p.Category() == ucd.Nd) {
			continue
		}
		if proto, ok := ucd.Confusable(r); ok {
			if !ucd.HasAllowedPrototype(sc, proto) {
				return false
			}
			continue
		}
		// The prototype is r itself; converted from bytes in the call,
		// it is not allocated.
		var buf [utf8.UTFMax]byte
		if !ucd.HasAllowedPrototype(sc, string(utf8.AppendRune(buf[:0], r))) {
			return false
		}
	}
	return true
}
