package ansi

import (
	"bytes"
	"reflect"
	"slices"
	"testing"
	"unicode/utf8"
)

// tk is a comparable view of one token; S is set for sequence kinds.
type tk struct {
	Kind    Kind
	Text    string // Token.Text for text, invalid and control tokens
	Control byte
	C1UTF8  bool
	S       *sq
}

// sq is a comparable view of Seq with only the stored parameters.
type sq struct {
	Intro         byte
	C1, C1UTF8    bool
	Private       byte
	Inter         string
	TooManyInter  bool
	Params        []Param
	TooManyParams bool
	ExtraParams   int
	Ignored       bool
	Final         byte
	Payload       string
	PayloadLen    int
	Term          Terminator
	Abort         byte
	Len           int
	Span          int
}

func view(tok Token, p *Parser) tk {
	v := tk{Kind: tok.Kind, Text: string(tok.Text), Control: tok.Control, C1UTF8: tok.C1UTF8}
	if tok.Kind.IsSequence() {
		s := p.Seq()
		v.S = &sq{
			Intro: s.Intro, C1: s.C1, C1UTF8: s.C1UTF8, Private: s.Private,
			Inter:         string(s.Intermediates[:s.NumIntermediates]),
			TooManyInter:  s.TooManyIntermediates,
			Params:        append([]Param(nil), s.Params[:s.NumParams]...),
			TooManyParams: s.TooManyParams, ExtraParams: s.ExtraParams,
			Ignored: s.Ignored, Final: s.Final, Payload: string(s.Payload),
			PayloadLen: s.PayloadLen, Term: s.Term, Abort: s.Abort, Len: s.Len, Span: s.Span,
		}
		if s.NumParams > 0 {
			v.S.Params = append([]Param(nil), s.Params[:s.NumParams]...)
		}
	}
	return v
}

// tokenLen is the number of input bytes a token accounts for.
func tokenLen(tok Token, p *Parser) int {
	if tok.Kind.IsSequence() {
		return p.Seq().Len
	}
	return len(tok.Text)
}

// run tokenizes in, cut into chunks by next (which returns the size of the
// next chunk given how many bytes are left), carrying unconsumed bytes over
// as a transform.Transformer caller would. It checks the invariants that
// hold for every input and returns the tokens, adjacent text runs merged.
func run(t testing.TB, p *Parser, in []byte, next func(left int) int) []tk {
	t.Helper()
	var out []tk
	var text []byte // the text run being merged
	total := 0
	emit := func(tok Token) {
		checkToken(t, tok, p, in)
		total += tokenLen(tok, p)
		if tok.Kind == KindText {
			text = append(text, tok.Text...)
			return
		}
		if len(text) > 0 {
			out = append(out, tk{Kind: KindText, Text: string(text)})
			text = text[:0]
		}
		out = append(out, view(tok, p))
	}
	var carry []byte
	rest := in
	for {
		k := min(max(next(len(rest)), 1), len(rest))
		src := append(carry, rest[:k]...)
		rest = rest[k:]
		atEOF := len(rest) == 0
		for len(src) > 0 {
			tok, n := p.Next(src, atEOF)
			if n < 0 || n > len(src) {
				t.Fatalf("Next consumed %d of %d bytes", n, len(src))
			}
			if n == 0 {
				if atEOF || tok.Kind != KindNone {
					t.Fatalf("Next(%+q, %v) = %v, 0", src, atEOF, tok.Kind)
				}
				if lone := len(src) == 1 && src[0] == 0x1b; !lone && utf8.FullRune(src) {
					t.Fatalf("Next(%+q) held back %d bytes", src, len(src))
				}
				break
			}
			if tok.Kind != KindNone {
				emit(tok)
			}
			src = src[n:]
		}
		carry = append([]byte(nil), src...)
		if atEOF {
			break
		}
	}
	if tok, ok := p.Flush(); ok {
		if p.Seq().Term != TermEOF {
			t.Fatalf("Flush returned Term %v", p.Seq().Term)
		}
		emit(tok)
	} else if tok.Kind != KindNone {
		t.Fatalf("Flush returned %v with false", tok.Kind)
	}
	if len(text) > 0 {
		out = append(out, tk{Kind: KindText, Text: string(text)})
	}
	if p.InSequence() || p.State() != Ground {
		t.Fatalf("after Flush: state %v", p.State())
	}
	if total != len(in) {
		t.Fatalf("tokens account for %d bytes of %d in %+q", total, len(in), in)
	}
	return out
}

