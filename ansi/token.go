package ansi

import "github.com/plainsight-dev/plainsight/internal/names"

// Kind classifies a token.
type Kind uint8

const (
	KindNone    Kind = iota // no token yet: the bytes were consumed into an open sequence, or more input is needed
	KindText                // a run of printable text: valid UTF-8, no C0, DEL or C1 code point
	KindInvalid             // one byte that is not part of valid UTF-8 (outside any sequence); Token.Text holds it
	KindControl             // one C0, DEL, or C1 control that does not introduce a sequence
	KindCSI                 // control sequence: ESC [ or C1 CSI, parameters, intermediates, final byte
	KindESC                 // ESC [intermediates] final, e.g. ESC c, ESC 7, ESC ( 0, also ESC \ seen alone
	KindOSC                 // operating system command string: ESC ] or C1 OSC
	KindDCS                 // device control string: ESC P or C1 DCS, a CSI-like header, then data
	KindSOS                 // start of string: ESC X or C1 SOS
	KindPM                  // privacy message: ESC ^ or C1 PM
	KindAPC                 // application program command: ESC _ or C1 APC
)

var kindNames = names.Table[Kind]{
	KindNone:    "none",
	KindText:    "text",
	KindInvalid: "invalid",
	KindControl: "control",
	KindCSI:     "csi",
	KindESC:     "esc",
	KindOSC:     "osc",
	KindDCS:     "dcs",
	KindSOS:     "sos",
	KindPM:      "pm",
	KindAPC:     "apc",
}

// String returns the lower-case name of k: "text", "invalid", "control",
// "csi", "esc", "osc", "dcs", "sos", "pm", "apc" ("none" for KindNone).
func (k Kind) String() string { return kindNames.String(k, "Kind") }

// MarshalText implements [encoding.TextMarshaler] with the name from String.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// IsSequence reports whether k is one of the sequence kinds, for which
// [Parser.Seq] describes the token.
func (k Kind) IsSequence() bool { return k >= KindCSI && k <= KindAPC }

// Terminator says how a sequence ended.
type Terminator uint8

const (
	TermNone    Terminator = iota // not a string / still open
	TermFinal                     // CSI / ESC final byte (ordinary end of CSI and ESC)
	TermBEL                       // 0x07 ended an OSC (xterm convention)
	TermST                        // ESC \ (7-bit ST)
	TermST8                       // C1 ST: raw 0x9C not continuing UTF-8, or UTF-8 C2 9C
	TermAborted                   // CAN, SUB, a C1 control, an ESC that starts a new sequence, or a C1 introducer cut the sequence short
	TermEOF                       // still open when Flush was called (unterminated)
)

var termNames = names.Table[Terminator]{
	TermNone:    "none",
	TermFinal:   "final",
	TermBEL:     "bel",
	TermST:      "st",
	TermST8:     "st8",
	TermAborted: "aborted",
	TermEOF:     "eof",
}

// String returns the lower-case name of t, e.g. "st" or "aborted".
func (t Terminator) String() string { return termNames.String(t, "Terminator") }

// MarshalText implements [encoding.TextMarshaler] with the name from String.
func (t Terminator) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// Token is one lexical item returned by [Parser.Next] or [Parser.Flush].
//
// For KindText and KindInvalid, Text aliases src (zero allocation). For
// KindControl, Control is the C0/DEL value or the C1 value 0x80-0x9F; C1UTF8
// tells whether it came as the UTF-8 encoding C2 80..C2 9F (true) or as a raw
// byte (false), and Text aliases its 1 or 2 bytes in src. For sequence kinds,
// Text is nil and the details are in [Parser.Seq], valid until the next call
// to Next or Flush.
type Token struct {
	// Text comes first: so laid out, a Token is four words, which the
	// compiler keeps in registers, where with Kind first it would take
	// five and go through memory on every return.
	Text    []byte
	Kind    Kind
	Control byte
	C1UTF8  bool
}

// Param is one CSI/DCS parameter.
type Param struct {
	Value    uint16 // 0 when Missing or Overflow
	Missing  bool   // empty (e.g. the first parameter of "\x1b[;5m")
	Overflow bool   // value had more than 5 digits (leading zeros count) or exceeded 65535: reported, never wrapped
	Sub      bool   // introduced by ':' (a sub-parameter of the previous one) rather than ';'
}

const (
	MaxParams         = 32       // parameters stored; more sets Seq.TooManyParams (counted, not stored)
	MaxIntermediates  = 2        // intermediate bytes stored; more sets Seq.TooManyIntermediates
	DefaultPayloadCap = 256      // bytes of control-string payload stored by default
	MaxPayloadCap     = 64 << 10 // largest payload cap NewParser accepts; larger requests are clamped
)

// The parameter parser masks indexes with MaxParams-1.
var _ [0]struct{} = [MaxParams & (MaxParams - 1)]struct{}{}

// Seq describes the sequence that the last returned token ended (CSI, ESC,
// OSC, DCS, SOS, PM, APC). Only Params[:NumParams] are set; the rest are
// zero.
//
// Len counts every byte of the sequence except C0 controls returned as
// separate KindControl tokens while it was open (Williams' "execute" in
// escape and CSI states). A CAN, SUB or C1 control that aborts it is counted
// in Len; an ESC or C1 introducer that aborts it starts, and is counted in,
// the next sequence. Span is the distance in the input from the introducer
// to the end of the sequence: Len plus those separately returned C0
// controls ("\x1b[3\b1m" has Len 5, Span 6).
type Seq struct {
	Intro                byte // 7-bit equivalent of the introducer: '[' CSI, ']' OSC, 'P' DCS, 'X' SOS, '^' PM, '_' APC, 0 for plain ESC
	C1                   bool // introduced by a C1 control (raw or UTF-8) rather than ESC
	C1UTF8               bool // the C1 introducer was UTF-8 encoded (C2 9B, ...) rather than a raw byte
	Private              byte // CSI/DCS private marker '<' '=' '>' '?' (first byte of params), or 0
	Intermediates        [MaxIntermediates]byte
	NumIntermediates     int  // intermediates stored, at most MaxIntermediates
	TooManyIntermediates bool // more than MaxIntermediates intermediate bytes were seen
	Params               [MaxParams]Param
	NumParams            int        // parameters stored, at most MaxParams; 0 when there were no parameter bytes
	TooManyParams        bool       // more than MaxParams; the extra count is in ExtraParams
	ExtraParams          int        // parameters seen beyond MaxParams (saturating)
	Ignored              bool       // CSI/DCS/ESC went through csi_ignore/dcs_ignore/EscapeIgnore: malformed
	Final                byte       // CSI/ESC final byte, DCS header final; 0 if the sequence ended before it
	Payload              []byte     // OSC/DCS/SOS/PM/APC payload, the first payload-cap bytes only (aliases the parser's buffer); nil if empty
	PayloadLen           int        // total payload bytes seen, including those not stored (saturating)
	Term                 Terminator // how the sequence ended
	Abort                byte       // when Term == TermAborted: CAN, SUB, ESC, or the C1 value 0x80-0x9F that cut it short
	Len                  int        // raw bytes of the sequence, introducer and terminator included (may span chunks; saturating)
	Span                 int        // bytes from the introducer to the end: Len plus the C0 controls returned as tokens while the sequence was open (saturating)
}
