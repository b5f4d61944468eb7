package transcript

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/text/transform"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/internal/sequence"
	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// cleanLinesRef is cleanLines as its doc defines it: a rune at a time,
// and for each whole line the Unicode pass's walk, which must find nothing
// to escape in it.
func cleanLinesRef(src []byte, maxLine int) (n, crlfs int) {
	end, start, crs := 0, 0, 0
	for i := 0; i < len(src); {
		switch c := src[i]; {
		case c == '\n':
			text := src[start:i]
			crlf := len(text) > 0 && text[len(text)-1] == '\r'
			if crlf {
				text = text[:len(text)-1]
			}
			if len(text) > maxLine {
				return end, crs
			}
			w := unicodeWalk{seg: text, end: len(text), classes: new(classCache)}
			if at, _, _, _ := w.next(0); at != len(text) {
				return end, crs
			}
			if crlf {
				crs++
			}
			i++
			end, start = i, i
			continue
		case c == '\r' && i+1 < len(src) && src[i+1] == '\n':
			i++ // the line's end, read with its LF
			continue
		case c-0x20 < 0x5F || c == '\t':
			i++
			continue
		case c < utf8.RuneSelf:
			return end, crs
		}
		r, size := utf8.DecodeRune(src[i:])
		if size == 1 {
			return end, crs
		}
		if cls, contextual := runeClass(r); cls != plainsight.ClassNone && (!contextual || r < 0x800) {
			return end, crs
		}
		i += size
	}
	return end, crs
}

// checkCleanLines fails t where cleanLines and cleanLinesRef differ on in.
func checkCleanLines(t *testing.T, in []byte, maxLine int, classes *classCache) {
	t.Helper()
	n, crlfs := cleanLines(in, maxLine, classes)
	if wantN, wantCRLFs := cleanLinesRef(in, maxLine); n != wantN || crlfs != wantCRLFs {
		t.Fatalf("cleanLines(%+q, %d) = %d, %d; want %d, %d", in, maxLine, n, crlfs, wantN, wantCRLFs)
	}
}

// TestCleanLines compares cleanLines with cleanLinesRef on each lead byte
// followed by each byte (and each other byte from 0x80 up followed by a
// few), between text of several scripts, in lines short and long, cut at
// each of the last bytes.
func TestCleanLines(t *testing.T) {
	classes := new(classCache) // shared, as a Cleaner shares its own
	prefixes := []string{"", "a", "\u0416", "\u4e00 ", "\u0915\u094d", "abcdefghijklmnop ", "ab\ncd", "ab\r\ncd",
		"\u0416\u0416\u0416", "\u4e00\u4e00\u4e00", "\u0416\u4e00a\u0416", strings.Repeat("abcdefgh", 5)}
	tails := []string{"", "\x80", "\xbf", "\x80\x80", "\xbf\xbf\xbf", "\x9f\xa0a", "\n", "x\n", "\u200c\u0627\n", "abcdefghijkl\nmn\n",
		"\u0416\u0416\u0416\u0416\n", "\u4e00\u4e00\u4e00\n", "\x80\u0416\u0416\u0416\x7f", "\x80\x80\u4e00\u4e00\xc2\x85\u0416", "\xbf\xe4\xb8 xyzxyzxyzxyz",
		"\x80 abcdefgh\n", "\xbf\u0416\u4e00\u4e00\u4e00\n",
		"\x80abcdef\x1f\n", "\x80ab\x7fcdefghij\n", "\x80abc\x00defghij", "\x80abcdefghijklmnopqrstuvwxyz\x01\n",
		"\x9a\x80\U0001F680 a\n", "\x8b\xbf\n", "\x9a", "\x9a\x80\xf0\x9f\x9a",
		"\r\n", "x\r\n", "\r", "x\r", "a\rb\n", "\r\r\n", "\u200c\u0627\r\n", "abcdefghijkl\r\nmn\r\n", "\r\n\r\n\n",
		// Lines of ASCII long enough for the word-at-a-time scanner,
		// which reads on past CR LF.
		"\r\n" + strings.Repeat("abcdefgh", 5) + "\r\n" + strings.Repeat("abcdefgh", 5) + "\r\nab\r\n" + strings.Repeat("abcdefgh", 5) + "\n",
		"\r\n" + strings.Repeat("abcdefgh", 5) + "\r\n" + strings.Repeat("abcdefgh", 5) + "\rx\n"}
	for _, prefix := range prefixes {
		for pair := 0x80 << 8; pair < 1<<16; pair++ {
			if lead, next := byte(pair>>8), byte(pair); (lead < 0xC0 || lead > 0xF4) && next != 0x41 && next != 0x80 && next != 0xBF && next != 0xC3 {
				continue // not a lead byte: a sample of what follows it
			}
			for _, tail := range tails {
				in := []byte(prefix + string([]byte{byte(pair >> 8), byte(pair)}) + tail + "\n")
				for _, maxLine := range []int{3, 100} {
					for cut := len(in); cut >= len(in)-3 && cut >= 0; cut-- {
						checkCleanLines(t, in[:cut], maxLine, classes)
					}
				}
			}
		}
	}
}

