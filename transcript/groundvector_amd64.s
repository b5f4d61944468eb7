//go:build !purego

#include "textflag.h"

// The vectors of groundVectors, at their offsets in t (R14).
#define LEADLO 0(R14)
#define LEADHI 64(R14)
#define EXPAND0 128(R14)
#define EXPAND1 192(R14)
#define EXPAND2 256(R14)
#define EXPAND3 320(R14)
#define REPLACEMENT 384(R14)
#define PLAIN0 448(R14)
#define PLAIN1 512(R14)
#define PLAIN2 576(R14)
#define PLAIN3 640(R14)
#define BIT 704(R14)
#define WHOLE0 2704(R14)
#define WHOLE1 2768(R14)

// The vectors of groundVectors.fill, each filled with one byte.
#define SPACE 768(R14)
#define TILDE 832(R14)
#define TAB 896(R14)
#define LF 960(R14)
#define CR 1024(R14)
#define ESC 1088(R14)
#define BS 1152(R14)
#define DEL 1216(R14)
#define BEL 1280(R14)
#define CAN 1344(R14)
#define SUB 1408(R14)
#define DCS 1472(R14)
#define SOS 1536(R14)
#define CSI 1600(R14)
#define OSC 1664(R14)
#define APC 1728(R14)
#define XA0 1792(R14)
#define XC0 1856(R14)
#define XC2 1920(R14)
#define XE0 1984(R14)
#define XF0 2048(R14)
#define XF4 2112(R14)
#define LOW5 2176(R14)
#define LOW3 2240(R14)
#define AT 2304(R14)
#define ZERO 2368(R14)
#define COLON 2432(R14)
#define LESSTHAN 2496(R14)

// groundVectors.slot and ways: the counters of the controls dropped.
#define SLOT 2560(R14)
#define SPARESLOT 2592(R14)
#define WAYS 2624(R14)

// groundVectors.terminfo: terminfo.OrigPair and terminfo.SGR0 as words.
#define ORIGPAIR 2688(R14)
#define SGR0 2696(R14)

// The fields of groundTally.
#define INVALID 0
#define C1 8
#define KINDS 16
#define DCSKIND 48
#define UNTERMINATED 56
#define OVERLIMIT 64
#define MALFORMED 72
#define SGR 80
#define CSIS 88
#define ESCS 96

// The counters of an OSC by its number (title, hyperlink, clipboard),
// as indexes from KINDS: the fields after ESCS.
#define OSCTITLE $11
#define OSCHYPERLINK $12
#define OSCCLIPBOARD $13

// OSCDIGIT reads the next byte of an OSC's number at DX+1, up to AX,
// the block's end, past which the number and the OSC go on (cross): ';'
// ends the number (CX), another digit adds to it, and any other byte is
// read at oscNotDigit. It clobbers R15.
#define OSCDIGIT \
	INCQ    DX; \
	CMPQ    DX, AX; \
	JGE     cross; \
	MOVBQZX (SI)(DX*1), R15; \
	CMPQ    R15, $0x3b; \
	JEQ     oscNumber; \
	SUBQ    $0x30, R15; \
	CMPQ    R15, $9; \
	JHI     oscNotDigit; \
	IMULQ   $10, CX; \
	ADDQ    R15, CX

// PARAMSSTORED leaves the sequence to the caller (stop) unless the
// parser stores its parameters whole: with AX the header's digits and
// the bytes it skips among them, and R15 the header's bytes, no five of
// them in a row (a run of digits that may overflow) and at most 31
// separators (MaxParams). It clobbers AX, DX and K3.
#define PARAMSSTORED \
	MOVQ     AX, DX; \
	SHRQ     $1, DX; \
	ANDQ     AX, DX; \
	SHRQ     $4, AX; \
	ANDQ     DX, AX; \
	SHRQ     $2, DX; \
	ANDQ     DX, AX; \
	JNZ      stop; \
	VPCMPUB  $5, COLON, Z0, K3; \
	VPCMPUB  $1, LESSTHAN, Z0, K3, K3; \
	KMOVQ    K3, AX; \
	ANDQ     R15, AX; \
	POPCNTQ  AX, AX; \
	CMPQ     AX, $31; \
	JHI      stop

// OPENERS has bit b-0x90 set for each C1 introducer b (0x90, 0x98,
// 0x9B, 0x9D-0x9F).
#define OPENERS $0xe901

// GROUP writes the output of the next sixteen bytes of the block: idx
// spreads each byte over four lanes, the byte itself and then the three
// bytes of U+FFFD; the lane mask keeps the first for a kept byte and the
// other three for a replaced one, and VPCOMPRESSB packs them.
#define GROUP(idx) \
	MOVWQZX R10, AX; \
	PDEPQ BX, AX, AX; \
	MOVWQZX R12, DX; \
	PDEPQ CX, DX, DX; \
	ORQ DX, AX; \
	ADDQ DX, DX; \
	ORQ DX, AX; \
	ADDQ DX, DX; \
	ORQ DX, AX; \
	KMOVQ AX, K1; \
	VMOVDQU64 idx, Z4; \
	VPERMI2B REPLACEMENT, Z0, Z4; \
	VPCOMPRESSB Z4, K1, Z5; \
	VMOVDQU8 Z5, (DI)(R9*1); \
	POPCNTQ AX, AX; \
	ADDQ AX, R9; \
	SHRQ $16, R10; \
	SHRQ $16, R12

// OUTPUTAT sets q to the offset in dst of the output of the block's byte
// at q: R9, and the bytes written for those before it outside the
// sequences dropped (56(SP)), one for each kept (R10) and three for each
// replaced (R12). It clobbers t1 and t2.
#define OUTPUTAT(q, t1, t2) \
	MOVQ    $-1, t1; \
	BZHIQ   q, t1, t1; \
	MOVQ    56(SP), t2; \
	ANDNQ   t1, t2, t1; \
	MOVQ    R12, t2; \
	ANDQ    t1, t2; \
	POPCNTQ t2, t2; \
	ANDQ    R10, t1; \
	POPCNTQ t1, t1; \
	LEAQ    (t2)(t2*2), q; \
	ADDQ    t1, q; \
	ADDQ    R9, q

// DIRTY adds to the call's range of the characters that the Unicode pass
// must see (dirtyFrom to dirtyTo, 0 and 0 if none) those whose bytes in
// the block mask holds: where the first starts, if the range is empty,
// and where the last ends. It clobbers t0, t1 and t2.
#define DIRTY(mask, t0, t1, t2) \
	TZCNTQ  mask, t0; \
	OUTPUTAT(t0, t1, t2); \
	CMPQ    dirtyTo+144(FP), $0; \
	CMOVQNE dirtyFrom+136(FP), t0; \
	MOVQ    t0, dirtyFrom+136(FP); \
	LZCNTQ  mask, t0; \
	NEGQ    t0; \
	ADDQ    $64, t0; \
	OUTPUTAT(t0, t1, t2); \
	MOVQ    t0, dirtyTo+144(FP)

