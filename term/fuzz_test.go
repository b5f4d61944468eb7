package term

import (
	"bytes"
	"io"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/ansi"
	"golang.org/x/text/transform"
)

// fuzzSeeds are inputs rich in the bytes that matter: ESC, BEL,
// backslash, C1, UTF-8 lead bytes and long unterminated strings.
func fuzzSeeds() []string {
	seeds := []string{
		"\x1b[31mred\x1b[0m plain \x1b]0;title\a\r\n",
		"\x1b]8;;http://\x1bc\x1bP$q m q :;calc.exe;\r\x1b\\",
		"\x9b31m\u009b8m\x9d0;t\x9c\xc2\x9c\xe2\x9c\xb3",
		"a\x98s\xe2\x82\x9c\x9d0;t\a\x9ep\x85b\xc2\x9f\x1bx\x9d\x1b\\\x9e\xc2",
		"\x1b[;4:3;38;2;175;175;215;58:2::190:80:70m\x1b[38;2;8m\x1b[>4;2m",
		"\xc3\x1b[2J\xe2\x1b]0;pwn\aX\x1b_apc \u00e9\x1b\\",
		"\x1b[" + strings.Repeat("1;", 40) + "8m\x1b[65544m\x1b[3\b1m",
		"\x1b]0;" + strings.Repeat("A", 300),
		// A run of bytes that no valid UTF-8 holds, past a block of
		// InvalidBlocks, between text and before a lead byte.
		"ab" + strings.Repeat("\xff\xa0\xc1\xf5", 20) + "\xe2\x82x",
		"working 10%\rworking 20%\rfailure\x1b",
		"\x1b[m\x1b[;m\x1b[:m\x1b[1:m\x1b[000001m\x1b[99999m\x1b[65535;65536m\x1b[;;;m",
		"\xe2\x1b[31m\x9b1m\xc3\n\x80\x1b[0m\xf0\x9f\t\x98\x80",
		"\x1b[" + strings.Repeat("1;", 31) + "1m" + "\x1b[" + strings.Repeat(";", 32) + "m",
		strings.Repeat("\x1b[1", 20) + "m" + strings.Repeat("\x1b[A", 12) + "x",
		// xterm's sgr0 and terminfo's orig_pair among hiding colours.
		"\x1b[30;40mx\x1b(B\x1b[m\x1b[39;49my\x1b[37;47m\x1b[39;49mz\x1b(B\x1b[m\x1b[7m\x1b(B\x1b[",
	}
	for _, tc := range policyCases {
		seeds = append(seeds, tc.in)
	}
	for _, tc := range append(hidingCases, legitimateCases...) {
		seeds = append(seeds, tc.in)
	}
	return seeds
}

// FuzzSplit checks chunk-split invariance: however the input is cut into
// Push calls, and through transform.NewReader, transform.NewWriter and a
// strict Transform caller with tiny buffers, the output equals the one-shot
// output, in every mode.
func FuzzSplit(f *testing.F) {
	for i, s := range fuzzSeeds() {
		f.Add([]byte(s), []byte{byte(i), 3, 1, 7})
	}
	f.Fuzz(func(t *testing.T, data, cuts []byte) {
		for _, opts := range allOptions {
			want := sanitizeChunks(opts, string(data))
			// The fast path for LF, tab and simple SGRs agrees with the
			// parser.
			slow := New(opts)
			slow.noFastPath = true
			if got := slow.run(string(data), true); got != want {
				t.Fatalf("%+v: %+q: parser-only path %+q, fast path %+q", opts, data, got, want)
			}
			// Cut points from cuts: each byte is the next chunk length.
			var chunks []string
			rest := string(data)
			for i := 0; len(rest) > 0; i++ {
				n := len(rest)
				if len(cuts) > 0 {
					n = min(int(cuts[i%len(cuts)])%9, n)
				}
				chunks = append(chunks, rest[:n])
				rest = rest[n:]
				if i > len(data)+16 && n == 0 {
					chunks = append(chunks, rest)
					break
				}
			}
			if got := sanitizeChunks(opts, chunks...); got != want {
				t.Fatalf("%+v: chunks %+q: got %+q, want %+q", opts, chunks, got, want)
			}
			r := transform.NewReader(iotest.OneByteReader(bytes.NewReader(data)), New(opts))
			got, err := io.ReadAll(iotest.HalfReader(r))
			if err != nil || string(got) != want {
				t.Fatalf("%+v: NewReader: %v, got %+q, want %+q", opts, err, got, want)
			}
			var buf bytes.Buffer
			w := NewWriter(&buf, opts)
			for _, c := range chunks {
				if _, err := io.WriteString(w, c); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Close(); err != nil || buf.String() != want {
				t.Fatalf("%+v: NewWriter: %v, got %+q, want %+q", opts, err, buf.String(), want)
			}
			dstSize := 1
			if len(cuts) > 0 {
				dstSize += int(cuts[0]) % 7
			}
			if got := transformAll(t, New(opts), data, dstSize, 3); got != want {
				t.Fatalf("%+v: Transform dst %d: got %+q, want %+q", opts, dstSize, got, want)
			}
			// A dst that the vector loop fills (it runs while 208
			// bytes of room are left).
			if got := transformAll(t, New(opts), data, 208+32*dstSize, len(data)); got != want {
				t.Fatalf("%+v: Transform dst %d: got %+q, want %+q", opts, 208+32*dstSize, got, want)
			}
		}
	})
}

// FuzzSafety checks what Strip output may hold: valid UTF-8, no C0 but LF
// and tab, no DEL, no C1 (raw or U+0080-U+009F), ESC only as the start of
// a complete SGR without conceal, and no character drawn in an explicit
// foreground and background that hide it. With Plain, no ESC at all.
// Visualize output obeys the same rules.
func FuzzSafety(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, opts := range []Options{{}, {Mode: Visualize}, {Plain: true}, {Mode: Off, Plain: true}} {
			out := sanitizeChunks(opts, string(data))
			checkSafe(t, out)
			checkNotHidden(t, out)
			if opts.Plain && strings.IndexByte(out, 0x1b) >= 0 {
				t.Fatalf("%+v: %+q -> %+q holds ESC", opts, data, out)
			}
		}
	})
}

