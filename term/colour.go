package term

import (
	"math"

	"github.com/plainsight-dev/plainsight/ansi"
)

// minContrast is the WCAG 2 contrast ratio below which an explicit
// foreground and background are taken as indistinguishable: text drawn in
// them is hidden from the reader while a model or a clipboard still reads
// it.
//
// It lies just below the lowest-contrast pair that a widely used colour
// scheme sets for text meant to be read: Midnight Commander's default skin
// draws the hot key of a focused error-dialog button in bright yellow on
// light grey (xterm colours 11 on 7, ratio 1.17). Below 1.15 fall a
// foreground and background of the same palette entry (ratio 1), bright
// yellow on white (1.07), and grey text on black up to #141414. The ratio
// looks at luminance only, so a few pairs that differ in hue alone (bright
// red on grey, 1.00; green on cyan, 1.09) count as indistinguishable too:
// their text then shows in the terminal's default colours, which is
// always readable.
const minContrast = 1.15

// colour is a foreground or background colour as an SGR sets it. The zero
// value is the terminal's default colour, whose value term cannot know.
//
// The top byte says how the SGR named the colour, so that a correction
// writes it back in the same form; the low bytes hold a palette index or
// red, green and blue.
type colour uint32

const (
	defaultColour  colour = 0
	basicColour    colour = 1 << 24 // | index 0-15, set by 30-37, 90-97 (40-47, 100-107)
	paletteColour  colour = 2 << 24 // | index 0-255, set by 38;5;n (48;5;n)
	rgbColour      colour = 3 << 24 // | r<<16 | g<<8 | b, set by 38;2;r;g;b (48;2;r;g;b)
	colourKindMask colour = 0xff << 24
)

// index returns the palette index of a basic or indexed colour.
func (c colour) index() uint8 { return uint8(c) }

// luminance returns the WCAG 2 relative luminance of an explicit colour,
// reading palette indexes in xterm's default palette.
func (c colour) luminance() float64 {
	if c&colourKindMask != rgbColour {
		return paletteLuminance[c.index()]
	}
	return relativeLuminance(uint8(c>>16), uint8(c>>8), uint8(c))
}

// indistinguishable reports whether text in colour fg on colour bg, both
// explicit, is hidden: the same palette index, the same RGB value, or a
// WCAG 2 contrast ratio below minContrast.
func indistinguishable(fg, bg colour) bool {
	if fg&colourKindMask != rgbColour && bg&colourKindMask != rgbColour && fg.index() == bg.index() {
		return true // the same palette entry, whatever the user's palette
	}
	if fg == bg {
		return true
	}
	// max and min rather than a swap: which of the two is lighter is a
	// coin's toss in a picture drawn in colours, and a branch on it
	// mispredicts half the time.
	a, b := fg.luminance(), bg.luminance()
	return max(a, b)+0.05 < minContrast*(min(a, b)+0.05)
}

// The parts of the colour state that SGR values set: indexes into
// colours.asked and colours.screen.
const (
	partFg      = iota
	partBg      // partFg+1
	partReverse // 1 while SGR 7 (reverse video) is in effect
	partNone    // set by the values that change no colour
	numParts
)

// colours follows the colours of the SGRs a Sanitizer lets through and
// decides those the terminal shows text in.
//
// asked is the state the kept SGRs ask for; screen is the state the
// output has left the terminal in, corrections included (only its
// foreground and background can differ). Before each printable
// character, the screen must show the asked-for colours, or the defaults
// when those hide text.
type colours struct {
	asked, screen [numParts]colour
	// settle is set when the screen's colours differ from those the next
	// printable character needs.
	settle bool
	// corrected is set once a correction has made screen differ from
	// asked, until the next reset.
	corrected bool
	// style is what the kept SGRs leave in effect, colours and
	// attributes alike: what the end of the stream must close.
	style style
}

// maxSettleLen bounds the SGR that settle writes: a direct foreground and
// background, ESC [ 38;2;255;255;255 ; 48;2;255;255;255 m.
const maxSettleLen = 2 + 2*len("38;2;255;255;255") + 2

// sgrEffect is what a top-level SGR value does to the colour state: it
// sets one part to val.
type sgrEffect struct {
	part uint8
	val  colour
}

