// Package ucd holds the Unicode 17.0.0 character properties plainsight
// needs, generated from the Unicode Character Database and the Unicode
// emoji and security data.
//
// Go's unicode package is Unicode 15.0.0 as of Go 1.26 and has no
// Script_Extensions, emoji, joining or identifier properties; this package
// pins one version for all of them so that "assigned", "script" and
// "confusable" are decided against the same data.
//
// Every function is safe for concurrent use and accepts any rune,
// including negative values and values above unicode.MaxRune, which
// have the properties of an unassigned code point.
package ucd

//go:generate go run ../gen -ucd ../../../shared/ucd/17.0.0 -o tables.go

import (
	"iter"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// Props packs the Unicode properties of one code point. The zero Props is
// that of an unassigned code point: Category Cn, Script Unknown, Joining
// type U, every boolean property false.
type Props uint64

// Lookup returns the properties of r in constant time.
func Lookup(r rune) Props {
	c := uint32(r)
	if c < uint32(len(lowProps)) {
		return lowProps[c]
	}
	if c > 0x10FFFF {
		return 0
	}
	return trieLookup(c)
}

// Decode decodes the first UTF-8 sequence of s and looks its code point up:
// utf8.DecodeRuneInString and Lookup in one step, every caller's one. For an
// empty s it returns (utf8.RuneError, 0, 0) and for invalid UTF-8
// (utf8.RuneError, 1, 0). Two-byte sequences (Latin-1 to N'Ko: Greek,
// Cyrillic, Armenian, Hebrew, Arabic) take a short path.
func Decode(s string) (r rune, size int, p Props) {
	if len(s) >= 2 {
		if b0, b1 := s[0], s[1]; b0-0xC2 <= 0xDF-0xC2 && b1&0xC0 == 0x80 {
			r = rune(b0&0x1F)<<6 | rune(b1&0x3F)
			return r, 2, lowProps[r&0x7FF]
		}
	}
	r, size = utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && size <= 1 {
		return r, size, 0
	}
	return r, size, Lookup(r)
}

func trieLookup(c uint32) Props {
	i := uint32(trieIndex1[c>>trieShift1])<<trieShift2 | c>>trieShift3&trieMask2
	j := uint32(trieIndex2[i])<<trieShift3 | c&trieMask3
	return trieValues[trieLeaf[j]]
}

// Script returns the Script property (Scripts.txt).
func (p Props) Script() Script { return Script(p >> propScriptShift & propScriptMask) }

// Category returns the General_Category property.
func (p Props) Category() Category { return Category(p >> propCategoryShift & propCategoryMask) }

// JoiningType returns the Joining_Type property (DerivedJoiningType.txt).
func (p Props) JoiningType() JoiningType { return JoiningType(p >> propJoiningShift & propJoiningMask) }

// DefaultIgnorable reports the Default_Ignorable_Code_Point property. It
// holds for some unassigned code points too (U+2065, most of
// U+E0000..U+E0FFF).
func (p Props) DefaultIgnorable() bool { return p&propDefaultIgnorable != 0 }

// ExtendedPictographic reports the Extended_Pictographic property
// (emoji-data.txt).
func (p Props) ExtendedPictographic() bool { return p&propExtendedPictographic != 0 }

// EmojiModifier reports the Emoji_Modifier property (the five skin tones).
func (p Props) EmojiModifier() bool { return p&propEmojiModifier != 0 }

// EmojiVariationBase reports whether the code point is the base of an
// emoji variation sequence (emoji-variation-sequences.txt), that is
// whether U+FE0E or U+FE0F may follow it. The keycap bases #, * and 0-9
// are included.
func (p Props) EmojiVariationBase() bool { return p&propEmojiVariationBase != 0 }

// QuotationMark reports the Quotation_Mark property (PropList.txt).
func (p Props) QuotationMark() bool { return p&propQuotationMark != 0 }

// WhiteSpace reports the White_Space property (PropList.txt).
func (p Props) WhiteSpace() bool { return p&propWhiteSpace != 0 }

// IdentifierAllowed reports whether Identifier_Status is Allowed
// (UTS #39 IdentifierStatus.txt).
func (p Props) IdentifierAllowed() bool { return p&propIdentifierAllowed != 0 }

// HasScriptExtensions reports whether the code point has an explicit
// Script_Extensions value in ScriptExtensions.txt.
func (p Props) HasScriptExtensions() bool { return p&propScriptExtensions != 0 }

// HasConfusable reports whether the code point is a source in
// confusables.txt; Confusable returns its prototype.
func (p Props) HasConfusable() bool { return p&propConfusable != 0 }

// Virama reports whether Indic_Syllabic_Category is Virama or
// Invisible_Stacker, the $V of the UAX #31 ZWJ/ZWNJ rules A2 and B.
func (p Props) Virama() bool { return p&propVirama != 0 }

// BidiControl reports the Bidi_Control property (PropList.txt): the
// explicit directional marks, embeddings, overrides and isolates.
func (p Props) BidiControl() bool { return p&propBidiControl != 0 }

// VariationSelector reports the Variation_Selector property (PropList.txt).
func (p Props) VariationSelector() bool { return p&propVariationSelector != 0 }

// Noncharacter reports the Noncharacter_Code_Point property (PropList.txt).
func (p Props) Noncharacter() bool { return p&propNoncharacter != 0 }

// ReadsAsASCIIPunct reports whether the code point is not ASCII and its
// NFKC form (see ASCIIForm) or its prototype in confusables.txt is one
// ASCII character other than a letter or digit: U+FF0E FULLWIDTH FULL
// STOP, U+2044 FRACTION SLASH, U+2010 HYPHEN. It is false for most code
// points, so that a search of either table can be skipped.
func (p Props) ReadsAsASCIIPunct() bool { return p&propASCIIPunct != 0 }

// OrdinaryLetter reports whether the code point is a letter (Lu, Ll, Lt,
// Lm or Lo) that is Identifier_Status Allowed, has no explicit
// Script_Extensions and is not Default_Ignorable: a letter of ordinary
// words, which needs nothing but its Script to be placed. It is one test
// of the packed bits, for the hottest loops.
func (p Props) OrdinaryLetter() bool {
	const bits = propIdentifierAllowed | propScriptExtensions | propDefaultIgnorable
	cat := p >> propCategoryShift & propCategoryMask
	return p&bits == propIdentifierAllowed && cat-Props(Lu) <= Props(Lo-Lu)
}

// Category is a General_Category value. The zero value is Cn (unassigned).
type Category uint8

// IsLetter reports whether c is one of Lu, Ll, Lt, Lm, Lo.
func (c Category) IsLetter() bool { return Lu <= c && c <= Lo }

// IsMark reports whether c is one of Mn, Mc, Me.
func (c Category) IsMark() bool { return Mn <= c && c <= Me }

// IsNumber reports whether c is one of Nd, Nl, No.
func (c Category) IsNumber() bool { return Nd <= c && c <= No }

// IsPunct reports whether c is one of Pc, Pd, Ps, Pe, Pi, Pf, Po.
func (c Category) IsPunct() bool { return Pc <= c && c <= Po }

// IsSymbol reports whether c is one of Sm, Sc, Sk, So.
func (c Category) IsSymbol() bool { return Sm <= c && c <= So }

// IsSeparator reports whether c is one of Zs, Zl, Zp.
func (c Category) IsSeparator() bool { return Zs <= c && c <= Zp }

// IsOther reports whether c is one of Cc, Cf, Cs, Co, Cn.
func (c Category) IsOther() bool { return c == Cn || Cc <= c && c <= Co }

// String returns the two-letter abbreviation, such as "Lu".
func (c Category) String() string {
	if int(c) < len(categoryNames) {
		return categoryNames[c]
	}
	return "Category(" + strconv.Itoa(int(c)) + ")"
}

// MarshalText returns the two-letter abbreviation.
func (c Category) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// JoiningType is a Joining_Type value. The zero value is JoiningU
// (Non_Joining).
type JoiningType uint8

// String returns the one-letter abbreviation, such as "D".
func (j JoiningType) String() string {
	if int(j) < len(joiningNames) {
		return joiningNames[j]
	}
	return "JoiningType(" + strconv.Itoa(int(j)) + ")"
}

// MarshalText returns the one-letter abbreviation.
func (j JoiningType) MarshalText() ([]byte, error) { return []byte(j.String()), nil }

// Script is a Script property value, or one of the UTS #39 pseudo-scripts
// ScriptHanb, ScriptJpan and ScriptKore used to augment script sets. The
// zero value is ScriptUnknown.
type Script uint8

// String returns the long name with spaces, such as "Old Italic", or
// "Han with Bopomofo", "Japanese", "Korean" for the pseudo-scripts.
func (s Script) String() string {
	if s < NumScripts {
		return scriptNames[s]
	}
	return "Script(" + strconv.Itoa(int(s)) + ")"
}

// Code returns the ISO 15924 code, such as "Latn".
func (s Script) Code() string {
	if s < NumScripts {
		return scriptCodes[s]
	}
	return "Script(" + strconv.Itoa(int(s)) + ")"
}

// MarshalText returns the ISO 15924 code.
func (s Script) MarshalText() ([]byte, error) { return []byte(s.Code()), nil }

// ScriptSet is a set of Script values. The zero value is the empty set.
type ScriptSet [3]uint64

// Has reports whether sc is in s.
func (s ScriptSet) Has(sc Script) bool {
	return sc < NumScripts && s[sc/64]&(1<<(sc%64)) != 0
}

// Add adds sc to s. Values that are not valid scripts (sc >= NumScripts)
// are ignored.
func (s *ScriptSet) Add(sc Script) {
	if sc < NumScripts {
		s[sc/64] |= 1 << (sc % 64)
	}
}

// Intersect returns the scripts in both s and t.
func (s ScriptSet) Intersect(t ScriptSet) ScriptSet {
	return ScriptSet{s[0] & t[0], s[1] & t[1], s[2] & t[2]}
}

// Union returns the scripts in s or t.
func (s ScriptSet) Union(t ScriptSet) ScriptSet {
	return ScriptSet{s[0] | t[0], s[1] | t[1], s[2] | t[2]}
}

// IsEmpty reports whether s has no scripts.
func (s ScriptSet) IsEmpty() bool { return s == ScriptSet{} }

// Len returns the number of scripts in s.
func (s ScriptSet) Len() int {
	return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) + bits.OnesCount64(s[2])
}

