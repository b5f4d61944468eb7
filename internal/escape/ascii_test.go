package escape

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/plainsight-dev/plainsight/internal/racebuild"
)

// The byte-at-a-time forms of the scanners: what the word-at-a-time ones
// must return.
func refCleanPrefix(s string, keepTab bool) int {
	for i := 0; i < len(s); i++ {
		if !IsPlain(s[i], keepTab) {
			return i
		}
	}
	return len(s)
}

func refPrintablePrefix(b []byte) int {
	for i, c := range b {
		if c < 0x20 || c > 0x7E {
			return i
		}
	}
	return len(b)
}

func TestCleanPrefix(t *testing.T) {
	long := strings.Repeat("0123456789abcdef", 4) // 64 bytes
	tests := []struct {
		in          string
		clean, tabs int // CleanPrefix without and with keepTab
		printable   int // PrintablePrefix
	}{
		{"", 0, 0, 0},
		{"a", 1, 1, 1},
		{"hello, world", 12, 12, 12},
		{"line\nnext", 9, 9, 4},
		{"a\tb", 1, 3, 1},
		{"\t", 0, 1, 0},
		{"ok\x1b[31m", 2, 2, 2},
		{"ok\rno", 2, 2, 2},
		{"x\x7f", 1, 1, 1},
		{"x\x00", 1, 1, 1},
		{"x\x1f", 1, 1, 1},
		{" ~", 2, 2, 2},
		{"caf\u00e9", 3, 3, 3},
		{"\x80", 0, 0, 0},
		{"\xff", 0, 0, 0},
		{"\u202e", 0, 0, 0},
		{long, 64, 64, 64},
		{long + "\x1b", 64, 64, 64},
		{long[:31] + "\x9b" + long, 31, 31, 31},
		{long[:32] + "\t" + long, 32, 97, 32},
		{long[:39] + "\n" + long, 104, 104, 39},
		{long[:7] + "\x7f" + long, 7, 7, 7},
		{long[:8] + "\x0b" + long, 8, 8, 8},
	}
	for _, tt := range tests {
		if got := CleanPrefix(tt.in, false); got != tt.clean {
			t.Errorf("CleanPrefix(%+q, false) = %d, want %d", tt.in, got, tt.clean)
		}
		if got := CleanPrefix(tt.in, true); got != tt.tabs {
			t.Errorf("CleanPrefix(%+q, true) = %d, want %d", tt.in, got, tt.tabs)
		}
		if got := CleanPrefixBytes([]byte(tt.in), false); got != tt.clean {
			t.Errorf("CleanPrefixBytes(%+q, false) = %d, want %d", tt.in, got, tt.clean)
		}
		if got := CleanPrefixBytes([]byte(tt.in), true); got != tt.tabs {
			t.Errorf("CleanPrefixBytes(%+q, true) = %d, want %d", tt.in, got, tt.tabs)
		}
		if got := PrintablePrefix([]byte(tt.in)); got != tt.printable {
			t.Errorf("PrintablePrefix(%+q) = %d, want %d", tt.in, got, tt.printable)
		}
	}
}

// TestScannersAgainstByteLoop puts every byte value at every position of
// a 40-byte buffer (past the thirty-two-byte block, a word and a tail),
// behind printable ASCII, before a second byte that ends a run or not,
// and holds each scanner and CleanWord to the byte-at-a-time reference.
// Under the race detector it reads a sample of these cases (racebuild.Keep).
func TestScannersAgainstByteLoop(t *testing.T) {
	for _, vector := range scannerPaths(t) {
		t.Run(fmt.Sprintf("vector=%v", vector), func(t *testing.T) {
			defer setVector(vector)()
			testScannersAgainstByteLoop(t)
		})
	}
}

