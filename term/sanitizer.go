package term

import (
	"bytes"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/ansi"
	"github.com/plainsight-dev/plainsight/internal/c1string"
	"github.com/plainsight-dev/plainsight/internal/escape"
	"github.com/plainsight-dev/plainsight/internal/seqvector"
	"golang.org/x/text/transform"
)

// Replacement output.
const (
	visualEscape = "\u241b" // SYMBOL FOR ESCAPE, one per dropped sequence or control in Visualize
	replacement  = "\ufffd" // for each byte that is not valid UTF-8
)

// pendingCap bounds the output of one token that may have to wait for the
// next Transform call: a canonical SGR, a U+241B or a U+FFFD.
const pendingCap = maxSGRLen

// Sanitizer filters a stream of untrusted text for a terminal, following
// the policy in the package documentation.
//
// The zero value is ready to use and applies the default policy (Strip
// mode, SGR kept). [New] builds one with other [Options].
//
// A Sanitizer implements [transform.Transformer]: it holds back at most an
// incomplete UTF-8 character or a trailing ESC (transform.ErrShortSrc), and
// keeps the state of an open escape sequence itself, in O(1) memory, so
// sequences may be split anywhere across chunks. [Sanitizer.Push] and
// [Sanitizer.Finish] are the same filter for strings.
//
// A Sanitizer is not safe for concurrent use. Use one per stream: a
// sequence left open at the end of one stream must not swallow the start of
// another.
type Sanitizer struct {
	opts Options
	p    ansi.Parser

	// pend holds output of the last token that did not fit in dst.
	pend    [pendingCap]byte
	pendOff uint8
	pendLen uint8
	tail    [utf8.UTFMax]byte // input held back between Push calls
	tailLen uint8
	scratch [maxSGRLen]byte
	pushBuf []byte // Push's output, before it is copied out (pushBufSize)

	// col follows the colours of the kept SGRs, so that no text is shown
	// in colours that hide it.
	col       colours
	settleBuf [maxSettleLen + utf8.UTFMax]byte

	// The fast path handles LF, tab and simple SGRs in Ground without
	// the parser. It needs the parser in Ground with no invalid UTF-8
	// prefix pending: the parser clears that on the next token, and a
	// bypassed token would leave it set.
	afterInvalid bool
	noFastPath   bool  // for tests: compare with the parser-only path
	stripSkip    uint8 // calls for which stripBlocks is not worth trying
	params       [ansi.MaxParams]ansi.Param
}

// New returns a Sanitizer that applies opts.
func New(opts Options) *Sanitizer {
	return &Sanitizer{opts: opts}
}

// Options returns the options s applies.
func (s *Sanitizer) Options() Options { return s.opts }

// Reset implements [transform.Transformer]: it forgets any open sequence,
// held-back input and pending output. The options stay.
func (s *Sanitizer) Reset() {
	s.p.Reset()
	s.pendOff, s.pendLen = 0, 0
	s.tailLen = 0
	s.afterInvalid = false
	s.col = colours{}
	s.stripSkip = 0
}

