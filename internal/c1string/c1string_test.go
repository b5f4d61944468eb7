package c1string

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight-dev/plainsight/ansi"
)

// reading is what End and Header say of a string, or what the parser
// says End and Header should.
type reading struct {
	Header     int
	Kind       ansi.Kind
	PayloadLen int
	End        int
	Terminated bool
}

// fromParser reads src with ansi's parser from Ground, with more input to
// come, and returns what Header and End (DCSEnd for a DCS) should say of
// it: the zero reading unless src starts with an OSC, SOS, PM, APC or DCS
// string that a C1 introducer opens and the parser returns its token in
// src. The end of a string that an ESC or a C1 introducer aborts is
// before that byte, which the parser reads with the string as the start
// of the next sequence. DCSEnd reads no payload: a DCS's is left 0.
func fromParser(src []byte) reading {
	p := ansi.NewParser(0)
	for pos := 0; pos < len(src); {
		tok, n := p.Next(src[pos:], false)
		if n == 0 {
			break
		}
		pos += n
		if tok.Kind != ansi.KindNone && !tok.Kind.IsSequence() {
			return reading{} // src does not start with a sequence
		}
		if tok.Kind == ansi.KindNone {
			continue
		}
		seq := p.Seq()
		r := reading{Kind: tok.Kind, PayloadLen: seq.PayloadLen, End: pos,
			Terminated: seq.Term == ansi.TermST || seq.Term == ansi.TermST8 || seq.Term == ansi.TermBEL}
		if seq.C1UTF8 {
			r.Header = 2
		} else if seq.C1 {
			r.Header = 1
		}
		if seq.Term == ansi.TermAborted && (seq.Abort == 0x1B || Introducer(seq.Abort)) {
			r.End--
			if seq.Abort != 0x1B && src[r.End-1] == 0xC2 {
				r.End-- // in UTF-8
			}
		}
		if !seq.C1 || tok.Kind == ansi.KindCSI {
			return reading{}
		}
		if tok.Kind == ansi.KindDCS {
			r.PayloadLen = 0
		}
		return r
	}
	return reading{}
}

// fromEnd is what Header, IsString and End, or DCSEnd, say of src.
func fromEnd(src []byte) reading {
	n, intro := Header(src)
	if intro == 0x90 {
		_, end, terminated := DCSEnd(src, n)
		if end == 0 {
			return reading{}
		}
		return reading{Header: n, Kind: ansi.KindDCS, End: end, Terminated: terminated}
	}
	if !IsString(intro) {
		return reading{}
	}
	payloadEnd, end, terminated := End(src, n, intro == 0x9D)
	if end == 0 {
		return reading{}
	}
	kind := map[byte]ansi.Kind{0x98: ansi.KindSOS, 0x9D: ansi.KindOSC, 0x9E: ansi.KindPM, 0x9F: ansi.KindAPC}[intro]
	return reading{Header: n, Kind: kind, PayloadLen: payloadEnd - n, End: end, Terminated: terminated}
}

// stringTails end a character that the pair of bytes before them begins,
// end a string in each way, or leave it open.
var stringTails = []string{"", "\x9c", "q\a", "\x80\x80\x80\x1b\\", "\xbf\x9d", "\x18", "\xc2"}

// agreeOnPairs compares fromEnd with the parser on prefix, then every pair
// of bytes, then each of stringTails.
func agreeOnPairs(t *testing.T, prefix string) {
	t.Helper()
	for pair := range 1 << 16 {
		for _, tail := range stringTails {
			src := []byte(prefix + string([]byte{byte(pair >> 8), byte(pair)}) + tail)
			if want, got := fromParser(src), fromEnd(src); want != got {
				t.Fatalf("%+q (-parser +End):\n%s", src, cmp.Diff(want, got))
			}
		}
	}
}

// TestEndAgreesWithParser compares End and DCSEnd with the parser on every
// string introducer, raw and in UTF-8, before every pair of bytes: each
// lead with each byte after it, each C0 and C1 control, ESC before each
// byte. In a DCS, "p" ends the header: the pair is its data. A CSI, which
// neither reads, reads as no string.
func TestEndAgreesWithParser(t *testing.T) {
	intros := []string{"\x98", "\x9d", "\x9e", "\x9f", "\xc2\x98", "\xc2\x9d", "\x9b", "\x90", "\xc2\x90"}
	for _, intro := range intros {
		agreeOnPairs(t, intro+"p")
	}
}

// TestDCSEndAgreesWithParser compares DCSEnd with the parser on every pair
// of bytes in a DCS's header: first, after parameters, after a private
// marker, after an intermediate, after a parameter and an intermediate,
// and after a C0 control the header ignores.
func TestDCSEndAgreesWithParser(t *testing.T) {
	for _, prefix := range []string{"\x90", "\xc2\x90", "\x901;", "\x90?", "\x90 ", "\x901 ", "\x90\x05"} {
		agreeOnPairs(t, prefix)
	}
}

