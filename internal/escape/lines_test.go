package escape

import (
	"bytes"
	"fmt"
	"os"
	"runtime"
	"testing"
)

// linesPaths returns the paths CleanLinesPrefix and CopyLessCRs can take
// here: the scanners always, the vector loops where the processor has
// them. Under CI=true on amd64 a missing vector loop is logged, as the
// other loops that need AVX-512 log it, so that a run on a processor
// without it says what it did not try.
func linesPaths(tb testing.TB) []bool {
	if useLinesVector {
		return []bool{false, true}
	}
	if os.Getenv("CI") == "true" && runtime.GOARCH == "amd64" && linesVectorBuilt {
		tb.Log("no AVX-512 VBMI2 on this amd64 machine: the vector loops over lines ended by CR LF are untried")
	}
	return []bool{false}
}

// setLinesVector turns the lines' vector loops on or off and returns what
// restores them.
func setLinesVector(on bool) (restore func()) {
	was := useLinesVector
	useLinesVector = on
	return func() { useLinesVector = was }
}

// refCleanLinesPrefix is CleanLinesPrefix a byte at a time.
func refCleanLinesPrefix(b []byte, keepTab bool) (n, crs int) {
	for n < len(b) {
		switch {
		case IsPlain(b[n], keepTab):
			n++
		case b[n] == '\r' && n+1 < len(b) && b[n+1] == '\n':
			n += 2
			crs++
		default:
			return n, crs
		}
	}
	return n, crs
}

// TestCleanLinesPrefix puts every byte value at every position of lines
// ended by CR LF, near the edges of the vector loop's blocks of 64 and of
// the byte it reads after each, and holds CleanLinesPrefix on every path to the
// byte-at-a-time reference, and CopyLessCRs and CopyCleanLines to it too.
func TestCleanLinesPrefix(t *testing.T) {
	for _, vector := range linesPaths(t) {
		t.Run(fmt.Sprintf("vector=%v", vector), func(t *testing.T) {
			defer setLinesVector(vector)()
			for _, line := range []string{"a line of text\r\n", "\r\n", "x\r\n\n\t", "no line end at all here "} {
				for _, size := range []int{0, 1, 2, 63, 64, 65, 66, 129, 130, 200} {
					base := bytes.Repeat([]byte(line), size/len(line)+1)[:size]
					checkLines(t, base)
					for at := range size {
						if !nearBlockEdge(at, size) {
							continue
						}
						for v := range 256 {
							buf := bytes.Clone(base)
							buf[at] = byte(v)
							checkLines(t, buf)
						}
					}
				}
			}
		})
	}
}

// nearBlockEdge reports whether a byte at index at of size bytes is
// within three bytes of the edge of a block of 64 or of the end: where the
// vector loops read the byte after a block, or leave the rest to the
// scanners. Every byte of a short buffer is.
func nearBlockEdge(at, size int) bool {
	if size <= 66 || size-at <= 3 {
		return true
	}
	off := at % 64
	return off <= 2 || off >= 61
}

// checkLines holds CleanLinesPrefix, CopyLessCRs and CopyCleanLines to
// the references on src, with and without tabs, into dsts of several
// sizes.
func checkLines(t *testing.T, src []byte) {
	t.Helper()
	for _, keepTab := range []bool{false, true} {
		wantN, wantCRs := refCleanLinesPrefix(src, keepTab)
		if n, crs := CleanLinesPrefix(src, keepTab); n != wantN || crs != wantCRs {
			t.Fatalf("CleanLinesPrefix(%+q, %v) = %d, %d; want %d, %d", src, keepTab, n, crs, wantN, wantCRs)
		}
		for _, room := range []int{len(src), len(src) - 1, len(src) / 2, 65} {
			checkCopyCleanLines(t, src, keepTab, max(room, 0))
		}
	}
	checkCopyLessCRs(t, src)
}

// guard fills the bytes of a dst past its length: no function may write
// there.
const guard = 0xAA

// checkCopyLessCRs holds CopyLessCRs to bytes.ReplaceAll on src, into a
// dst of exactly the room it needs.
func checkCopyLessCRs(t *testing.T, src []byte) {
	t.Helper()
	want := bytes.ReplaceAll(src, []byte{'\r'}, nil)
	buf := bytes.Repeat([]byte{guard}, len(want)+80)
	n := CopyLessCRs(buf[:len(want)], src)
	if n != len(want) || !bytes.Equal(buf[:n], want) {
		t.Fatalf("CopyLessCRs(%+q) = %d, %+q; want %+q", src, n, buf[:n], want)
	}
	for k, c := range buf[len(want):] {
		if c != guard {
			t.Fatalf("CopyLessCRs(%+q) wrote past dst at %d", src, len(want)+k)
		}
	}
}

// checkCopyCleanLines holds CopyCleanLines, into a dst of room bytes, to
// the reference: what it reads is within the clean prefix, what it writes
// is that less its CRs, nothing lands past dst, and it stops short of the
// prefix only where dst is full, or has room for one byte and a CR LF is
// next.
func checkCopyCleanLines(t *testing.T, src []byte, keepTab bool, room int) {
	t.Helper()
	prefix, _ := refCleanLinesPrefix(src, keepTab)
	buf := bytes.Repeat([]byte{guard}, room+80)
	nDst, nSrc := CopyCleanLines(buf[:room], src, keepTab)
	want := bytes.ReplaceAll(src[:min(nSrc, len(src))], []byte{'\r'}, nil)
	if nSrc > prefix || !bytes.Equal(buf[:nDst], want) {
		t.Fatalf("CopyCleanLines(%+q, %v) into %d = %d, %d: %+q; want at most %d read and %+q",
			src, keepTab, room, nDst, nSrc, buf[:nDst], prefix, want)
	}
	if full := room - nDst; nSrc < prefix && full != 0 && (full != 1 || src[nSrc] != '\r') {
		t.Fatalf("CopyCleanLines(%+q, %v) into %d = %d, %d; stopped short of %d with room for %d",
			src, keepTab, room, nDst, nSrc, prefix, full)
	}
	for k, c := range buf[room:] {
		if c != guard {
			t.Fatalf("CopyCleanLines(%+q, %v) into %d wrote past dst at %d", src, keepTab, room, room+k)
		}
	}
}

// FuzzCleanLines holds CleanLinesPrefix, CopyLessCRs and CopyCleanLines
// to the references on any input, read as it is and between lines ended
// by CR LF long enough for the vector loops.
func FuzzCleanLines(f *testing.F) {
	f.Add([]byte("dir C:\\\r\nok\r\n\r\n\tdone\r"))
	f.Add([]byte("a\rb\r\r\nc\n\x1b[m\r\n"))
	f.Add([]byte("\r\n\r\n\r\n\x00\r\n"))
	paths := linesPaths(f)
	long := bytes.Repeat([]byte("C:\\Users> dir /b\r\n"), 8)
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, vector := range paths {
			func() {
				defer setLinesVector(vector)()
				for _, in := range [][]byte{data, append(append(bytes.Clone(long), data...), long...)} {
					checkLines(t, in)
				}
			}()
		}
	})
}