func testScannersAgainstByteLoop(t *testing.T) {
	const size = 200 // past the 64-byte blocks of long runs, which start after 40 bytes
	k := -1          // the case's number
	for _, filler := range []byte{'a', ' ', '~', '\n', '\t'} {
		for _, after := range []byte{'a', 0x00, '\t', 0x7F, 0x80, 0xFF} {
			for at := range size {
				for v := range 256 {
					if k++; !racebuild.Keep(k) {
						continue
					}
					buf := bytes.Repeat([]byte{filler}, size)
					buf[at] = byte(v)
					if at+1 < size {
						buf[at+1] = after
					}
					s := string(buf)
					for _, keepTab := range []bool{false, true} {
						want := refCleanPrefix(s, keepTab)
						if got := CleanPrefix(s, keepTab); got != want {
							t.Fatalf("CleanPrefix(%+q, %v) = %d, want %d", s, keepTab, got, want)
						}
						if got := CleanPrefixBytes(buf, keepTab); got != want {
							t.Fatalf("CleanPrefixBytes(%+q, %v) = %d, want %d", s, keepTab, got, want)
						}
						checkCopyCleanPrefix(t, buf, keepTab, size)
						checkCopyCleanPrefix(t, buf, keepTab, at+1)
						for w := 0; w+8 <= size; w += 8 {
							word := binary.LittleEndian.Uint64(buf[w:])
							wantWord := refCleanPrefix(s[w:w+8], keepTab) == 8
							if got := CleanWord(word, keepTab); got != wantWord {
								t.Fatalf("CleanWord(%+q, %v) = %v, want %v", s[w:w+8], keepTab, got, wantWord)
							}
						}
					}
					if got, want := PrintablePrefix(buf), refPrintablePrefix(buf); got != want {
						t.Fatalf("PrintablePrefix(%+q) = %d, want %d", s, got, want)
					}
				}
			}
		}
	}
}

// FuzzScanners holds the scanners to the byte-at-a-time reference on any
// input.
func FuzzScanners(f *testing.F) {
	f.Add([]byte("hello, world\n\tand more text than one word\x7f"))
	f.Add([]byte("0123456789abcdef\x1f\x20\x7e\x7f\x80\xff\n\t\x0b\x08"))
	f.Add([]byte("\x00\x00\x00\x00\x00\x00\x00\x00 ok"))
	paths := scannerPaths(f)
	// Long runs reach the vector loop: data is read as it is and inside
	// a run of printable ASCII long enough for it, which every scanner
	// takes.
	long := strings.Repeat("0123456789 abcdef ", 8)
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, in := range [][]byte{data, []byte(long + string(data) + long)} {
			checkScanners(t, paths, in)
		}
	})
}

// checkScanners holds every scanner, on each path, to the byte-at-a-time
// reference on data.
func checkScanners(t *testing.T, paths []bool, data []byte) {
	t.Helper()
	s := string(data)
	for _, vector := range paths {
		checkScannersOn(t, vector, s, data)
	}
}

// checkScannersOn is checkScanners on one path, which it restores however
// it returns, so that a failure leaves no other test on the wrong path.
func checkScannersOn(t *testing.T, vector bool, s string, data []byte) {
	t.Helper()
	defer setVector(vector)()
	for _, keepTab := range []bool{false, true} {
		want := refCleanPrefix(s, keepTab)
		if got := CleanPrefix(s, keepTab); got != want {
			t.Fatalf("vector=%v: CleanPrefix(%+q, %v) = %d, want %d", vector, s, keepTab, got, want)
		}
		if got := CleanPrefixBytes(data, keepTab); got != want {
			t.Fatalf("vector=%v: CleanPrefixBytes(%+q, %v) = %d, want %d", vector, s, keepTab, got, want)
		}
		for _, room := range []int{len(data), len(data) / 2, len(data) + 9} {
			checkCopyCleanPrefix(t, data, keepTab, room)
		}
	}
	if got, want := PrintablePrefix(data), refPrintablePrefix(data); got != want {
		t.Fatalf("vector=%v: PrintablePrefix(%+q) = %d, want %d", vector, s, got, want)
	}
}

// checkCopyCleanPrefix holds CopyCleanPrefix, into a dst of room bytes,
// to CleanPrefixBytes of the part of src that fits: the prefix copied,
// and nothing written more than eight bytes past it or past dst.
func checkCopyCleanPrefix(t *testing.T, src []byte, keepTab bool, room int) {
	t.Helper()
	const guard = 0xAA // not in any clean prefix
	buf := bytes.Repeat([]byte{guard}, room+16)
	want := CleanPrefixBytes(src[:min(len(src), room)], keepTab)
	got := CopyCleanPrefix(buf[:room], src, keepTab)
	if got != want {
		t.Fatalf("CopyCleanPrefix(dst[%d], %+q, %v) = %d, want %d", room, src, keepTab, got, want)
	}
	if !bytes.Equal(buf[:got], src[:got]) {
		t.Fatalf("CopyCleanPrefix(dst[%d], %+q, %v) copied %+q", room, src, keepTab, buf[:got])
	}
	for i := min(got+8, room); i < len(buf); i++ {
		if buf[i] != guard {
			t.Fatalf("CopyCleanPrefix(dst[%d], %+q, %v) = %d wrote byte %d", room, src, keepTab, got, i)
		}
	}
}

