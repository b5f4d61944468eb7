package term

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight-dev/plainsight/internal/c1string"
)

// alonePaths returns the paths byteRun can take here: a byte at a time
// always, the vector loop where the processor has one. Under CI=true on
// amd64 a missing vector loop is logged, so that a run on a processor
// without AVX-512 says what it did not try.
func alonePaths(tb testing.TB) []bool {
	return vectorPaths(tb, useAloneVector, aloneVectorBuilt, "the vector loop over bytes alone")
}

// setAloneVector turns the vector loop on or off and returns what restores
// it.
func setAloneVector(on bool) (restore func()) { return setVector(&useAloneVector, on) }

// aloneReference is aloneBlocks's contract a byte at a time, from the
// policy rather than from the tables: blocks of 64 bytes while 67 are left
// and dst has 208 bytes of room, each up to its first stop, or before a
// character or cut prefix that starts in its last three bytes.
//
// A sequence that a stop starts in a block is dropped whole when it ends
// in the block, as seqReference reads it (the next block starts after it
// if its last bytes are past the block). One that does not end in the
// block ends the block, which the next starts with, or is a stop if it
// starts the block; one that seqReference leaves to the parser is a stop.
func aloneReference(dst, src []byte) (out []byte, m int) {
	i := 0
blocks:
	for len(src)-i >= aloneBlock+3 && len(out) <= len(dst)-208 {
		start, end := i, i+aloneBlock
		for i < end {
			b := src[i]
			if b == 0x1b || c1string.Introducer(b) || b == 0xc2 && src[i+1] >= 0x80 && src[i+1] <= 0x9f {
				dataEnd, e, parsers := seqReference(src, i, end)
				switch {
				case parsers:
					return out, i
				case e > 0 && dataEnd < end:
					i = e
					if i >= end {
						continue blocks
					}
					continue
				case i > start:
					continue blocks
				}
				return out, i
			}
			// n is the length of the longest prefix of a valid
			// character at src[i]; it is whole when n is l.size.
			l, n := utf8Leads[b], 1
			if l.size > 0 && l.lo <= src[i+1] && src[i+1] <= l.hi {
				for n = 2; n < int(l.size) && src[i+n]&0xc0 == 0x80; n++ {
				}
			}
			switch {
			case n > 1 && i >= end-3:
				end = i // the next block reads it whole
			case n > 1 && n == int(l.size):
				out = append(out, src[i:i+n]...)
				i += n
			case n > 1:
				for range n {
					out = append(out, replacement...)
				}
				i += n
			case keptByte[b]:
				out = append(out, b)
				i++
			case b >= 0xa0:
				out = append(out, replacement...)
				i++
			default:
				i++ // a C0 or C1 control that Strip drops
			}
		}
	}
	return out, i
}

// seqReference reads the sequence that starts at src[i] (ESC, a raw C1
// introducer, or C2 before a C1 control) up to end: it returns where the
// byte that ends it is and where it ends, 0 and 0 when it does not end in
// src[:end], and whether the parser must read it.
//   - A string (SOS, OSC, PM, APC) or a DCS, that a C1 introducer opens,
//     raw or in UTF-8, or ESC and X, ], ^, _ or P, ends as c1string.End
//     and c1string.DCSEnd read it.
//   - A CSI (0x9B, raw or in UTF-8, or ESC [) ends as csiReference reads
//     it; ESC [ up to m is an SGR, which Strip keeps: the parser's.
//   - Any other ESC sequence ends as escReference reads it.
//   - Any other C1 control in UTF-8 is its two bytes.
func seqReference(src []byte, i, end int) (dataEnd, e int, parsers bool) {
	intro, header := src[i], 1
	switch c := src[i+1]; {
	case src[i] == 0x1b:
		if c < 0x50 || c > 0x5f || !c1string.Introducer(c+0x40) {
			e, parsers = escReference(src, i)
			return i, e, parsers
		}
		intro, header = c+0x40, 2
	case src[i] == 0xc2:
		if !c1string.Introducer(c) {
			return i, i + 2, false
		}
		intro, header = c, 2
	}
	switch intro {
	case 0x9b:
		dataEnd, e, parsers = csiReference(src, i+header-1, end)
		if e > 0 && src[i] == 0x1b && src[dataEnd] == 'm' {
			parsers = true
		}
		return dataEnd, e, parsers
	case 0x90:
		dataEnd, e, _ = c1string.DCSEnd(src, i+header)
	default:
		dataEnd, e, _ = c1string.End(src, i+header, intro == 0x9d)
	}
	return dataEnd, e, false
}

