//go:build !purego

#include "textflag.h"

// SPREAD stores in the mask at off(DI) bit 7-shift of each byte of Z3,
// a table's classes of the block: shifted left by shift within each
// word, the bit is its byte's top bit, which VPMOVB2M gathers.
#define SPREAD(shift, off) \
	VPSLLW   $shift, Z3, Z4; \
	VPMOVB2M Z4, K1; \
	KMOVQ    K1, off(DI)

// LOOKUP sets Z3 to the entries of the table at off(AX) for the bytes of
// the block in Z0, by their low seven bits, and to 0 for the bytes from
// 0x80 (K2 holds the others).
#define LOOKUP(off) \
	VMOVDQU8   off(AX), Z1; \
	VMOVDQU8   off+64(AX), Z2; \
	VMOVDQA64  Z0, Z3; \
	VPERMI2B   Z2, Z1, Z3; \
	VMOVDQU8.Z Z3, K2, Z3

// TABLE stores the eight masks of the table at off(AX), from off(DI) on.
#define TABLE(off) \
	LOOKUP(off); \
	SPREAD(7, off/2+0); \
	SPREAD(6, off/2+8); \
	SPREAD(5, off/2+16); \
	SPREAD(4, off/2+24); \
	SPREAD(3, off/2+32); \
	SPREAD(2, off/2+40); \
	SPREAD(1, off/2+48); \
	VPMOVB2M Z3, K1; \
	KMOVQ    K1, off/2+56(DI)

// func classify(block *byte, m *Masks)
TEXT ·classify(SB), NOSPLIT, $0-16
	MOVQ block+0(FP), SI
	MOVQ m+8(FP), DI
	LEAQ ·classTables(SB), AX
	VMOVDQU8 (SI), Z0
	VPMOVB2M Z0, K2
	KMOVQ    K2, 192(DI) // High
	KNOTQ    K2, K2
	TABLE(0)
	TABLE(128)
	TABLE(256)
	VZEROUPPER
	RET

// func pack(dst, block *byte, keep uint64)
TEXT ·pack(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ block+8(FP), SI
	KMOVQ keep+16(FP), K1
	VMOVDQU8    (SI), Z0
	VPCOMPRESSB Z0, K1, Z1
	VMOVDQU8    Z1, (DI)
	VZEROUPPER
	RET