// Transform implements [transform.Transformer].
func (s *Sanitizer) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	if s.pendLen > 0 {
		nDst = s.flushPending(dst)
		if s.pendLen > 0 {
			return nDst, 0, transform.ErrShortDst
		}
	}
	mode := s.opts.effectiveMode()
	if mode == Off {
		n := copy(dst[nDst:], src)
		nDst += n
		if n < len(src) {
			return nDst, n, transform.ErrShortDst
		}
		return nDst, n, nil
	}
	col := s.colourState()
	for nSrc < len(src) {
		if nDst > 0 && len(dst)-nDst < maxSGRLen {
			// Stop before a token whose output might not fit, so that
			// output waits in pend only when dst is tiny: a
			// transform.Reader would otherwise hold it until more input
			// arrives.
			return nDst, nSrc, transform.ErrShortDst
		}
		if src[nSrc] == 0x1b && s.p.ESCAborts() && !s.afterInvalid && !s.noFastPath &&
			(mode != Visualize || len(dst)-nDst >= maxSettleLen+len(visualEscape)) {
			// A sequence left open, by the end of the previous chunk
			// most often (a lone ESC, an ESC [), is aborted by this ESC:
			// drop it as the parser would, so that a flood of them split
			// into chunks stays on the fast path instead of taking the
			// parser from then on.
			if mode == Visualize {
				nDst += s.put(dst[nDst:], s.dropped(mode))
			}
			s.p.Reset()
		}
		if !s.afterInvalid && !s.noFastPath && !s.p.InSequence() {
			switch b := src[nSrc]; {
			case keptByte[b]:
				if s.col.settle {
					if b == '\n' || b == '\t' {
						// Not drawn: the colours can wait for text.
						if nDst < len(dst) {
							dst[nDst] = b
							nDst++
							nSrc++
							continue
						}
						break
					}
					n, ok := s.settleColours(dst[nDst:])
					if nDst += n; !ok {
						return nDst, nSrc, transform.ErrShortDst
					}
				}
				// Copy the run of text, LF and tab, found a word at a
				// time.
				k := escape.CopyCleanPrefix(dst[nDst:], src[nSrc:], true)
				nDst += k
				nSrc += k
				if mode != Visualize && nSrc+1 < len(src) && src[nSrc] == '\r' && src[nSrc+1] == '\n' {
					// Lines ended by CR LF, as a terminal writes
					// every line and Windows programs theirs: each
					// CR dropped, and the lines after it read on
					// without a turn of the loop for each.
					w, r := escape.CopyCleanLines(dst[nDst:], src[nSrc:], true)
					nDst += w
					nSrc += r
				}
				if nSrc < len(src) && nDst == len(dst) {
					return nDst, nSrc, transform.ErrShortDst
				}
				// Text that C0 controls, dropped in Strip mode, break
				// up (overstrike's x BS x, a stray BEL): the control
				// is dropped and the next run copied here, as the top
				// of the loop would, without a turn of it.
				for mode != Visualize && nSrc+1 < len(src) && droppedC0(src[nSrc]) && keptByte[src[nSrc+1]] && len(dst)-nDst >= maxSGRLen {
					if useAloneVector && !s.col.settle && controlDense(src[nSrc:]) {
						// A flood of them, with no sequence near:
						// ground's vector loop reads it faster.
						if w, r := ground(dst[nDst:], src[nSrc:], atEOF, mode); r > 0 {
							nDst += w
							nSrc += r
						}
						break
					}
					// The run's first bytes one at a time
					// (overstrike's one byte, a word between
					// BELs), the rest of a longer one a word at a
					// time.
					i, end := nSrc+1, min(len(src), nSrc+1+8)
					for i < end && keptByte[src[i]] {
						dst[nDst] = src[i]
						nDst++
						i++
					}
					nSrc = i
					if i == end && i < len(src) && keptByte[src[i]] {
						k = escape.CopyCleanPrefix(dst[nDst:], src[nSrc:], true)
						nDst += k
						nSrc += k
						if nSrc < len(src) && nDst == len(dst) {
							return nDst, nSrc, transform.ErrShortDst
						}
					}
				}
				continue
			case b != 0x1b && !s.col.settle &&
				(b >= 0x80 || nSrc+1 < len(src) && !keptByte[src[nSrc+1]] && src[nSrc+1] != 0x1b):
				// Bytes 0x80-0xFF, and a control before another or
				// before them: a run for ground, as in binary output. A
				// control before text or ESC ("\r\n", "\r\x1b[K") costs
				// less in the case below.
				if l := textLeads[b]; l.size != 0 && col != nil && colourAhead(dst[nDst:], src[nSrc:]) && src[nSrc+1]-l.lo <= l.span {
					// A character: text of another script, prose. The
					// colour-log vector loop reads it 64 bytes at a
					// time, as it reads the words between SGRs.
					if n, w := colourBlocks(dst[nDst:], src[nSrc:], col, mode != Visualize); n > 0 {
						nSrc += n
						nDst += w
						continue
					}
				}
				if w, r := ground(dst[nDst:], src[nSrc:], atEOF, mode); r > 0 {
					nDst += w
					nSrc += r
					continue
				}
			case droppedC0(b):
				// Any other C0 control or DEL in Ground: dropped.
				if mode != Visualize {
					nSrc++
					continue
				}
				if len(dst)-nDst >= maxSettleLen+len(visualEscape) {
					nDst += s.putVisualEscape(dst[nDst:])
					nSrc++
					continue
				}
			case b == 0x1b:
				if nSrc+1 < len(src) && src[nSrc+1] == 0x1b {
					w, r := s.escFlood(dst[nDst:], src[nSrc:], mode)
					if nDst, nSrc = nDst+w, nSrc+r; r > 0 {
						continue
					}
				}
				if len(dst)-nDst >= maxSGRLen {
					// A colour log: its SGRs, the text they colour and
					// what Strip mode drops between them, taken here
					// without a turn of the loop for each (the parser is
					// untouched, dst has room): the commonest by
					// colourRun, and what it leaves here.
					start := nSrc
					for {
						if s.stripSkip > 0 {
							s.stripSkip--
						} else if mode != Visualize {
							// Sequences that stand densely, with
							// the text between them: a block at a
							// time, where the colour-log loop
							// would read them one at a time.
							if w, r := s.stripBlocks(dst[nDst:], src[nSrc:]); r > 0 {
								nSrc += r
								nDst += w
								if nSrc >= len(src) || len(dst)-nDst < maxSGRLen {
									break
								}
								continue
							}
						}
						if col != nil && colourAhead(dst[nDst:], src[nSrc:]) {
							n, w := colourBlocks(dst[nDst:], src[nSrc:], col, mode != Visualize)
							nSrc += n
							nDst += w
						}
						n, w := colourRun(dst[nDst:], src[nSrc:], col, mode != Visualize)
						nSrc += n
						nDst += w
						if nSrc >= len(src) || len(dst)-nDst < maxSGRLen {
							break
						}
						n, w = 0, 0
						kept := 0 // text, which Plain keeps too
						switch b := src[nSrc]; {
						case keptByte[b] && !s.col.settle:
							// Text longer than colourRun reads, or at
							// the end of src.
							k := escape.CopyCleanPrefix(dst[nDst:], src[nSrc:], true)
							nSrc += k
							nDst += k
							continue
						case b == 0x1b && nSrc+1 < len(src) && src[nSrc+1] == '[':
							// An SGR that colourRun leaves, or a CSI
							// that Strip mode drops.
							if n, w = simpleSGR(dst[nDst:], src[nSrc:], col); n > 0 || mode == Visualize {
								break
							}
							var np int
							if n, np = scanSGR(src[nSrc:], &s.params); n > 0 {
								if out, ok := appendSGRParams(dst[nDst:nDst:len(dst)], s.params[:np], col); ok {
									w = len(out)
								}
								break
							}
							kept, n = s.stripRun(dst[nDst:], src[nSrc:])
						case mode == Visualize:
						case b == 0x1b:
							// Any other sequence that Strip mode drops:
							// an erase, a cursor move, a charset.
							kept, n = s.stripRun(dst[nDst:], src[nSrc:])
						case droppedC0(b) && nSrc+1 < len(src) && (keptByte[src[nSrc+1]] || src[nSrc+1] == 0x1b || src[nSrc+1]-0xc2 <= 0xf4-0xc2):
							n = 1
						}
						if n == 0 {
							break
						}
						nSrc += n
						nDst += kept
						if !s.opts.Plain {
							nDst += w
						}
					}
					if nSrc > start {
						continue
					}
					if mode != Visualize {
						// The loop tried each way Strip mode reads
						// a sequence without the parser.
						break
					}
				}
				n, np := scanSGR(src[nSrc:], &s.params)
				if n == 0 && mode != Visualize {
					// Nothing to write for them: the dropped
					// sequences in a row, in one loop.
					if n = dropRun(src[nSrc:]); n == 0 {
						break
					}
					nSrc += n
					continue
				}
				if n == 0 {
					if n = dropLen(src[nSrc:]); n == 0 {
						break
					}
					for {
						nSrc += n
						nDst += s.put(dst[nDst:], s.dropped(mode))
						if s.pendLen > 0 {
							return nDst, nSrc, transform.ErrShortDst
						}
						// The next dropped sequence right after (cursor
						// moves, a flood of them cut short by ESC):
						// taken here, where the top of the loop would
						// take it too, since no SGR is one.
						if nSrc+1 >= len(src) || src[nSrc] != 0x1b || len(dst)-nDst < maxSGRLen {
							break
						}
						if n = dropLen(src[nSrc:]); n == 0 {
							break
						}
					}
					continue
				}
				nSrc += n
				if len(dst)-nDst >= maxSGRLen {
					// Serialise in place.
					out, ok := appendSGRParams(dst[nDst:nDst:len(dst)], s.params[:np], col)
					switch {
					case ok && !s.opts.Plain:
						nDst += len(out)
					case !ok && mode == Visualize:
						nDst += s.put(dst[nDst:], s.dropped(mode))
					}
					continue
				}
				out, ok := appendSGRParams(s.scratch[:0], s.params[:np], col)
				if out = s.sgrOutput(out, ok, mode); len(out) > 0 {
					nDst += s.put(dst[nDst:], out)
					if s.pendLen > 0 {
						return nDst, nSrc, transform.ErrShortDst
					}
				}
				continue
			}
		}
		in, inEOF := src[nSrc:], atEOF
		if !s.p.InSequence() {
			// A text token runs to the end of its input: read no more
			// than dst can take, or a small dst would have a long run
			// of text read again on every call. At least UTFMax bytes,
			// so that a whole character always fits.
			if limit := len(dst) - nDst + utf8.UTFMax; len(in) > limit {
				in, inEOF = in[:limit], false
			}
		}
		tok, n := s.p.Next(in, inEOF)
		if n == 0 && len(in) < len(src)-nSrc {
			tok, n = s.p.Next(src[nSrc:], atEOF) // not expected: the window held a whole character
		}
		s.afterInvalid = tok.Kind == ansi.KindInvalid
		if n == 0 {
			if !atEOF {
				return nDst, nSrc, transform.ErrShortSrc
			}
			// The parser promises progress at EOF; if it ever does not,
			// do not stall or pass the byte through: replace it.
			tok, n = ansi.Token{Kind: ansi.KindInvalid}, 1
		}
		var out []byte
		switch tok.Kind {
		case ansi.KindNone:
			// Consumed into an open sequence.
		case ansi.KindText:
			if s.col.settle {
				k, ok := s.settleColours(dst[nDst:])
				if nDst += k; !ok {
					// The parser is in Ground after a text token: the
					// text parses the same way next time.
					return nDst, nSrc, transform.ErrShortDst
				}
			}
			c := copy(dst[nDst:], tok.Text)
			if c < len(tok.Text) {
				// Stop at a character boundary. The parser is in
				// Ground after a text token, so the rest of the run
				// parses the same way next time.
				for c > 0 && !utf8.RuneStart(tok.Text[c]) {
					c--
				}
				if c == 0 && nDst == 0 {
					// Not even one character fits: keep the rest of
					// it pending, so that any dst makes progress.
					_, size := utf8.DecodeRune(tok.Text)
					nDst += s.emit(dst, tok.Text[:size])
					return nDst, nSrc + size, transform.ErrShortDst
				}
				return nDst + c, nSrc + c, transform.ErrShortDst
			}
			nDst += c
		case ansi.KindInvalid:
			if !s.col.settle && len(dst)-nDst >= len(replacement) {
				// The commonest output of random bytes, in place.
				dst[nDst], dst[nDst+1], dst[nDst+2] = replacement[0], replacement[1], replacement[2]
				nDst += len(replacement)
			} else {
				out = s.invalid()
			}
		case ansi.KindControl:
			if !tok.C1UTF8 && (tok.Control == '\n' || tok.Control == '\t') {
				out = tok.Text[:1]
			} else {
				out = s.dropped(mode)
			}
		case ansi.KindCSI:
			out = s.csi(mode)
		default:
			out = s.dropped(mode)
		}
		nSrc += n
		if len(out) > 0 {
			nDst += s.put(dst[nDst:], out)
			if s.pendLen > 0 {
				return nDst, nSrc, transform.ErrShortDst
			}
		}
	}
	if atEOF {
		if _, ok := s.p.Flush(); ok {
			// An unterminated sequence is dropped like any other.
			if out := s.dropped(mode); len(out) > 0 {
				nDst += s.put(dst[nDst:], out)
				if s.pendLen > 0 {
					return nDst, nSrc, transform.ErrShortDst
				}
			}
		}
		if s.col.style != 0 {
			// The stream ends with a colour or an attribute in effect:
			// close it, so that what the terminal shows next is not
			// drawn in it. The state is cleared first, so that a
			// second call at EOF writes nothing more.
			s.col = colours{}
			nDst += s.emit(dst[nDst:], []byte(sgrReset))
			if s.pendLen > 0 {
				return nDst, nSrc, transform.ErrShortDst
			}
		}
	}
	return nDst, nSrc, nil
}

