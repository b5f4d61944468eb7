package transcript_test

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight"
	"github.com/plainsight-dev/plainsight/ansi"
	"github.com/plainsight-dev/plainsight/transcript"
	"golang.org/x/text/transform"
)

// colourLog is about 1 MiB of a coloured build log: SGR around levels,
// names and durations, as a test runner or logger writes it to a terminal.
var colourLog = func() []byte {
	var b bytes.Buffer
	levels := []string{"\x1b[32mINFO\x1b[0m", "\x1b[33mWARN\x1b[0m", "\x1b[1;31mFAIL\x1b[0m"}
	for i := 0; b.Len() < 1<<20; i++ {
		fmt.Fprintf(&b, "%s 12:%02d:%02d \x1b[1mservice-%d\x1b[0m: request /api/v1/items/%d handled in \x1b[36m%dms\x1b[0m\n",
			levels[i%3], i/60%60, i%60, i%7, i, i%250)
	}
	return b.Bytes()
}()

// plainLog is the same log without escapes: the best case.
var plainLog = func() []byte {
	text, _ := transcript.Clean(colourLog, transcript.Options{Limits: transcript.Limits{MaxOutput: -1}})
	return []byte(text)
}()

var unlimited = transcript.Options{Limits: transcript.Limits{MaxOutput: -1}}

// BenchmarkCopy is the floor: the same bytes through transform.Reader with
// transform.Nop, which only copies.
func BenchmarkCopy(b *testing.B) {
	benchReader(b, colourLog, func() transform.Transformer { return transform.Nop })
}

// BenchmarkCopyLoop is the naive floor for a filter: a byte-at-a-time loop
// that copies printable bytes and drops the rest, with no state and no
// parsing (so it leaves every sequence's parameters in the text).
func BenchmarkCopyLoop(b *testing.B) {
	b.SetBytes(int64(len(colourLog)))
	b.ReportAllocs()
	dst := make([]byte, 0, len(colourLog))
	for b.Loop() {
		dst = dst[:0]
		for _, c := range colourLog {
			if c >= 0x20 && c != 0x7F || c == '\n' || c == '\t' {
				dst = append(dst, c)
			}
		}
	}
	sink = len(dst)
}

var sink int

// BenchmarkParse is the ansi tokenizer alone, with no output.
func BenchmarkParse(b *testing.B) {
	b.SetBytes(int64(len(colourLog)))
	b.ReportAllocs()
	for b.Loop() {
		var p ansi.Parser
		src := colourLog
		for len(src) > 0 {
			_, n := p.Next(src, true)
			src = src[n:]
		}
	}
}

// BenchmarkCleaner is the Cleaner as a Transformer behind transform.Reader.
func BenchmarkCleaner(b *testing.B) {
	c := transcript.NewCleaner(unlimited)
	benchReader(b, colourLog, func() transform.Transformer { return c })
}

// BenchmarkCleanerPlain is the Cleaner on text with no escape.
func BenchmarkCleanerPlain(b *testing.B) {
	c := transcript.NewCleaner(unlimited)
	benchReader(b, plainLog, func() transform.Transformer { return c })
}

// BenchmarkCleanerOverwrite adds the CR and BS simulation.
func BenchmarkCleanerOverwrite(b *testing.B) {
	c := transcript.NewCleaner(transcript.Options{CR: transcript.CROverwrite, BS: transcript.BSErase,
		Limits: transcript.Limits{MaxOutput: -1}})
	benchReader(b, colourLog, func() transform.Transformer { return c })
}

// BenchmarkWriter is the Writer fed 32 KiB reads, as Run feeds it.
func BenchmarkWriter(b *testing.B) {
	b.SetBytes(int64(len(colourLog)))
	b.ReportAllocs()
	for b.Loop() {
		w := transcript.NewWriter(io.Discard, unlimited)
		for _, chunk := range split(colourLog, 32<<10) {
			w.Write(chunk)
		}
		w.Close()
	}
}

// BenchmarkHostile is the worst case for the line logic: an unterminated
// OSC, a CSI with thousands of parameters, and tag characters on every line.
func BenchmarkHostile(b *testing.B) {
	in := []byte(strings.Repeat("x"+tags("hidden")+"\r\b\n", 20000) +
		"\x1b[" + strings.Repeat("1;", 100000) + "m\x1b]0;" + strings.Repeat("A", 1<<19))
	c := transcript.NewCleaner(unlimited)
	benchReader(b, in, func() transform.Transformer { return c })
}

func benchReader(b *testing.B, in []byte, t func() transform.Transformer) {
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := io.Copy(io.Discard, transform.NewReader(bytes.NewReader(in), t())); err != nil {
			b.Fatal(err)
		}
	}
}

