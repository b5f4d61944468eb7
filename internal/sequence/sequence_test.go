package sequence

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// literalAll takes every code point for literal, so that a case tests the
// rule alone.
func literalAll(rune) bool { return true }

// literalNoLatin takes Latin letters for escaped, as a policy flagging
// them would: a rule must not lean on them.
func literalNoLatin(r rune) bool { return !(r >= 'a' && r <= 'z') }

// at returns the first code point of text that is judged, by offset, and
// its size.
func at(text string, judged func(rune) bool) (int, rune, int) {
	for i, r := range text {
		if judged(r) {
			return i, r, utf8.RuneLen(r)
		}
	}
	return -1, 0, 0
}

func isJoiner(r rune) bool   { return r == zwj || r == zwnj || r == 0x200B }
func isSelector(r rune) bool { return r >= 0xFE00 && r <= 0xFE0F || r >= 0xE0100 && r <= 0xE01EF }
func isTag(r rune) bool      { return r >= 0xE0000 && r <= 0xE007F }

// A ruleCase is a text, the code points it shows as themselves, and
// whether a rule holds at the first code point it judges.
type ruleCase struct {
	name, text string
	literal    Literal
	want       bool
}

// checkRule checks rule, run on a string and on its bytes, at the first
// code point of each case that judged picks.
func checkRule(t *testing.T, name string, tests []ruleCase, judged func(rune) bool,
	rule func(text string, i, size int, r rune, lit Literal) [2]bool) {
	t.Helper()
	for _, tt := range tests {
		i, r, size := at(tt.text, judged)
		got := rule(tt.text, i, size, r, tt.literal)
		if diff := cmp.Diff([2]bool{tt.want, tt.want}, got); diff != "" {
			t.Errorf("%s: %s(%+q) mismatch (-want +got, string then bytes):\n%s", tt.name, name, tt.text, diff)
		}
	}
}

func TestJoiner(t *testing.T) {
	tests := []ruleCase{
		{"emoji ZWJ sequence", "\U0001F468\u200d\U0001F4BB", literalAll, true},
		{"family of four", "\U0001F468\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466", literalAll, true},
		{"family with skin tones", "\U0001F9D1\U0001F3FB\u200d\U0001F91D\u200d\U0001F9D1\U0001F3FF", literalAll, true},
		{"kiss, ten code points", "\U0001F469\U0001F3FB\u200d\u2764\ufe0f\u200d\U0001F48B\u200d\U0001F468\U0001F3FC", literalAll, true},
		{"rainbow flag", "\U0001F3F3\ufe0f\u200d\U0001F308", literalAll, true},
		{"two emoji that join into nothing", "\U0001F600\u200d\U0001F600", literalAll, false},
		{"man and woman, not RGI", "\U0001F468\u200d\U0001F469", literalAll, false},
		{"RGI sequence prolonged", "\U0001F468\u200d\U0001F4BB\u200d\U0001F4BB", literalAll, false},
		{"family of eleven", strings.Repeat("\U0001F468\u200d", 10) + "\U0001F466", literalAll, false},
		{"emoji presentation then ZWJ", "\u2764\ufe0f\u200d\U0001F525", literalAll, true},
		{"modifier then ZWJ", "\U0001F3C3\U0001F3FD\u200d\u2642\ufe0f", literalAll, true},
		{"modifier then ZWJ, not RGI", "\U0001F44D\U0001F3FD\u200d\u2642", literalAll, false},
		{"letter then ZWJ then emoji", "a\u200d\U0001F600", literalAll, false},
		{"emoji then ZWJ at end", "\U0001F600\u200d", literalAll, false},
		{"two ZWJ", "\U0001F600\u200d\u200d\U0001F600", literalAll, false},
		{"Persian ZWNJ, rule A1", "\u0645\u06cc\u200c\u062e", literalAll, true},
		{"right-joining then ZWNJ", "\u0627\u200c\u0628", literalAll, false},
		{"harakat are transparent", "\u0628\u064e\u200c\u0628", literalAll, true},
		{"ZWNJ after virama before letter, rule A2", "\u0915\u094d\u200c\u0937", literalAll, true},
		{"ZWNJ after virama at end", "\u0915\u094d\u200c", literalAll, false},
		{"ZWJ after virama, rule B", "\u0915\u094d\u200d\u0937", literalAll, true},
		{"ZWJ after virama before dual-joining", "\u0915\u094d\u200d\u0628", literalAll, false},
		{"virama without a letter", "\u094d\u200d\u0937", literalAll, false},
		{"Bengali ra ZWJ virama ya", "\u09b0\u200d\u09cd\u09af", literalAll, true},
		{"Bengali ra ZWNJ virama ya", "\u09b0\u200c\u09cd\u09af", literalAll, true},
		{"Assamese ra ZWJ virama ya", "\u09f0\u200d\u09cd\u09af", literalAll, true},
		{"Latin then ZWJ virama ya", "a\u200d\u09cd\u09af", literalAll, false},
		{"zero width space is never a joiner", "\u09b0\u200b\u09cd\u09af", literalAll, false},
		{"Latin between ZWNJ", "ab\u200ccd", literalAll, false},
		{"escaped neighbour", "\u0627\u0628\u200c\u0628", func(r rune) bool { return r != 0x0628 }, false},
		{"marks past the bound", "\u0915\u094d" + strings.Repeat("\u0301", maxLookaround+1) + "\u200c\u0937", literalAll, false},
	}
	checkRule(t, "Joiner", tests, isJoiner,
		func(text string, i, size int, r rune, lit Literal) [2]bool {
			return [2]bool{Joiner(text, i, size, r, lit), Joiner([]byte(text), i, size, r, lit)}
		})
}