// buildSGREffects makes sgrEffects, which maps each top-level SGR value
// 1-255 other than the extended colours 38, 48 and 58 to its effect
// (ECMA-48 8.3.117 and aixterm's bright colours 90-97 and 100-107). Value
// 0 resets everything.
func buildSGREffects() (t [maxSGRValue + 1]sgrEffect) {
	for v := range t {
		t[v].part = partNone
	}
	t[7] = sgrEffect{partReverse, 1}
	t[27] = sgrEffect{partReverse, 0}
	for i := range colour(8) {
		t[30+i] = sgrEffect{partFg, basicColour | i}
		t[40+i] = sgrEffect{partBg, basicColour | i}
		t[90+i] = sgrEffect{partFg, basicColour | 8 + i}
		t[100+i] = sgrEffect{partBg, basicColour | 8 + i}
	}
	t[39] = sgrEffect{partFg, defaultColour}
	t[49] = sgrEffect{partBg, defaultColour}
	return t
}

// effective returns the colours text is drawn in: the glyph's and the
// cell's.
func (c *colours) effective() (fg, bg colour) {
	if c.asked[partReverse] != 0 {
		return c.asked[partBg], c.asked[partFg]
	}
	return c.asked[partFg], c.asked[partBg]
}

// hidesText reports whether text drawn now is invisible: both colours
// explicit and indistinguishable. A foreground or background left to the
// terminal never hides text here: term cannot know the user's theme.
// (Reverse video swaps the colours but not the answer: the contrast ratio
// is symmetric.)
func (c *colours) hidesText() bool {
	fg, bg := c.effective()
	return fg != defaultColour && bg != defaultColour && indistinguishable(fg, bg)
}

// sgrChange collects what one SGR does to the colour state while the
// SGR is read, so that an SGR the keep rule drops changes nothing. Its
// zero value is no change.
type sgrChange struct {
	reset bool             // a 0 (or empty) parameter, the last one
	set   uint8            // bit p: part p set after the reset
	val   [numParts]colour // the value of each set part
}

// param records a top-level SGR value 0-255 other than 38, 48 and 58.
func (ch *sgrChange) param(v uint8) {
	if v == 0 {
		ch.reset, ch.set = true, 0
		return
	}
	e := sgrEffects[v]
	ch.val[e.part&(numParts-1)] = e.val
	ch.set |= 1 << e.part
}

// extended records an extended colour: which is 38, 48 or 58, and vals
// holds 5 and an index, or 2, an optional colour-space id and r, g, b. It
// ignores anything else (4:n, or a malformed colour the keep rule drops).
func (ch *sgrChange) extended(which uint16, vals []ansi.Param) {
	if which != sgrFg && which != sgrBg || len(vals) < 2 {
		return // 58 and 4:n leave fg and bg alone
	}
	k := paletteColour | colour(uint8(vals[len(vals)-1].Value))
	if vals[0].Value == colourDirect {
		if len(vals) < 4 {
			return
		}
		rgb := vals[len(vals)-3:]
		k = rgbColour | colour(uint8(rgb[0].Value))<<16 | colour(uint8(rgb[1].Value))<<8 | colour(uint8(rgb[2].Value))
	}
	part := uint8(partFg)
	if which == sgrBg {
		part = partBg
	}
	ch.val[part] = k
	ch.set |= 1 << part
}

// apply applies the change of a kept SGR and updates settle. The two
// commonest SGRs, a reset alone and attributes alone, take no call.
func (c *colours) apply(ch *sgrChange) {
	switch {
	case ch.set == 1<<partFg && !ch.reset && c.asked[partBg] == defaultColour && !c.corrected:
		// A foreground alone, the commonest colour: it hides nothing,
		// and no correction is in effect to undo.
		c.asked[partFg], c.screen[partFg] = ch.val[partFg], ch.val[partFg]
	case ch.set&colourParts != 0:
		c.applyColours(ch)
	case ch.reset:
		*c = colours{}
	}
}

// plainValue reports whether the kept top-level value v, 0-255 other
// than 38, 48 and 58, applies as apply would apply it with no sgrChange:
// a reset, and a foreground while no background and no correction is in
// effect, the commonest.
func (c *colours) plainValue(v uint8) bool {
	return v == 0 || sgrEffects[v].part == partFg && c.fgPlain()
}

