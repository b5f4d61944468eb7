//go:build !purego

#include "textflag.h"

// SPREAD stores in the mask at off(DI) bit b of each byte of Z3, the
// block's classes: shifted left by 7-b within each word, the bit is its
// byte's top bit, which VPMOVB2M gathers.
#define SPREAD(shift, off) \
	VPSLLW   $shift, Z3, Z4; \
	VPMOVB2M Z4, K1; \
	KMOVQ    K1, off(DI)

// func stripClasses(src *byte, m *stripMasks)
//
// Each byte of the block at src is looked up in the two tables of
// stripClassTable, by its low seven bits; the bytes from 0x80 get no
// class but high.
TEXT ·stripClasses(SB), NOSPLIT, $0-16
	MOVQ src+0(FP), SI
	MOVQ m+8(FP), DI
	LEAQ ·stripClassTable(SB), AX
	VMOVDQU8 (SI), Z0
	VPMOVB2M Z0, K2
	KMOVQ    K2, 120(DI) // high
	KNOTQ    K2, K2

	// The first table: esc, inSequence, ... escFinal.
	VMOVDQU8   0(AX), Z1
	VMOVDQU8   64(AX), Z2
	VMOVDQA64  Z0, Z3
	VPERMI2B   Z2, Z1, Z3
	VMOVDQU8.Z Z3, K2, Z3
	SPREAD(7, 0)
	SPREAD(6, 8)
	SPREAD(5, 16)
	SPREAD(4, 24)
	SPREAD(3, 32)
	SPREAD(2, 40)
	SPREAD(1, 48)
	VPMOVB2M Z3, K1
	KMOVQ    K1, 56(DI)

	// The second: csiOpen, oscOpen, stringOpen, bel, final.
	VMOVDQU8   128(AX), Z1
	VMOVDQU8   192(AX), Z2
	VMOVDQA64  Z0, Z3
	VPERMI2B   Z2, Z1, Z3
	VMOVDQU8.Z Z3, K2, Z3
	SPREAD(7, 64)
	SPREAD(6, 72)
	SPREAD(5, 80)
	SPREAD(4, 88)
	SPREAD(3, 96)
	VZEROUPPER
	RET

// func keepBytes(dst, src *byte, keep uint64)
//
// The bytes of the block at src that keep marks, packed, are written to
// dst, 64 bytes wide.
TEXT ·keepBytes(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	KMOVQ keep+16(FP), K1
	VMOVDQU8    (SI), Z0
	VPCOMPRESSB Z0, K1, Z1
	VMOVDQU8    Z1, (DI)
	VZEROUPPER
	RET