// TestCleanLinesLongCRLF compares cleanLines with cleanLinesRef on runs
// of ASCII lines long enough for the scanner and the vector loop that read
// on past CR LF, with a line about maxLine bytes long at several places
// among them: its length is judged without its line end, one byte or two.
func TestCleanLinesLongCRLF(t *testing.T) {
	classes := new(classCache)
	first := strings.Repeat("abcdefgh", 6) // long enough for the scanner
	for _, end := range []string{"\r\n", "\n"} {
		for _, maxLine := range []int{16, 48, 49, 100, 200} {
			for before := range 6 {
				for long := maxLine - 1; long <= maxLine+1; long++ {
					in := first + end + strings.Repeat("0123456789\r\n", before) +
						strings.Repeat("x", long) + end + strings.Repeat("tail line\r\n", 8)
					for cut := len(in); cut >= len(in)-40; cut-- {
						checkCleanLines(t, []byte(in[:cut]), maxLine, classes)
					}
				}
			}
		}
	}
}

// emojiPieces are emoji sequences and their near misses, whose joiners,
// selectors and tags the walk judges by what stands around them: RGI ZWJ
// sequences, a ZWJ between emoji that make none, a sequence with a ZWJ
// too many, subdivision flags and tag runs that spell none, keycaps and
// the emoji presentation selector after a base that has one and after a
// letter, a Persian ZWNJ.
var emojiPieces = []string{
	"\U0001F468\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466", "\U0001F469\U0001F3FE\u200d\U0001F4BB",
	"\U0001F3F3\ufe0f\u200d\U0001F308", "\u2764\ufe0f\u200d\U0001F525", "\U0001F600\u200d\U0001F600",
	"\U0001F468\u200d\U0001F469\u200d\U0001F467\u200d", "\u200d\U0001F469\u200d\U0001F467",
	"\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F",
	"\U0001F3F4\U000E0078\U000E0079\U000E007F", "\U000E0067\U000E0062\U000E007F",
	"1\ufe0f\u20e3", "#\ufe0f", "\u2764\ufe0f", "\u2764\ufe0e", "a\ufe0f", "\u2764\ufe0f\ufe0f",
	"\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", "\U0001F1EF\U0001F1F5",
}

// TestCleanLinesSequences compares cleanLines with cleanLinesRef on lines
// of two emoji pieces each, side by side, across a space or a line end, cut
// at each byte, and whole with the lines in which Sanitize escapes
// nothing: the walk that cleanLines keeps for a line holds the verdict of
// a tag run or an emoji ZWJ sequence for the rest of it.
func TestCleanLinesSequences(t *testing.T) {
	classes := new(classCache) // shared, as a Cleaner shares its own
	for _, a := range emojiPieces {
		for _, b := range emojiPieces {
			for _, sep := range []string{"", " ", "\n", " x\n", "\r\n", " x\r\n"} {
				in := []byte("ok " + a + sep + b + " ok\n")
				want := 0
				for line := range strings.Lines(string(in)) {
					if plainsight.Sanitize(strings.TrimSuffix(line, "\r\n")).Escapes.Len() > 0 {
						break
					}
					want += len(line)
				}
				if got, _ := cleanLines(in, 100, classes); got != want {
					t.Fatalf("cleanLines(%+q) = %d; Sanitize escapes nothing in the first %d bytes", in, got, want)
				}
				for cut := len(in); cut >= 0; cut-- {
					checkCleanLines(t, in[:cut], 100, classes)
				}
			}
		}
	}
}

// TestCleanLinesRGISequences checks cleanLines, which passes the rest of
// an RGI emoji ZWJ sequence once a ZWJ of it joins, on each such sequence
// in a line, against Sanitize, which judges each code point of it, and
// against cleanLinesRef.
func TestCleanLinesRGISequences(t *testing.T) {
	classes := new(classCache)
	n := 0
	for seq := range ucd.RGIEmojiZWJSequences() {
		n++
		for _, in := range []string{"ok " + seq + " ok\n", seq + seq + "\n", seq + "\ufe0f\n", seq + "\u200d\n", seq + "\r\n"} {
			want := 0
			if plainsight.Sanitize(strings.TrimSuffix(in, "\r\n")).Escapes.Len() == 0 {
				want = len(in)
			}
			if got, _ := cleanLines([]byte(in), 200, classes); got != want {
				t.Fatalf("cleanLines(%+q) = %d; Sanitize says %d", in, got, want)
			}
			checkCleanLines(t, []byte(in), 200, classes)
		}
	}
	if n == 0 {
		t.Fatal("no RGI emoji ZWJ sequence")
	}
}

