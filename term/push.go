package term

import (
	"strings"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/text/transform"
)

// Push filters the next chunk of the stream and returns the output it
// allows so far. Incomplete input at the end of chunk (part of a UTF-8
// character, or a lone ESC) waits for the next Push or for Finish; an open
// sequence is remembered and dropped as a whole.
//
// Push allocates only the string it returns: nothing when that is empty
// or is chunk itself or a prefix of it, as it is when the output is
// chunk's own bytes (text, and the colours kept as they are: a colour
// log). The first time its output outgrows 512 bytes, s also allocates
// the 8 KiB buffer that it keeps from then on, where Push gathers its
// output before copying it to the string, or compares it with chunk.
func (s *Sanitizer) Push(chunk string) string {
	return s.run(chunk, false)
}

// Finish ends the stream: it settles held-back input and any sequence still
// open (dropped; U+241B in Visualize mode), closes a style left in effect
// (ESC [ 0 m) and returns the last output.
// Afterwards s is ready for a new stream.
func (s *Sanitizer) Finish() string {
	out := s.run("", true)
	s.Reset()
	return out
}

// stackOutput is how much output run gathers on the stack before it
// moves to the Sanitizer's output buffer, which a Sanitizer whose output
// always fits here never allocates.
const stackOutput = 512

// pushBufSize is the size of the buffer a Sanitizer keeps for the output
// of Push: small enough to stay in the processor's cache, where Transform
// writes it, and large enough that copying it out is a small part of
// filtering it.
const pushBufSize = 8 << 10

// run filters chunk after any held-back input.
func (s *Sanitizer) run(chunk string, atEOF bool) string {
	if out, ok := s.passText(chunk, atEOF); ok {
		return out
	}
	// The output gathers in the Sanitizer's output buffer (on the stack
	// until that exists) and is copied to the string returned; when the
	// buffer fills, the output moves on to big, which becomes the string
	// without a copy.
	var (
		stack [stackOutput]byte
		o     pushOutput
		rest  []byte
	)
	out := stack[:0]
	if s.pushBuf != nil {
		out = s.pushBuf[:0]
	}
	// chunk is only read: Transform never writes to its src.
	src := unsafe.Slice(unsafe.StringData(chunk), len(chunk))
	if s.tailLen > 0 {
		// Held-back input first, with enough of chunk to settle it.
		var head [2 * utf8.UTFMax]byte
		n := copy(head[:], s.tail[:s.tailLen])
		m := copy(head[n:], src)
		s.tailLen = 0
		out, rest = s.transformInto(out, &o, head[:n+m], atEOF && m == len(src))
		switch {
		case len(rest) <= m:
			src = src[m-len(rest):] // the parser reads those bytes again
		case m == len(src):
			s.tailLen = uint8(copy(s.tail[:], rest)) // still not enough
			return o.result(out)
		default:
			// Unreachable: held-back input needs at most 3 more bytes.
			src = append(append([]byte(nil), rest...), src[m:]...)
		}
	} else {
		// The output may be chunk's own bytes, as far as it goes:
		// it is compared with chunk then, not gathered, and what
		// Push returns is that part of chunk.
		o.chunk, o.pass = src, true
	}
	out, rest = s.transformInto(out, &o, src, atEOF)
	s.tailLen = uint8(copy(s.tail[:], rest))
	if o.pass {
		return chunk[:o.passed]
	}
	return o.result(out)
}

// A pushOutput is the output of one call of Push, with the bytes
// transformInto gathers in its buffer after big's, or, while pass holds,
// chunk[:passed].
type pushOutput struct {
	big strings.Builder
	// chunk is the chunk Push filters, when the output may be its own
	// bytes (nothing was held back before it); pass holds while the
	// output is chunk[:passed].
	chunk  []byte
	pass   bool
	passed int
}

// result returns the output gathered in big and then out. It allocates
// once, for output that is not empty: the string, or big's buffer,
// which becomes the string.
func (o *pushOutput) result(out []byte) string {
	if o.big.Len() == 0 {
		return string(out)
	}
	o.big.Write(out)
	return o.big.String()
}