// csi returns the output for the CSI the parser just completed.
func (s *Sanitizer) csi(mode Mode) []byte {
	out, ok := appendSGR(s.scratch[:0], s.p.Seq(), s.colourState())
	return s.sgrOutput(out, ok, mode)
}

// sgrOutput returns the output for a CSI whose canonical SGR form is out
// when ok is true.
func (s *Sanitizer) sgrOutput(out []byte, ok bool, mode Mode) []byte {
	switch {
	case !ok:
		return s.dropped(mode)
	case s.opts.Plain:
		return nil
	}
	return out
}

// dropped returns the output for one dropped sequence or control.
func (s *Sanitizer) dropped(mode Mode) []byte {
	if mode == Visualize {
		return append(s.scratch[:0], visualEscape...)
	}
	return nil
}

// putVisualEscape writes the output of a control dropped in Visualize
// mode, as put would, and returns its length.
func (s *Sanitizer) putVisualEscape(dst []byte) int {
	if !s.col.settle && len(dst) >= len(visualEscape) {
		dst[0], dst[1], dst[2] = visualEscape[0], visualEscape[1], visualEscape[2]
		return len(visualEscape)
	}
	return s.put(dst, s.dropped(Visualize))
}

// invalid returns the output for a byte that is not valid UTF-8.
func (s *Sanitizer) invalid() []byte { return append(s.scratch[:0], replacement...) }

