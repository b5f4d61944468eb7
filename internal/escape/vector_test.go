package escape

import (
	"bytes"
	"encoding/binary"
	"os"
	"runtime"
	"slices"
	"testing"
)

// scannerPaths returns the paths the scanners can take here: the word loop
// always, the vector loop where the processor has one. Under CI=true on
// amd64 a missing vector loop fails the test rather than passing it
// untried.
func scannerPaths(tb testing.TB) []bool {
	if useVector {
		return []bool{false, true}
	}
	if os.Getenv("CI") == "true" && runtime.GOARCH == "amd64" && !testing.Short() && vectorBuilt {
		tb.Fatal("no AVX2 on this amd64 machine: the vector loop is untested")
	}
	return []bool{false}
}

// setVector turns the vector loop on or off and returns what restores it.
func setVector(on bool) (restore func()) {
	was := useVector
	useVector = on
	return func() { useVector = was }
}

// TestVectorBlocks holds the vector loop to the byte-at-a-time reference for
// every byte value at every position of runs around its block sizes, for
// each set of added bytes the scanners give it.
func TestVectorBlocks(t *testing.T) {
	modes := []struct {
		name        string
		mask, value byte
		plain       func(byte) bool
	}{
		{"printable", 0, ' ' + 1, func(c byte) bool { return c >= 0x20 && c < 0x7F }},
		{"lines", 0, '\n' + 1, func(c byte) bool { return IsPlain(c, false) }},
		{"lines and tabs", 1, '\n' + 1, func(c byte) bool { return IsPlain(c, true) }},
	}
	for _, m := range modes {
		for _, size := range []int{32, 33, 63, 64, 65, 95, 96, 97, 127, 128, 129, 191, 200} {
			whole := size &^ 31
			for at := range size {
				for v := range 256 {
					buf := bytes.Repeat([]byte{'x'}, size)
					buf[at] = byte(v)
					want := whole
					if !m.plain(byte(v)) && at < whole {
						want = at
					}
					if n := vectorBlocks(buf, m.mask, m.value); n != want {
						t.Fatalf("%s: vectorBlocks(%d bytes, %#x at %d) = %d, want %d",
							m.name, size, v, at, n, want)
					}
				}
			}
		}
	}
}

// TestPadPairBlocks holds the vector loop's search for pairs of pad bytes
// to a byte-at-a-time reference, for every byte value as a pair and
// alone at every position of runs around its block sizes.
func TestPadPairBlocks(t *testing.T) {
	if !slices.Contains(scannerPaths(t), true) {
		t.Skip("no vector loop here")
	}
	pad := func(c byte) bool { return c <= 0x20 }
	ref := func(s []byte) int {
		i := 0
		for ; i+33 <= len(s); i += 32 {
			for k := i; k < i+32; k++ {
				if pad(s[k]) && pad(s[k+1]) {
					return i
				}
			}
		}
		return i
	}
	for _, size := range []int{0, 1, 32, 33, 34, 64, 65, 66, 96, 97, 98, 129, 200} {
		for at := range size {
			for v := range 256 {
				for _, pair := range []bool{false, true} {
					buf := bytes.Repeat([]byte{'x'}, size)
					buf[at] = byte(v)
					if pair && at+1 < size {
						buf[at+1] = ' '
					}
					if got, want := PadPairBlocks(buf), ref(buf); got != want {
						t.Fatalf("PadPairBlocks(%d bytes, %#x at %d, pair %v) = %d, want %d", size, v, at, pair, got, want)
					}
				}
			}
		}
	}
}

// TestInvalidBlocks holds the vector loop's search for runs of bytes that
// no valid UTF-8 holds to a byte-at-a-time reference, for every byte
// value at every position of runs around its block sizes, and to
// InvalidWord on each block it skips.
func TestInvalidBlocks(t *testing.T) {
	if !slices.Contains(scannerPaths(t), true) {
		t.Skip("no vector loop here")
	}
	invalid := func(c byte) bool { return c >= 0xA0 && c <= 0xC1 || c >= 0xF5 }
	ref := func(s []byte) int {
		i := 0
		for ; i+32 <= len(s); i += 32 {
			for _, c := range s[i : i+32] {
				if !invalid(c) {
					return i
				}
			}
		}
		return i
	}
	fill := []byte{0xA0, 0xBF, 0xC0, 0xC1, 0xF5, 0xFF}
	for _, size := range []int{0, 1, 31, 32, 33, 63, 64, 65, 96, 97, 129, 200} {
		for at := range size {
			for v := range 256 {
				buf := make([]byte, size)
				for i := range buf {
					buf[i] = fill[(i+v)%len(fill)]
				}
				buf[at] = byte(v)
				got, want := InvalidBlocks(buf), ref(buf)
				if got != want {
					t.Fatalf("InvalidBlocks(%d bytes, %#x at %d) = %d, want %d", size, v, at, got, want)
				}
				for i := 0; i < got; i += 8 {
					if !InvalidWord(binary.LittleEndian.Uint64(buf[i:])) {
						t.Fatalf("InvalidBlocks(%d bytes, %#x at %d) = %d, past a word InvalidWord refuses at %d", size, v, at, got, i)
					}
				}
			}
		}
	}
}
