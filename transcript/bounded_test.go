package transcript

import (
	"strings"
	"testing"

	"golang.org/x/text/transform"
)

// TestTransformHoldsLittle checks that a Cleaner behind a small dst keeps
// little output of its own, even when one text token spans megabytes.
func TestTransformHoldsLittle(t *testing.T) {
	for _, in := range []string{
		strings.Repeat("a", 4<<20),
		strings.Repeat("\u00e9", 2<<20),
		"a" + strings.Repeat("\u0301", 2<<20),
	} {
		c := NewCleaner(Options{Limits: Limits{MaxOutput: -1}})
		dst := make([]byte, 4096)
		src := []byte(in)
		var n int
		for {
			nDst, nSrc, err := c.Transform(dst, src, true)
			n += nDst
			src = src[nSrc:]
			if held := cap(c.out); held > 256<<10 {
				t.Fatalf("%.20q...: the Cleaner holds %d bytes of output", in, held)
			}
			if err != transform.ErrShortDst {
				if err != nil {
					t.Fatal(err)
				}
				break
			}
		}
		if n != len(in) {
			t.Errorf("%.20q...: wrote %d bytes, want %d", in, n, len(in))
		}
	}
}