// Scripts returns the scripts in s in ascending order.
func (s ScriptSet) Scripts() []Script {
	out := make([]Script, 0, s.Len())
	for i, w := range s {
		for w != 0 {
			b := bits.TrailingZeros64(w)
			out = append(out, Script(i*64+b))
			w &= w - 1
		}
	}
	return out
}

// String returns the ISO 15924 codes of the scripts in s, such as
// "{Hira Kana}".
func (s ScriptSet) String() string {
	var b strings.Builder
	b.WriteByte('{')
	for i, sc := range s.Scripts() {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(sc.Code())
	}
	b.WriteByte('}')
	return b.String()
}

// ScriptExtensions returns the Script_Extensions of r: its explicit value
// in ScriptExtensions.txt, else the set holding only its Script. The set
// is raw: it is not augmented with Hanb, Jpan or Kore, and Common and
// Inherited are not expanded to all scripts.
//
// It is O(1): the Props of a code point hold the index of its explicit
// value in a table of the distinct ones. Most code points have no
// explicit value; a loop over many runes can test
// Lookup(r).HasScriptExtensions() and use Props.Script directly in that
// case, which avoids copying a ScriptSet per rune.
func ScriptExtensions(r rune) (s ScriptSet) {
	p := Lookup(r)
	if i := p >> propScxShift & propScxMask; i != 0 {
		return scxSets[i]
	}
	sc := p.Script() // always < NumScripts
	s[sc/64%3] = 1 << (sc % 64)
	return s
}