// emit copies out to dst and keeps what does not fit as pending output.
// It returns the number of bytes written to dst.
func (s *Sanitizer) emit(dst, out []byte) int {
	n := copy(dst, out)
	if n < len(out) {
		s.pendOff = 0
		s.pendLen = uint8(copy(s.pend[:], out[n:]))
	}
	return n
}

// colourState returns the colour state that kept SGRs update: none with
// Plain, which keeps no SGR.
func (s *Sanitizer) colourState() *colours {
	if s.opts.Plain {
		return nil
	}
	return &s.col
}

// put is emit for the output of one token. Output that shows on screen
// (U+241B, U+FFFD) is preceded by the colour correction it needs, if any.
func (s *Sanitizer) put(dst, out []byte) int {
	if s.col.settle && shown(out) {
		out = append(s.col.appendSettle(s.settleBuf[:0]), out...)
	}
	return s.emit(dst, out)
}

// settleColours writes the colour correction that printable text needs
// (see colours). It reports false when the correction did not fit in dst
// and waits as pending output.
func (s *Sanitizer) settleColours(dst []byte) (int, bool) {
	n := s.emit(dst, s.col.appendSettle(s.settleBuf[:0]))
	return n, s.pendLen == 0
}

// shown reports whether the output of a token draws something: U+241B or
// U+FFFD, the only non-ASCII outputs, and not an SGR, LF or tab.
func shown(out []byte) bool { return len(out) > 0 && out[0] >= utf8.RuneSelf }

