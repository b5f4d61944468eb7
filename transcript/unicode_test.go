package transcript

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/internal/escape"
	"github.com/plainsight-dev/plainsight/internal/sequence"
	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// TestRuneClassAgreesWithSanitize checks the per-rune decision, and the
// plainBMP bit, against Sanitize, each code point alone between two
// letters: the class of its escape, or none. It takes every code point of
// planes 0, 1 and of the tags and selectors in plane 14, and a sample of
// the rest (unassigned, private use and noncharacters in ranges).
func TestRuneClassAgreesWithSanitize(t *testing.T) {
	p := plainsight.Policy{KeepTab: true}
	for r := rune(0xA0); r <= utf8.MaxRune; r++ {
		if r >= 0x20000 && !(r >= 0xE0000 && r <= 0xE01FF) && r&0xFFFF != 0xFFFE && r%257 != 0 {
			continue
		}
		if !utf8.ValidRune(r) {
			continue
		}
		want := plainsight.ClassNone
		for e := range p.Sanitize("a" + string(r) + "b").Escapes.All() {
			want = e.Class
			break
		}
		// Between two Latin letters no context rule holds: a
		// contextual class is escaped too.
		if got, _ := runeClass(r); got != want {
			t.Errorf("runeClass(%U) = %v, Sanitize escapes it as %v", r, got, want)
		}
		if r < 0x10000 {
			if plain := plainBMP[r>>6]&(1<<(r&63)) != 0; plain != (want == plainsight.ClassNone) {
				t.Errorf("plainBMP has %U %v, Sanitize escapes it as %v", r, plain, want)
			}
		}
		if r>>12 == 0x1F {
			if plain := plainSymbols[r>>6&63]&(1<<(r&63)) != 0; plain != (want == plainsight.ClassNone) {
				t.Errorf("plainSymbols has %U %v, Sanitize escapes it as %v", r, plain, want)
			}
		}
	}
}

// TestPlainBMPUpToDate recomputes plainBMP and plainSymbols from
// escape.ClassOf, as internal/genplain does: a difference means
// plainbmp.go is stale (run go generate).
func TestPlainBMPUpToDate(t *testing.T) {
	var want [1 << 10]uint64
	for r := rune(0xA0); r < 0x10000; r++ {
		if utf8.ValidRune(r) && escape.ClassOf(r, ucd.Lookup(r)) == escape.None {
			want[r>>6] |= 1 << (r & 63)
		}
	}
	for i := range want {
		if got := plainBMP[i]; got != want[i] {
			t.Fatalf("plainBMP[%d] (U+%04X..U+%04X) = %#016x, want %#016x: run go generate", i, i*64, i*64+63, got, want[i])
		}
	}
	var symbols [64]uint64
	for r := rune(0x1F000); r < 0x20000; r++ {
		if escape.ClassOf(r, ucd.Lookup(r)) == escape.None {
			symbols[r>>6&63] |= 1 << (r & 63)
		}
	}
	for i := range symbols {
		if got := plainSymbols[i]; got != symbols[i] {
			t.Fatalf("plainSymbols[%d] (U+%05X..U+%05X) = %#016x, want %#016x: run go generate", i, 0x1F000+i*64, 0x1F000+i*64+63, got, symbols[i])
		}
	}
	selects := func(r rune) bool {
		ok := literal(r)
		for _, vs := range []rune{0xFE0E, 0xFE0F} {
			s := string(r) + string(vs) + "x"
			ok = ok && sequence.Selector(s, len(string(r)), vs, literal)
		}
		return ok
	}
	startsElement := func(r rune) bool { return literal(r) && ucd.Lookup(r).ExtendedPictographic() }
	for _, tab := range []struct {
		name, rule string
		base       rune
		bits       *[64]uint64
		has        func(rune) bool
	}{
		{"presentationBMP", "sequence.Selector", 0x2000, &presentationBMP, selects},
		{"presentationSymbols", "sequence.Selector", 0x1F000, &presentationSymbols, selects},
		{"emojiBMP", "literal and Extended_Pictographic", 0x2000, &emojiBMP, startsElement},
		{"emojiSymbols", "literal and Extended_Pictographic", 0x1F000, &emojiSymbols, startsElement},
	} {
		var want [64]uint64
		for r := tab.base; r < tab.base+64*64; r++ {
			if tab.has(r) {
				want[r>>6&63] |= 1 << (r & 63)
			}
		}
		if *tab.bits != want {
			t.Errorf("%s is not what %s says: run go generate", tab.name, tab.rule)
		}
	}
}