// Confusable returns the prototype r maps to in confusables.txt (UTS #39),
// and whether r has a mapping. The prototype is one or more code points.
func Confusable(r rune) (prototype string, ok bool) {
	if !Lookup(r).HasConfusable() {
		return "", false
	}
	i, found := slices.BinarySearch(confusableSources[:], r)
	if !found {
		return "", false
	}
	start := 0
	if i > 0 {
		start = int(confusableEnds[i-1])
	}
	return confusablePrototypes[start:confusableEnds[i]], true
}

// ASCIIForm returns what r reads as in ASCII by compatibility: r itself
// when r is ASCII, else its NFKC form when that is ASCII ("A" for U+FF21
// FULLWIDTH LATIN CAPITAL LETTER A, "1/2" for U+00BD, " " for U+00A0),
// else "". NFKC is golang.org/x/text/unicode/norm's (its own Unicode
// version, 15.0.0 as of x/text v0.44.0), the normalization the rest of
// plainsight applies; the result equals
//
//	f := norm.NFKC.String(string(r)); if f is ASCII, f, else ""
//
// for every rune r but runes that are not valid code points (surrogates
// and values outside 0..0x10FFFF), for which it is "". It allocates
// nothing: the forms are generated tables.
func ASCIIForm(r rune) string {
	if uint32(r) < utf8.RuneSelf {
		return asciiStrings[r : r+1]
	}
	if !Lookup(r).hasASCIIForm() {
		return ""
	}
	i, found := slices.BinarySearch(asciiFormSources[:], r)
	if !found {
		return ""
	}
	start := 0
	if i > 0 {
		start = int(asciiFormEnds[i-1])
	}
	return asciiForms[start:asciiFormEnds[i]]
}