// flushPending writes as much pending output to dst as fits.
func (s *Sanitizer) flushPending(dst []byte) int {
	n := copy(dst, s.pend[s.pendOff:s.pendOff+s.pendLen])
	s.pendOff += uint8(n)
	s.pendLen -= uint8(n)
	return n
}

// sanitizeString returns s filtered with opts, as one whole stream.
func sanitizeString(s string, opts Options) string {
	if escape.CleanPrefix(s, true) == len(s) {
		return s // nothing to remove; avoid allocating
	}
	z := Sanitizer{opts: opts}
	return z.run(s, true)
}

// stripString returns s filtered by the Strip policy with Plain set: no
// escape sequence survives.
func stripString(s string) string {
	return sanitizeString(s, Options{Plain: true})
}

// droppedC0 reports whether b is a C0 control or DEL that Transform drops
// in Ground: any but ESC, which starts a sequence, and LF and tab, which
// it keeps.
func droppedC0(b byte) bool {
	return (b < 0x20 || b == 0x7f) && b != 0x1b && !keptByte[b]
}

// controlDense reports whether src, which starts with a dropped control
// and a byte of text, is text that dropped controls break up densely
// enough for ground's vector loop (aloneBlocks) to read it faster than
// Transform's loop over them: another dropped control within its first
// nine bytes, as in overstrike (x BS x), and no ESC in two blocks, so
// that the vector loop reads at least a block before a sequence stops it.
func controlDense(src []byte) bool {
	if len(src) < 2*aloneBlock {
		return false
	}
	for _, c := range src[2:9] {
		if droppedC0(c) {
			return bytes.IndexByte(src[:2*aloneBlock], 0x1b) < 0
		}
	}
	return false
}

