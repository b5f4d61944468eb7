package transcript

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/internal/escape"
	"github.com/plainsight-dev/plainsight/internal/sequence"
	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// The Unicode pass decides rune by rune, from the character properties
// alone, what the root package's Sanitize would escape in a piece of clean
// text (printable, tab and valid UTF-8: the parser has removed the rest).
// Joiners, variation selectors and tag characters depend on their
// neighbours (an emoji ZWJ sequence, a Persian ZWNJ, an emoji presentation
// selector, a subdivision flag): internal/sequence holds the rules for
// them, which Sanitize follows too; the tests and a fuzz target hold the
// two passes to agree on every code point and on any text.

// runeClass returns the class of the valid rune r >= 0x80 in clean text
// when it does not depend on context, by [escape.ClassOf] as Sanitize
// decides it; contextual reports that the neighbours decide
// ([escape.Contextual]). C1 controls, which the parser removes before this
// pass, are ClassControl.
func runeClass(r rune) (cls plainsight.Class, contextual bool) {
	if r <= 0x9F {
		return plainsight.ClassControl, false
	}
	c := escape.ClassOf(r, ucd.Lookup(r))
	return plainsight.Class(c), escape.Contextual(r, c)
}

// A classCache holds the classes of the code points runeClass last
// decided, each in one slot that the code point hashes to: text escapes
// the same few characters again and again (zero-width characters, bidi
// controls, the tags of one hidden message), and each is classified once.
// A slot holds the rune above bit 8, the contextual flag at bit 7 and the
// class below; a zero slot holds nothing, since no rune below 0x80 is
// looked up.
type classCache [1 << classCacheBits]uint32

const classCacheBits = 7

// slot returns the slot of r, at slotIndex(r).
func (cc *classCache) slot(r rune) *uint32 { return &cc[slotIndex(r)] }

// slotIndex returns the index of r's slot in a classCache: the top bits
// of r times 2^32/φ (Fibonacci hashing), not r's low bits. Blocks whose
// low bits mirror each other would share slots and evict each other in
// text that uses both, such as tags (U+E0000-U+E007F, ASCII's low bits)
// beside the bidi isolates (U+2066-U+2069), or a selector of the
// supplement (U+E0100) beside a private-use character (U+E000).
func slotIndex(r rune) uint32 {
	return uint32(r) * 0x9E3779B1 >> (32 - classCacheBits)
}

// class returns runeClass(r) for a rune r >= 0x80.
func (cc *classCache) class(r rune) (plainsight.Class, bool) {
	slot := cc.slot(r)
	if *slot>>8 == uint32(r) {
		return plainsight.Class(*slot & 0x7F), *slot&0x80 != 0
	}
	cls, contextual := runeClass(r)
	*slot = uint32(r)<<8 | uint32(cls)&0x7F
	if contextual {
		*slot |= 0x80
	}
	return cls, contextual
}

// settled returns the class of r when the cache holds it and the
// neighbours do not decide it: the test that a run of escapes makes for
// each, with no call.
func (cc *classCache) settled(r rune) (plainsight.Class, bool) {
	slot := *cc.slot(r)
	return plainsight.Class(slot & 0x7F), slot>>7 == uint32(r)<<1
}

//go:generate go run ./internal/genplain -o plainbmp.go

// plainRun returns the length of the run at the start of src of two- and
// three-byte runes that plainBMP marks as left alone, and of the single
// printable ASCII bytes between them (a space between words of a script
// other than Latin): the text of most of the world's scripts, one
// character a loop. Past its first sixteen bytes, a run is long enough
// that plainWords, which reads a word at a time (and printable ASCII of
// any length, emoji, and a ZWNJ between letters that join across it),
// pays for its call.
func plainRun(src []byte) int {
	i := 0
	for i+1 < len(src) {
		if i >= 16 && i+8 <= len(src) {
			if j, _ := plainWords(src, i); j > i {
				i = j
				continue
			}
		}
		b, b1 := src[i], src[i+1]
		if b < utf8.RuneSelf {
			if b-0x20 < 0x5F && b1 >= utf8.RuneSelf {
				i++
				continue
			}
			return i
		}
		if b1&0xC0 != 0x80 {
			return i
		}
		var r uint
		if b < 0xE0 {
			if b < 0xC2 {
				return i
			}
			r = uint(b&0x1F)<<6 | uint(b1&0x3F)
		} else {
			if b > 0xEF || i+2 >= len(src) || src[i+2]&0xC0 != 0x80 {
				return i
			}
			r = uint(b&0x0F)<<12 | uint(b1&0x3F)<<6 | uint(src[i+2]&0x3F)
			if r < 0x800 {
				return i // overlong
			}
		}
		// C1 and surrogates have no bit set.
		if plainBMP[r>>6&(uint(len(plainBMP))-1)]&(1<<(r&63)) == 0 {
			return i
		}
		i += 2 + int(b>>5&1) // C2-DF lead two bytes, E0-EF three
	}
	return i
}

