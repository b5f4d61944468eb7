package term

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/c1string"
	"github.com/plainsight-dev/plainsight/internal/escape"
)

// A byteOutput is what ground writes for one byte that is a token of its
// own in Ground, and when the byte after it changes that: the output, up
// to three bytes little-endian in the low 24 bits, and their number in
// bits 24-25; bit outLeadBit for a lead byte; and in the top 32 bits, the
// range of next bytes that make the byte more than a token of its own
// ([escape.NextRange]). The range is
//   - empty (escape.NoNext) for most bytes;
//   - the continuation bytes of its character for a lead byte, whose
//     output is then the U+FFFD of a lead that nothing continues;
//   - F5-FF for a byte that no valid UTF-8 holds (wordClass's
//     classNeverValid), so that the 0xFF padding of binary output leaves
//     the loop for ground's word at a time;
//   - every byte for a byte the parser must read (ESC, a raw C1
//     introducer: outStop).
//
// byteRun writes a byte whose next byte is out of its range with one
// look-up, one subtraction and one comparison, whatever the byte: no
// branch on its class, which random bytes would mispredict.
type byteOutput uint64

const (
	outAlone = byteOutput(escape.NoNext)    // the range of a byte no next byte changes
	outStop  = byteOutput(escape.EveryNext) // ESC or a raw C1 introducer: the parser's

	outLeadBit byteOutput = 1 << 31
)

// output returns the bytes that o writes, in the low 24 bits, for one
// 4-byte store.
func (o byteOutput) output() uint32 { return uint32(o) }

// outputLen returns the number of bytes that o writes.
func (o byteOutput) outputLen() int { return int(o >> 24 & 3) }

// alone reports whether next, the byte after o's byte, leaves it a token
// of its own that o.output writes.
func (o byteOutput) alone(next byte) bool {
	return escape.AloneBefore(uint64(o), next)
}

// byteAlone reports whether o's byte is a token of its own whatever
// follows it: neither a lead nor a byte the parser must read.
func (o byteOutput) byteAlone() bool {
	return o&outLeadBit == 0 && o != outStop
}

// byteOutputs returns the table of byteOutput for each byte, where a
// dropped control writes dropped: nothing, or U+241B in Visualize mode.
func byteOutputs(dropped string) (t [256]byteOutput) {
	pack := func(s string) byteOutput {
		o := outAlone | byteOutput(len(s))<<24
		for i := range len(s) {
			o |= byteOutput(s[i]) << (8 * i)
		}
		return o
	}
	leads := buildUTF8Leads()
	for b := range 256 {
		switch {
		case keptByte[b]:
			t[b] = pack(string(rune(b)))
		case b == 0x1b || c1string.Introducer(byte(b)):
			t[b] = outStop
		case b < 0xa0:
			t[b] = pack(dropped) // C0, DEL, C1
		case b >= 0xc2 && b <= 0xf4:
			l := leads[b]
			t[b] = pack(replacement)&^outAlone | outLeadBit | byteOutput(escape.NextRange(l.lo, l.hi))
		default:
			// Never in a valid character.
			t[b] = pack(replacement)&^outAlone | byteOutput(escape.NextRange(0xf5, 0xff))
		}
	}
	return t
}

//go:generate go test -run TestGeneratedTables -gentable

// The tables of this package are generated into tables_gen.go from the
// functions that build them, so that none is built at start-up;
// TestGeneratedTables keeps the two in step. stripOutputs and
// visualizeOutputs, the byte outputs for Strip mode and Visualize mode,
// are byteOutputs("") and byteOutputs(visualEscape).