// TestCleanLinesSelectors compares cleanLines with cleanLinesRef on each
// code point of U+2000..U+2FFF and U+1F000..U+1FFFF before each
// presentation selector, inside a word that plainWords reads, where
// presentationAfter judges the selector, and at a line's end.
func TestCleanLinesSelectors(t *testing.T) {
	classes := new(classCache) // shared, as a Cleaner shares its own
	for _, block := range []rune{0x2000, 0x1F000} {
		for r := block; r < block+0x1000; r++ {
			if !utf8.ValidRune(r) {
				continue
			}
			for _, vs := range []string{"\ufe0e", "\ufe0f", "\ufe0f\ufe0f", "\ufe0f\u20e3"} {
				for _, in := range []string{"ok " + string(r) + vs + " abcdefgh\n", string(r) + vs + "\n"} {
					checkCleanLines(t, []byte(in), 100, classes)
				}
			}
		}
	}
}

// TestCleanLinesEveryCodePoint compares cleanLines with cleanLinesRef on
// each code point of planes 0 and 1 between words, where plainWords reads
// it: each bit of plainBMP and plainSymbols, reached from the bytes.
func TestCleanLinesEveryCodePoint(t *testing.T) {
	classes := new(classCache) // shared, as a Cleaner shares its own
	for r := rune(0x80); r < 0x20000; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		in := []byte("abcdefgh" + string(r) + string(r) + " abcdefgh\n")
		checkCleanLines(t, in, 100, classes)
	}
}

// TestCleanLinesZWNJ compares cleanLines with cleanLinesRef on a ZWNJ
// between each two-byte code point and U+0628 ARABIC LETTER BEH, on
// either side, and between every pair of letters that zwnjBefore and
// zwnjAfter mark: where plainWords takes a ZWNJ without the walk, the
// walk makes it literal too.
func TestCleanLinesZWNJ(t *testing.T) {
	classes := new(classCache) // shared, as a Cleaner shares its own
	check := func(a, b rune) {
		in := []byte("abcdefgh" + string(a) + "\u200c" + string(b) + " abcdefgh\n")
		checkCleanLines(t, in, 100, classes)
	}
	pairs := 0
	for a := rune(0x80); a < 0x800; a++ {
		check(a, 0x628)
		check(0x628, a)
		if zwnjBefore[a>>6]&(1<<(a&63)) == 0 {
			continue
		}
		for b := rune(0x80); b < 0x800; b++ {
			if zwnjAfter[b>>6]&(1<<(b&63)) != 0 {
				check(a, b)
				pairs++
			}
		}
	}
	if pairs == 0 {
		t.Fatal("no letter pair joins across a ZWNJ")
	}
}

// plainRunRef is plainRun a character at a time: two- and three-byte
// runes that plainBMP marks and single printable ASCII bytes between them.
func plainRunRef(src []byte) int {
	i := 0
	for i < len(src) {
		if b := src[i]; b < utf8.RuneSelf {
			if b-0x20 < 0x5F && i+1 < len(src) && src[i+1] >= utf8.RuneSelf {
				i++
				continue
			}
			return i
		}
		r, size := utf8.DecodeRune(src[i:])
		if size < 2 || size > 3 || plainBMP[r>>6]&(1<<(r&63)) == 0 {
			return i
		}
		i += size
	}
	return i
}

// TestPlainRun checks that plainRun reads only printable ASCII and the
// code points plainBMP and plainSymbols mark, and at least what
// plainRunRef reads, on
// runs of several scripts' letters long enough for plainWords, each ended
// by a sample of two-byte prefixes.
func TestPlainRun(t *testing.T) {
	plain := func(s []byte) bool {
		for i, r := range string(s) {
			switch {
			case r < 0x20 || r == 0x7F:
				return false
			case r>>12 == 0x1F:
				if plainSymbols[r>>6&63]&(1<<(r&63)) == 0 {
					return false
				}
			case r == 0xFE0E || r == 0xFE0F:
				// Literal after an emoji variation base.
				if !sequence.Selector(s, i, r, literal) {
					return false
				}
			case r == 0x200C:
				// Literal between letters that join across it.
				before, _ := utf8.DecodeLastRune(s[:i])
				after, _ := utf8.DecodeRune(s[i+3:])
				if before >= 0x800 || after >= 0x800 || zwnjBefore[before>>6]&(1<<(before&63)) == 0 || zwnjAfter[after>>6]&(1<<(after&63)) == 0 {
					return false
				}
			case r >= 0x80 && (r > 0xFFFF || plainBMP[r>>6]&(1<<(r&63)) == 0):
				return false
			}
		}
		return utf8.Valid(s)
	}
	for _, unit := range []string{"\u0301", "\u0416\u0416 ", "\u4e00", "\u0915\u094d\u0937 ", "ab\u00e9", "\u0645\u06cc", "\u0416\u200c",
		"\U0001F680 ", "\U0001F1FA\U0001F1F8", "x\U0001F44D\U0001F3FF", "\U0001F600\U0001F2FF",
		"\u0645\u06cc\u200c\u0647\u0627 ", "\u2764\ufe0f ", "\U0001F3F3\ufe0f\U0001F308", "\u2600\ufe0e", "a\ufe0f", "\u0416\ufe0f",
		"\u2764\ufe0f\ufe0f"} {
		for n := 1; n < 30; n += 3 {
			run := strings.Repeat(unit, n)
			for end := 0x80 << 8; end < 1<<16; end += 7 {
				in := []byte(run + string([]byte{byte(end >> 8), byte(end)}) + "\u0416xyz")
				if got, want := plainRun(in), plainRunRef(in); !plain(in[:got]) || got < want {
					t.Fatalf("plainRun(%+q) = %d, plainRunRef %d", in, got, want)
				}
			}
		}
	}
}

