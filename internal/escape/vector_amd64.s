//go:build !purego

#include "textflag.h"

// BROADCAST fills the vector y with the word v, through DX and x.
#define BROADCAST(v, x, y) MOVQ v, DX; MOVQ DX, x; VPBROADCASTQ x, y

// func cleanBlocksAVX2(p *byte, n int, mask, value byte) int
//
// Each byte b is read as u = b+1: printable ASCII (0x20-0x7E) is then
// exactly the u that are above 0x20 as signed bytes (0x7F becomes 0x80,
// negative; 0x80-0xFF stay negative or become 0). The bytes the caller
// adds ('\n', and '\t' when kept) are those with u|mask == value.
TEXT ·cleanBlocksAVX2(SB), NOSPLIT, $0-32
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ $0x0101010101010101, AX
	MOVQ AX, X1
	VPBROADCASTQ X1, Y1 // ones
	MOVQ $0x2020202020202020, AX
	MOVQ AX, X2
	VPBROADCASTQ X2, Y2 // 0x20
	MOVBLZX mask+16(FP), AX
	MOVL AX, X3
	VPBROADCASTB X3, Y3
	MOVBLZX value+17(FP), AX
	MOVL AX, X4
	VPBROADCASTB X4, Y4
	XORQ AX, AX // the index of the block read
	MOVQ CX, DX
	ANDQ $~63, DX // the end of the whole 64-byte blocks

loop64:
	CMPQ AX, DX
	JAE  tail32
	VMOVDQU (SI)(AX*1), Y5
	VMOVDQU 32(SI)(AX*1), Y6
	VPADDB Y1, Y5, Y5
	VPADDB Y1, Y6, Y6
	VPCMPGTB Y2, Y5, Y7 // printable
	VPCMPGTB Y2, Y6, Y8
	VPOR Y3, Y5, Y5
	VPOR Y3, Y6, Y6
	VPCMPEQB Y4, Y5, Y5 // an added byte
	VPCMPEQB Y4, Y6, Y6
	VPOR Y7, Y5, Y5 // the first block's passing bytes
	VPOR Y8, Y6, Y6 // the second's
	VPAND Y5, Y6, Y7
	VPMOVMSKB Y7, BX
	NOTL BX
	TESTL BX, BX
	JNZ  stop64
	ADDQ $64, AX
	JMP  loop64

stop64:
	VPMOVMSKB Y5, BX
	NOTL BX
	TESTL BX, BX
	JNZ  stop
	ADDQ $32, AX
	VPMOVMSKB Y6, BX
	NOTL BX
	JMP  stop

tail32:
	MOVQ CX, DX
	ANDQ $~31, DX
	CMPQ AX, DX
	JAE  done
	VMOVDQU (SI)(AX*1), Y5
	VPADDB Y1, Y5, Y5
	VPCMPGTB Y2, Y5, Y7
	VPOR Y3, Y5, Y5
	VPCMPEQB Y4, Y5, Y5
	VPOR Y7, Y5, Y5
	VPMOVMSKB Y5, BX
	NOTL BX
	TESTL BX, BX
	JNZ  stop
	ADDQ $32, AX

done:
	VZEROUPPER
	MOVQ AX, ret+24(FP)
	RET

stop:
	// BX has a bit for each failing byte of the block at AX.
	BSFL BX, BX
	ADDQ BX, AX
	VZEROUPPER
	MOVQ AX, ret+24(FP)
	RET

// func padPairBlocksAVX2(p *byte, n int) int
//
// A pad byte is at most 0x20 and below 0x80: above -1 and below 0x21 as
// a signed byte. Each block of 32 is read twice, at its start and one
// byte on, so that a pair of pad bytes shows as a pad byte in both at
// the same position, its second byte the next block's first included.
TEXT ·padPairBlocksAVX2(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	XORQ AX, AX // the index of the block read
	SUBQ $33, CX // a block at AX has its 33 bytes when AX <= n-33
	JLT  none
	BROADCAST($0x2121212121212121, X1, Y1)
	VPCMPEQB Y2, Y2, Y2 // -1

loop:
	CMPQ AX, CX
	JGT  done
	VMOVDQU (SI)(AX*1), Y3
	VMOVDQU 1(SI)(AX*1), Y4
	VPCMPGTB Y3, Y1, Y5 // b < 0x21
	VPCMPGTB Y2, Y3, Y6 // b > -1
	VPAND Y5, Y6, Y5
	VPCMPGTB Y4, Y1, Y6 // likewise for the byte after
	VPCMPGTB Y2, Y4, Y7
	VPAND Y6, Y7, Y6
	VPTEST Y5, Y6 // any pair?
	JNZ  done
	ADDQ $32, AX
	JMP  loop

done:
	VZEROUPPER

none:
	MOVQ AX, ret+16(FP)
	RET

// func invalidBlocksAVX2(p *byte, n int) int
//
// A byte that no valid UTF-8 holds is A0-C1 or F5-FF. XORed with 0x80
// it is 0x20-0x41 or 0x75-0x7F: above 0x1F as a signed byte, and not
// both above 0x41 and below 0x75. Each block of 32 bytes is one mask.
TEXT ·invalidBlocksAVX2(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	XORQ AX, AX  // the index of the block read
	SUBQ $32, CX // a block at AX has its 32 bytes when AX <= n-32
	JLT  none
	BROADCAST($0x8080808080808080, X1, Y1)
	BROADCAST($0x1f1f1f1f1f1f1f1f, X2, Y2)
	BROADCAST($0x4141414141414141, X3, Y3)
	BROADCAST($0x7575757575757575, X4, Y4)

loop:
	CMPQ AX, CX
	JGT  done
	VPXOR    (SI)(AX*1), Y1, Y5 // b^0x80
	VPCMPGTB Y2, Y5, Y6         // above 0x1F
	VPCMPGTB Y3, Y5, Y7         // above 0x41
	VPCMPGTB Y5, Y4, Y8         // below 0x75
	VPAND    Y7, Y8, Y7         // 0x42-0x74: C2-F4, the leads
	VPANDN   Y6, Y7, Y6         // above 0x1F and no lead
	VPMOVMSKB Y6, DX
	CMPL     DX, $0xffffffff
	JNE      done
	ADDQ     $32, AX
	JMP      loop

done:
	VZEROUPPER

none:
	MOVQ AX, ret+16(FP)
	RET
