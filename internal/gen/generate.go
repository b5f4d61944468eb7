package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"go/format"
	"math/bits"
)

// Generate reads and verifies the data files in dir and returns the
// formatted source of tables.go.
func Generate(dir string) ([]byte, error) {
	l, err := newLoader(dir)
	if err != nil {
		return nil, err
	}
	d := &db{props: make([]uint64, maxRune+1)}
	steps := []struct {
		file  string
		parse func(*source) error
	}{
		{"PropertyValueAliases.txt", d.parsePropertyValueAliases},
		{"Scripts.txt", d.parseScripts},
		{"DerivedGeneralCategory.txt", d.parseGeneralCategory},
		{"DerivedNumericType.txt", d.parseNumericType},
		{"DerivedCoreProperties.txt", d.parseDerivedCoreProperties},
		{"PropList.txt", d.parsePropList},
		{"DerivedJoiningType.txt", d.parseJoiningType},
		{"IndicSyllabicCategory.txt", d.parseIndicSyllabicCategory},
		{"ScriptExtensions.txt", d.parseScriptExtensions},
		{"IdentifierStatus.txt", d.parseIdentifierStatus},
		{"confusables.txt", d.parseConfusables},
		{"intentional.txt", d.parseIntentional},
		{"emoji-zwj-sequences.txt", d.parseEmojiZWJSequences},
		{"emoji-data.txt", d.parseEmojiData},
		{"emoji-variation-sequences.txt", d.parseEmojiVariationSequences},
		{"emoji-sequences.txt", d.parseEmojiSequences},
		{"StandardizedVariants.txt", d.parseStandardizedVariants},
		{"IVD_Sequences.txt", d.parseIVDSequences},
	}
	for _, st := range steps {
		s, err := l.load(st.file)
		if err != nil {
			return nil, err
		}
		if err := st.parse(s); err != nil {
			return nil, err
		}
	}
	d.deriveASCIIForms()
	d.deriveASCIIPunct()
	d.deriveAllowedPrototypes()
	d.deriveLatinLookalikes()
	d.deriveShellSyntax()
	if err := d.check(); err != nil {
		return nil, err
	}
	return d.write(l.used)
}

// check verifies published facts about the 17.0.0 files, so that a wrong
// parse fails here instead of producing plausible tables.
func (d *db) check() error {
	count := func(flag uint64) int {
		n := 0
		for _, p := range d.props {
			if p&flag != 0 {
				n++
			}
		}
		return n
	}
	facts := []struct {
		what      string
		got, want int
	}{
		{"Default_Ignorable_Code_Point code points", count(flagDefaultIgnorable), 4174},
		{"confusables.txt mappings", len(d.confusables), 6565},
		{"code points with explicit Script_Extensions", count(flagScriptExtensions), 669},
		{"emoji variation bases", count(flagEmojiVariationBase), 371},
		{"RGI emoji tag sequences", len(d.tagSequences), 3},
		{"distinct registered ideographic variation sequences", len(d.ivs), 29635},
		{"Identifier_Status=Allowed code points", count(flagIdentifierAllowed), 33791},
		{"Bidi_Control code points", count(flagBidiControl), 12},
		{"Variation_Selector code points", count(flagVariationSelector), 260},
		{"Noncharacter_Code_Point code points", count(flagNoncharacter), 66},
		{"Quotation_Mark code points", count(flagQuotationMark), 30},
		{"White_Space code points", count(flagWhiteSpace), 25},
		{"Prepended_Concatenation_Mark code points", count(flagPrependedConcatMark), 13},
		{"RGI emoji ZWJ sequences", len(d.zwjSequences), 1614},
	}
	for _, f := range facts {
		if f.got != f.want {
			return fmt.Errorf("self-check for Unicode %s: %d %s, want %d", unicodeVersion, f.got, f.what, f.want)
		}
	}
	return nil
}

// trie is a three-stage lookup table: index1[r>>(b2+b3)] selects a block
// of index2, which selects a block of leaf, which holds an index into
// values.
type trie struct {
	b2, b3               uint
	index1, index2, leaf []int
	values               []uint64
	maxIndex1, maxIndex2 int
	maxLeaf              int
}

// distinctValues returns the distinct values of props in order of first
// appearance and, per code point, the index of its value.
func distinctValues(props []uint64) (values []uint64, index []int) {
	valueIndex := make(map[uint64]int)
	index = make([]int, len(props))
	for r, p := range props {
		i, ok := valueIndex[p]
		if !ok {
			i = len(values)
			valueIndex[p] = i
			values = append(values, p)
		}
		index[r] = i
	}
	return values, index
}

func buildTrie(values []uint64, leafIdx []int, b2, b3 uint) *trie {
	t := &trie{b2: b2, b3: b3, values: values}
	t.leaf, t.index2 = dedup(leafIdx, 1<<b3)
	t.index2, t.index1 = dedup(t.index2, 1<<b2)
	t.maxIndex1, t.maxIndex2, t.maxLeaf = maxOf(t.index1), maxOf(t.index2), maxOf(t.leaf)
	return t
}

// dedup splits s into blocks of n, and returns the distinct blocks
// concatenated and, per block of s, the number of its distinct block.
func dedup(s []int, n int) (blocks, index []int) {
	seen := make(map[string]int)
	key := make([]byte, 4*n)
	for i := 0; i < len(s); i += n {
		for j, v := range s[i : i+n] {
			binary.LittleEndian.PutUint32(key[4*j:], uint32(v))
		}
		b, ok := seen[string(key)]
		if !ok {
			b = len(seen)
			seen[string(key)] = b
			blocks = append(blocks, s[i:i+n]...)
		}
		index = append(index, b)
	}
	return blocks, index
}

func maxOf(s []int) int {
	m := 0
	for _, v := range s {
		m = max(m, v)
	}
	return m
}

// width is the size in bytes of the smallest unsigned type holding max.
func width(max int) int { return (bits.Len(uint(max)) + 7) / 8 }

func goType(max int) string {
	switch width(max) {
	case 0, 1:
		return "uint8"
	case 2:
		return "uint16"
	}
	return "uint32"
}

func (t *trie) size() int {
	w := func(m int) int { return max(1, width(m)) }
	return len(t.index1)*w(t.maxIndex1) + len(t.index2)*w(t.maxIndex2) + len(t.leaf)*w(t.maxLeaf) + 8*len(t.values)
}

// bestTrie tries every block size split and keeps the smallest trie.
func bestTrie(props []uint64) *trie {
	var best *trie
	values, index := distinctValues(props)
	for b3 := uint(4); b3 <= 8; b3++ {
		for b2 := uint(3); b2 <= 8; b2++ {
			t := buildTrie(values, index, b2, b3)
			if best == nil || t.size() < best.size() {
				best = t
			}
		}
	}
	return best
}

// gofmt formats src, or returns it unformatted with the error so that a
// broken generator can be debugged by looking at its output.
func gofmt(src []byte) ([]byte, error) {
	out, err := format.Source(src)
	if err != nil {
		return src, fmt.Errorf("formatting generated code: %w", err)
	}
	return out, nil
}

func writeInts(b *bytes.Buffer, s []int, perLine int) {
	for i, v := range s {
		if i%perLine == 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(b, "%d,", v)
	}
	b.WriteString("\n")
}