// ground filters the run at the start of src that needs no parser, as
// the parser and Transform would token by token, with the parser in
// Ground and no colour correction pending: text (printable ASCII, LF,
// tab and valid UTF-8 outside C1) is copied, C0 and C1 controls are
// dropped (U+241B each in Visualize mode) and each byte of ill-formed
// UTF-8 becomes U+FFFD, and a CSI, OSC, SOS, PM, APC or DCS introduced by
// C1 is dropped whole when the parser reads it as one token. It stops before
// an ESC, any other C1 introducer, a UTF-8 prefix that src ends in
// (unless atEOF), or where dst might run short, and returns the bytes
// written and read. Where the vector loop runs (aloneBlocks), ESC sequences
// that end in one of its blocks are dropped too, and an ESC that opens no
// CSI is the loop's to read.
//
// Where dst might run short is where a byte at a time might: a third of
// its room, for the three bytes of U+FFFD that a byte can write. The
// vector loop keeps its own room, a block's worst case, and is given all
// of src: bounded by that third, it stopped early in every dst that was
// filling (Push's 8 KiB), and left the rest of its blocks to the loops a
// byte or a token at a time.
//
// Random bytes and binary output are mostly such runs: one loop over
// them, a table look-up for most bytes, instead of a parser token for
// each byte, is what keeps term fast there.
func ground(dst, src []byte, atEOF bool, mode Mode) (nDst, nSrc int) {
	outputs := &stripOutputs
	if mode == Visualize {
		outputs = &visualizeOutputs
	}
	// A byte read writes at most three (U+FFFD, U+241B): reading up to
	// end leaves room for that, for the four bytes a table entry is
	// written with, and for a character or ill-formed prefix of up to
	// four bytes that starts before end.
	end := len(src)
	if limit := (len(dst) - 16) / 3; end > limit {
		end = limit
	}
	i, j := 0, 0 // in src, in dst
	for i < end {
		// A word whose first and last byte are both text, or both never
		// valid, is tested whole: in binary output most words fail on
		// those two look-ups, for less than a word's test costs.
		var class byte
		if i+8 <= end {
			class = wordClass[src[i]] & wordClass[src[i+7]]
		}
		if class == classText && escape.CleanWord(binary.LittleEndian.Uint64(src[i:]), true) {
			// Text, not bytes alone as in binary output: a word at
			// a time.
			k := textRun(src[i:end])
			copy(dst[j:], src[i:i+k])
			i += k
			j += k
			continue
		}
		if class == classDropped && mode != Visualize && controlWord(binary.LittleEndian.Uint64(src[i:])) {
			// A run of C0 controls that Strip drops (a flood of CRs
			// or NULs): eight at a time, with nothing to write.
			k := 8
			for i+k+8 <= end && controlWord(binary.LittleEndian.Uint64(src[i+k:i+k+8:i+k+8])) {
				k += 8
			}
			i += k
			continue
		}
		if class == classNeverValid && escape.InvalidWord(binary.LittleEndian.Uint64(src[i:])) {
			// A run of bytes that no valid UTF-8 holds (padding of
			// 0xFF, stray continuation bytes): U+FFFD for each, found
			// 32 at a time and then eight (InvalidRun), and written
			// from a prepared buffer.
			k := escape.InvalidRun(src[i:end])
			for n := k; n > 0; {
				w := min(n, len(replacements)/len(replacement))
				j += copy(dst[j:], replacements[:w*len(replacement)])
				n -= w
			}
			i += k
			continue
		}
		if outputs[src[i]].byteAlone() {
			// Not at a character, which costs no call.
			// A two-byte character that starts before end may
			// end past it.
			if j, i = byteRun(dst, j, src, i, end, outputs); i >= end {
				return j, i
			}
		}
		o, b, rest := outputs[src[i]], src[i], src[i:]
		header, intro := c1string.Header(rest)
		if intro == 0x9b {
			// A CSI introduced by C1, raw or in UTF-8, which no
			// policy keeps: dropped whole when the parser would read
			// it as one token.
			e, _ := csiEndAt(src, i, i+header)
			if e == 0 {
				break
			}
			for {
				if mode == Visualize {
					j += copy(dst[j:], visualEscape)
				} else if escape.RepeatsAt(src, i, e) {
					// Copies of it, which write nothing either, and
					// so may be read past end.
					e = escape.RepeatEnd(src, i, e)
				}
				i = e
				// The next one right after (a flood of them): read
				// here, without the word tests at the top of the loop.
				if i >= end {
					break
				}
				if header, intro = c1string.Header(src[i:]); intro != 0x9b {
					break
				}
				if e, _ = csiEndAt(src, i, i+header); e == 0 {
					break
				}
			}
			continue
		}
		if c1string.IsString(intro) || intro == 0x90 {
			// An OSC, SOS, PM, APC or DCS string introduced by C1, raw
			// or in UTF-8, which no policy keeps: dropped whole when it
			// ends in src as the parser reads it. In random bytes a raw
			// C1 introducer opens one every fifty bytes or so, and the
			// next C1 byte ends it.
			var e int
			if intro == 0x90 {
				_, e, _ = c1string.DCSEnd(src, i+header)
			} else {
				_, e, _ = c1string.End(src, i+header, intro == 0x9d)
			}
			if e == 0 {
				break
			}
			if mode == Visualize {
				j += copy(dst[j:], visualEscape)
			}
			i = e
			continue
		}
		if o == outStop {
			if b != 0x1b || outputs != &stripOutputs || len(rest) < 2 || rest[1] == '[' {
				break
			}
			if c := rest[1]; c >= 0x20 && c < 0x80 && useAloneVector {
				// An ESC sequence other than a CSI (which may be an
				// SGR) after text, as in attack text: the vector loop
				// reads it, and the text, controls and sequences
				// after it.
				if n, r := aloneBlocks(dst[j:], src[i:]); r > 0 {
					i += r
					j += n
					continue
				}
			}
			// One that the vector loop does not read, as in binary
			// output: a byte from 0x80 makes it malformed or a C1
			// control aborts it, controls are executed within it.
			if e := escDroppedEnd(src, i); e > 0 {
				i = e
				continue
			}
			break
		}
		if b == 0xc2 && len(rest) > 1 && rest[1] >= 0x80 && rest[1] <= 0x9f {
			// A C1 control in UTF-8.
			if c1string.Introducer(rest[1]) {
				break
			}
			if mode == Visualize {
				j += copy(dst[j:], visualEscape)
			}
			i += 2
			continue
		}
		// m is the length of the longest prefix of a valid character
		// at the start of rest: the parser reads an ill-formed one as
		// one invalid byte each.
		l, m := utf8Leads[b], 1
		if len(rest) > 1 && l.lo <= rest[1] && rest[1] <= l.hi {
			m = 2
			for m < int(l.size) && m < len(rest) && rest[m]&0xc0 == 0x80 {
				m++
			}
		}
		switch {
		case m == int(l.size):
			k := textRun(src[i:max(end, i+m)])
			copy(dst[j:], src[i:i+k])
			i += k
			j += k
			continue
		case m == len(rest) && !atEOF:
			return j, i // more input may complete it
		}
		for range m {
			d := dst[j : j+len(replacement)]
			d[0], d[1], d[2] = replacement[0], replacement[1], replacement[2]
			j += len(replacement)
		}
		i += m
	}
	return j, i
}

