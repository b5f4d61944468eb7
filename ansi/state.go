package ansi

import "github.com/plainsight-dev/plainsight/internal/names"

// State is a state of the parser, named as in Paul Williams' DEC ANSI parser
// diagram, plus EscapeIgnore. The zero State is Ground.
type State uint8

const (
	Ground             State = iota // text and controls
	Escape                          // after ESC
	EscapeIntermediate              // ESC then intermediates 0x20-0x2F
	CSIEntry                        // after ESC [ or C1 CSI
	CSIParam                        // CSI parameters: digits, ';', ':'
	CSIIntermediate                 // CSI intermediates 0x20-0x2F
	CSIIgnore                       // malformed CSI, swallowed up to its final byte
	DCSEntry                        // after ESC P or C1 DCS
	DCSParam                        // DCS header parameters
	DCSIntermediate                 // DCS header intermediates
	DCSPassthrough                  // DCS data, up to ST
	DCSIgnore                       // malformed DCS, swallowed up to ST
	OSCString                       // OSC payload, up to BEL or ST
	SOSPMAPCString                  // SOS, PM or APC payload, up to ST
	EscapeIgnore                    // not in Williams' diagram: ESC then a byte >= 0xA0, swallowed up to a final byte 0x30-0x7E
	numStates
)

var stateNames = names.Table[State]{
	Ground:             "ground",
	Escape:             "escape",
	EscapeIntermediate: "escape_intermediate",
	CSIEntry:           "csi_entry",
	CSIParam:           "csi_param",
	CSIIntermediate:    "csi_intermediate",
	CSIIgnore:          "csi_ignore",
	DCSEntry:           "dcs_entry",
	DCSParam:           "dcs_param",
	DCSIntermediate:    "dcs_intermediate",
	DCSPassthrough:     "dcs_passthrough",
	DCSIgnore:          "dcs_ignore",
	OSCString:          "osc_string",
	SOSPMAPCString:     "sos_pm_apc_string",
	EscapeIgnore:       "escape_ignore",
}

// String returns the state's name as written in Williams' diagram, e.g.
// "csi_entry".
func (s State) String() string { return stateNames.String(s, "State") }

// MarshalText implements [encoding.TextMarshaler] with the name from String.
func (s State) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// IsString reports whether s collects a control-string payload that ends
// with ST (and BEL for OSC). In every other state but Ground, an ESC
// aborts the open sequence and starts the next.
func (s State) IsString() bool {
	return s == DCSPassthrough || s == DCSIgnore || s == OSCString || s == SOSPMAPCString
}

// action is what the parser does with one byte in one state (Williams'
// actions, plus the ends this tokenizer reports).
type action uint8

const (
	aIgnore      action = iota // the byte belongs to the open sequence and changes nothing
	aPrint                     // Ground: printable text
	aExecute                   // a C0 control: returned as a KindControl token; an open escape/CSI stays open
	aEscape                    // ESC: start an escape sequence, aborting an open escape/CSI/DCS header
	aStringESC                 // ESC in a control string: ESC \ is ST, any other ESC aborts the string
	aAbort                     // CAN, SUB: abort the open sequence (counted in it)
	aC1                        // a C1 control that is no introducer (0x9C is ST in strings)
	aIntro                     // a C1 introducer (CSI, OSC, DCS, SOS, PM, APC): start a sequence
	aEnter                     // the second byte of ESC [, ESC ], ESC P, ESC X, ESC ^, ESC _
	aCollect                   // an intermediate byte 0x20-0x2F
	aPrivate                   // a private marker 0x3C-0x3F as first parameter byte
	aParam                     // a digit, ';' or ':'
	aMarkIgnore                // malformed: go to an ignore state and set Seq.Ignored
	aEscDispatch               // ESC final byte
	aCSIDispatch               // CSI final byte
	aHook                      // DCS header final byte: the data follows
	aPut                       // control-string payload
	aBEL                       // BEL ends an OSC
)

// rule is one edge of the diagram: bytes lo..hi in state from do act and go
// to next. Rules are applied in order, so later ones override earlier ones.
type rule struct {
	from   State
	lo, hi byte
	act    action
	next   State
}