// TestDCSDataEnd holds DCSEnd's dataEnd to the byte that ends the DCS,
// on every pair of bytes in its header and in its data: the bytes before
// it leave the DCS open, another byte in its place does not end it there,
// and the token ends at it or one or two bytes on, with the same end
// whatever comes after the two bytes from it.
func TestDCSDataEnd(t *testing.T) {
	for _, prefix := range []string{"\x90", "\x901;", "\x90 ", "\x90p", "\x90p\xe2\x82"} {
		for pair := range 1 << 16 {
			for _, tail := range stringTails {
				src := []byte(prefix + string([]byte{byte(pair >> 8), byte(pair)}) + tail)
				dataEnd, end, _ := DCSEnd(src, 1)
				if end == 0 {
					continue
				}
				if _, e, _ := DCSEnd(src[:dataEnd], 1); e != 0 || end < dataEnd || end > dataEnd+2 {
					t.Fatalf("DCSEnd(%+q) = %d, %d: the DCS ends before its data ends, or not at it", src, dataEnd, end)
				}
				other := bytes.Clone(src)
				other[dataEnd] = 0x01 // ignored in a header, data after it
				if d, e, _ := DCSEnd(other, 1); d == dataEnd && e == end {
					t.Fatalf("DCSEnd(%+q) = %d, %d: the byte at its data's end does not end it", src, dataEnd, end)
				}
				decided := src[:min(len(src), dataEnd+2)]
				if _, e, _ := DCSEnd(append(decided[:len(decided):len(decided)], "\x9c\x1b"...), 1); e != end {
					t.Fatalf("DCSEnd(%+q) ends at %d, and at %d with other bytes after %d", src, end, e, len(decided))
				}
			}
		}
	}
}

// TestHeader compares Header with the parser on every pair of bytes
// before CAN, which aborts any sequence and which no character absorbs:
// Header finds an introducer exactly where the parser's first token (past
// the C0 controls a CSI's header executes) is a sequence that C1 opens,
// of the same length and kind.
func TestHeader(t *testing.T) {
	for pair := range 1 << 16 {
		src := []byte{byte(pair >> 8), byte(pair), 0x18}
		var wantN int
		var wantIntro byte
		p := ansi.NewParser(0)
		for pos := 0; pos < len(src); {
			tok, n := p.Next(src[pos:], false)
			if tok.Kind == ansi.KindControl && p.InSequence() {
				pos += n // a C0 control that a CSI's header executes
				continue
			}
			if n == 0 || tok.Kind != ansi.KindNone {
				if seq := p.Seq(); tok.Kind.IsSequence() && seq.C1 {
					wantN, wantIntro = 1, seq.Intro+0x40
					if seq.C1UTF8 {
						wantN = 2
					}
				}
				break
			}
			pos += n
		}
		if n, intro := Header(src); n != wantN || intro != wantIntro {
			t.Fatalf("%+q: Header %d, %#x; parser %d, %#x", src, n, intro, wantN, wantIntro)
		}
	}
	for _, src := range []string{"", "\xc2"} {
		if n, intro := Header([]byte(src)); n != 0 || intro != 0 {
			t.Errorf("Header(%+q) = %d, %#x; want 0, 0", src, n, intro)
		}
	}
}

// TestIntroducer compares Introducer with the parser: a C1 control opens
// a sequence when the parser, in Ground, returns no token for it alone.
func TestIntroducer(t *testing.T) {
	for c := 0x80; c <= 0x9F; c++ {
		p := ansi.NewParser(0)
		tok, _ := p.Next([]byte{byte(c)}, false)
		if want := tok.Kind == ansi.KindNone; Introducer(byte(c)) != want {
			t.Errorf("Introducer(%#x) = %v, parser %v", c, !want, want)
		}
	}
}

// FuzzEnd compares Header and End, or DCSEnd, with the parser on any
// input that starts with a string introducer.
func FuzzEnd(f *testing.F) {
	for _, s := range []string{
		"\x9d0;title\a", "\x9d0;t\x1b\\", "\x98\xe2\x82\x9c\x9c", "\x9f\xf0\x9f\x98\x80\x9d", "\xc2\x9ex\xc2\x9c",
		"\x9e\xc2", "\x9e\x1b", "\x9ea\xc2\xa0\xc2\x85", "\x9d\x07\x18", "\x98\xe0\x80\x9b",
		"\x901;2|data\x1b\\", "\x90 \x1b\\", "\xc2\x90?1\xe2\x82\xac\x9c", "\x90\x05\x9c",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if diff := cmp.Diff(fromParser(src), fromEnd(src)); diff != "" {
			t.Fatalf("%+q (-parser +End):\n%s", src, diff)
		}
	})
}
