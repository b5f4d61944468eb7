package transcript_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight-dev/plainsight/transcript"
)

// fuzzOptions decodes the option bits of a fuzz input.
func fuzzOptions(mode uint8) transcript.Options {
	var o transcript.Options
	if mode&1 != 0 {
		o.CR = transcript.CROverwrite
	}
	if mode&2 != 0 {
		o.BS = transcript.BSErase
	}
	o.Unicode = transcript.UnicodePolicy(mode >> 2 & 3 % 3)
	if mode&16 != 0 {
		o.Limits = transcript.Limits{MaxOutput: 80, MaxLine: 16, MaxString: 8}
	}
	return o
}

// FuzzClean checks, for any input and options, that the text and report do
// not depend on how the input is split or on the dst size, that the text
// holds no forbidden byte or code point, that the report is consistent with
// the input, and that the output stays within its limit.
func FuzzClean(f *testing.F) {
	for i, tt := range cleanTests {
		f.Add([]byte(tt.in), uint8(i), uint8(i*7))
	}
	f.Add([]byte("\x1b]0;"+strings.Repeat("\x1b\\\a\x9c", 20)), uint8(3), uint8(0))
	f.Add([]byte("a\r\r\n\b\b\u200b\u202e"+tags("hi")+"\xc2\x9b1m\xc2"), uint8(2), uint8(0xff))
	// Another script after lines that do not pass, and in a colour log:
	// the vector loop reads it in the whole input, not in small chunks.
	f.Add([]byte(strings.Repeat("a\x1b[1mb\n", 6)+"这是一个用于测试的中文句子，包含\u200b标点符号和一些常见的汉字。\n"+
		"\x1b[32m信息\x1b[0m 服务3：请求已处理\u200b，耗时 \x1b[36m12毫秒\x1b[0m；Запрос обработан успешно\n"), uint8(5), uint8(0))
	// Clean lines ended by CR LF, which pass whole less their CRs, with
	// an emoji ZWJ sequence at a line's end, beside a CR alone.
	f.Add([]byte("plain words\r\n\U0001F468\u200d\U0001F469\u200d\U0001F467\r\n\r\ncaf\u00e9\r\r\nx\ry\r\n"), uint8(40), uint8(0))
	f.Fuzz(func(t *testing.T, data []byte, split, mode uint8) {
		opts := fuzzOptions(mode)
		text, rep := transcript.Clean(data, opts)
		if stext, srep := transcript.CleanString(string(data), opts); stext != text || !cmp.Equal(rep, srep) {
			t.Fatalf("CleanString = %+q, %+v; Clean = %+q, %+v", stext, srep, text, rep)
		}

		// Chunk-split invariance: Transformer with small buffers...
		srcN, dstN := int(split%17)+1, int(split/17)+1
		c := transcript.NewCleaner(opts)
		got, err := transformChunks(c, data, srcN, dstN)
		if err != nil {
			t.Fatalf("Transform src %d dst %d: %v", srcN, dstN, err)
		}
		if string(got) != text {
			t.Fatalf("Transform src %d dst %d = %+q, Clean = %+q", srcN, dstN, got, text)
		}
		if diff := cmp.Diff(rep, c.Report()); diff != "" {
			t.Fatalf("Transform src %d dst %d report mismatch (-Clean +Transform):\n%s", srcN, dstN, diff)
		}
		// ...and Writer with irregular chunks.
		var buf bytes.Buffer
		w := transcript.NewWriter(&buf, opts)
		for i, rest := 0, data; len(rest) > 0; i++ {
			n := min(len(rest), int(split>>uint(i%4))%13+1)
			w.Write(rest[:n])
			rest = rest[n:]
		}
		w.Close()
		if buf.String() != text {
			t.Fatalf("Writer = %+q, Clean = %+q", buf.String(), text)
		}
		if diff := cmp.Diff(rep, w.Report()); diff != "" {
			t.Fatalf("Writer report mismatch (-Clean +Writer):\n%s", diff)
		}

		checkText(t, text, opts)

		// The report is consistent with the bytes in and out.
		in := int64(len(data))
		if rep.BytesIn != in || rep.BytesOut != int64(len(text)) {
			t.Fatalf("BytesIn %d BytesOut %d for %d in, %d out", rep.BytesIn, rep.BytesOut, in, len(text))
		}
		if n := rep.Removed() + rep.CRLF + rep.InvalidUTF8; n > in {
			t.Fatalf("%d items counted in %d bytes: %+v", n, in, rep)
		}
		if rep.Unterminated > rep.Sequences.Total() || rep.OverLimit > rep.Sequences.Total() ||
			rep.Malformed > rep.Sequences.Total() {
			t.Fatalf("sequence flags exceed sequences: %+v", rep)
		}
		var esc int64
		for _, n := range rep.Unicode.Escapes {
			esc += n
		}
		if esc > in || rep.Overwritten > 3*in || rep.LongLines > 3*in {
			t.Fatalf("counts exceed input: %+v", rep)
		}
		lim := opts.Limits.Effective()
		if len(text) > lim.MaxOutput {
			t.Fatalf("%d bytes out, limit %d", len(text), lim.MaxOutput)
		}
		if rep.Truncated != strings.HasSuffix(text, transcript.TruncationMarker) && rep.Truncated {
			t.Fatalf("truncated without the marker: %+q", text)
		}
	})
}
