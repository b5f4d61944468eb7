package spoof

import "strings"

// This file implements UTS #39 section 5.3, mixed numbers: a run of digits
// and ASCII that holds digits of more than one decimal system, which reads
// as one number but is none to a program.

// startNumber makes sure a run of digits and ASCII is open at text[i].
func (s *Scanner) startNumber(i int) {
	if s.numStart < 0 {
		s.numStart, s.numZero, s.numMixed = i, -1, false
	}
}

// digit records a digit of the decimal system whose zero is zero.
func (s *Scanner) digit(i int, zero rune) {
	s.startNumber(i)
	switch {
	case s.numZero < 0:
		s.numZero = zero
	case s.numZero != zero:
		s.numMixed = true
	}
}

// endNumber closes the run of digits and ASCII that ends at text[i].
// Small enough to inline, for every space.
func (s *Scanner) endNumber(i int) {
	if s.numStart >= 0 {
		if s.numMixed {
			s.reportNumber(s.numStart, i)
		}
		s.numStart = -1
	}
}

// reportNumber reports the run of digits and ASCII text[start:end], which
// mixes decimal systems, without its trailing punctuation.
func (s *Scanner) reportNumber(start, end int) {
	end = start + len(strings.TrimRight(s.text[start:end], ".,:;!?)]}'\""))
	s.report(MixedNumbers, start, end, Span{start, end}, 0, s.role)
}
