package escape

import "bytes"

// Lines ended by CR LF, as Windows programs write them and as a terminal's
// line discipline writes every line it sends (a PTY's output, a terminal
// recording), are clean text to the streams but for the CR of each line
// end, which they drop. CleanPrefix stops at that CR, a call a line; the
// functions below read such text on past it, and write it less its CRs,
// 64 bytes at a time on amd64 processors with AVX-512.

// CleanLinesPrefix returns the length of the longest prefix of b made only
// of printable ASCII (0x20-0x7E), '\n', '\t' when keepTab, and CR directly
// before '\n', and how many such CRs it holds: the prefix [CleanPrefixBytes]
// finds, read on past each CR LF. A CR that no '\n' follows within b ends
// it, as does every byte CleanPrefixBytes stops at.
func CleanLinesPrefix(b []byte, keepTab bool) (n, crs int) {
	for {
		// The scanners first, which read text ended by LF fastest;
		// after a CR LF the vector loop, which reads on past the
		// next ones.
		n += cleanRun(b[n:], keepTab)
		if n+1 >= len(b) || b[n] != '\r' || b[n+1] != '\n' {
			return n, crs
		}
		n += 2
		crs++
		if useLinesVector && len(b)-n >= linesVectorMin {
			m, c := linesBlocks(b[n:], keepTab)
			n += m
			crs += c
		}
	}
}

// linesVectorMin is the shortest rest of b that CleanLinesPrefix hands to
// the vector loop: a block of 64 bytes and the byte after it, which tells
// whether a CR in the block's last byte ends a line.
const linesVectorMin = 65

// CopyLessCRs copies src to dst less every CR in it and returns the bytes
// written: the lines that [CleanLinesPrefix] finds, written with '\n' for
// each CR LF. dst must have room for them; it may be written past them,
// within len(dst).
func CopyLessCRs(dst, src []byte) int {
	n, i := 0, 0
	if useLinesVector {
		n, i = lessCRBlocks(dst, src)
	}
	for {
		k := bytes.IndexByte(src[i:], '\r')
		if k < 0 {
			return n + copy(dst[n:], src[i:])
		}
		n += copy(dst[n:], src[i:i+k])
		i += k + 1
	}
}

// CopyCleanLines copies the prefix of src that [CleanLinesPrefix] finds to
// dst, less the CR of each CR LF, as far as dst has room for, and returns
// the bytes written and read: a stream's copy of clean text whose lines
// end in CR LF. It may write past the bytes it returns, within len(dst).
// The text is read and copied a piece at a time, each piece in the
// processor's nearest caches between the two.
func CopyCleanLines(dst, src []byte, keepTab bool) (nDst, nSrc int) {
	for nSrc < len(src) && nDst < len(dst) {
		// A piece's output is at most its input: it fits the room.
		end := min(len(src), nSrc+linesPiece, nSrc+len(dst)-nDst)
		if end < len(src) && src[end-1] == '\r' && end-nSrc > 1 {
			end-- // a CR LF is read whole, from the next piece
		}
		piece := src[nSrc:end]
		n, _ := CleanLinesPrefix(piece, keepTab)
		nDst += CopyLessCRs(dst[nDst:], piece[:n])
		nSrc += n
		if n < len(piece) {
			break
		}
	}
	return nDst, nSrc
}

// linesPiece is how much of its text CopyCleanLines reads before it
// copies it.
const linesPiece = 16 << 10