// TestRuneClassControls checks the C1 guard: the parser removes C1
// controls before the Unicode pass, and a line that holds one, in UTF-8,
// never passes as clean.
func TestRuneClassControls(t *testing.T) {
	classes := new(classCache) // shared, as a Cleaner shares its own
	for r := rune(0x80); r <= 0x9F; r++ {
		if got, contextual := runeClass(r); got != plainsight.ClassControl || contextual {
			t.Errorf("runeClass(%U) = %v, %v, want %v, false", r, got, contextual, plainsight.ClassControl)
		}
		if n, _ := cleanLines([]byte("ok\n"+string(r)+"\n"), 100, classes); n != 3 {
			t.Errorf("cleanLines passes %d bytes of a line with %U, want 3", n, r)
		}
	}
}

// unicodeLines exercise the per-rune rules: context-free classes, and
// joiners, selectors and tags in and out of their sequences.
var unicodeLines = []string{
	"plain caf\u00e9 \u65e5\u672c \U0001F600",
	"cat invoice\u202efdp.exe \u2066x\u2069",
	"su\u200bdo rm\u00a0-rf / \ufeffls \u3000x",
	"git clone https://github.com/\u0430pple/x \ue000 \ufdd0 \U000EFFFF \u0378",
	"\u2800 \ufffc \U00013430 \u00ad \u034f \u115f x\u180e",
	"\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645 \U0001F468\u200d\U0001F469 \u2764\ufe0f",
	"ok" + strings.Repeat("\U000E0041", 3) + " \U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F",
	"x\ufe01 \u845b\U000E0100 \u0915\u094d\u200d\u0937",
	"\u2764\ufe0f \u2764\ufe0f\ufe0f \ufe0fstart \u2229\ufe00 \u845b\U000E0100\U000E0101 \t\ufe0f",
	"\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F wales, scotland",
	"\U0001F3F4\U000E0067\U000E0062\U000E007A\U000E007A\U000E007F not a flag",
	"\U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067 no cancel",
	"x\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F no base",
	"\U0001F3F4\U000E0047\U000E0042\U000E007F upper case \U000E007F\U000E007F",
	"\U0001F3F4" + strings.Repeat("\U000E0061", 9) + "\U000E007F too long",
	// Runs of tags that end at a CANCEL TAG, next to other escapes and
	// to a flag, at the start and the end of the text.
	"\U000E0041\U000E007F\U000E0042\U000E0000\U000E0001\u200b\U000E0043\U0001F3F4\U000E0067\U000E0062\U000E0077\U000E006C\U000E0073\U000E007F\U000E007F",
	"\u202e\U000E0068\U000E0069\U000E007F\U000E007F x\U000E0020\U000E007E",
	"\u2764\U000E0100 \u845b\ufe0f \u00a0\ufe0f",
	"\u09b0\u200d\u09cd\u09af \u09b0\u200c\u09cd\u09af \u09f0\u200d\u09cd\u09af a\u200d\u09cd\u09af",
	"\U0001F44D\U0001F3FD\u200d\u2642\ufe0f a\u200d\U0001F600 \U0001F600\u200d \u200d\u200d \u2764\ufe0f\u200d\U0001F525",
	"\u0915\u094d\u200c\u0937 \u0915\u094d\u200c \u0628\u064e\u200c\u0628 \u0627\u200c\u0628 \u0915\u094d\u200d\u0628",
}

// TestUnicodePathsAgree checks that the per-rune path writes and counts
// what the Sanitize path does, for pieces of text under every policy.
func TestUnicodePathsAgree(t *testing.T) {
	for _, u := range []UnicodePolicy{UnicodeEscape, UnicodeRemove, UnicodeKeep} {
		for _, line := range unicodeLines {
			perRune := NewCleaner(Options{Unicode: u})
			sanitized := NewCleaner(Options{Unicode: u})
			perRune.emitUnicode([]byte(line), 0, len(line), false)
			sanitized.emitSanitized([]byte(line))
			if diff := cmp.Diff(string(sanitized.out), string(perRune.out)); diff != "" {
				t.Errorf("%v: text of %+q mismatch (-Sanitize +per rune):\n%s", u, line, diff)
			}
			if diff := cmp.Diff(sanitized.Report(), perRune.Report()); diff != "" {
				t.Errorf("%v: report of %+q mismatch (-Sanitize +per rune):\n%s", u, line, diff)
			}
		}
	}
}