func (p Props) hasASCIIForm() bool { return p&propASCIIForm != 0 }

// asciiStrings holds the 128 ASCII characters in order, so that
// ASCIIForm returns a one-character string without allocating.
const asciiStrings = "\x00\x01\x02\x03\x04\x05\x06\x07\b\t\n\v\f\r\x0e\x0f" +
	"\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f" +
	" !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~\x7f"

// HasAllowedPrototype reports whether prototype is the confusable
// prototype of some Identifier_Status=Allowed letter (Lu, Ll, Lt, Lm, Lo)
// or decimal digit (Nd) of script sc: its mapping in confusables.txt, or
// the character itself when it has none. A character of another script
// whose prototype this is can pass for that letter (UTS #39, section 4).
// The sets are generated tables, searched in O(log n).
func HasAllowedPrototype(sc Script, prototype string) bool {
	if sc >= NumScripts {
		return false
	}
	if r, n := utf8.DecodeRuneInString(prototype); n == len(prototype) && n > 0 && (r != utf8.RuneError || n > 1) {
		rs := prototypeRanges[prototypeRangeStart[sc]:prototypeRangeStart[sc+1]]
		i, _ := slices.BinarySearchFunc(rs, r, func(x [2]rune, r rune) int {
			if x[1] < r {
				return -1
			}
			return +1
		})
		return i < len(rs) && rs[i][0] <= r
	}
	ss := prototypeStrings[prototypeStringStart[sc]:prototypeStringStart[sc+1]]
	_, found := slices.BinarySearch(ss, prototype)
	return found
}

// DigitZero returns, for a decimal digit r (General_Category Nd), the
// digit zero of the same decimal system, such as '0' for '7' and U+09E6
// for U+09E7. Two digits belong to the same system exactly when their
// zeros are equal.
func DigitZero(r rune) (zero rune, ok bool) {
	p := Lookup(r)
	if p.Category() != Nd {
		return 0, false
	}
	return r - rune(p>>propDigitShift&propDigitMask), true
}