func oneShot(left int) int { return left }
func byteWise(int) int     { return 1 }

// checkToken checks the properties of one token that hold for any input.
func checkToken(t testing.TB, tok Token, p *Parser, in []byte) {
	t.Helper()
	switch tok.Kind {
	case KindText:
		if len(tok.Text) == 0 || !utf8.Valid(tok.Text) {
			t.Fatalf("text %+q is empty or not UTF-8", tok.Text)
		}
		for _, r := range string(tok.Text) {
			if r < 0x20 || r >= 0x7F && r <= 0x9F {
				t.Fatalf("text %+q holds control %U", tok.Text, r)
			}
		}
	case KindInvalid:
		if len(tok.Text) != 1 {
			t.Fatalf("invalid token of %d bytes", len(tok.Text))
		}
	case KindControl:
		want := []byte{tok.Control}
		if tok.C1UTF8 {
			want = utf8.AppendRune(nil, rune(tok.Control))
		}
		if !bytes.Equal(tok.Text, want) {
			t.Fatalf("control %#x (C1UTF8 %v) has Text %+q", tok.Control, tok.C1UTF8, tok.Text)
		}
		if c := tok.Control; c >= 0x20 && c < 0x7F || c > 0x9F || c == 0x1B {
			t.Fatalf("control token %#x", c)
		}
	case KindNone:
		t.Fatal("KindNone emitted")
	default:
		if !tok.Kind.IsSequence() {
			t.Fatalf("unknown kind %v", tok.Kind)
		}
		s := p.Seq()
		if s.Len <= 0 {
			t.Fatalf("%v with Len %d", tok.Kind, s.Len)
		}
		if s.NumParams > MaxParams || s.NumIntermediates > MaxIntermediates {
			t.Fatalf("%d params, %d intermediates", s.NumParams, s.NumIntermediates)
		}
		if s.TooManyParams != (s.ExtraParams > 0) {
			t.Fatalf("TooManyParams %v, ExtraParams %d", s.TooManyParams, s.ExtraParams)
		}
		if len(s.Payload) > p.PayloadCap() || len(s.Payload) != min(s.PayloadLen, p.PayloadCap()) {
			t.Fatalf("payload %d bytes of %d, cap %d", len(s.Payload), s.PayloadLen, p.PayloadCap())
		}
		if s.PayloadLen >= s.Len {
			t.Fatalf("payload %d bytes, sequence %d", s.PayloadLen, s.Len)
		}
		if len(s.Payload) > 0 && len(in) <= 4096 && !bytes.Contains(in, s.Payload) {
			t.Fatalf("payload %+q is not from the input", s.Payload)
		}
		if s.Span < s.Len {
			t.Fatalf("Span %d < Len %d", s.Span, s.Len)
		}
		if s.Term == TermNone || (s.Term == TermAborted) != (s.Abort != 0) {
			t.Fatalf("Term %v, Abort %#x", s.Term, s.Abort)
		}
		if got := kindOf(s.Intro); got != tok.Kind {
			t.Fatalf("token %v, Intro %q", tok.Kind, s.Intro)
		}
	}
}

// equal is a fast exact comparison of token lists; cmp.Diff explains a
// mismatch.
func equal(a, b []tk) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if x.Kind != y.Kind || x.Text != y.Text || x.Control != y.Control || x.C1UTF8 != y.C1UTF8 || (x.S == nil) != (y.S == nil) {
			return false
		}
		if x.S != nil {
			xs, ys := *x.S, *y.S
			if !slices.Equal(xs.Params, ys.Params) {
				return false
			}
			xs.Params, ys.Params = nil, nil
			if !reflect.DeepEqual(xs, ys) {
				return false
			}
		}
	}
	return true
}

// PayloadCap returns the number of payload bytes the parser stores per
// control string.
func (p *Parser) PayloadCap() int { return len(p.buf()) }
