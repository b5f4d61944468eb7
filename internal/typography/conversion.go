package typography

// maxConversionLen bounds the length of a printf conversion that the rules
// recognize: "%1$-*2$.*3$lld" is fourteen bytes.
const maxConversionLen = 16

// ConversionLen returns the length of the printf conversion specification
// at the start of s, or 0 if s does not start with one. The syntax is
// POSIX printf(3) and C11 7.21.6.1, with the XSI positional forms that
// gettext catalogs use:
//
//	% [n$] [flags -+#0'] [width: digits | * | *m$] [.precision] [length] conversion
//
// The space flag is left out: "50% off" would otherwise hold "% o".
func ConversionLen(s string) int {
	if len(s) < 2 || s[0] != '%' {
		return 0
	}
	if s[1] == '%' {
		return 2
	}
	i := 1
	digits := func() int {
		n := 0
		for i+n < len(s) && n < maxConversionLen && '0' <= s[i+n] && s[i+n] <= '9' {
			n++
		}
		return n
	}
	// Argument number: digits and '$'.
	if n := digits(); n > 0 && i+n < len(s) && s[i+n] == '$' {
		i += n + 1
	}
	for i < len(s) && (s[i] == '-' || s[i] == '+' || s[i] == '#' || s[i] == '0' || s[i] == '\'') {
		i++
	}
	width := func() {
		if i < len(s) && s[i] == '*' {
			i++
			if n := digits(); n > 0 && i+n < len(s) && s[i+n] == '$' {
				i += n + 1
			}
			return
		}
		i += digits()
	}
	width()
	if i < len(s) && s[i] == '.' {
		i++
		width()
	}
	// Length modifiers: hh h ll l L q j z Z t.
	switch {
	case i+1 < len(s) && (s[i:i+2] == "hh" || s[i:i+2] == "ll"):
		i += 2
	case i < len(s) && (s[i] == 'h' || s[i] == 'l' || s[i] == 'L' || s[i] == 'q' || s[i] == 'j' || s[i] == 'z' || s[i] == 'Z' || s[i] == 't'):
		i++
	}
	if i >= len(s) || i >= maxConversionLen {
		return 0
	}
	switch s[i] {
	case 'd', 'i', 'o', 'u', 'x', 'X', 'e', 'E', 'f', 'F', 'g', 'G', 'a', 'A', 'c', 's', 'C', 'S', 'p', 'n', 'm':
		return i + 1
	}
	return 0
}

// startsConversion reports whether s starts with a printf conversion that
// takes an argument: not "%%", which prints a percent sign.
func startsConversion(s string) bool {
	return ConversionLen(s) > 0 && s[1] != '%'
}