// func groundBlocksAVX512(dst, src []byte, t *groundVectors, controls *controlCounts, tally *groundTally, maxString int, bs groundBS, events []uint64, lines int) (nDst, nSrc, dirtyFrom, dirtyTo, nEvents int)
//
// Each block of 64 bytes is read at its start and one, two and three
// bytes on, so that each byte is classified with the three after it, in
// masks of 64 bits:
//   - a lead byte that the byte after it continues starts a sequence: a
//     whole character, or the prefix of one that a byte not a
//     continuation cuts short, each byte of which becomes U+FFFD, or C2
//     before 0x80-0x9F, a C1 control in UTF-8; the other bytes of a
//     sequence are its members;
//   - R10: kept as it is (printable ASCII, tab; whole characters);
//   - R11: a stop: LF, CR, ESC, BS unless it is only counted, a C1
//     introducer, raw and no member or in UTF-8;
//   - 120(SP): the bytes of the characters that the Unicode pass must
//     see, whose place in dst the call returns (dirtyFrom to dirtyTo, 0
//     and 0 if none): of two and three bytes, those plainBMP does not
//     hold; of four, every one;
//   - R12: replaced by U+FFFD (0xA0-0xFF outside a kept character and a
//     C1 control in UTF-8, and the members of a cut prefix);
//   - dropped and counted: the other C0 controls and DEL, by name; the
//     raw C1 controls that are no member, and those in UTF-8.
// A block is written up to its first stop, or before a sequence that
// starts in its last three bytes, which the next block reads whole. A
// stop that opens an SOS, PM or APC, an OSC whose payload does not start
// with a digit, starts with a number of up to five digits and a ';'
// (counted by the number) or with digits that make no number, or a DCS
// whose header holds no parameter or parameters that the parser stores
// whole and that is not longer than the limit, raw, in UTF-8 or after
// ESC, is
// dropped whole and counted when the string ends in the block, as
// c1string.End and c1string.DCSEnd read it, and the block reads on after
// it; so are a CSI that a C1 introducer or ESC [ opens and an escape
// sequence in the forms that csi and esc below read. One that ends past the block
// ends it, and the next block starts with it. An LF, and a CR before LF
// or before a byte the block writes, is recorded for the caller and read
// past (line, below). Any other stop, and a sequence that does not end in
// the block it starts, the caller reads.
TEXT ·groundBlocksAVX512(SB), NOSPLIT, $208-160
	MOVQ dst_base+0(FP), DI
	MOVQ src_base+24(FP), SI
	MOVQ t+48(FP), R14
	XORQ R8, R8 // i, in src
	XORQ R9, R9 // j, in dst
	MOVQ $0, dirtyFrom+136(FP)
	MOVQ $0, dirtyTo+144(FP)
	MOVQ $0, nEvents+152(FP)
	// A block at i has its 67 bytes while i <= len(src)-67, and room
	// for its output while j <= len(dst)-208. The two limits replace
	// the lengths.
	MOVQ src_len+32(FP), AX
	SUBQ $67, AX
	JLT  none
	MOVQ AX, src_len+32(FP)
	MOVQ dst_len+8(FP), AX
	SUBQ $208, AX
	JLT  none
	MOVQ AX, dst_len+8(FP)
	// The constants stay in t, where each compare reads them: a call
	// that reads one block, as many do between the stops of random
	// bytes, would spend longer loading them than reading it. BS is a
	// stop unless it is only counted (bs 0, below).
	XORQ    AX, AX
	MOVQ    $-1, DX
	CMPQ    bs+80(FP), $0
	CMOVQNE DX, AX
	MOVQ    AX, 40(SP)