// plainPrefix returns the length of the prefix of seg, clean text, that
// holds only ASCII and code points that plainBMP marks as left alone: the
// Unicode checks would return it unchanged.
func plainPrefix(seg []byte) int {
	for i := 0; i < len(seg); {
		if seg[i] < utf8.RuneSelf {
			// ASCII a word at a time, inline: most runs here are a
			// word or two between characters above ASCII.
			if i+8 <= len(seg) {
				high := binary.LittleEndian.Uint64(seg[i:]) & 0x8080808080808080
				if high == 0 {
					i += 8
					continue
				}
				i += bits.TrailingZeros64(high) / 8
			} else {
				i++
				continue
			}
		}
		n := plainRun(seg[i:])
		if n == 0 {
			return i
		}
		i += n
	}
	return len(seg)
}

// A unicodeWalk classifies the code points of one piece of clean text in
// order, with the context rules for selectors and tags.
type unicodeWalk struct {
	seg []byte
	// end is where the walk stops: seg[end:] holds no code point that
	// is escaped, though it is read as context.
	end     int
	classes *classCache
	// The run of tag characters that holds the current one ends at
	// tagEnd; tagLegit says whether it is a subdivision flag. A run is
	// judged once, at its first tag.
	tagEnd   int
	tagLegit bool
	// The RGI emoji ZWJ sequence that a ZWJ before joins ends at
	// zwjEnd: the ZWJs before it join it too (sequence.ZWJ).
	zwjEnd int
}

// class returns the escape class of the valid rune r >= 0x80, size bytes
// at seg[i], or ClassNone when it is shown literally.
func (w *unicodeWalk) class(i, size int, r rune) plainsight.Class {
	cls, contextual := w.classes.class(r)
	if contextual && w.legit(i, size, r, cls) {
		return plainsight.ClassNone
	}
	return cls
}

// classAfterEscape is class for a rune that directly follows an escaped
// one. A variation selector there is escaped without Selector's reading:
// its base, the escaped rune, is not shown as itself (literal), which
// Selector asks of every base.
func (w *unicodeWalk) classAfterEscape(i, size int, r rune) plainsight.Class {
	cls, contextual := w.classes.class(r)
	if contextual && cls != plainsight.ClassVariationSelector && w.legit(i, size, r, cls) {
		return plainsight.ClassNone
	}
	return cls
}

// legit reports whether r, a joiner, selector or tag of class cls, size
// bytes at seg[i], is part of a sequence that its neighbours make
// legitimate: it is then shown literally.
func (w *unicodeWalk) legit(i, size int, r rune, cls plainsight.Class) bool {
	switch cls {
	case plainsight.ClassVariationSelector:
		return sequence.Selector(w.seg, i, r, literal)
	case plainsight.ClassTag:
		if i >= w.tagEnd {
			w.tagEnd, w.tagLegit = sequence.TagRun(w.seg, i, literal)
		}
		return w.tagLegit
	}
	if r == zwj {
		if i < w.zwjEnd {
			return true
		}
		legit, end := sequence.ZWJ(w.seg, i, literal)
		w.zwjEnd = max(w.zwjEnd, end)
		return legit
	}
	return sequence.Joiner(w.seg, i, size, r, literal) // ZWNJ
}

// zwj is U+200D ZERO WIDTH JOINER.
const zwj = 0x200D

// literal reports whether r, in the context of a joiner, selector or tag,
// is shown as itself, as Sanitize decides it under the default policy:
// by plainBMP and plainSymbols where they hold r (the rules ask it of
// emoji and letters around every joiner and selector), else by its class.
func literal(r rune) bool {
	switch {
	case r < 0xA0:
		return r >= 0x20 && r < 0x7F
	case r < 0x10000 || r>>12 == 0x1F:
		return tablePlain(r)
	}
	cls, _ := runeClass(r)
	return cls == plainsight.ClassNone
}

// tablePlain reports whether plainBMP or plainSymbols marks r: the
// Unicode pass leaves it alone wherever it stands.
func tablePlain(r rune) bool {
	switch {
	case r < 0xA0:
		return false
	case r < 0x10000:
		return plainBMP[r>>6]&(1<<(r&63)) != 0
	case r>>12 == 0x1F:
		return plainSymbols[r>>6&63]&(1<<(r&63)) != 0
	}
	return false
}

