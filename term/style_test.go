package term

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/text/transform"
)

// TestCloseStyle checks that the end of a stream closes the style the
// kept SGRs leave in effect, and only then, through Finish, Transform at
// EOF and the Writer's Close.
func TestCloseStyle(t *testing.T) {
	tests := []struct {
		in    string
		close bool
	}{
		{"plain text", false},
		{"\x1b[31mred", true},
		{"\x1b[31mred\x1b[0m", false},
		{"\x1b[31mred\x1b[m", false},
		{"\x1b[31mred\x1b[39m", false},
		{"\x1b[1;31mbold red\x1b[39m", true},
		{"\x1b[1;31mbold red\x1b[22;39m", false},
		{"\x1b[2mfaint\x1b[22m", false},
		{"\x1b[1;0m", false},
		{"\x1b[0;1m", true},
		{"\x1b[4:3mcurly\x1b[4:0m", false},
		{"\x1b[4:3mcurly\x1b[24m", false},
		{"\x1b[4:3mcurly", true},
		{"\x1b[38;5;0mblack", true},
		{"\x1b[38;2;0;0;0mblack", true},
		{"\x1b[38;5;0mblack\x1b[39m", false},
		{"\x1b[48;2;1;2;3mbg\x1b[49m", false},
		{"\x1b[58:5:196m\x1b[59m", false},
		{"\x1b[58:5:196m", true},
		{"\x1b[7mreverse\x1b[27m", false},
		{"\x1b[9mstrike\x1b[29m", false},
		{"\x1b[53moverline\x1b[55m", false},
		{"\x1b[12mfont\x1b[10m", false},
		{"\x1b[28m", false},
		{"\x1b[66m", true}, // unknown: only a reset closes it
		{"\x1b[66m\x1b[39;49;22m", true},
		{"\x1b[30;40mhidden", true}, // corrected to 39;49, but black on black asked
		{"\x1b[30;40mhidden\x1b[39;49m", false},
		{"\x1b[31m\x1b]0;open title", true},      // an open sequence is dropped, the colour closed
		{"\x1b[31m\x1b[2Jx", true},               // a dropped CSI changes nothing
		{"\x1b[31m\x1b[8mconceal", true},         // a dropped SGR changes nothing
		{"\x1b[31m\x1b[8mconceal\x1b[0m", false}, //
	}
	for _, tc := range tests {
		for _, mode := range []Mode{Strip, Visualize} {
			opts := Options{Mode: mode}
			s := New(opts)
			body := s.Push(tc.in)
			end := s.Finish()
			if strings.HasSuffix(end, sgrReset) != tc.close || strings.Count(body+end, sgrReset) > strings.Count(tc.in, sgrReset)+1 {
				t.Errorf("%s: Push(%+q) then Finish() = %+q, want a reset at the end: %v", mode, tc.in, end, tc.close)
			}
			whole := body + end
			// Transform at EOF, with a dst of every size.
			for size := 1; size <= 16; size++ {
				got, err := transformSmall(New(opts), tc.in, size)
				if err != nil || got != whole {
					t.Errorf("%s: Transform(%+q) with dst of %d = %+q, %v; want %+q", mode, tc.in, size, got, err, whole)
				}
			}
			// The Writer's Close.
			var b strings.Builder
			w := NewWriter(&b, opts)
			for i := range len(tc.in) {
				w.Write([]byte(tc.in[i : i+1]))
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(whole, b.String()); diff != "" {
				t.Errorf("%s: Writer(%+q) mismatch (-want +got):\n%s", mode, tc.in, diff)
			}
			// A second pass leaves the closed output as it is.
			if again := sanitizeChunks(opts, whole); mode == Strip && again != whole {
				t.Errorf("second pass changed %+q to %+q", whole, again)
			}
		}
		// Plain keeps no style, and Off passes everything unchanged.
		for _, opts := range []Options{{Plain: true}, {Mode: Off}} {
			s := New(opts)
			s.Push(tc.in)
			if end := s.Finish(); end != "" {
				t.Errorf("%+v: Finish() after %+q = %+q, want nothing", opts, tc.in, end)
			}
		}
	}
}

// transformSmall runs t over in with a dst of size bytes at a time.
func transformSmall(t transform.Transformer, in string, size int) (string, error) {
	var out []byte
	dst := make([]byte, size)
	src := []byte(in)
	for {
		nDst, nSrc, err := t.Transform(dst, src, true)
		out = append(out, dst[:nDst]...)
		src = src[nSrc:]
		switch err {
		case nil:
			return string(out), nil
		case transform.ErrShortDst:
			continue
		default:
			return string(out), err
		}
	}
}