loop:
	CMPQ R8, src_len+32(FP)
	JGT  done
	CMPQ R9, dst_len+8(FP)
	JGT  done
	VMOVDQU8 (SI)(R8*1), Z0  // the bytes
	VMOVDQU8 1(SI)(R8*1), Z1 // the byte after each
	VMOVDQU8 2(SI)(R8*1), Z6 // the second after
	VMOVDQU8 3(SI)(R8*1), Z7 // the third after

	// Printable ASCII and tab: kept.
	VPCMPUB  $5, SPACE, Z0, K1
	VPCMPUB  $2, TILDE, Z0, K1, K1
	VPCMPEQB TAB, Z0, K2
	KORQ     K1, K2, K1
	KMOVQ    K1, R10

	// The C0 controls and DEL (K2), of which LF, CR, ESC and BS unless
	// it is only counted are stops (R11), tab kept and the rest dropped.
	VPCMPUB  $1, SPACE, Z0, K2
	VPCMPEQB DEL, Z0, K3
	KORQ     K2, K3, K2
	VPCMPEQB LF, Z0, K3
	VPCMPEQB CR, Z0, K4
	KORQ     K3, K4, K3
	VPCMPEQB ESC, Z0, K4
	KORQ     K3, K4, K3
	KMOVQ    K3, R11
	VPCMPEQB BS, Z0, K4
	KMOVQ    K4, AX
	ANDQ     40(SP), AX
	ORQ      AX, R11
	KMOVQ    K2, AX
	ANDNQ    AX, R11, AX
	ANDNQ    AX, R10, AX
	MOVQ     AX, 0(SP)           // dropped, counted by name
	VPTESTNMB Z0, Z0, K2
	KMOVQ    K2, 88(SP)          // NUL, counted a block at a time

	// Raw 0x80-0x9F (below 0xA0, signed), and the C1 introducers among
	// them: 0x90, 0x98, 0x9B, 0x9D-0x9F.
	VPCMPB   $1, XA0, Z0, K1
	KMOVQ    K1, 8(SP)
	VPCMPEQB DCS, Z0, K4
	VPCMPEQB SOS, Z0, K5
	KORQ     K4, K5, K4
	VPCMPEQB CSI, Z0, K5
	KORQ     K4, K5, K4
	VPCMPUB  $5, OSC, Z0, K5
	VPCMPUB  $2, APC, Z0, K5, K5
	KORQ     K4, K5, K4
	KMOVQ    K4, 16(SP)          // introducers

	// Whether a lead and the byte after it make a code point r that the
	// Unicode pass leaves alone: bit r&7 of plain[r>>3], where r>>3 is
	// the lead's low five bits and the top three of the continuation's
	// low six.
	VPANDQ    LOW5, Z0, Z2
	VPSLLW    $3, Z2, Z2
	VPSRLW    $3, Z1, Z3
	VPANDQ    LOW3, Z3, Z3
	VPORQ     Z3, Z2, Z2
	VMOVDQU8  PLAIN0, Z4
	VPERMT2B  PLAIN1, Z2, Z4
	VMOVDQU8  PLAIN2, Z5
	VPERMT2B  PLAIN3, Z2, Z5
	VPMOVB2M  Z2, K1             // r>>3 from 128: plain[2], plain[3]
	VMOVDQU8  Z5, K1, Z4
	VPERMB    BIT, Z1, Z3
	VPTESTMB  Z3, Z4, K7
	KMOVQ     K7, 24(SP)         // plain, where a character of two starts
	// Where a character of three starts, the same index and bit pick
	// whether plainBMP holds its block of 64 code points whole.
	VMOVDQU8  WHOLE0, Z5
	VPERMT2B  WHOLE1, Z2, Z5
	VPTESTMB  Z3, Z5, K1
	KMOVQ     K1, 200(SP)

	// Each byte's tests below read the bytes alone, and their masks are
	// then combined with mask operations of a cycle each: as a chain of
	// compares, each masked by the one before, they made every block
	// wait on the latency of a dozen compares.
	//
	// Lead bytes (0xC2-0xF4) that the byte after continues (leadLo and
	// leadHi, by the lead's low six bits).
	VPCMPUB  $5, XC2, Z0, K3
	VPCMPUB  $2, XF4, Z0, K3, K3
	VPERMB   LEADLO, Z0, Z2
	VPERMB   LEADHI, Z0, Z3
	VPCMPUB  $5, Z2, Z1, K1
	VPCMPUB  $2, Z3, Z1, K2
	VPCMPEQB XC2, Z0, K5
	VPCMPUB  $1, XA0, Z1, K4
	VPCMPUB  $5, XE0, Z0, K6
	VPCMPUB  $5, XF0, Z0, K7
	KANDQ    K1, K2, K1
	KANDQ    K3, K1, K3

	// C2 before 0x80-0x9F, a C1 control in UTF-8 (K5).
	KANDQ  K5, K4, K5
	KANDQ  K3, K5, K5
	KANDNQ K3, K5, K3

	// The leads of two bytes start whole characters (K3); of the leads
	// of three (K4) and four (K6), a continuation as the second byte
	// after (signed, below 0xC0) makes a whole character of three (K7)
	// or, with one as the third after, of four (K2). The rest are cut
	// short after two bytes (K4, K6) or three (K1).
	KANDQ  K3, K6, K4
	KANDNQ K3, K6, K3
	KANDQ  K4, K7, K6
	KANDNQ K4, K7, K4
	VPCMPB $1, XC0, Z6, K1
	VPCMPB $1, XC0, Z7, K2
	KANDQ  K4, K1, K7
	KANDNQ K4, K1, K4
	KANDQ  K6, K1, K1
	KXORQ  K6, K1, K6
	KANDQ  K1, K2, K2
	KXORQ  K1, K2, K1
	KORQ   K4, K6, K4
	KMOVQ   K7, BX          // whole characters of three
	KMOVQ   K2, R13         // of four
	KMOVQ   K4, AX          // prefixes of two bytes
	KMOVQ   K1, DX          // of three
	KMOVQ   K5, CX          // C1 controls in UTF-8
	KMOVQ   K3, R12         // whole characters of two
	VPCMPUB $5, XA0, Z0, K6 // >= 0xA0

	// Characters of three bytes are kept, each looked up in plainBMP
	// (threes, below); of four, kept, and the Unicode pass must see them
	// (R15): it reads them faster than a look-up for each would. Their
	// members.
	LEAQ (R13)(R13*1), R15
	ORQ  R13, R15
	LEAQ (R15*4), R14
	ORQ  R14, R15     // every byte of the characters of four
	ORQ  R13, BX
	SHLQ $3, R13
	LEAQ (BX)(BX*1), R14
	ORQ  R14, R13
	SHLQ $1, R14
	ORQ  R14, R13

	// Every sequence's start, and those in the last three bytes.
	MOVQ R12, R14
	ORQ  BX, R14
	ORQ  AX, R14
	ORQ  DX, R14
	ORQ  CX, R14
	SHRQ $61, R14
	SHLQ $61, R14
	MOVQ R14, 32(SP) // the cuts

	// Characters of two that the Unicode pass must see, which it is
	// told of (dirty).
	LEAQ  (R12)(R12*1), R14
	ORQ   R14, R13
	MOVQ  24(SP), R14
	ANDNQ R12, R14, R14
	LEAQ  (R14)(R14*2), R14 // and their second bytes: no start follows one
	ORQ   R15, R14
	MOVQ  R14, 120(SP)      // the bytes of the characters it must see

	// The members of cut prefixes, and of every sequence.
	ORQ  DX, AX
	ADDQ AX, AX
	SHLQ $2, DX
	ORQ  DX, AX       // the members of cut prefixes
	ORQ  AX, R13
	LEAQ (CX)(CX*1), DX
	ORQ  DX, R13      // every member
	LEAQ (R12)(R12*1), DX
	ORQ  DX, R12      // every byte of the characters of two
	ORQ  R12, R10     // kept
	ORQ  R15, R10     // and of four

	// A C1 control in UTF-8 is a stop when it is an introducer (its
	// second byte), dropped and counted otherwise.
	MOVQ  CX, 64(SP)  // every C1 control in UTF-8, for the strings
	MOVQ  16(SP), DX
	SHRQ  $1, DX
	ANDQ  CX, DX
	ORQ   DX, R11
	ANDNQ CX, DX, CX

	// Raw 0x80-0x9F that is no member: a stop if an introducer, dropped
	// and counted otherwise.
	MOVQ  8(SP), DX
	ANDNQ DX, R13, DX
	MOVQ  DX, 72(SP)  // every raw C1 control, for the strings
	MOVQ  16(SP), R13
	ANDQ  DX, R13
	ORQ   R13, R11
	ANDNQ DX, R13, DX
	ORQ   DX, CX
	MOVQ  CX, 8(SP)   // the C1 controls dropped

	// Replaced: 0xA0-0xFF outside kept characters and C1 controls in
	// UTF-8, and the members of cut prefixes.
	KMOVQ K6, DX
	ANDNQ DX, R12, DX
	ANDNQ DX, CX, DX
	ANDNQ DX, R15, DX
	ORQ   AX, DX
	MOVQ  DX, R12

	// Characters of three bytes that start before the block's last
	// three (a cut there, which the next block reads whole): kept, and
	// each looked up in plainBMP, with no branch on what it holds; those
	// it does not hold are marked for the Unicode pass (R14, then
	// 120(SP)). A look-up each, not a stop each: a line of a script
	// other than Latin holds one every three bytes.
	KMOVQ K7, DX
	MOVQ  $0x1fffffffffffffff, AX
	ANDQ  AX, DX
	JZ    threesDone
	LEAQ  (DX)(DX*1), AX
	ORQ   DX, AX
	LEAQ  (DX*4), CX
	ORQ   CX, AX        // every byte of them
	ORQ   AX, R10
	ANDNQ R12, AX, R12
	// Those of a block that plainBMP holds whole (most of CJK, kana,
	// Hangul) need no look-up.
	MOVQ  200(SP), AX
	ANDNQ DX, AX, DX
	JZ    threesDone
	LEAQ  ·plainBMP(SB), R15
	XORQ  R14, R14

threes:
	TZCNTQ  DX, R13
	LEAQ    (R8)(R13*1), AX
	MOVBQZX (SI)(AX*1), CX
	ANDQ    $0x0f, CX
	SHLQ    $12, CX
	MOVBQZX 1(SI)(AX*1), BX
	ANDQ    $0x3f, BX
	SHLQ    $6, BX
	ORQ     BX, CX
	MOVBQZX 2(SI)(AX*1), BX
	ANDQ    $0x3f, BX
	ORQ     BX, CX          // the code point
	MOVQ    CX, AX
	SHRQ    $6, AX
	MOVQ    (R15)(AX*8), AX
	SHRXQ   CX, AX, AX      // its bit: 1 if plainBMP holds it
	ANDQ    $1, AX
	DECQ    AX              // -1 if the Unicode pass must see it
	ANDQ    $7, AX
	SHLXQ   R13, AX, AX
	ORQ     AX, R14
	BLSRQ   DX, DX
	JNZ     threes
	ORQ     R14, 120(SP)

threesDone:
	MOVQ t+48(FP), R14

	MOVQ $0, 56(SP)  // the bytes of the sequences dropped
	MOVQ $0, 128(SP) // up to the last line control recorded
	MOVQ 32(SP), BX
	ORQ  R11, BX    // the stops and the cuts