// byteRun is ground's loop over bytes alone: from src[i] to end, it
// writes each byte that its byteOutput and the byte after it decide, with
// no branch on what the byte is (see byteOutput), U+FFFD for each lead
// byte that the byte after it does not continue among them; each
// two-byte character whole, the commonest character in binary output;
// and U+FFFD for each byte of the prefix of a three- or four-byte
// character that a byte not a continuation cuts short. It stops at any
// other byte (a lead whose next bytes are not in src among them) and
// before a word-long run of bytes that no valid UTF-8 holds, which ground
// copies from a prepared buffer, and returns the new j and i (i may be
// past end, by the rest of a character that starts before it or by the
// vector loop's blocks). A loop of
// its own, in a function small enough that the compiler keeps its state
// in registers: in ground's body it spilled to the stack on every byte.
//
// In Strip mode, where the processor has one, a vector loop
// (aloneBlocks) reads the bytes 64 at a time first, with the characters
// and cut prefixes among them and the sequences that end in their block
// (see aloneBlocks), up to a byte that needs the parser or, past end,
// where dst has a block's worst case left; the loop here reads that
// byte, and the last bytes of the run.
func byteRun(dst []byte, j int, src []byte, i, end int, outputs *[256]byteOutput) (int, int) {
	run := src[:min(end+1, len(src))] // a byte is read with the one after it
	_ = *outputs                      // one nil check, before the loop
	if useAloneVector && outputs == &stripOutputs && len(run)-i >= aloneBlock+3 {
		// Blocks of bytes alone, up to a byte that needs more than its
		// table entry, which the loop below reads (and stops at), or to
		// where dst has a block's worst case left, past end or not
		// (before end, the loop reads on to it).
		n, m := aloneBlocks(dst[j:], src[i:])
		j += n
		i += m
	}
	for i+1 < len(run) {
		b, c := run[i], run[i+1]
		o := outputs[b]
		if o.alone(c) {
			binary.LittleEndian.PutUint32(dst[j:j+4], o.output())
			j += o.outputLen()
			i++
			continue
		}
		if o == outStop {
			break
		}
		if o&outLeadBit == 0 {
			// A byte that no valid UTF-8 holds before one of F5-FF:
			// a run of them a word long is ground's.
			if i+8 <= len(src) && escape.InvalidWord(binary.LittleEndian.Uint64(src[i:])) {
				break
			}
			binary.LittleEndian.PutUint32(dst[j:j+4], o.output())
			j += o.outputLen()
			i++
			continue
		}
		// A lead byte that c continues.
		if l := textLeads[b]; l.size == 2 && c-l.lo <= l.span {
			binary.LittleEndian.PutUint32(dst[j:j+4], uint32(b)|uint32(c)<<8)
			j += 2
			i += 2
			continue
		}
		// The prefix of a three- or four-byte character that a byte
		// not a continuation cuts short: U+FFFD for each of its bytes.
		if utf8Leads[b].size < 3 || i+3 >= len(src) {
			break // a C1 control in UTF-8, or the end of src
		}
		if src[i+2]&0xc0 != 0x80 {
			binary.LittleEndian.PutUint64(dst[j:j+8], replacements2x)
			j += 2 * len(replacement)
			i += 2
			continue
		}
		if utf8Leads[b].size == 3 || src[i+3]&0xc0 == 0x80 {
			break // a whole character
		}
		binary.LittleEndian.PutUint64(dst[j:j+8], replacements2x)
		dst[j+8] = replacement[2]
		j += 3 * len(replacement)
		i += 3
	}
	if i+1 == len(src) && i < end {
		// The last byte of src, which no byte follows: written when
		// no next byte could change it.
		if o := outputs[src[i]]; o.byteAlone() {
			binary.LittleEndian.PutUint32(dst[j:j+4], o.output())
			j += o.outputLen()
			i++
		}
	}
	return j, i
}

