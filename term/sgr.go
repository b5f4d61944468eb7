package term

import (
	"encoding/binary"
	"math/bits"

	"github.com/plainsight-dev/plainsight/ansi"
	"github.com/plainsight-dev/plainsight/internal/escape"
	"github.com/plainsight-dev/plainsight/internal/terminfo"
)

// maxSGRLen bounds the canonical form of a kept SGR: ESC [ and m, and at
// most ansi.MaxParams parameters of at most three digits (every kept value
// is <= 255) plus one separator each. Re-serialising never adds
// parameters: the colon colour forms lose their colour-space id.
const maxSGRLen = 3 + 4*ansi.MaxParams

// Top-level SGR parameters with a meaning for the keep rule.
const (
	sgrConceal     = 8
	sgrUnderline   = 4
	sgrFg          = 38
	sgrBg          = 48
	sgrUnderlineFg = 58
	colourIndexed  = 5 // 38;5;n
	colourDirect   = 2 // 38;2;r;g;b
	maxUnderline   = 5 // 4:0 (none) to 4:5 (dashed)
	maxSGRValue    = 255
)

// isSGR reports whether seq is shaped like an SGR at all: a complete 7-bit
// CSI with final 'm', no private marker, no intermediates, not ignored as
// malformed, and no more parameters than the parser stores.
func isSGR(seq *ansi.Seq) bool {
	return seq.Intro == '[' && !seq.C1 && seq.Term == ansi.TermFinal && seq.Final == 'm' &&
		seq.Private == 0 && seq.NumIntermediates == 0 && !seq.TooManyIntermediates &&
		!seq.TooManyParams && !seq.Ignored
}

// appendSGR appends the canonical form of seq to dst and reports whether
// the keep rule (see the package doc) allows seq. When it does not, dst is
// returned unchanged. Given a dst with maxSGRLen spare capacity, appendSGR
// does not allocate. If c is not nil and seq is allowed, appendSGR applies
// seq to c.
func appendSGR(dst []byte, seq *ansi.Seq, c *colours) ([]byte, bool) {
	if !isSGR(seq) {
		return dst, false
	}
	return appendSGRParams(dst, seq.Params[:seq.NumParams], c)
}

// appendSGRParams is appendSGR for the parameters of a CSI already known
// to be shaped like an SGR.
func appendSGRParams(dst []byte, ps []ansi.Param, c *colours) ([]byte, bool) {
	start := len(dst)
	dst = append(dst, 0x1b, '[')
	var ch sgrChange // applied to c only if the SGR is kept
	var st style     // likewise
	if c != nil {
		st = c.style
	}
	if len(ps) == 0 {
		if c != nil {
			ch.param(0)
			c.apply(&ch)
		}
		return append(dst, '0', 'm'), true
	}
	if ps[0].Sub {
		return dst[:start], false
	}
	for i := 0; i < len(ps); {
		if i > 0 {
			dst = append(dst, ';')
		}
		p := ps[i]
		end := i + 1
		for end < len(ps) && ps[end].Sub {
			end++
		}
		subs := ps[i+1 : end]
		var ok bool
		switch {
		case p.Overflow:
			ok = false
		case len(subs) > 0:
			dst, ok = appendColonGroup(dst, p, subs)
			ch.extended(p.Value, subs)
			switch {
			case !ok:
			case p.Value == sgrUnderline:
				st = st.withUnderline(subs[0].Value)
			default:
				st = st.with(p.Value)
			}
			i = end
		case !p.Missing && (p.Value == sgrFg || p.Value == sgrBg || p.Value == sgrUnderlineFg):
			dst, end, ok = appendSemicolonColour(dst, ps, i)
			if ok {
				ch.extended(p.Value, ps[i+1:end])
				st = st.with(p.Value)
			}
			i = end
		case !p.Missing && p.Value == sgrConceal:
			ok = false
		case p.Value > maxSGRValue:
			// A terminal that stores parameters in a byte would read
			// 264 as 8.
			ok = false
		default:
			dst = appendUint(dst, p.Value) // Missing has Value 0
			if simpleParams[p.Value]&simpleColour != 0 {
				ch.param(uint8(p.Value))
			}
			st = st.with(p.Value)
			ok = true
			i++
		}
		if !ok {
			return dst[:start], false
		}
	}
	if c != nil {
		c.applyKept(&ch, st)
	}
	return append(dst, 'm'), true
}

