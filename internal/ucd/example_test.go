package ucd_test

import (
	"fmt"

	"github.com/plainsight-dev/plainsight/internal/ucd"
)

func ExampleLookup() {
	for _, r := range []rune{'a', '\u0430', '\u200d', 0x1FAE9, '\u0378'} {
		p := ucd.Lookup(r)
		fmt.Printf("%U %s %s ignorable=%v pictographic=%v\n", r, p.Script().Code(), p.Category(), p.DefaultIgnorable(), p.ExtendedPictographic())
	}
	// Output:
	// U+0061 Latn Ll ignorable=false pictographic=false
	// U+0430 Cyrl Ll ignorable=false pictographic=false
	// U+200D Zinh Cf ignorable=true pictographic=false
	// U+1FAE9 Zyyy So ignorable=false pictographic=true
	// U+0378 Zzzz Cn ignorable=false pictographic=false
}

func ExampleScriptExtensions() {
	// U+30FC KATAKANA-HIRAGANA PROLONGED SOUND MARK has Script Common but
	// is used only with Hiragana and Katakana.
	s := ucd.ScriptExtensions('\u30fc')
	fmt.Println(ucd.Lookup('\u30fc').Script(), s)
	var kana ucd.ScriptSet
	kana.Add(ucd.ScriptKatakana)
	fmt.Println(s.Intersect(kana), s.Intersect(ucd.ScriptExtensions('a')).IsEmpty())
	// Output:
	// Common {Hira Kana}
	// {Kana} true
}

func ExampleConfusable() {
	for _, r := range []rune{'\u0430', '\u2212', '\u201c', 'a'} {
		p, ok := ucd.Confusable(r)
		fmt.Printf("%U %q %v\n", r, p, ok)
	}
	// Output:
	// U+0430 "a" true
	// U+2212 "-" true
	// U+201C "''" true
	// U+0061 "" false
}

func ExampleDigitZero() {
	// "192.168.\u09e7.1" mixes two decimal systems.
	zeros := map[rune]bool{}
	for _, r := range "192.168.\u09e7.1" {
		if z, ok := ucd.DigitZero(r); ok {
			zeros[z] = true
		}
	}
	fmt.Println(len(zeros))
	// Output: 2
}