func TestSelector(t *testing.T) {
	tests := []ruleCase{
		{"emoji presentation", "\u2764\ufe0f", literalAll, true},
		{"text presentation", "\u2764\ufe0e", literalAll, true},
		{"selector twice", "\u2764\ufe0f\ufe0f", literalAll, true}, // the first
		{"selector at start", "\ufe0fstart", literalAll, false},
		{"keycap", "1\ufe0f\u20e3", literalAll, true},
		{"keycap base alone", "1\ufe0f", literalAll, false},
		{"standardized variant", "\u2229\ufe00", literalAll, true},
		{"unlisted pair", "x\ufe01", literalAll, false},
		{"registered ideographic variation", "\u845b\U000E0100", literalAll, true},
		{"emoji with an ideographic selector", "\u2764\U000E0100", literalAll, false},
		{"ideograph with VS16", "\u845b\ufe0f", literalAll, false},
		{"escaped base", "\u2764\ufe0f", func(r rune) bool { return r != 0x2764 }, false},
	}
	checkRule(t, "Selector", tests, isSelector,
		func(text string, i, _ int, r rune, lit Literal) [2]bool {
			return [2]bool{Selector(text, i, r, lit), Selector([]byte(text), i, r, lit)}
		})
}

// tags spells s in tag characters.
func tags(s string) string {
	var b strings.Builder
	for _, c := range s {
		b.WriteRune(0xE0000 + c)
	}
	return b.String()
}

func TestTagRun(t *testing.T) {
	const flag, cancel = "\U0001F3F4", "\U000E007F"
	type verdict struct {
		End   int
		Legit bool
	}
	tests := []struct {
		name, text string
		literal    Literal
		want       verdict
	}{
		{"England", flag + tags("gbeng") + cancel + " x", literalAll, verdict{len(flag + tags("gbeng") + cancel), true}},
		{"Wales", flag + tags("gbwls") + cancel, literalAll, verdict{len(flag + tags("gbwls") + cancel), true}},
		{"not listed", flag + tags("gbzz") + cancel, literalAll, verdict{len(flag + tags("gbzz") + cancel), false}},
		{"no cancel", flag + tags("gbeng") + " x", literalAll, verdict{len(flag + tags("gbeng")), false}},
		{"no base", "x" + tags("gbeng") + cancel, literalAll, verdict{len("x" + tags("gbeng") + cancel), false}},
		{"upper case", flag + tags("GB") + cancel, literalAll, verdict{len(flag + tags("GB") + cancel), false}},
		{"too long", flag + tags(strings.Repeat("a", 9)) + cancel, literalAll, verdict{len(flag + tags(strings.Repeat("a", 9)) + cancel), false}},
		{"escaped base", flag + tags("gbeng") + cancel, func(r rune) bool { return r != 0x1F3F4 }, verdict{len(flag + tags("gbeng") + cancel), false}},
		{"cancel alone", "ok" + cancel + cancel, literalAll, verdict{len("ok" + cancel), false}},
	}
	for _, tt := range tests {
		i, _, _ := at(tt.text, isTag)
		var got [2]verdict
		got[0].End, got[0].Legit = TagRun(tt.text, i, tt.literal)
		got[1].End, got[1].Legit = TagRun([]byte(tt.text), i, tt.literal)
		if diff := cmp.Diff([2]verdict{tt.want, tt.want}, got); diff != "" {
			t.Errorf("%s: TagRun(%+q) mismatch (-want +got, string then bytes):\n%s", tt.name, tt.text, diff)
		}
	}
}