// next returns the first code point at or after seg[i], and before end,
// that is escaped: its offset, the rune, its size and its class. The
// offset is len(seg) when there is none.
func (w *unicodeWalk) next(i int) (int, rune, int, plainsight.Class) {
	for i < w.end {
		if w.seg[i] < utf8.RuneSelf {
			// ASCII, which the checks leave alone (a long token, a
			// line of a log): its run a word at a time.
			k := escape.IndexNonASCII(w.seg[i:w.end])
			if k < 0 {
				return len(w.seg), 0, 0, plainsight.ClassNone
			}
			i += k
			continue
		}
		// A character the cache holds, which its neighbours do not
		// decide, first: the escapes of attack text are a few
		// characters again and again, and plainRun would decode each
		// only to find it is not plain.
		r, size := decodeRune(w.seg[i:])
		if cls, ok := w.classes.settled(r); ok {
			if cls != plainsight.ClassNone {
				return i, r, size, cls
			}
			i += size
			continue
		}
		if n := plainRun(w.seg[i:w.end]); n > 0 {
			i += n
			continue
		}
		if cls := w.class(i, size, r); cls != plainsight.ClassNone {
			return i, r, size, cls
		}
		i += size
	}
	return len(w.seg), 0, 0, plainsight.ClassNone
}

// decodeRune is utf8.DecodeRune with the characters that the Unicode
// checks escape most decoded inline: two-byte ones (no-break spaces, the
// soft hyphen), three-byte ones led by E1-EC or EE-EF (zero-width and
// bidi controls, the BOM), whose continuation bytes may take any value,
// and four-byte ones led by F1-F3 (tags, supplementary private use) or by
// F0 before 90-BF (emoji). The rest take utf8.DecodeRune.
func decodeRune(s []byte) (rune, int) {
	if len(s) >= 3 {
		b0, b1, b2 := s[0], s[1], s[2]
		cont := b1&0xC0 == 0x80 && b2&0xC0 == 0x80
		if cont && (b0-0xE1 <= 0xEC-0xE1 || b0-0xEE <= 1) {
			return rune(b0&0x0F)<<12 | rune(b1&0x3F)<<6 | rune(b2&0x3F), 3
		}
		if cont && (b0-0xF1 <= 2 || b0 == 0xF0 && b1 >= 0x90) && len(s) >= 4 && s[3]&0xC0 == 0x80 {
			return rune(b0&0x07)<<18 | rune(b1&0x3F)<<12 | rune(b2&0x3F)<<6 | rune(s[3]&0x3F), 4
		}
	}
	if len(s) >= 2 && s[0]-0xC2 <= 0xDF-0xC2 && s[1]&0xC0 == 0x80 {
		return rune(s[0]&0x1F)<<6 | rune(s[1]&0x3F), 2
	}
	return utf8.DecodeRune(s)
}

// ubufSize bounds the buffer in which emitUnicode puts together text and
// escapes: a longer segment is written out in pieces of about this size.
const ubufSize = 32 << 10

// emitUnicode writes seg, clean text whose escapes the per-rune rules
// decide, per the Unicode policy, and counts them, and a newline after it
// if nl. seg[:from] and seg[to:] are known to need no escape: the walk
// reads seg[from:to], and still sees the rest as the context of what it
// reads. The text is put together in ubuf and written in pieces of up to
// ubufSize, not a piece per escape, the newline in the last. (emit cuts
// at the same place whatever the pieces: each ends at a character.)
func (c *Cleaner) emitUnicode(seg []byte, from, to int, nl bool) {
	// Field by field: a composite literal is built in a temporary and
	// copied, a load of sixteen bytes from stores of eight, which the
	// processor cannot forward and waits for.
	var w unicodeWalk
	w.seg, w.end, w.classes = seg, min(to, len(seg)), &c.classes
	i, r, size, cls := w.next(from)
	if pol := c.opts.Unicode; i == len(seg) || pol != UnicodeEscape && pol != UnicodeRemove {
		for ; i < len(seg); i, _, size, cls = w.next(i + size) {
			c.countUnicode(cls, 1)
		}
		c.emit(seg)
		if nl {
			c.emitNewline()
		}
		return
	}
	if want := min(max(2*len(seg), 4<<10), ubufSize); cap(c.ubuf) < want {
		// Made once for most inputs rather than grown from nothing
		// by doubling.
		c.ubuf = make([]byte, 0, want)
	}
	buf, prev := c.ubuf[:0], 0
	for ; i < len(seg); i, r, size, cls = w.next(i + size) {
		if text := seg[prev:i]; len(text) <= cap(buf)-len(buf)-escape.MaxNotation {
			buf = append(buf, text...)
		} else {
			// Text too long to join the piece goes out as it is.
			c.emitPiece(buf, prev)
			c.emitPiece(text, i)
			buf = buf[:0]
		}
		for {
			if cls == plainsight.ClassTag && i < w.tagEnd {
				// The tags through tagEnd share the verdict of the
				// run (TagRun): each is escaped, and is read from
				// its bytes here without a turn of this loop.
				buf = c.escapeTags(buf, seg, i, w.tagEnd)
				i, size = w.tagEnd-tagSize, tagSize
			} else {
				c.countUnicode(cls, 1)
				if c.opts.Unicode == UnicodeEscape {
					buf = plainsight.AppendEscapeRune(buf, r)
				}
			}
			// Escapes come in runs (hidden text, smuggled tags):
			// the next one is taken here while it follows on,
			// without the walk's search for plain text.
			j := i + size
			if j == len(seg) || seg[j] < utf8.RuneSelf {
				break
			}
			if seg[j] == seg[i] && escape.RepeatsAt(seg, i, j) {
				if _, ok := c.classes.settled(r); ok {
					// Copies of a character whose class its
					// neighbours do not decide: each escapes as
					// this one did. (A copy follows the last one
					// taken, and is read next.)
					buf, j = c.escapeCopies(buf, seg, i, j, r, cls)
					i = j - size
				}
			}
			r2, size2 := decodeRune(seg[j:])
			cls2, ok := c.classes.settled(r2)
			if !ok {
				cls2 = w.classAfterEscape(j, size2, r2)
			}
			if cls2 == plainsight.ClassNone {
				break
			}
			i, r, size, cls = j, r2, size2, cls2
			if cap(buf)-len(buf) < escape.MaxNotation {
				c.emitPiece(buf, i)
				buf = buf[:0]
			}
		}
		prev = i + size
	}
	if text := seg[prev:]; len(text) <= cap(buf)-len(buf) {
		buf = append(buf, text...)
		if nl && len(buf) < cap(buf) {
			// The newline in the last piece: one write less a
			// line. emit writes and cuts the piece as it would
			// the two.
			buf, nl = append(buf, '\n'), false
		}
		c.emitPiece(buf, len(seg))
	} else {
		c.emitPiece(buf, prev)
		c.emitPiece(text, len(seg))
	}
	c.ubuf, c.segDone = buf[:0], 0
	if nl {
		c.emitNewline()
	}
}

