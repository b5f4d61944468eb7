//go:build !purego

#include "textflag.h"
#include "go_asm.h"
#include "textblock_amd64.h"

// CLEARCOLOURS sets the colours at DX to their zero value, 40 bytes.
#define CLEARCOLOURS \
	VPXOR   Y1, Y1, Y1; \
	VMOVDQU Y1, (DX); \
	MOVQ    $0, 32(DX)

// RESETAT clears the colours and writes ESC [ 0 m where the stop at 8(SP)
// goes in dst, whose place in the block it leaves in AX.
#define RESETAT \
	CLEARCOLOURS; \
	MOVQ 8(SP), AX; \
	LEAQ (R9)(AX*1), CX; \
	MOVL $0x6d305b1b, (DI)(CX*1)

// func colourBlocks(dst, src []byte, c *colours, strip bool) (n, w int)
//
// The output of a colour log is its input, but for what Strip mode drops
// and ESC [ m, written ESC [ 0 m: the loop copies each block of 64 bytes
// whole and then reads its stops. Text is printable ASCII, LF, tab and
// whole characters other than C1 controls, as ground keeps them; a
// character that ends past a block ends the block, and the next one
// starts with it. The stops are the other bytes. Their places are known
// from the block's mask, not from the end of the sequence before, and
// each SGR is copied as it is, in case it ends past the block. A stop may
// open:
//   - an SGR that colourRun reads and applies, read and applied as it
//     does: up to five parameters of one to three digits, each a value
//     whose simpleParams entry is neither refused nor a colour change
//     other than a reset or a plain foreground; or a foreground of the
//     256 colours, 38;5;n, or in direct colour, 38;2;r;g;b; or
//     orig_pair, ESC [ 39;49 m. It is copied as
//     it is, or, where a parameter has a leading zero (ESC [ 01;31 m, as
//     GCC and grep write them), written as colourRun writes it, without
//     the zeros;
//   - ESC [ m, written ESC [ 0 m;
//   - in Strip mode, what colourRun drops between SGRs: an erase, ESC [
//     K; another CSI of parameters as an SGR's or none, or of a private
//     marker and up to privateParams digits and ';', not followed by its
//     copies
//     (ESC [ 2 K, ESC [ 3 A, ESC [ ? 25 l); xterm's sgr0, ESC ( B ESC [ m, written ESC [ 0
//     m; a C0 control or DEL before text, ESC or a UTF-8 lead byte.
// After ESC [ m, an SGR written without its leading zeros and what Strip
// mode drops, the rest of the block is written again where it has moved.
// Anything else returns to the caller, at its start, and so does a block that starts with fewer than
// colourMargin (128) bytes of src or of room in dst left: a sequence that
// starts in a block is read and copied to its end.
//
// Registers: SI src, R8 the block's start; DI dst, R9 where the block
// would start there, moved by each sequence written shorter or longer than
// it is; Z0 the block; R10 where the next block starts; DX c; R13
// simpleParams, R14 sgrEffects, R15 styleEffects. The stops left in the
// block are at 0(SP), the place of the one being read at 8(SP), and the
// block's end (before a character cut by it) at 16(SP). BX reads an
// SGR; its values are packed in R12, one a byte, and CX is eight times
// their number, kept at 32(SP) once it is read; 24(SP) is set when one of
// them has a leading zero. Z16-Z19 hold the bytes that sort ASCII,
// Z20-Z27 those that sort UTF-8 and the lead tables.
TEXT ·colourBlocks(SB), NOSPLIT, $40-80
	MOVQ dst_base+0(FP), DI
	MOVQ src_base+24(FP), SI
	MOVQ c+48(FP), DX
	XORQ R8, R8
	XORQ R9, R9
	// Text while the colours need a correction is colourRun's.
	CMPB colours_settle(DX), $0
	JNE  done
	LEAQ ·simpleParams(SB), R13
	LEAQ ·sgrEffects(SB), R14
	LEAQ ·styleEffects(SB), R15
	TEXTCONSTANTS