// appendColonGroup appends a parameter with sub-parameters: an extended
// colour (38:5:n, 38:2:r:g:b, 38:2:cs:r:g:b, and 48, 58 alike) or an
// underline style 4:n. Anything else is refused.
func appendColonGroup(dst []byte, p ansi.Param, subs []ansi.Param) ([]byte, bool) {
	if p.Missing {
		return dst, false
	}
	switch p.Value {
	case sgrUnderline:
		if len(subs) != 1 || !plain(subs[0]) || subs[0].Value > maxUnderline {
			return dst, false
		}
		dst = append(dst, '4', ':')
		return appendUint(dst, subs[0].Value), true
	case sgrFg, sgrBg, sgrUnderlineFg:
	default:
		return dst, false
	}
	if !plain(subs[0]) {
		return dst, false
	}
	switch subs[0].Value {
	case colourIndexed:
		if len(subs) != 2 || !byteValue(subs[1]) {
			return dst, false
		}
		return appendColour(dst, p.Value, subs[1:]), true
	case colourDirect:
		rgb := subs[1:]
		if len(rgb) == 4 {
			// The first is the colour-space id, often empty; it is
			// dropped.
			if rgb[0].Overflow {
				return dst, false
			}
			rgb = rgb[1:]
		}
		if len(rgb) != 3 || !byteValue(rgb[0]) || !byteValue(rgb[1]) || !byteValue(rgb[2]) {
			return dst, false
		}
		return appendColour(dst, p.Value, rgb), true
	}
	return dst, false
}

// appendSemicolonColour appends the extended colour that starts at ps[i]
// in the semicolon form (38;5;n or 38;2;r;g;b) and returns the index after
// it. Each consumed parameter must be present, at most 255, and free of
// sub-parameters.
func appendSemicolonColour(dst []byte, ps []ansi.Param, i int) ([]byte, int, bool) {
	if i+1 >= len(ps) || !plain(ps[i+1]) {
		return dst, i, false
	}
	n := 0
	switch ps[i+1].Value {
	case colourIndexed:
		n = 1
	case colourDirect:
		n = 3
	default:
		return dst, i, false
	}
	vals := ps[i+2:]
	if len(vals) < n {
		return dst, i, false
	}
	vals = vals[:n]
	for _, v := range vals {
		if v.Sub || !byteValue(v) {
			return dst, i, false
		}
	}
	end := i + 2 + n
	if end < len(ps) && ps[end].Sub {
		return dst, i, false
	}
	return appendColour(dst, ps[i].Value, vals), end, true
}

// appendColour writes an extended colour canonically: 38 and 48 in the
// semicolon form, 58 in the colon form with an empty colour-space id (see
// the package doc for why). vals holds one index or three components.
func appendColour(dst []byte, which uint16, vals []ansi.Param) []byte {
	sep := byte(';')
	if which == sgrUnderlineFg {
		sep = ':'
	}
	dst = appendUint(dst, which)
	dst = append(dst, sep)
	if len(vals) == 1 {
		dst = append(dst, '5', sep)
		return appendUint(dst, vals[0].Value)
	}
	dst = append(dst, '2', sep)
	if sep == ':' {
		dst = append(dst, ':')
	}
	for k, v := range vals {
		if k > 0 {
			dst = append(dst, sep)
		}
		dst = appendUint(dst, v.Value)
	}
	return dst
}

// plain reports whether p holds a value: present and in range.
func plain(p ansi.Param) bool { return !p.Missing && !p.Overflow }

// byteValue reports whether p holds a value 0-255.
func byteValue(p ansi.Param) bool { return plain(p) && p.Value <= maxSGRValue }

// appendUint appends v in decimal.
func appendUint(dst []byte, v uint16) []byte {
	switch {
	case v >= 10000:
		dst = append(dst, byte('0'+v/10000))
		fallthrough
	case v >= 1000:
		dst = append(dst, byte('0'+v/1000%10))
		fallthrough
	case v >= 100:
		dst = append(dst, byte('0'+v/100%10))
		fallthrough
	case v >= 10:
		dst = append(dst, byte('0'+v/10%10))
	}
	return append(dst, byte('0'+v%10))
}

// maxFastSGR bounds the bytes scanSGR looks at: ESC [, MaxParams
// parameters of five digits and a separator, and m.
const maxFastSGR = 3 + 6*ansi.MaxParams

