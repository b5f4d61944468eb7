package seqvector

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/plainsight-dev/plainsight/internal/escape"
)

// TestClassify holds the vector loop's classes of a block to
// ClassifyBytes', on blocks of every byte in turn and of random bytes,
// and Pack to PackBytes.
func TestClassify(t *testing.T) {
	if !Enabled {
		t.Skip("no vector loop here")
	}
	r := rand.New(rand.NewPCG(1, 2))
	var blocks []*[BlockLen]byte
	for c := range 256 {
		var block [BlockLen]byte
		for i := range block {
			block[i] = byte(c)
		}
		block[c%BlockLen] = 'x'
		blocks = append(blocks, &block)
	}
	for range 1000 {
		var block [BlockLen]byte
		for i := range block {
			block[i] = byte(r.Uint32())
		}
		blocks = append(blocks, &block)
	}
	for _, block := range blocks {
		var got, want Masks
		Classify(block, &got)
		ClassifyBytes(block, &want)
		if got != want {
			t.Fatalf("%+q: vector classes %+v, want %+v", block, got, want)
		}
		keep := r.Uint64()
		var gotKept, wantKept [BlockLen]byte
		Pack(&gotKept, block, keep)
		PackBytes(&wantKept, block, keep)
		if n := popcount(keep); !bytes.Equal(gotKept[:n], wantKept[:n]) {
			t.Fatalf("%+q, keep %#x: vector %+q, want %+q", block, keep, gotKept[:n], wantKept[:n])
		}
	}
}