block:
	LEAQ const_colourMargin(R8), AX
	CMPQ AX, src_len+32(FP)
	JGT  done
	LEAQ const_colourMargin(R9), AX
	CMPQ AX, dst_len+8(FP)
	JGT  done
	VMOVDQU8 (SI)(R8*1), Z0
	VMOVDQU8 Z0, (DI)(R9*1)
	// The stops: a control other than LF and tab, DEL and every byte
	// from 0x80 outside a whole character.
	TEXTSTOPS
	LEAQ    64(R8), R10
	KORTESTQ K2, K2
	JNE      utf8 // a byte from 0x80, or DEL

ascii:
	TESTQ AX, AX
	JNE   stops

next:
	MOVQ R10, AX
	SUBQ R8, AX
	ADDQ AX, R9
	MOVQ R10, R8
	JMP  block

stops:
	MOVQ R10, 16(SP)

stop:
	// AX holds the block's stops, the first of them read here.
	TZCNTQ AX, BX
	BLSRQ  AX, AX
	MOVQ   AX, 0(SP)
	MOVQ   BX, 8(SP)
	ADDQ   R8, BX
	MOVBLZX (SI)(BX*1), AX
	CMPB   AL, $0x1b
	JNE    control
	MOVBLZX 1(SI)(BX*1), AX
	CMPB   AL, $'['
	JNE    sgr0
	MOVQ   (SI)(BX*1), AX
	MOVQ   $const_origPair, CX
	CMPQ   AX, CX
	JEQ    origpair
	ADDQ   $2, BX
	MOVBLZX (SI)(BX*1), AX
	CMPB   AL, $'m'
	JEQ    reset
	CMPB   AL, $'K'
	JEQ    erase
	XORL   CX, CX
	XORL   R12, R12
	MOVB   $0, 24(SP)

param:
	// One to three digits; a 0 before another digit is a leading zero,
	// which the SGR is written without.
	MOVBLZX (SI)(BX*1), AX
	SUBL    $'0', AX
	CMPL    AX, $9
	JHI     nodigit
	INCQ    BX
	MOVBLZX (SI)(BX*1), R11
	SUBL    $'0', R11
	CMPL    R11, $9
	JHI     value
	TESTL   AX, AX
	JNE     tens
	MOVB    $1, 24(SP) // a leading zero

tens:
	LEAL    (AX)(AX*4), AX
	LEAL    (R11)(AX*2), AX
	INCQ    BX
	MOVBLZX (SI)(BX*1), R11
	SUBL    $'0', R11
	CMPL    R11, $9
	JHI     value
	LEAL    (AX)(AX*4), AX
	LEAL    (R11)(AX*2), AX
	INCQ    BX

value:
	CMPL  AX, $const_maxSGRValue
	JHI   out
	SHLXQ CX, AX, AX
	ORQ   AX, R12
	ADDL  $8, CX
	MOVBLZX (SI)(BX*1), AX
	CMPB  AL, $'m'
	JEQ   parsed
	CMPB  AL, $';'
	JNE   csi
	CMPL  CX, $(8*const_maxPlainParams)
	JEQ   out // one parameter too many
	INCQ  BX
	JMP   param

parsed:
	LEAQ 1(BX), R10 // the SGR's end
	MOVQ CX, 32(SP)
	// ESC [ 38;5;n m and ESC [ 38;2;r;g;b m first: a foreground of the
	// 256 colours or in direct colour, applied while no background and
	// no correction is in effect (colours.fgPlain).
	CMPL CX, $24
	JB   check
	MOVL R12, AX
	ANDL $0xffff, AX
	CMPL CX, $40
	JEQ  direct
	CMPL CX, $24
	JNE  check
	CMPL AX, $(const_colourIndexed<<8 | const_sgrFg)
	JNE  check
	JMP  fgplain

