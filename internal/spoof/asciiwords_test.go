package spoof

import (
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// scanASCII scans text as Scanner.Scan does, the word path of ASCII on or
// off, and returns the scanner and what each call of ASCII returned.
func scanASCII(text string, words bool) (Scanner, []int) {
	byteLoop = !words
	defer func() { byteLoop = false }()
	var s Scanner
	var calls []int
	s.Reset(text)
	for i := 0; i < len(text); {
		if text[i] < utf8.RuneSelf {
			end, controls := s.ASCII(i, len(text))
			if controls {
				end = -end
			}
			calls = append(calls, end)
			i = max(end, -end)
			continue
		}
		r, size, p := ucd.Decode(text[i:])
		if size == 1 {
			s.Invalid(i)
		} else {
			s.Rune(i, r, size, p)
		}
		i += size
	}
	s.Finish()
	return s, calls
}

// checkWords fails unless the word path of ASCII ends text in the very
// state of the byte loop, with the same findings, and returns the same.
func checkWords(t *testing.T, text string) {
	t.Helper()
	got, gotCalls := scanASCII(text, true)
	want, wantCalls := scanASCII(text, false)
	if !reflect.DeepEqual(gotCalls, wantCalls) {
		t.Fatalf("scan of %+q: ASCII returned %v, want (byte loop) %v (negative: a control passed)", text, gotCalls, wantCalls)
	}
	if !reflect.DeepEqual(got.found, want.found) && len(got.found)+len(want.found) > 0 {
		t.Fatalf("scan of %+q: findings\n%+v\nwant (byte loop)\n%+v", text, got.found, want.found)
	}
	got.found, want.found = nil, nil
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("scan of %+q: state\n%+v\nwant (byte loop)\n%+v", text, got, want)
	}
}

// asciiWordsSeeds are texts whose ASCII the word path takes: code and
// prose around non-ASCII words, escapes and conversions.
var asciiWordsSeeds = []string{
	"\u00e9\n\tif x := f(a[1], b{2}); x != nil {\n\t\treturn fmt.Errorf(\"%s: %w\", name, err)\n\t}\n\u0440\u0430ypal",
	"caf\u00e9 and more words follow here, then digits 12345 and a token abc123 ending p\u0430y",
	"\u0441 one two three four five six seven eight nine ten 1\u09e7 (100)\u09e7\u09e6\u09e6 x\\t\u0421",
	"\u00e9\r\n\x7f\x01 aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa bbbbbbbbbbbbbbbb 123 [456] {789}\u0430",
}

// TestASCIIWords checks the word path against the byte loop on texts made
// of units that change the state differently, at every alignment.
func TestASCIIWords(t *testing.T) {
	for _, s := range asciiWordsSeeds {
		checkWords(t, s)
	}
	units := []string{" ", "\t", "\n", "\x01", "\x7f", "ab", "Z", "7", "(", "[", "{", ".", "%", "%d", "\\", "\\n", "\u0430", "\u00e9", "\u09e7", "\u0301", "_", "  "}
	r := rand.New(rand.NewPCG(1, 2))
	for range 30000 {
		var b strings.Builder
		b.WriteString("\u00e9")
		for n := r.IntN(120); b.Len() < n; {
			u := units[r.IntN(len(units))]
			if r.IntN(3) > 0 {
				u = units[r.IntN(9)] // mostly plain ASCII
			}
			b.WriteString(strings.Repeat(u, 1+r.IntN(4)))
		}
		checkWords(t, b.String())
	}
}

// FuzzASCIIWords checks the word path of ASCII against its byte loop.
func FuzzASCIIWords(f *testing.F) {
	for _, s := range asciiWordsSeeds {
		f.Add(s)
	}
	f.Fuzz(checkWords)
}

// BenchmarkScanCode measures the scanner on Go source that opens with a
// non-ASCII letter, so that all of it is scanned, most of it by ASCII:
// with the word path, and with the byte loop alone as the baseline.
func BenchmarkScanCode(b *testing.B) {
	src, err := os.ReadFile("scan.go")
	if err != nil {
		b.Fatal(err)
	}
	text := "\u00e9\n" + string(src)
	for _, bc := range []struct {
		name  string
		words bool
	}{{"Words", true}, {"ByteLoop", false}} {
		b.Run(bc.name, func(b *testing.B) {
			byteLoop = !bc.words
			defer func() { byteLoop = false }()
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			var s Scanner
			for b.Loop() {
				s.Scan(text)
			}
		})
	}
}