// applyPlain applies v as apply would when plainValue allows it, and
// reports whether it did; otherwise it changes nothing. It takes no call,
// so that a loop over a colour log keeps its state in registers.
func (c *colours) applyPlain(v uint8) bool {
	switch {
	case v == 0:
		*c = colours{}
	case c.plainValue(v):
		e := sgrEffects[v]
		c.asked[partFg], c.screen[partFg] = e.val, e.val
	default:
		return false
	}
	return true
}

// applyExtended applies an SGR of one extended colour, which (38 or 48)
// set to k, as appendSGRParams would: the colour run's SGRs that set
// more than a foreground alone (colourRun).
func (c *colours) applyExtended(which uint8, k colour) {
	var ch sgrChange
	part := uint8(partFg)
	if which == sgrBg {
		part = partBg
	}
	ch.val[part] = k
	ch.set = 1 << part
	c.applyKept(&ch, c.style.with(uint16(which)))
}

// applyValues applies an SGR of the top-level values vals, none of them
// refused (simpleParams), as appendSGRParams would: the colour run's
// SGRs that set more than plainValue allows.
func (c *colours) applyValues(vals []uint8) {
	var ch sgrChange
	st := c.style
	for _, v := range vals {
		if simpleParams[v]&simpleColour != 0 {
			ch.param(v)
		}
		st = st.with(uint16(v))
	}
	c.applyKept(&ch, st)
}

// applyKept applies what a kept SGR does: its change to the colours, if
// any, and the style it leaves, st.
func (c *colours) applyKept(ch *sgrChange, st style) {
	if ch.set != 0 || ch.reset {
		c.apply(ch)
	}
	c.style = st
}

// fgPlain reports whether a foreground alone applies as apply would
// apply it with no sgrChange: while no background and no correction is
// in effect.
func (c *colours) fgPlain() bool {
	return c.asked[partBg] == defaultColour && !c.corrected
}

// setDefaultColours applies SGR 39;49, the terminal's own foreground and
// background, as apply would, with no sgrChange put together: terminfo's
// orig_pair, which ncurses programs write after every sgr0. The defaults
// never hide text, and the screen then has them, so no correction is
// needed (update would find settle false), and it takes no call.
func (c *colours) setDefaultColours() {
	c.asked[partFg], c.screen[partFg] = defaultColour, defaultColour
	c.asked[partBg], c.screen[partBg] = defaultColour, defaultColour
	c.settle = false
}

// colourParts has the bits of sgrChange.set that change colours.
const colourParts = 1<<partFg | 1<<partBg | 1<<partReverse

// applyColours is apply for a change that sets colours.
func (c *colours) applyColours(ch *sgrChange) {
	if ch.reset {
		*c = colours{}
	}
	if ch.set&(1<<partFg) != 0 {
		c.asked[partFg], c.screen[partFg] = ch.val[partFg], ch.val[partFg]
	}
	if ch.set&(1<<partBg) != 0 {
		c.asked[partBg], c.screen[partBg] = ch.val[partBg], ch.val[partBg]
	}
	if ch.set&(1<<partReverse) != 0 {
		c.asked[partReverse] = ch.val[partReverse]
	}
	c.update()
}

// update sets settle after an SGR. In the common case, with no correction
// in effect and one colour at most, it computes nothing.
func (c *colours) update() {
	c.settle = (c.asked[partFg] != defaultColour && c.asked[partBg] != defaultColour ||
		c.corrected) && c.needsSettle()
}

// needsSettle reports whether the screen's colours differ from those the
// next printable character needs.
func (c *colours) needsSettle() bool {
	fg, bg := c.shown()
	return fg != c.screen[partFg] || bg != c.screen[partBg]
}

// shown returns the foreground and background that text must be drawn in:
// those asked for, or the defaults when they hide text.
func (c *colours) shown() (fg, bg colour) {
	if c.hidesText() {
		return defaultColour, defaultColour
	}
	return c.asked[partFg], c.asked[partBg]
}

// appendSettle appends the SGR that sets the screen's foreground and
// background to those the next printable character needs, and records
// that the screen now has them. It writes at most maxSettleLen bytes.
func (c *colours) appendSettle(dst []byte) []byte {
	fg, bg := c.shown()
	dst = append(dst, 0x1b, '[')
	if fg != c.screen[partFg] {
		dst = appendColourParam(dst, fg, 30)
		if bg != c.screen[partBg] {
			dst = append(dst, ';')
		}
	}
	if bg != c.screen[partBg] {
		dst = appendColourParam(dst, bg, 40)
	}
	c.screen[partFg], c.screen[partBg] = fg, bg
	c.settle = false
	c.corrected = c.screen != c.asked
	return append(dst, 'm')
}

