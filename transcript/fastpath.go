package transcript

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/ansi"
	"github.com/plainsight-dev/plainsight/internal/c1string"
	"github.com/plainsight-dev/plainsight/internal/escape"
	"github.com/plainsight-dev/plainsight/internal/terminfo"
	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// The fast paths below find, without the parser, the tokens it would
// return and what the Cleaner would do with them: whole clean lines,
// runs of text, and the commonest escape sequences. The tests hold each
// to the parser's path (parserOnly) on any input and any split.

// passLinesAt is passLines where it can pass anything, at the start of a
// line not yet tried: a check that costs the other tokens no call. step
// calls it for every token, so it stays within the inliner's budget
// (cost 79 of 80), and Transform, which may wait for room, calls
// passLines itself.
func (c *Cleaner) passLinesAt(src []byte, max int) (n, crlfs int) {
	if !c.passTried && len(c.line) == 0 {
		n, crlfs, _ = c.passLines(src, max, 0)
	}
	return n, crlfs
}

// passLines returns the length of the whole lines at the start of src, at
// most max bytes, that the Cleaner would write as they are, but for the
// CR of a CR LF, and how many end in CR LF; it counts them as read and
// written: the caller copies them (copyLines when some end in CR LF).
// They must start in Ground with nothing pending (no line, no CR), hold
// only clean text that the Unicode pass leaves alone, each line no longer
// than Limits.MaxLine, and fit within the output limit; anything else is
// left to step.
//
// passLines also reads up to ahead bytes past max, and reports wait when
// the line that max cuts would pass too: a caller whose output buffer
// holds max bytes more can wait for an empty one, where that line passes
// whole, rather than send it down the token path.
func (c *Cleaner) passLines(src []byte, max, ahead int) (n, crlfs int, wait bool) {
	if c.passTried || len(c.line) > 0 || c.crPending || c.clearPending || c.afterInvalid || c.parserOnly || c.p.InSequence() {
		return 0, 0, false
	}
	if c.passSkip > 0 {
		c.skipPassLine()
		return 0, 0, false
	}
	n, crlfs = cleanLines(src[:min(len(src), max+ahead)], c.lim.MaxLine, &c.classes)
	if n > max {
		n, wait = bytes.LastIndexByte(src[:max], '\n')+1, true
		if crlfs > 0 {
			crlfs = bytes.Count(src[:n], cr)
		}
	}
	if limit := c.lim.MaxOutput; limit >= 0 && int64(n-crlfs) > c.budget(limit) {
		n, wait = 0, false // near the limit, step cuts the text
	}
	if n == 0 {
		if wait {
			return 0, 0, true
		}
		c.missPassLine()
		return 0, 0, false
	}
	c.passMisses = 0
	c.rep.BytesIn += int64(n)
	c.rep.BytesOut += int64(n - crlfs)
	c.rep.CRLF += int64(crlfs)
	c.midLine = false
	return n, crlfs, wait
}

var cr = []byte{'\r'}

// copyLines copies lines that passLines passed to dst, less the CR of
// each CR LF, the only CRs they hold, and returns the bytes written.
func copyLines(dst, lines []byte) int {
	return escape.CopyLessCRs(dst, lines)
}

// maxPassMisses bounds passMisses. Where no line passes (colour logs,
// hostile text), passLines tries one line in maxPassMisses, and the lines
// between go to the vector loop, which reads them on past their LFs, or to
// the token path untried: a line tried costs cleanLines' reading of it
// and a return from the vector loop, and the line then takes the token
// path. Clean lines after a hostile stretch wait at most maxPassMisses-1
// lines for passLines.
const maxPassMisses = 64

// missPassLine counts the current line as one that passLines tried and
// found not to pass. It takes the token path, and so may the next few:
// where no line passes (colour logs, hostile text), passLines stops
// scanning every line for nothing.
func (c *Cleaner) missPassLine() {
	c.passTried = true
	c.passMisses = min(c.passMisses+1, maxPassMisses)
	c.passSkip = c.passMisses - 1
}

// passlessLine counts the line just begun, which starts with a sequence
// (a colour log's next line), as passLines would count it untried or
// tried: no line that holds ESC passes. colourRun and groundRun read
// such lines on from the line before, without passLines, and the count
// lets the vector loop read on past their LFs as it does past the lines
// of other stretches that do not pass.
func (c *Cleaner) passlessLine() {
	if c.passSkip > 0 {
		c.skipPassLine()
		return
	}
	c.missPassLine()
}

// skipPassLine counts the current line as one of those that passLines
// sends to the token path untried after failing on the lines before.
func (c *Cleaner) skipPassLine() {
	c.passSkip--
	c.passTried = true
}

