package main

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Bit layout of ucd.Props. The generator owns it and writes it into
// tables.go, so the lookup code and the tables cannot disagree.
const (
	scriptShift   = 0
	scriptBits    = 8
	categoryShift = 8
	categoryBits  = 5
	joiningShift  = 13
	joiningBits   = 3
	digitShift    = 16
	digitBits     = 4
	scxShift      = 40 // index into scxSets, 0 for none
	scxBits       = 8

	flagDefaultIgnorable     = 1 << 20
	flagExtendedPictographic = 1 << 21
	flagEmojiModifier        = 1 << 22
	flagEmojiVariationBase   = 1 << 23
	flagQuotationMark        = 1 << 24
	flagIdentifierAllowed    = 1 << 25
	flagScriptExtensions     = 1 << 26
	flagConfusable           = 1 << 27
	flagVirama               = 1 << 28
	flagBidiControl          = 1 << 29
	flagVariationSelector    = 1 << 30
	flagNoncharacter         = 1 << 31
	flagWhiteSpace           = 1 << 32
	flagASCIIForm            = 1 << 33
	flagASCIIPunct           = 1 << 34
	flagPrependedConcatMark  = 1 << 35
	flagLatinLookalike       = 1 << 36
	flagShellSyntax          = 1 << 37
)

// categoryOrder is the order of the Category constants; Cn (unassigned)
// comes first so that the zero Props means "unassigned".
var categoryOrder = []string{
	"Cn", "Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No",
	"Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "Sm", "Sc", "Sk", "So",
	"Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Co",
}

// joiningOrder is the order of the JoiningType constants; U (Non_Joining),
// the default, comes first.
var joiningOrder = []string{"U", "C", "D", "L", "R", "T"}

// pseudoScripts are the UTS #39 augmentation values appended after the
// Unicode scripts (they have no code points of their own).
var pseudoScripts = []scriptInfo{
	{code: "Hanb", long: "Han_with_Bopomofo", display: "Han with Bopomofo", ident: "ScriptHanb"},
	{code: "Jpan", long: "Japanese", display: "Japanese", ident: "ScriptJpan"},
	{code: "Kore", long: "Korean", display: "Korean", ident: "ScriptKore"},
}

type scriptInfo struct {
	code    string // ISO 15924, "Latn"
	long    string // PropertyValueAliases long name, "Old_Italic"
	display string // long name with spaces
	ident   string // Go name when not derived from long
}

// goName is the Go constant name: "Old_Italic" -> "ScriptOldItalic".
func (s scriptInfo) goName() string {
	if s.ident != "" {
		return s.ident
	}
	return "Script" + strings.ReplaceAll(s.long, "_", "")
}

type scxRange struct {
	lo, hi rune
	set    int // index into db.scxSets
}

type confusable struct {
	source    rune
	prototype string
}

// db collects everything the generator writes.
type db struct {
	scripts           []scriptInfo
	scriptByName      map[string]int // short code and long name -> index
	catLong           map[string]string
	props             []uint64 // one per code point
	scxSets           [][3]uint64
	scx               []scxRange
	confusables       []confusable
	variants          [][2]rune
	ivs               []uint32 // base<<8 | selector-0xE0100, sorted
	tagSequences      []string
	asciiForms        []confusable      // NFKC forms that are ASCII, sorted
	allowedPrototypes []map[string]bool // per script
	intentional       [][2]rune         // intentional.txt pairs
	shellSyntax       []confusable      // shell-syntax lookalikes and their forms, sorted
	zwjSequences      []string          // RGI emoji ZWJ sequences, sorted
}

func (d *db) setFlag(r rune, flag uint64) { d.props[r] |= flag }