direct:
	CMPL AX, $(const_colourDirect<<8 | const_sgrFg)
	JNE  check

fgplain:
	CMPL (colours_asked+4*const_partBg)(DX), $const_defaultColour
	JNE  out
	CMPB colours_corrected(DX), $0
	JNE  out
	MOVQ R12, AX
	SHRQ $16, AX // the values from the third
	CMPL CX, $24
	JEQ  palette
	// r, g and b are the third to fifth values: r<<16 | g<<8 | b.
	BSWAPL AX
	SHRL   $8, AX
	ORL    $const_rgbColour, AX
	JMP    setfg

palette:
	ANDL $0xff, AX
	ORL  $const_paletteColour, AX

setfg:
	MOVL AX, (colours_asked+4*const_partFg)(DX)
	MOVL AX, (colours_screen+4*const_partFg)(DX)
	MOVL (8*const_sgrFg+styleEffect_clear)(R15), AX
	ANDNL colours_style(DX), AX, AX
	ORL  (8*const_sgrFg+styleEffect_set)(R15), AX
	MOVL AX, colours_style(DX)
	JMP  copysgr

check:
	// Every value checked before any is applied: a refused one, or a
	// colour change other than a reset or a plain foreground, leaves the
	// whole SGR to the caller.
	MOVQ R12, AX
	MOVL CX, R11

checkvalue:
	MOVBLZX AL, BX
	TESTB   $const_simpleRefused, (R13)(BX*1)
	JNE     out
	TESTB   $const_simpleColour, (R13)(BX*1)
	JEQ     checknext
	TESTL   BX, BX
	JEQ     checknext // a reset
	CMPB    sgrEffect_part(R14)(BX*8), $const_partFg
	JNE     out
	CMPL    (colours_asked+4*const_partBg)(DX), $const_defaultColour
	JNE     out
	CMPB    colours_corrected(DX), $0
	JNE     out

checknext:
	SHRQ $8, AX
	SUBL $8, R11
	JNE  checkvalue

	// Applied in order, as colourRun applies them.
	MOVQ R12, AX
	MOVL CX, R11

apply:
	MOVBLZX AL, BX
	TESTB   $const_simpleColour, (R13)(BX*1)
	JEQ     style
	TESTL   BX, BX
	JNE     foreground
	CLEARCOLOURS
	JMP     style

foreground:
	MOVL sgrEffect_val(R14)(BX*8), CX
	MOVL CX, (colours_asked+4*const_partFg)(DX)
	MOVL CX, (colours_screen+4*const_partFg)(DX)

style:
	MOVL  styleEffect_clear(R15)(BX*8), CX
	ANDNL colours_style(DX), CX, CX
	ORL   styleEffect_set(R15)(BX*8), CX
	MOVL  CX, colours_style(DX)
	SHRQ  $8, AX
	SUBL  $8, R11
	JNE   apply

copysgr:
	CMPB    24(SP), $0
	JNE     rewrite
	// The SGR as it is, ESC [ up to m: at most 22 bytes.
	MOVQ    8(SP), AX
	LEAQ    (R8)(AX*1), BX
	VMOVDQU (SI)(BX*1), Y2
	LEAQ    (R9)(AX*1), BX
	VMOVDQU Y2, (DI)(BX*1)
	MOVQ    0(SP), AX
	TESTQ   AX, AX
	JNE     stop

blockend:
	// The next block starts after the block, or after the sequence that
	// ends past it.
	MOVQ    16(SP), AX
	CMPQ    R10, AX
	CMOVQLT AX, R10
	JMP     next

utf8:
	// Bytes from 0x80 that make whole characters other than a C1
	// control are text; one that ends past the block ends it, and the
	// next block starts with it.
	TEXTUTF8
	JMP     ascii

