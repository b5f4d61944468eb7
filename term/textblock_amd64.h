// Macros shared by the vector loops that read text 64 bytes at a time
// (colourBlocks, textBlocks). Text is printable ASCII, LF, tab and whole
// characters other than C1 controls, as ground keeps them (textRun).

// TEXTCONSTANTS loads the bytes that sort ASCII into Z16-Z19 (0x20, 0x7F,
// LF, tab) and those that sort UTF-8 into Z20-Z25 (0xC2, 0xF4, 0xE0,
// 0xF0, 0xA0, 0xC0), and the lead tables of aloneVectors into Z26 and
// Z27. It uses AX.
#define TEXTCONSTANTS \
	MOVL $0x20, AX; \
	VPBROADCASTB AX, Z16; \
	MOVL $0x7f, AX; \
	VPBROADCASTB AX, Z17; \
	MOVL $0x0a, AX; \
	VPBROADCASTB AX, Z18; \
	MOVL $0x09, AX; \
	VPBROADCASTB AX, Z19; \
	MOVL $0xc2, AX; \
	VPBROADCASTB AX, Z20; \
	MOVL $0xf4, AX; \
	VPBROADCASTB AX, Z21; \
	MOVL $0xe0, AX; \
	VPBROADCASTB AX, Z22; \
	MOVL $0xf0, AX; \
	VPBROADCASTB AX, Z23; \
	MOVL $0xa0, AX; \
	VPBROADCASTB AX, Z24; \
	MOVL $0xc0, AX; \
	VPBROADCASTB AX, Z25; \
	MOVQ ·aloneVectorsAt(SB), AX; \
	VMOVDQU8 aloneVectors_leadLo(AX), Z26; \
	VMOVDQU8 aloneVectors_leadHi(AX), Z27

// TEXTSTOPS sets AX to the stops of the block in Z0, as a mask: a control
// other than LF and tab, DEL, and every byte from 0x80 (TEXTUTF8 clears
// those of whole characters); K2 to the bytes from 0x7F. It uses K1, K3
// and K4. Each compare reads the bytes alone, as in TEXTUTF8: a log's
// blocks of ASCII, escapes and line ends wait on one compare, not on
// three in a chain.
#define TEXTSTOPS \
	VPCMPUB  $1, Z16, Z0, K1; \
	VPCMPEQB Z18, Z0, K3; \
	VPCMPEQB Z19, Z0, K4; \
	VPCMPUB  $5, Z17, Z0, K2; \
	KORQ     K3, K4, K3; \
	KANDNQ   K1, K3, K1; \
	KORQ     K1, K2, K1; \
	KMOVQ    K1, AX

// TEXTUTF8 clears from AX, the stops of the block at R8 in src (SI),
// the bytes of whole characters other than a C1 control: a lead byte
// (0xC2-0xF4) that the byte after continues (leadLo and leadHi of
// aloneVectors, by the lead's low six bits), not C2 before 0x80-0x9F,
// and, for a lead of three or four bytes, continuations as the second and
// third byte after. A character that starts in the block and ends past
// it ends the block before it: R10 is where the block ends, R8+64 or that
// character's start, whose bytes to the end of the block are no stops. It
// reads the three bytes after the block, and uses Z1-Z3, Z6, Z7, K3-K6,
// BX, CX, R11 and R12. In order:
//   - Z1, Z6, Z7: the block one, two and three bytes on;
//   - K3: leads (0xC2-0xF4) whose next byte is in the range their low
//     six bits pick from Z26 (low) and Z27 (high), less C2 before
//     0x80-0x9F (K5);
//   - K4: those of three or four bytes (from 0xE0), K6 of four (from
//     0xF0), K3 left with those of two; a lead of three or four is whole
//     with a continuation (signed, below 0xC0) as the second byte after,
//     one of four with one as the third after too (each compare reads
//     the bytes alone, its mask combined with the others in mask
//     operations of a cycle each, not masked by the compare before it
//     and waiting on it);
//   - R12: the starts of every whole character, BX of those of three or
//     four bytes, CX of four;
//   - R10: the first start whose character ends past the block (any at
//     its last byte, one of three or four at the one before, one of four
//     two before), or 64, plus R8;
//   - every byte of a whole character (its start and the one to three
//     after) cleared from AX.
#define TEXTUTF8 \
	VMOVDQU8 1(SI)(R8*1), Z1; \
	VMOVDQU8 2(SI)(R8*1), Z6; \
	VMOVDQU8 3(SI)(R8*1), Z7; \
	VPCMPUB  $5, Z20, Z0, K3; \
	VPCMPUB  $2, Z21, Z0, K3, K3; \
	VPERMB   Z26, Z0, Z2; \
	VPERMB   Z27, Z0, Z3; \
	VPCMPUB  $5, Z2, Z1, K4; \
	VPCMPUB  $2, Z3, Z1, K5; \
	VPCMPEQB Z20, Z0, K6; \
	KANDQ    K4, K5, K4; \
	KANDQ    K3, K4, K3; \
	VPCMPUB  $1, Z24, Z1, K5; \
	KANDQ    K6, K5, K5; \
	KANDNQ   K3, K5, K3; \
	VPCMPUB  $5, Z22, Z0, K4; \
	VPCMPUB  $5, Z23, Z0, K6; \
	VPCMPB   $1, Z25, Z6, K5; \
	KANDQ    K3, K4, K4; \
	KANDNQ   K3, K4, K3; \
	KANDQ    K4, K5, K4; \
	KANDQ    K4, K6, K6; \
	KANDNQ   K4, K6, K4; \
	VPCMPB   $1, Z25, Z7, K5; \
	KANDQ    K6, K5, K6; \
	KMOVQ    K3, R12; \
	KMOVQ    K4, BX; \
	KMOVQ    K6, CX; \
	ORQ      CX, BX; \
	ORQ      BX, R12; \
	MOVQ    $(1<<62), R11; \
	ANDQ    BX, R11; \
	MOVQ    R12, R10; \
	SHRQ    $63, R10; \
	SHLQ    $63, R10; \
	ORQ     R11, R10; \
	MOVQ    $(1<<61), R11; \
	ANDQ    CX, R11; \
	ORQ     R11, R10; \
	TZCNTQ  R10, R10; \
	ADDQ    R8, R10; \
	LEAQ    (R12)(R12*1), R11; \
	ORQ     R11, R12; \
	SHLQ    $2, BX; \
	ORQ     BX, R12; \
	SHLQ    $3, CX; \
	ORQ     CX, R12; \
	ANDNQ   AX, R12, AX