next:
	// The block ends at its first stop or cut from here, unless a
	// sequence starts there that ends in the block.
	TZCNTQ BX, R13
	JCS    whole      // none: the block ends at 64
	BTQ    R13, R11
	JCC    follow     // a cut, which the next block reads whole
	LEAQ   (R8)(R13*1), DX
	MOVBQZX (SI)(DX*1), CX
	MOVQ   $1, AX     // the introducer's length
	CMPQ   CX, $0x1b
	JEQ    esc
	CMPQ   CX, $0xc2
	JNE    kind
	MOVBQZX 1(SI)(DX*1), CX
	MOVQ   $2, AX

kind:
	// SOS 0, OSC 1, PM 2, APC 3, DCS 4: the introducer's counter in
	// the tally. Any other stop is the caller's.
	CMPQ CX, $0x0d
	JLS  line
	CMPQ CX, $0x90
	JEQ  dcs
	CMPQ CX, $0x98
	JNE  kindOSC
	XORQ CX, CX
	JMP  payload

kindOSC:
	CMPQ CX, $0x9b
	JEQ  csi
	SUBQ $0x9d, CX
	CMPQ CX, $2
	JHI  stop
	INCQ CX
	CMPQ CX, $1
	JNE  payload
	// An OSC whose payload starts with a digit is counted by its
	// number, as oscNumber reads it, when the block holds the number
	// and the ';' after it: up to five digits. Digits that a byte of the
	// payload other than ';' follows make no number (OSCOther), six
	// digits none either; digits that may end the payload are the
	// caller's (oscNotDigit).
	ADDQ    AX, DX             // where the payload starts, in src
	MOVBQZX (SI)(DX*1), CX
	SUBQ    $0x30, CX
	CMPQ    CX, $9
	JHI     oscOther
	MOVQ    AX, 80(SP)         // the introducer's length, until oscNumber
	LEAQ    64(R8), AX         // the block's end, in src
	OSCDIGIT
	OSCDIGIT
	OSCDIGIT
	OSCDIGIT
	INCQ    DX
	CMPQ    DX, AX
	JGE     cross              // the number goes on past the block
	MOVBQZX (SI)(DX*1), R15
	CMPQ    R15, $0x3b
	JEQ     oscNumber
	SUBQ    $0x30, R15
	CMPQ    R15, $9
	JLS     oscNoNumber        // a sixth digit

oscNotDigit:
	// The byte after the digits, less 0x30 (R15): printable ASCII and
	// DEL, and a byte from A0 up but C2, are the payload's, which holds
	// no number then. Any other byte may end the payload (BEL, CAN, SUB,
	// ESC, a C1 control raw or in UTF-8) or not (another C0 control):
	// the caller's.
	ADDQ    $0x30, R15
	LEAQ    -0x20(R15), CX
	CMPQ    CX, $0x5f
	JLS     oscNoNumber
	CMPQ    R15, $0xa0
	JB      stop
	CMPQ    R15, $0xc2
	JEQ     stop

oscNoNumber:
	MOVQ    80(SP), AX         // the introducer's length
	JMP     oscOther

oscNumber:
	MOVQ 80(SP), AX
	CMPQ CX, $2
	JLS  oscTitle
	CMPQ CX, $8
	JEQ  oscHyperlink
	CMPQ CX, $52
	JEQ  oscClipboard

oscOther:
	MOVQ $1, CX
	JMP  payload

oscTitle:
	MOVQ OSCTITLE, CX
	JMP  payload

oscHyperlink:
	MOVQ OSCHYPERLINK, CX
	JMP  payload

oscClipboard:
	MOVQ OSCCLIPBOARD, CX
	JMP  payload

payload:
	ADDQ     R13, AX           // where the payload starts

payloadAt:
	// The string ends at the first byte from its payload on that
	// c1string.End stops at: a raw C1 control that is no member, a C1
	// control in UTF-8, ESC, CAN, SUB, and in an OSC BEL.
	MOVQ     CX, 80(SP)
	CMPQ     AX, $64
	JGE      cross
	VPCMPEQB CAN, Z0, K1
	VPCMPEQB SUB, Z0, K2
	KORQ     K1, K2, K1
	VPCMPEQB ESC, Z0, K2
	KORQ     K1, K2, K1
	CMPQ     CX, $1
	JEQ      oscEnds
	CMPQ     CX, OSCTITLE
	JLT      ends

oscEnds:
	VPCMPEQB BEL, Z0, K2
	KORQ     K1, K2, K1

ends:
	KMOVQ  K1, CX
	ORQ    64(SP), CX
	ORQ    72(SP), CX
	MOVQ   $-1, DX
	SHLXQ  AX, DX, DX
	ANDQ   DX, CX
	TZCNTQ CX, CX
	JCS    cross
	// The payload is AX to CX; the byte at CX and the one after decide
	// whether it is terminated and where the string ends.
	MOVQ    CX, DX
	SUBQ    AX, DX
	CMPQ    80(SP), $4
	JEQ     dcsEnds
	MOVQ    tally+64(FP), R14
	CMPQ    DX, maxString+72(FP)
	JLE     within
	INCQ    OVERLIMIT(R14)

within:
	MOVQ    80(SP), DX
	INCQ    KINDS(R14)(DX*8)
	LEAQ    (R8)(CX*1), DX
	MOVBQZX (SI)(DX*1), AX
	MOVBQZX 1(SI)(DX*1), DX
	CMPQ    AX, $0x1b
	JEQ     endESC
	CMPQ    AX, $0xc2
	JEQ     endC2
	CMPQ    AX, $0x07
	JEQ     terminated1
	CMPQ    AX, $0x9c
	JEQ     terminated1

abortRaw:
	// AX, CAN, SUB or a raw C1 control other than ST, or ST where it
	// aborts.
	SUBQ    $0x90, AX
	CMPQ    AX, $15
	JHI     unterminated1 // CAN, SUB, 0x80-0x8F
	MOVL    OPENERS, DX
	BTL     AX, DX
	JCS     unterminated0 // an introducer, which starts the next
	JMP     unterminated1

endESC:
	CMPQ DX, $0x5c
	JEQ  terminated2      // ST: ESC \
	JMP  unterminated0

endC2:
	CMPQ DX, $0x9c
	JEQ  terminated2      // ST in UTF-8

abortC2:
	// C2 before DX, a C1 control other than ST, or ST where it aborts.
	SUBQ $0x90, DX
	CMPQ DX, $15
	JHI  unterminated2
	MOVL OPENERS, AX
	BTL  DX, AX
	JCS  unterminated0
	JMP  unterminated2

unterminated0:
	INCQ UNTERMINATED(R14)
	JMP  dropped

unterminated1:
	INCQ UNTERMINATED(R14)

terminated1:
	INCQ CX
	JMP  dropped

unterminated2:
	INCQ UNTERMINATED(R14)

terminated2:
	ADDQ $2, CX

dropped:
	// The bytes from R13 to CX are dropped; the block goes on from CX.
	MOVQ  $-1, DX
	BZHIQ CX, DX, AX
	BZHIQ R13, DX, DX
	ANDNQ AX, DX, DX

droppedMask:
	// DX holds the bytes dropped, from R13 to CX.
	MOVQ  t+48(FP), R14
	ORQ   DX, 56(SP)
	MOVQ  CX, R13
	CMPQ  CX, $64
	JGE   follow          // the next block starts where it ends
	MOVQ  $-1, DX
	SHLXQ CX, DX, DX
	ANDQ  DX, BX
	JMP   next

