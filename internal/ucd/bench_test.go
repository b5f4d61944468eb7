package ucd

import (
	"testing"
	"unicode"
)

var benchTexts = []struct {
	name, text string
}{
	{"russian", "\u041f\u0440\u0438\u0432\u0435\u0442, \u043c\u0438\u0440! \u042d\u0442\u043e \u043f\u0440\u043e\u0432\u0435\u0440\u043a\u0430 \u0442\u0435\u043a\u0441\u0442\u0430 \u043d\u0430 \u0440\u0443\u0441\u0441\u043a\u043e\u043c \u044f\u0437\u044b\u043a\u0435: \u0441\u044a\u0435\u0448\u044c \u0436\u0435 \u0435\u0449\u0451 \u044d\u0442\u0438\u0445 \u043c\u044f\u0433\u043a\u0438\u0445 \u0444\u0440\u0430\u043d\u0446\u0443\u0437\u0441\u043a\u0438\u0445 \u0431\u0443\u043b\u043e\u043a, \u0434\u0430 \u0432\u044b\u043f\u0435\u0439 \u0447\u0430\u044e."},
	{"japanese", "\u6771\u4eac\u30bf\u30ef\u30fc\u3078\u884c\u304f\u3002\u65e5\u672c\u8a9e\u306e\u30c6\u30ad\u30b9\u30c8\u3092\u51e6\u7406\u3059\u308b\u305f\u3081\u306e\u30d9\u30f3\u30c1\u30de\u30fc\u30af\u3067\u3059\u3002\u30e9\u30fc\u30e1\u30f3\u3068\u5bff\u53f8\u304c\u597d\u304d\u3067\u3059\u3002"},
	{"mixed", "git commit -m \"\u4fee\u6b63\" && echo \u041f\u0440\u0438\u0432\u0435\u0442 \U0001f44d\U0001f3fd caf\u00e9 na\u00efve 10\u00b5s \u2764\ufe0f #\ufe0f\u20e3 \u0645\u0631\u062d\u0628\u0627 \u0661\u0660 \u0928\u092e\u0938\u094d\u0924\u0947 ls -la /tmp"},
}

var sink int

// BenchmarkLookup looks up every rune of the text; compare with
// BenchmarkUnicodeIsLatin, one range-table query per rune.
func BenchmarkLookup(b *testing.B) {
	for _, tt := range benchTexts {
		b.Run(tt.name, func(b *testing.B) {
			b.SetBytes(int64(len(tt.text)))
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				for _, r := range tt.text {
					n += int(Lookup(r).Script())
				}
			}
			sink = n
		})
	}
}

// BenchmarkUnicodeIsLatin is the baseline: unicode.Is(unicode.Latin, r)
// for every rune of the same texts.
func BenchmarkUnicodeIsLatin(b *testing.B) {
	for _, tt := range benchTexts {
		b.Run(tt.name, func(b *testing.B) {
			b.SetBytes(int64(len(tt.text)))
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				for _, r := range tt.text {
					if unicode.Is(unicode.Latin, r) {
						n++
					}
				}
			}
			sink = n
		})
	}
}

// BenchmarkScriptExtensions unions the Script_Extensions of every rune,
// the way a mixed-script check accumulates sets.
func BenchmarkScriptExtensions(b *testing.B) {
	for _, tt := range benchTexts {
		b.Run(tt.name, func(b *testing.B) {
			b.SetBytes(int64(len(tt.text)))
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				var all ScriptSet
				for _, r := range tt.text {
					all = all.Union(ScriptExtensions(r))
				}
				n += all.Len()
			}
			sink = n
		})
	}
}

// BenchmarkConfusable maps every rune through confusables.txt.
func BenchmarkConfusable(b *testing.B) {
	for _, tt := range benchTexts {
		b.Run(tt.name, func(b *testing.B) {
			b.SetBytes(int64(len(tt.text)))
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				for _, r := range tt.text {
					p, _ := Confusable(r)
					n += len(p)
				}
			}
			sink = n
		})
	}
}

// combiningMarks is a base letter with a run of combining marks that have
// an explicit Script_Extensions value (U+0951..U+0954 and U+1CD0..U+1CD3,
// the Vedic marks, and U+0363..U+0366, the medieval superscript letters),
// as a mixed-script check meets them one mark at a time.
const combiningMarks = "a\u0363\u0364\u0365\u0366\u0951\u0952\u0953\u0954\u1cd0\u1cd1\u1cd2\u1cd3\u0363\u0951\u1cd0"

// BenchmarkCombiningMarks compares, on the same runes, Lookup alone (the
// baseline) with ScriptExtensions, which every mark with an explicit
// value costs.
func BenchmarkCombiningMarks(b *testing.B) {
	b.Run("Lookup", func(b *testing.B) {
		b.SetBytes(int64(len(combiningMarks)))
		n := 0
		for b.Loop() {
			for _, r := range combiningMarks {
				n += int(Lookup(r).Script())
			}
		}
		sink = n
	})
	b.Run("ScriptExtensions", func(b *testing.B) {
		b.SetBytes(int64(len(combiningMarks)))
		n := 0
		for b.Loop() {
			for _, r := range combiningMarks {
				n += ScriptExtensions(r).Len()
			}
		}
		sink = n
	})
}