// csiReference reads the CSI whose introducer ends at src[i] as the
// parser's CSI states do, up to end: it returns where the byte that ends
// it is, and where the CSI ends, 0 and 0 when nothing in src[:end] ends
// it, and whether the parser must read it, for an LF or tab that the
// parser executes inside it and that Strip keeps.
//
// Parameters, intermediates, DEL, the other C0 controls (executed and
// dropped) and characters or bytes from 0xA0 up (ignored) are read on; a
// final byte (0x40-0x7E) ends it, as do CAN and SUB; ESC and a C1
// control, raw or in UTF-8, end it before them, and the next sequence
// starts at ESC and a C1 introducer.
func csiReference(src []byte, i, end int) (dataEnd, e int, parsers bool) {
	for j := i + 1; j < end; {
		c := src[j]
		switch {
		case c >= 0x40 && c <= 0x7e, c == 0x18, c == 0x1a:
			return j, j + 1, false
		case c == '\n', c == '\t':
			return j, 0, true
		case c == 0x1b:
			return j, j, false
		case c >= 0x80 && c <= 0x9f:
			if c1string.Introducer(c) {
				return j, j, false
			}
			return j, j + 1, false
		case c == 0xc2 && src[j+1] >= 0x80 && src[j+1] <= 0x9f:
			if c1string.Introducer(src[j+1]) {
				return j, j, false
			}
			return j, j + 2, false
		case c >= 0xa0:
			// A character's continuation bytes are read with it.
			l, k := utf8Leads[c], j+1
			if l.size > 0 && l.lo <= src[k] && src[k] <= l.hi {
				for k++; k < j+int(l.size) && src[k]&0xc0 == 0x80; k++ {
				}
			}
			j = k
		default:
			j++
		}
	}
	return 0, 0, false
}

// escReference reads the ESC at src[i], when no CSI or string follows it:
// it returns where the sequence it starts ends, for ESC and a final byte
// (0x30-0x7E), with or without an intermediate (0x20-0x2F) between them,
// and for ESC before ESC, or after an intermediate, which starts the next
// sequence; and whether the parser must read it, for anything else.
func escReference(src []byte, i int) (e int, parsers bool) {
	switch c := src[i+1]; {
	case c == 0x1b:
		return i + 1, false
	case c >= 0x20 && c <= 0x2f:
		switch d := src[i+2]; {
		case d == 0x1b:
			return i + 2, false
		case d >= 0x30 && d <= 0x7e:
			return i + 3, false
		}
	case c >= 0x30 && c <= 0x7e:
		return i + 2, false
	}
	return 0, true
}

// checkAloneBlocks holds aloneBlocks to aloneReference on src, with dst
// of the given room.
func checkAloneBlocks(t *testing.T, src []byte, room int) {
	t.Helper()
	dst := make([]byte, room)
	n, m := aloneBlocks(dst, src)
	want, wantM := aloneReference(dst, src)
	if m != wantM || !bytes.Equal(dst[:n], want) {
		t.Fatalf("aloneBlocks(%d bytes of room, %+q) wrote %+q, read %d; want %+q, %d",
			room, src, dst[:n], m, want, wantM)
	}
}