// checkTextRun compares textRun on src with textRunRef.
func checkTextRun(t *testing.T, src []byte) {
	t.Helper()
	n, ascii := textRun(src)
	if wantN, wantASCII := textRunRef(src); n != wantN || ascii != wantASCII {
		t.Fatalf("textRun(%+q) = %d, %v; textRunRef says %d, %v", src, n, ascii, wantN, wantASCII)
	}
}

// textRunRef is textRun a character at a time, as its doc defines it.
func textRunRef(src []byte) (n int, ascii bool) {
	ascii = true
	for n < len(src) {
		if b := src[n]; b < utf8.RuneSelf {
			if b-0x20 >= 0x5F && b != '\t' {
				break
			}
			n++
			continue
		}
		ascii = false
		r, size := utf8.DecodeRune(src[n:])
		if size == 1 || r < 0xA0 {
			break
		}
		n += size
	}
	return n, ascii && n > 0
}

// TestTextRun compares textRun with textRunRef on each lead byte followed
// by each byte and a few after it, after text of each size and cut short
// by the end of src at each byte.
func TestTextRun(t *testing.T) {
	tails := []string{"", "\x80", "\xbf", "\x80\x80", "\xbf\xbf\xbf", "\x9f\xa0a", "a\x80\x80", "\x80\xc0\x80", "\x80\x80\x7f", "\tabc\x1b", "\x80\x80 \xd0\x96\xe4\xb8\x80\xf3\xa0\x81\x81 xyz"}
	for _, prefix := range []string{"", "a\t", "\xd0\x96", "\xe4\xb8\x80", "\xf0\x9f\x9a\x80"} {
		for pair := 0x80 << 8; pair < 1<<16; pair++ {
			for _, tail := range tails {
				in := []byte(prefix + string([]byte{byte(pair >> 8), byte(pair)}) + tail)
				for cut := len(in); cut >= len(in)-4 && cut >= 0; cut-- {
					checkTextRun(t, in[:cut])
				}
			}
		}
	}
}

// TestTextRunTabs compares textRun with textRunRef on runs of tabs of
// every length around a word's, after text or none, before each kind of
// byte that follows indentation, cut at every place.
func TestTextRunTabs(t *testing.T) {
	for _, before := range []string{"", "a", "\xd0\x96"} {
		for tabs := 1; tabs <= 26; tabs++ {
			for _, after := range []string{"", "x", "\n", "\x00", "\x1b[m", "\x7f", "\xd0\x96", "\x80", "\xc2\x85", " \t\tx"} {
				in := []byte(before + strings.Repeat("\t", tabs) + after)
				for cut := len(in); cut >= 0; cut-- {
					checkTextRun(t, in[:cut])
				}
			}
		}
	}
}

// TestTextRunCopies compares textRun with textRunRef on floods of copies
// of one unit of two to four bytes led by each byte from 0x80 (whole
// characters, C1 controls, surrogates, overlong and cut-short forms), as
// long as a word or a block of escape.RepeatEnd's, after ASCII or not,
// broken by another character or cut short at the end of src.
func TestTextRunCopies(t *testing.T) {
	conts := []byte{0x80, 0x9F, 0xA0, 0xBF, 'a'}
	for lead := 0x80; lead <= 0xFF; lead++ {
		for _, b1 := range conts {
			for _, b2 := range conts[1:4] {
				for _, b3 := range conts[2:] {
					unit := []byte{byte(lead), b1, b2, b3}
					for size := 2; size <= 4; size++ {
						for _, copies := range []int{4, 120} {
							flood := strings.Repeat(string(unit[:size]), copies)
							for _, in := range []string{flood, "a" + flood + "\u00e9" + flood, flood + string(unit[:size-1])} {
								for cut := len(in); cut >= len(in)-3; cut-- {
									checkTextRun(t, []byte(in[:cut]))
								}
							}
						}
					}
				}
			}
		}
	}
}

// TestLeadSize checks leadSize against the length of a character that
// each lead byte of valid UTF-8 starts.
func TestLeadSize(t *testing.T) {
	for r := rune(0x80); r <= utf8.MaxRune; r += 0x3F {
		b := utf8.AppendRune(nil, r)
		if got := leadSize(b[0]); got != len(b) {
			t.Fatalf("leadSize(%#x) = %d, want %d", b[0], got, len(b))
		}
	}
}

