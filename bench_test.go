package plainsight

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// Benchmarks run Sanitize next to two baselines on the same inputs:
// utf8.ValidString, the floor of any scan, and a regexp port of Pikuri's
// SUSPECT class, the straightforward way to do the job. The inputs are valid
// UTF-8, so that ValidString scans them whole; invalid bytes have their own
// corpus cases and fuzz target.

const benchSize = 64 << 10

// repeatTo repeats lines until the text reaches n bytes, cut at a line.
func repeatTo(n int, lines ...string) string {
	var b strings.Builder
	for b.Len() < n {
		for _, l := range lines {
			b.WriteString(l)
			b.WriteByte('\n')
		}
	}
	s := b.String()[:n]
	return s[:strings.LastIndexByte(s, '\n')+1]
}

var (
	benchASCII = repeatTo(benchSize,
		"git status --short && git diff --stat HEAD~1",
		"find . -name '*.go' -not -path './vendor/*' | xargs gofmt -l",
		"docker run --rm -it -v \"$PWD:/src\" -w /src golang:1.26 go test ./...",
		"curl -fsSL https://example.com/install.sh -o /tmp/install.sh && sh /tmp/install.sh",
		"kubectl get pods -n kube-system -o wide | grep -v Running",
		"tar -czf backup-$(date +%F).tar.gz ~/projects --exclude=node_modules",
	)
	benchProse = repeatTo(benchSize,
		"Откройте файл ~/Документы/отчет.pdf и проверьте раздел «Итоги».",
		"東京タワーへ行く前に、README.mdを読んでください。",
		"Η εντολή εμφανίζει τα αρχεία του τρέχοντος καταλόγου.",
		"Größe der Datei in Bytes anzeigen, naïve café, Ångström.",
		"한국어 텍스트를 표시합니다: 파일 목록.",
		"फ़ाइल की सामग्री को मानक आउटपुट पर प्रिंट करें।",
		"فایل\u200cها را ببینید و نتیجه را ذخیره کنید.",
	)
	benchAttack = repeatTo(benchSize,
		"echo ok\rrm -rf ~ \x1b[2K\x1b[1G",
		"cat invoice\u202efdp.exe \u2066x\u2069",
		"su\u200bdo rm\u00a0-rf / \ufeffls",
		"ok\U000E0069\U000E0067\U000E006E\U000E006F\U000E0072\U000E0065 x\U000E0100\U000E0101\ufe01",
		"git clone https://github.com/\u0430pple/x \ue000 \ufdd0",
		"\x1b]0;title\x07\x1b]52;c;Zm9v\x07 a\u0085b\x7f",
	)
)

// pikuriSuspect is Pikuri's SUSPECT class, ported to Go's regexp.
var pikuriSuspect = regexp.MustCompile("[\x00-\x09\x0b-\x1f\x7f-\u009f\u200b-\u200d\u202a-\u202e\u2066-\u2069\ufeff]")

// pikuriSanitize escapes what SUSPECT matches the way Pikuri does.
func pikuriSanitize(s string) string {
	return pikuriSuspect.ReplaceAllStringFunc(s, func(m string) string {
		r, _ := utf8.DecodeRuneInString(m)
		switch {
		case r == '\t':
			return `\t`
		case r >= 0x200B:
			return fmt.Sprintf(`\u{%04x}`, r)
		}
		return fmt.Sprintf(`\x%02x`, r)
	})
}

var benchInputs = []struct {
	name string
	text string
}{
	{"ASCII", benchASCII},
	{"Prose", benchProse},
	{"Attack", benchAttack},
}

var (
	sink       any
	resultSink Result
	stringSink string
)

func BenchmarkSanitize(b *testing.B) {
	for _, in := range benchInputs {
		b.Run(in.name+"/ValidString", func(b *testing.B) {
			b.SetBytes(int64(len(in.text)))
			b.ReportAllocs()
			ok := true
			for b.Loop() {
				ok = ok && utf8.ValidString(in.text)
			}
			sink = ok
		})
		b.Run(in.name+"/Sanitize", func(b *testing.B) {
			b.SetBytes(int64(len(in.text)))
			b.ReportAllocs()
			for b.Loop() {
				resultSink = Sanitize(in.text)
			}
		})
		b.Run(in.name+"/PikuriRegexp", func(b *testing.B) {
			b.SetBytes(int64(len(in.text)))
			b.ReportAllocs()
			for b.Loop() {
				stringSink = pikuriSanitize(in.text)
			}
		})
	}
}

// BenchmarkSanitizeHostile runs Sanitize over 64 KiB of one repeated
// hostile shape each, next to ValidString; compare MB/s across shapes and
// sizes (-benchtime) to see that time stays linear in the input.
func BenchmarkSanitizeHostile(b *testing.B) {
	shapes := []struct{ name, unit string }{
		{"ESC", "\x1b"},
		{"CSIStart", "\x1b["},
		{"OSCStart", "\x1b]"},
		{"C1CSI", "\u009b"},
		{"RawC1", "\x9b"},
		{"Tags", "\U000E0041"},
		{"Selectors", "\ufe01"},
		{"Joiners", "\u200d"},
		{"EmojiZWJ", "\U0001F468\u200d"},
		{"Marks", "a\u0301\u0301"},
		{"Invalid", "\xff"},
	}
	for _, sh := range shapes {
		text := strings.Repeat(sh.unit, benchSize/len(sh.unit))
		b.Run(sh.name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			for b.Loop() {
				resultSink = Sanitize(text)
			}
		})
	}
}