// TestAloneBlocks holds the vector loop to its contract for every byte
// value, before each of the bytes that end or continue a character, at
// each position of a block that starts or ends a sixteen or the block, in
// inputs around one and two blocks, among bytes it keeps, replaces or
// drops.
func TestAloneBlocks(t *testing.T) {
	if !useAloneVector {
		alonePaths(t)
		t.Skip("no vector loop over bytes alone here")
	}
	fillers := [][]byte{{'x'}, {0xff}, {0x01}, {0xc3, 0xa9}}
	nexts := []string{"x", "\x7f", "\x80", "\x8f", "\x90", "\x9f", "\xa0", "\xbf", "\xc0", "\xa0\x80", "\x90\xbf\x80", "\x90\x80x"}
	positions := []int{0, 1, 2, 14, 15, 16, 17, 30, 31, 32, 33, 46, 47, 48, 49, 61, 62, 63, 64, 65, 66, 127, 128}
	for _, size := range []int{67, 68, 130, 131, 132} {
		for _, filler := range fillers {
			base := bytes.Repeat(filler, size)[:size]
			for _, at := range positions {
				if at+1 >= size {
					break
				}
				for v := range 256 {
					for _, next := range nexts {
						src := bytes.Clone(base)
						src[at] = byte(v)
						copy(src[at+1:], next)
						checkAloneBlocks(t, src, 3*size+208)
					}
				}
			}
		}
	}
}

// TestAloneBlocksRandom holds the vector loop to its contract on inputs
// drawn from the bytes that matter (stops, the bytes that end strings and
// CSIs, leads, continuations, controls, text), through dst of every room
// around the limit.
func TestAloneBlocksRandom(t *testing.T) {
	if !useAloneVector {
		alonePaths(t)
		t.Skip("no vector loop over bytes alone here")
	}
	alphabet := []byte{'x', ' ', '1', ';', 'm', '[', ']', 'P', '_', '\t', '\n', '\\', 0x00, 0x07, 0x18, 0x1a, 0x1b, 0x7f, 0x80, 0x85, 0x90, 0x98, 0x9b, 0x9c,
		0x9d, 0x9e, 0x9f, 0xa0, 0xbf, 0xc0, 0xc2, 0xc3, 0xdf, 0xe0, 0xe2, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		src := make([]byte, 67+rng.IntN(400))
		stops := rng.IntN(2) == 0 // half the inputs without ESC and introducers
		for k := range src {
			for {
				src[k] = alphabet[rng.IntN(len(alphabet))]
				if rng.IntN(4) == 0 {
					src[k] = byte(rng.Uint32())
				}
				if stops || src[k] != 0x1b && !c1string.Introducer(src[k]) {
					break
				}
			}
		}
		checkAloneBlocks(t, src, 3*len(src)+208)
		checkAloneBlocks(t, src, 208+rng.IntN(200))
	}
}

// TestAloneVectorTransform compares Transform with and without the vector
// loop, and with the parser alone, on long runs of random bytes and of
// text that dropped controls break up (overstrike, BELs), before and
// after sequences, whole and through a small dst.
func TestAloneVectorTransform(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var inputs []string
	for _, unit := range []string{"_\bx", "a\x07b", "\u00e9\x08\u00e9", "ab\x00\x01cd"} {
		for _, n := range []int{40, 43, 100} {
			run := strings.Repeat(unit, n)
			inputs = append(inputs, run, "x"+run+"\x1b[31m"+run, run+"\x9b1m"+run+"\xe2\x82", "\x1b[1m"+run+"\x1b]0;t\a"+run)
		}
	}
	for _, n := range []int{65, 200, 1000, 5000} {
		random := make([]byte, n)
		for k := range random {
			random[k] = byte(rng.Uint32())
		}
		inputs = append(inputs, string(random))
		inputs = append(inputs, "é"+string(random)+"\xe2\x82")
	}
	// Text that the vector loop reads after an ESC sequence.
	text := strings.Repeat("plain text, é, ", 20)
	inputs = append(inputs, "é\x1b7"+text+"\x01\x1b]0;t\a"+text+"\x1b[1m"+text, "x\xe2\x80\x8f\x1b(B"+text+"\x9b2K"+text)
	for _, in := range inputs {
		checkVectorPaths(t, in)
	}
}