// cleanLines returns the length of the whole lines, each ending in '\n'
// or in CR LF, at the start of src that hold only printable ASCII, tabs
// and valid runes that the Unicode pass leaves alone in that line (no C1
// control, no escaped code point), and that are at most maxLine bytes
// long before their line end, and how many of them end in CR LF: the
// Cleaner writes each CR LF as '\n', and the lines are its output less
// those CRs. It looks the classes of runes up in classes.
//
// plainWords reads the text of every script; long runs of ASCII go to
// the word-at-a-time scanner, which reads across line ends. Line ends,
// tabs, four-byte characters other than emoji, the characters plainBMP
// and plainSymbols do not mark (but a ZWNJ between joining letters, a
// presentation selector after an emoji that takes it and the joiners of
// an RGI emoji ZWJ sequence) and the last bytes of src take the rune's
// own checks.
func cleanLines(src []byte, maxLine int, classes *classCache) (n, crlfs int) {
	end, start := 0, 0 // end of the last whole line; start of the current one
	crs := 0           // the CR LFs that end lines up to start
	var w unicodeWalk  // the current line's, from walkStart, for runes its neighbours decide
	walkStart := -1
	i := 0
	for i < len(src) {
		var long bool
		if i, long = plainWords(src, i); long {
			// The scanner reads on past LF and CR LF alike: each CR
			// it takes is the first byte of a line end.
			a := i
			n, c := escape.CleanLinesPrefix(src[i:], true)
			i += n
			var ok bool
			if end, start, ok = settleLines(src, a, i, end, start, maxLine); !ok {
				if c > 0 && end > a {
					crs += bytes.Count(src[a:end], cr) // those of the lines that passed
				}
				return end, crs
			}
			// Every CR the run holds ends a line within it, before
			// the last LF, where end now is.
			crs += c
			continue
		}
		if i == len(src) {
			break
		}
		switch c := src[i]; {
		case c == '\n':
			if i-start > maxLine {
				return end, crs
			}
			i++
			// A run of empty lines, eight at a time (a screenful of
			// them).
			i += escape.RunOf(src[i:], '\n')
			end, start = i, i
			continue
		case c == '\r':
			// A CR LF, as Windows programs end their lines. A CR that
			// no LF follows, or that src cuts from its LF, is step's.
			if !crlfAt(src, i) || i-start > maxLine {
				return end, crs
			}
			i += 2
			crs++
			end, start = i, i
			continue
		case c-0x20 < 0x5F || c == '\t':
			i++
			continue
		case c < utf8.RuneSelf:
			return end, crs // a control or DEL
		}
		r, size := decodeRune(src[i:])
		if size == 1 {
			return end, crs // not valid UTF-8, or cut short by the end of src
		}
		if tablePlain(r) {
			i += size // most runes plainWords stops at
			continue
		}
		if cls, contextual := classes.class(r); cls != plainsight.ClassNone {
			if !contextual || r < 0x800 {
				return end, crs
			}
			if walkStart != start {
				// The line's walk, made at the first rune in it that
				// its neighbours decide: the rules read the whole
				// line, which must end within src (else step reads
				// it), and the walk keeps the verdict of a tag run or
				// an emoji ZWJ sequence for the rest of its runes.
				nl := bytes.IndexByte(src[i:], '\n')
				if nl < 0 {
					return end, crs
				}
				if nl > 0 && src[i+nl-1] == '\r' {
					nl-- // the line's text ends before the CR of CR LF
				}
				w, walkStart = unicodeWalk{seg: src[start : i+nl]}, start
			}
			if !w.legit(i-start, size, r, cls) {
				return end, crs
			}
			switch {
			case cls == plainsight.ClassTag:
				// The rest of the run of tags shares its verdict.
				i = start + w.tagEnd
				continue
			case r == zwj && start+w.zwjEnd > i:
				// The rest of an RGI emoji ZWJ sequence: its ZWJs join
				// it, its emoji are literal (the walk read them so) and
				// so are its presentation selectors and modifiers
				// (TestCleanLinesRGISequences).
				i = start + w.zwjEnd
				continue
			}
		}
		i += size
	}
	return end, crs
}

// longASCII is the length of a run of printable ASCII that plainWords
// leaves to the word-at-a-time scanner: long enough that prose in Latin
// letters, whose runs between accented letters are short, rarely pays for
// the call.
const longASCII = 32