// TestPassLinesWait checks which lines passLines passes when max cuts one,
// and when it says that the cut line would pass whole.
func TestPassLinesWait(t *testing.T) {
	type result struct {
		N, CRLFs    int
		Wait, Tried bool
	}
	tests := []struct {
		src        string
		max, ahead int
		want       result
	}{
		{"ab\ncdef\n", 5, 10, result{N: 3, Wait: true}},
		{"ab\ncdef\n", 5, 0, result{N: 3}},
		{"ab\ncdef\n", 8, 10, result{N: 8}},
		{"abcdef\n", 3, 10, result{Wait: true}},  // nothing passes now, the line later
		{"abcdef\n", 3, 0, result{Tried: true}},  // the line takes the token path
		{"abcdef\n", 3, 2, result{Tried: true}},  // its end is past what may be read
		{"ab\ncd\x1bx\n", 4, 10, result{N: 3}},   // the cut line holds an escape
		{"ab\ncd\u202ex\n", 4, 10, result{N: 3}}, // or a character the Unicode pass escapes
		{"ab\ncdefgh", 4, 10, result{N: 3}},      // or does not end in src
		{"\u0436\u0436\n\u0436\u0436\u0436\n", 6, 10, result{N: 5, Wait: true}},
		{"\u4e00\n\u4e00\u4e00\n", 5, 1, result{N: 4}}, // the ahead bytes end within a character
		{"ab\r\ncd\n", 8, 0, result{N: 7, CRLFs: 1}},
		{"ab\r\ncd\r\nef\r\n", 9, 10, result{N: 8, CRLFs: 2, Wait: true}}, // the lines max cuts off are not counted
		{"ab\r\ncd\r", 9, 0, result{N: 4, CRLFs: 1}},                      // a CR whose LF src cuts off
		{"ab\rcd\n", 9, 0, result{Tried: true}},                           // a lone CR
		{"ab\r\r\n", 9, 0, result{Tried: true}},
	}
	for _, tt := range tests {
		c := NewCleaner(Options{})
		c.init()
		n, crlfs, wait := c.passLines([]byte(tt.src), tt.max, tt.ahead)
		if diff := cmp.Diff(tt.want, result{n, crlfs, wait, c.passTried}); diff != "" {
			t.Errorf("passLines(%+q, %d, %d) (-want +got):\n%s", tt.src, tt.max, tt.ahead, diff)
		}
	}
}

// TestPassLinesRetry checks that after any number of lines that do not
// pass, passLines tries a line again within maxPassMisses lines, and a
// clean line then passes, with the vector loop or without it: after a few
// lines, and in each place of its tries once the lines between them have
// grown to their most (one line, then two, and so on).
func TestPassLinesRetry(t *testing.T) {
	clean := strings.Repeat("clean text\n", maxPassMisses)
	grown := maxPassMisses * (maxPassMisses + 1) / 2
	for _, vector := range groundPaths(t) {
		was := useGroundVector
		useGroundVector = vector
		defer func() { useGroundVector = was }()
		for hostile := 1; hostile <= grown+2*maxPassMisses; hostile++ {
			if hostile == 3*maxPassMisses {
				hostile = grown
			}
			c := NewCleaner(Options{})
			src := []byte(strings.Repeat("a\x1b[1mb\n", hostile) + clean)
			dst := make([]byte, 2*len(src))
			if _, _, err := c.Transform(dst, src, true); err != nil {
				t.Fatal(err)
			}
			if c.passMisses != 0 {
				t.Fatalf("vector loop %v: after %d lines that do not pass and %d clean ones, %d misses in a row", vector, hostile, maxPassMisses, c.passMisses)
			}
		}
	}
}

// TestCRLFLinesMissPassing checks that lines ended by CR LF count as
// lines that passLines tries or skips exactly as the same lines ended by
// LF do, whichever way the Cleaner reads them: a colour log's, lines of
// another script that the vector loop reads from their start, lines that
// the token path writes whole, and clean lines after them.
func TestCRLFLinesMissPassing(t *testing.T) {
	lines := []string{
		"\x1b[33mWARN\x1b[0m 12:00:01 handled\n",
		"请求已处理\u200b，耗时请求已处理，耗时请求已处理，耗时请求已处理，耗时\n",
		"a zero\u200bwidth space\n",
	}
	for _, line := range lines {
		for _, vector := range groundPaths(t) {
			was := useGroundVector
			useGroundVector = vector
			for n := 1; n <= 3*maxPassMisses; n += 1 + n/8 {
				for _, clean := range []int{0, 1, 5} {
					in := strings.Repeat(line, n) + strings.Repeat("clean\n", clean)
					var counts [2][2]int
					for k, src := range []string{in, strings.ReplaceAll(in, "\n", "\r\n")} {
						c := NewCleaner(Options{})
						dst := make([]byte, 2*len(src))
						if _, _, err := c.Transform(dst, []byte(src), true); err != nil {
							t.Fatal(err)
						}
						counts[k] = [2]int{c.passMisses, c.passSkip}
					}
					if counts[0] != counts[1] {
						t.Fatalf("%+q, vector loop %v: %d lines and %d clean ones: misses and lines to skip %v with LF, %v with CR LF", line, vector, n, clean, counts[0], counts[1])
					}
				}
			}
			useGroundVector = was
		}
	}
}