// replacements2x is U+FFFD twice in the low six bytes of a little-endian
// word, and the first two bytes of a third in the top two: one store
// writes two, or with one byte more three.
const replacements2x = 0xbfef_bdbf_efbd_bfef

// replacements is U+FFFD 1024 times: the output of a run of bytes that no
// valid UTF-8 holds, copied rather than written a character at a time. It
// is a constant, so that no process builds it at start-up.
const replacements = replacements512 + replacements512

const (
	replacements2   = replacement + replacement
	replacements4   = replacements2 + replacements2
	replacements8   = replacements4 + replacements4
	replacements16  = replacements8 + replacements8
	replacements32  = replacements16 + replacements16
	replacements64  = replacements32 + replacements32
	replacements128 = replacements64 + replacements64
	replacements256 = replacements128 + replacements128
	replacements512 = replacements256 + replacements256
)

// Classes of wordClass.
const (
	classText       = 1 // kept as it is: printable ASCII, LF, tab
	classNeverValid = 2 // in no valid UTF-8 outside a character begun before
	classDropped    = 4 // a C0 control or DEL that Transform drops (droppedC0)
)

// controlWord reports whether every byte of the little-endian word w is a
// C0 control that Transform drops: below 0x20, and none of ESC, LF and
// tab (DEL, which droppedC0 also drops, is left to the byte loop).
func controlWord(w uint64) bool {
	const msbs = lsbs * 0x80
	if (w|(w+lsbs*0x60))&msbs != 0 {
		return false // a byte of 0x20 or more (exact: no lane carries)
	}
	// Every byte is below 0x20: x has a zero lane exactly where w holds
	// c, and a zero lane sets its high bit in (x - lsbs) &^ x.
	esc, lf, tab := w^(lsbs*0x1b), w^(lsbs*'\n'), w^(lsbs*'\t')
	return ((esc-lsbs)&^esc|(lf-lsbs)&^lf|(tab-lsbs)&^tab)&msbs == 0
}