dcs:
	// A DCS: the first byte of its header that is not a C0 control it
	// ignores (any but ESC, CAN and SUB) or DEL decides. Parameters, after
	// a private marker or none, are read below (dcsParams); intermediates
	// too (dcsIntermediates); a final byte starts the data; a byte from
	// A0 up, other than the C2 of a C1 control in UTF-8, makes it
	// malformed and starts what it ignores, read as the data is; any
	// other ends it there, unterminated, as it ends a string, ST too
	// (c1string.DCSEnd).
	ADDQ     R13, AX           // where the header starts
	CMPQ     AX, $64
	JGE      cross
	MOVQ     AX, 96(SP)
	MOVQ     $0, 48(SP)        // malformed
	VPCMPUB  $1, SPACE, Z0, K1
	VPCMPEQB DEL, Z0, K2
	KORQ     K1, K2, K1
	VPCMPEQB ESC, Z0, K2
	VPCMPEQB CAN, Z0, K3
	KORQ     K2, K3, K2
	VPCMPEQB SUB, Z0, K3
	KORQ     K2, K3, K2
	KANDNQ   K1, K2, K1        // ignored in the header
	KMOVQ    K1, DX
	NOTQ     DX
	SHRXQ    AX, DX, DX
	TZCNTQ   DX, DX
	JCS      cross
	LEAQ     (AX)(DX*1), CX    // the byte that decides
	LEAQ     (R8)(CX*1), AX
	MOVBQZX  (SI)(AX*1), DX
	LEAQ     -0x20(DX), AX
	CMPQ     AX, $0x0f
	JLS      dcsIntermediates
	CMPQ     AX, $0x1f
	JLS      dcsParams         // a parameter or a private marker

dcsDecide:
	LEAQ     -0x30(DX), AX
	CMPQ     AX, $0x0f
	JLS      dcsMalformed      // a parameter after intermediates
	LEAQ     -0x40(DX), AX
	CMPQ     AX, $0x3e
	JHI      dcsOther
	LEAQ     1(CX), AX         // a final byte
	MOVQ     $4, CX
	JMP      payloadAt

dcsParams:
	// Parameters (0x30-0x3B) from CX, or from the byte after a private
	// marker (0x3C-0x3F) there, with the controls the header ignores
	// among them (K1), as the parser reads them (dcs_param): the DCS is
	// the caller's where five bytes in a row are digits or ignored, or
	// 32 are separators, which the parser may find too long or too many
	// (it counts their overflow). The first other byte decides as the
	// first does, but that a private marker makes the DCS malformed
	// (dcsDecide).
	CMPQ     DX, $0x3c
	SBBQ     AX, AX
	LEAQ     1(CX)(AX*1), AX   // where the parameters start
	CMPQ     AX, $64
	JGE      cross
	VPCMPUB  $5, ZERO, Z0, K2
	VPCMPUB  $1, LESSTHAN, Z0, K2, K3 // parameter bytes
	KORQ     K1, K3, K3
	KMOVQ    K3, DX
	NOTQ     DX
	SHRXQ    AX, DX, DX
	TZCNTQ   DX, DX
	JCS      cross
	ADDQ     AX, DX            // the byte after them
	MOVQ     DX, 112(SP)
	MOVQ     $-1, R15
	BZHIQ    DX, R15, R15
	SHRXQ    AX, R15, R15
	SHLXQ    AX, R15, R15      // the parameters, with the ignored
	VPCMPUB  $1, COLON, Z0, K2, K3 // digits
	KORQ     K1, K3, K3
	KMOVQ    K3, AX
	ANDQ     R15, AX
	PARAMSSTORED
	MOVQ     112(SP), CX
	LEAQ     (R8)(CX*1), AX
	MOVBQZX  (SI)(AX*1), DX
	LEAQ     -0x20(DX), AX
	CMPQ     AX, $0x0f
	JLS      dcsIntermediates
	JMP      dcsDecide

dcsIntermediates:
	// Intermediates, with the controls the header ignores among them:
	// the first byte after them decides as the first does, but that a
	// parameter or a private marker makes the DCS malformed and starts
	// what it ignores (dcs_ignore); more than two (MaxIntermediates)
	// make it malformed too.
	VPCMPUB  $5, SPACE, Z0, K2
	VPCMPUB  $1, ZERO, Z0, K2, K2
	KMOVQ    K2, AX
	KORQ     K1, K2, K2
	KMOVQ    K2, DX
	NOTQ     DX
	SHRXQ    CX, DX, DX
	TZCNTQ   DX, DX
	JCS      cross
	ADDQ     CX, DX            // the byte that decides
	BZHIQ    DX, AX, AX
	SHRXQ    CX, AX, AX
	POPCNTQ  AX, AX
	CMPQ     AX, $2
	JLS      dcsFew
	MOVQ     $1, 48(SP)

dcsFew:
	MOVQ     DX, CX
	LEAQ     (R8)(CX*1), AX
	MOVBQZX  (SI)(AX*1), DX
	JMP      dcsDecide

dcsOther:
	CMPQ    DX, $0xa0
	JLO     dcsAbort           // ESC, CAN, SUB, a raw C1 control
	CMPQ    DX, $0xc2
	JNE     dcsMalformed
	LEAQ    (R8)(CX*1), AX
	MOVBQZX 1(SI)(AX*1), AX
	SUBQ    $0x80, AX
	CMPQ    AX, $0x1f
	JLS     dcsAbort           // a C1 control in UTF-8

dcsMalformed:
	MOVQ $1, 48(SP)
	MOVQ CX, AX
	MOVQ $4, CX
	JMP  payloadAt

dcsEnds:
	// A DCS that may be longer than the limit from its header to its
	// end is the caller's, as c1DCS leaves it to the parser.
	LEAQ 2(CX), DX
	SUBQ 96(SP), DX
	CMPQ DX, maxString+72(FP)
	JGT  stop
	MOVQ tally+64(FP), R14
	MOVQ 48(SP), DX
	ADDQ DX, MALFORMED(R14)
	JMP  within

dcsAbort:
	// The header ends at CX, on byte DX: the DCS has no payload, and no
	// length to hold against the limit.
	MOVQ    tally+64(FP), R14
	INCQ    DCSKIND(R14)
	MOVQ    48(SP), AX
	ADDQ    AX, MALFORMED(R14) // more than two intermediates
	CMPQ    DX, $0x1b
	JEQ     unterminated0
	CMPQ    DX, $0xc2
	JNE     dcsAbortRaw
	LEAQ    (R8)(CX*1), AX
	MOVBQZX 1(SI)(AX*1), DX
	JMP     abortC2           // ST too: it aborts a header

dcsAbortRaw:
	MOVQ DX, AX
	JMP  abortRaw          // ST too: it aborts a header

esc:
	// ESC is dropped and counted here with a final byte (0x30-0x7E)
	// after it, or one intermediate (0x20-0x2F) and a final byte, as
	// one escape sequence; with what follows read as a CSI's header is
	// (header) but for its final bytes, in the forms it takes; and with
	// P, X, ], ^ or _, which open what 0x90, 0x98, 0x9D, 0x9E and 0x9F
	// do (the introducer, 0x40 below: OPENERS); with [, which opens a
	// CSI (escCSI). Any other form is the caller's.
	LEAQ    1(R13), AX        // where the rest starts
	CMPQ    AX, $64
	JGE     cross
	MOVBQZX 1(SI)(DX*1), CX
	LEAQ    -0x30(CX), DX
	CMPQ    DX, $0x4e
	JHI     escOther
	LEAQ    -0x50(CX), DX
	CMPQ    DX, $15
	JHI     escPlain
	MOVL    OPENERS, CX
	BTL     DX, CX
	JCC     escPlain
	CMPQ    DX, $0x0b
	JEQ     escCSI            // ESC [
	LEAQ    0x90(DX), CX      // the C1 introducer it stands for
	LEAQ    (R8)(R13*1), DX
	MOVQ    $2, AX
	JMP     kind