// plainWords reads src from i eight bytes at a time, while it holds
// printable ASCII, two- and three-byte characters that plainBMP marks,
// emoji that plainSymbols marks, a ZWNJ between letters that join across
// it (zwnjBetween), a presentation selector after an emoji that takes
// it (presentationAfter) and an RGI emoji ZWJ sequence from its first ZWJ
// on (emojiSequenceEnd): a word's leading run of printable ASCII
// is found with a few arithmetic operations on the word, and a character
// by one mask and compare, then tested with one bit of its table indexed
// by its bytes, without decoding it. It returns where it stopped: at a
// byte it does not read, within the last eight bytes of src, or (long
// true) once it has read longASCII bytes of printable ASCII in whole
// words in a row, a run that the word-at-a-time scanner reads on. A loop
// of its own, so that the compiler keeps its state in registers. Its
// tests of a character are written out where they stand: as small
// functions, inlined, they cost the loop 4-6% more instructions, on ASCII
// too, for the registers the compiler then gives them.
func plainWords(src []byte, i int) (int, bool) {
	ascii := 0 // printable ASCII bytes read in a row, up to i
	for i+8 <= len(src) {
		v := binary.LittleEndian.Uint64(src[i : i+8 : i+8])
		var n int // bytes of letters read from v (and the word after); a space after them is taken too
		if v&0xC0E0 == 0x80C0 {
			// 110xxxxx 10xxxxxx: its word of plainBMP is lead&0x1F.
			// C0 and C1, overlong, fall in the words of ASCII, which
			// are zero; C2 80-9F, the C1 controls, have no bit set.
			if plainBMP[v&0x1F]&(1<<(v>>8&63)) == 0 {
				break
			}
			// Letters of a script come in a row: the next three, if
			// two bytes each, are read from the same word.
			n = 2
			if u := v >> 16; u&0xC0E0 == 0x80C0 && plainBMP[u&0x1F]&(1<<(u>>8&63)) != 0 {
				n = 4
				if u := v >> 32; u&0xC0E0 == 0x80C0 && plainBMP[u&0x1F]&(1<<(u>>8&63)) != 0 {
					n = 6
					if u := v >> 48; u&0xC0E0 == 0x80C0 && plainBMP[u&0x1F]&(1<<(u>>8&63)) != 0 {
						n = 8
					}
				}
			}
		} else if v&0xC0C0F0 == 0x8080E0 {
			// 1110xxxx 10xxxxxx 10xxxxxx: its word of plainBMP is
			// (lead&0x0F)<<6|b1&0x3F, below 0x800>>6 if overlong.
			// Surrogates have no bit set.
			w := (v&0x0F)<<6 | v>>8&0x3F
			if w < 0x800>>6 || plainBMP[w]&(1<<(v>>16&63)) == 0 {
				// A ZWNJ between two letters that join across it, as
				// Persian writes inside words, is literal; so is a
				// presentation selector after an emoji that takes it.
				// A ZWJ that joins an RGI emoji ZWJ sequence takes the
				// rest of the sequence with it.
				if v&0xFFFFFF == zwnjBytes && zwnjBetween(src, i, v) ||
					v&0xFEFFFF == presentationBytes && presentationAfter(src, i) {
					i += 3
				} else if v&0xFFFFFF != zwjBytes {
					break
				} else if end := emojiSequenceEnd(src, i); end > 0 {
					i = end
				} else {
					break
				}
				ascii = 0
				continue
			}
			n = 3
			if u := v >> 24; u&0xC0C0F0 == 0x8080E0 {
				if w := (u&0x0F)<<6 | u>>8&0x3F; w >= 0x800>>6 && plainBMP[w]&(1<<(u>>16&63)) != 0 {
					n = 6
					// Text in these scripts runs on for words (Chinese and
					// Japanese have no spaces): two more are read from the
					// next word while src has one.
					if i+14 <= len(src) {
						u := binary.LittleEndian.Uint64(src[i+6 : i+14 : i+14])
						if u&0xC0C0F0 == 0x8080E0 {
							if w := (u&0x0F)<<6 | u>>8&0x3F; w >= 0x800>>6 && plainBMP[w]&(1<<(u>>16&63)) != 0 {
								n = 9
								if u := u >> 24; u&0xC0C0F0 == 0x8080E0 {
									if w := (u&0x0F)<<6 | u>>8&0x3F; w >= 0x800>>6 && plainBMP[w]&(1<<(u>>16&63)) != 0 {
										n = 12
									}
								}
							}
						}
					}
				}
			}
		} else if v&0x80 == 0 {
			// A byte's high bit in m is set if it is not printable
			// ASCII (0x20-0x7E): its own high bit is set, or it is
			// below 0x20 (the subtraction borrows) or 0x7F (the
			// addition carries). A borrow or carry only ever sets a
			// bit above a byte set for its own sake, so the lowest
			// set bit is exact.
			m := escape.NotPrintable(v)
			if m&0x80 != 0 {
				break // a control or DEL
			}
			if m == 0 {
				// A whole word, by a branch, so that the next load does
				// not wait for the count below.
				i += 8
				if ascii += 8; ascii >= longASCII {
					return i, true
				}
				continue
			}
			i += bits.TrailingZeros64(m) >> 3
			continue
		} else if v&0xC0C0FFFF == 0x80809FF0 {
			// 11110000 10011111 10xxxxxx 10xxxxxx, U+1F000..U+1FFFF:
			// emoji and pictographs, whose word of plainSymbols is
			// b2&0x3F.
			if plainSymbols[v>>16&0x3F]&(1<<(v>>24&63)) == 0 {
				break
			}
			n = 4
		} else {
			break
		}
		// The space between two words of a script other than Latin is
		// read with the letters before it, not in a turn of its own.
		// Each count of letters is a branch's constant, so the next load
		// need not wait for arithmetic on this one.
		if i += n; i < len(src) && src[i] == ' ' {
			i++
		}
		ascii = 0
	}
	return i, false
}

// zwnjBytes is U+200C ZERO WIDTH NON-JOINER in UTF-8, read as a
// little-endian word.
const zwnjBytes = 0x8C80E2

// zwnjBetween reports whether the ZWNJ at src[i], whose eight bytes v
// start with it, stands between two two-byte letters that join across it
// (zwnjBefore and zwnjAfter): the context that makes it literal, without
// the walk.
func zwnjBetween(src []byte, i int, v uint64) bool {
	if i < 2 {
		return false
	}
	// The bytes before i are whole characters, so a lead byte two
	// before i starts the character before the ZWNJ.
	a, b := uint64(src[i-2]), uint64(src[i-1])
	u := v >> 24 // the character after
	return a&0xE0 == 0xC0 && b&0xC0 == 0x80 && zwnjBefore[a&0x1F]&(1<<(b&63)) != 0 &&
		u&0xC0E0 == 0x80C0 && zwnjAfter[u&0x1F]&(1<<(u>>8&63)) != 0
}

// zwjBytes is U+200D ZERO WIDTH JOINER in UTF-8, read as a little-endian
// word.
const zwjBytes = 0x8D80E2