// TestColourLinesMissPassing checks that the Cleaner counts each line of
// a colour log, which starts with an SGR and so never passes, as
// passLines counts a line it tries or skips, whichever way it reads the
// line (colourRun, groundRun, the vector loop): misses in a row grow to
// maxPassMisses, and the lines between tries are skipped, so that the
// vector loop reads on past their LFs.
func TestColourLinesMissPassing(t *testing.T) {
	lines := map[string]string{
		"ASCII":      "\x1b[32mINFO\x1b[0m 12:00:01 \x1b[1mservice\x1b[0m: handled in \x1b[36m12ms\x1b[0m\n",
		"CR LF":      "\x1b[33mWARN\x1b[0m 12:00:01 handled\r\n",
		"other text": "\x1b[1m服务-1\x1b[0m：请求 /api/v1/items/1 已处理，耗时 \x1b[36m1毫秒\x1b[0m 请求已处理，耗时请求已处理，耗时\n",
	}
	for name, line := range lines {
		for _, vector := range groundPaths(t) {
			was := useGroundVector
			useGroundVector = vector
			misses, skip := 0, 0 // passLines' count over the lines
			for n := 1; n <= 3*maxPassMisses; n++ {
				if skip > 0 {
					skip--
				} else {
					misses = min(misses+1, maxPassMisses)
					skip = misses - 1
				}
				c := NewCleaner(Options{})
				src := []byte(strings.Repeat(line, n))
				dst := make([]byte, 2*len(src))
				if _, _, err := c.Transform(dst, src, true); err != nil {
					t.Fatal(err)
				}
				if c.passMisses != misses || c.passSkip != skip {
					t.Fatalf("%s, vector loop %v: after %d lines, %d misses in a row and %d lines to skip; passLines would count %d and %d", name, vector, n, c.passMisses, c.passSkip, misses, skip)
				}
			}
			useGroundVector = was
		}
	}
}

// TestTransformWaitsForRoom checks that Transform leaves a clean line that
// the room left in dst cuts for the next call, and that a dst too small
// for the line still makes progress.
func TestTransformWaitsForRoom(t *testing.T) {
	src := []byte("ab\ncdefgh\nij\n")
	type call struct {
		NDst, NSrc int
		Err        error
	}
	tests := []struct {
		dst  int
		want []call
	}{
		// "cdefgh\n" waits for the second call, where it does not fit
		// either and takes the token path.
		{5, []call{{3, 3, transform.ErrShortDst}, {5, 10, transform.ErrShortDst}, {5, 0, nil}}},
		{9, []call{{3, 3, transform.ErrShortDst}, {7, 7, transform.ErrShortDst}, {3, 3, nil}}},
		{16, []call{{13, 13, nil}}},
	}
	for _, tt := range tests {
		c := NewCleaner(Options{})
		var got []call
		var out []byte
		for rest := src; ; {
			dst := make([]byte, tt.dst)
			nDst, nSrc, err := c.Transform(dst, rest, true)
			got = append(got, call{nDst, nSrc, err})
			out = append(out, dst[:nDst]...)
			rest = rest[nSrc:]
			if err != transform.ErrShortDst || len(got) > 10 {
				break
			}
		}
		if diff := cmp.Diff(tt.want, got, cmp.Comparer(func(a, b error) bool { return a == b })); diff != "" {
			t.Errorf("dst %d: calls (-want +got):\n%s", tt.dst, diff)
		}
		if string(out) != string(src) {
			t.Errorf("dst %d: output %+q, want %+q", tt.dst, out, src)
		}
	}
}

// TestSequenceRunsReadWhole checks that stringRun and cutCSIRun read a
// run of the sequences they count to its end, and stop at anything else:
// the comparisons with the parser alone pass whether a fast path reads a
// sequence or leaves it to the parser.
func TestSequenceRunsReadWhole(t *testing.T) {
	var strs []string
	for n := range 20 {
		payload := strings.Repeat("t", n)
		strs = append(strs, "\x1b]0;"+payload+"\a", "\x1b]2;"+payload+"\x1b\\", "\x1b]8;;"+payload+"\x1b\\", "\x1b_"+payload+"\x1b\\", "\x1b]0;t\a\x1b]3;"+payload+"\a",
			// Controls in the payload, which the parser takes as
			// payload too.
			"\x1b]0;"+payload+"\x01\b\n"+payload+"\a", "\x1b_\a"+payload+"\x7f\x1b\\")
	}
	cuts := []string{"\x1b[", "\x1b[1", "\x1b[1234", "\x1b[1;2", "\x1b[?25", "\x1b[\x1b[12\x1b[1;2;3"}
	for _, tt := range []struct {
		name  string
		run   func(*Cleaner, []byte) int
		units []string
		stops []string
	}{
		{"stringRun", (*Cleaner).stringRun, strs, []string{"", "x", "\x1b[1m", "\x1b]0;\x85\a", "\x1b]0;\x18", "\x1b]0;t"}},
		{"cutCSIRun", (*Cleaner).cutCSIRun, cuts, []string{"\x1b[1m", "\x1b]0;t\a", "\x1b(B", "\x1b[12345\x1b["}},
	} {
		for _, unit := range tt.units {
			for _, stop := range tt.stops {
				run := strings.Repeat(unit, 3)
				if got := tt.run(NewCleaner(Options{}), []byte(run+stop)); got != len(run) {
					t.Errorf("%s(%+q) = %d, want %d", tt.name, run+stop, got, len(run))
				}
			}
		}
	}
}

