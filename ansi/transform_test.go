package ansi

import (
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"golang.org/x/text/transform"
)

// stripper is a minimal transform.Transformer on a Parser: it keeps text,
// LF and TAB and drops everything else. It checks that Next's hold-back
// rule fits the Transformer contract (ErrShortSrc) under transform.Reader's
// 4096-byte buffers and one-byte reads.
type stripper struct{ p Parser }

func (s *stripper) Reset() { s.p.Reset() }

func (s *stripper) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		tok, n := s.p.Next(src[nSrc:], atEOF)
		if n == 0 {
			return nDst, nSrc, transform.ErrShortSrc
		}
		out := tok.Text
		switch {
		case tok.Kind == KindText:
		case tok.Kind == KindControl && (tok.Control == '\n' || tok.Control == '\t') && !tok.C1UTF8:
		default:
			out = nil
		}
		if len(dst)-nDst < len(out) {
			// A text token leaves the parser in Ground: the same bytes
			// give the same token next time.
			return nDst, nSrc, transform.ErrShortDst
		}
		nDst += copy(dst[nDst:], out)
		nSrc += n
	}
	if atEOF {
		s.p.Flush()
	}
	return nDst, nSrc, nil
}

func TestTransformer(t *testing.T) {
	var all strings.Builder
	for _, tt := range tokenTests {
		all.WriteString(tt.in)
		all.WriteString("|")
	}
	in := strings.Repeat(all.String(), 20) // longer than transform's buffers
	want, _, err := transform.String(new(stripper), in)
	if err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(want, "\x1b\r\x00\u009b") {
		t.Errorf("stripped output holds controls: %+q", want)
	}
	for name, r := range map[string]io.Reader{
		"reader":   transform.NewReader(strings.NewReader(in), new(stripper)),
		"one byte": transform.NewReader(iotest.OneByteReader(strings.NewReader(in)), new(stripper)),
		"half":     transform.NewReader(iotest.HalfReader(strings.NewReader(in)), new(stripper)),
	} {
		got, err := io.ReadAll(r)
		if err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if string(got) != want {
			t.Errorf("%s: output differs from transform.String", name)
		}
	}
	var w strings.Builder
	tw := transform.NewWriter(&w, new(stripper))
	for i := range len(in) {
		if _, err := tw.Write([]byte{in[i]}); err != nil {
			t.Fatalf("Write: %v", err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if w.String() != want {
		t.Errorf("writer: output differs from transform.String")
	}
}
