//go:build !purego

#include "textflag.h"

// SPLAT fills the vector z with the byte b, through AX and x.
#define SPLAT(b, x, z) MOVL b, AX; MOVL AX, x; VPBROADCASTB x, z

// func linesBlocksAVX512(p *byte, n int, tab byte) (m, crs int)
//
// A block is first tested for printable ASCII, '\n' and tab alone, as
// text ended by LF passes. Only a block that fails is read again one byte
// on, so that a CR and the byte after it, the next block's first
// included, sit at the same position.
TEXT ·linesBlocksAVX512(SB), NOSPLIT, $0-40
	MOVQ    p+0(FP), SI
	MOVQ    n+8(FP), CX
	MOVBLZX tab+16(FP), DX
	SPLAT($0x20, X1, Z1)
	SPLAT($0x5F, X2, Z2) // printable ASCII less 0x20 is below it
	SPLAT($0x0A, X3, Z3) // '\n'
	MOVL    DX, X4
	VPBROADCASTB X4, Z4  // tab, or '\n' again
	SPLAT($0x0D, X5, Z5) // CR
	XORQ    AX, AX       // the index of the block read
	XORQ    DX, DX       // the CRs before it
	SUBQ    $65, CX      // a block at AX has its 65 bytes when AX <= n-65
	JLT     done

loop:
	CMPQ     AX, CX
	JGT      done
	VMOVDQU8 (SI)(AX*1), Z0 // the bytes
	VPSUBB   Z1, Z0, Z7
	VPCMPUB  $1, Z2, Z7, K1 // printable
	VPCMPEQB Z3, Z0, K2
	KORQ     K2, K1, K1
	VPCMPEQB Z4, Z0, K2
	KORQ     K2, K1, K1
	KORTESTQ K1, K1
	JCC      crlf // a byte not taken so far
	ADDQ     $64, AX
	JMP      loop

crlf:
	VMOVDQU8 1(SI)(AX*1), Z6 // the byte after each
	VPCMPEQB Z5, Z0, K3
	VPCMPEQB Z3, Z6, K3, K3 // a CR before '\n'
	KORQ     K3, K1, K1
	KORTESTQ K1, K1
	JCC      stop
	KMOVQ    K3, BX
	POPCNTQ  BX, BX
	ADDQ     BX, DX
	ADDQ     $64, AX
	JMP      loop

stop:
	KMOVQ   K1, BX
	NOTQ    BX
	TZCNTQ  BX, BX // the first byte not taken
	KMOVQ   K3, R8
	BZHIQ   BX, R8, R8 // the CRs before it
	POPCNTQ R8, R8
	ADDQ    R8, DX
	ADDQ    BX, AX

done:
	VZEROUPPER
	MOVQ AX, m+24(FP)
	MOVQ DX, crs+32(FP)
	RET

// func lessCRsAVX512(dst *byte, room int, src *byte, n int) (nDst, nSrc int)
//
// Each block's bytes but its CRs are packed at its start by VPCOMPRESSB
// into a register, which is stored whole: the store from a register, not
// the compress to memory, which some processors run slowly.
TEXT ·lessCRsAVX512(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ room+8(FP), R8
	MOVQ src+16(FP), SI
	MOVQ n+24(FP), CX
	SPLAT($0x0D, X5, Z5) // CR
	XORQ AX, AX // the bytes read
	XORQ BX, BX // the bytes written
	SUBQ $64, CX // a block at AX is whole when AX <= n-64
	JLT  done
	SUBQ $64, R8 // and has room at BX when BX <= room-64
	JLT  done

loop:
	CMPQ        AX, CX
	JGT         done
	CMPQ        BX, R8
	JGT         done
	VMOVDQU8    (SI)(AX*1), Z0
	VPCMPEQB    Z5, Z0, K1
	KNOTQ       K1, K2 // the bytes kept
	VPCOMPRESSB Z0, K2, Z1
	VMOVDQU8    Z1, (DI)(BX*1)
	KMOVQ       K2, DX
	POPCNTQ     DX, DX
	ADDQ        DX, BX
	ADDQ        $64, AX
	JMP         loop

done:
	VZEROUPPER
	MOVQ BX, nDst+32(FP)
	MOVQ AX, nSrc+40(FP)
	RET