// TestESCRun checks that escRun takes every ESC of a run but the last,
// which is the parser's, for runs of every length across the word that
// escape.RunOf reads at once, and whatever ends them.
func TestESCRun(t *testing.T) {
	for n := 1; n <= 20; n++ {
		for _, end := range []string{"", "x", "[1m", "\x9b", "\x00"} {
			in := strings.Repeat("\x1b", n) + end
			if got := escRun([]byte(in)); got != n-1 {
				t.Errorf("escRun(%+q) = %d, want %d", in, got, n-1)
			}
		}
	}
}

// TestShortSequenceEnds checks titleEnd and cutCSIEnd, the inner loops
// of stringRun and cutCSIRun, at the edges of what each reads; what
// they do not read, the general loop does, so a comparison of whole
// outputs would not see them read less.
func TestShortSequenceEnds(t *testing.T) {
	for _, tt := range []struct {
		f    func([]byte, int) int
		in   string
		want int
	}{
		{titleEnd, "\x1b]0;\a", 5},
		{titleEnd, "\x1b]1;t\a", 6},
		{titleEnd, "\x1b]2;12345678\ax", 13}, // maxShortTitle bytes
		{titleEnd, "\x1b]2;123456789\a", 0},
		{titleEnd, "\x1b]3;t\a", 0},
		{titleEnd, "\x1b]0t\a", 0},
		{titleEnd, "\x1b]0;~ \a", 7},
		{titleEnd, "\x1b]0;\x7f\a", 0},
		{titleEnd, "\x1b]0;\x1f\a", 0},
		{titleEnd, "\x1b]0;t\x1b\\", 0}, // ST is simpleString's
		{titleEnd, "\x1b]0;t", 0},
		{titleEnd, "\x1b]0;", 0},
		{titleEnd, "\x1b[0;t\a", 0},
		{cutCSIEnd, "\x1b[\x1b", 2},
		{cutCSIEnd, "\x1b[1234\x1b[", 6},
		{cutCSIEnd, "\x1b[12345\x1b", 0},
		{cutCSIEnd, "\x1b[1;2\x1b", 0}, // simpleCSI's
		{cutCSIEnd, "\x1b[/\x1b", 0},
		{cutCSIEnd, "\x1b[:\x1b", 0},
		{cutCSIEnd, "\x1b[1m\x1b", 0},
		{cutCSIEnd, "\x1b[1", 0},
		{cutCSIEnd, "\x1b[", 0},
		{cutCSIEnd, "\x1b]\x1b", 0},
	} {
		if got := tt.f([]byte(tt.in), 0); got != tt.want {
			t.Errorf("%+q: %d, want %d", tt.in, got, tt.want)
		}
		// At an offset, as the loops call them.
		if got, want := tt.f([]byte("ab"+tt.in), 2), tt.want+2*min(tt.want, 1); got != want {
			t.Errorf("%+q at 2: %d, want %d", tt.in, got, want)
		}
	}
}

// TestEmojiBlocksHoldSequences checks that emojiAt reads every RGI emoji
// ZWJ sequence: each of its elements starts with an emoji that emojiBMP
// or emojiSymbols holds.
func TestEmojiBlocksHoldSequences(t *testing.T) {
	n := 0
	for seq := range ucd.RGIEmojiZWJSequences() {
		n++
		for elem := range strings.SplitSeq(seq, "\u200d") {
			if size := emojiAt([]byte(elem), 0); size == 0 {
				t.Errorf("emojiAt does not read the element %+q of %+q", elem, seq)
			}
		}
	}
	if n == 0 {
		t.Fatal("no RGI emoji ZWJ sequence")
	}
}