// csiEndAt returns the end, as an index in src, of the CSI that starts
// at src[start] with its header at src[i], after its introducer, if the
// parser reads it as one token of bytes 0x20-0x3F (parameters, private
// markers, intermediates; a misplaced one makes the CSI ignored) and a
// final byte 0x40-0x7E within maxFastSGR bytes, and that final byte; if
// an ESC cuts it short, the index of the ESC, which starts the next
// sequence, and 0x1B. It returns 0, 0 for anything else, which the parser
// decides. A loop over a run of sequences reads each in place, without a
// slice of its own.
func csiEndAt(src []byte, start, i int) (end int, final byte) {
	for stop := min(len(src), start+maxFastSGR); i < stop; i++ {
		switch c := src[i]; {
		case c >= 0x20 && c <= 0x3f:
			continue
		case c == 0x1b:
			return i, c
		case c >= 0x40 && c <= 0x7e:
			return i + 1, c
		}
		return 0, 0
	}
	return 0, 0
}

// maxFastString bounds the control strings that dropLen reads: a longer
// one is left to the parser, so that no byte is read more than twice.
const maxFastString = 4 << 10

// dropLen returns the length of the complete escape sequence at the
// start of src if it is one the parser reads as a single token that the
// policy drops whatever its content, or 0 (then the parser decides):
//   - ESC [, bytes 0x20-0x3F (parameters, private markers, intermediates;
//     a misplaced one makes the CSI ignored, still one token), and a final
//     byte 0x40-0x7E other than 'm', within maxFastSGR bytes;
//   - ESC, at most one intermediate 0x20-0x2F, and a final byte 0x30-0x7E
//     that does not open a CSI or a control string;
//   - an OSC, SOS, PM or APC string (ESC ], ESC X, ESC ^, ESC _) whose
//     payload is printable ASCII, LF and tab, ended by ST (ESC \) or, for
//     OSC, BEL, within maxFastString bytes: titles and hyperlinks;
//   - any of these cut short by an ESC that does not end it (in a string,
//     one not followed by '\'): the parser returns it aborted, and the ESC
//     starts the next sequence, which is left in src.
func dropLen(src []byte) int {
	return dropEnd(src, 0)
}

// dropRun returns the length of the run of sequences at the start of src
// that dropLen reads one after another: Strip mode, which writes nothing
// for them, drops a flood of them (cursor moves, titles, CSIs cut short)
// in one loop.
func dropRun(src []byte) int {
	n := 0
	for {
		// CSIs, the commonest, in a loop of their own with no call but
		// where copies follow (RepeatEnd, taken once for a flood): a
		// loop with a call for each CSI would reload after it what the
		// call spills. (n < len(src)-2, not n+2 < len(src): the compiler
		// proves the reads of src[n], src[n+1] and the header in
		// bounds from the first form only.)
		for n < len(src)-2 && src[n] == 0x1b && src[n+1] == '[' {
			end, final := csiEndAt(src, n, n+2)
			if final == 'm' {
				return n // an SGR is scanSGR's
			}
			if end == 0 {
				break // stripEnd's, or the parser's
			}
			if escape.RepeatsAt(src, n, end) {
				// A flood of one CSI (cut short, a cursor move): its
				// copies are dropped as it was.
				end = escape.RepeatEnd(src, n, end)
			}
			n = end
		}
		// Titles ended by BEL, the next commonest, in a loop of their
		// own, whose call for each (shortPayloadEnd, too long to
		// inline) spills nothing the CSI loop holds. A string that does not end
		// within the payload read here is read on from where it stopped
		// (stringEndFrom).
		payload := 0
		for n < len(src)-2 && src[n] == 0x1b && src[n+1] == ']' {
			payload = shortPayloadEnd(src, n+2)
			if payload >= len(src) || src[payload] != 0x07 {
				break
			}
			end := payload + 1
			if escape.RepeatsAt(src, n, end) {
				// A flood of one title: its copies go with it.
				end = escape.RepeatEnd(src, n, end)
			}
			n, payload = end, 0
		}
		if n+1 >= len(src) || src[n] != 0x1b {
			return n
		}
		var end int
		switch {
		case payload != 0:
			end = stringEndFrom(src, n, payload)
		case stringIntroducer(src[n+1]):
			end = stringEndAt(src, n)
		default:
			if end = dropEnd(src, n); end == 0 {
				end = stripEnd(src, n)
			}
		}
		if end == 0 {
			return n
		}
		n = end
	}
}

