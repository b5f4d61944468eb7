//go:build !purego

#include "textflag.h"

// OPENERS has bit b-0x90 set for each C1 introducer b (0x90, 0x98,
// 0x9B, 0x9D-0x9F), and so bit f-0x50 for each final byte f that makes
// ESC f the same introducer (P, X, [, ], ^, _).
#define OPENERS $0xe901

// BROADCAST fills z with the byte v.
#define BROADCAST(v, z) MOVL $v, AX; VPBROADCASTB AX, z

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
	VMOVDQA64 idx, Z4; \
	VPERMI2B Z12, Z0, Z4; \
	VPCOMPRESSB Z4, K1, Z5; \
	VMOVDQU8 Z5, (DI)(R9*1); \
	POPCNTQ AX, AX; \
	ADDQ AX, R9; \
	SHRQ $16, R10; \
	SHRQ $16, R12

// func aloneBlocksAVX512(dst, src []byte, t *aloneVectors) (nDst, nSrc int)
//
// Each block of 64 bytes is read at its start and one, two and three
// bytes on, so that each byte is classified with the three after it, in
// masks of 64 bits:
//   - a lead byte that the byte after it continues starts a sequence: a
//     whole character, which is kept, or the prefix of one that a byte
//     not a continuation cuts short, each byte of which becomes U+FFFD;
//     the other bytes of a sequence are its members, classified with it;
//   - R10: kept as it is (printable ASCII, tab, LF; whole characters);
//   - R11: a stop, which the caller reads: ESC or a C1 introducer that is
//     no member, or C2 before 0x80-0x9F, a C1 control in UTF-8;
//   - R12: replaced by U+FFFD (0xA0-0xFF outside a kept character, and
//     the members of a cut prefix); every other byte is dropped.
// A block is written up to its first stop, or before a sequence that
// starts in its last three bytes, which the next block reads whole. A
// stop that starts a sequence (a string, a DCS or a CSI that a C1
// introducer opens, raw or in UTF-8, or ESC; a short ESC sequence; a C1
// control in UTF-8) is dropped whole when it ends in the block, and the
// block reads on after it; one that ends past the block ends it, and the
// next block starts with it (a stop, if that one cannot end it either).
// What the parser must read (an SGR, a CSI that holds LF or tab, ESC
// before anything else) stays a stop.
TEXT ·aloneBlocksAVX512(SB), NOSPLIT, $48-72
	MOVQ dst_base+0(FP), DI
	MOVQ src_base+24(FP), SI
	XORQ R8, R8 // i, in src
	XORQ R9, R9 // j, in dst
	// A block at i has its 67 bytes while i <= len(src)-67, and room
	// for its output (three sixteens of up to 48 bytes, each stored 64
	// bytes wide) while j <= len(dst)-208. The two limits replace the
	// lengths.
	MOVQ src_len+32(FP), AX
	SUBQ $67, AX
	JLT  none
	MOVQ AX, src_len+32(FP)
	MOVQ dst_len+8(FP), AX
	SUBQ $208, AX
	JLT  none
	MOVQ AX, dst_len+8(FP)

	MOVQ t+48(FP), AX
	VMOVDQU8 0(AX), Z30   // leadLo
	VMOVDQU8 64(AX), Z31  // leadHi
	VMOVDQU8 128(AX), Z8  // expand[0]
	VMOVDQU8 192(AX), Z9  // expand[1]
	VMOVDQU8 256(AX), Z10 // expand[2]
	VMOVDQU8 320(AX), Z11 // expand[3]
	VMOVDQU8 384(AX), Z12 // replacement
	BROADCAST(0xc0, Z14)
	BROADCAST(0xf0, Z15)
	BROADCAST(0x20, Z16)
	BROADCAST(0x7e, Z17)
	BROADCAST(0x09, Z18)
	BROADCAST(0x0a, Z19)
	BROADCAST(0x1b, Z20)
	BROADCAST(0x90, Z21)
	BROADCAST(0x98, Z22)
	BROADCAST(0x9b, Z23)
	BROADCAST(0x9d, Z24)
	BROADCAST(0x9f, Z25)
	BROADCAST(0xc2, Z26)
	BROADCAST(0xf4, Z27)
	BROADCAST(0xe0, Z28)
	BROADCAST(0xa0, Z29)

	PCALIGN $64