// emojiSequenceEnd returns where the RGI emoji ZWJ sequence ends whose
// first ZWJ is at src[i], or 0 if the ZWJ is not one's first or the
// sequence not RGI: the verdict and end of sequence.ZWJ, without the walk
// of the line. The bytes before i are whole characters that plainWords
// read, so the emoji zwj element before the ZWJ is an emoji with at most
// an emoji presentation selector or a modifier after it. Whatever this
// reading is not sure of it leaves to the walk, which reads it as
// sequence.ZWJ does: a ZWJ before that element (this ZWJ is then the
// second of a sequence), a sequence that src may cut, an emoji outside
// the two blocks of emojiAt, and the joiners of scripts (after a virama).
func emojiSequenceEnd(src []byte, i int) int {
	start := i
	if emojiSelectorAt(src, start-3) {
		start -= 3
	} else if modifierAt(src, start-4) {
		start -= 4
	}
	switch {
	case emojiAt(src, start-4) == 4:
		start -= 4
	case emojiAt(src, start-3) == 3:
		start -= 3
	default:
		return 0
	}
	if start < 3 || zwjAt(src, start-3) {
		return 0
	}
	// The walk forward, as sequence's zwjSequenceEnd counts it.
	end := i + 3
	for n := 0; ; {
		size := emojiAt(src, end)
		if size == 0 {
			return 0
		}
		end += size
		n++
		if emojiSelectorAt(src, end) {
			end += 3
			n++
		} else if modifierAt(src, end) {
			end += 4
			n++
		}
		if !zwjAt(src, end) {
			break
		}
		end += 3
		if n++; n >= ucd.MaxZWJSequenceRunes {
			return 0
		}
	}
	// What follows must follow it in the text the Unicode pass reads:
	// a line end or a character the text keeps. A control, an escape
	// sequence or a C1 control is not kept, and what comes after it may
	// join the sequence there (a caller may hand over raw output, with
	// its SGRs); and the sequence may go on past src.
	if end == len(src) || !keptAfter(src[end:]) || !ucd.IsRGIEmojiZWJSequence(src[start:end]) {
		return 0
	}
	return end
}

// emojiAt returns the length of the emoji at src[i] if an emoji zwj
// element may start with it (emojiBMP, emojiSymbols), else 0. Every
// element of the RGI sequences starts with an emoji of these two blocks,
// U+2000..U+2FFF and U+1F000..U+1FFFF (TestEmojiBlocksHoldSequences).
func emojiAt(src []byte, i int) int {
	if i < 0 {
		return 0
	}
	if i+4 <= len(src) && src[i] == 0xF0 && src[i+1] == 0x9F && src[i+2]&0xC0 == 0x80 && src[i+3]&0xC0 == 0x80 {
		if r := uint(src[i+2]&0x3F)<<6 | uint(src[i+3]&0x3F); emojiSymbols[r>>6]&(1<<(r&63)) != 0 {
			return 4
		}
	} else if i+3 <= len(src) && src[i] == 0xE2 && src[i+1]&0xC0 == 0x80 && src[i+2]&0xC0 == 0x80 {
		if r := uint(src[i+1]&0x3F)<<6 | uint(src[i+2]&0x3F); emojiBMP[r>>6]&(1<<(r&63)) != 0 {
			return 3
		}
	}
	return 0
}

// modifierAt reports whether an emoji modifier, one of the five skin
// tones U+1F3FB..U+1F3FF, stands at src[i].
func modifierAt(src []byte, i int) bool {
	return i >= 0 && i+4 <= len(src) && src[i] == 0xF0 && src[i+1] == 0x9F && src[i+2] == 0x8F && src[i+3]-0xBB <= 0xBF-0xBB
}

// emojiSelectorAt reports whether U+FE0F VARIATION SELECTOR-16, the
// emoji presentation selector, stands at src[i].
func emojiSelectorAt(src []byte, i int) bool {
	return i >= 0 && i+3 <= len(src) && src[i] == 0xEF && src[i+1] == 0xB8 && src[i+2] == 0x8F
}

// crlfAt reports whether a CR LF, a line end as Windows programs and
// terminals write it, stands at src[i].
func crlfAt(src []byte, i int) bool {
	return i+1 < len(src) && src[i] == '\r' && src[i+1] == '\n'
}

// zwjAt reports whether a ZWJ stands at src[i].
func zwjAt(src []byte, i int) bool {
	return i >= 0 && i+3 <= len(src) && src[i] == 0xE2 && src[i+1] == 0x80 && src[i+2] == 0x8D
}

// keptAfter reports whether the text in src starts with a line end ('\n'
// or CR LF) or a character that the Unicode pass reads where it stands:
// printable ASCII or a lead byte of UTF-8 other than a C1 control's.
func keptAfter(src []byte) bool {
	switch b := src[0]; {
	case b == '\n' || b-0x20 < 0x7F-0x20 || b >= 0xC3:
		return true
	case b == 0xC2:
		return len(src) > 1 && src[1] >= 0xA0
	case b == '\r':
		return crlfAt(src, 0)
	}
	return false
}

// presentationBytes is U+FE0E VARIATION SELECTOR-15 in UTF-8, read as a
// little-endian word; U+FE0F, VARIATION SELECTOR-16, differs in its bit 16.
const presentationBytes = 0x8EB8EF

// presentationAfter reports whether the presentation selector at src[i]
// follows an emoji that makes it literal (presentationBMP,
// presentationSymbols): the context that Selector would read, without the
// walk. The bytes before i are whole characters, so a lead byte three or
// four bytes before i starts the character before the selector.
func presentationAfter(src []byte, i int) bool {
	if i >= 3 && src[i-3] == 0xE2 { // U+2000..U+2FFF
		r := uint(src[i-2]&0x3F)<<6 | uint(src[i-1]&0x3F)
		return presentationBMP[r>>6]&(1<<(r&63)) != 0
	}
	if i >= 4 && src[i-4] == 0xF0 && src[i-3] == 0x9F { // U+1F000..U+1FFFF
		r := uint(src[i-2]&0x3F)<<6 | uint(src[i-1]&0x3F)
		return presentationSymbols[r>>6]&(1<<(r&63)) != 0
	}
	return false
}