// tagRunRef is TagRun as its doc defines it, a decoded rune at a time.
func tagRunRef(text string, i int, literal Literal) (end int, legit bool) {
	end = i
	var spec []byte
	wellFormed := true
	for end < len(text) {
		r, size := utf8.DecodeRuneInString(text[end:])
		if r < 0xE0000 || r > 0xE007F {
			break
		}
		end += size
		if r == 0xE007F {
			break
		}
		c := byte(r - 0xE0000)
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z') || len(spec) == 8 {
			wellFormed = false
			continue
		}
		spec = append(spec, c)
	}
	last, _ := utf8.DecodeLastRuneInString(text[:end])
	base, _ := utf8.DecodeLastRuneInString(text[:i])
	legit = wellFormed && base == 0x1F3F4 && literal(base) && last == 0xE007F &&
		ucd.IsRGIEmojiTagSequence(string(spec))
	return end, legit
}

// TestTagRunBytes checks TagRun, which reads tags from their bytes,
// against tagRunRef on every tag and the code points and byte strings
// next to them: U+E0080, U+DFFFF, a continuation byte out of range, and
// a tag cut short, each after a flag and tags and at the end.
func TestTagRunBytes(t *testing.T) {
	const flag = "\U0001F3F4"
	var units []string
	for c := rune(0); c <= 0x7F; c++ {
		units = append(units, string(0xE0000+c))
	}
	units = append(units, "\U000E0080", "\U000DFFFF", "\xf3\xa0\x80\xc0", "\xf3\xa0\x82\x80", "\xf3\xa0\x80", "\xf3\xa0", "\xf3", "x")
	for _, u := range units {
		for _, text := range []string{flag + u, flag + tags("gb") + u + tags("eng"), flag + tags("gbeng") + u + "\U000E007F", flag + tags("gbwls") + "\U000E007F" + u} {
			i := len(flag)
			end, legit := TagRun(text, i, literalAll)
			bEnd, bLegit := TagRun([]byte(text), i, literalAll)
			wantEnd, wantLegit := tagRunRef(text, i, literalAll)
			if end != wantEnd || legit != wantLegit || bEnd != wantEnd || bLegit != wantLegit {
				t.Errorf("TagRun(%+q) = (%d, %v), bytes (%d, %v); want (%d, %v)", text, end, legit, bEnd, bLegit, wantEnd, wantLegit)
			}
		}
	}
}

// TestTagRunLong checks TagRun against tagRunRef on runs long enough
// that it reads their tags two at a time once they spell no subdivision
// flag: an upper-case tag first, or more than eight letters, then tags up
// to what ends the run at each offset, odd and even (CANCEL TAG, a code
// point, a tag cut short, the text's end), with the flag before them or
// not.
func TestTagRunLong(t *testing.T) {
	ends := []string{"\U000E007F", "\U000E007Fx", "x", "\U000E0080", "\xf3\xa0\x81", "\xf3\xa0\x80\xc0", ""}
	for _, start := range []string{"\U000E0041", tags("abcdefghi")} {
		for n := range 21 {
			for _, end := range ends {
				for _, flag := range []string{"\U0001F3F4", "a"} {
					text := flag + start + strings.Repeat("\U000E0062", n) + end + tags("gb")
					i := len(flag)
					wantEnd, wantLegit := tagRunRef(text, i, literalAll)
					end, legit := TagRun(text, i, literalAll)
					bEnd, bLegit := TagRun([]byte(text), i, literalAll)
					if end != wantEnd || legit != wantLegit || bEnd != wantEnd || bLegit != wantLegit {
						t.Errorf("TagRun(%+q) = (%d, %v), bytes (%d, %v); want (%d, %v)", text, end, legit, bEnd, bLegit, wantEnd, wantLegit)
					}
				}
			}
		}
	}
}