rewrite:
	// The SGR written as colourRun writes it, each value without leading
	// zeros (shorter than it is), where it starts in dst: ESC [, the
	// values (packed in R12, 32(SP) eight times their number) and their
	// separators, m.
	MOVQ    8(SP), AX
	LEAQ    (R9)(AX*1), BX
	ADDQ    DI, BX
	MOVW    $0x5b1b, (BX)
	ADDQ    $2, BX
	MOVQ    R12, AX
	MOVQ    32(SP), CX

digits:
	MOVBLZX AL, R11
	CMPL    R11, $100
	JB      below100
	MOVB    $'1', (BX)
	SUBL    $100, R11
	CMPL    R11, $100
	JB      hundreds
	MOVB    $'2', (BX)
	SUBL    $100, R11

hundreds:
	INCQ    BX
	JMP     tensdigit

below100:
	CMPL    R11, $10
	JB      onesdigit

tensdigit:
	// v/10 as (v*205)>>11, exact below 1024.
	IMUL3L  $205, R11, R12
	SHRL    $11, R12
	ADDL    $'0', R12
	MOVB    R12B, (BX)
	INCQ    BX
	SUBL    $'0', R12
	LEAL    (R12)(R12*4), R12
	ADDL    R12, R12
	SUBL    R12, R11

onesdigit:
	ADDL    $'0', R11
	MOVB    R11B, (BX)
	MOVB    $';', 1(BX)
	ADDQ    $2, BX
	SHRQ    $8, AX
	SUBL    $8, CX
	JNE     digits
	MOVB    $'m', -1(BX)
	// The rest of the block, from the SGR's end (CX in the block), goes
	// right after what it was written as: R9, where the block would
	// start in dst, moves back by the zeros left out.
	MOVQ    R10, CX
	SUBQ    R8, CX
	SUBQ    DI, BX
	SUBQ    CX, BX
	MOVQ    BX, R9
	JMP     shifted

origpair:
	// terminfo's orig_pair, ESC [ 39;49 m, kept as it is
	// (colours.setDefaultColours; settle is clear in this loop).
	MOVL    $const_defaultColour, (colours_asked+4*const_partFg)(DX)
	MOVL    $const_defaultColour, (colours_screen+4*const_partFg)(DX)
	MOVL    $const_defaultColour, (colours_asked+4*const_partBg)(DX)
	MOVL    $const_defaultColour, (colours_screen+4*const_partBg)(DX)
	MOVL    colours_style(DX), AX
	MOVL    (8*39+styleEffect_clear)(R15), CX // styleEffects[39]
	ANDNL   AX, CX, AX
	ORL     (8*39+styleEffect_set)(R15), AX
	MOVL    (8*49+styleEffect_clear)(R15), CX // styleEffects[49]
	ANDNL   AX, CX, AX
	ORL     (8*49+styleEffect_set)(R15), AX
	MOVL    AX, colours_style(DX)
	LEAQ    8(BX), R10 // its end
	MOVB    $0, 24(SP) // copied as it is
	JMP     copysgr

erase:
	// ESC [ K, which Strip mode drops.
	CMPB strip+56(FP), $0
	JEQ  out
	MOVQ 8(SP), AX
	LEAQ 3(AX), CX
	SUBQ $3, R9
	JMP  shifted

nodigit:
	// No digit where a parameter starts. Right after ESC [ (no value
	// read yet), a final byte (a CSI without parameters) or a private
	// marker: then one to privateParams digits and ';', and a final
	// byte other than 'm'.
	TESTL CX, CX
	JNE   out
	ADDL  $'0', AX // the byte
	CMPL  AX, $'?'
	JNE   csi
	INCQ  BX
	MOVQ  BX, R11 // where the parameters start

private:
	MOVBLZX (SI)(BX*1), AX
	LEAL    -'0'(AX), CX
	CMPL    CX, $9
	JLS     privatenext
	CMPL    AX, $';'
	JNE     privateend