func TestIsPlain(t *testing.T) {
	for c := range 256 {
		b := byte(c)
		want := b >= 0x20 && b <= 0x7E || b == '\n'
		if got := IsPlain(b, false); got != want {
			t.Errorf("IsPlain(%#x, false) = %v, want %v", b, got, want)
		}
		if got := IsPlain(b, true); got != (want || b == '\t') {
			t.Errorf("IsPlain(%#x, true) = %v, want %v", b, got, !got)
		}
	}
}

func TestASCIISet(t *testing.T) {
	var m ASCIISet
	if !m.Empty() {
		t.Error("zero ASCIISet is not empty")
	}
	m.Add('\t')
	m.Add('~')
	for c := range 256 {
		if got, want := m.Has(byte(c)), c == '\t' || c == '~'; got != want {
			t.Errorf("Has(%#x) = %v, want %v", c, got, want)
		}
	}
	if m.Empty() {
		t.Error("ASCIISet with two bytes is empty")
	}
}

// scanInput is clean ASCII that ends in an ESC, so that every scanner
// reads all of it.
var scanInput = strings.Repeat("The quick brown fox jumps over the lazy dog. ", 100) + "\x1b"

// linesInput is clean ASCII with a newline every few words, as in shell
// commands and logs, that ends in an ESC.
var linesInput = strings.Repeat("go test -race ./... && echo done\n", 100) + "\x1b"

func BenchmarkCleanPrefix(b *testing.B) {
	src := []byte(scanInput)
	b.Run("lines", func(b *testing.B) {
		b.SetBytes(int64(len(linesInput)))
		for b.Loop() {
			CleanPrefix(linesInput, false)
		}
	})
	b.Run("lines/byteloop", func(b *testing.B) {
		b.SetBytes(int64(len(linesInput)))
		for b.Loop() {
			refCleanPrefix(linesInput, false)
		}
	})
	b.Run("string", func(b *testing.B) {
		b.SetBytes(int64(len(scanInput)))
		for b.Loop() {
			CleanPrefix(scanInput, false)
		}
	})
	b.Run("string/tab", func(b *testing.B) {
		b.SetBytes(int64(len(scanInput)))
		for b.Loop() {
			CleanPrefix(scanInput, true)
		}
	})
	b.Run("bytes/tab", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			CleanPrefixBytes(src, true)
		}
	})
	b.Run("printable", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			PrintablePrefix(src)
		}
	})
	b.Run("short", func(b *testing.B) {
		// Words of a few letters between other bytes, as in binary
		// output: the cost of a call.
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			for i := 0; i < len(src); i += 6 {
				CleanPrefixBytes(src[i:min(i+6, len(src))], true)
			}
		}
	})
	b.Run("byteloop", func(b *testing.B) {
		b.SetBytes(int64(len(scanInput)))
		for b.Loop() {
			refCleanPrefix(scanInput, false)
		}
	})
}

// TestIndexNonASCII checks the word-at-a-time search against a byte loop,
// with the non-ASCII byte at every place in and around a word, alone or
// before more, in a string and in bytes.
func TestIndexNonASCII(t *testing.T) {
	ref := func(s string) int {
		for i := 0; i < len(s); i++ {
			if s[i] >= 0x80 {
				return i
			}
		}
		return -1
	}
	for n := range 40 {
		plain := strings.Repeat("a", n)
		if got, gotBytes := IndexNonASCII(plain), IndexNonASCII([]byte(plain)); got != -1 || gotBytes != -1 {
			t.Errorf("IndexNonASCII(%d ASCII bytes) = %d, and %d in bytes, want -1", n, got, gotBytes)
		}
		for at := range n {
			for _, b := range []byte{0x80, 0xc3, 0xff} {
				for _, s := range []string{
					plain[:at] + string([]byte{b}) + plain[at+1:],
					plain[:at] + string([]byte{b}) + strings.Repeat("\xe9", n-at-1),
				} {
					if got, want := IndexNonASCII(s), ref(s); got != want {
						t.Errorf("IndexNonASCII(%+q) = %d, want %d", s, got, want)
					}
					if got, want := IndexNonASCII([]byte(s)), ref(s); got != want {
						t.Errorf("IndexNonASCII([]byte(%+q)) = %d, want %d", s, got, want)
					}
				}
			}
		}
	}
}