// emitPiece writes b, the text of emitUnicode's segment up to its byte
// done: Clean sizes its text from how far it has come (growText).
func (c *Cleaner) emitPiece(b []byte, done int) {
	c.segDone = done
	c.emit(b)
}

// escapeTags counts the tags of seg[i:end], a run of them that TagRun
// found not legit, and writes their escapes to buf, after the text of seg
// before i. It returns buf; what did not fit is written out.
func (c *Cleaner) escapeTags(buf, seg []byte, i, end int) []byte {
	c.countUnicode(plainsight.ClassTag, (end-i)/tagSize)
	if c.opts.Unicode != UnicodeEscape {
		return buf
	}
	for i < end {
		if cap(buf)-len(buf) < escape.MaxNotation {
			c.emitPiece(buf, i)
			buf = buf[:0]
		}
		// As many as buf has room for, without a test of the room
		// each.
		stop := min(end, i+(cap(buf)-len(buf))/escape.MaxNotation*tagSize)
		buf = escape.AppendTags(buf, seg[i:stop])
		i = stop
	}
	return buf
}

// escapeCopies counts the copies of the character r of class cls,
// seg[i:j], that follow it in seg, as far as RepeatEnd finds them, and
// writes their escapes to buf, which ends with r's own. It returns buf
// and the end of the copies; what did not fit is written out. A flood of
// one character (a screen of zero-width spaces) costs a copy of its
// escape for each, written a piece at a time.
func (c *Cleaner) escapeCopies(buf, seg []byte, i, j int, r rune, cls plainsight.Class) ([]byte, int) {
	size, end := j-i, escape.RepeatEnd(seg, i, j)
	c.countUnicode(cls, (end-j)/size)
	if c.opts.Unicode != UnicodeEscape {
		return buf, end
	}
	var note [escape.MaxNotation]byte
	n := len(plainsight.AppendEscapeRune(note[:0], r))
	for j < end {
		if cap(buf)-len(buf) < n {
			c.emitPiece(buf, j)
			buf = buf[:0]
		}
		// As many as buf has room for: the first from note, the
		// rest copied from those before, doubling.
		k := min((end-j)/size, (cap(buf)-len(buf))/n)
		fill := buf[len(buf) : len(buf)+k*n]
		copy(fill, note[:n])
		escape.FillCopies(fill, n)
		buf = buf[:len(buf)+len(fill)]
		j += k * size
	}
	return buf, end
}

// tagSize is the length of a tag character in UTF-8.
const tagSize = escape.TagSize

// countUnicode counts n escaped code points of class cls. Report counts
// the warnings they raise from these counts, by class.
func (c *Cleaner) countUnicode(cls plainsight.Class, n int) {
	c.escapes[cls&31] += int64(n)
}