// TestEmojiSequenceEnd compares emojiSequenceEnd with sequence.ZWJ, the
// walk it stands in for, at the first ZWJ of each RGI emoji ZWJ sequence
// in text around it: where it finds an end, the walk must find the ZWJ
// legit and the same end; in a line of words it must find one, for
// plainWords to pass the sequence. Around the sequence stand an element
// joined before it or after it, a selector or a modifier more, a line
// end, and the end of src.
func TestEmojiSequenceEnd(t *testing.T) {
	n := 0
	for seq := range ucd.RGIEmojiZWJSequences() {
		first := strings.Index(seq, "\u200d")
		for _, tt := range []struct {
			before, after string
			found         int // 1: emojiSequenceEnd finds the end; 0: it does not; -1: either
		}{
			{"ok ", " ok", 1},
			{"\U0001F44D", "\n", 1},
			{"xyz", "\u00e9", 1},
			{"x", " ok", 0}, // too little before to see that no ZWJ stands there
			{"\U0001F468\u200d", " ok", 0},
			{"ok ", "\u200d\U0001F680 ok", 0},
			{"ok ", "\U0001F3FD ok", -1}, // RGI if the last element takes it
			{"ok ", "\ufe0f ok", -1},
			{"ok ", "\u200d", 0},
			{"ok ", "", 0},
			{"ok ", "\x1b[0m\u200d\U0001F680", 0},
			{"ok ", "\r", 0},
			{"ok ", "\u0085", 0},
			{"", " ok", 0},
		} {
			line := tt.before + seq + tt.after
			i := len(tt.before) + first
			got := emojiSequenceEnd([]byte(line), i)
			if tt.found == 1 && got == 0 {
				t.Fatalf("emojiSequenceEnd(%+q, %d) = 0, want the sequence's end", line, i)
			}
			if tt.found == 0 && got != 0 {
				t.Fatalf("emojiSequenceEnd(%+q, %d) = %d, want 0", line, i, got)
			}
			seg := line
			if nl := strings.IndexByte(seg, '\n'); nl >= 0 {
				seg = seg[:nl]
			}
			if legit, end := sequence.ZWJ(seg, i, literal); got != 0 && (!legit || end != got) {
				t.Fatalf("emojiSequenceEnd(%+q, %d) = %d; sequence.ZWJ says %v, %d", line, i, got, legit, end)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no RGI emoji ZWJ sequence")
	}
}

// TestEmojiSequenceEndAgrees compares emojiSequenceEnd with sequence.ZWJ
// on pairs and triples of emoji zwj elements joined by ZWJs, most of them
// no RGI sequence: wherever it finds an end, the walk must agree.
func TestEmojiSequenceEndAgrees(t *testing.T) {
	elems := []string{"\U0001F468", "\U0001F469\U0001F3FE", "\U0001F3F3\ufe0f", "\u2764\ufe0f", "\U0001F525", "\U0001F4BB", "\u2620\ufe0f",
		"\U0001F9D1\U0001F3FD", "\U0001F91D", "\U0001F52C", "\U0001F308", "\u2695", "\U0001F467", "\U0001F466", "\u00a9", "a", "\U0001F1EF"}
	found := 0
	for _, a := range elems {
		for _, b := range elems {
			for _, c := range append([]string{""}, elems...) {
				seq := a + "\u200d" + b
				if c != "" {
					seq += "\u200d" + c
				}
				line := "ok " + seq + " ok"
				i := len("ok ") + len(a)
				got := emojiSequenceEnd([]byte(line), i)
				legit, end := sequence.ZWJ(line, i, literal)
				if got != 0 && (!legit || end != got) {
					t.Fatalf("emojiSequenceEnd(%+q, %d) = %d; sequence.ZWJ says %v, %d", line, i, got, legit, end)
				}
				if got == 0 && end != 0 {
					t.Errorf("emojiSequenceEnd(%+q, %d) = 0; sequence.ZWJ finds the RGI sequence to %d", line, i, end)
				}
				if got != 0 {
					found++
				}
			}
		}
	}
	if found == 0 {
		t.Fatal("no pair or triple is an RGI sequence")
	}
}

// TestColourLineCharacters checks which characters above ASCII
// colourLine reads on past in the text between SGRs, at each place in a
// word: those of two and three bytes that the Unicode checks leave
// alone, alone or in a run, and no character they escape, no C1
// control, no byte of invalid UTF-8, and no character of four bytes,
// which the token path reads.
func TestColourLineCharacters(t *testing.T) {
	tests := []struct {
		name, ch string
		passes   bool
	}{
		{"half block", "\u2580", true},
		{"quotes", "\u2018x\u2019", true},
		{"accented letter", "\u00e9", true},
		{"two letters", "\u00e9\u00e8", true},
		{"CJK", "\u4e00", true},
		{"bidi override", "\u202e", false},
		{"soft hyphen", "\u00ad", false},
		{"no-break space", "\u00a0", false},
		{"NEL in UTF-8", "\xc2\x85", false},
		{"overlong two bytes", "\xc1\xa9", false},
		{"overlong three bytes", "\xe0\x83\xa9", false},
		{"surrogate", "\xed\xa0\x80", false},
		{"three-byte lead, ASCII second", "\xe4\x38\x80", false},
		{"three-byte lead, ASCII third", "\xe2\x82\x28", false},
		{"three-byte lead, one continuation", "\xe3\xa9\x28", false},
		{"two-byte lead, ASCII second", "\xc3\x28", false},
		{"four-byte character", "\U0001F600", false},
	}
	for _, tt := range tests {
		for before := range 9 {
			start := len("\x1b[1m") + before
			src := "\x1b[1m" + strings.Repeat("x", before) + tt.ch + "\x1b[0m and more\a and the rest of it"
			want := start
			if tt.passes {
				want = strings.IndexByte(src, '\a')
			}
			n, line, _, _ := colourLine(make([]byte, 0, 256), []byte(src), 1<<20, 4096)
			if n != want {
				t.Errorf("%s after %d bytes: colourLine read %d bytes of %q, want %d", tt.name, before, n, src, want)
			}
			if !utf8.Valid(line) {
				t.Errorf("%s after %d bytes: line %q is not valid UTF-8", tt.name, before, line)
			}
		}
	}
}
