package term

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"sort"
	"strconv"
	"testing"
	"unicode/utf8"
)

// Benchmark inputs, each about 64 KiB and built deterministically.
var (
	benchPlain  = plainText(64 << 10)
	benchColour = colourLog(64 << 10)
	benchProse  = proseText(64 << 10)
	benchAttack = attackText(64 << 10)
)

// proseText returns about n bytes of multilingual prose with newlines:
// text with no control that needs no change, mostly not ASCII.
func proseText(n int) []byte {
	text := []byte("The build finished in 4.2 s; three tests were skipped.\n" +
		"\u041e\u0442\u043a\u0440\u043e\u0439\u0442\u0435 \u0444\u0430\u0439\u043b \u00ab\u0418\u0442\u043e\u0433\u0438\u00bb. " +
		"\u6771\u4eac\u30bf\u30ef\u30fc\u3078\u884c\u304f\u524d\u306b\u3001README.md\u3092\u8aad\u3093\u3067\u304f\u3060\u3055\u3044\u3002\n" +
		"Gr\u00f6\u00dfe der Datei \u2013 na\u00efve caf\u00e9, \u00c5ngstr\u00f6m, \u201eZitat\u201c. " +
		"\ud55c\uad6d\uc5b4 \ud14d\uc2a4\ud2b8\ub97c \ud45c\uc2dc\ud569\ub2c8\ub2e4. " +
		"Deploy succeeded \u2705 in 3 regions \U0001F680; see \u00a74.2.\n")
	text = bytes.Repeat(text, n/len(text)+1)
	return text[:bytes.LastIndexByte(text[:n], '\n')+1]
}

// attackText returns about n bytes of attack-dense text: every line
// carries an overwrite, a bidi control, a raw or UTF-8 C1 control, a title
// or clipboard OSC, a hyperlink or backspaces.
func attackText(n int) []byte {
	lines := []string{
		"echo ok\rrm -rf ~ \x1b[2K\x1b[1G",
		"cat invoice\u202efdp.exe \u2066x\u2069",
		"su\u200bdo rm\u00a0-rf / \ufeffls",
		"\x1b]0;title\x07\x1b]52;c;Zm9v\x07 a\u0085b\x7f",
		"echo evil #\b\b\b\b\b\bgood \x1b]8;;http://evil.example\x1b\\click\x1b]8;;\x1b\\",
		"\x9b31mred\x9b0m \x9d0;t\x9c \x1bPq#0\x1b\\ ok",
	}
	var b bytes.Buffer
	for i := 0; b.Len() < n; i++ {
		b.WriteString(lines[i%len(lines)])
		b.WriteByte('\n')
	}
	return b.Bytes()[:n]
}

// plainText returns n bytes of ASCII prose with newlines.
func plainText(n int) []byte {
	const line = "The quick brown fox jumps over the lazy dog while the compiler checks 42 files.\n"
	return bytes.Repeat([]byte(line), n/len(line)+1)[:n]
}

// colourLog returns about n bytes of a colour-heavy build log: several
// SGRs per line (256-colour and truecolour included), a tab, a CRLF now and
// then, and a few non-ASCII characters.
func colourLog(n int) []byte {
	var b bytes.Buffer
	for i := 0; b.Len() < n; i++ {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&b, "\x1b[1;32m   Compiling\x1b[0m crate-%d v0.%d.0 (\x1b[2m/src/crate-%d\x1b[0m)\n", i, i%10, i)
		case 1:
			fmt.Fprintf(&b, "\x1b[33mwarning\x1b[0m\x1b[1m: unused variable: `x%d`\x1b[0m\r\n", i)
		case 2:
			fmt.Fprintf(&b, "  \x1b[38;5;12m-->\x1b[0m src/lib.rs:%d:%d\t\x1b[38;2;255;100;0m\u2717 caf\u00e9\x1b[39m\n", i, i%80)
		case 3:
			fmt.Fprintf(&b, "\x1b[34m%4d |\x1b[0m     let x%d = compute(\x1b[4:3m\x1b[58:5:196mvalue\x1b[59m\x1b[24m);\n", i, i)
		}
	}
	return b.Bytes()[:n]
}

// benchTTYLog returns the real terminal logs in testdata, concatenated in
// name order.
func benchTTYLog(b *testing.B) []byte {
	logs := ttyLogs(b)
	names := make([]string, 0, len(logs))
	for name := range logs {
		names = append(names, name)
	}
	sort.Strings(names)
	var all []byte
	for _, name := range names {
		all = append(all, logs[name]...)
	}
	return all
}

// benchInputs are the inputs of the benchmarks that compare the sanitizer
// with its floors.
func benchInputs(b *testing.B) []benchInput {
	return []benchInput{{"plain", benchPlain}, {"colour", benchColour}, {"ttylog", benchTTYLog(b)},
		{"prose", benchProse}, {"attack", benchAttack}}
}

type benchInput struct {
	name string
	src  []byte
}