// settleLines settles the lines that end in src[a:i], clean text that
// may hold newlines and CR LFs, for cleanLines: it returns the new end of
// the last whole line and start of the current one, and false if a line
// is longer than maxLine before its line end.
func settleLines(src []byte, a, i, end, start, maxLine int) (int, int, bool) {
	for i-start > maxLine {
		// The current line must end within maxLine bytes. The lines
		// that end in that window are shorter still, so the last line
		// end in it starts the next line to check: a search a window,
		// not a line, however short the lines are.
		a = max(a, start)
		if a > start+maxLine {
			return end, start, false
		}
		lim := start + maxLine + 1 // an LF before lim ends a line short enough
		if lim < i && src[lim] == '\n' && src[lim-1] == '\r' {
			lim++ // a line of maxLine bytes before its CR LF
		}
		k := bytes.LastIndexByte(src[a:lim], '\n')
		if k < 0 {
			return end, start, false
		}
		end, start = a+k+1, a+k+1
	}
	// IndexByte, in assembly, rules out a run without a newline quickly;
	// LastIndexByte, a plain loop, reads only the last line of one that
	// has.
	if a = max(a, start); bytes.IndexByte(src[a:i], '\n') >= 0 {
		k := a + bytes.LastIndexByte(src[a:i], '\n') + 1
		end, start = k, k
	}
	return end, start, true
}

// textRun returns the length of the run of printable ASCII, tabs and
// whole valid runes other than C1 controls that starts src, and whether it
// is all ASCII: false once it reads a byte above 0x7F, even one that ends
// the run, and the caller then reads the run for itself. (A flag exact
// there cost a flood of combining marks 7% more instructions, a store
// and a spill a character.) A tab is text to the line, as control writes
// it.
func textRun(src []byte) (n int, ascii bool) {
	ascii = true
	for n < len(src) {
		b := src[n]
		if b < utf8.RuneSelf {
			// A word read here first: most runs between characters
			// above ASCII end within it, without PrintablePrefix's
			// call.
			if n+8 <= len(src) {
				if m := escape.NotPrintable(binary.LittleEndian.Uint64(src[n:])); m != 0 {
					n += bits.TrailingZeros64(m) / 8
				} else {
					n += 8 + escape.PrintablePrefix(src[n+8:])
				}
			} else {
				n += escape.PrintablePrefix(src[n:])
			}
			if n < len(src) && src[n] < utf8.RuneSelf {
				if src[n] != '\t' {
					break // at a control or DEL, which ends the run
				}
				// Indentation, a word at a time where it is long.
				const tabs = 0x0909090909090909
				for n++; n+8 <= len(src) && binary.LittleEndian.Uint64(src[n:]) == tabs; n += 8 {
				}
				for ; n < len(src) && src[n] == '\t'; n++ {
				}
			}
			continue
		}
		if ascii {
			// The run's first character above ASCII: a flood of
			// it is read a block at a time.
			ascii = false
			if size := leadSize(b); n+size < len(src) && src[n+size] == b && escape.RepeatsAt(src, n, n+size) {
				if m := runeCopies(src[n:], size); m > 0 {
					n += m
					continue
				}
			}
		}
		switch {
		case b >= 0xC2 && b <= 0xDF && n+1 < len(src) && src[n+1]&0xC0 == 0x80:
			if b == 0xC2 && src[n+1] <= 0x9F {
				return n, false // C1
			}
			n += 2
			continue
		case b-0xE1 <= 0xEF-0xE1 && b != 0xED && n+2 < len(src):
			// Neither overlong nor a surrogate. (The continuation
			// bytes in a slice of their own: one bounds check.)
			if t := src[n+1 : n+3 : n+3]; t[0]&0xC0 == 0x80 && t[1]&0xC0 == 0x80 {
				n += 3
				continue
			}
		case b-0xF1 <= 0xF3-0xF1 && n+3 < len(src):
			// Neither overlong nor above U+10FFFF.
			if t := src[n+1 : n+4 : n+4]; t[0]&0xC0 == 0x80 && t[1]&0xC0 == 0x80 && t[2]&0xC0 == 0x80 {
				n += 4
				continue
			}
		}
		_, size := utf8.DecodeRune(src[n:])
		if size == 1 {
			break // invalid or cut short: the parser's
		}
		n += size
	}
	return n, ascii && n > 0
}

// runeCopies returns the length of the copies of one character of text,
// size bytes, at the start of src, as far as escape.RepeatEnd finds them:
// a flood of one character (a screen of zero-width spaces) read a block
// at a time. It returns 0 when src does not start with a character of
// text that long. Whether a character is text depends on its own bytes
// alone.
func runeCopies(src []byte, size int) int {
	if r, n := utf8.DecodeRune(src); n != size || r <= 0x9F {
		return 0 // invalid, or a C1 control
	}
	return escape.RepeatEnd(src, 0, size)
}

// leadSize returns the length of the character that the lead byte b
// starts: 2 for C2-DF, 3 for E0-EF, 4 for F0-F4. For a byte that leads
// no character it returns a length that runeCopies' decode rejects.
func leadSize(b byte) int {
	return 2 + int(b>>5&1) + int(b>>4&(b>>5)&1)
}

// escRun returns how many ESC bytes start src, which starts with one, and
// are each followed by another ESC: the last ESC of a run is left to the
// parser.
func escRun(src []byte) int {
	return escape.RunOf(src, 0x1B) - 1
}

