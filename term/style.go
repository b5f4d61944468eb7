package term

// A style is the set of SGR attributes in effect on the terminal, as the
// kept SGRs leave it: one bit per group of values that one value turns
// off (ECMA-48 8.3.117, with xterm's and kitty's additions). At the end
// of a stream a Sanitizer closes a style that is not empty with a reset,
// so that what the terminal draws after the stream is not drawn in the
// stream's colours, and writes nothing when the stream closed it itself
// (with 0, or with 22, 39, 49 and the like).
type style uint32

const (
	styleIntensity   style = 1 << iota // 1, 2; off: 22
	styleItalic                        // 3, 20; off: 23
	styleUnderline                     // 4, 21, 4:1-4:5; off: 24, 4:0
	styleBlink                         // 5, 6; off: 25
	styleReverse                       // 7; off: 27
	styleStrike                        // 9; off: 29
	styleFont                          // 11-19; off: 10
	styleSpacing                       // 26; off: 50
	styleFrame                         // 51, 52; off: 54
	styleOverline                      // 53; off: 55
	styleIdeogram                      // 60-64; off: 65
	stylePosition                      // 73, 74; off: 75
	styleFg                            // 30-38, 90-97; off: 39
	styleBg                            // 40-48, 100-107; off: 49
	styleUnderlineFg                   // 58; off: 59
	styleOther                         // any other value: only 0 turns it off
)

// styleEffect is what one top-level SGR value 1-255 does to a style:
// the bits it clears, then the bit it sets.
type styleEffect struct{ clear, set style }

// buildStyleEffects makes styleEffects, which maps each SGR value to its
// effect on the style (generated into tables_gen.go). Value 0, the reset,
// clears every bit and is handled by the callers.
func buildStyleEffects() (t [maxSGRValue + 1]styleEffect) {
	on := func(s style, vs ...int) {
		for _, v := range vs {
			t[v] = styleEffect{set: s}
		}
	}
	off := func(s style, v int) { t[v] = styleEffect{clear: s} }
	for v := range t {
		t[v] = styleEffect{set: styleOther}
	}
	t[0] = styleEffect{clear: ^style(0)}
	on(styleIntensity, 1, 2)
	off(styleIntensity, 22)
	on(styleItalic, 3, 20)
	off(styleItalic, 23)
	on(styleUnderline, 4, 21)
	off(styleUnderline, 24)
	on(styleBlink, 5, 6)
	off(styleBlink, 25)
	on(styleReverse, 7)
	off(styleReverse, 27)
	on(styleOther, 8) // conceal is never kept; 28 still turns it off
	off(0, 28)
	on(styleStrike, 9)
	off(styleStrike, 29)
	off(styleFont, 10)
	for v := 11; v <= 19; v++ {
		on(styleFont, v)
	}
	on(styleSpacing, 26)
	off(styleSpacing, 50)
	on(styleFrame, 51, 52)
	off(styleFrame, 54)
	on(styleOverline, 53)
	off(styleOverline, 55)
	on(styleUnderlineFg, sgrUnderlineFg)
	off(styleUnderlineFg, 59)
	on(styleIdeogram, 60, 61, 62, 63, 64)
	off(styleIdeogram, 65)
	on(stylePosition, 73, 74)
	off(stylePosition, 75)
	for v := range 8 {
		on(styleFg, 30+v, 90+v)
		on(styleBg, 40+v, 100+v)
	}
	on(styleFg, sgrFg)
	off(styleFg, 39)
	on(styleBg, sgrBg)
	off(styleBg, 49)
	return t
}

// with returns s after the top-level SGR value v, 0-255.
func (s style) with(v uint16) style {
	e := styleEffects[v]
	return s&^e.clear | e.set
}

// withUnderline returns s after the underline style 4:n.
func (s style) withUnderline(n uint16) style {
	if n == 0 {
		return s &^ styleUnderline
	}
	return s | styleUnderline
}
