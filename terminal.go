package plainsight

import (
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"github.com/plainsight-dev/plainsight/ansi"
)

// maxEffects bounds how many distinct effects the terminal_escape warning
// lists; the tokens list every distinct sequence up to MaxTokens.
const maxEffects = 6

// terminalSequence reports the terminal escape sequence that starts at
// text[i] (ESC, or a C1 introducer), if one does. Its bytes are still
// escaped one by one; seqEnd marks them so that the sequence is reported
// once, as a whole, with what it would have done.
func (s *sanitizer) terminalSequence(i int) {
	// The parser only reads src, so it may look at the string's bytes in
	// place; copying would make a long run of sequences quadratic.
	rest := s.text[i:]
	src := unsafe.Slice(unsafe.StringData(rest), len(rest))
	// The parser is allocated on first use: it keeps a pointer into
	// itself (Seq.Payload), so it cannot live on the caller's stack, and
	// most text holds no escape sequence at all.
	if s.parser == nil {
		s.parser = new(ansi.Parser)
	}
	p := s.parser
	p.Reset()
	var tok ansi.Token
	for off := 0; ; {
		var n int
		tok, n = p.Next(src[off:], true)
		if tok.Kind.IsSequence() {
			break
		}
		if n == 0 || off+n == len(src) || !p.InSequence() {
			if flushed, ok := p.Flush(); ok {
				tok = flushed
				break
			}
			return // the introducer starts no sequence: a lone control
		}
		off += n
	}
	seq := p.Seq()
	if seq.Span <= 0 {
		return
	}
	// Span, not Len: C0 controls executed inside the sequence belong to it.
	s.seqEnd = min(i+seq.Span, len(s.text))
	s.found.addRaw(KindTerminalEscape, s.text[i:s.seqEnd], noExplanation)
	if len(s.effects) < maxEffects {
		if effect := describeSequence(tok.Kind, seq); !slices.Contains(s.effects, effect) {
			s.effects = append(s.effects, effect)
		}
	}
}

// noExplanation is for findings whose explanation is written at the end.
func noExplanation() string { return "" }

// describeSequence says in plain words what a terminal would do with a
// sequence. Quoted payload is neutralized and clipped.
func describeSequence(k ansi.Kind, seq *ansi.Seq) string {
	if seq.Term == ansi.TermEOF {
		return "start an escape sequence that never completes, which can swallow the text shown after it"
	}
	switch k {
	case ansi.KindCSI:
		return describeCSI(seq)
	case ansi.KindESC:
		return describeESC(seq)
	case ansi.KindOSC:
		return describeOSC(seq)
	case ansi.KindDCS:
		p := string(seq.Payload)
		switch {
		case seq.Intermediates[0] == '$' && seq.Final == 'q', strings.HasPrefix(p, "$q"):
			return "query terminal settings, whose reply is typed back as input (DECRQSS echoback)"
		case seq.Intermediates[0] == '+' && seq.Final == 'q', strings.HasPrefix(p, "+q"):
			return "query terminal capabilities, whose reply is typed back as input (XTGETTCAP echoback)"
		case seq.Final == 'q':
			return "draw sixel graphics over the screen"
		}
		return "send a device control string (DCS) to the terminal"
	case ansi.KindSOS, ansi.KindPM, ansi.KindAPC:
		return "send the terminal a hidden " + strings.ToUpper(k.String()) + " string that it consumes without showing"
	}
	return "run a terminal control"
}