escOrigPair:
	// An SGR of eight bytes.
	MOVQ tally+64(FP), R15
	INCQ SGR(R15)
	LEAQ 8(R13), CX
	CMPQ maxString+72(FP), $8
	JGE  dropped
	INCQ OVERLIMIT(R15)
	JMP  dropped

escSGR0:
	// An escape sequence and an SGR of three bytes each.
	MOVQ tally+64(FP), R15
	INCQ SGR(R15)
	INCQ ESCS(R15)
	LEAQ 6(R13), CX
	CMPQ maxString+72(FP), $3
	JGE  dropped
	ADDQ $2, OVERLIMIT(R15)
	JMP  dropped

escCSI:
	// A CSI after ESC [, as terminals' output writes it (csi, below, reads
	// any). The commonest headers first, a byte at a time: digits, ':'
	// and ';' up to a final byte, in the block, with up to sixteen bytes
	// and four digits in a row, which the parser stores as they are.
	LEAQ     2(R13), AX        // where the header starts
	CMPQ     AX, $64
	JGE      cross
	// terminfo's orig_pair, ESC [ 39;49 m, which ncurses programs
	// write after sgr0: one comparison, whole in the block.
	CMPQ     R13, $56
	JHI      escCSIHeader
	LEAQ     (R8)(R13*1), DX
	MOVQ     (SI)(DX*1), DX
	CMPQ     DX, ORIGPAIR
	JEQ      escOrigPair

escCSIHeader:
	MOVQ     $CSIS, 96(SP)     // the counter, unless an SGR
	LEAQ     (R8)(AX*1), DX    // the header, in src
	LEAQ     16(DX), CX
	LEAQ     63(R8), R15
	CMPQ     CX, R15
	CMOVQGT  R15, CX
	MOVQ     CX, 80(SP)        // the last byte it may read
	XORQ     R15, R15          // digits in a row

csiByte:
	MOVBQZX  (SI)(DX*1), CX
	SUBQ     $0x30, CX
	CMPQ     CX, $9
	JHI      csiOther
	INCQ     R15
	CMPQ     R15, $4
	JGT      csiHeader
	INCQ     DX
	CMPQ     DX, 80(SP)
	JLE      csiByte
	JMP      csiHeader

csiOther:
	CMPQ     CX, $0x0b
	JHI      csiEnd
	XORQ     R15, R15          // ':' or ';'
	INCQ     DX
	CMPQ     DX, 80(SP)
	JLE      csiByte
	JMP      csiHeader

csiEnd:
	LEAQ     -0x10(CX), R15
	CMPQ     R15, $0x3e
	JHI      csiHeader

csiFinal:
	// The final byte is at DX in src, and R15 holds it less 0x40.
	MOVQ     DX, CX
	SUBQ     R8, CX
	LEAQ     0x40(R15), AX
	MOVQ     $0, 48(SP)
	MOVQ     $0, 104(SP)       // no control inside
	JMP      seqFinal

escPlain:
	LEAQ    1(AX), CX         // a final byte: the sequence ends after it
	JMP     escFinal

escOther:
	LEAQ    -0x20(CX), DX
	CMPQ    DX, $0x0f
	JHI     escHeader
	// xterm's sgr0, ESC ( B ESC [ m, which ncurses programs write at
	// every change of attributes: one comparison, whole in the block.
	CMPQ    R13, $56
	JHI     escIntermediate
	LEAQ    (R8)(R13*1), DX
	MOVQ    (SI)(DX*1), DX
	MOVQ    $0xffffffffffff, R15
	ANDQ    R15, DX
	CMPQ    DX, SGR0
	JEQ     escSGR0

escIntermediate:
	// An intermediate: a final byte after it ends the sequence.
	LEAQ    (R8)(AX*1), DX
	MOVBQZX 1(SI)(DX*1), DX
	SUBQ    $0x30, DX
	CMPQ    DX, $0x4e
	JHI     escHeader
	LEAQ    2(AX), CX

escFinal:
	MOVQ $0, 48(SP)
	MOVQ $0, 104(SP)          // no control inside
	MOVQ $ESCS, 96(SP)
	MOVQ tally+64(FP), R14
	JMP  seqPlain

escHeader:
	MOVQ     $ESCS, 96(SP)
	VPCMPUB  $5, ZERO, Z0, K1
	JMP      header

csi:
	// A CSI is dropped and counted here when its header holds
	// parameters that the parser stores whole, after a private marker
	// or none, and then intermediates or nothing (params, below); holds
	// intermediates first; or starts with a byte from A0 up, which makes
	// it malformed and the rest of it ignored (csi_ignore). It ends at a
	// final byte, or is cut short by ESC, CAN, SUB or a C1 control that
	// is no member, as a string is. Any other header, and a CSI that
	// holds LF, CR, tab or a BS that acts, which the parser executes on
	// the line, are the caller's.
	ADDQ     R13, AX           // where the header starts
	CMPQ     AX, $64
	JGE      cross
	MOVQ     $CSIS, 96(SP)     // the counter, unless an SGR

csiHeader:
	VPCMPUB  $5, AT, Z0, K1

header:
	// The header runs from AX to the first final byte (K1 holds the
	// bytes from the first final byte up), C0 control or C1 control that
	// is no member. The C0 controls that the parser executes there and
	// counts by name (any but LF, CR, tab, ESC, CAN, SUB and a BS that
	// acts: those the block drops, 0(SP)), and DEL, which it ignores, end
	// no header and make none: they are skipped.
	VPCMPUB  $2, TILDE, Z0, K1, K1 // final bytes
	VPCMPUB  $1, SPACE, Z0, K2     // C0 controls
	KORQ     K1, K2, K1
	VPCMPEQB CAN, Z0, K2
	VPCMPEQB SUB, Z0, K3
	KORQ     K2, K3, K2
	KMOVQ    K2, DX
	ANDNQ    0(SP), DX, DX         // skipped
	VPCMPEQB DEL, Z0, K3
	KMOVQ    K3, CX
	ANDNQ    DX, CX, CX
	MOVQ     CX, 104(SP)           // executed: skipped, but for DEL
	KMOVQ    K1, CX
	ANDNQ    CX, DX, CX            // ends but for those skipped
	NOTQ     DX
	MOVQ     DX, 112(SP)
	ORQ      64(SP), CX
	ORQ      72(SP), CX
	SHRXQ    AX, CX, CX
	TZCNTQ   CX, CX
	JCS      cross
	ADDQ     AX, CX                // where the header ends
	MOVQ     $0, 48(SP)            // malformed (1), no SGR (2)
	MOVQ     $-1, DX
	BZHIQ    CX, DX, DX
	SHRXQ    AX, DX, DX
	SHLXQ    AX, DX, DX
	MOVQ     DX, R15               // the header's bytes
	ANDQ     112(SP), DX           // those not skipped
	JZ       seqNone
	MOVQ     DX, 112(SP)
	TZCNTQ   DX, DX
	ADDQ     R8, DX
	MOVBQZX  (SI)(DX*1), DX        // the first
	CMPQ     DX, $0xa0
	JAE      seqIgnored
	LEAQ     -0x20(DX), AX
	CMPQ     AX, $0x0f
	JLS      seqIntermediates
	// A CSI's parameters (0x30-0x3B: digits, ':' and ';'), after a
	// private marker (0x3C-0x3F) or none, then intermediates or
	// nothing: the first byte is one or the other (after ESC, 0x30 up
	// ends the header, so that only a CSI comes here). The parser stores
	// each parameter, and counts one that overflows or one past
	// MaxParams as malformed: the CSI is the caller's where five bytes
	// in a row are digits or skipped (which do not end a parameter), or
	// more than 31 are separators.
	MOVQ     DX, 80(SP)
	VPCMPUB  $5, ZERO, Z0, K2
	VPCMPUB  $1, COLON, Z0, K2, K3 // digits
	KMOVQ    K3, AX
	ANDQ     R15, AX
	MOVQ     112(SP), DX
	ANDNQ    R15, DX, DX           // skipped
	ORQ      DX, AX
	PARAMSSTORED
	VPCMPUB  $1, LESSTHAN, Z0, K2, K2 // parameter bytes
	MOVQ     112(SP), AX
	CMPQ     80(SP), $0x3c
	JB       params
	MOVQ     $2, 48(SP)            // a private marker: no SGR
	BLSRQ    AX, AX

