package approve

import (
	"errors"
	"io"
)

// maxAnswer bounds the answer kept: the only answers that approve are
// y and yes, and a longer one is no however it goes on.
const maxAnswer = 16

// errPasted is why an answer that arrived as a paste was refused.
var errPasted = errors.New("a pasted answer is refused; type it")

// readAnswer reads key presses from r, a terminal in key mode, up to
// Enter, echoing the answer to echo, and returns what was typed. It
// returns errPasted as soon as a bracketed paste begins, and io.EOF on
// Ctrl-D or the end of input.
//
// Key presses are bytes: printable ASCII is part of the answer; Backspace
// (DEL or BS) takes back one character and Ctrl-U all of them; any other
// byte, UTF-8 included, spoils the answer, as no answer but y or yes
// runs a command; escape sequences (cursor keys, function keys, focus and
// mouse reports) are dropped whole, except the start of a paste.
func readAnswer(r io.ByteReader, echo io.Writer) (string, error) {
	var answer []byte
	spoiled := false
	for {
		c, err := r.ReadByte()
		if err != nil {
			return "", err
		}
		switch {
		case c == '\r' || c == '\n':
			io.WriteString(echo, "\r\n")
			if spoiled {
				return "\x00", nil // matches no answer that approves
			}
			return string(answer), nil
		case c == 0x04: // Ctrl-D
			return "", io.EOF
		case c == 0x7f || c == '\b':
			if len(answer) > 0 {
				answer = answer[:len(answer)-1]
				io.WriteString(echo, "\b \b")
			}
		case c == 0x15: // Ctrl-U
			for range answer {
				io.WriteString(echo, "\b \b")
			}
			answer, spoiled = answer[:0], false
		case c == 0x1b:
			pasted, err := skipSequence(r)
			if err != nil {
				return "", err
			}
			if pasted {
				return "", errPasted
			}
		case c >= 0x20 && c < 0x7f:
			if len(answer) < maxAnswer {
				answer = append(answer, c)
				echo.Write([]byte{c})
			} else {
				spoiled = true
			}
		default:
			spoiled = true
		}
	}
}

// skipSequence reads the rest of an escape sequence whose ESC was read,
// and reports whether it was CSI 200 ~, the start of a bracketed paste.
// CSI runs to its final byte, SS3 (ESC O, cursor keys in application
// mode) takes one byte, ESC followed by anything else (Alt and a key) is
// that key dropped.
func skipSequence(r io.ByteReader) (pasted bool, err error) {
	c, err := r.ReadByte()
	if err != nil {
		return false, err
	}
	switch c {
	case 'O':
		_, err = r.ReadByte()
		return false, err
	case '[':
		var params []byte // the first bytes, enough to tell CSI 200 ~
		n := 0
		for {
			c, err := r.ReadByte()
			if err != nil {
				return false, err
			}
			if n++; n <= len(pasteStart) {
				params = append(params, c)
			}
			if c >= 0x40 && c <= 0x7e {
				return n == len(pasteStart) && string(params) == pasteStart, nil
			}
		}
	}
	return false, nil
}