// FuzzParserCaps checks through ansi's API that the parser's stored
// parameters, intermediates and payload never exceed their caps.
func FuzzParserCaps(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var p ansi.Parser
		check := func(tok ansi.Token) {
			if !tok.Kind.IsSequence() {
				return
			}
			seq := p.Seq()
			if len(seq.Payload) > ansi.DefaultPayloadCap || seq.NumParams > ansi.MaxParams ||
				seq.NumParams < 0 || seq.NumIntermediates > ansi.MaxIntermediates {
				t.Fatalf("caps exceeded: payload %d params %d intermediates %d",
					len(seq.Payload), seq.NumParams, seq.NumIntermediates)
			}
		}
		src := data
		for len(src) > 0 {
			tok, n := p.Next(src, true)
			if n <= 0 || n > len(src) {
				t.Fatalf("Next consumed %d of %d bytes at EOF", n, len(src))
			}
			check(tok)
			src = src[n:]
		}
		if tok, ok := p.Flush(); ok {
			check(tok)
		}
	})
}

// checkSafe is an independent checker of sanitizer output: it fails if out
// is not valid UTF-8, holds a C0 control other than LF and tab, DEL, a C1
// control, or an ESC that does not start a complete canonical SGR without
// conceal.
func checkSafe(tb testing.TB, out string) {
	tb.Helper()
	if !utf8.ValidString(out) {
		tb.Fatalf("output %+q is not valid UTF-8", out)
	}
	for i := 0; i < len(out); {
		r, size := utf8.DecodeRuneInString(out[i:])
		switch {
		case r == 0x1b:
			n, why := sgrLen(out[i:])
			if why != "" {
				tb.Fatalf("output %+q: ESC at %d: %s", out, i, why)
			}
			size = n
		case r < 0x20 && r != '\n' && r != '\t', r == 0x7f, r >= 0x80 && r <= 0x9f:
			tb.Fatalf("output %+q holds control %U at %d", out, r, i)
		}
		i += size
	}
}

// sgrLen returns the length of the canonical SGR at the start of s, or
// why it is not one. It parses on its own, without ansi or sgr.go:
// ESC [ then groups separated by ';'; a group is a decimal 0-255, or 4:n,
// or a colon colour 58:5:n / 58:2::r:g:b; 38 and 48 take 5;n or 2;r;g;b.
func sgrLen(s string) (int, string) {
	end := strings.IndexByte(s, 'm')
	if !strings.HasPrefix(s, "\x1b[") || end < 0 {
		return 0, "not a complete CSI ... m"
	}
	body := s[2:end]
	for _, c := range []byte(body) {
		if (c < '0' || c > '9') && c != ';' && c != ':' {
			return 0, "byte " + strconv.Quote(string(c)) + " in SGR"
		}
	}
	groups := strings.Split(body, ";")
	num := func(g string) (int, bool) {
		v, err := strconv.Atoi(g)
		return v, err == nil && v >= 0 && v <= 255 && g == strconv.Itoa(v)
	}
	for i := 0; i < len(groups); i++ {
		g := groups[i]
		if strings.Contains(g, ":") {
			f := strings.Split(g, ":")
			switch {
			case len(f) == 2 && f[0] == "4":
				if v, ok := num(f[1]); !ok || v > 5 {
					return 0, "bad underline style " + g
				}
			case len(f) == 3 && f[0] == "58" && f[1] == "5":
				if _, ok := num(f[2]); !ok {
					return 0, "bad colour " + g
				}
			case len(f) == 6 && f[0] == "58" && f[1] == "2" && f[2] == "":
				for _, c := range f[3:] {
					if _, ok := num(c); !ok {
						return 0, "bad colour " + g
					}
				}
			default:
				return 0, "unexpected sub-parameters " + g
			}
			continue
		}
		v, ok := num(g)
		if !ok {
			return 0, "bad parameter " + strconv.Quote(g)
		}
		switch v {
		case 8:
			return 0, "conceal"
		case 38, 48:
			if i+1 >= len(groups) {
				return 0, "truncated colour"
			}
			n := 0
			switch groups[i+1] {
			case "5":
				n = 1
			case "2":
				n = 3
			default:
				return 0, "bad colour kind"
			}
			if i+1+n >= len(groups) {
				return 0, "truncated colour"
			}
			for _, c := range groups[i+2 : i+2+n] {
				if _, ok := num(c); !ok {
					return 0, "bad colour value"
				}
			}
			i += 1 + n
		case 58:
			return 0, "58 in semicolon form"
		}
	}
	return end + 1, ""
}