// parsePropertyValueAliases reads the script and category value names.
func (d *db) parsePropertyValueAliases(s *source) error {
	var scripts []scriptInfo
	d.catLong = make(map[string]string)
	err := s.records(func(_ int, f []string) error {
		if len(f) < 3 {
			return nil
		}
		switch f[0] {
		case "sc":
			scripts = append(scripts, scriptInfo{code: f[1], long: f[2], display: strings.ReplaceAll(f[2], "_", " ")})
		case "gc":
			d.catLong[f[1]] = f[2]
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, c := range categoryOrder {
		if d.catLong[c] == "" {
			return fmt.Errorf("%s: no General_Category value %s", s.name, c)
		}
	}
	// Unknown (Zzzz) is 0 so that the zero Props has the default script;
	// the rest sort by long name.
	sort.Slice(scripts, func(i, j int) bool {
		if (scripts[i].code == "Zzzz") != (scripts[j].code == "Zzzz") {
			return scripts[i].code == "Zzzz"
		}
		return scripts[i].long < scripts[j].long
	})
	if len(scripts) == 0 || scripts[0].code != "Zzzz" {
		return fmt.Errorf("%s: no script Zzzz", s.name)
	}
	d.scripts = append(scripts, pseudoScripts...)
	if len(d.scripts) > 1<<scriptBits || len(d.scripts) > 192 {
		return fmt.Errorf("%d scripts do not fit", len(d.scripts))
	}
	d.scriptByName = make(map[string]int)
	for i, sc := range d.scripts {
		if _, dup := d.scriptByName[sc.code]; dup {
			return fmt.Errorf("duplicate script %s", sc.code)
		}
		d.scriptByName[sc.code] = i
		d.scriptByName[sc.long] = i
	}
	return nil
}

// parseScripts sets the Script field (default Unknown = 0).
func (d *db) parseScripts(s *source) error {
	var err error
	perr := rangeProperty(s, nil, func(r rune, v string) {
		sc, ok := d.scriptByName[v]
		if !ok && err == nil {
			err = fmt.Errorf("%s: unknown script %q", s.name, v)
		}
		d.props[r] |= uint64(sc) << scriptShift
	})
	if perr != nil {
		return perr
	}
	return err
}

// parseGeneralCategory sets the Category field (default Cn = 0).
func (d *db) parseGeneralCategory(s *source) error {
	index := make(map[string]uint64)
	for i, c := range categoryOrder {
		index[c] = uint64(i)
	}
	var err error
	perr := rangeProperty(s, nil, func(r rune, v string) {
		c, ok := index[v]
		if !ok && err == nil {
			err = fmt.Errorf("%s: unknown category %q", s.name, v)
		}
		d.props[r] |= c << categoryShift
	})
	if perr != nil {
		return perr
	}
	return err
}

func (d *db) category(r rune) string {
	return categoryOrder[d.props[r]>>categoryShift&(1<<categoryBits-1)]
}

// parseNumericType checks that Numeric_Type=Decimal is exactly the Nd set
// and that every maximal run of Nd code points is a whole number of
// 0..9 sequences, then stores each digit's value, from which DigitZero
// finds the zero in O(1).
func (d *db) parseNumericType(s *source) error {
	decimal := make([]bool, maxRune+1)
	if err := rangeProperty(s, map[string]bool{"Decimal": true}, func(r rune, _ string) { decimal[r] = true }); err != nil {
		return err
	}
	for r := rune(0); r <= maxRune; r++ {
		if decimal[r] != (d.category(r) == "Nd") {
			return fmt.Errorf("%s: U+%04X: Numeric_Type=Decimal is %v but General_Category is %s", s.name, r, decimal[r], d.category(r))
		}
	}
	for r := rune(0); r <= maxRune; {
		if !decimal[r] {
			r++
			continue
		}
		start := r
		for r <= maxRune && decimal[r] {
			r++
		}
		if (r-start)%10 != 0 {
			return fmt.Errorf("%s: Nd run U+%04X..U+%04X is not a multiple of 10 long", s.name, start, r-1)
		}
		for c := start; c < r; c++ {
			d.props[c] |= uint64((c-start)%10) << digitShift
		}
	}
	return nil
}

// parseDerivedCoreProperties sets Default_Ignorable_Code_Point.
func (d *db) parseDerivedCoreProperties(s *source) error {
	return rangeProperty(s, map[string]bool{"Default_Ignorable_Code_Point": true}, func(r rune, _ string) {
		d.setFlag(r, flagDefaultIgnorable)
	})
}

// parsePropList sets the properties that decide escape classes,
// Bidi_Control, Variation_Selector, Noncharacter_Code_Point and
// Prepended_Concatenation_Mark, and Quotation_Mark and White_Space.
func (d *db) parsePropList(s *source) error {
	flags := map[string]uint64{
		"Prepended_Concatenation_Mark": flagPrependedConcatMark,
		"Quotation_Mark":               flagQuotationMark,
		"White_Space":                  flagWhiteSpace,
		"Bidi_Control":                 flagBidiControl,
		"Variation_Selector":           flagVariationSelector,
		"Noncharacter_Code_Point":      flagNoncharacter,
	}
	names := make(map[string]bool, len(flags))
	for name := range flags {
		names[name] = true
	}
	return rangeProperty(s, names, func(r rune, v string) {
		d.setFlag(r, flags[v])
	})
}

// parseEmojiData sets Extended_Pictographic and Emoji_Modifier.
func (d *db) parseEmojiData(s *source) error {
	flags := map[string]uint64{"Extended_Pictographic": flagExtendedPictographic, "Emoji_Modifier": flagEmojiModifier}
	return rangeProperty(s, map[string]bool{"Extended_Pictographic": true, "Emoji_Modifier": true}, func(r rune, v string) {
		d.setFlag(r, flags[v])
	})
}

// parseEmojiVariationSequences marks every base of an emoji variation
// sequence.
func (d *db) parseEmojiVariationSequences(s *source) error {
	return s.records(func(_ int, f []string) error {
		seq, err := parseSequence(f[0])
		if err != nil {
			return err
		}
		if len(seq) != 2 || (seq[1] != 0xFE0E && seq[1] != 0xFE0F) {
			return fmt.Errorf("not an emoji variation sequence: %q", f[0])
		}
		d.setFlag(seq[0], flagEmojiVariationBase)
		return nil
	})
}

// parseIdentifierStatus sets Identifier_Status=Allowed (default Restricted).
func (d *db) parseIdentifierStatus(s *source) error {
	return rangeProperty(s, map[string]bool{"Allowed": true}, func(r rune, _ string) {
		d.setFlag(r, flagIdentifierAllowed)
	})
}

// parseJoiningType sets the JoiningType field (default U = 0).
func (d *db) parseJoiningType(s *source) error {
	index := make(map[string]uint64)
	for i, j := range joiningOrder {
		index[j] = uint64(i)
	}
	var err error
	perr := rangeProperty(s, nil, func(r rune, v string) {
		j, ok := index[v]
		if !ok && err == nil {
			err = fmt.Errorf("%s: unknown joining type %q", s.name, v)
		}
		d.props[r] |= j << joiningShift
	})
	if perr != nil {
		return perr
	}
	return err
}

// parseIndicSyllabicCategory sets Virama for Virama and Invisible_Stacker.
func (d *db) parseIndicSyllabicCategory(s *source) error {
	return rangeProperty(s, map[string]bool{"Virama": true, "Invisible_Stacker": true}, func(r rune, _ string) {
		d.setFlag(r, flagVirama)
	})
}

// parseScriptExtensions collects the explicit Script_Extensions ranges.
func (d *db) parseScriptExtensions(s *source) error {
	setIndex := make(map[[3]uint64]int)
	err := s.records(func(_ int, f []string) error {
		if len(f) != 2 {
			return fmt.Errorf("want 2 fields, have %d", len(f))
		}
		lo, hi, err := parseRange(f[0])
		if err != nil {
			return err
		}
		var set [3]uint64
		for _, code := range strings.Fields(f[1]) {
			sc, ok := d.scriptByName[code]
			if !ok {
				return fmt.Errorf("unknown script %q", code)
			}
			set[sc/64] |= 1 << (sc % 64)
		}
		i, ok := setIndex[set]
		if !ok {
			i = len(d.scxSets)
			setIndex[set] = i
			d.scxSets = append(d.scxSets, set)
		}
		if i+1 >= 1<<scxBits {
			return fmt.Errorf("more than %d distinct Script_Extensions values", 1<<scxBits-1)
		}
		d.scx = append(d.scx, scxRange{lo, hi, i})
		for r := lo; r <= hi; r++ {
			d.props[r] |= flagScriptExtensions | uint64(i+1)<<scxShift
		}
		return nil
	})
	if err != nil {
		return err
	}
	sort.Slice(d.scx, func(i, j int) bool { return d.scx[i].lo < d.scx[j].lo })
	for i := 1; i < len(d.scx); i++ {
		if d.scx[i].lo <= d.scx[i-1].hi {
			return fmt.Errorf("%s: overlapping ranges at U+%04X", s.name, d.scx[i].lo)
		}
	}
	return nil
}

// parseConfusables collects the source -> prototype mappings.
func (d *db) parseConfusables(s *source) error {
	seen := make(map[rune]bool)
	err := s.records(func(_ int, f []string) error {
		if len(f) != 3 || f[2] != "MA" {
			return fmt.Errorf("want 3 fields of type MA, have %q", f)
		}
		src, err := parseCodePoint(f[0])
		if err != nil {
			return err
		}
		proto, err := parseSequence(f[1])
		if err != nil {
			return err
		}
		if seen[src] {
			return fmt.Errorf("duplicate source U+%04X", src)
		}
		seen[src] = true
		d.confusables = append(d.confusables, confusable{src, string(proto)})
		d.setFlag(src, flagConfusable)
		return nil
	})
	if err != nil {
		return err
	}
	sort.Slice(d.confusables, func(i, j int) bool { return d.confusables[i].source < d.confusables[j].source })
	return nil
}

// parseStandardizedVariants collects the (base, selector) pairs.
func (d *db) parseStandardizedVariants(s *source) error {
	seen := make(map[[2]rune]bool)
	err := s.records(func(_ int, f []string) error {
		seq, err := parseSequence(f[0])
		if err != nil {
			return err
		}
		if len(seq) != 2 {
			return fmt.Errorf("not a variation sequence: %q", f[0])
		}
		p := [2]rune{seq[0], seq[1]}
		if !seen[p] { // some pairs are listed once per shaping context
			seen[p] = true
			d.variants = append(d.variants, p)
		}
		return nil
	})
	if err != nil {
		return err
	}
	sort.Slice(d.variants, func(i, j int) bool {
		a, b := d.variants[i], d.variants[j]
		return a[0] < b[0] || a[0] == b[0] && a[1] < b[1]
	})
	return nil
}

// parseIVDSequences collects the registered ideographic variation
// sequences (base, selector) of IVD_Sequences.txt, once each although
// several collections may register one.
func (d *db) parseIVDSequences(s *source) error {
	seen := make(map[uint32]bool)
	err := s.records(func(_ int, f []string) error {
		seq, err := parseSequence(f[0])
		if err != nil {
			return err
		}
		if len(seq) != 2 || seq[1] < 0xE0100 || seq[1] > 0xE01EF || seq[0] > 0xFFFFFF {
			return fmt.Errorf("not an ideographic variation sequence: %q", f[0])
		}
		k := uint32(seq[0])<<8 | uint32(seq[1]-0xE0100)
		if !seen[k] {
			seen[k] = true
			d.ivs = append(d.ivs, k)
		}
		return nil
	})
	if err != nil {
		return err
	}
	slices.Sort(d.ivs)
	return nil
}

// parseEmojiSequences collects the tag letters of the RGI emoji tag
// sequences (U+1F3F4, tags, U+E007F).
func (d *db) parseEmojiSequences(s *source) error {
	err := s.records(func(_ int, f []string) error {
		if len(f) < 2 || f[1] != "RGI_Emoji_Tag_Sequence" {
			return nil
		}
		seq, err := parseSequence(f[0])
		if err != nil {
			return err
		}
		if len(seq) < 3 || seq[0] != 0x1F3F4 || seq[len(seq)-1] != 0xE007F {
			return fmt.Errorf("unexpected tag sequence %q", f[0])
		}
		var tags strings.Builder
		for _, t := range seq[1 : len(seq)-1] {
			c := t - 0xE0000
			if !('a' <= c && c <= 'z' || '0' <= c && c <= '9') {
				return fmt.Errorf("unexpected tag U+%04X in %q", t, f[0])
			}
			tags.WriteRune(c)
		}
		d.tagSequences = append(d.tagSequences, tags.String())
		return nil
	})
	sort.Strings(d.tagSequences)
	return err
}

// parseIntentional collects the pairs of intentional.txt: characters
// that are identical in appearance by design (UTS #39 section 4).
func (d *db) parseIntentional(s *source) error {
	return s.records(func(_ int, f []string) error {
		if len(f) < 2 {
			return fmt.Errorf("want 2 fields, have %d", len(f))
		}
		a, err := parseCodePoint(f[0])
		if err != nil {
			return err
		}
		b, err := parseCodePoint(f[1])
		if err != nil {
			return err
		}
		d.intentional = append(d.intentional, [2]rune{a, b})
		return nil
	})
}

// parseEmojiZWJSequences collects the RGI emoji ZWJ sequences of
// emoji-zwj-sequences.txt, as UTF-8.
func (d *db) parseEmojiZWJSequences(s *source) error {
	err := s.records(func(_ int, f []string) error {
		if len(f) < 2 || f[1] != "RGI_Emoji_ZWJ_Sequence" {
			return fmt.Errorf("unexpected record %q", f)
		}
		seq, err := parseSequence(f[0])
		if err != nil {
			return err
		}
		if !slices.Contains(seq, 0x200D) || seq[0] == 0x200D || seq[len(seq)-1] == 0x200D {
			return fmt.Errorf("not a ZWJ sequence: %q", f[0])
		}
		d.zwjSequences = append(d.zwjSequences, string(seq))
		return nil
	})
	slices.Sort(d.zwjSequences)
	return err
}
