package escape

import (
	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// An Escaper writes the escaped form of one text: what to escape, under
// which options and context rules (context.go), and how. The output exists
// only from the first escape on, so clean text comes back as is.
type Escaper struct {
	Options
	Text      string
	ASCIIFlag ASCIISet // the ASCII code points of Options.Flag

	Out    []byte // nil until the first escape
	Copied int    // Text[:Copied] is already in Out

	tagRunStart int  // the current run of tag characters starts here
	tagRunEnd   int  // and ends here
	tagRunLegit bool // and is a well-formed RGI emoji tag sequence
}

// New returns an Escaper of text under opts.
func New(text string, opts Options) Escaper {
	return Escaper{Options: opts, Text: text, ASCIIFlag: opts.FlagSet()}
}

// Result returns the escaped text: Text itself when nothing was escaped.
func (e *Escaper) Result() string {
	if e.Out == nil {
		return e.Text
	}
	return string(append(e.Out, e.Text[e.Copied:]...))
}

// ASCIIClass returns the class of the ASCII byte c that is not plain
// printable text.
func (e *Escaper) ASCIIClass(c byte) Class {
	if e.ASCIIFlag.Has(c) {
		return Flagged
	}
	return ControlClass(rune(c))
}

// Classify returns the escape class of the valid rune r at Text[i:i+size],
// or None when it is shown literally.
func (e *Escaper) Classify(i int, r rune, size int, props ucd.Props) Class {
	if len(e.Flag) > 0 && e.flags(r) {
		return Flagged
	}
	if r <= 0x9F {
		return Control // C1: never allowed
	}
	if plainCategory(r, props) {
		return None // the punctuation and letters of prose, without a call
	}
	cls := ClassOf(r, props)
	if cls == None {
		return None
	}
	if len(e.Allow) > 0 && e.allows(r) {
		return None
	}
	switch cls {
	case ZeroWidth:
		if e.legitJoiner(i, size, r) {
			return None
		}
	case VariationSelector:
		if e.legitSelector(i, r) {
			return None
		}
	case Tag:
		if e.legitTag(i) {
			return None
		}
	}
	return cls
}

// Emit appends the escape of Text[i:i+size] to the output: \X{nn} for an
// invalid byte, the notation of r otherwise. It returns where the escape
// starts in the output.
func (e *Escaper) Emit(i, size int, r rune, cls Class) (start int) {
	if e.Out == nil {
		// Start small: Grow sizes the output from what the text
		// turns out to need, which a guess made here cannot know.
		e.Out = make([]byte, 0, len(e.Text)/16+16)
	}
	if need := i - e.Copied + MaxNotation; cap(e.Out)-len(e.Out) < need {
		e.Grow(i, need)
	}
	e.Out = append(e.Out, e.Text[e.Copied:i]...)
	start = len(e.Out)
	if cls == InvalidUTF8 {
		e.Out = AppendByte(e.Out, e.Text[i])
	} else {
		e.Out = AppendRune(e.Out, r)
	}
	e.Copied = i + size
	return start
}

// EmitCopy copies the text between the last escape and Text[i] to the
// output, and makes room for an escape after it: Emit up to the writing of
// the notation, for a caller that writes escapes of its own into Out (with
// AppendByteNotation), each after making room for it, and sets Copied.
func (e *Escaper) EmitCopy(i int) {
	if e.Out == nil {
		// As in Emit.
		e.Out = make([]byte, 0, len(e.Text)/16+16)
	}
	if need := i - e.Copied + MaxNotation; cap(e.Out)-len(e.Out) < need {
		e.Grow(i, need)
	}
	e.Out = append(e.Out, e.Text[e.Copied:i]...)
	e.Copied = i
}

// Grow makes room for need more bytes of output at Text[i], to the
// capacity GrowCap gives.
func (e *Escaper) Grow(i, need int) {
	n := len(e.Out)
	want := GrowCap(n, need, i, len(e.Text))
	// make and copy, not slices.Grow, whose make of the new room is
	// allocated apart in race builds: the bound on memory holds there too.
	grown := make([]byte, n, want)
	copy(grown, e.Out)
	e.Out = grown
}

// Neutralize returns text with every escaped-set code point and invalid
// byte escaped under the zero Options. Warnings use it for the tokens and
// the payloads they quote: it escapes, and reports nothing.
func Neutralize(text string) string {
	i := CleanPrefix(text, false)
	if i == len(text) {
		return text
	}
	e := Escaper{Text: text}
	for i < len(text) {
		c := text[i]
		if c < 0x80 {
			if !IsPlain(c, false) {
				e.Emit(i, 1, rune(c), e.ASCIIClass(c))
			}
			i++
			continue
		}
		r, size, p := ucd.Decode(text[i:])
		switch {
		case size == 1:
			e.Emit(i, 1, rune(c), InvalidUTF8)
		default:
			if cls := e.Classify(i, r, size, p); cls != None {
				e.Emit(i, size, r, cls)
			}
		}
		i += size
	}
	return e.Result()
}

// GrowCap returns the capacity to grow an output of n bytes to, so that
// it has room for need more, when it stands for the first read bytes of
// an input of total bytes. The output so far says how much the text grows
// when escaped; the capacity is what the whole text would take at that
// rate, and at least a quarter more than now, so that growing stays
// linear. Doubling instead would allocate up to twice the output, which
// is four times the input for a flood of controls.
func GrowCap(n, need, read, total int) int {
	want := n + need + n/4
	if read > 0 {
		want = max(want, int(float64(n+need)/float64(read)*float64(total)*9/8))
	}
	return want
}