// TestLiteralStopsWalks checks that no rule looks through a code point
// the caller escapes: with Latin letters escaped, a joiner between them
// joins nothing.
func TestLiteralStopsWalks(t *testing.T) {
	for _, text := range []string{"\u0915\u094d\u200c\u0937", "\u0645\u06cc\u200c\u062e"} {
		i, r, size := at(text, isJoiner)
		if !Joiner(text, i, size, r, literalNoLatin) {
			t.Errorf("Joiner(%+q) = false with only Latin escaped", text)
		}
	}
	if text := "a\u0301\u094d\u200c\u0937"; Joiner(text, 5, 3, zwnj, literalNoLatin) {
		t.Errorf("Joiner(%+q) = true with the letter escaped", text)
	}
}

// FuzzRules checks on any text that each rule reads a string and its
// bytes alike, and that a tag run ends inside the text, after its start.
func FuzzRules(f *testing.F) {
	f.Add("\u2764\ufe0f\u200d\U0001F525 \u0915\u094d\u200c\u0937 \U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F \u845b\U000E0100")
	f.Add("\xff\u200d\xe2\x80 \ufe0f\x80\U000E0067")
	f.Fuzz(func(t *testing.T, s string) {
		b := []byte(s)
		for i, r := range s {
			size := utf8.RuneLen(r)
			if r == utf8.RuneError {
				size = 1
			}
			if got, want := Joiner(b, i, size, r, literalAll), Joiner(s, i, size, r, literalAll); got != want {
				t.Fatalf("Joiner at %d of %+q: bytes %v, string %v", i, s, got, want)
			}
			if got, want := Selector(b, i, r, literalAll), Selector(s, i, r, literalAll); got != want {
				t.Fatalf("Selector at %d of %+q: bytes %v, string %v", i, s, got, want)
			}
			end, legit := TagRun(s, i, literalAll)
			bEnd, bLegit := TagRun(b, i, literalAll)
			if end != bEnd || legit != bLegit || end < i || end > len(s) {
				t.Fatalf("TagRun at %d of %+q: string (%d, %v), bytes (%d, %v)", i, s, end, legit, bEnd, bLegit)
			}
			if refEnd, refLegit := tagRunRef(s, i, literalAll); end != refEnd || legit != refLegit {
				t.Fatalf("TagRun at %d of %+q: (%d, %v), by its definition (%d, %v)", i, s, end, legit, refEnd, refLegit)
			}
			if legit && !ucd.Lookup(r).DefaultIgnorable() {
				t.Fatalf("TagRun at %d of %+q: legit run starts at %U", i, s, r)
			}
		}
	})
}

// TestZWJ checks where ZWJ says the emoji ZWJ sequence of a ZWJ ends, at
// each ZWJ of a sequence, and that it says none for a ZWJ that joins by
// another rule or not at all.
func TestZWJ(t *testing.T) {
	family := "\U0001F468\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466"
	tests := []struct {
		text     string
		legit    bool
		emojiEnd int
	}{
		{"x " + family + " y", true, 2 + len(family)},
		{family + "\u200d", false, 0},
		{"\u2764\ufe0f\u200d\U0001F525!", true, len("\u2764\ufe0f\u200d\U0001F525")},
		{"\U0001F600\u200d\U0001F600", false, 0},
		{"\u0915\u094d\u200d\u0937", true, 0}, // UAX #31 rule B
	}
	for _, tt := range tests {
		for i, r := range tt.text {
			if r != zwj {
				continue
			}
			legit, end := ZWJ(tt.text, i, literalAll)
			if legit != tt.legit || end != tt.emojiEnd {
				t.Errorf("ZWJ(%+q, %d) = %v, %d; want %v, %d", tt.text, i, legit, end, tt.legit, tt.emojiEnd)
			}
			if j := Joiner(tt.text, i, len("\u200d"), zwj, literalAll); j != legit {
				t.Errorf("Joiner(%+q, %d) = %v, ZWJ says %v", tt.text, i, j, legit)
			}
		}
	}
}