// scanSGR parses a complete SGR made only of ESC [, digits, ';', ':' and
// a final 'm' at the start of src into params, as ansi.Parser would, and
// returns its length and the parameter count. It returns n == 0 for
// anything else (another byte, an incomplete sequence, more than
// ansi.MaxParams parameters), which the caller leaves to the parser.
func scanSGR(src []byte, params *[ansi.MaxParams]ansi.Param) (n, np int) {
	if len(src) < 3 || src[0] != 0x1b || src[1] != '[' {
		return 0, 0
	}
	var (
		v      uint32
		digits int
		sub    bool
	)
	end := min(len(src), maxFastSGR)
	for i := 2; i < end; i++ {
		c := src[i]
		switch {
		case c >= '0' && c <= '9':
			if digits < 6 {
				v = v*10 + uint32(c-'0')
			}
			digits++
			continue
		case c == ';' || c == ':', c == 'm':
			if c == 'm' && i == 2 {
				return 3, 0 // ESC [ m: no parameters
			}
			if np == ansi.MaxParams {
				return 0, 0
			}
			over := digits > 5 || v > 0xffff
			p := ansi.Param{Missing: digits == 0, Overflow: over, Sub: sub}
			if !p.Missing && !over {
				p.Value = uint16(v)
			}
			params[np] = p
			np++
			if c == 'm' {
				return i + 1, np
			}
			v, digits, sub = 0, 0, c == ':'
			continue
		}
		return 0, 0
	}
	return 0, 0
}

