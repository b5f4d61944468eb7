package term

// An aloneVectors holds the constants of the vector loop over bytes alone
// (aloneBlocks), in the order the loop loads them.
type aloneVectors struct {
	// leadLo and leadHi hold, by the low six bits of a lead byte
	// (0xC2-0xF4), the range of the byte after it that continues it,
	// as utf8Leads has it: for C2 the range takes in 0x80-0x9F, a C1
	// control in UTF-8, which the loop reads as that control.
	leadLo, leadHi [64]byte
	// expand holds, for each sixteen of a block, the lanes that spread
	// each of its bytes over four: the byte, then the three bytes of
	// U+FFFD from replacement.
	expand [4][64]byte
	// replacement holds U+FFFD in its first three bytes: the second
	// table of the lanes, from index 64.
	replacement [64]byte
	// can, sub and bel fill a vector with CAN, SUB and BEL, the C0
	// controls that end the payload of a string (BEL an OSC's only);
	// final with 0x40, the first final byte of a CSI; sgr with 'm', the
	// final byte of an SGR: the loop compares the bytes with them where a
	// block holds a sequence.
	can, sub, bel, final, sgr [64]byte
}

// buildAloneVectors makes aloneTables, the constants of the vector loop,
// from utf8Leads.
func buildAloneVectors() (t aloneVectors) {
	leads := buildUTF8Leads()
	for b := 0xc0; b <= 0xff; b++ {
		l := leads[b]
		if l.size == 0 {
			continue // never a lead: the loop's lead test leaves it out
		}
		t.leadLo[b&63], t.leadHi[b&63] = l.lo, l.hi
	}
	for g := range t.expand {
		for k := range 16 {
			t.expand[g][4*k] = byte(16*g + k)
			for r := range len(replacement) {
				t.expand[g][4*k+1+r] = byte(64 + r)
			}
		}
	}
	copy(t.replacement[:], replacement)
	for k := range 64 {
		t.can[k], t.sub[k], t.bel[k], t.final[k], t.sgr[k] = 0x18, 0x1a, 0x07, 0x40, 'm'
	}
	return t
}

// aloneBlock is the number of bytes the vector loop reads at a time.
const aloneBlock = 64