// IsStandardizedVariant reports whether base followed by selector is a
// variation sequence listed in StandardizedVariants.txt (such as U+2269
// U+FE00). Emoji variation sequences are not in that file; see
// Props.EmojiVariationBase.
func IsStandardizedVariant(base, selector rune) bool {
	if base < standardizedVariants[0][0] || base > standardizedVariants[len(standardizedVariants)-1][0] ||
		base >= 0xFE00 && base <= 0xFE0F || base >= 0xE0100 && base <= 0xE01EF {
		// Most bases, and a selector after a selector, which is no
		// base (TestStandardizedVariants), without the search.
		return false
	}
	_, found := slices.BinarySearchFunc(standardizedVariants[:], [2]rune{base, selector}, func(x, t [2]rune) int {
		if x[0] != t[0] {
			return int(x[0]) - int(t[0])
		}
		return int(x[1]) - int(t[1])
	})
	return found
}

// IsIdeographicVariation reports whether base followed by selector, one
// of U+E0100..U+E01EF, is a sequence registered in the Ideographic
// Variation Database (IVD_Sequences.txt), in any collection.
func IsIdeographicVariation(base, selector rune) bool {
	if selector < 0xE0100 || selector > 0xE01EF || base < 0 || base > 0xFFFFFF {
		return false
	}
	key := uint32(base)<<8 | uint32(selector-0xE0100)
	if key < ivdSequences[0] || key > ivdSequences[len(ivdSequences)-1] {
		return false // a base outside the registered ideographs, without the search
	}
	_, found := slices.BinarySearch(ivdSequences[:], key)
	return found
}

// IsRGIEmojiTagSequence reports whether tags, the letters and digits
// spelled by the tag characters between U+1F3F4 and U+E007F (such as
// "gbeng" for the flag of England), form an RGI emoji tag sequence
// (emoji-sequences.txt).
func IsRGIEmojiTagSequence(tags string) bool {
	return slices.Contains(rgiEmojiTagSequences[:], tags)
}

// PrependedConcatenationMark reports the Prepended_Concatenation_Mark
// property (PropList.txt): a format character that draws over the digits
// after it (U+0600 ARABIC NUMBER SIGN, U+06DD ARABIC END OF AYAH), which
// is not Default_Ignorable.
func (p Props) PrependedConcatenationMark() bool { return p&propPrependedConcatMark != 0 }

// LatinLookalike reports whether the code point is a letter of a script
// other than Latin, Common and Inherited that passes for a Latin letter:
// its prototype in confusables.txt is ASCII letters (Cyrillic U+0430 for
// "a") or is the prototype of a Latin letter, such as a small capital
// (Cyrillic U+0442 and Greek U+03C4 for U+1D1B LATIN LETTER SMALL CAPITAL
// T). A label made only of such letters is a whole-script confusable.
func (p Props) LatinLookalike() bool { return p&propLatinLookalike != 0 }

// ShellSyntax reports whether the code point is not ASCII and a reader can
// take it for shell syntax; ShellSyntaxForm returns what it passes for.
func (p Props) ShellSyntax() bool { return p&propShellSyntax != 0 }

// ShellSyntaxForm returns the ASCII shell syntax that the non-ASCII r
// passes for, or "": one or more of # ' " ` \ < > | & ; $ ( ) { } [ ] ~ =
// - / . * and space, such as "#" for U+266F MUSIC SHARP SIGN, "\\" for
// U+2572 BOX DRAWINGS LIGHT DIAGONAL UPPER LEFT TO LOWER RIGHT and "<<"
// for U+00AB LEFT-POINTING DOUBLE ANGLE QUOTATION MARK. The set and its
// derivation from the Unicode data are in docs/lookalikes.md.
func ShellSyntaxForm(r rune) string {
	if !Lookup(r).ShellSyntax() {
		return ""
	}
	i, found := slices.BinarySearch(shellSyntaxSources[:], r)
	if !found {
		return ""
	}
	start := 0
	if i > 0 {
		start = int(shellSyntaxEnds[i-1])
	}
	return shellSyntaxForms[start:shellSyntaxEnds[i]]
}

// MaxZWJSequenceRunes is the length in code points of the longest RGI
// emoji ZWJ sequence.
const MaxZWJSequenceRunes = maxZWJSequenceRunes