// simpleCSI returns the length of the plain CSI that starts src, and
// whether it is an SGR: ESC [, a plain header (simpleHeader) and a final
// byte 0x40-0x7E, all within src. For such a CSI the parser would return
// KindCSI, Term Final, nothing malformed; the Cleaner counts it without the
// parser. When an ESC, the start of the next sequence, cuts the header
// short (as in a flood of ESC [), it returns the length before the ESC
// and aborted: the parser would return the CSI Term Aborted, nothing
// malformed, and leave the ESC to the next sequence. It returns 0 for
// anything else, which the parser handles. The chunk-split tests compare
// both paths.
func simpleCSI(src []byte) (n int, sgr, aborted bool) {
	if len(src) < 3 || src[1] != '[' {
		return 0, false, false
	}
	switch b := src[2]; {
	case b-'0' <= 9 && len(src) > 4:
		// The commonest SGRs, with one parameter of one or two
		// digits: ESC [ 0 m, ESC [ 3 2 m.
		if src[3] == 'm' {
			return 4, true, false
		}
		if src[3]-'0' <= 9 && src[4] == 'm' {
			return 5, true, false
		}
	case b >= 0x40 && b <= 0x7E:
		// No parameters: ESC [ m, ESC [ K, ESC [ H.
		return 3, b == 'm', false
	case b == 0x1B:
		// Cut short at once by the next sequence.
		return 2, false, true
	}
	if len(src) >= len(terminfo.OrigPair) && string(src[:len(terminfo.OrigPair)]) == terminfo.OrigPair {
		// The default colours, which ncurses programs write after
		// sgr0: one comparison.
		return len(terminfo.OrigPair), true, false
	}
	end, private := simpleHeader(src, 2)
	if end == 0 {
		return 0, false, false
	}
	switch b := src[end]; {
	case b >= 0x40 && b <= 0x7E:
		return end + 1, b == 'm' && !private, false
	case b == 0x1B:
		return end, false, true
	}
	return 0, false, false
}

// colourLine reads a colour log from the start of src as the Cleaner
// reads it token by token, with no call, so that Go keeps its state in
// registers: runs of printable ASCII and tabs, which it appends to line
// a word at a time, with the characters among them that plainRun
// passes, and the CSIs between them, SGRs above all, with a
// plain header without a private marker and at most maxString bytes,
// which it counts. It returns the bytes read, the line, and the SGRs and
// other CSIs among them. It stops at anything else (a control, another
// byte above ASCII, any other sequence, the end of src) and before a run
// of text that the line cannot take whole within its capacity and
// maxLine bytes, which the token path reads (textToken). Where it leaves
// a run of text to textToken changes no output: a line's pieces end
// where its content says (text), and the text colourLine appends keeps
// the line plain, so the part the Unicode checks read (linePlain,
// lineDirty) is what it would be.
func colourLine(line, src []byte, maxLine, maxString int) (n int, out []byte, sgrs, csis int) {
	buf := line[:cap(line)]
	end := min(len(buf), maxLine)
	i, j := 0, len(line)
	for {
		if i < len(src) && src[i] != 0x1B {
			i0, j0 := i, j
			for {
				if i+8 > len(src) || j+8 > len(buf) {
					return i0, buf[:j0], sgrs, csis
				}
				x := binary.LittleEndian.Uint64(src[i : i+8 : i+8])
				binary.LittleEndian.PutUint64(buf[j:j+8:j+8], x)
				if m := escape.StopsBut(x, '\t'); m != 0 {
					k := bits.TrailingZeros64(m) / 8
					i += k
					j += k
					if w := x >> (8 * k); byte(w) >= 0xC2 {
						// A lone character of two or three bytes,
						// ASCII after it (an accented letter in a word,
						// a picture's half block between its SGRs, GCC's
						// quotes), checked from the word, whose store
						// above copied it already, with a bit of
						// plainBMP indexed by its bytes as plainWords
						// checks one. A run of them is plainRun's, which
						// reads it a word at a time.
						if k <= 5 && w&0x80C0E0 == 0x0080C0 && plainBMP[w&0x1F]&(1<<(w>>8&63)) != 0 {
							i += 2
							j += 2
							continue
						}
						if k <= 4 && w&0x80C0C0F0 == 0x008080E0 {
							if u := (w&0x0F)<<6 | w>>8&0x3F; u >= 0x800>>6 && plainBMP[u]&(1<<(w>>16&63)) != 0 {
								i += 3
								j += 3
								continue
							}
						}
						// Characters that the Unicode checks leave alone
						// (GCC's quotes, a dash, an accented letter, the
						// words of other scripts between SGRs), up to 15
						// bytes a call, or a run of three-byte characters
						// (below): text as the ASCII is. Where a whole
						// window of them passes, the run is left to
						// colourRun, which hands other scripts to the
						// vector loop.
						n := plainRun(src[i:min(len(src), i+shortPlain)])
						if n == shortPlain-1 && i+n < len(src) && src[i+n] >= 0xE0 {
							// A run of three-byte characters (box
							// drawing, a progress bar's blocks, CJK),
							// which never fills the window exactly:
							// read on, a word at a time (plainWords).
							n += plainRun(src[i+n : min(len(src), i+n+longPlain)])
						}
						if n > 0 && n != shortPlain && j+n <= len(buf) {
							copy(buf[j:j+n], src[i:i+n])
							i += n
							j += n
							continue
						}
					}
					break
				}
				i += 8
				j += 8
			}
			if j > end {
				return i0, buf[:j0], sgrs, csis
			}
		}
		// A CSI: ESC [, parameters of at most 4 digits separated by
		// ';', and a final byte, as simpleCSI reads it, within
		// csiWindow bytes.
		if len(src)-i < 3 || src[i] != 0x1B || src[i+1] != '[' {
			return i, buf[:j], sgrs, csis
		}
		e, stop, digits := i+2, min(len(src), i+csiWindow), 0
		for ; e < stop; e++ {
			if b := src[e]; b-'0' <= 9 {
				if digits++; digits > 4 {
					return i, buf[:j], sgrs, csis
				}
			} else if b == ';' {
				digits = 0
			} else {
				break
			}
		}
		if e == stop || src[e] < 0x40 || src[e] > 0x7E || e+1-i > maxString {
			return i, buf[:j], sgrs, csis
		}
		if src[e] == 'm' {
			sgrs++
		} else {
			csis++
		}
		i = e + 1
	}
}