// checkVectorPaths compares Transform on in with the parser alone, and
// with and without the vector loop, whole and through a small dst.
func checkVectorPaths(t *testing.T, in string) {
	t.Helper()
	slow := New(Options{})
	slow.noFastPath = true
	got := []string{slow.run(in, true)}
	for _, vector := range alonePaths(t) {
		restore := setAloneVector(vector)
		got = append(got, sanitizeChunks(Options{}, in), transformSmallDst(t, New(Options{}), in, 300))
		restore()
	}
	for _, g := range got[1:] {
		if diff := cmp.Diff(got[0], g); diff != "" {
			t.Fatalf("%+q: the paths differ (-the parser alone +another):\n%s", in, diff)
		}
	}
}

// TestAloneVectorSequences compares Transform with and without the vector
// loop, and with the parser alone, on each byte after each start of a
// sequence that the vector loop drops in a block (ESC, and an
// intermediate; CSIs, and parameters; strings and DCSs, and a header;
// each opened by a raw C1 introducer, in UTF-8 and by ESC), and after a
// C2 or a lead there, before the bytes that end sequences, at places in a
// block where the sequence ends in it, at its end, and past it.
func TestAloneVectorSequences(t *testing.T) {
	starts := []string{"\x1b", "\x1b ", "\x9b", "\x9b1;", "\x9b1 ", "\x9b?\xc2", "\x9b\xe2",
		"\x9d", "\x9d0;t", "\x98\xc2", "\x9e\xe2\x82", "\x9f", "\x90", "\x90p", "\x901;", "\x90 ", "\x90p\xc2",
		"\x1b[", "\x1b[1;", "\x1b[?\xc3", "\x1b]", "\x1b]8;;", "\x1bX", "\x1b^\xc2", "\x1b_", "\x1bP", "\x1bP1;",
		"\xc2", "\xc2\x9b", "\xc2\x9b1", "\xc2\x9d", "\xc2\x98\xe2", "\xc2\x90"}
	filler := strings.Repeat("ab\xc3\xa9\x01cd\x85", 20)
	for _, start := range starts {
		for v := range 256 {
			for _, after := range []string{"", "m", "\\", "\x9c", "\x07x"} {
				seq := start + string([]byte{byte(v)}) + after
				for _, at := range []int{5, 40, 58, 61} {
					checkVectorPaths(t, filler[:at]+seq+filler)
				}
			}
		}
	}
}

// FuzzAloneBlocks holds the vector loop to its contract, and Transform
// with it to Transform without it, on the input repeated past two blocks.
func FuzzAloneBlocks(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add([]byte(s), uint16(300))
	}
	f.Add([]byte("\xc3\xa9\xe2\x82\xac\xff\x01\x9c"), uint16(208))
	f.Fuzz(func(t *testing.T, data []byte, room uint16) {
		if len(data) == 0 {
			return
		}
		src := bytes.Repeat(data, 130/len(data)+1)
		if useAloneVector {
			checkAloneBlocks(t, src, 208+int(room)%(3*len(src)))
		}
		var got []string
		for _, vector := range alonePaths(t) {
			restore := setAloneVector(vector)
			got = append(got, transformSmallDst(t, New(Options{}), string(src), 64+int(room)%512))
			restore()
		}
		if got[len(got)-1] != got[0] {
			t.Fatalf("%+q: with the vector loop %+q, without %+q", src, got[len(got)-1], got[0])
		}
	})
}

// BenchmarkAloneVector measures Transform over random bytes and binary
// output a byte at a time and with the vector loop, in the same run.
func BenchmarkAloneVector(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	binary := make([]byte, 64<<10)
	for k := range binary {
		// Mostly zeros and small integers, as an executable's bytes are.
		if rng.IntN(3) == 0 {
			binary[k] = byte(rng.Uint32())
		}
	}
	inputs := []benchInput{{"binary", binary}}
	for _, in := range adversarial(64 << 10) {
		if in.name == "random" {
			inputs = append(inputs, in)
		}
	}
	for _, in := range inputs {
		for _, vector := range alonePaths(b) {
			name := in.name + "/bytes"
			if vector {
				name = in.name + "/vector"
			}
			b.Run(name, func(b *testing.B) {
				defer setAloneVector(vector)()
				benchTransform(b, new(Sanitizer), in.src)
			})
		}
	}
}