// transformInto runs Transform over src, appending to out, until src is
// consumed or Transform holds back its end, which it returns as rest.
// When out is full it moves to the Sanitizer's output buffer, and when
// that is, its contents move on to o.big, grown once for all the output
// still to come at the ratio seen so far: the runtime does not clear a
// builder's memory before it is written, as it clears a new slice's.
// While the output is chunk's own bytes, each piece Transform writes is
// compared with chunk and not kept; at the first that is not, the output
// so far, chunk[:passed], goes to o.big.
func (s *Sanitizer) transformInto(out []byte, o *pushOutput, src []byte, atEOF bool) (_, rest []byte) {
	read, written := 0, 0 // so far, for the ratio of output to input
	for {
		nDst, nSrc, err := s.Transform(out[len(out):cap(out)], src, atEOF)
		src = src[nSrc:]
		read, written = read+nSrc, written+nDst
		if o.pass {
			// out is empty: the output so far is chunk[:passed].
			if end := o.passed + nDst; end <= len(o.chunk) && string(out[:nDst]) == string(o.chunk[o.passed:end]) {
				o.passed = end
				nDst = 0
			} else {
				o.pass = false
				if o.passed > 0 {
					growOutput(&o.big, o.passed+nDst, src, read, written)
					o.big.Write(o.chunk[:o.passed])
				}
			}
		}
		out = out[:len(out)+nDst]
		switch err {
		case transform.ErrShortDst:
			if cap(out) < pushBufSize {
				if s.pushBuf == nil {
					s.pushBuf = make([]byte, pushBufSize)
				}
				out = append(s.pushBuf[:0], out...)
				continue
			}
			if o.pass {
				continue
			}
			if o.big.Cap() == 0 {
				growOutput(&o.big, len(out), src, read, written)
			}
			o.big.Write(out)
			out = out[:0]
			continue
		case transform.ErrShortSrc:
			return out, src
		}
		return out, nil
	}
}

// growOutput grows big for have bytes of output and the output of the
// input left, src, at the ratio seen so far, written bytes of output for
// read of input (U+FFFD and U+241B take three bytes for one, a dropped
// sequence none), and an eighth more: the string keeps what it is grown
// to. Output that comes faster than that grows it again, by doubling.
func growOutput(big *strings.Builder, have int, src []byte, read, written int) {
	more := len(src)
	if read > 0 {
		more = len(src)/read*written + len(src)%read*written/read
	}
	more += more / 8
	big.Grow(have + more + maxSGRLen)
}

// passText returns the output of chunk, and true, when it needs no
// filtering: in Off mode, or when nothing is open or pending and chunk
// holds only text (printable ASCII, LF, tab, valid UTF-8 outside C1). The
// output is then chunk itself, or, when a character was held back, that
// character and chunk after its end: no filtering and at most one copy.
// A character that chunk ends in is held back in turn.
func (s *Sanitizer) passText(chunk string, atEOF bool) (string, bool) {
	if s.opts.effectiveMode() == Off {
		return chunk, true
	}
	if s.pendLen > 0 || s.afterInvalid || s.noFastPath || s.col.settle || s.p.InSequence() || atEOF && s.col.style != 0 {
		return "", false
	}
	src := unsafe.Slice(unsafe.StringData(chunk), len(chunk))
	var (
		head [utf8.UTFMax]byte
		h    int // head[:h] completes the character held back
		m    int // of chunk's bytes in it
	)
	if s.tailLen > 0 {
		h = copy(head[:], s.tail[:s.tailLen])
		for h < len(head) && m < len(src) && !utf8.FullRune(head[:h]) {
			head[h] = src[m]
			h++
			m++
		}
		if textRun(head[:h]) != h {
			return "", false // not a character of text, or still cut short
		}
	}
	k := m + textPrefix(src[m:])
	rest := src[k:]
	if len(rest) > 0 && (atEOF || utf8.FullRune(rest)) {
		return "", false // something to filter
	}
	s.tailLen = uint8(copy(s.tail[:], rest))
	if h > 0 {
		return string(head[:h]) + chunk[m:k], true
	}
	return chunk[:k], true
}