loop:
	CMPQ R8, src_len+32(FP)
	JGT  done
	CMPQ R9, dst_len+8(FP)
	JGT  done
	VMOVDQU8 (SI)(R8*1), Z0  // the bytes
	VMOVDQU8 1(SI)(R8*1), Z1 // the byte after each
	VMOVDQU8 2(SI)(R8*1), Z6 // the second after
	VMOVDQU8 3(SI)(R8*1), Z7 // the third after

	// Printable ASCII, tab and LF.
	VPCMPUB  $5, Z16, Z0, K1     // >= 0x20
	VPCMPUB  $2, Z17, Z0, K1, K1 // and <= 0x7E
	VPCMPEQB Z18, Z0, K2
	KORQ     K1, K2, K1
	VPCMPEQB Z19, Z0, K2
	KORQ     K1, K2, K1
	KMOVQ    K1, R10

	// ESC and the C1 introducers: 0x90, 0x98, 0x9B, 0x9D-0x9F.
	VPCMPEQB Z20, Z0, K2
	VPCMPEQB Z21, Z0, K3
	KORQ     K2, K3, K2
	VPCMPEQB Z22, Z0, K3
	KORQ     K2, K3, K2
	VPCMPEQB Z23, Z0, K3
	KORQ     K2, K3, K2
	VPCMPUB  $5, Z24, Z0, K3
	VPCMPUB  $2, Z25, Z0, K3, K3
	KORQ     K2, K3, K2

	// Each byte's tests below read the bytes alone, and their masks are
	// then combined with mask operations of a cycle each, not in a chain
	// of compares, each masked by the one before and waiting on it.
	//
	// Lead bytes (0xC2-0xF4) that the byte after continues (leadLo and
	// leadHi, by the lead's low six bits).
	VPCMPUB  $5, Z26, Z0, K3
	VPCMPUB  $2, Z27, Z0, K3, K3
	VPERMB   Z30, Z0, Z2
	VPERMB   Z31, Z0, Z3
	VPCMPUB  $5, Z2, Z1, K4
	VPCMPUB  $2, Z3, Z1, K6
	VPCMPEQB Z26, Z0, K5
	VPCMPUB  $1, Z29, Z1, K7
	KANDQ    K4, K6, K4
	KANDQ    K3, K4, K3

	// C2 before 0x80-0x9F, a C1 control in UTF-8: a stop.
	KANDQ  K5, K7, K5
	KANDQ  K3, K5, K5
	KANDNQ K3, K5, K3
	KORQ   K2, K5, K2
	KMOVQ  K2, R11

	// The leads of two bytes start whole characters (K3); of the leads
	// of three (K4) and four (K6), a continuation as the second byte
	// after (signed, below 0xC0) makes a whole character of three (K7)
	// or, with one as the third after, of four (K2). The rest are cut
	// short after two bytes (K4, K6) or three (K1).
	VPCMPUB $5, Z28, Z0, K6
	VPCMPUB $5, Z15, Z0, K7
	KANDQ   K3, K6, K4
	KANDNQ  K3, K6, K3
	KANDQ   K4, K7, K6
	KANDNQ  K4, K7, K4
	VPCMPB  $1, Z14, Z6, K1
	VPCMPB  $1, Z14, Z7, K2
	KANDQ   K4, K1, K7
	KANDNQ  K4, K1, K4
	KANDQ   K6, K1, K1
	KXORQ   K6, K1, K6
	KANDQ   K1, K2, K2
	KXORQ   K1, K2, K1
	KORQ    K4, K6, K4
	KMOVQ   K3, R12 // whole characters of two bytes
	KMOVQ   K7, BX  // of three
	KMOVQ   K2, CX  // of four
	KMOVQ   K4, AX  // prefixes of two bytes
	KMOVQ   K1, DX  // of three
	VPCMPUB $5, Z29, Z0, K6 // >= 0xA0

	MOVQ CX, R13
	ORQ  BX, R13      // the starts of characters of three or four
	ORQ  R13, R12     // of every kept character
	MOVQ R12, BX
	ORQ  AX, BX
	ORQ  DX, BX       // of every sequence,
	SHRQ $61, BX
	SHLQ $61, BX      // those in the last three bytes
	SHLQ $3, CX
	SHLQ $2, R13
	ORQ  CX, R13
	LEAQ (R12)(R12*1), CX
	ORQ  CX, R13      // the members of kept characters
	ORQ  R13, R12     // every byte of them
	ORQ  R12, R10     // kept
	ORQ  DX, AX
	ADDQ AX, AX
	SHLQ $2, DX
	ORQ  DX, AX       // the members of cut prefixes
	ORQ  AX, R13      // the members of every sequence
	NOTQ R13
	ANDQ R13, R11     // the stops
	KMOVQ K6, DX
	NOTQ R12
	ANDQ DX, R12
	ORQ  AX, R12      // replaced
	MOVQ R13, 0(SP)   // no member, for the strings below
	ORQ  R11, BX      // the stops and the cuts
	MOVQ $0, 24(SP)   // the bytes of the strings dropped