// TestLiteral holds literal, which reads plainBMP and plainSymbols where
// they hold a code point, to runeClass for every valid code point.
func TestLiteral(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		want := r >= 0x20 && r < 0x7F
		if r >= 0xA0 {
			cls, _ := runeClass(r)
			want = cls == plainsight.ClassNone
		}
		if got := literal(r); got != want {
			t.Fatalf("literal(%U) = %v, want %v", r, got, want)
		}
	}
}

// TestClassCache checks that the cache returns runeClass for every code
// point from 0x80: each looked up twice in a row (an empty slot, then its
// own), and each after the last code point before it that shares its
// slot, which evicts it.
func TestClassCache(t *testing.T) {
	var cc classCache
	check := func(r rune) {
		cls, contextual := cc.class(r)
		wantCls, wantContextual := runeClass(r)
		if cls != wantCls || contextual != wantContextual {
			t.Fatalf("class(%U) = %v, %v; runeClass says %v, %v", r, cls, contextual, wantCls, wantContextual)
		}
		if settled, ok := cc.settled(r); ok != !wantContextual || ok && settled != wantCls {
			t.Fatalf("settled(%U) = %v, %v after class; runeClass says %v, %v", r, settled, ok, wantCls, wantContextual)
		}
	}
	for r := rune(0x80); r <= unicode.MaxRune; r++ {
		check(r)
		check(r)
	}
	var last [len(cc)]rune
	for r := rune(0x80); r <= unicode.MaxRune; r++ {
		i := slotIndex(r)
		if before := last[i]; before != 0 {
			check(before)
			check(r)
			check(before)
		}
		last[i] = r
	}
}

// TestUnicodePieces checks segments longer than ubufSize, which the
// per-rune path writes out in pieces: runs of escapes, long plain text
// between them, and output limits that cut inside every piece.
func TestUnicodePieces(t *testing.T) {
	segs := map[string]string{
		"escapes":        strings.Repeat("\u200b", 3*ubufSize),
		"tags":           strings.Repeat("\U000E0041", 2*ubufSize),
		"tag message":    "a" + strings.Repeat("\U000E0068\U000E0069\U000E0021", ubufSize) + "\U000E007F\u200b",
		"tag messages":   strings.Repeat("\U000E0068\U000E0069\U000E0021\U000E007F \u200b\U000E0067", ubufSize/8),
		"long text":      strings.Repeat("x", 2*ubufSize) + "\u202e" + strings.Repeat("\u65e5", ubufSize) + "\u200b",
		"lines repeated": strings.Repeat(strings.Join(unicodeLines, " "), ubufSize/256),
		// Floods of one character that escapes alone, of each length,
		// broken by another, and of ones whose neighbours decide.
		"floods": strings.Repeat("\u00ad", ubufSize/3) + "\u202e" + strings.Repeat("\u202e", ubufSize/2) + "x\u200b" +
			strings.Repeat("\U000F0000", ubufSize/5) + "\U000F0001\U000F0000\U000F0000" + strings.Repeat("\u200d", 300) +
			strings.Repeat("\ufe0f", 300) + strings.Repeat("\U000E0100", 300) + strings.Repeat("\u200c", 300) + "\u0628",
	}
	for name, seg := range segs {
		for _, u := range []UnicodePolicy{UnicodeEscape, UnicodeRemove, UnicodeKeep} {
			for _, limit := range []int{-1, ubufSize / 3, ubufSize + 7, 2*ubufSize + 1, 5 * ubufSize} {
				opts := Options{Unicode: u, Limits: Limits{MaxOutput: limit}}
				perRune, sanitized := NewCleaner(opts), NewCleaner(opts)
				perRune.emitUnicode([]byte(seg), 0, len(seg), false)
				sanitized.emitSanitized([]byte(seg))
				if diff := cmp.Diff(string(sanitized.out), string(perRune.out)); diff != "" {
					t.Errorf("%s, %v, limit %d: text mismatch (-Sanitize +per rune):\n%s", name, u, limit, diff)
				}
				if diff := cmp.Diff(sanitized.Report(), perRune.Report()); diff != "" {
					t.Errorf("%s, %v, limit %d: report mismatch (-Sanitize +per rune):\n%s", name, u, limit, diff)
				}
			}
		}
	}
}