func popcount(m uint64) (n int) {
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

// readBytes is Read a byte at a time, sequence after sequence, as the
// parser's states read them: the model Read is held to.
func readBytes(block *[BlockLen]byte, reading Reading) Block {
	b := Block{N: BlockLen, More: true}
	bit := func(i int) uint64 { return uint64(1) << i }
	isIn := func(c byte) bool { return InSequence(c) && (reading == Strip || c != '\r') }
	stop := func(at int, more bool) Block {
		b.N, b.More = at, more
		upTo := bit(at) - 1
		b.Sequences &= upTo
		for i := range at {
			if b.Sequences&bit(i) == 0 && escape.IsPlain(block[i], true) {
				b.Text |= bit(i)
			}
		}
		b.Open &= upTo
		b.Strings &= upTo
		b.ST &= upTo
		b.SGR &= upTo
		b.Aborted &= upTo<<1 | 1
		return b
	}
	const (
		read = iota
		leave
		lost
	)
	stringAt := -1 // the ESC of a string that the ESC at i ends
	i := 0
	for i < BlockLen {
		c := block[i]
		if c != 0x1b {
			if c >= 0x80 || reading == Counted && (c == '\r' || c == '\n') {
				return stop(i, false)
			}
			i++
			stringAt = -1
			continue
		}
		start := i
		// sequence reads the sequence at start and returns its end.
		end, status, isString := func() (int, int, bool) {
			j := start + 1
			for j < BlockLen && isIn(block[j]) {
				j++
			}
			if j == BlockLen {
				return 0, lost, false
			}
			open := j
			b.Open |= bit(j)
			// final reads the byte that ends a sequence's header.
			final := func(j int, ok bool) (int, int, bool) {
				switch c := block[j]; {
				case ok:
					return j + 1, read, false
				case c == 0x18 || c == 0x1a:
					b.Aborted |= bit(j)
					return j + 1, read, false
				case c == 0x1b:
					b.Aborted |= bit(j)
					return j, read, false
				}
				return 0, leave, false
			}
			switch o := block[j]; {
			case o == 0x18 || o == 0x1a || o == 0x1b:
				return final(j, false)
			case o == '[':
				j++
				run, header, first, private := 0, 0, true, false
				for ; j < BlockLen; j++ {
					c := block[j]
					if reading == Strip {
						if isIn(c) || c >= 0x20 && c <= 0x3f {
							continue
						}
						break
					}
					switch {
					case isIn(c) || c >= '0' && c <= '9':
						run++
					case c == ';' || first && c >= 0x3c && c <= 0x3f:
						private = private || c != ';'
						run = 0
					default:
						goto end
					}
					if !isIn(c) {
						first = false
					}
					if header++; run >= 5 || header >= 31 {
						return 0, leave, false
					}
				}
			end:
				if j == BlockLen {
					return 0, lost, false
				}
				c := block[j]
				if reading == Counted && c == 'm' && !private {
					b.SGR |= bit(j)
				}
				return final(j, c >= 0x40 && c <= 0x7e && (c != 'm' || reading == Counted))
			case o >= 0x20 && o <= 0x2f:
				j++
				for j < BlockLen && (isIn(block[j]) || reading == Strip && block[j] >= 0x20 && block[j] <= 0x2f) {
					j++
				}
				if j == BlockLen {
					return 0, lost, false
				}
				return final(j, block[j] >= 0x30 && block[j] <= 0x7e)
			case o == ']' || o == 'X' || o == '^' || o == '_':
				j++
				for ; j < BlockLen; j++ {
					c := block[j]
					if c >= 0x80 {
						return 0, leave, true
					}
					if c == 0x1b || c == 0x18 || c == 0x1a || o == ']' && c == 0x07 {
						break
					}
				}
				if j == BlockLen {
					return 0, lost, true
				}
				b.Strings |= bit(j) - bit(open)
				if block[j] == 0x1b && j+1 < BlockLen && block[j+1] == '\\' {
					b.ST |= bit(j)
					return j, read, true
				}
				end, status, _ := final(j, block[j] == 0x07)
				return end, status, true
			case o >= 0x30 && o <= 0x7e && o != 'P':
				return j + 1, read, false
			}
			return 0, leave, false
		}()
		if status != read {
			at := start
			if reading == Counted && stringAt >= 0 {
				at = stringAt // the ESC may be ST's: the block stops at the string
			}
			return stop(at, status == lost)
		}
		b.Sequences |= bit(end) - bit(start)
		if end == BlockLen {
			b.Sequences |= ^(bit(start) - 1)
		}
		stringAt = -1
		if isString && end < BlockLen && block[end] == 0x1b && b.Strings&bit(end-1) != 0 {
			// The string ends at this ESC: aborted, or ended by ST.
			stringAt = start
		}
		i = end
	}
	return stop(BlockLen, true)
}

var units = []string{
	"\x1b[2J", "\x1b[1;2H", "\x1b[?25l", "\x1b[2\aJ", "\x1b[?\x0025l", "\x1b[1;\b2H", "\x1b[12\x18", "\x1b[3\x1a",
	"\x1b[1!0p", "\x1b[1\x7fA", "\x1b[", "\x1b", "\x1b\x1b", "\x1b\b=", "\x1b\a7", "\x1b7", "\x1b=", "\x1b\r=",
	"\x1b(B", "\x1b(\x0eB", "\x1b \x7fF", "\x1b#8", "\x1b((B", "\x1b\x1a", "\x1b\x18", "\x1b\\", "\x1b[1\r;2H",
	"\x1b]0;title\a", "\x1b]0;a\bb\a", "\x1b]2;\x01\x1b\\", "\x1b_x\ay\x1b\\", "\x1bXsos\x1b\\", "\x1b^pm\a\x1b\\",
	"\x1b]0;cut\x18", "\x1b]0;", "\x1b]0;\x1bx", "\x1b]0;é\a", "\x1b]0;\r\n\a", "\x1b[12345H", "\x1b[1\a2\a3H",
	"\x1b[" + strings.Repeat(";", 30) + "H", "\x1b[" + strings.Repeat("1;", 16) + "H", "\x1b[1:2H", "\x1b[1?H",
	"\x1b[1m", "\x1b[m", "\x1b[?1m", "\x1b[1\bm", "\x1b[>\a4;1m", "\x1bPq#0\x1b\\", "\x1b[1\nA", "\x1b\n7", "\x1b[1\xc2\x9bA",
	"ab", " ", "text", "\n", "\t", "\r", "\r\n", "\b", "\x07", "\x7f", "\x18", "é",
}

// TestRead holds Read to readBytes on PRNG mixes of units, in both
// readings.
func TestRead(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		var sb strings.Builder
		for sb.Len() < 2*BlockLen {
			sb.WriteString(units[r.IntN(len(units))])
		}
		block := (*[BlockLen]byte)([]byte(sb.String()))
		for _, reading := range []Reading{Strip, Counted} {
			var m Masks
			ClassifyBytes(block, &m)
			var got Block
			m.Read(reading, &got)
			if want := readBytes(block, reading); got != want {
				t.Fatalf("reading %d, %+q:\n%s", reading, block, cmp.Diff(want, got))
			}
		}
	}
}
