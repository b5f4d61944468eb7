package transcript

import "github.com/plainsight-dev/plainsight/ansi"

// The counts of removed sequences in the Report, for tokens of the
// parser and of the fast paths alike.

// sequence counts a removed sequence.
func (c *Cleaner) sequence(k ansi.Kind, s *ansi.Seq) {
	r := &c.rep
	length := s.PayloadLen
	switch k {
	case ansi.KindCSI:
		c.countCSI(s.Final == 'm' && s.Private == 0 && s.NumIntermediates == 0 &&
			!s.TooManyIntermediates && !s.Ignored, s.Len)
		length = 0 // counted
	case ansi.KindESC:
		r.Sequences.ESC++
		length = s.Len
	case ansi.KindOSC:
		c.countOSC(s.Payload)
	case ansi.KindDCS:
		r.Sequences.DCS++
	case ansi.KindSOS:
		r.Sequences.SOS++
	case ansi.KindPM:
		r.Sequences.PM++
	case ansi.KindAPC:
		r.Sequences.APC++
	}
	if length > c.lim.MaxString {
		r.OverLimit++
	}
	if s.Term == ansi.TermAborted || s.Term == ansi.TermEOF {
		r.Unterminated++
	}
	if s.Ignored || s.TooManyParams || s.TooManyIntermediates || overflow(s) {
		r.Malformed++
	}
}

// countCSI counts a CSI of length bytes.
func (c *Cleaner) countCSI(sgr bool, length int) {
	c.countCSIs(sgr, length, 1)
}

// countCSIs counts n copies of a CSI of length bytes.
func (c *Cleaner) countCSIs(sgr bool, length int, n int64) {
	if sgr {
		c.rep.Sequences.SGR += n
	} else {
		c.rep.Sequences.CSI += n
	}
	if length > c.lim.MaxString {
		c.rep.OverLimit += n
	}
}

// countESC counts the escape sequence of length bytes that simpleESC
// found, as sequence counts the parser's token for it, and its bytes.
func (c *Cleaner) countESC(length int) {
	c.rep.BytesIn += int64(length)
	c.rep.Sequences.ESC++
	if length > c.lim.MaxString {
		c.rep.OverLimit++
	}
}

// countString counts the string seq that simpleString found, as sequence
// counts the parser's token for it.
func (c *Cleaner) countString(seq []byte) {
	payload := seq[2 : len(seq)-1]
	if seq[len(seq)-1] == '\\' {
		payload = seq[2 : len(seq)-2]
	}
	c.countPayload(seq[1], payload)
}

// countPayload counts an OSC, SOS, PM or APC string by its kind, from the
// 7-bit form of its introducer (']', 'X', '^', '_'), and against
// MaxString, from its whole payload, as sequence counts the parser's
// token for it. Whether a terminator ended it is the caller's to count.
func (c *Cleaner) countPayload(intro byte, payload []byte) {
	r := &c.rep
	switch intro {
	case ']':
		c.countOSC(payload[:min(len(payload), payloadCap)])
	case 'X':
		r.Sequences.SOS++
	case '^':
		r.Sequences.PM++
	default:
		r.Sequences.APC++
	}
	if len(payload) > c.lim.MaxString {
		r.OverLimit++
	}
}

// countOSC counts an OSC by the number its payload, as the parser stores
// it, starts with.
func (c *Cleaner) countOSC(payload []byte) {
	r := &c.rep.Sequences
	switch oscNumber(payload) {
	case 0, 1, 2:
		r.OSCTitle++
	case 8:
		r.OSCHyperlink++
	case 52:
		r.OSCClipboard++
	default:
		r.OSCOther++
	}
}

func overflow(s *ansi.Seq) bool {
	for _, p := range s.Params[:s.NumParams] {
		if p.Overflow {
			return true
		}
	}
	return false
}

// oscNumber returns the number that starts an OSC payload ("8;;uri" is 8),
// or -1.
func oscNumber(payload []byte) int {
	n, digits := 0, 0
	for _, b := range payload {
		if b == ';' {
			break
		}
		if b < '0' || b > '9' || digits == 5 {
			return -1
		}
		n = n*10 + int(b-'0')
		digits++
	}
	if digits == 0 {
		return -1
	}
	return n
}
