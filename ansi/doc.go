// Package ansi is a bounded, streaming, byte-level tokenizer for ECMA-48 and
// DEC escape sequences and control strings.
//
// It follows the states of Paul Williams' DEC ANSI parser diagram
// (vt100.net/emu/dec_ansi_parser) and reports every byte of its input in
// exactly one [Token]: a run of printable text, one invalid byte, one control,
// or one whole sequence (CSI, ESC, OSC, DCS, SOS, PM, APC). It interprets
// nothing: deciding which sequences are safe is the caller's job.
//
// # Getting Started
//
// A zero [Parser] is ready to use. Feed it with [Parser.Next] until the input
// is consumed, then call [Parser.Flush] once:
//
//	var p ansi.Parser
//	for len(src) > 0 {
//		tok, n := p.Next(src, atEOF)
//		if n == 0 {
//			break // an incomplete UTF-8 character or a lone ESC: supply more bytes
//		}
//		// use tok (and p.Seq() for sequence kinds)
//		src = src[n:]
//	}
//	if tok, ok := p.Flush(); ok {
//		// an unterminated sequence, tok's Seq().Term == TermEOF
//	}
//
// # Bounds
//
// A Parser holds O(1) memory: parameters, intermediates and control-string
// payload go into fixed arrays; past their caps the parser keeps consuming,
// stops storing and records the truncation ([Seq.TooManyParams],
// [Seq.PayloadLen]). The zero value allocates nothing; [NewParser] with a cap
// above [DefaultPayloadCap] allocates its payload buffer once.
//
// # Deviations from Williams' diagram
//
// Each is chosen for a sanitizer that must not let a sequence leak:
//
//   - BEL (0x07) ends an OSC string (xterm convention).
//   - ':' is a sub-parameter separator ([Param.Sub]), not a reason to ignore.
//   - UTF-8 is tracked in every state: a byte 0x80-0x9F that validly
//     continues a multi-byte character is part of it, never a C1 control, so
//     0x9C inside U+2733 (E2 9C B3) or U+00DC (C3 9C) does not end an OSC.
//     UTF-8 tracking never swallows ESC or a C0 control: "\xc3\x1b[2J" is an
//     invalid byte then CSI J.
//   - UTF-8-encoded C1 controls (C2 80 - C2 9F) act exactly as the raw C1 bytes
//     (introducers, ST, or controls); [Token.C1UTF8] and [Seq.C1UTF8] say which.
//   - DEL (0x7F) in Ground is a control, not printed text.
//   - A byte >= 0xA0 after ESC enters [EscapeIgnore] (not in the diagram),
//     which, like CSIIgnore, swallows bytes up to a final byte 0x30-0x7E.
//   - An ESC inside a control string ends it: ESC \ is its terminator
//     ([TermST]), any other ESC aborts it ([TermAborted]) and starts a new
//     escape sequence.
//   - CAN, SUB and C1 controls that cut an open sequence short are counted in
//     that sequence's token ([Seq.Abort]) instead of being returned as separate
//     controls, so that each input byte belongs to exactly one token. In Ground
//     they are [KindControl] tokens.
//
// # Accounting
//
// The bytes of a [KindText] or [KindInvalid] token are Token.Text; of a
// [KindControl] token, Token.Text (1 byte, or 2 when C1UTF8); of a sequence
// token, Seq().Len. Summed over all tokens, Next and Flush included, they
// equal the input length. C0 controls inside an escape or CSI sequence
// (Williams' "execute", "\x1b[3\b1m") are returned as their own tokens while
// the sequence stays open; Seq().Span is the sequence's extent in the input
// with them.
//
// # Holding back
//
// Next consumes every byte of an open sequence, so its state survives any
// chunk split, with two exceptions in which it returns n == 0 until more
// input (or atEOF) arrives: an incomplete UTF-8 character where text is
// expected, and a lone ESC at the end of src inside a control string
// (ESC \ terminates the string, any other ESC aborts it). Callers that implement
// [golang.org/x/text/transform.Transformer] return ErrShortSrc then; at most
// 3 bytes are ever held back.
//
// A Parser is not safe for concurrent use; distinct Parsers are independent.
package ansi