func describeCSI(seq *ansi.Seq) string {
	param := func(i int) int {
		if i < seq.NumParams && !seq.Params[i].Missing {
			return int(seq.Params[i].Value)
		}
		return 0
	}
	if seq.Ignored || seq.Final == 0 {
		return "run a malformed control sequence that terminals read differently"
	}
	if seq.NumIntermediates > 0 {
		switch {
		case seq.Intermediates[0] == '*' && seq.Final == 'y':
			return "read the screen's contents back (DECRQCRA echoback)"
		case seq.Intermediates[0] == '$' && seq.Final == 'p':
			return "query a terminal mode, whose reply is typed back as input (echoback)"
		case seq.Intermediates[0] == ' ' && seq.Final == 'q':
			return "change the cursor style"
		}
		return "run a terminal control function"
	}
	switch seq.Private {
	case '?':
		switch seq.Final {
		case 'h', 'l':
			switch param(0) {
			case 1049, 47, 1047:
				return "switch to the alternate screen, hiding what was shown"
			case 2004:
				return "toggle bracketed paste, changing how pasted text is read"
			case 1000, 1002, 1003, 1006, 1015:
				return "turn on mouse reporting, so clicks become input"
			case 25:
				return "hide or show the cursor"
			case 5:
				return "reverse the screen's colours"
			}
			return "switch a terminal mode"
		case 'n', 'c', 'u':
			return "query the terminal, whose reply is typed back as input (echoback)"
		}
		return "run a private terminal control"
	case '>', '<', '=':
		switch seq.Final {
		case 'm':
			return "change how the keyboard is reported (modifyOtherKeys), which can stop Ctrl-C from working"
		case 'c', 'q':
			return "query the terminal, whose reply is typed back as input (echoback)"
		}
		return "run a private terminal control"
	}
	switch seq.Final {
	case 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'f', 'd', '`', 'a', 'e', 's', 'u':
		return "move the cursor, so later text overwrites what is shown"
	case 'J':
		if p := param(0); p == 2 || p == 3 {
			return "clear the screen"
		}
		return "erase part of the screen"
	case 'K':
		return "erase the line"
	case 'm':
		for j := 0; j < seq.NumParams; j++ {
			if p := seq.Params[j]; !p.Sub && !p.Missing && p.Value == 8 {
				return "hide the text that follows (conceal)"
			}
		}
		return "change the colour or style of the text"
	case 'n', 'c':
		return "query the terminal, whose reply is typed back as input (echoback)"
	case 't':
		return "resize, move or report the window (echoback)"
	case 'r':
		return "set the scrolling region"
	case 'S', 'T':
		return "scroll the screen"
	case 'L', 'M', 'P', '@', 'X':
		return "insert or delete characters or lines on screen"
	case 'b':
		return "repeat the previous character many times"
	case 'h', 'l':
		return "switch a terminal mode"
	}
	return "run a terminal control function"
}

func describeESC(seq *ansi.Seq) string {
	if seq.NumIntermediates > 0 {
		switch seq.Intermediates[0] {
		case '(', ')', '*', '+', '-', '.', '/':
			return "switch the character set, garbling the text after it"
		case '#':
			if seq.Final == '8' {
				return "fill the screen with the letter E"
			}
			return "change the line's size"
		}
		return "run a terminal control"
	}
	switch seq.Final {
	case 'c':
		return "reset the terminal"
	case '7', '8':
		return "save or restore the cursor, so later text overwrites what is shown"
	case 'D', 'E', 'M':
		return "move the cursor to another line"
	case 'Z':
		return "query the terminal, whose reply is typed back as input (echoback)"
	case '\\':
		return "end a control string"
	case '=', '>':
		return "switch the keypad mode"
	case 0:
		return "start an escape sequence that never completes"
	}
	return "run a terminal control"
}

func describeOSC(seq *ansi.Seq) string {
	payload := string(seq.Payload)
	num, rest, _ := strings.Cut(payload, ";")
	if num == "" || len(num) > 5 || strings.Trim(num, "0123456789") != "" {
		// Not a command number; checked first because a failing Atoi
		// allocates its error, once per sequence of a hostile stream.
		return "send an operating system command to the terminal"
	}
	n, _ := strconv.Atoi(num)
	quoted := func(s string) string {
		return `"` + neutralize(clip(s, 40)) + `"`
	}
	switch n {
	case 0, 1, 2:
		return "set the window title to " + quoted(rest)
	case 8:
		_, uri, _ := strings.Cut(rest, ";")
		if uri == "" {
			return "end a hyperlink"
		}
		return "make the text that follows a link to " + quoted(uri)
	case 52:
		_, data, _ := strings.Cut(rest, ";")
		if data == "?" {
			return "read the clipboard back as input (echoback)"
		}
		return "write to the clipboard"
	case 7:
		return "report the working directory to the terminal"
	case 4, 10, 11, 12, 17, 19:
		if strings.Contains(rest, "?") {
			return "query the terminal's colours, whose reply is typed back as input (echoback)"
		}
		return "change the terminal's colours"
	case 50:
		return "set or query the terminal font (echoback)"
	case 9, 777:
		return "show a desktop notification"
	}
	return "send operating system command " + strconv.Itoa(n) + " to the terminal"
}