// stripEnd is dropEnd for Strip mode, for the sequences that dropEnd
// leaves: the escape sequences and CSIs that hold controls the parser
// executes before their end (seqvector.InSequence), which Strip mode drops
// with them, as in ESC BS a or ESC [ 2 BEL J, and those that CAN or SUB
// aborts. It returns the index in src of the end of the sequence at
// src[start], or 0 where the parser decides: an SGR, a control string
// the controls open, bytes from 0x80, LF and tab, or a sequence longer
// than maxFastSGR.
func stripEnd(src []byte, start int) int {
	stop := min(len(src), start+maxFastSGR)
	i := start + 1
	for i < stop && seqvector.InSequence(src[i]) {
		i++
	}
	if i == stop {
		return 0
	}
	switch b := src[i]; {
	case b == 0x18 || b == 0x1a:
		return i + 1 // aborted, CAN or SUB with it
	case b == 0x1b:
		return i // aborted: the ESC starts the next sequence
	case b == '[':
		// A CSI's header, then a final byte 0x40-0x7E other than 'm'
		// (an SGR with controls inside is the parser's, which applies
		// it).
		return stripTail(src, i+1, stop, 0x3f, 'm')
	case b == 'P' || stringIntroducer(b):
		return 0
	case b >= 0x30 && b <= 0x7e:
		return i + 1
	case b < 0x20 || b > 0x2f:
		return 0
	}
	// Intermediates, then a final byte 0x30-0x7E.
	return stripTail(src, i+1, stop, 0x2f, 0)
}

// stripTail returns the end, as an index in src, of the sequence whose
// rest starts at src[i], read up to stop: bytes from 0x20 to last and
// those seqvector.InSequence accepts, then a final byte from last+1 to
// 0x7E other than not, or CAN or SUB, which abort it with them, or ESC,
// which aborts it and starts the next. It returns 0 at any other byte.
func stripTail(src []byte, i, stop int, last, not byte) int {
	for ; i < stop; i++ {
		switch b := src[i]; {
		case b >= 0x20 && b <= last || seqvector.InSequence(b):
			continue
		case b > last && b <= 0x7e && b != not:
			return i + 1
		case b == 0x18 || b == 0x1a:
			return i + 1
		case b == 0x1b:
			return i
		}
		return 0
	}
	return 0
}

// stringIntroducer reports whether ESC b opens a control string that
// dropLen reads: OSC, SOS, PM or APC.
func stringIntroducer(b byte) bool {
	return b == ']' || b == 'X' || b == '^' || b == '_'
}

// shortPayloadEnd returns the index of the first byte from src[i] on
// that a control string's payload may not hold, reading at most 8 bytes:
// a title or a number. A short payload is read a byte at a time: its
// length read from a word would hold up the read of the next sequence
// until it is known, where predicted branches let it start at once. The
// tests are unrolled: a loop's taken branch back for each byte cost more
// than the tests themselves (a flood of titles took 0.51 ms a MiB with
// the loop, 0.36 ms unrolled).
func shortPayloadEnd(src []byte, i int) int {
	if i+8 <= len(src) {
		p := src[i : i+8] // one bounds check for the eight
		switch {
		case !keptByte[p[0]]:
			return i
		case !keptByte[p[1]]:
			return i + 1
		case !keptByte[p[2]]:
			return i + 2
		case !keptByte[p[3]]:
			return i + 3
		case !keptByte[p[4]]:
			return i + 4
		case !keptByte[p[5]]:
			return i + 5
		case !keptByte[p[6]]:
			return i + 6
		case !keptByte[p[7]]:
			return i + 7
		}
		return i + 8
	}
	for i < len(src) && keptByte[src[i]] {
		i++
	}
	return i
}

// stringEndAt is dropEnd for the control string at src[start], whose
// introducer stringIntroducer accepts.
func stringEndAt(src []byte, start int) int {
	return stringEndFrom(src, start, shortPayloadEnd(src, start+2))
}