params:
	// The parameters run to the first other byte; what follows them is
	// read as intermediates are.
	KMOVQ    K2, DX
	ANDNQ    AX, DX, DX            // not parameters
	BLSMSKQ  DX, DX
	SHRQ     $1, DX                // the run before the first
	ANDNQ    AX, DX, AX            // the rest
	MOVQ     AX, 112(SP)
	JZ       seqEnd

seqIntermediates:
	// Intermediates first (or after the parameters), 112(SP): the sequence is
	// malformed if any other byte follows them (csi_ignore,
	// escape_ignore) or there are more than two (MaxIntermediates).
	VPCMPUB  $5, SPACE, Z0, K2
	VPCMPUB  $1, ZERO, Z0, K2, K2
	KMOVQ    K2, AX
	MOVQ     112(SP), DX
	ANDNQ    DX, AX, AX
	MOVQ     $2, 48(SP)
	JNZ      seqMalformed
	POPCNTQ  DX, DX
	CMPQ     DX, $2
	JLS      seqEnd

seqMalformed:
	MOVQ $3, 48(SP)
	JMP  seqEnd

seqNone:
	// No byte in the header but those skipped: after ESC, a final byte
	// that opens a CSI or a string (the 7-bit form of an introducer,
	// 0x40 below it) is the caller's.
	CMPQ    96(SP), $ESCS
	JNE     seqEnd
	LEAQ    (R8)(CX*1), DX
	MOVBQZX (SI)(DX*1), DX
	SUBQ    $0x50, DX
	CMPQ    DX, $15
	JHI     seqEnd
	MOVL    OPENERS, AX
	BTL     DX, AX
	JCS     stop
	JMP     seqEnd

seqIgnored:
	MOVQ $1, 48(SP)

seqEnd:
	// The byte at CX ends the sequence: a final byte (the header's
	// ends hold no other from 0x20 to 0x7F), ESC, CAN, SUB, another C0
	// control or a C1 control.
	LEAQ    (R8)(CX*1), DX
	MOVBQZX (SI)(DX*1), AX
	CMPQ    AX, $0x80
	JAE     seqC1
	CMPQ    AX, $0x20
	JAE     seqFinal
	CMPQ    AX, $0x1b
	JEQ     seqAt
	CMPQ    AX, $0x18
	JEQ     seqAfter
	CMPQ    AX, $0x1a
	JEQ     seqAfter
	JMP     stop               // a C0 control, which the parser executes

seqC1:
	CMPQ    AX, $0xc2
	JEQ     seqC2
	SUBQ    $0x90, AX
	CMPQ    AX, $15
	JHI     seqAfter
	MOVL    OPENERS, DX
	BTL     AX, DX
	JCS     seqAt              // an introducer, which starts the next
	JMP     seqAfter

seqC2:
	LEAQ    (R8)(CX*1), DX
	MOVBQZX 1(SI)(DX*1), AX
	SUBQ    $0x90, AX
	CMPQ    AX, $15
	JHI     seqAfter2
	MOVL    OPENERS, DX
	BTL     AX, DX
	JCS     seqAt

seqAfter2:
	INCQ CX

seqAfter:
	INCQ CX

seqAt:
	// Cut short: the sequence ends at CX.
	MOVQ tally+64(FP), R14
	INCQ UNTERMINATED(R14)
	JMP  seqPlain

seqFinal:
	MOVQ tally+64(FP), R14
	INCQ CX
	CMPQ AX, $0x6d
	JNE  seqPlain
	CMPQ 96(SP), $CSIS
	JNE  seqPlain
	CMPQ 48(SP), $0
	JNE  seqPlain
	INCQ SGR(R14)              // m, and a CSI's header of a digit or none
	JMP  seqCount

seqPlain:
	MOVQ 96(SP), DX
	INCQ (R14)(DX*1)

seqCount:
	// Malformed, and its length: the introducer's with it, not the
	// controls executed, which the block counts by name with its own.
	MOVQ    48(SP), DX
	ANDQ    $1, DX
	ADDQ    DX, MALFORMED(R14)
	MOVQ    $-1, DX
	BZHIQ   CX, DX, AX
	BZHIQ   R13, DX, DX
	ANDNQ   AX, DX, DX         // R13 to CX, or to 64: the end may pass it
	MOVQ    104(SP), AX
	ANDQ    DX, AX
	XORQ    AX, DX             // less the controls executed
	POPCNTQ AX, AX
	NEGQ    AX
	ADDQ    CX, AX
	SUBQ    R13, AX
	CMPQ    AX, maxString+72(FP)
	JLE     droppedMask
	INCQ    OVERLIMIT(R14)
	JMP     droppedMask

cross:
	// The sequence does not end in the block: the next block starts
	// with it, unless this one does; then the caller reads it.
	TESTQ R13, R13
	JEQ   stop
	JMP   follow

whole:
	// The block ends at 64 as a constant, not as TZCNT's result: the
	// next block's loads then wait for the branch's prediction only,
	// not for this block's masks.
	MOVQ $64, R13

follow:
	MOVQ $-1, R11 // the next block follows this one
	JMP  count

stop:
	MOVQ R13, R11 // the caller reads the byte the block ends at

count:
	// The counts of what the block reads outside the sequences dropped:
	// the invalid bytes, the C1 controls dropped, and the C0 controls
	// and DEL by name, each in one of four counters by its position, so
	// that a run of the same control is not one chain of additions.
	MOVQ    $-1, AX
	BZHIQ   R13, AX, AX
	MOVQ    56(SP), DX
	ANDNQ   AX, DX, AX     // the bytes read, less the sequences'
	ANDQ    AX, R10
	ANDQ    AX, R12
	MOVQ    120(SP), DX
	ANDQ    AX, DX
	MOVQ    128(SP), CX
	ANDNQ   DX, CX, DX     // after the last line control recorded
	JNZ     dirty