// colourRun reads a colour log from the start of src: the text that SGRs
// colour (printable ASCII, tab and LF, as escape.CopyCleanPrefix takes it)
// and the SGRs between of up to five parameters of up to three digits (a
// reset, attributes, basic colours), a foreground of the 256 colours
// (38;5;n) or in direct colour (38;2;r;g;b) and orig_pair (39;49), and,
// when strip is set (Strip mode), what Strip mode drops between them in
// real logs: the charset designation of xterm's sgr0, an erase (ESC [ K),
// other CSIs of up to five parameters of up to three digits, or none, or
// of a private marker ('?') and up to privateParams digits and ';', not
// followed by another ESC (an erase, a cursor move, the cursor hidden, as
// progress bars write them), and a C0 control before text, ESC or a UTF-8
// lead byte (the CR of CR LF, of a redraw). It copies the text to dst,
// writes each SGR's canonical form (appendSGRParams'), applies it to c,
// and returns the input length n and the output length w. With c nil
// (Plain, which keeps no SGR) it drops the SGRs.
//
// It returns before anything that needs more: any other byte or sequence,
// an SGR that changes more than a reset, an attribute or a foreground
// does (see colours.plainValue and colours.fgPlain), text longer than
// colourRunWords words, text while the colours need a correction
// (c.settle), the last bytes of src, and where dst has less than
// maxSGRLen bytes left. The caller takes that and calls it again. It
// calls nothing: Go keeps no register across a call, and the loop,
// calling out for an SGR or a run of text, saved and reloaded its state
// at every one.
func colourRun(dst, src []byte, c *colours, strip bool) (n, w int) {
	i, j := 0, 0
	for {
		if c != nil && c.settle && colourRunWeighs && i < len(src) && src[i]-0x20 <= 0x7e-0x20 && len(dst)-j >= maxSettleLen {
			// Printable text after colours that hide it: the
			// correction first (settleText).
			j += c.settleText(dst[j:])
		}
		if i < len(src) && src[i] != 0x1b && (c == nil || !c.settle) {
			// The text, a word at a time, each word copied whole
			// before it is tested, as escape.CopyCleanPrefix copies
			// it.
			end := i + min(len(src)-i, len(dst)-j, 8*colourRunWords)
			for {
				if i+8 > end {
					return i, j
				}
				x := binary.LittleEndian.Uint64(src[i : i+8 : i+8])
				binary.LittleEndian.PutUint64(dst[j:j+8:j+8], x)
				if m := escape.StopLanes(x, true); m != 0 {
					k := bits.TrailingZeros64(m) / 8
					i += k
					j += k
					break
				}
				i += 8
				j += 8
			}
		}
		if len(src)-i < 5 || len(dst)-j < maxSGRLen {
			return i, j
		}
		// k bytes of input, wk of output.
		var k, wk int
		weighed := false // the SGR's colours needed their contrast weighed
		switch b, next := src[i], src[i+1]; {
		case b == 0x1b && next == '[':
			d := dst[j : j+maxSGRLen]
			d[0], d[1] = 0x1b, '['
			b, v := src[i+2], uint8(0)
			switch {
			case b == 'm':
				// No parameter: a reset.
				d[2], d[3] = '0', 'm'
				k, wk = 3, 4
			case src[i+3] == 'm' && b-'0' <= 9:
				// One digit: 0, 1, 2, 4, 7 and the like.
				v = b - '0'
				d[2], d[3] = b, 'm'
				k, wk = 4, 4
			case src[i+4] == 'm' && b-'1' <= 8 && src[i+3]-'0' <= 9:
				// Two digits: a basic colour, or an attribute turned
				// off.
				v = 10*(b-'0') + src[i+3] - '0'
				d[2], d[3], d[4] = b, src[i+3], 'm'
				k, wk = 5, 5
			case strip && (b == 'K' || droppedCSIEnd(src, i+2)):
				// An erase to the end of the line, or another CSI
				// without parameters, which Strip mode drops (one
				// before another ESC but the erase is dropRun's,
				// which takes a flood of them at once).
				k = 3
				goto next
			case len(src)-i >= len(terminfo.OrigPair) && binary.LittleEndian.Uint64(src[i:]) == origPair:
				// The default colours, which ncurses programs write
				// after sgr0: one comparison.
				if c != nil {
					c.setDefaultColours()
					c.style = c.style.with(39).with(49)
				}
				copy(d, terminfo.OrigPair)
				k, wk = len(terminfo.OrigPair), len(terminfo.OrigPair)
				goto next
			default:
				// Parameters of up to three digits, each applied as
				// applyPlain applies it (ESC [ 1;31 m, ESC [ 01;34 m),
				// or a foreground of the 256 colours or in direct
				// colour (ESC [ 38;5;n m, ESC [ 38;2;r;g;b m).
				if b == '?' && strip {
					// A private marker: ESC [ ? 25 l, the cursor
					// hidden, which Strip mode drops.
					e := i + 3
					for e < len(src) && e-(i+3) < privateParams && (src[e]-'0' <= 9 || src[e] == ';') {
						e++
					}
					if e == i+3 || e == len(src) || !droppedCSIEnd(src, e) {
						return i, j
					}
					k = e + 1 - i
					goto next
				}
				var vals [maxPlainParams]uint8
				np, e := 0, i+2
				zeros := false // a value written with a leading zero
				for {
					v, start := 0, e
					for e < len(src) && e-start < 3 && src[e]-'0' <= 9 {
						v = v*10 + int(src[e]-'0')
						e++
					}
					if e == start || e == len(src) || v > maxSGRValue {
						return i, j
					}
					zeros = zeros || e-start > 1 && src[start] == '0'
					vals[np] = uint8(v)
					np++
					if src[e] == 'm' {
						break
					}
					if src[e] != ';' || np == len(vals) {
						if strip && droppedCSIEnd(src, e) {
							// A CSI that Strip mode drops: an erase
							// (ESC [ 2 K), a cursor move (ESC [ 3 A),
							// as progress bars write them. One before
							// another ESC is dropRun's.
							k = e + 1 - i
							goto next
						}
						return i, j
					}
					e++
				}
				if np >= 3 && (vals[0] == sgrFg || vals[0] == sgrBg) && (np == 3 && vals[1] == colourIndexed || np == 5 && vals[1] == colourDirect) {
					if c != nil {
						k := paletteColour | colour(vals[2])
						if np == 5 {
							k = rgbColour | colour(vals[2])<<16 | colour(vals[3])<<8 | colour(vals[4])
						}
						if vals[0] == sgrFg && c.fgPlain() {
							c.asked[partFg], c.screen[partFg] = k, k
							c.style = c.style.with(sgrFg)
						} else if colourRunWeighs {
							// A background, or a foreground with
							// one: the contrast of the two decides
							// (applyExtended).
							c.applyExtended(vals[0], k)
							weighed = true
						} else {
							return i, j
						}
					}
				} else {
					// Every value checked before any is applied: a
					// refused one drops the whole SGR.
					plain := true
					for _, v := range vals[:np] {
						info := simpleParams[v]
						if info&simpleRefused != 0 {
							return i, j
						}
						plain = plain && (c == nil || info&simpleColour == 0 || c.plainValue(v))
					}
					switch {
					case c == nil:
					case plain:
						for _, v := range vals[:np] {
							if simpleParams[v]&simpleColour != 0 {
								c.applyPlain(v)
							}
							c.style = c.style.with(uint16(v))
						}
					case colourRunWeighs:
						// Basic backgrounds, reverse video: as
						// for an extended colour.
						c.applyValues(vals[:np])
						weighed = true
					default:
						return i, j
					}
				}
				if !zeros && i+sgrWords*8 <= len(src) {
					// Written as its canonical form is: copied
					// whole, a word at a time, where writing it
					// digit by digit mispredicts on the values of
					// colours. (What follows in dst overwrites
					// the bytes copied past its end.)
					for k := 0; k < sgrWords*8; k += 8 {
						binary.LittleEndian.PutUint64(d[k:k+8], binary.LittleEndian.Uint64(src[i+k:i+k+8]))
					}
					k, wk = e+1-i, e+1-i
					goto next
				}
				w := 2
				for _, v := range vals[:np] {
					if v >= 100 {
						d[w] = '0' + v/100
						w++
					}
					if v >= 10 {
						d[w] = '0' + v/10%10
						w++
					}
					d[w], d[w+1] = '0'+v%10, ';'
					w += 2
				}
				d[w-1] = 'm'
				k, wk = e+1-i, w
				goto next
			}
			if info := simpleParams[v]; info&simpleRefused != 0 {
				return i, j
			} else if c != nil {
				switch {
				case info&simpleColour == 0 || c.applyPlain(v):
					c.style = c.style.with(uint16(v))
				case colourRunWeighs:
					c.applyValues([]uint8{v})
					weighed = true
				default:
					return i, j
				}
			}
		case b >= 0xc2:
			// A character of text above ASCII, whole and no C1
			// control (textLeads), alone between SGRs or ASCII: the
			// half blocks of a picture drawn in colours, a symbol in
			// a log line. Before another, a run of them (a word of
			// another script) is the colour-log vector loop's.
			l := textLeads[b]
			size := int(l.size)
			if size == 0 || next-l.lo > l.span || size > 2 && src[i+2]&0xc0 != 0x80 ||
				size > 3 && src[i+3]&0xc0 != 0x80 || src[i+size] >= 0x80 {
				return i, j
			}
			if c != nil && c.settle {
				// Colours that hide it: the correction first
				// (settleText).
				if !colourRunWeighs {
					return i, j
				}
				j += c.settleText(dst[j:])
			}
			copy(dst[j:j+4:j+4], src[i:i+4]) // the bytes past it are overwritten
			i += size                        // text, which Plain keeps too
			j += size
			continue
		case !strip:
			return i, j
		case b == 0x1b && string(src[i:min(i+len(terminfo.SGR0), len(src))]) == terminfo.SGR0:
			// xterm's sgr0: its charset designation dropped, its
			// reset written.
			if c != nil {
				*c = colours{}
			}
			k, wk = len(terminfo.SGR0), copy(dst[j:], sgrReset)
		case droppedC0(b) && (keptByte[next] || next == 0x1b || next-0xc2 <= 0xf4-0xc2):
			k = 1
		default:
			return i, j
		}
	next:
		i += k
		if c != nil {
			j += wk
		}
		if weighed && i < len(src) && src[i] != 0x1b && src[i] < 0x80 {
			// Text after colours whose contrast was weighed (a
			// highlighted row of a screen): the colour-log vector
			// loop reads it faster. Another SGR or a character (a
			// picture's cells) is read on here.
			return i, j
		}
	}
}

