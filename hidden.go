package plainsight

import (
	"unicode/utf8"

	"github.com/plainsight-dev/plainsight/internal/escape"
	"github.com/plainsight-dev/plainsight/internal/ucd"
)

// This file reports the hidden channels of the escaped set: runs of tag
// characters, which spell ASCII that a language model reads, and runs of
// stray variation selectors, which carry a byte each. Their warnings show
// what the run decodes to.

// strayTag records the stray tag character at text[i], whose escape is at
// loc. The first tag of a run reports the run: its escaped form and the
// ASCII it spells; each tag is an occurrence.
func (s *sanitizer) strayTag(i int, loc Location) {
	runStart, runEnd := s.TagRun()
	if f := s.found.found[KindHiddenTags]; f != nil && i > runStart && i < runEnd {
		f.count++
		f.locate(loc)
		return
	}
	end := max(runEnd, i+4)
	again := s.found.has(KindHiddenTags)
	f := s.found.add(KindHiddenTags, s.Text[i:end], reason{how: becauseTags})
	f.locate(loc)
	if f.truncD {
		return
	}
	var buf [64]byte
	decoded := buf[:0]
	if again {
		decoded = append(decoded, ' ')
	}
	for j := i; j < end && len(decoded) <= MaxDecodedLen; {
		r, size := utf8.DecodeRuneInString(s.Text[j:])
		if c := r - 0xE0000; c >= 0x20 && c < 0x7F {
			decoded = append(decoded, byte(c))
		}
		j += size
	}
	s.found.addDecoded(KindHiddenTags, string(decoded))
}

// strayVS records a variation selector that no rule allows, whose escape
// is at loc. Consecutive ones form a run: a hidden channel of one byte per
// selector, and each selector is an occurrence.
func (s *sanitizer) strayVS(i, size int, r rune, loc Location) {
	if i != s.vsRunEnd || s.vsRunCount == 0 {
		s.endVSRun()
		s.vsRunStart = i
		s.vsBytes = s.vsBytes[:0]
		s.vsLocs = s.vsLocs[:0]
	}
	if len(s.vsLocs) < MaxLocations {
		s.vsLocs = append(s.vsLocs, loc)
	}
	s.vsRunCount++
	s.vsRunEnd = i + size
	if b, ok := selectorByte(r); ok && len(s.vsBytes) < maxPreviewBytes {
		s.vsBytes = append(s.vsBytes, b)
	}
}

// maxPreviewBytes bounds the bytes of a selector run kept for the preview.
const maxPreviewBytes = 48

// endVSRun reports the current run of stray variation selectors, if any.
func (s *sanitizer) endVSRun() {
	if s.vsRunCount == 0 {
		return
	}
	n := s.vsRunCount
	s.vsRunCount = 0
	again := s.found.has(KindVariationSelectors)
	base, _ := s.RuneBefore(s.vsRunStart)
	f := s.found.add(KindVariationSelectors, s.Text[s.vsRunStart:s.vsRunEnd], reason{how: becauseSelectors, n: n, r: base})
	f.count += n - 1
	for _, loc := range s.vsLocs {
		f.locate(loc)
	}
	if f.truncD {
		return
	}
	if again {
		s.found.addDecoded(KindVariationSelectors, " ")
	}
	s.found.addDecoded(KindVariationSelectors, previewBytes(s.vsBytes))
}

// selectorByte decodes the byte a variation selector carries in the
// "emoji smuggling" scheme: VS1-VS16 are 0x00-0x0F, VS17-VS256 are 0x10-0xFF.
// Mongolian selectors carry none.
func selectorByte(r rune) (byte, bool) {
	switch {
	case r >= 0xFE00 && r <= 0xFE0F:
		return byte(r - 0xFE00), true
	case r >= 0xE0100 && r <= 0xE01EF:
		return byte(r - 0xE0100 + 0x10), true
	}
	return 0, false
}

// previewBytes shows bytes as text: valid printable UTF-8 as is, and every
// other byte as \xNN, so the preview is itself safe to print.
func previewBytes(b []byte) string {
	out := make([]byte, 0, len(b)*2)
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		if r == utf8.RuneError && size <= 1 || r < 0x20 || r == 0x7F ||
			r >= 0x80 && escape.ClassOf(r, ucd.Lookup(r)) != escape.None {
			for _, c := range b[:max(size, 1)] {
				out = escape.AppendHexByte(out, c)
			}
		} else {
			out = append(out, b[:size]...)
		}
		b = b[max(size, 1):]
	}
	return string(out)
}
