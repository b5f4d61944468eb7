package ansi

import (
	"bytes"
	"runtime"
	"testing"
)

// feed tokenizes prefix, then chunk repeated times, then suffix, and
// returns the number of tokens and the bytes they account for. It keeps no
// input around: chunk is reused.
func feed(p *Parser, prefix, chunk []byte, times int, suffix []byte) (tokens, total int) {
	count := func(tok Token) {
		if tok.Kind != KindNone {
			tokens++
			total += tokenLen(tok, p)
		}
	}
	step := func(src []byte) {
		for len(src) > 0 {
			tok, n := p.Next(src, false)
			if n == 0 {
				panic("held back bytes in a generated input")
			}
			count(tok)
			src = src[n:]
		}
	}
	step(prefix)
	for range times {
		step(chunk)
	}
	step(suffix)
	if tok, ok := p.Flush(); ok {
		count(tok)
	}
	return tokens, total
}

// TestAdversarialMemory feeds endless sequences and checks that the
// parser's memory stays bounded.
func TestAdversarialMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("feeds 64 MiB")
	}
	const chunkSize = 64 << 10
	tests := []struct {
		name           string
		prefix, suffix string
		unit           string
		times          int
		check          func(t *testing.T, s *Seq, tokens, n int)
	}{
		{"64 MiB unterminated OSC", "\x1b]0;", "", "A", 1024, func(t *testing.T, s *Seq, tokens, n int) {
			if tokens != 1 || s.Term != TermEOF || s.PayloadLen != n-2 || len(s.Payload) != DefaultPayloadCap {
				t.Errorf("%d tokens, Term %v, PayloadLen %d of %d, stored %d", tokens, s.Term, s.PayloadLen, n, len(s.Payload))
			}
		}},
		{"64 MiB unterminated DCS", "\x1bPq", "", "#1;2;3", 1024, func(t *testing.T, s *Seq, tokens, n int) {
			if tokens != 1 || s.Term != TermEOF || s.PayloadLen != n-3 {
				t.Errorf("%d tokens, Term %v, PayloadLen %d of %d", tokens, s.Term, s.PayloadLen, n)
			}
		}},
		{"CSI with 1M parameters", "\x1b[", "m", "1;", 32, func(t *testing.T, s *Seq, tokens, n int) {
			params := (n-3)/2 + 1
			if tokens != 1 || s.NumParams != MaxParams || s.ExtraParams != params-MaxParams || s.Final != 'm' {
				t.Errorf("%d tokens, %d params + %d, want %d", tokens, s.NumParams, s.ExtraParams, params)
			}
		}},
		{"1M ESC", "", "", "\x1b", 16, func(t *testing.T, s *Seq, tokens, n int) {
			if tokens != n || s.Term != TermEOF {
				t.Errorf("%d tokens for %d ESC, last Term %v", tokens, n, s.Term)
			}
		}},
		{"1M CSI entries", "", "", "\x1b[", 32, func(t *testing.T, s *Seq, tokens, n int) {
			if tokens != n/2 {
				t.Errorf("%d tokens for %d CSI", tokens, n/2)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			chunk := bytes.Repeat([]byte(tt.unit), chunkSize/len(tt.unit))
			var p Parser
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			tokens, total := feed(&p, []byte(tt.prefix), chunk, tt.times, []byte(tt.suffix))
			runtime.ReadMemStats(&after)
			n := len(tt.prefix) + len(chunk)*tt.times + len(tt.suffix)
			if total != n {
				t.Errorf("tokens account for %d of %d bytes", total, n)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
				t.Errorf("allocated %d bytes for %d bytes of input", alloc, n)
			}
			tt.check(t, p.Seq(), tokens, n)
		})
	}
}

// TestNoAllocs checks that neither a zero Parser nor NewParser's parser
// allocates while tokenizing.
func TestNoAllocs(t *testing.T) {
	var in []byte
	for _, tt := range tokenTests {
		in = append(in, tt.in...)
	}
	in = append(in, "\x1b]0;"...)
	in = append(in, bytes.Repeat([]byte("x"), 5000)...)
	for _, p := range []*Parser{new(Parser), NewParser(MaxPayloadCap)} {
		allocs := testing.AllocsPerRun(20, func() {
			src := in
			for len(src) > 0 {
				_, n := p.Next(src, true)
				src = src[n:]
			}
			p.Flush()
		})
		if allocs != 0 {
			t.Errorf("cap %d: %v allocations per run", p.PayloadCap(), allocs)
		}
	}
}