// buildWordClass makes wordClass, the class of each byte, for the look-ups
// that decide whether a word is worth testing whole. The bytes that no
// valid UTF-8 holds outside a character begun before them are the
// continuation bytes that are not C1 controls (A0-BF), C0, C1 and F5-FF:
// in Ground each is one U+FFFD in every mode.
func buildWordClass() (t [256]byte) {
	for b := range t {
		switch {
		case keptByte[b]:
			t[b] = classText
		case b >= 0xa0 && b <= 0xc1 || b >= 0xf5:
			t[b] = classNeverValid
		case droppedC0(byte(b)):
			t[b] = classDropped
		}
	}
	return t
}

// utf8Lead describes a byte that starts a multi-byte character: its
// size, and the range of the byte after it (RFC 3629: E0 A0-BF, ED 80-9F,
// F0 90-BF, F4 80-8F, otherwise 80-BF). size is 0 for the other bytes.
type utf8Lead struct {
	size   uint8
	lo, hi byte
}

// buildUTF8Leads makes utf8Leads, the utf8Lead of each byte, from
// unicode/utf8, so that it agrees with it.
func buildUTF8Leads() (t [256]utf8Lead) {
	for b := range t {
		t[b].lo = 0xff // no byte follows
	}
	for b := 0xc2; b <= 0xf4; b++ {
		l := utf8Lead{lo: 0xff}
		for c := 0x80; c <= 0xbf; c++ {
			if p := []byte{byte(b), byte(c)}; !utf8.FullRune(p) || utf8.Valid(p) {
				l.lo, l.hi = min(l.lo, byte(c)), byte(c)
			}
		}
		l.size = 2
		if b >= 0xe0 {
			l.size = 3
		}
		if b >= 0xf0 {
			l.size = 4
		}
		t[b] = l
	}
	return t
}

// textPrefix returns textRun(src), the length of the text at the start
// of src, where the processor has the vector loop reading it 64 bytes at
// a time (textBlocks) after its first byte above ASCII: clean text, which
// Push returns as it is, is mostly such a run. Its printable ASCII, LF
// and tab before that byte go faster still ([escape.CleanPrefixBytes]).
func textPrefix(src []byte) int {
	if !useColourVector || len(src) < colourMargin {
		return textRun(src)
	}
	n := escape.CleanPrefixBytes(src, true)
	if len(src)-n >= colourMargin {
		n += textBlocks(src[n:])
	}
	return n + textRun(src[n:])
}

