package term

import (
	"strings"
	"testing"
)

// TestGroundAgreesWithParser compares ground with the parser on every
// pair of bytes, alone and before a continuation byte, a C1 byte, text or
// the start of a sequence: the pairs cover each lead byte with each byte
// after it, and each C1 control raw and in UTF-8.
func TestGroundAgreesWithParser(t *testing.T) {
	suffixes := []string{"", "\x80", "\x9b", "\xbf", "A\n", "\x1b[1m"}
	for _, opts := range allOptions {
		fast, slow := New(opts), New(opts)
		slow.noFastPath = true
		for pair := range 1 << 16 {
			for _, suffix := range suffixes {
				in := "x" + string([]byte{byte(pair >> 8), byte(pair)}) + suffix
				fast.Reset()
				slow.Reset()
				if got, want := fast.run(in, true), slow.run(in, true); got != want {
					t.Fatalf("%+v: %+q: fast path %+q, parser %+q", opts, in, got, want)
				}
			}
		}
	}
}

// TestGroundInvalidRuns compares ground with the parser on runs of bytes
// that no valid UTF-8 holds, of every length around a word, between text
// and before a lead byte that they might complete.
func TestGroundInvalidRuns(t *testing.T) {
	for _, opts := range allOptions {
		fast, slow := New(opts), New(opts)
		slow.noFastPath = true
		for _, unit := range []string{"\xff", "\xa0", "\xbf", "\xc0\xc1", "\xf5\xfe", "\xa5\xff\xc1"} {
			for n := range 40 {
				run := strings.Repeat(unit, n)
				for _, in := range []string{run, "ab" + run + "cd", "\xe2" + run, run + "\xe2\x82", run + "\x80\x9b1m", "x\xc3" + run} {
					fast.Reset()
					slow.Reset()
					if got, want := fast.run(in, true), slow.run(in, true); got != want {
						t.Fatalf("%+v: %+q: fast path %+q, parser %+q", opts, in, got, want)
					}
				}
			}
		}
	}
}