// TestUnicodeLineEnd checks a line's text written with its newline, which
// the per-rune path puts in its last piece, against Sanitize's text and
// the newline written after it, under output limits that cut the line
// anywhere near its end, as well as inside it and nowhere.
func TestUnicodeLineEnd(t *testing.T) {
	segs := append(slices.Clone(unicodeLines), "", "plain text \u65e5\u672c", "\u202e", "a\u00a0",
		strings.Repeat("x\u200b", ubufSize/4), "\u200b"+strings.Repeat("x", ubufSize))
	for _, seg := range segs {
		for _, u := range []UnicodePolicy{UnicodeEscape, UnicodeRemove, UnicodeKeep} {
			whole := NewCleaner(Options{Unicode: u})
			whole.emitSanitized([]byte(seg))
			n := len(whole.out) + 1 + len(TruncationMarker) + 1 // the text, its newline, the marker after a cut
			limits := []int{-1, 0, n / 2}
			for limit := n - 8; limit <= n+1; limit++ {
				limits = append(limits, limit)
			}
			for _, limit := range limits {
				opts := Options{Unicode: u, Limits: Limits{MaxOutput: limit}}
				perRune, bounded, sanitized := NewCleaner(opts), NewCleaner(opts), NewCleaner(opts)
				perRune.emitUnicode([]byte(seg), 0, len(seg), true)
				bounded.emitSegment([]byte(seg), plainPrefix([]byte(seg)), unplainEnd([]byte(seg)), true)
				sanitized.emitSanitized([]byte(seg))
				sanitized.emit(newline)
				what := fmt.Sprintf("%v, limit %d: %+.40q", u, limit, seg)
				checkAgrees(t, what, sanitized, perRune, "per rune")
				checkAgrees(t, what, sanitized, bounded, "bounded")
			}
		}
	}
}

// checkAgrees reports where the text or the report of got, the Cleaner
// named name, differs from those of want, which Sanitize wrote.
func checkAgrees(t *testing.T, what string, want, got *Cleaner, name string) {
	t.Helper()
	if diff := cmp.Diff(string(want.out), string(got.out)); diff != "" {
		t.Errorf("%s: text mismatch (-Sanitize +%s):\n%s", what, name, diff)
	}
	if diff := cmp.Diff(want.Report(), got.Report()); diff != "" {
		t.Errorf("%s: report mismatch (-Sanitize +%s):\n%s", what, name, diff)
	}
}

// TestEscapeCopies checks floods of one character that escapes alone, of
// each length up to past a word's worth of copies and a power of two
// (where escapeCopies' doubling copy ends), each in a Cleaner of its own,
// against Sanitize.
func TestEscapeCopies(t *testing.T) {
	for _, ch := range []string{"\u00ad", "\u202e", "\U000F0000"} {
		for copies := 1; copies <= 70; copies++ {
			for _, seg := range []string{strings.Repeat(ch, copies), "x" + strings.Repeat(ch, copies) + "\u200b"} {
				perRune, sanitized := NewCleaner(Options{}), NewCleaner(Options{})
				perRune.emitUnicode([]byte(seg), 0, len(seg), false)
				sanitized.emitSanitized([]byte(seg))
				if diff := cmp.Diff(string(sanitized.out), string(perRune.out)); diff != "" {
					t.Fatalf("%+q: text mismatch (-Sanitize +per rune):\n%s", seg, diff)
				}
				if diff := cmp.Diff(sanitized.Report(), perRune.Report()); diff != "" {
					t.Fatalf("%+q: report mismatch (-Sanitize +per rune):\n%s", seg, diff)
				}
			}
		}
	}
}