// anywhere marks the rules that apply in every state ("anywhere" in the
// diagram); they are applied first, state rules override them.
const anywhere = numStates

// The diagram, with the deviations documented in the package comment. Bytes
// 0xA0-0xFF are the non-C1 bytes of UTF-8 characters (and invalid bytes);
// the parser tracks multi-byte characters itself, so a continuation byte
// 0x80-0x9F never reaches these rules.
var rules = [...]rule{
	// Anywhere: CAN and SUB abort, ESC starts over, C1 controls act in
	// every state (Williams), except as UTF-8 continuation bytes (tracked by
	// the parser).
	{anywhere, 0x18, 0x18, aAbort, Ground},
	{anywhere, 0x1A, 0x1A, aAbort, Ground},
	{anywhere, 0x1B, 0x1B, aEscape, Escape},
	{anywhere, 0x80, 0x9F, aC1, Ground},
	{anywhere, 0x90, 0x90, aIntro, DCSEntry},
	{anywhere, 0x98, 0x98, aIntro, SOSPMAPCString},
	{anywhere, 0x9B, 0x9B, aIntro, CSIEntry},
	{anywhere, 0x9D, 0x9D, aIntro, OSCString},
	{anywhere, 0x9E, 0x9F, aIntro, SOSPMAPCString},

	// ground: C0 execute (CAN and SUB too: nothing is open to abort); DEL is
	// a control (deviation: Williams prints it).
	{Ground, 0x00, 0x17, aExecute, Ground},
	{Ground, 0x18, 0x18, aExecute, Ground},
	{Ground, 0x19, 0x19, aExecute, Ground},
	{Ground, 0x1A, 0x1A, aExecute, Ground},
	{Ground, 0x1C, 0x1F, aExecute, Ground},
	{Ground, 0x20, 0x7E, aPrint, Ground},
	{Ground, 0x7F, 0x7F, aExecute, Ground},
	{Ground, 0xA0, 0xFF, aPrint, Ground},

	// escape
	{Escape, 0x00, 0x17, aExecute, Escape},
	{Escape, 0x19, 0x19, aExecute, Escape},
	{Escape, 0x1C, 0x1F, aExecute, Escape},
	{Escape, 0x20, 0x2F, aCollect, EscapeIntermediate},
	{Escape, 0x30, 0x7E, aEscDispatch, Ground},
	{Escape, 0x5B, 0x5B, aEnter, CSIEntry},       // [
	{Escape, 0x5D, 0x5D, aEnter, OSCString},      // ]
	{Escape, 0x50, 0x50, aEnter, DCSEntry},       // P
	{Escape, 0x58, 0x58, aEnter, SOSPMAPCString}, // X
	{Escape, 0x5E, 0x5F, aEnter, SOSPMAPCString}, // ^ _
	{Escape, 0x7F, 0x7F, aIgnore, Escape},
	{Escape, 0xA0, 0xFF, aMarkIgnore, EscapeIgnore},

	// escape_intermediate
	{EscapeIntermediate, 0x00, 0x17, aExecute, EscapeIntermediate},
	{EscapeIntermediate, 0x19, 0x19, aExecute, EscapeIntermediate},
	{EscapeIntermediate, 0x1C, 0x1F, aExecute, EscapeIntermediate},
	{EscapeIntermediate, 0x20, 0x2F, aCollect, EscapeIntermediate},
	{EscapeIntermediate, 0x30, 0x7E, aEscDispatch, Ground},
	{EscapeIntermediate, 0x7F, 0x7F, aIgnore, EscapeIntermediate},
	{EscapeIntermediate, 0xA0, 0xFF, aMarkIgnore, EscapeIgnore},

	// escape_ignore (deviation, modelled on csi_ignore)
	{EscapeIgnore, 0x00, 0x17, aExecute, EscapeIgnore},
	{EscapeIgnore, 0x19, 0x19, aExecute, EscapeIgnore},
	{EscapeIgnore, 0x1C, 0x1F, aExecute, EscapeIgnore},
	{EscapeIgnore, 0x20, 0x2F, aIgnore, EscapeIgnore},
	{EscapeIgnore, 0x30, 0x7E, aEscDispatch, Ground},
	{EscapeIgnore, 0x7F, 0x7F, aIgnore, EscapeIgnore},
	{EscapeIgnore, 0xA0, 0xFF, aIgnore, EscapeIgnore},

	// csi_entry; ':' is a sub-parameter separator (deviation: Williams
	// ignores the CSI).
	{CSIEntry, 0x00, 0x17, aExecute, CSIEntry},
	{CSIEntry, 0x19, 0x19, aExecute, CSIEntry},
	{CSIEntry, 0x1C, 0x1F, aExecute, CSIEntry},
	{CSIEntry, 0x20, 0x2F, aCollect, CSIIntermediate},
	{CSIEntry, 0x30, 0x3B, aParam, CSIParam},
	{CSIEntry, 0x3C, 0x3F, aPrivate, CSIParam},
	{CSIEntry, 0x40, 0x7E, aCSIDispatch, Ground},
	{CSIEntry, 0x7F, 0x7F, aIgnore, CSIEntry},
	{CSIEntry, 0xA0, 0xFF, aMarkIgnore, CSIIgnore},

	// csi_param
	{CSIParam, 0x00, 0x17, aExecute, CSIParam},
	{CSIParam, 0x19, 0x19, aExecute, CSIParam},
	{CSIParam, 0x1C, 0x1F, aExecute, CSIParam},
	{CSIParam, 0x20, 0x2F, aCollect, CSIIntermediate},
	{CSIParam, 0x30, 0x3B, aParam, CSIParam},
	{CSIParam, 0x3C, 0x3F, aMarkIgnore, CSIIgnore},
	{CSIParam, 0x40, 0x7E, aCSIDispatch, Ground},
	{CSIParam, 0x7F, 0x7F, aIgnore, CSIParam},
	{CSIParam, 0xA0, 0xFF, aMarkIgnore, CSIIgnore},

	// csi_intermediate
	{CSIIntermediate, 0x00, 0x17, aExecute, CSIIntermediate},
	{CSIIntermediate, 0x19, 0x19, aExecute, CSIIntermediate},
	{CSIIntermediate, 0x1C, 0x1F, aExecute, CSIIntermediate},
	{CSIIntermediate, 0x20, 0x2F, aCollect, CSIIntermediate},
	{CSIIntermediate, 0x30, 0x3F, aMarkIgnore, CSIIgnore},
	{CSIIntermediate, 0x40, 0x7E, aCSIDispatch, Ground},
	{CSIIntermediate, 0x7F, 0x7F, aIgnore, CSIIntermediate},
	{CSIIntermediate, 0xA0, 0xFF, aMarkIgnore, CSIIgnore},

	// csi_ignore: the final byte ends it; it is returned with Seq.Ignored.
	{CSIIgnore, 0x00, 0x17, aExecute, CSIIgnore},
	{CSIIgnore, 0x19, 0x19, aExecute, CSIIgnore},
	{CSIIgnore, 0x1C, 0x1F, aExecute, CSIIgnore},
	{CSIIgnore, 0x20, 0x3F, aIgnore, CSIIgnore},
	{CSIIgnore, 0x40, 0x7E, aCSIDispatch, Ground},
	{CSIIgnore, 0x7F, 0x7F, aIgnore, CSIIgnore},
	{CSIIgnore, 0xA0, 0xFF, aIgnore, CSIIgnore},

	// dcs_entry: C0 ignored (not executed) in the DCS header.
	{DCSEntry, 0x00, 0x17, aIgnore, DCSEntry},
	{DCSEntry, 0x19, 0x19, aIgnore, DCSEntry},
	{DCSEntry, 0x1C, 0x1F, aIgnore, DCSEntry},
	{DCSEntry, 0x20, 0x2F, aCollect, DCSIntermediate},
	{DCSEntry, 0x30, 0x3B, aParam, DCSParam},
	{DCSEntry, 0x3C, 0x3F, aPrivate, DCSParam},
	{DCSEntry, 0x40, 0x7E, aHook, DCSPassthrough},
	{DCSEntry, 0x7F, 0x7F, aIgnore, DCSEntry},
	{DCSEntry, 0xA0, 0xFF, aMarkIgnore, DCSIgnore},

	// dcs_param
	{DCSParam, 0x00, 0x17, aIgnore, DCSParam},
	{DCSParam, 0x19, 0x19, aIgnore, DCSParam},
	{DCSParam, 0x1C, 0x1F, aIgnore, DCSParam},
	{DCSParam, 0x20, 0x2F, aCollect, DCSIntermediate},
	{DCSParam, 0x30, 0x3B, aParam, DCSParam},
	{DCSParam, 0x3C, 0x3F, aMarkIgnore, DCSIgnore},
	{DCSParam, 0x40, 0x7E, aHook, DCSPassthrough},
	{DCSParam, 0x7F, 0x7F, aIgnore, DCSParam},
	{DCSParam, 0xA0, 0xFF, aMarkIgnore, DCSIgnore},

	// dcs_intermediate
	{DCSIntermediate, 0x00, 0x17, aIgnore, DCSIntermediate},
	{DCSIntermediate, 0x19, 0x19, aIgnore, DCSIntermediate},
	{DCSIntermediate, 0x1C, 0x1F, aIgnore, DCSIntermediate},
	{DCSIntermediate, 0x20, 0x2F, aCollect, DCSIntermediate},
	{DCSIntermediate, 0x30, 0x3F, aMarkIgnore, DCSIgnore},
	{DCSIntermediate, 0x40, 0x7E, aHook, DCSPassthrough},
	{DCSIntermediate, 0x7F, 0x7F, aIgnore, DCSIntermediate},
	{DCSIntermediate, 0xA0, 0xFF, aMarkIgnore, DCSIgnore},

	// dcs_passthrough: data (C0 and DEL included) up to ST.
	{DCSPassthrough, 0x00, 0x17, aPut, DCSPassthrough},
	{DCSPassthrough, 0x19, 0x19, aPut, DCSPassthrough},
	{DCSPassthrough, 0x1B, 0x1B, aStringESC, Escape},
	{DCSPassthrough, 0x1C, 0x7F, aPut, DCSPassthrough},
	{DCSPassthrough, 0xA0, 0xFF, aPut, DCSPassthrough},

	// dcs_ignore: swallowed up to ST; the bytes count as payload.
	{DCSIgnore, 0x00, 0x17, aPut, DCSIgnore},
	{DCSIgnore, 0x19, 0x19, aPut, DCSIgnore},
	{DCSIgnore, 0x1B, 0x1B, aStringESC, Escape},
	{DCSIgnore, 0x1C, 0x7F, aPut, DCSIgnore},
	{DCSIgnore, 0xA0, 0xFF, aPut, DCSIgnore},

	// osc_string: BEL ends it (deviation, xterm); other C0 are kept in the
	// payload (Williams ignores them).
	{OSCString, 0x00, 0x06, aPut, OSCString},
	{OSCString, 0x07, 0x07, aBEL, Ground},
	{OSCString, 0x08, 0x17, aPut, OSCString},
	{OSCString, 0x19, 0x19, aPut, OSCString},
	{OSCString, 0x1B, 0x1B, aStringESC, Escape},
	{OSCString, 0x1C, 0x7F, aPut, OSCString},
	{OSCString, 0xA0, 0xFF, aPut, OSCString},

	// sos_pm_apc_string: everything up to ST.
	{SOSPMAPCString, 0x00, 0x17, aPut, SOSPMAPCString},
	{SOSPMAPCString, 0x19, 0x19, aPut, SOSPMAPCString},
	{SOSPMAPCString, 0x1B, 0x1B, aStringESC, Escape},
	{SOSPMAPCString, 0x1C, 0x7F, aPut, SOSPMAPCString},
	{SOSPMAPCString, 0xA0, 0xFF, aPut, SOSPMAPCString},
}