// settleText writes to dst, which has room for maxSettleLen bytes, the
// correction that printable text needs first (appendSettle), and returns
// its length: colourRun's, at text while settle is set.
func (c *colours) settleText(dst []byte) int {
	return len(c.appendSettle(dst[:0:maxSettleLen]))
}

// appendColourParam appends the SGR parameters that set k as the
// foreground (base 30) or background (base 40), in the form the author
// used.
func appendColourParam(dst []byte, k colour, base uint16) []byte {
	switch k & colourKindMask {
	case defaultColour:
		return appendUint(dst, base+9)
	case basicColour:
		if i := uint16(k.index()); i >= 8 {
			return appendUint(dst, base+60+i-8) // 90-97, 100-107
		}
		return appendUint(dst, base+uint16(k.index()))
	case paletteColour:
		dst = appendUint(dst, base+8)
		dst = append(dst, ';', '5', ';')
		return appendUint(dst, uint16(k.index()))
	}
	dst = appendUint(dst, base+8)
	dst = append(dst, ';', '2', ';')
	dst = appendUint(dst, uint16(uint8(k>>16)))
	dst = append(dst, ';')
	dst = appendUint(dst, uint16(uint8(k>>8)))
	dst = append(dst, ';')
	return appendUint(dst, uint16(uint8(k)))
}

// xtermBasic is xterm's default palette for the 16 basic colours
// (XTerm-col.ad: red3, green3, yellow3, blue2, magenta3, cyan3, gray90,
// gray50, then the bright colours and rgb:5c/5c/ff for bright blue).
var xtermBasic = [16][3]uint8{
	{0x00, 0x00, 0x00}, {0xcd, 0x00, 0x00}, {0x00, 0xcd, 0x00}, {0xcd, 0xcd, 0x00},
	{0x00, 0x00, 0xee}, {0xcd, 0x00, 0xcd}, {0x00, 0xcd, 0xcd}, {0xe5, 0xe5, 0xe5},
	{0x7f, 0x7f, 0x7f}, {0xff, 0x00, 0x00}, {0x00, 0xff, 0x00}, {0xff, 0xff, 0x00},
	{0x5c, 0x5c, 0xff}, {0xff, 0x00, 0xff}, {0x00, 0xff, 0xff}, {0xff, 0xff, 0xff},
}

// xtermPalette returns the RGB value of palette index i in xterm's
// default 256-colour palette (256colres.pl): the 16 basic colours, a
// 6x6x6 cube with levels 0, 95, 135, 175, 215, 255, and 24 greys from 8
// to 238 in steps of 10.
func xtermPalette(i uint8) (r, g, b uint8) {
	switch {
	case i < 16:
		c := xtermBasic[i]
		return c[0], c[1], c[2]
	case i < 232:
		level := func(n uint8) uint8 {
			if n == 0 {
				return 0
			}
			return 55 + 40*n
		}
		i -= 16
		return level(i / 36), level(i / 6 % 6), level(i % 6)
	}
	v := 8 + 10*(i-232)
	return v, v, v
}

// buildLinear makes linear, which maps an 8-bit sRGB component to linear
// light, as WCAG 2's relative luminance defines it.
func buildLinear() (t [256]float64) {
	for i := range t {
		c := float64(i) / 255
		if c <= 0.04045 {
			t[i] = c / 12.92
		} else {
			t[i] = math.Pow((c+0.055)/1.055, 2.4)
		}
	}
	return t
}

// relativeLuminance returns the WCAG 2 relative luminance of an sRGB
// colour.
func relativeLuminance(r, g, b uint8) float64 {
	return 0.2126*linear[r] + 0.7152*linear[g] + 0.0722*linear[b]
}

// buildPaletteLuminance makes paletteLuminance, the relative luminance of
// each entry of xterm's default 256-colour palette.
func buildPaletteLuminance() (t [256]float64) {
	for i := range t {
		t[i] = relativeLuminance(xtermPalette(uint8(i)))
	}
	return t
}
