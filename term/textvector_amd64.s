//go:build !purego

#include "textflag.h"
#include "go_asm.h"
#include "textblock_amd64.h"

// func textBlocks(src []byte) int
//
// The length of the text at the start of src, read 64 bytes at a time,
// up to the block in which something else starts, or the block that
// leaves fewer than the three bytes after it that a character is read
// with. Registers: SI src, DX its length less those three, R8 the block's
// start, R10 where the next starts.
TEXT ·textBlocks(SB), NOSPLIT, $0-32
	MOVQ src_base+0(FP), SI
	MOVQ src_len+8(FP), DX
	SUBQ $67, DX
	XORQ R8, R8
	TEXTCONSTANTS

block:
	CMPQ R8, DX
	JGT  done
	VMOVDQU8 (SI)(R8*1), Z0
	TEXTSTOPS
	LEAQ     64(R8), R10
	KORTESTQ K2, K2
	JE       ascii
	TEXTUTF8

ascii:
	TESTQ AX, AX
	JNE   stop
	MOVQ  R10, R8
	JMP   block

stop:
	TZCNTQ AX, AX
	ADDQ   AX, R8

done:
	VZEROUPPER
	MOVQ R8, ret+24(FP)
	RET