// FuzzUnicodePaths checks on any clean text (controls dropped, invalid
// UTF-8 replaced) that the per-rune path agrees with Sanitize.
func FuzzUnicodePaths(f *testing.F) {
	f.Add("\u2764\ufe0f x\ufe01 \U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F \u202e\u00a0")
	// Past the first sixteen bytes of a run, where plainRun reads a word
	// at a time: ZWNJs that join and that do not, emoji and one not
	// assigned.
	f.Add("\u0645\u06cc\u06a9\u0634\u062f\u0645\u06cc\u06a9\u0634\u062f \u0645\u06cc\u200c\u06a9 \u0628\u200c\u0301 \u0628\u200c\u0621 \u0627\u200c\u0628 \U0001F680 \U0001F2FF")
	// Floods of one character that escapes alone, broken by others.
	f.Add(strings.Repeat("\u200b", 9) + "\u200c" + strings.Repeat("\u00ad", 7) + "\u200d\u200d\u200d\u200d" + strings.Repeat("\U000F0000", 4) + "a")
	f.Fuzz(func(t *testing.T, s string) {
		seg := []byte(strings.Map(func(r rune) rune {
			if r < 0x20 && r != '\t' || r >= 0x7F && r <= 0x9F {
				return -1
			}
			return r
		}, strings.ToValidUTF8(s, "\ufffd")))
		// The part a fast path hands the walk: after the prefix
		// plainPrefix passes, to the end of the last code point that
		// plainBMP does not mark.
		plain, dirty := plainPrefix(seg), unplainEnd(seg)
		for _, u := range []UnicodePolicy{UnicodeEscape, UnicodeRemove, UnicodeKeep} {
			perRune, bounded, sanitized := NewCleaner(Options{Unicode: u}), NewCleaner(Options{Unicode: u}), NewCleaner(Options{Unicode: u})
			perRune.emitUnicode(seg, 0, len(seg), false)
			bounded.emitSegment(seg, plain, dirty, false)
			sanitized.emitSanitized(seg)
			what := fmt.Sprintf("%v: %+q", u, seg)
			checkAgrees(t, what, sanitized, perRune, "per rune")
			checkAgrees(t, what, sanitized, bounded, "bounded")
		}
	})
}

// unplainEnd returns the end of the last code point in seg, valid UTF-8,
// that is neither ASCII nor marked in plainBMP, or 0 if there is none:
// what groundRun tells the line, a character at a time.
func unplainEnd(seg []byte) int {
	end := 0
	for i, r := range string(seg) {
		if r >= utf8.RuneSelf && (r > 0xFFFF || plainBMP[r>>6]&(1<<(r&63)) == 0) {
			end = i + utf8.RuneLen(r)
		}
	}
	return end
}

// emitSanitized writes seg through Sanitize, the oracle of the per-rune
// path: the code points Sanitize escapes are written per the Unicode policy
// and counted.
func (c *Cleaner) emitSanitized(seg []byte) {
	res := plainsight.Policy{KeepTab: true}.Sanitize(string(seg))
	escapes := slices.Collect(res.Escapes.All())
	for _, e := range escapes {
		c.countUnicode(e.Class, e.Repeat+1)
	}
	switch {
	case c.opts.Unicode == UnicodeKeep || len(escapes) == 0:
		c.emit(seg)
	case c.opts.Unicode == UnicodeRemove:
		prev := 0
		for _, e := range escapes {
			c.emitString(res.Text[prev:e.Start])
			prev = e.End
		}
		c.emitString(res.Text[prev:])
	default:
		c.emitString(res.Text)
	}
}

// TestPassLinesAgree checks that whole lines passed straight through come
// out as the token path writes them: Clean sees each line whole, a Cleaner
// fed one byte at a time never does.
func TestPassLinesAgree(t *testing.T) {
	for _, u := range []UnicodePolicy{UnicodeEscape, UnicodeRemove, UnicodeKeep} {
		for _, line := range unicodeLines {
			in := []byte(line + "\n" + line + "\n\tx\n")
			opts := Options{Unicode: u}
			text, rep := Clean(in, opts)
			c := NewCleaner(opts)
			for i := range in {
				c.write(in[i : i+1])
			}
			c.finish()
			if diff := cmp.Diff(string(c.out), text); diff != "" {
				t.Errorf("%v: text of %+q mismatch (-bytewise +whole):\n%s", u, in, diff)
			}
			if diff := cmp.Diff(c.Report(), rep); diff != "" {
				t.Errorf("%v: report of %+q mismatch (-bytewise +whole):\n%s", u, in, diff)
			}
		}
	}
}

// TestDecodeRune checks decodeRune against utf8.DecodeRune on every lead
// byte with continuation bytes at and around the edges of their ranges,
// and on inputs cut short.
func TestDecodeRune(t *testing.T) {
	edges := []byte{0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF}
	for b0 := range 256 {
		for _, b1 := range edges {
			for _, b2 := range edges {
				for _, b3 := range edges {
					s := []byte{byte(b0), b1, b2, b3}
					for n := 1; n <= len(s); n++ {
						r, size := decodeRune(s[:n])
						wr, wsize := utf8.DecodeRune(s[:n])
						if r != wr || size != wsize {
							t.Fatalf("decodeRune(% x) = %U, %d; utf8.DecodeRune: %U, %d", s[:n], r, size, wr, wsize)
						}
					}
				}
			}
		}
	}
}