// textRun returns the length of the run of text at the start of src:
// printable ASCII, LF, tab and whole valid characters other than C1
// controls.
//
// The characters of every script and the spaces between words are read
// in an inner loop with no call in it, one table look-up a character for
// its lead byte (textLeads), so that nothing is saved and restored per
// character; runs of ASCII at least a word long a word at a time by
// [escape.CleanPrefixBytes]; the last three bytes of src by
// [utf8.DecodeRune].
func textRun(src []byte) int {
	i := 0
	for i < len(src) {
		for i+3 < len(src) {
			b := src[i : i+4 : i+4] // one bounds check for the four bytes
			c := b[0]
			if c < utf8.RuneSelf {
				if c != ' ' {
					goto other
				}
				i++
				continue
			}
			l := textLeads[c]
			if l.size == 0 || b[1]-l.lo > l.span {
				return i // not a lead, an ill-formed one, or C2 80-9F
			}
			if l.size == 2 {
				// Letters of a script come in a row: the next
				// one, if two bytes too, is in the same four.
				if l := textLeads[b[2]]; l.size == 2 && b[3]-l.lo <= l.span {
					i += 4
					continue
				}
				i += 2
				continue
			}
			if b[2]&0xc0 != 0x80 || l.size > 3 && b[3]&0xc0 != 0x80 {
				return i
			}
			if i+7 < len(src) {
				// Likewise for the syllables and ideographs of
				// three bytes, and for emoji and the rest of
				// the planes past the first: the next one of
				// the same size is in the same eight.
				if l.size == 3 {
					n := src[i+3 : i+6 : i+6]
					if l := textLeads[n[0]]; l.size == 3 && n[1]-l.lo <= l.span && n[2]&0xc0 == 0x80 {
						i += 6
						continue
					}
				} else {
					n := src[i+4 : i+8 : i+8]
					if l := textLeads[n[0]]; l.size == 4 && n[1]-l.lo <= l.span && n[2]&0xc0 == 0x80 && n[3]&0xc0 == 0x80 {
						i += 8
						continue
					}
				}
			}
			i += int(l.size)
		}
		if i == len(src) {
			break
		}
	other:
		if c := src[i]; c < utf8.RuneSelf {
			// The first word tested whole for printable ASCII, the
			// words of a sentence between letters of another script:
			// a run that fills it goes on a word at a time, a shorter
			// one ends at its first other byte. A word that starts
			// with LF, tab or a control goes byte by byte.
			if i+8 <= len(src) {
				w := binary.LittleEndian.Uint64(src[i:])
				if m := escape.NotPrintable(w); m == 0 {
					i += 8
					i += escape.CleanPrefixBytes(src[i:], true)
					continue
				} else if k := bits.TrailingZeros64(m) / 8; k > 0 {
					i += k
					continue
				}
			}
			j := i
			for i < len(src) && keptByte[src[i]] {
				if i++; i-j == 8 {
					i += escape.CleanPrefixBytes(src[i:], true)
					break
				}
			}
			if i == j {
				return i // a control or DEL
			}
			continue
		}
		r, size := utf8.DecodeRune(src[i:])
		if size == 1 || r < 0xa0 {
			return i // ill-formed, cut short, or a C1 control
		}
		i += size
	}
	return i
}

// A textLead describes a byte that starts a character textRun copies:
// its size, and the range of the byte after it, lo to lo+span. size is 0
// for the other bytes.
type textLead struct {
	size, lo, span uint8
}

// buildTextLeads makes textLeads, the textLead of each byte, from
// utf8Leads: C2 80-9F, a C1 control in UTF-8, is not text.
func buildTextLeads() (t [256]textLead) {
	for b, l := range buildUTF8Leads() {
		if l.size == 0 {
			continue
		}
		if b == 0xc2 {
			l.lo = 0xa0
		}
		t[b] = textLead{size: l.size, lo: l.lo, span: l.hi - l.lo}
	}
	return t
}

// buildKeptByte makes keptByte, which marks the bytes that every mode
// keeps as they are, as [escape.CleanPrefix] with the tab kept reads them
// a word at a time: printable ASCII 0x20-0x7E, LF and tab.
func buildKeptByte() (t [256]bool) {
	for c := range t {
		t[c] = escape.IsPlain(byte(c), true)
	}
	return t
}