// TestEveryRGIZWJSequence keeps every ZWJ of every sequence of
// emoji-zwj-sequences.txt literal, and none of a sequence cut short by
// its first element.
func TestEveryRGIZWJSequence(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "ucd", ucd.UnicodeVersion, "emoji-zwj-sequences.txt"))
	if err != nil {
		t.Skipf("Unicode data not available: %v", err)
	}
	n := 0
	for line := range strings.Lines(string(data)) {
		fields, _, _ := strings.Cut(line, ";")
		if strings.HasPrefix(line, "#") || strings.TrimSpace(fields) == "" {
			continue
		}
		var seq strings.Builder
		for _, f := range strings.Fields(fields) {
			v, err := strconv.ParseUint(f, 16, 32)
			if err != nil {
				t.Fatalf("bad line %q", line)
			}
			seq.WriteRune(rune(v))
		}
		s := seq.String()
		n++
		for i := 0; i < len(s); {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == zwj && !Joiner(s, i, size, r, literalAll) {
				t.Errorf("ZWJ at byte %d of RGI sequence %+q is not kept", i, s)
			}
			if text := "a " + s + " b"; r == zwj {
				if legit, end := ZWJ(text, 2+i, literalAll); !legit || end != 2+len(s) {
					t.Errorf("ZWJ(%+q, %d) = %v, %d; want true, %d", text, 2+i, legit, end, 2+len(s))
				}
			}
			i += size
		}
		first := strings.Index(s, "\u200d")
		if rest := s[first+len("\u200d"):]; strings.Contains(rest, "\u200d") && ucd.IsRGIEmojiZWJSequence(rest) {
			continue // the tail is a sequence of its own
		} else if j := strings.Index(rest, "\u200d"); j >= 0 && Joiner(rest, j, len("\u200d"), zwj, literalAll) {
			t.Errorf("%+q, cut short, keeps its ZWJ", rest)
		}
	}
	if n != 1614 {
		t.Errorf("read %d RGI emoji ZWJ sequences, want 1614", n)
	}
}

// TestRuneAtBefore holds runeAt and runeBefore to package utf8 on every
// byte after a few and before bytes at the edges of each range, in
// strings and in bytes, cut at each length.
func TestRuneAtBefore(t *testing.T) {
	edges := []byte{0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xE0, 0xE2, 0xED, 0xEF, 0xF0, 0xF3, 0xF4, 0xFF}
	for b0 := range 256 {
		for _, b1 := range edges {
			for _, b2 := range edges {
				for _, b3 := range edges {
					for _, pre := range []byte{0x41, 0x80, 0xBF, 0xE2, 0xF0} {
						s := []byte{pre, byte(b0), b1, b2, b3}
						for n := 1; n <= len(s); n++ {
							r, size := runeAt(s[:n], 1)
							if n == 1 {
								if size != 0 {
									t.Fatalf("runeAt(% x, 1) = %U, %d at the end", s[:n], r, size)
								}
							} else if wr, wsize := utf8.DecodeRune(s[1:n]); r != wr || size != wsize {
								t.Fatalf("runeAt(% x, 1) = %U, %d; utf8.DecodeRune: %U, %d", s[:n], r, size, wr, wsize)
							}
							if r2, size2 := runeAt(string(s[:n]), 1); r2 != r || size2 != size {
								t.Fatalf("runeAt(%+q, 1) = %U, %d; on bytes %U, %d", s[:n], r2, size2, r, size)
							}
							r, size = runeBefore(s, n)
							if wr, wsize := utf8.DecodeLastRune(s[:n]); r != wr || size != wsize {
								t.Fatalf("runeBefore(% x, %d) = %U, %d; utf8.DecodeLastRune: %U, %d", s, n, r, size, wr, wsize)
							}
							if r2, size2 := runeBefore(string(s), n); r2 != r || size2 != size {
								t.Fatalf("runeBefore(%+q, %d) = %U, %d; on bytes %U, %d", s, n, r2, size2, r, size)
							}
						}
					}
				}
			}
		}
	}
}

// TestEmojiModifierRange checks that every emoji modifier lies between
// modifierFirst and modifierLast, where emojiModifier looks them up.
func TestEmojiModifierRange(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if ucd.Lookup(r).EmojiModifier() != emojiModifier(r) {
			t.Errorf("%U: EmojiModifier %v, emojiModifier %v", r, ucd.Lookup(r).EmojiModifier(), emojiModifier(r))
		}
	}
}
