package term

import (
	"bytes"
	"fmt"
	"sort"
	"testing"
)

// Benchmark inputs, each about 64 KiB and built deterministically.
var (
	benchPlain  = plainText(64 << 10)
	benchColour = colourLog(64 << 10)
)

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

// BenchmarkCopyLoop is the floor the sanitizer is compared with: a byte
// loop that only copies src to dst.
func BenchmarkCopyLoop(b *testing.B) {
	for _, in := range []struct {
		name string
		src  []byte
	}{{"plain", benchPlain}, {"colour", benchColour}, {"ttylog", benchTTYLog(b)}} {
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

// BenchmarkTransform measures Transform into a reused dst, one chunk per
// iteration, in each mode.
func BenchmarkTransform(b *testing.B) {
	inputs := []struct {
		name string
		src  []byte
	}{{"plain", benchPlain}, {"colour", benchColour}, {"ttylog", benchTTYLog(b)}}
	modes := []struct {
		name string
		opts Options
	}{{"strip", Options{}}, {"visualize", Options{Mode: Visualize}}, {"plain", Options{Plain: true}}}
	for _, in := range inputs {
		for _, m := range modes {
			b.Run(in.name+"/"+m.name, func(b *testing.B) {
				benchTransform(b, New(m.opts), in.src)
			})
		}
	}
}

// BenchmarkAdversarial measures streams that are all sequence: a long
// unterminated OSC, a CSI with many parameters, and ESC bytes.
func BenchmarkAdversarial(b *testing.B) {
	osc := append([]byte("\x1b]0;"), bytes.Repeat([]byte("A"), 64<<10)...)
	csi := append(append([]byte("\x1b["), bytes.Repeat([]byte("1;"), 32<<10)...), 'm')
	esc := bytes.Repeat([]byte{0x1b}, 64<<10)
	for _, in := range []struct {
		name string
		src  []byte
	}{{"osc", osc}, {"csi", csi}, {"esc", esc}} {
		b.Run(in.name, func(b *testing.B) {
			benchTransform(b, new(Sanitizer), in.src)
		})
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