// colourRunWeighs says whether colourRun reads the SGRs whose colours
// need their contrast weighed (a background, a foreground with one,
// reverse video), calling out to apply them, or leaves them to its
// caller. Tests turn it off to hold the colour-log vector loop, which
// leaves them, to the SGRs colourRun reads without a call.
var colourRunWeighs = true

// droppedCSIEnd reports whether src[e], after a CSI's parameters, ends
// one that colourRun drops in Strip mode: a final byte other than 'm',
// and no ESC right after it, where a run of them starts that dropRun
// drops at once (a flood of one with escape.RepeatEnd).
func droppedCSIEnd(src []byte, e int) bool {
	f := src[e]
	return f-0x40 <= 0x7e-0x40 && f != 'm' && e+1 < len(src) && src[e+1] != 0x1b
}

// origPair is terminfo.OrigPair read as a little-endian word.
const origPair = 0x6d39343b39335b1b

// privateParams bounds the parameter bytes after a private marker ('?')
// of a CSI that colourRun drops: ESC [ ? 1049 h, ESC [ ? 1;2 c.
const privateParams = 16

// sgrWords is the words colourRun copies for an SGR written as its
// canonical form: the longest it reads, ESC [ 38;2;255;255;255 m, is 22
// bytes.
const sgrWords = 3