// TestRunOf compares RunOf and FloodOf with a byte loop on runs of every
// length across the eight and sixteen bytes read at once, ended by every
// other byte or by the end, with or without more of the byte after, for
// the bytes whose floods they read. An end whose bits the byte holds
// (0x18 for ESC) must end the run even where the bytes after it are the
// byte again.
func TestRunOf(t *testing.T) {
	for _, c := range []byte{0x1B, '\r', '\n', 0} {
		for n := 0; n <= 41; n++ {
			for _, end := range []string{"", "x", string(c ^ 1), string(c &^ 3), "\x80", string(c) + "\x00",
				string(c&^3) + strings.Repeat(string(c), 24), string(c^1) + strings.Repeat(string(c), 24)} {
				in := []byte(strings.Repeat(string(c), n) + end)
				want := 0
				for want < len(in) && in[want] == c {
					want++
				}
				if got := RunOf(in, c); got != want {
					t.Errorf("RunOf(%+q, %#x) = %d, want %d", in, c, got, want)
				}
				if got := FloodOf(in, c); got != want {
					t.Errorf("FloodOf(%+q, %#x) = %d, want %d", in, c, got, want)
				}
			}
		}
	}
}

func TestPrintableOrBS(t *testing.T) {
	// Every byte value in every lane, among lanes of printable ASCII and
	// BS, against the byte-at-a-time answer.
	for _, fill := range []byte{'x', '\b', ' ', '~'} {
		for lane := range 8 {
			for v := range 256 {
				var b [8]byte
				for i := range b {
					b[i] = fill
				}
				b[lane] = byte(v)
				var wantBS uint64
				wantOK := true
				for i, c := range b {
					if c == '\b' {
						wantBS |= 0x80 << (8 * i)
					} else if c < 0x20 || c > 0x7E {
						wantOK = false
					}
				}
				bs, ok := PrintableOrBS(binary.LittleEndian.Uint64(b[:]))
				if bs != wantBS || ok != wantOK {
					t.Fatalf("PrintableOrBS(%q) = %#x, %v; want %#x, %v", b, bs, ok, wantBS, wantOK)
				}
			}
		}
	}
}

// TestStopsBut checks StopsBut's first lane against a byte-at-a-time
// reading, for each control kept, on words of every byte in every lane
// after clean bytes, and on random words.
func TestStopsBut(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, keep := range []byte{'\t', '\n', 0} {
		want := func(b []byte) int {
			for i, c := range b {
				if (c < 0x20 || c >= 0x7f) && c != keep {
					return i
				}
			}
			return 8
		}
		check := func(b []byte) {
			w := binary.LittleEndian.Uint64(b)
			got := 8
			if m := StopsBut(w, keep); m != 0 {
				got = bits.TrailingZeros64(m) / 8
			}
			if got != want(b) {
				t.Fatalf("StopsBut(%+q, %q): first stop %d, want %d", b, keep, got, want(b))
			}
		}
		for lane := range 8 {
			for c := range 256 {
				b := []byte("abcdefgh")
				b[lane] = byte(c)
				check(b)
				for after := lane + 1; after < 8; after++ {
					b[after] = byte(rng.IntN(256))
				}
				check(b)
			}
		}
		for range 100000 {
			var b [8]byte
			for i := range b {
				// Mostly the bytes around the bounds.
				b[i] = []byte{0, 0x09, 0x0a, 0x1f, 0x20, 0x7e, 0x7f, 0x80, 0xff, 'a', byte(rng.IntN(256))}[rng.IntN(11)]
			}
			check(b[:])
		}
	}
}
