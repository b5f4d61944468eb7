package typography

import "github.com/plainsight-dev/plainsight/internal/ucd"

// This file holds the rules for zero-width characters between and at the
// end of words: T4 (the zero-width space of scripts written without
// spaces) and T6 (the word-final zero-width non-joiner) of
// docs/typography.md.

// wordSeparator reports whether the zero-width space at text[i:i+size]
// separates words of a script written without spaces (T4): one of its
// neighbours, past any other zero-width spaces of its run and at most one
// space, is a letter or mark of a Line_Break=SA script.
func (j *Judge) wordSeparator(i, size int) bool {
	start, end, ok := j.run(i, size, func(r rune) bool { return r == '\u200b' })
	if !ok {
		return false
	}
	prev, psize := j.before(start)
	if prev == ' ' {
		prev, _ = j.before(start - psize)
	}
	next, nsize := j.after(end)
	if next == ' ' {
		next, _ = j.after(end + nsize)
	}
	return complexContext(prev) || complexContext(next)
}

// complexContext reports whether r is a letter, mark or punctuation of a
// script whose letters have Line_Break=SA (Complex_Context) in
// LineBreak.txt: the scripts written without spaces between words, whose
// word boundaries need a dictionary or a zero-width space. The scripts'
// own punctuation (Khmer KHAN, Myanmar SECTION, Thai ANGKHANKHU) ends a
// word too.
func complexContext(r rune) bool {
	p, ok := visible(r)
	if !ok || !(p.Category().IsLetter() || p.Category().IsMark() || p.Category().IsPunct()) {
		return false
	}
	switch p.Script() {
	case ucd.ScriptThai, ucd.ScriptLao, ucd.ScriptMyanmar, ucd.ScriptKhmer,
		ucd.ScriptTaiLe, ucd.ScriptNewTaiLue, ucd.ScriptTaiTham, ucd.ScriptTaiViet, ucd.ScriptAhom:
		return true
	}
	return false
}

// run returns the bounds of the run of code points matching in that holds
// text[i:i+size], and false if the run is longer than maxRun.
func (j *Judge) run(i, size int, in func(rune) bool) (start, end int, ok bool) {
	start, end, n := i, i+size, 1
	for {
		r, rsize := j.before(start)
		if !in(r) {
			break
		}
		if n++; n > maxRun {
			return 0, 0, false
		}
		start -= rsize
	}
	for {
		r, rsize := j.after(end)
		if !in(r) {
			break
		}
		if n++; n > maxRun {
			return 0, 0, false
		}
		end += rsize
	}
	return start, end, true
}

// finalNonJoiner reports whether the zero-width non-joiner at
// text[i:i+size] ends a word (T6): it stands before a space, punctuation
// or the end of the line, after a virama that follows a letter of the
// virama's script (an explicit virama), or after an Arabic-script letter
// that joins on its left (a Persian word-final ZWNJ).
func (j *Judge) finalNonJoiner(i, size int) bool {
	prev, psize := j.before(i)
	if prev == '\u200d' {
		// A chillu spelled consonant, virama, ZWJ (the Unicode Standard,
		// 12.9, Malayalam; Telugu and Kannada write the same), closed by
		// a ZWNJ so that it does not join what follows: judged as the
		// ZWNJ after the virama would be, whatever follows.
		return j.afterVirama(i - psize)
	}
	next, _ := j.after(i + size)
	if p, ok := visible(next); !isSpace(next) && !isNoBreakSpace(next) && !(ok && p.Category().IsPunct()) {
		return false
	}
	p, ok := visible(prev)
	if !ok {
		return false
	}
	switch {
	case p.Virama():
		return j.afterVirama(i)
	case p.Category().IsLetter() && p.Script() == ucd.ScriptArabic:
		jt := p.JoiningType()
		return jt == ucd.JoiningD || jt == ucd.JoiningL
	}
	return false
}

// afterVirama reports whether text[:i] ends in $L $M* $V: a letter, marks,
// and a virama of the letter's script.
func (j *Judge) afterVirama(i int) bool {
	v, vsize := j.before(i)
	p, ok := visible(v)
	if !ok || !p.Virama() {
		return false
	}
	q, ok := j.baseLetter(i - vsize)
	return ok && q.Script() == p.Script()
}

// baseLetter returns the properties of the letter that text[:i] ends in,
// past at most maxRun marks, and false if another code point comes first.
func (j *Judge) baseLetter(i int) (ucd.Props, bool) {
	for range maxRun + 1 {
		r, rsize := j.before(i)
		p, ok := visible(r)
		switch {
		case !ok:
			return 0, false
		case p.Category().IsLetter():
			return p, true
		case !p.Category().IsMark():
			return 0, false
		}
		i -= rsize
	}
	return 0, false
}

// morphemeBoundary reports whether the zero-width non-joiner at
// text[i:i+size] marks the boundary between the parts of a Persian word
// after a letter that does not join on its left (T6.4): an Arabic-script
// letter of Joining_Type R, then marks, before it, and an Arabic-script
// letter after it ("\u0628\u0647\u200c\u0631\u0648\u0632\u200c\u0631\u0633\u0627\u0646\u06cc").
// Persian orthography writes the non-joiner at every such boundary,
// between a word and its prefix or suffix and between the parts of a
// compound, whether or not the letter before would join: after a
// right-joining letter it changes nothing on screen, and a word of one
// script is as readable with it as without.
func (j *Judge) morphemeBoundary(i, size int) bool {
	next, _ := j.after(i + size)
	if q, ok := visible(next); !ok || !q.Category().IsLetter() || q.Script() != ucd.ScriptArabic {
		return false
	}
	p, ok := j.baseLetter(i)
	return ok && p.Script() == ucd.ScriptArabic && p.JoiningType() == ucd.JoiningR
}
