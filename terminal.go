package plainsight

import (
	"slices"
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
	if c := s.Text[i]; c != 0x1B && loneC1[s.c1At(i)&0x1F] {
		return // a C1 control that is no introducer starts nothing
	}
	if s.Text[i] == 0x1B && i+1 < len(s.Text) && s.Text[i+1] == 0x1B {
		// ESC ESC: the second ESC cancels the first, whatever follows,
		// as ESC does anywhere (Williams: "anywhere" to Escape). The
		// parser would say so too, at a cost per byte of an ESC flood.
		s.report(i, i+1, abandonedESC)
		return
	}
	rest := s.Text[i:]
	if m := s.seqs.find(rest); m != nil {
		// A complete sequence seen before: the parser would read the
		// same bytes the same way, to the same end, and its effect is
		// listed already (or the list was full).
		s.reportSeen(m, i, i+len(m.seq))
		return
	}
	// The parser only reads src, so it may look at the string's bytes in
	// place; copying would make a long run of sequences quadratic.
	src := unsafe.Slice(unsafe.StringData(rest), len(rest))
	// The parser is allocated on first use: it keeps a pointer into
	// itself (Seq.Payload), so it cannot live on the caller's stack, and
	// most text holds no escape sequence at all.
	if s.parser == nil {
		s.parser, s.seqs = new(ansi.Parser), new(seqMemo)
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
	end := min(i+seq.Span, len(s.Text))
	var effect string
	if len(s.effects) < maxEffects {
		effect = describeSequence(tok.Kind, seq)
	}
	s.report(i, end, effect)
	switch seq.Term {
	case ansi.TermFinal, ansi.TermBEL, ansi.TermST, ansi.TermST8:
		// Ended by a byte of its own, so the same bytes end it again
		// wherever they stand: worth remembering. (An aborted sequence
		// ends at what follows it, which may differ next time.)
		if end-i <= maxRememberedSeq {
			s.seqs.add(s.Text[i:end])
		}
	}
}

// c1At returns the C1 control at text[i], raw or UTF-8 encoded.
func (s *sanitizer) c1At(i int) byte {
	if c := s.Text[i]; c != 0xC2 {
		return c
	}
	return s.Text[i+1]
}

// buildLoneC1 makes loneC1 (generated into tables_gen.go), which says
// which C1 controls (by their low five bits) the parser reads as a
// control of their own, not as the start of a sequence: from Ground, it
// returns them as a token at once, whatever follows. They are most of the
// C1 range, and of the bytes 0x80-0x9F of random or binary text, which
// would otherwise each cost a parse that finds nothing. Asked of the
// parser, not copied from it.
func buildLoneC1() (t [32]bool) {
	var p ansi.Parser
	for c := range 32 {
		p.Reset()
		tok, n := p.Next([]byte{0x80 + byte(c)}, true)
		t[c] = tok.Kind == ansi.KindControl && n == 1 && !p.InSequence()
	}
	return t
}

// Whether the token of a remembered sequence is listed in the warning.
const (
	seqUnknown  = iota
	seqListed   // among the tokens
	seqUnlisted // not: the list was full, and stays full
)

// seqMemo remembers the complete sequences seen in a text, up to a number
// that a log's palette of colours and cursor moves fits in, and finds the
// one that starts a text, if any, without the parser. Sequences of four
// bytes or more are kept by their bytes 1 to 3 (after ESC or a raw C1
// introducer: "[31", "]0;"), in buckets of a few; shorter ones ("\x1b7",
// "\x1b[K") in a list of their own. The parser's first call allocates it:
// text without a terminal sequence never pays for it.
type seqMemo struct {
	long  [32][4]seenSeq
	short [8]seenSeq

	// Random or binary bytes start sequences that never come again:
	// past maxParsed parsed (none of them found here), the memo stops.
	parsed int
	off    bool
}

// maxParsed is how many sequences the parser reads before the memo gives
// up: a log's palette is far fewer.
const maxParsed = 256

// seenSeq is a remembered sequence and whether its token is listed.
type seenSeq struct {
	seq   string
	token uint8 // seqUnknown, seqListed or seqUnlisted (reportSeen)
}

// bucket returns the bucket of the sequences of four bytes or more whose
// bytes 1 to 3 are those of seq.
func (m *seqMemo) bucket(seq string) *[4]seenSeq {
	h := (uint32(seq[1]) | uint32(seq[2])<<8 | uint32(seq[3])<<16) * 0x9E3779B1
	return &m.long[h>>27]
}

// find returns the remembered sequence that starts rest, or nil.
func (m *seqMemo) find(rest string) *seenSeq {
	if m == nil || m.off {
		return nil
	}
	return m.lookup(rest)
}

// lookup is find, for a memo in use. The final byte and the one before
// it are compared first: they tell most sequences of a bucket apart (the
// 2 of \x1b[32m) without a call to compare the rest.
func (m *seqMemo) lookup(rest string) *seenSeq {
	if len(rest) >= 4 {
		b := m.bucket(rest)
		for k := range b {
			e := &b[k]
			n := len(e.seq)
			if n == 0 {
				break
			}
			if n <= len(rest) && rest[n-1] == e.seq[n-1] && rest[n-2] == e.seq[n-2] && rest[:n] == e.seq {
				return e
			}
		}
	}
	for k := range m.short {
		e := &m.short[k]
		n := len(e.seq)
		if n == 0 {
			break
		}
		// One to three bytes, compared without a call.
		if n <= len(rest) && rest[n-1] == e.seq[n-1] && rest[0] == e.seq[0] && (n < 3 || rest[1] == e.seq[1]) {
			return e
		}
	}
	return nil
}

// add remembers seq, a complete sequence the parser read, if its bucket
// has room.
func (m *seqMemo) add(seq string) {
	if m.parsed++; m.parsed > maxParsed {
		m.off = true
		return
	}
	list := m.short[:]
	if len(seq) >= 4 {
		list = m.bucket(seq)[:]
	}
	for k := range list {
		if list[k].seq == "" {
			list[k].seq = seq
			return
		}
	}
}

// reportSeen reports the remembered sequence e, at text[i:end], as report
// would: its token, listed or not, is known after the first time, and
// only counts.
func (s *sanitizer) reportSeen(e *seenSeq, i, end int) {
	f := s.found.found[KindTerminalEscape]
	switch e.token {
	case seqListed:
		f.count++
	case seqUnlisted:
		f.count++
		f.more++
	default:
		s.report(i, end, "")
		e.token = seqUnlisted
		if slices.Contains(f.tokens, e.seq) {
			e.token = seqListed
		}
		return
	}
	s.seqEnd = end
	s.found.locatePending(f, Span{i, end})
}

// maxRememberedSeq bounds the length of a remembered sequence.
const maxRememberedSeq = 256

// report records the terminal sequence text[i:end], which would effect
// effect ("" once maxEffects are listed).
func (s *sanitizer) report(i, end int, effect string) {
	s.seqEnd = end
	f := s.found.add(KindTerminalEscape, s.Text[i:end], reason{how: becauseSequences})
	s.found.locatePending(f, Span{i, end})
	if effect != "" && len(s.effects) < maxEffects && !slices.Contains(s.effects, effect) {
		s.effects = append(s.effects, effect)
	}
}