next:
	// The block ends at its first stop or cut from here, unless a
	// sequence starts there that ends in the block.
	TZCNTQ BX, AX
	JCS    whole      // none: the block ends at 64
	BTQ    AX, R11
	JCC    follow     // a cut, which the next block reads whole
	LEAQ   (R8)(AX*1), DX
	MOVBQZX (SI)(DX*1), CX
	MOVQ   $-2, R13
	SHLXQ  AX, R13, R13
	MOVQ   R13, 32(SP) // after the introducer: where its ends are
	MOVQ   $0, 40(SP)  // 1 for a CSI that ESC [ opens
	CMPQ   CX, $0x1b
	JEQ    esc
	CMPQ   CX, $0xc2
	JEQ    c1utf8
	SUBQ   $0x90, CX   // a C1 introducer: DCS 0, SOS 8, CSI 11, OSC 13, PM 14, APC 15
	JMP    seq

c1utf8:
	// C2 before a C1 control: the control in UTF-8, dropped with it, or
	// an introducer, after which the sequence's ends are.
	MOVBQZX 1(SI)(DX*1), CX
	SUBQ    $0x90, CX
	CMPQ    CX, $15
	JHI     esc2       // 0x80-0x8F
	MOVL    OPENERS, R13
	BTL     CX, R13
	JCC     esc2
	SHLQ    $1, 32(SP)

seq:
	// The sequence opened at AX is dropped whole, as the parser reads
	// it, when it ends in the block. A string (SOS, OSC, PM, APC) or a
	// DCS ends as c1string.End and c1string.DCSEnd read it; a CSI at its
	// final byte (0x40-0x7E). Each ends at a raw C1 control that is no
	// member (a stop or not), at ESC or C2 before 0x80-0x9F (both stops),
	// and at CAN or SUB; an OSC at BEL too. It holds CAN, SUB, a final
	// byte, BEL and any raw C1 control that opens nothing (ST, 0x9C,
	// among them); the next sequence starts at a raw C1 introducer. At
	// ESC and at C2, the sequence ends before them, and the block reads
	// on from there: ST (ESC \) and a C1 control in UTF-8 that ends a
	// string are dropped the same either way. LF and tab in a CSI, which
	// the parser executes and Strip keeps, make it the caller's.
	MOVQ     t+48(FP), R13
	VPCMPB   $1, Z29, Z0, K1         // 0x80-0x9F: below 0xA0, signed
	VPCMPEQB 448(R13), Z0, K2        // CAN
	VPCMPEQB 512(R13), Z0, K3        // SUB
	KORQ     K2, K3, K2
	MOVQ     $0, 8(SP)               // the caller's: LF and tab in a CSI
	KMOVQ    K2, DX                  // held: CAN, SUB, and by kind
	CMPQ     CX, $11
	JEQ      csi
	CMPQ     CX, $13
	JNE      ends
	MOVQ     t+48(FP), R13
	VPCMPEQB 576(R13), Z0, K3        // BEL, in an OSC
	KMOVQ    K3, R13
	ORQ      R13, DX
	JMP      ends

csi:
	MOVQ     t+48(FP), R13
	VPCMPUB  $5, 640(R13), Z0, K3
	VPCMPUB  $2, Z17, Z0, K3, K3     // final bytes
	KMOVQ    K3, R13
	ORQ      R13, DX
	VPCMPEQB Z18, Z0, K3
	VPCMPEQB Z19, Z0, K6
	KORQ     K3, K6, K3              // tab, LF
	CMPQ     40(SP), $0
	JEQ      csiEnds
	MOVQ     t+48(FP), R13
	VPCMPEQB 704(R13), Z0, K6        // m, which makes an SGR of ESC [
	KORQ     K3, K6, K3

csiEnds:
	KMOVQ    K3, 8(SP)

