package ansi

// c0Names are the ECMA-48 names of the C0 controls, 0x00-0x1F.
var c0Names = [32]string{
	"NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "HT", "LF", "VT", "FF", "CR", "SO", "SI",
	"DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB", "ESC", "FS", "GS", "RS", "US",
}

// c1Names are the ECMA-48 names of the C1 controls, 0x80-0x9F, with the
// names Unicode gives the three ECMA-48 leaves unnamed (PAD, HOP, SGCI).
var c1Names = [32]string{
	"PAD", "HOP", "BPH", "NBH", "IND", "NEL", "SSA", "ESA", "HTS", "HTJ", "VTS", "PLD", "PLU", "RI", "SS2", "SS3",
	"DCS", "PU1", "PU2", "STS", "CCH", "MW", "SPA", "EPA", "SOS", "SGCI", "SCI", "CSI", "ST", "OSC", "PM", "APC",
}

// ControlName returns the short name of the C0 control, DEL or C1 control
// r, such as "ESC", "DEL" or "CSI", and "" for any other rune.
func ControlName(r rune) string {
	switch {
	case r >= 0 && r < 0x20:
		return c0Names[r]
	case r == 0x7F:
		return "DEL"
	case r >= 0x80 && r <= 0x9F:
		return c1Names[r-0x80]
	}
	return ""
}