// sequenceText is about 1 MiB of text dense with the sequences whose
// joiners and selectors are shown as themselves, and with stray ones:
// emoji ZWJ, keycap and flag sequences, Persian ZWNJ, Devanagari joiners,
// ideographic variation sequences.
var sequenceText = func() []byte {
	line := "family \U0001F468\u200d\U0001F469\u200d\U0001F467 love \u2764\ufe0f\u200d\U0001F525 " +
		"key 1\ufe0f\u20e3 flag \U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F " +
		"\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645 \u0915\u094d\u200d\u0937 \u845b\U000E0100 " +
		"stray a\u200db x\ufe01 ok\U000E0041\n"
	return bytes.Repeat([]byte(line), 1<<20/len(line))
}()

// BenchmarkSequences runs Sanitize and the Cleaner on sequenceText, with
// utf8.Valid, the floor of any scan, as the baseline.
func BenchmarkSequences(b *testing.B) {
	b.Run("Valid", func(b *testing.B) {
		b.SetBytes(int64(len(sequenceText)))
		b.ReportAllocs()
		for b.Loop() {
			if !utf8.Valid(sequenceText) {
				b.Fatal("invalid")
			}
		}
	})
	b.Run("Sanitize", func(b *testing.B) {
		text := string(sequenceText)
		b.SetBytes(int64(len(text)))
		b.ReportAllocs()
		for b.Loop() {
			plainsight.Sanitize(text)
		}
	})
	b.Run("Cleaner", func(b *testing.B) {
		c := transcript.NewCleaner(unlimited)
		benchReader(b, sequenceText, func() transform.Transformer { return c })
	})
}

// randomBytes is 1 MiB of random bytes: invalid UTF-8 throughout, raw C1
// controls and introducers, C0 controls.
var randomBytes = func() []byte {
	r := rand.New(rand.NewPCG(3, 4))
	b := make([]byte, 1<<20)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}()

// attackText is about 1 MiB of attack-dense text: each line carries an
// overwrite, a bidi control, hidden tags, a raw or UTF-8 C1 control, a
// title or clipboard OSC, a hyperlink or backspaces.
var attackText = bytes.Repeat([]byte("echo ok\rrm -rf ~ \x1b[2K\x1b[1G\n"+
	"cat invoice\u202efdp.exe \u2066x\u2069 su\u200bdo rm\u00a0-rf / \ufeffls\n"+
	"ok"+tags("ignore")+" x\U000E0100\ufe01 \x9b31mred\x9b0m \x9d0;t\x9c\n"+
	"\x1b]0;title\x07\x1b]52;c;Zm9v\x07 a\u0085b\x7f\n"+
	"echo evil #\b\b\b\b\b\bgood \x1b]8;;http://evil.example\x1b\\click\x1b]8;;\x1b\\\n"), 1<<20/320)

// scriptLog is about 1 MiB of a coloured log in scripts other than Latin,
// as a localized build or test runner writes it, with a zero-width space
// now and then: lines of characters above ASCII that do not pass whole.
var scriptLog = func() []byte {
	var b bytes.Buffer
	levels := []string{"\x1b[32m信息\x1b[0m", "\x1b[33m警告\x1b[0m", "\x1b[1;31mОШИБКА\x1b[0m"}
	for i := 0; b.Len() < 1<<20; i++ {
		hidden := ""
		if i%5 == 0 {
			hidden = "\u200b"
		}
		fmt.Fprintf(&b, "%s 服务%d：请求已处理%s，耗时 \x1b[36m%d毫秒\x1b[0m；Запрос обработан успешно\n", levels[i%3], i%7, hidden, i%250)
	}
	return b.Bytes()
}()

// BenchmarkClean runs Clean and the Cleaner as a Transformer (one call
// into a dst as large as the input, as a caller with a buffer would) on
// each kind of input, with memmove as the floor.
func BenchmarkClean(b *testing.B) {
	inputs := []struct {
		name string
		src  []byte
	}{
		{"plain", plainLog}, {"colour", colourLog}, {"prose", sequenceText},
		{"attack", attackText}, {"random", randomBytes}, {"scripts", scriptLog},
	}
	for _, in := range inputs {
		b.Run("memmove/"+in.name, func(b *testing.B) {
			dst := make([]byte, len(in.src))
			b.SetBytes(int64(len(in.src)))
			for b.Loop() {
				copy(dst, in.src)
			}
		})
		b.Run("Clean/"+in.name, func(b *testing.B) {
			b.SetBytes(int64(len(in.src)))
			b.ReportAllocs()
			for b.Loop() {
				transcript.Clean(in.src, unlimited)
			}
		})
		b.Run("Transform/"+in.name, func(b *testing.B) {
			c := transcript.NewCleaner(unlimited)
			dst := make([]byte, 3*len(in.src)+64)
			b.SetBytes(int64(len(in.src)))
			b.ReportAllocs()
			for b.Loop() {
				c.Reset()
				if _, _, err := c.Transform(dst, in.src, true); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
