package ansi_test

import (
	"fmt"

	"github.com/plainsight-dev/plainsight/ansi"
)

// The Next loop: every byte of the input ends up in exactly one token.
func ExampleParser_Next() {
	src := []byte("ok \x1b[1;32mgreen\x1b[0m\x1b]0;\u2733 title\a\xff\r\n\x1b]8;;http://x")
	var p ansi.Parser
	show := func(tok ansi.Token) {
		if !tok.Kind.IsSequence() {
			fmt.Printf("%-7v %+q\n", tok.Kind, tok.Text)
			return
		}
		s := p.Seq()
		fmt.Printf("%-7v final=%q params=%d payload=%+q term=%v len=%d\n",
			tok.Kind, s.Final, s.NumParams, s.Payload, s.Term, s.Len)
	}
	for len(src) > 0 {
		tok, n := p.Next(src, true)
		if n == 0 {
			break // only without atEOF: supply more bytes
		}
		if tok.Kind != ansi.KindNone {
			show(tok)
		}
		src = src[n:]
	}
	if tok, ok := p.Flush(); ok {
		show(tok)
	}
	// Output:
	// text    "ok "
	// csi     final='m' params=2 payload="" term=final len=7
	// text    "green"
	// csi     final='m' params=1 payload="" term=final len=4
	// osc     final='\x00' params=0 payload="0;\u2733 title" term=bel len=14
	// invalid "\xff"
	// control "\r"
	// control "\n"
	// osc     final='\x00' params=0 payload="8;;http://x" term=eof len=13
}

// A chunked stream: sequence state survives any split; only an incomplete
// UTF-8 character (or a lone ESC in a control string) is handed back.
func ExampleParser_Next_chunks() {
	chunks := []string{"\x1b]0;ti", "tle\x1b", "\\caf\xc3", "\xa9\x1b[3", "1m"}
	var p ansi.Parser
	var carry []byte
	for i, c := range chunks {
		src := append(carry, c...)
		atEOF := i == len(chunks)-1
		for len(src) > 0 {
			tok, n := p.Next(src, atEOF)
			if n == 0 {
				break
			}
			switch {
			case tok.Kind == ansi.KindText:
				fmt.Printf("text %+q\n", tok.Text)
			case tok.Kind.IsSequence():
				fmt.Printf("%v %+q %v\n", tok.Kind, p.Seq().Payload, p.Seq().Term)
			}
			src = src[n:]
		}
		carry = append([]byte(nil), src...)
	}
	// Output:
	// osc "0;title" st
	// text "caf"
	// text "\u00e9"
	// csi "" final
}
