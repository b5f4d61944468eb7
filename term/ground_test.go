package term

import (
	"bytes"
	"encoding/binary"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestGroundAgreesWithParser compares ground with the parser on every
// pair of bytes, alone and before a continuation byte, a C1 byte, text or
// the start of a sequence: the pairs cover each lead byte with each byte
// after it, and each C1 control raw and in UTF-8.
func TestGroundAgreesWithParser(t *testing.T) {
	suffixes := []string{"", "\x80", "\x9b", "\xbf", "A\n", "\x1b[1m"}
	for _, opts := range allOptions {
		fast, slow := New(opts), New(opts)
		slow.noFastPath = true
		for pair := range 1 << 16 {
			for _, suffix := range suffixes {
				in := "x" + string([]byte{byte(pair >> 8), byte(pair)}) + suffix
				fast.Reset()
				slow.Reset()
				if got, want := fast.run(in, true), slow.run(in, true); got != want {
					t.Fatalf("%+v: %+q: fast path %+q, parser %+q", opts, in, got, want)
				}
			}
		}
	}
}

// TestGroundInvalidRuns compares ground with the parser on runs of bytes
// that no valid UTF-8 holds, of every length around a word and a block
// of InvalidBlocks, and around the prepared buffer (1,024 U+FFFD),
// between text and before a lead byte that they might complete.
func TestGroundInvalidRuns(t *testing.T) {
	lengths := []int{63, 64, 65, 96, 97, 1023, 1024, 1025, 3000}
	for n := range 40 {
		lengths = append(lengths, n)
	}
	for _, opts := range allOptions {
		fast, slow := New(opts), New(opts)
		slow.noFastPath = true
		for _, unit := range []string{"\xff", "\xa0", "\xbf", "\xc0\xc1", "\xf5\xfe", "\xa5\xff\xc1"} {
			for _, n := range lengths {
				run := strings.Repeat(unit, n)
				for _, in := range []string{run, "ab" + run + "cd", "\xe2" + run, run + "\xe2\x82", run + "\x80\x9b1m", "x\xc3" + run} {
					fast.Reset()
					slow.Reset()
					if got, want := fast.run(in, true), slow.run(in, true); got != want {
						t.Fatalf("%+v: %+q: fast path %+q, parser %+q", opts, in, got, want)
					}
				}
			}
		}
	}
}

// TestDroppedControlRuns compares the fast path with the parser on text
// that dropped controls break up (overstrike, BEL, DEL), in runs of every
// length around a word, before text, a line end, a sequence or the end,
// through a dst that is large, just larger than an SGR's longest form, or
// tiny.
func TestDroppedControlRuns(t *testing.T) {
	for _, opts := range allOptions {
		for _, unit := range []string{"_\bx", "a\b", "\b", "ab\x07", "\u00e9\x7f", "a\x00b\x01",
			"\r", "\x00\x01\x02\x03\x04\x05\x06\x7f", "\x01\x02\x03\t", "\x01\x02\n", "\x01\x02\x03\x04\x1b"} {
			for n := range 20 {
				run := strings.Repeat(unit, n)
				for _, in := range []string{run, "ab" + run + "cd", run + "\n\x1b[1m" + run, run + "\x1b[31m" + run + "\x9b1m"} {
					checkDstSizes(t, opts, in)
				}
			}
		}
	}
}

// checkDstSizes compares the fast path with the parser alone on in,
// through a dst that is large, just larger than an SGR's longest form, or
// tiny.
func checkDstSizes(t *testing.T, opts Options, in string) {
	t.Helper()
	slow := New(opts)
	slow.noFastPath = true
	want := slow.run(in, true)
	for _, size := range []int{7, maxSGRLen + 1, 1 << 10} {
		if got := transformSmallDst(t, New(opts), in, size); got != want {
			t.Fatalf("%+v: %+q through %d bytes of dst: fast path %+q, parser %+q", opts, in, size, got, want)
		}
	}
}

// TestDroppedSequenceRuns compares the fast path with the parser on runs
// of sequences that every policy drops, introduced by ESC or by C1 (raw
// and in UTF-8), each whole or cut short by the next, in runs of up to 20,
// between text, before an SGR, a string too long for the fast path, a
// UTF-8 character or C1 control that C2 starts, or a sequence the end of
// the input cuts short, through a dst that is large, just larger than an
// SGR's longest form, or tiny.
func TestDroppedSequenceRuns(t *testing.T) {
	long := "\x1b]0;" + strings.Repeat("t", maxFastString) + "\a"
	for _, opts := range allOptions {
		for _, unit := range []string{"\x1b[", "\x1b[K", "\x1b[2J", "\x1b[?25l", "\x1b[1;2", "\x1b[1 q", "\x1b(",
			"\x1b]0;t\a", "\x1b]0;title\x1b\\", "\x1b]2;a longer title\a", "\x1b]", "\x1b_x\x1b\\", "\x1bXs\x1b\\", "\x1b_x\a", "\x1b(B", "\x1b=",
			"\x9b1m", "\xc2\x9b2J", "\x9bK", "\x9b?25h", "\xc2\x9b1;2", "\x1b[H\x9b1m", "\xc2\x9b2J\x1b]0;t\a",
			// Controls inside the sequences: executed, or payload of
			// a string, or an abort.
			"\x1b\b", "\x1b\b=", "\x1b\x7f\a7", "\x1b(\bB", "\x1b(\b0x", "\x1b \r", "\x1b[2\aJ", "\x1b[?\x0025\x7fl", "\x1b[1\x18",
			"\x1b\x1a", "\x1b(\x18", "\x1b[\n2J", "\x1b\t=", "\x1b[1\r;31m", "\x1b]0;a\x01b\a", "\x1b_\a\x7f\x1b\\", "\x1bP\b1\x1b\\",
			// Strings as the parser's string states read them:
			// characters, ST raw and in UTF-8, an abort by a C1 control.
			"\x1b]0;caf\u00e9\a", "\x1b]0;t\x9c", "\x1b_x\xc2\x9c", "\x1b]0;a\x85b", "\x1b]0;a\xc2\x85", "\x1bX\xe2\x82\x1b\\", "\x1b]0;\x9d"} {
			for n := range 20 {
				run := strings.Repeat(unit, n)
				for _, in := range []string{run, "ab" + run + "cd", run + "\x1b[31mx" + run + "\x1b[m",
					run + long + run, run + run + run + "x", run + "\xc2\xa9m" + run + "\xc2\x85K" + run + "\xff1m",
					run + "\xc2", run + "\x9b1", run + "\x1b[1", run + "\x1b]0;t"} {
					checkDstSizes(t, opts, in)
				}
			}
		}
	}
}

// TestDropRunReadsWholeRuns checks that dropRun reads a run of the
// sequences dropLen reads to its end, and stops at an SGR, text or a
// sequence it leaves to the parser: the comparisons with the parser alone
// pass whether the fast path reads a sequence or not.
func TestDropRunReadsWholeRuns(t *testing.T) {
	var units []string
	for n := range 20 {
		payload := strings.Repeat("t", n)
		units = append(units, "\x1b]0;"+payload+"\a", "\x1b]2;"+payload+"\x1b\\", "\x1b_"+payload+"\x1b\\", "\x1b]0;"+payload+"\n\t\a",
			"\x1b]0;"+payload+"\x01\b"+payload+"\a", "\x1b_\a"+payload+"\x7f\x1b\\")
	}
	units = append(units, "\x1b[\x1b[1\x1b[K", "\x1b[K", "\x1b[1;2H", "\x1b[?25l", "\x1b(B", "\x1b=", "\x1b[2J\x1b]0;t\a\x1b(B\x1b]0;title\x1b\\",
		// Controls that the parser executes inside the sequence,
		// dropped with it, and CAN and SUB, which abort it.
		"\x1b\b=", "\x1b\a7", "\x1b\x7f=", "\x1b(\bB", "\x1b(\b0", "\x1b \rF", "\x1b[2\aJ", "\x1b[?\x0025\x7fl", "\x1b[1\x18", "\x1b\x1a", "\x1b(\x18")
	for _, unit := range units {
		for _, stop := range []string{"", "x", "\x1b[1m", "\x1b]0;t", "\x1bP1\x1b\\", "\x1b[1\bm", "\x1b\n=", "\x1b[\t1J"} {
			run := strings.Repeat(unit, 3)
			if got := dropRun([]byte(run + stop)); got != len(run) {
				t.Errorf("dropRun(%+q) = %d, want %d", run+stop, got, len(run))
			}
		}
	}
}

// TestShortPayloadEnd checks the unrolled shortPayloadEnd against its
// definition, a loop over at most eight bytes: every byte value in every
// lane, with src cut anywhere around it, at two offsets.
func TestShortPayloadEnd(t *testing.T) {
	ref := func(src []byte, i int) int {
		for stop := min(len(src), i+8); i < stop && keptByte[src[i]]; i++ {
		}
		return i
	}
	for lane := range 9 {
		for b := range 256 {
			for _, off := range []int{0, 3} {
				src := []byte(strings.Repeat("t", off+10))
				src[off+lane] = byte(b)
				for cut := off; cut <= len(src); cut++ {
					if got, want := shortPayloadEnd(src[:cut], off), ref(src[:cut], off); got != want {
						t.Fatalf("shortPayloadEnd(%+q, %d) = %d, want %d", src[:cut], off, got, want)
					}
				}
			}
		}
	}
}

// TestControlWord checks controlWord against droppedC0 lane by lane: every
// byte value in every lane, among lanes of a dropped control.
func TestControlWord(t *testing.T) {
	for _, fill := range []byte{0x00, '\r', 0x1f} {
		for lane := range 8 {
			for b := range 256 {
				w := bytes.Repeat([]byte{fill}, 8)
				w[lane] = byte(b)
				want := droppedC0(byte(b)) && b != 0x7f
				if got := controlWord(binary.LittleEndian.Uint64(w)); got != want {
					t.Errorf("controlWord(% x) = %v, want %v", w, got, want)
				}
			}
		}
	}
}

// TestStringPayloads compares the fast path with the parser on control
// strings, opened by ESC or by C1 (raw and in UTF-8; a DCS by C1 also
// after a header in each of its states, and one that an ESC aborts in its
// header), whose payload, of every length around a word, ends in each way
// a string ends, by the next one's introducer, or is left to the parser,
// alone and in a run after a title and a CSI.
func TestStringPayloads(t *testing.T) {
	for _, opts := range allOptions {
		fast, slow := New(opts), New(opts)
		slow.noFastPath = true
		for n := range 20 {
			for _, intro := range []string{"\x1b]0;", "\x1b_", "\x1bX", "\x9d0;", "\x98", "\xc2\x9f", "\xc2\x9d8;;", "\x90", "\xc2\x901;", "\x90 q", "\x90?", "\x90\x05", "\x901;2\x1b"} {
				for _, end := range []string{"\a", "\x1b\\", "\x1bx", "\x01", "\n\t\a", "\xc3\xa9\a", "\x9c", "\xc2\x9c", "\x18",
					"\x85", "\xc2\x85", "\x9d", "\xc2\x9b1m", "\xe2\x82\x9c\x9c", "\xc2"} {
					str := intro + strings.Repeat("t", n) + end
					for _, in := range []string{"a" + str + "z", "a\x1b]0;t\a" + str + str + "\x1b[K" + str + "\x1b[" + str} {
						fast.Reset()
						slow.Reset()
						if got, want := fast.run(in, true), slow.run(in, true); got != want {
							t.Fatalf("%+v: %+q: fast path %+q, parser %+q", opts, in, got, want)
						}
					}
				}
			}
		}
	}
}

// textRunRef is textRun as its doc defines it, a character at a time.
func textRunRef(src []byte) int {
	i := 0
	for i < len(src) {
		if keptByte[src[i]] {
			i++
			continue
		}
		r, size := utf8.DecodeRune(src[i:])
		if size == 1 || r < 0xa0 {
			break
		}
		i += size
	}
	return i
}

// TestTextRun compares textRun with textRunRef on each lead byte followed
// by each byte and a few after it, at every offset into the table loop's
// four-byte window and cut short by the end of src.
func TestTextRun(t *testing.T) {
	tails := []string{"", "\x80", "\xbf", "\x80\x80", "\xbf\xbf\xbf", "\x9f\xa0a", "a\x80\x80", "abcdefghijkl", "\x80\x80 \xd0\x96\xe4\xb8\x80 xyz"}
	for _, prefix := range []string{"", " ", "a", "\xd0\x96", "\xe4\xb8\x80", "\xf0\x9f\x9a\x80", "abcdefghij "} {
		for pair := 0x80 << 8; pair < 1<<16; pair++ {
			for _, tail := range tails {
				for _, end := range []string{"", "   ", "\x1b"} {
					in := []byte(prefix + string([]byte{byte(pair >> 8), byte(pair)}) + tail + end)
					for cut := len(in); cut >= len(in)-4 && cut >= 0; cut-- {
						if got, want := textRun(in[:cut]), textRunRef(in[:cut]); got != want {
							t.Fatalf("textRun(%+q) = %d, want %d", in[:cut], got, want)
						}
					}
				}
			}
		}
	}
}

// TestGroundEnd runs ground with every room in dst around a two-byte
// character, or a cut prefix of a longer one, that starts just before the
// end ground reads to (which the room in dst sets): it may end past it,
// and ground must return there rather than read on.
func TestGroundEnd(t *testing.T) {
	for _, src := range []string{"ab\u02d7", "ab\u02d7cd", "\xff\u02d7\xb8", "a\u02d7\u02d7\u02d7", "ab\xe4\xb8x", "ab\xf0\x9f\x98xy", "a\xe4\xb8\xe4\xb8\xf0\x9f\x98"} {
		want := New(Options{}).run(src, true)
		for room := 16; room < 16+3*len(src)+4; room++ {
			dst := make([]byte, room)
			nDst, nSrc := ground(dst, []byte(src), true, Strip)
			if nSrc > len(src) || !strings.HasPrefix(want, string(dst[:nDst])) {
				t.Errorf("ground(%d bytes, %+q) = %+q, read %d; want a prefix of %+q", room, src, dst[:nDst], nSrc, want)
			}
		}
	}
}

// TestGroundPrefixes compares ground with the parser on the prefixes of
// three- and four-byte characters that a byte not a continuation cuts
// short, after text and after bytes alone, with what follows them.
func TestGroundPrefixes(t *testing.T) {
	for _, opts := range allOptions {
		fast, slow := New(opts), New(opts)
		slow.noFastPath = true
		for lead := 0xe0; lead <= 0xf4; lead++ {
			for b1 := 0x80; b1 <= 0xbf; b1++ {
				for _, before := range []string{"x", "\x01\xff", "\u00e9"} {
					for _, after := range []string{"A", "\x80A", "\x80\x80A", "\x80\x80\x80", "\xc3", "\x80\xe4\xb8", "\x80\x80\u00e9"} {
						in := before + string([]byte{byte(lead), byte(b1)}) + after + "yz"
						fast.Reset()
						slow.Reset()
						if got, want := fast.run(in, true), slow.run(in, true); got != want {
							t.Fatalf("%+v: %+q: fast path %+q, parser %+q", opts, in, got, want)
						}
					}
				}
			}
		}
	}
}