// stringEndFrom is stringEndAt for a string whose payload's first bytes
// shortPayloadEnd has read, up to src[i]; the rest of a longer payload is
// read a word at a time.
func stringEndFrom(src []byte, start, i int) int {
	stop := min(len(src), start+maxFastString)
	if i == start+2+8 {
		i += escape.CleanPrefixBytes(src[i:stop], true)
	}
	// The rest as the parser's string states read it: controls and
	// characters as payload, BEL (in an OSC) or ST as its end, CAN, SUB
	// and a C1 control as an abort read with it, another ESC or a C1
	// introducer as an abort that starts the next sequence.
	_, end, _ := c1string.End(src[:stop], i, src[start+1] == ']')
	return end
}

// dropEnd is dropLen for the sequence at src[start]: it returns the
// index in src of the sequence's end, or 0. A run of sequences is read in
// place, with no slice for each.
func dropEnd(src []byte, start int) int {
	if len(src)-start < 2 || src[start] != 0x1b {
		return 0
	}
	switch b := src[start+1]; {
	case b == '[':
		if end, final := csiEndAt(src, start, start+2); final != 'm' {
			return end // an SGR is scanSGR's
		}
	case stringIntroducer(b):
		return stringEndAt(src, start)
	case b >= 0x20 && b <= 0x2f:
		switch {
		case len(src)-start < 3:
		case src[start+2] >= 0x30 && src[start+2] <= 0x7e:
			return start + 3
		case src[start+2] == 0x1b:
			return start + 2
		}
	case b >= 0x30 && b <= 0x7e && b != 'P' && !stringIntroducer(b):
		return start + 2
	}
	return 0
}

// stripRun returns the output and the length of the run of sequences at
// the start of src that Strip mode drops: stripBlocks', with the text
// between them, or where it reads nothing, dropRun's.
func (s *Sanitizer) stripRun(dst, src []byte) (w, n int) {
	if w, n = s.stripBlocks(dst, src); n > 0 {
		return w, n
	}
	return 0, dropRun(src)
}

// stripBlocks is stripBlocks in Strip mode, where the vector loop is used
// and no colour correction waits for text, but for a flood of one
// sequence (seqvector.Flood), whose copies it drops. A call that reads
// less than two blocks (an SGR or a character close after the sequences,
// as in a screen's redraw) costs more than the paths it stands in for,
// so the next stripBackoff calls after one return at once.
func (s *Sanitizer) stripBlocks(dst, src []byte) (w, n int) {
	if !useStripVector || s.col.settle || len(src) < stripBlock {
		return 0, 0
	}
	if s.stripSkip > 0 {
		s.stripSkip--
		return 0, 0
	}
	if unit := seqvector.Flood(src); unit > 0 && dropRun(src[:unit+1]) == unit {
		// A flood of one run of sequences, which dropRun reads whole
		// from its bytes and the ESC after them (which may abort the
		// last): its copies are dropped as it is, found by comparing
		// them, and no further, where the sequences may stand densely
		// again.
		return 0, escape.RepeatEnd(src, 0, unit)
	}
	if w, n = stripBlocks(dst, src); n < 2*stripBlock {
		s.stripSkip = stripBackoff
	}
	return w, n
}

// stripBackoff is the number of calls to Sanitizer.stripBlocks that
// return at once after one that reads less than two blocks. A redraw,
// where every call does, runs as fast with 64 as with 255; 16 cost it
// 4-9%.
const stripBackoff = 64

// escFlood handles the run of ESC bytes, two or more, at the start of
// src: each ESC but the last is a sequence of its own, aborted by the
// next, and dropped; the last starts the next sequence. It writes their
// output to dst (U+241B each in Visualize mode, as far as dst leaves room
// for a colour correction too) and returns its length and the number of
// ESCs read, 0 when the parser must take them one by one.
func (s *Sanitizer) escFlood(dst, src []byte, mode Mode) (nDst, nSrc int) {
	end := escape.FloodOf(src, 0x1b) - 1 // the last ESC of the run
	if mode != Visualize {
		return 0, end
	}
	for nSrc < end && len(dst)-nDst >= maxSettleLen+len(visualEscape) {
		nDst += s.put(dst[nDst:], s.dropped(mode))
		nSrc++
	}
	return nDst, nSrc
}

// lsbs has the low bit of each byte of a word set: c*lsbs is c in every
// byte.
const lsbs = 0x0101010101010101