// csiWindow bounds the CSIs that colourLine counts, introducer and final
// byte included: the header of one, at most csiWindow-3 bytes, holds at
// most csiWindow-2 parameters, no more than ansi.MaxParams (which
// simpleHeader checks; the array below fails to compile otherwise), and
// the longest colour, ESC [ 48;2;255;255;255 m, fits it.
const csiWindow = 32

var _ [ansi.MaxParams - (csiWindow - 2)]struct{}

// shortPlain is the window in which colourLine reads characters above
// ASCII with plainRun: a run that fills it is left to colourRun.
const shortPlain = 16

// longPlain is how far colourLine reads on a run of three-byte characters
// that fills the window.
const longPlain = 256

// cutCSIEnd returns the end, as an index in src, of the CSI at src[start]
// if the ESC of the next sequence cuts it short after at most one
// parameter of at most 4 digits, as simpleCSI returns it aborted: the
// index of that ESC. It returns 0 for anything else.
func cutCSIEnd(src []byte, start int) int {
	i := start + 2
	if i >= len(src) || src[start+1] != '[' {
		return 0
	}
	for end := min(len(src)-1, i+4); i < end && src[i]-'0' <= 9; i++ {
	}
	if src[i] == 0x1B {
		return i
	}
	return 0
}

// simpleC1CSI returns the length of the plain CSI introduced by C1, raw
// (9B) or in UTF-8 (C2 9B), that starts src, and whether it is an SGR, as
// simpleCSI does for ESC [; or 0, also when src, not empty, starts with
// anything else.
func simpleC1CSI(src []byte) (n int, sgr bool) {
	header := 1
	if src[0] != 0x9B {
		if src[0] != 0xC2 || len(src) < 2 || src[1] != 0x9B {
			return 0, false
		}
		header = 2
	}
	if len(src) > header+1 && src[header]-'0' <= 9 && src[header+1]-0x40 <= 0x7E-0x40 {
		// One parameter of one digit (9B 1 m), as simpleCSI takes
		// the commonest SGRs.
		return header + 2, src[header+1] == 'm'
	}
	end, private := simpleHeader(src, header)
	if end == 0 {
		return 0, false
	}
	if b := src[end]; b >= 0x40 && b <= 0x7E {
		return end + 1, b == 'm' && !private
	}
	return 0, false
}

// simpleHeader reads the plain header of a CSI from src[i], after the
// introducer: an optional private marker (0x3C-0x3F), then at most
// MaxParams parameters of at most 4 digits separated by ';'. It returns
// the index of the byte after the header, which src holds, and whether
// it has a private marker; 0 if the header is not plain or src ends in
// it.
func simpleHeader(src []byte, i int) (end int, private bool) {
	if i < len(src) && src[i]-0x3C <= 3 {
		private = true
		i++
	}
	// The limits on digits and parameters bound the header: no more
	// than 4*MaxParams digits and their separators.
	params, digits := 1, 0
	for ; i < len(src); i++ {
		b := src[i]
		if b-'0' <= 9 {
			if digits++; digits > 4 {
				return 0, false
			}
			continue
		}
		if b != ';' {
			return i, private
		}
		if params++; params > ansi.MaxParams {
			return 0, false
		}
		digits = 0
	}
	return 0, false
}

// simpleESC returns the length of the escape sequence that starts src if
// it is ESC, at most one intermediate byte 0x20-0x2F and a final byte
// 0x30-0x7E that opens no CSI or control string, all within src: the
// parser would return it as one KindESC token, terminated and well formed.
// It returns 0 for anything else.
func simpleESC(src []byte) int {
	i := 1
	if i < len(src) && src[i] >= 0x20 && src[i] <= 0x2F {
		i++
	}
	if i == len(src) {
		return 0
	}
	switch b := src[i]; {
	case b < 0x30 || b > 0x7E:
		return 0
	case i == 1 && (b == '[' || b == ']' || b == 'P' || b == 'X' || b == '^' || b == '_'):
		return 0
	}
	return i + 1
}

// maxShortTitle bounds the payload that titleEnd reads after the title's
// number: a longer one is simpleString's, and no byte is read more than
// twice.
const maxShortTitle = 8

// titleEnd returns the end, as an index in src, of the window title at
// src[start] if it is one in the form simpleString reads and countOSC
// counts as a title, short: ESC ] 0, 1 or 2 ; and at most maxShortTitle
// bytes of printable ASCII ended by BEL; or 0. The payload is read a byte
// at a time: its length read from a word would hold up the read of the
// next title until it is known, where the loop's predicted branches let
// it start at once.
func titleEnd(src []byte, start int) int {
	i := start + 4
	if i >= len(src) || src[start+1] != ']' || src[start+2]-'0' > 2 || src[start+3] != ';' {
		return 0
	}
	for end := min(len(src)-1, i+maxShortTitle); i < end && src[i]-0x20 < 0x5F; i++ {
	}
	if src[i] == 0x07 {
		return i + 1
	}
	return 0
}