// IsRGIEmojiZWJSequence reports whether seq, in UTF-8, is an emoji ZWJ
// sequence recommended for general interchange (emoji-zwj-sequences.txt),
// such as "\U0001F468\u200d\U0001F469\u200d\U0001F467". It looks seq up in
// a hash index of the generated table, which the first call builds, and
// allocates nothing after that: text with emoji asks at every ZWJ.
func IsRGIEmojiZWJSequence[T ~string | ~[]byte](seq T) bool {
	if len(seq) == 0 || len(seq) > 4*maxZWJSequenceRunes {
		return false
	}
	zwjIndexOnce.Do(buildZWJIndex)
	for slot := zwjHash(seq); ; slot = (slot + 1) & (len(zwjIndex) - 1) {
		k := int(zwjIndex[slot])
		if k == 0 {
			return false
		}
		start := 0
		if k > 1 {
			start = int(zwjSequenceEnds[k-2])
		}
		if end := int(zwjSequenceEnds[k-1]); end-start == len(seq) && equalWords(zwjSequences[start:end], seq) {
			return true
		}
	}
}

// RGIEmojiZWJSequences returns the RGI emoji ZWJ sequences, in UTF-8, in
// the order of their bytes.
func RGIEmojiZWJSequences() iter.Seq[string] {
	return func(yield func(string) bool) {
		start := 0
		for _, end := range zwjSequenceEnds {
			if !yield(zwjSequences[start:end]) {
				return
			}
			start = int(end)
		}
	}
}

// zwjIndexBits sizes the hash index of the RGI emoji ZWJ sequences: 4,096
// slots for 1,614 sequences, whose look-ups read 1.3 slots on average and
// 10 at most.
const zwjIndexBits = 12

// zwjIndex is the hash index of zwjSequences, built by zwjIndexOnce: slot
// zwjHash(s), or the first free slot after it, holds 1 + the number of
// sequence s; a zero slot holds none.
var (
	zwjIndex     [1 << zwjIndexBits]uint16
	zwjIndexOnce sync.Once
)

// buildZWJIndex fills zwjIndex.
func buildZWJIndex() {
	k := 0
	for s := range RGIEmojiZWJSequences() {
		slot := zwjHash(s)
		for zwjIndex[slot] != 0 {
			slot = (slot + 1) & (len(zwjIndex) - 1)
		}
		k++
		zwjIndex[slot] = uint16(k)
	}
}

// zwjHash returns the slot of seq, which is not empty, in zwjIndex: its
// eight-byte words, the last one overlapping the one before, and its
// length, mixed by multiplication.
func zwjHash[T ~string | ~[]byte](seq T) int {
	h := uint64(len(seq))
	i := 0
	for ; i+8 <= len(seq); i += 8 {
		h = (h ^ word(seq, i)) * 0x9E3779B97F4A7C15
		h ^= h >> 29
	}
	if i < len(seq) {
		var tail uint64
		if len(seq) >= 8 {
			tail = word(seq, len(seq)-8)
		} else {
			for k := range len(seq) {
				tail |= uint64(seq[k]) << (8 * k)
			}
		}
		h = (h ^ tail) * 0x9E3779B97F4A7C15
		h ^= h >> 29
	}
	return int(h * 0x9E3779B97F4A7C15 >> (64 - zwjIndexBits))
}

// equalWords reports whether a and b, of the same length, at least eight
// bytes, hold the same bytes: a word at a time, the last word overlapping
// the one before.
func equalWords[T ~string | ~[]byte](a string, b T) bool {
	n := len(a)
	if n < 8 {
		return compareBytes(a, b) == 0
	}
	for i := 0; i < n-8; i += 8 {
		if word(a, i) != word(b, i) {
			return false
		}
	}
	return word(a, n-8) == word(b, n-8)
}

// word returns the eight bytes of s at i as a little-endian word, loaded
// one by one, which the compiler joins into one load.
func word[T ~string | ~[]byte](s T, i int) uint64 {
	b := s[i : i+8]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// compareBytes compares a and b bytewise, as strings.Compare does.
func compareBytes[T ~string | ~[]byte](a string, b T) int {
	n := min(len(a), len(b))
	for i := range n {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return +1
		}
	}
	return len(a) - len(b)
}
