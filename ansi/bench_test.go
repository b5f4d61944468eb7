package ansi

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

const benchSize = 1 << 20

// benchCorpora are generated inputs of about benchSize bytes.
var benchCorpora = []struct {
	name string
	gen  func() []byte
}{
	{"text", func() []byte { // ASCII prose, 60-80 byte lines
		words := strings.Fields("the quick brown fox jumps over a lazy dog while seven wizards quietly box jugs of liquor near 42 old ovens")
		var b bytes.Buffer
		for i := 0; b.Len() < benchSize; i++ {
			line := 0
			for line < 70 {
				w := words[(i*7+line)%len(words)]
				b.WriteString(w)
				b.WriteByte(' ')
				line += len(w) + 1
			}
			b.WriteByte('\n')
		}
		return b.Bytes()
	}},
	{"utf8", func() []byte { // mixed scripts, 2-4 byte characters
		s := "caf\u00e9 na\u00efve \u0437\u0434\u0440\u0430\u0432\u0441\u0442\u0432\u0443\u0439 \u3053\u3093\u306b\u3061\u306f \u4e16\u754c \u2733 \U0001F600 \u05e9\u05dc\u05d5\u05dd\n"
		return []byte(strings.Repeat(s, benchSize/len(s)+1))
	}},
	{"log", func() []byte { // a colour-heavy build log: several SGR per line
		var b bytes.Buffer
		for i := 0; b.Len() < benchSize; i++ {
			fmt.Fprintf(&b, "\x1b[1;32m   Compiling\x1b[0m crate%d v0.%d.0 (\x1b[4m/src/crate%d\x1b[24m)\n", i, i%10, i)
			fmt.Fprintf(&b, "\x1b[38;5;245m[12:00:%02d]\x1b[0m \x1b[1;33mwarning\x1b[0m\x1b[1m: unused variable `x%d`\x1b[0m\r\n", i%60, i)
			fmt.Fprintf(&b, "\x1b[38;2;100;200;255m  --> \x1b[0msrc/lib.rs:%d:%d\x1b[K\n", i%500, i%80)
		}
		return b.Bytes()
	}},
	{"osc-unterminated", func() []byte {
		return append([]byte("\x1b]0;"), bytes.Repeat([]byte("A"), benchSize)...)
	}},
	{"csi-semicolons", func() []byte {
		return append([]byte("\x1b["), bytes.Repeat([]byte(";"), benchSize)...)
	}},
	{"esc-flood", func() []byte { // every ESC aborts the one before
		return bytes.Repeat([]byte{0x1b}, benchSize)
	}},
}

// BenchmarkNext tokenizes each corpus with a zero Parser.
func BenchmarkNext(b *testing.B) {
	for _, c := range benchCorpora {
		in := c.gen()
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			var p Parser
			for b.Loop() {
				p.Reset()
				src := in
				for len(src) > 0 {
					_, n := p.Next(src, true)
					src = src[n:]
				}
				p.Flush()
			}
		})
	}
}

// BenchmarkCopy is the baseline: copying the corpus, the least a filter
// that writes its output does.
func BenchmarkCopy(b *testing.B) {
	for _, c := range benchCorpora {
		in := c.gen()
		dst := make([]byte, len(in))
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			for b.Loop() {
				copy(dst, in)
			}
		})
	}
}

// BenchmarkNaive is the second baseline: the naive byte-class loop of
// terminal-escapes.md section 9 (ASCII table, DecodeRune at >= 0x80),
// which finds characters but parses no sequence.
func BenchmarkNaive(b *testing.B) {
	for _, c := range benchCorpora {
		in := c.gen()
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			controls := 0
			for b.Loop() {
				for i := 0; i < len(in); {
					if c := in[i]; c < utf8.RuneSelf {
						if !asciiText[c] {
							controls++
						}
						i++
						continue
					}
					_, n := utf8.DecodeRune(in[i:])
					i += n
				}
			}
			_ = controls
		})
	}
}

// BenchmarkUTF8Valid is the third baseline: utf8.Valid, which finds ASCII
// eight bytes at a time, the speed a tokenizer should approach on text.
func BenchmarkUTF8Valid(b *testing.B) {
	for _, c := range benchCorpora {
		in := c.gen()
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			valid := 0
			for b.Loop() {
				if utf8.Valid(in) {
					valid++
				}
			}
			_ = valid
		})
	}
}