privatenext:
	INCQ BX
	MOVQ BX, CX
	SUBQ R11, CX
	CMPQ CX, $const_privateParams
	JBE  private // the byte after privateParams of them: the final
	JMP  out     // too long

privateend:
	CMPQ BX, R11
	JEQ  out // no parameter
	CMPL AX, $'m'
	JEQ  out // ESC [ ? ... m, not an SGR

csi:
	// A CSI other than an SGR, its final byte (0x40-0x7E) in AX at BX:
	// an erase (ESC [ 2 K), a cursor move (ESC [ 3 A), the cursor hidden
	// (ESC [ ? 25 l), which Strip mode drops, unless its copies follow
	// (the eight bytes after it are its first eight again): a flood of
	// one is the caller's (dropRun), which drops its copies at once.
	CMPB strip+56(FP), $0
	JEQ  out
	SUBL $0x40, AX
	CMPL AX, $(0x7e-0x40)
	JHI  out
	MOVQ 8(SP), CX
	ADDQ R8, CX
	MOVQ (SI)(CX*1), AX
	CMPQ AX, 1(SI)(BX*1)
	JEQ  out
	LEAQ 1(BX), CX
	SUBQ R8, CX // its end in the block
	MOVQ CX, AX
	SUBQ 8(SP), AX
	SUBQ AX, R9 // its length
	JMP  shifted

sgr0:
	// xterm's sgr0, ESC ( B ESC [ m, which Strip mode writes ESC [ 0 m
	// (its charset designation dropped).
	CMPB    strip+56(FP), $0
	JEQ     out
	MOVQ    (SI)(BX*1), AX
	SHLQ    $16, AX // its six bytes
	MOVQ    $(const_sgr0Word<<16), CX
	CMPQ    AX, CX
	JNE     out
	RESETAT
	LEAQ    6(AX), CX
	SUBQ    $2, R9
	JMP     shifted

control:
	// A C0 control or DEL before text or ESC, which Strip mode drops (the
	// CR of CR LF).
	CMPB    strip+56(FP), $0
	JEQ     out
	CMPB    AL, $0x7f
	JEQ     dropped
	CMPB    AL, $0x20
	JAE     out // a byte from 0x80
dropped:
	MOVBLZX 1(SI)(BX*1), AX
	CMPB    AL, $0x1b
	JEQ     drop
	CMPB    AL, $0x0a
	JEQ     drop
	CMPB    AL, $0x09
	JEQ     drop
	LEAL    -0x20(AX), CX
	CMPB    CX, $(0x7e-0x20)
	JLS     drop
	SUBB    $0xc2, AL
	CMPB    AL, $(0xf4-0xc2)
	JHI     out // not a UTF-8 lead byte
drop:
	MOVQ 8(SP), AX
	LEAQ 1(AX), CX
	DECQ R9
	JMP  shifted

reset:
	// ESC [ m, written ESC [ 0 m.
	RESETAT
	LEAQ    3(AX), CX
	INCQ    R9

shifted:
	// A sequence written shorter or longer than it is, whose end is at
	// CX in the block, has moved the block's output: R9 is where the
	// block would start in dst for its bytes from CX on, which are
	// written there again, and the stops among the sequence's own bytes
	// are dropped (ESC ( B ESC [ m has two).
	LEAQ    (R8)(CX*1), R10
	XORL    AX, AX
	CMPQ    CX, $64
	JAE     shiftdone
	MOVQ    $-1, AX
	SHLXQ   CX, AX, AX
	KMOVQ   AX, K3
	VMOVDQU8 Z0, K3, (DI)(R9*1)
	ANDQ    0(SP), AX

shiftdone:
	TESTQ AX, AX
	JNE   stop
	JMP   blockend

out:
	// What the stop at 8(SP) starts is the caller's.
	MOVQ 8(SP), AX
	ADDQ AX, R8
	ADDQ AX, R9

done:
	VZEROUPPER
	MOVQ R8, n+64(FP)
	MOVQ R9, w+72(FP)
	RET