// adversarial returns streams of about n bytes that are all sequence or
// all unusual: a long unterminated OSC, a CSI with n/2 parameters, ESC
// bytes, random bytes (invalid UTF-8 throughout), a run of combining
// marks, and one token with no space.
func adversarial(n int) []benchInput {
	random := make([]byte, n)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range random {
		random[i] = byte(r.Uint32())
	}
	return []benchInput{
		{"osc", append([]byte("\x1b]0;"), bytes.Repeat([]byte("A"), n)...)},
		{"csi", append(append([]byte("\x1b["), bytes.Repeat([]byte("1;"), n/2)...), 'm')},
		{"esc", bytes.Repeat([]byte{0x1b}, n)},
		{"random", random},
		{"combining", append([]byte("a"), bytes.Repeat([]byte("\u0301"), n/2)...)},
		{"token", bytes.Repeat([]byte("x"), n)},
	}
}

// BenchmarkCopyLoop is the floor the sanitizer is compared with: a byte
// loop that only copies src to dst.
func BenchmarkCopyLoop(b *testing.B) {
	for _, in := range benchInputs(b) {
		b.Run(in.name, func(b *testing.B) {
			dst := make([]byte, len(in.src))
			b.SetBytes(int64(len(in.src)))
			b.ReportAllocs()
			for b.Loop() {
				//lint:ignore S1001 the floor is a plain byte loop, not memmove
				for i := 0; i < len(in.src); i++ {
					dst[i] = in.src[i]
				}
			}
		})
	}
}

// BenchmarkMemmove is the lowest floor: copy, which text that needs no
// change should approach.
func BenchmarkMemmove(b *testing.B) {
	for _, in := range benchInputs(b) {
		b.Run(in.name, func(b *testing.B) {
			dst := make([]byte, len(in.src))
			b.SetBytes(int64(len(in.src)))
			for b.Loop() {
				copy(dst, in.src)
			}
		})
	}
}

// BenchmarkUTF8Valid is the floor for finding clean text: utf8.Valid
// looks at eight ASCII bytes at a time. Only the inputs that are valid
// UTF-8 are timed: on the others it stops at the first invalid byte.
func BenchmarkUTF8Valid(b *testing.B) {
	for _, in := range benchInputs(b) {
		if !utf8.Valid(in.src) {
			continue
		}
		b.Run(in.name, func(b *testing.B) {
			b.SetBytes(int64(len(in.src)))
			for b.Loop() {
				utf8.Valid(in.src)
			}
		})
	}
}

// BenchmarkTransform measures Transform into a reused dst, one chunk per
// iteration, in each mode.
func BenchmarkTransform(b *testing.B) {
	modes := []struct {
		name string
		opts Options
	}{{"strip", Options{}}, {"visualize", Options{Mode: Visualize}}, {"plain", Options{Plain: true}}}
	for _, in := range benchInputs(b) {
		for _, m := range modes {
			b.Run(in.name+"/"+m.name, func(b *testing.B) {
				benchTransform(b, New(m.opts), in.src)
			})
		}
	}
}

// BenchmarkPush measures Push and Finish over one whole input per
// iteration, to compare with BenchmarkTransform's strip mode.
func BenchmarkPush(b *testing.B) {
	for _, in := range append(benchInputs(b), adversarial(64<<10)...) {
		b.Run(in.name, func(b *testing.B) {
			benchPush(b, in.src)
		})
	}
}

// BenchmarkAdversarial measures Transform over the adversarial streams.
func BenchmarkAdversarial(b *testing.B) {
	for _, in := range adversarial(64 << 10) {
		b.Run(in.name, func(b *testing.B) {
			benchTransform(b, new(Sanitizer), in.src)
		})
	}
}

// BenchmarkScaling runs Transform, Push and NewWriter over the
// adversarial streams at 1 MiB and 16 MiB: the time per byte must not
// grow with the size.
func BenchmarkScaling(b *testing.B) {
	for _, size := range []int{1 << 20, 16 << 20} {
		for _, in := range adversarial(size) {
			name := in.name + "/" + strconv.Itoa(size>>20) + "MiB"
			b.Run("transform/"+name, func(b *testing.B) {
				benchTransform(b, new(Sanitizer), in.src)
			})
			b.Run("push/"+name, func(b *testing.B) {
				benchPush(b, in.src)
			})
			b.Run("writer/"+name, func(b *testing.B) {
				// NewWriter's 4 KiB buffers: Transform with a small dst.
				b.SetBytes(int64(len(in.src)))
				b.ReportAllocs()
				for b.Loop() {
					w := NewWriter(io.Discard, Options{})
					if _, err := w.Write(in.src); err != nil {
						b.Fatal(err)
					}
					if err := w.Close(); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// benchTransform runs s over all of src in one Transform call per
// iteration, into a buffer large enough that it never runs short.
func benchTransform(b *testing.B, s *Sanitizer, src []byte) {
	dst := make([]byte, 3*len(src)+64)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		s.Reset()
		if _, _, err := s.Transform(dst, src, true); err != nil {
			b.Fatal(err)
		}
	}
}

// benchPush runs a zero Sanitizer's Push and Finish over src, as one
// string, per iteration.
func benchPush(b *testing.B, src []byte) {
	in := string(src)
	var s Sanitizer
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		n += len(s.Push(in)) + len(s.Finish())
	}
	if n < 0 {
		b.Fatal("negative length")
	}
}
