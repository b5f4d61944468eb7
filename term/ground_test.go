package term

import "testing"

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