// maxControlSequence bounds the sequences that controlSequence reads: a
// longer one is left to the parser.
const maxControlSequence = 64

// onlyCounted reports whether the parser executes b inside an escape
// sequence or a CSI's header and the Cleaner only counts it there: a C0
// control but LF, CR and tab, which act on the line, BS where it does
// (BSErase, or a CR pending, which it settles), and CAN, SUB and ESC,
// which end the sequence.
func (c *Cleaner) onlyCounted(b byte) bool {
	switch {
	case b >= 0x20 || b == 0x18 || b == 0x1A || b == 0x1B || b == '\n' || b == '\r' || b == '\t':
		return false
	case b == '\b':
		return !c.crPending && c.opts.BS != BSErase
	}
	return true
}

// controlSequence counts the escape sequence or CSI at the start of src
// that holds controls the Cleaner only counts (onlyCounted), which the
// parser executes before the sequence ends, and DEL, which it ignores
// there, as the parser's tokens would count them all, and returns its
// length; 0 for any other, which the parser reads: ESC, then an
// intermediate or none and a final byte; or ESC [, a private marker or
// none, parameters of digits and ';' (as simpleHeader reads them, the
// controls aside) and a final byte; either cut short by ESC, CAN or SUB,
// within maxControlSequence bytes.
func (c *Cleaner) controlSequence(src []byte) int {
	stop := min(len(src), maxControlSequence)
	// held counts the bytes that are not the sequence's own: the
	// executed controls.
	held, i := 0, 1
	skip := func() {
		for i < stop && (src[i] == 0x7F || c.onlyCounted(src[i])) {
			if src[i] != 0x7F {
				held++
			}
			i++
		}
	}
	skip()
	if i == stop {
		return 0
	}
	csi, private, final, aborted := src[i] == '[', false, false, false
	switch b := src[i]; {
	case csi:
		i++
		skip()
		if i < stop && src[i]-0x3C <= 3 {
			private = true
			i++
		}
		params, digits := 1, 0
		for ; i < stop; i++ {
			b := src[i]
			switch {
			case b-'0' <= 9:
				if digits++; digits > 4 {
					return 0
				}
				continue
			case b == ';':
				if params++; params > ansi.MaxParams {
					return 0
				}
				digits = 0
				continue
			case b == 0x7F || c.onlyCounted(b):
				if b != 0x7F {
					held++
				}
				continue
			}
			break
		}
		if i == stop {
			return 0
		}
		final = src[i] >= 0x40 && src[i] <= 0x7E
	case b >= 0x20 && b <= 0x2F:
		// An intermediate, then a final byte 0x30-0x7E.
		i++
		skip()
		if i == stop {
			return 0
		}
		fallthrough
	default:
		// After ESC alone, a final byte that opens no string.
		b := src[i]
		final = b >= 0x30 && b <= 0x7E && (src[i-1]-0x20 <= 0x0F || b != ']' && b != 'P' && b != 'X' && b != '^' && b != '_')
	}
	switch b := src[i]; {
	case final:
		i++
	case b == 0x18 || b == 0x1A:
		i++
		aborted = true
	case b == 0x1B:
		aborted = true
	default:
		return 0
	}
	if held == 0 && !aborted {
		return 0 // simpleCSI's or simpleESC's, had they read it
	}
	// Read whole: counted as the parser's tokens would be, each control
	// and then the sequence, whose length leaves the controls out.
	for _, b := range src[1:i] {
		if b < 0x20 && b != 0x18 && b != 0x1A && b != 0x1B {
			c.rep.Controls.add(b)
		}
	}
	c.rep.BytesIn += int64(i)
	length := i - held
	if csi {
		c.countCSI(!aborted && src[i-1] == 'm' && !private, length)
	} else {
		c.rep.Sequences.ESC++
		if length > c.lim.MaxString {
			c.rep.OverLimit++
		}
	}
	if aborted {
		c.rep.Unterminated++
	}
	return i
}

// maxSimpleString bounds the control strings that simpleString reads: a
// longer one is left to the parser, so that no byte is read more than
// twice.
const maxSimpleString = 4 << 10

// simpleString returns the length of the plain control string that starts
// src: ESC ], ESC X, ESC ^ or ESC _, a payload (printable ASCII, read a
// word at a time, then anything the parser takes as payload), and ST
// (ESC \) or, for an OSC, BEL, all within src and maxSimpleString bytes.
// The parser would return such a string as one token, terminated and well
// formed; the Cleaner counts it without the parser. It returns 0 for
// anything else, which the parser handles.
func simpleString(src []byte) int {
	if len(src) < 3 {
		return 0
	}
	intro := src[1]
	if intro != ']' && intro != 'X' && intro != '^' && intro != '_' {
		return 0
	}
	stop := min(len(src), maxSimpleString)
	i := 2 + escape.PrintablePrefix(src[2:stop])
	// The rest as the parser's string states read it (controls and
	// characters are payload): a string that BEL or ESC \ ends, not
	// one that ST in C1 ends or that an abort cuts short.
	_, end, terminated := c1string.End(src[:stop], i, intro == ']')
	if terminated && (src[end-1] == 0x07 || src[end-2] == 0x1B) {
		return end
	}
	return 0
}