tallied:
	MOVQ    tally+64(FP), CX
	POPCNTQ R12, DX
	ADDQ    DX, INVALID(CX)
	MOVQ    8(SP), DX
	ANDQ    AX, DX
	POPCNTQ DX, DX
	ADDQ    DX, C1(CX)
	ANDQ    0(SP), AX
	JZ      write
	MOVQ    controls+56(FP), CX
	MOVQ    88(SP), DX
	ANDQ    AX, DX
	POPCNTQ DX, DX
	ADDQ    DX, (CX)        // NUL's first counter: binary output is full of them
	MOVQ    88(SP), DX
	ANDNQ   AX, DX, AX
	JZ      write
	// The others: each control's counter (slot, by its low six bits),
	// packed in their order, on the way of its place there, and the
	// spare counters after them up to a multiple of four; then four
	// additions a turn, one on each way, with no branch a control.
	MOVQ         t+48(FP), R14
	KMOVQ        AX, K1
	VPERMB       SLOT, Z0, Z8
	VPBROADCASTB SPARESLOT, Z9
	VPCOMPRESSB  Z8, K1, Z9
	VPADDB       WAYS, Z9, Z9
	VMOVDQU8     Z9, 136(SP)
	POPCNTQ      AX, AX
	XORQ         DX, DX

control:
	MOVBQZX 136(SP)(DX*1), BX
	INCQ    (CX)(BX*8)
	MOVBQZX 137(SP)(DX*1), BX
	INCQ    (CX)(BX*8)
	MOVBQZX 138(SP)(DX*1), BX
	INCQ    (CX)(BX*8)
	MOVBQZX 139(SP)(DX*1), BX
	INCQ    (CX)(BX*8)
	ADDQ    $4, DX
	CMPQ    DX, AX
	JLT     control

write:
	ADDQ  R13, R8
	TESTQ R12, R12
	JNZ   expand
	// Nothing replaced, as in most text: the kept bytes packed at once.
	KMOVQ       R10, K1
	VPCOMPRESSB Z0, K1, Z5
	VMOVDQU8    Z5, (DI)(R9*1)
	POPCNTQ     R10, AX
	ADDQ        AX, R9
	JMP         written

expand:
	MOVQ $0x1111111111111111, BX // the first lane of each byte
	MOVQ $0x2222222222222222, CX // the second

	TESTQ R13, R13
	JEQ   written
	GROUP(EXPAND0)
	CMPQ  R13, $16
	JLE   written
	GROUP(EXPAND1)
	CMPQ  R13, $32
	JLE   written
	GROUP(EXPAND2)
	CMPQ  R13, $48
	JLE   written
	GROUP(EXPAND3)

written:
	// The next block, unless this one ended at a stop.
	CMPQ R11, R13
	JNE  loop

done:
	VZEROUPPER

none:
	MOVQ R9, nDst+120(FP)
	MOVQ R8, nSrc+128(FP)
	RET

dirty:
	// DX holds the bytes written of the characters the Unicode pass
	// must see.
	DIRTY(DX, CX, BX, R14)
	MOVQ    t+48(FP), R14
	JMP     tallied

line:
	// LF, CR, or a BS that acts on the line, which is the caller's. LF
	// and CR end a piece of the line: the loop records the control, with
	// where it stands in dst and in src and the range of the piece's
	// characters that the Unicode pass must see, in events for the caller
	// to execute between the pieces, and reads on. A CR is recorded only
	// before LF, or before a byte the block writes that is no stop (text,
	// which settles it) after the controls it drops or none (but BS):
	// those leave the line and the CR as they are. An LF is recorded
	// only while lines allows, the lines whose clean-line test the
	// caller skips.
	CMPQ    CX, $0x08
	JEQ     lineBS
	MOVQ    nEvents+152(FP), AX
	SHLQ    $1, AX
	CMPQ    AX, events_len+96(FP)
	JGE     stop
	CMPQ    CX, $0x0a
	JEQ     lineLF
	CMPQ    R13, $62
	JGT     stop
	LEAQ    1(R13), AX
	MOVQ    0(SP), DX
	ORQ     8(SP), DX
	VPCMPEQB BS, Z0, K1
	KMOVQ   K1, R15
	ANDNQ   DX, R15, DX
	NOTQ    DX
	SHRXQ   AX, DX, DX
	TZCNTQ  DX, DX      // the controls dropped after the CR
	JCS     stop        // to the block's end
	ADDQ    AX, DX      // the byte after them
	MOVQ    R10, R15
	ORQ     R12, R15
	ANDNQ   R15, R11, R15 // no stop (the C2 of a C1 introducer is in R12)
	BTQ     DX, R15
	JCS     lineEvent
	LEAQ    (R8)(R13*1), DX // LF right after the CR, or the caller's
	MOVBQZX 1(SI)(DX*1), AX
	CMPQ    AX, $0x0a
	JNE     stop
	JMP     lineEvent

lineBS:
	// A BS that settles a CR still pending (bs 1) is the caller's until
	// the call has written text, before it in this block outside the
	// sequences dropped or in the blocks before: the text settled the
	// CR, and the BS is counted as the controls the block drops are.
	CMPQ    bs+80(FP), $1
	JNE     stop
	TESTQ   R9, R9
	JNZ     lineBSCounted
	MOVQ    R10, AX
	ORQ     R12, AX
	MOVQ    56(SP), DX
	ANDNQ   AX, DX, AX
	BZHIQ   R13, AX, AX
	JZ      stop

lineBSCounted:
	MOVQ    $1, AX
	SHLXQ   R13, AX, AX
	ORQ     AX, 0(SP)
	BTRQ    R13, BX
	JMP     next

lineLF:
	CMPQ    lines+112(FP), $0
	JEQ     stop
	DECQ    lines+112(FP)

lineEvent:
	// The event's first word: its offset in dst, the byte from bit 16,
	// its offset in src from bit 24.
	MOVQ    R13, DX
	OUTPUTAT(DX, AX, R14)
	LEAQ    (R8)(R13*1), AX
	SHLQ    $24, AX
	ORQ     AX, DX
	SHLQ    $16, CX
	ORQ     CX, DX
	MOVQ    nEvents+152(FP), AX
	SHLQ    $4, AX
	MOVQ    events_base+88(FP), CX
	LEAQ    (CX)(AX*1), CX
	MOVQ    DX, (CX)
	// The second: where in dst the piece's first character that the
	// Unicode pass must see starts (bits 0-31) and its last ends (from
	// bit 32), 0 and 0 if none: the call's range (dirtyFrom to dirtyTo)
	// since the last control recorded, with those of this block before
	// the control and after the last recorded in it. The range then
	// starts anew.
	MOVQ    $-1, DX
	BZHIQ   R13, DX, DX
	ANDQ    120(SP), DX
	MOVQ    128(SP), AX
	ANDNQ   DX, AX, DX
	JZ      lineRange
	MOVQ    CX, 128(SP)
	DIRTY(DX, AX, CX, R14)
	MOVQ    128(SP), CX

lineRange:
	MOVQ    dirtyFrom+136(FP), AX
	MOVL    AX, 8(CX)
	MOVQ    dirtyTo+144(FP), AX
	MOVL    AX, 12(CX)

lineDone:
	MOVQ    $0, dirtyFrom+136(FP)
	MOVQ    $0, dirtyTo+144(FP)
	LEAQ    1(R13), AX
	MOVQ    $-1, DX
	BZHIQ   AX, DX, DX
	MOVQ    DX, 128(SP)
	INCQ    nEvents+152(FP)
	MOVQ    t+48(FP), R14
	BTRQ    R13, BX
	JMP     next
