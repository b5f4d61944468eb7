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
	for k, seq := range s.seqs[:s.nSeqs] {
		// The final byte and the one before it first: they tell most
		// sequences apart (the 2 of \x1b[32m) without a call to
		// compare the rest.
		if n := len(seq); n <= len(rest) && rest[n-1] == seq[n-1] && (n < 2 || rest[n-2] == seq[n-2]) && rest[:n] == seq {
			// A complete sequence seen before: the parser would read
			// the same bytes the same way, to the same end, and its
			// effect is listed already (or the list was full).
			s.reportSeen(k, i, i+n)
			return
		}
	}
	// The parser only reads src, so it may look at the string's bytes in
	// place; copying would make a long run of sequences quadratic.
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
		if s.nSeqs < len(s.seqs) && end-i <= maxRememberedSeq {
			s.seqs[s.nSeqs] = s.Text[i:end]
			s.nSeqs++
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

// loneC1 says which C1 controls (by their low five bits) the parser reads
// as a control of their own, not as the start of a sequence: from Ground,
// it returns them as a token at once, whatever follows. They are most of
// the C1 range, and of the bytes 0x80-0x9F of random or binary text,
// which would otherwise each cost a parse that finds nothing. Asked of the
// parser, not copied from it.
var loneC1 = func() (t [32]bool) {
	var p ansi.Parser
	for c := range 32 {
		p.Reset()
		tok, n := p.Next([]byte{0x80 + byte(c)}, true)
		t[c] = tok.Kind == ansi.KindControl && n == 1 && !p.InSequence()
	}
	return t
}()

// Whether the token of a remembered sequence is listed in the warning.
const (
	seqUnknown  = iota
	seqListed   // among the tokens
	seqUnlisted // not: the list was full, and stays full
)

// reportSeen reports the k-th remembered sequence, at text[i:end], as
// report would: its token, listed or not, is known after the first time,
// and only counts.
func (s *sanitizer) reportSeen(k, i, end int) {
	f := s.found.found[KindTerminalEscape]
	switch s.seqToken[k] {
	case seqListed:
		f.count++
	case seqUnlisted:
		f.count++
		f.more++
	default:
		s.report(i, end, "")
		s.seqToken[k] = seqUnlisted
		if slices.Contains(f.tokens, s.seqs[k]) {
			s.seqToken[k] = seqListed
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