ends:
	KMOVQ    K1, R13
	ANDQ     0(SP), R13              // raw C1 controls no member
	MOVQ     R13, CX
	ORQ      R11, CX
	ORQ      DX, CX
	ORQ      8(SP), CX               // the ends
	ANDNQ    R13, R11, R13           // C1 controls that are no stop
	ORQ      R13, DX                 // held
	ANDQ     32(SP), CX              // the ends after the introducer
	TZCNTQ   CX, CX
	JCS      cross
	MOVQ     8(SP), R13
	BTQ      CX, R13
	JCS      stop
	SHRXQ    CX, DX, DX
	ANDL     $1, DX
	ADDQ     DX, CX                  // where the sequence ends

dropped:
	// The bytes from AX to CX are dropped; the block goes on from CX.
	MOVQ     $-1, DX
	BZHIQ    CX, DX, R13
	BZHIQ    AX, DX, DX
	ANDNQ    R13, DX, DX             // its bytes
	ORQ      DX, 24(SP)
	MOVQ     CX, AX
	CMPQ     CX, $64
	JGE      follow                  // the next block starts where it ends
	MOVQ     $-1, DX
	SHLXQ    CX, DX, DX
	ANDQ     DX, BX
	JMP      next

esc:
	// ESC and a final byte (0x30-0x7E) other than one that opens a CSI
	// or a string, with an intermediate (0x20-0x2F) between them or not,
	// is dropped whole, as is ESC before ESC, or after an intermediate,
	// which starts the next sequence. ESC and P, X, [, ], ^ or _ open
	// what 0x90, 0x98, 0x9B and 0x9D-0x9F do, except that an SGR (ESC [
	// up to m) is the caller's. Anything else is the parser's.
	MOVBQZX 1(SI)(DX*1), CX
	CMPQ    CX, $0x1b
	JEQ     esc1
	LEAQ    -0x20(CX), R13
	CMPQ    R13, $0x0f
	JLS     escIntermediate
	LEAQ    -0x30(CX), R13
	CMPQ    R13, $0x4e
	JHI     stop
	LEAQ    -0x50(CX), R13
	CMPQ    R13, $15
	JHI     esc2
	MOVL    OPENERS, CX
	BTL     R13, CX
	JCC     esc2
	MOVQ    R13, CX
	SHLQ    $1, 32(SP)
	MOVQ    $1, 40(SP)
	JMP     seq

esc2:
	LEAQ 2(AX), CX
	JMP  dropped

esc1:
	LEAQ 1(AX), CX
	JMP  dropped

escIntermediate:
	MOVBQZX 2(SI)(DX*1), CX
	CMPQ    CX, $0x1b
	JEQ     esc2
	SUBQ    $0x30, CX
	CMPQ    CX, $0x4e
	JHI     stop
	LEAQ    3(AX), CX
	JMP     dropped

cross:
	// The sequence does not end in the block: the next block starts
	// with it, unless this one does; then the caller reads it.
	TESTQ AX, AX
	JEQ   stop
	JMP   follow

whole:
	// The block ends at 64 as a constant, not as TZCNT's result: the
	// next block's loads then wait for the branch's prediction only,
	// not for this block's masks.
	MOVQ $64, AX

follow:
	MOVQ $-1, R11 // the next block follows this one
	JMP  write

stop:
	MOVQ AX, R11 // the caller reads the byte the block ends at

write:
	MOVQ   AX, R13 // the bytes read
	MOVQ   $-1, AX
	BZHIQ  R13, AX, AX
	MOVQ   24(SP), DX
	ANDNQ  AX, DX, AX
	ANDQ   AX, R10
	ANDQ   AX, R12
	ADDQ   R13, R8
	TESTQ  R12, R12
	JNZ    expand
	// Nothing replaced, as in most text: the kept bytes packed at once.
	KMOVQ       R10, K1
	VPCOMPRESSB Z0, K1, Z5
	VMOVDQU8    Z5, (DI)(R9*1)
	POPCNTQ     R10, AX
	ADDQ        AX, R9
	JMP         written

expand:
	MOVQ   $0x1111111111111111, BX // the first lane of each byte
	MOVQ   $0x2222222222222222, CX // the second

	TESTQ R13, R13
	JEQ   written
	GROUP(Z8)
	CMPQ  R13, $16
	JLE   written
	GROUP(Z9)
	CMPQ  R13, $32
	JLE   written
	GROUP(Z10)
	CMPQ  R13, $48
	JLE   written
	GROUP(Z11)

written:
	// The next block, unless this one ended at a stop.
	CMPQ R11, R13
	JNE  loop

done:
	VZEROUPPER

none:
	MOVQ R9, nDst+56(FP)
	MOVQ R8, nSrc+64(FP)
	RET