// maxPlainParams bounds the parameters of an SGR that colourRun reads:
// five, for a foreground in direct colour (38;2;r;g;b).
const maxPlainParams = 5

// colourRunWords bounds the words of text colourRun reads in its own loop:
// a longer run goes on in escape.CopyCleanPrefix's blocks.
const colourRunWords = 16

// simpleSGR reads the SGRs of a colour log that colourRun leaves to it: ESC
// [, one or more decimal parameters of at most three digits separated by
// ';', and 'm',
// with no extended colour, no sub-parameter, no conceal and no value above
// 255. It writes the canonical form (as appendSGRParams would) to dst,
// which must have room for maxSGRLen bytes, and returns the input length n
// and the output length w. It returns n == 0 for anything else, which the
// caller passes to scanSGR and appendSGRParams.
//
// If c is not nil, simpleSGR applies the SGR to it when it returns n > 0.
func simpleSGR(dst, src []byte, c *colours) (n, w int) {
	if len(src) < 3 || src[0] != 0x1b || src[1] != '[' {
		return 0, 0
	}
	dst = dst[:maxSGRLen]
	dst[0], dst[1] = 0x1b, '['
	if len(src) >= len(terminfo.OrigPair) && string(src[:len(terminfo.OrigPair)]) == terminfo.OrigPair {
		// The default colours, which ncurses programs write after
		// sgr0: one comparison.
		if c != nil {
			c.setDefaultColours()
			c.style = c.style.with(39).with(49)
		}
		copy(dst, terminfo.OrigPair)
		return len(terminfo.OrigPair), len(terminfo.OrigPair)
	}
	if src[2]-'0' > 9 && src[2] != ';' {
		// A private marker, an intermediate, a final byte other than
		// 'm' or a byte that ends the CSI: no simple SGR, known before
		// the loop sets up.
		return 0, 0
	}
	var ch sgrChange // applied to c only if the SGR is kept
	var st style     // likewise
	if c != nil {
		st = c.style
	}
	w = 2
	end := min(len(src), maxSGRLen) // a simple SGR is no longer than its canonical form
	for i, np := 2, 0; i < end; i++ {
		// One parameter: up to three digits.
		start, v := i, 0
		for ; i < end; i++ {
			d := src[i] - '0'
			if d > 9 {
				break
			}
			v = v*10 + int(d)
		}
		if i == end || i-start > 3 || np == ansi.MaxParams {
			return 0, 0
		}
		np++
		info := simpleParams[v]
		if info&simpleRefused != 0 {
			return 0, 0
		}
		if info&simpleColour != 0 && c != nil {
			ch.param(uint8(v))
		}
		st = st.with(uint16(v))
		switch {
		case v >= 100:
			dst[w] = byte('0' + v/100)
			dst[w+1] = byte('0' + v/10%10)
			dst[w+2] = byte('0' + v%10)
			w += 3
		case v >= 10:
			dst[w] = byte('0' + v/10)
			dst[w+1] = byte('0' + v%10)
			w += 2
		default:
			dst[w] = byte('0' + v)
			w++
		}
		switch src[i] {
		case ';':
			dst[w] = ';'
			w++
			continue
		case 'm':
			dst[w] = 'm'
			if c != nil {
				c.applyKept(&ch, st)
			}
			return i + 1, w + 1
		}
		return 0, 0
	}
	return 0, 0
}

// buildSimpleParams makes simpleParams, which says what simpleSGR does
// with each value of a parameter of at most three digits.
func buildSimpleParams() (t [1000]uint8) {
	effects := buildSGREffects()
	for v := range t {
		switch {
		case v > maxSGRValue, v == sgrConceal, v == sgrFg, v == sgrBg, v == sgrUnderlineFg:
			t[v] = simpleRefused
		case v == 0 || effects[v].part != partNone:
			t[v] = simpleColour
		}
	}
	return t
}

// Bits of simpleParams.
const (
	simpleRefused = 1 // refused or not simple: conceal, an extended colour, above 255
	simpleColour  = 2 // a reset, or a value that changes the colour state
)
