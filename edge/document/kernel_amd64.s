//go:build amd64 && !noasm

#include "textflag.h"

// func addRowsSSE(acc, w, vals []float32, at []int32)
// For each run of 16 units: the sums held in X0-X3, every pixel n adds
// w's row at[n] (that run of it) times vals[n].
TEXT ·addRowsSSE(SB), NOSPLIT, $0-96
	MOVQ acc_base+0(FP), DI
	MOVQ acc_len+8(FP), R11
	SHLQ $2, R11               // a row's bytes
	MOVQ w_base+24(FP), SI
	MOVQ vals_base+48(FP), R8
	MOVQ vals_len+56(FP), R9
	MOVQ at_base+72(FP), R10
	XORQ R12, R12              // the run's first byte within a row

rowsRun:
	CMPQ R12, R11
	JGE  rowsDone
	MOVUPS 0(DI)(R12*1), X0
	MOVUPS 16(DI)(R12*1), X1
	MOVUPS 32(DI)(R12*1), X2
	MOVUPS 48(DI)(R12*1), X3
	XORQ BX, BX

rowsPixel:
	CMPQ BX, R9
	JGE  rowsStore
	MOVLQSX (R10)(BX*4), AX
	IMULQ R11, AX
	ADDQ R12, AX
	MOVSS (R8)(BX*4), X4
	SHUFPS $0, X4, X4
	MOVUPS 0(SI)(AX*1), X5
	MULPS X4, X5
	ADDPS X5, X0
	MOVUPS 16(SI)(AX*1), X6
	MULPS X4, X6
	ADDPS X6, X1
	MOVUPS 32(SI)(AX*1), X7
	MULPS X4, X7
	ADDPS X7, X2
	MOVUPS 48(SI)(AX*1), X8
	MULPS X4, X8
	ADDPS X8, X3
	INCQ BX
	JMP  rowsPixel

rowsStore:
	MOVUPS X0, 0(DI)(R12*1)
	MOVUPS X1, 16(DI)(R12*1)
	MOVUPS X2, 32(DI)(R12*1)
	MOVUPS X3, 48(DI)(R12*1)
	ADDQ $64, R12
	JMP  rowsRun

rowsDone:
	RET

// func addScaledSSE(g, d, vals []float32, at []int32)
// For each run of 16 units: d's run held in X0-X3, every pixel n adds it
// times vals[n] to g's row at[n].
TEXT ·addScaledSSE(SB), NOSPLIT, $0-96
	MOVQ g_base+0(FP), DI
	MOVQ d_base+24(FP), SI
	MOVQ d_len+32(FP), R11
	SHLQ $2, R11
	MOVQ vals_base+48(FP), R8
	MOVQ vals_len+56(FP), R9
	MOVQ at_base+72(FP), R10
	XORQ R12, R12

scaledRun:
	CMPQ R12, R11
	JGE  scaledDone
	MOVUPS 0(SI)(R12*1), X0
	MOVUPS 16(SI)(R12*1), X1
	MOVUPS 32(SI)(R12*1), X2
	MOVUPS 48(SI)(R12*1), X3
	XORQ BX, BX

scaledPixel:
	CMPQ BX, R9
	JGE  scaledNext
	MOVLQSX (R10)(BX*4), AX
	IMULQ R11, AX
	ADDQ R12, AX
	MOVSS (R8)(BX*4), X4
	SHUFPS $0, X4, X4
	MOVAPS X0, X5
	MULPS X4, X5
	MOVUPS 0(DI)(AX*1), X9
	ADDPS X5, X9
	MOVUPS X9, 0(DI)(AX*1)
	MOVAPS X1, X6
	MULPS X4, X6
	MOVUPS 16(DI)(AX*1), X10
	ADDPS X6, X10
	MOVUPS X10, 16(DI)(AX*1)
	MOVAPS X2, X7
	MULPS X4, X7
	MOVUPS 32(DI)(AX*1), X11
	ADDPS X7, X11
	MOVUPS X11, 32(DI)(AX*1)
	MOVAPS X3, X8
	MULPS X4, X8
	MOVUPS 48(DI)(AX*1), X12
	ADDPS X8, X12
	MOVUPS X12, 48(DI)(AX*1)
	INCQ BX
	JMP  scaledPixel

scaledNext:
	ADDQ $64, R12
	JMP  scaledRun

scaledDone:
	RET

// func adamSSE(p, g, m, v []float32, c *adamStep)
// Four elements at a time: the moments in single precision, the step in
// double, two lanes at a time, as adamUpdateGo takes them; len(p) must
// be a multiple of 4.
TEXT ·adamSSE(SB), NOSPLIT, $0-104
	MOVQ p_base+0(FP), DI
	MOVQ p_len+8(FP), CX
	MOVQ g_base+24(FP), SI
	MOVQ m_base+48(FP), R8
	MOVQ v_base+72(FP), R9
	MOVQ c+96(FP), R10
	MOVSS 0(R10), X8
	SHUFPS $0, X8, X8
	MOVSS 4(R10), X9
	SHUFPS $0, X9, X9
	MOVSS 8(R10), X10
	SHUFPS $0, X10, X10
	MOVSS 12(R10), X11
	SHUFPS $0, X11, X11
	MOVSD 16(R10), X12
	MOVLHPS X12, X12
	MOVSD 24(R10), X13
	MOVLHPS X13, X13
	MOVSD 32(R10), X14
	MOVLHPS X14, X14
	MOVSD 40(R10), X15
	MOVLHPS X15, X15
	XORQ AX, AX

adamLoop:
	CMPQ AX, CX
	JGE  adamDone
	MOVUPS (SI)(AX*4), X0
	MOVUPS (R8)(AX*4), X1
	MULPS X8, X1
	MOVAPS X0, X2
	MULPS X9, X2
	ADDPS X2, X1
	MOVUPS X1, (R8)(AX*4)
	MOVUPS (R9)(AX*4), X3
	MULPS X10, X3
	MOVAPS X0, X2
	MULPS X11, X2
	MULPS X0, X2
	ADDPS X2, X3
	MOVUPS X3, (R9)(AX*4)
	CVTPS2PD X1, X4
	CVTPS2PD X3, X5
	DIVPD X12, X4
	DIVPD X13, X5
	SQRTPD X5, X5
	ADDPD X15, X5
	MULPD X14, X4
	DIVPD X5, X4
	CVTPD2PS X4, X4
	MOVHLPS X1, X6
	MOVHLPS X3, X7
	CVTPS2PD X6, X6
	CVTPS2PD X7, X7
	DIVPD X12, X6
	DIVPD X13, X7
	SQRTPD X7, X7
	ADDPD X15, X7
	MULPD X14, X6
	DIVPD X7, X6
	CVTPD2PS X6, X6
	MOVLHPS X6, X4
	MOVUPS (DI)(AX*4), X2
	SUBPS X4, X2
	MOVUPS X2, (DI)(AX*4)
	ADDQ $4, AX
	JMP  adamLoop

adamDone:
	RET

// func maxIntoSSE(dst, a, b []uint8)
// len(dst) must be a multiple of 16, a and b as long.
TEXT ·maxIntoSSE(SB), NOSPLIT, $0-72
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ a_base+24(FP), SI
	MOVQ b_base+48(FP), DX
	XORQ AX, AX

maxLoop:
	CMPQ AX, CX
	JGE  maxDone
	MOVOU (SI)(AX*1), X0
	MOVOU (DX)(AX*1), X1
	PMAXUB X1, X0
	MOVOU X0, (DI)(AX*1)
	ADDQ $16, AX
	JMP  maxLoop

maxDone:
	RET

// func unitSumsSSE(b1, w2, ha, hb []float32, z *[4]float32)
// Unit j's weight times relu(b1[j]+ha[j]+hb[j]) into lane j mod 4;
// len(b1) must be a multiple of 4. relu clears a value whose sign bit is
// set, as relu does: the sign spread over the lane masks it away.
TEXT ·unitSumsSSE(SB), NOSPLIT, $0-104
	MOVQ b1_base+0(FP), SI
	MOVQ b1_len+8(FP), CX
	MOVQ w2_base+24(FP), R8
	MOVQ ha_base+48(FP), R9
	MOVQ hb_base+72(FP), R10
	MOVQ z+96(FP), DI
	XORPS X0, X0
	XORQ AX, AX

unitLoop:
	CMPQ AX, CX
	JGE  unitDone
	MOVUPS (SI)(AX*4), X1
	MOVUPS (R9)(AX*4), X2
	ADDPS X2, X1
	MOVUPS (R10)(AX*4), X2
	ADDPS X2, X1
	MOVAPS X1, X3
	PSRAL $31, X3
	PANDN X1, X3
	MOVUPS (R8)(AX*4), X2
	MULPS X2, X3
	ADDPS X3, X0
	ADDQ $4, AX
	JMP  unitLoop

unitDone:
	MOVUPS X0, (DI)
	RET

// func dotSumsSSE(x, y []float64, d *[4]float64)
// x[k]·y[k] into lane k mod 4, two lanes to a register; len(x) must be a
// multiple of 4.
TEXT ·dotSumsSSE(SB), NOSPLIT, $0-56
	MOVQ x_base+0(FP), SI
	MOVQ x_len+8(FP), CX
	MOVQ y_base+24(FP), DX
	MOVQ d+48(FP), DI
	XORPD X0, X0
	XORPD X1, X1
	XORQ AX, AX

dotLoop:
	CMPQ AX, CX
	JGE  dotDone
	MOVUPD (SI)(AX*8), X2
	MOVUPD (DX)(AX*8), X3
	MULPD X3, X2
	ADDPD X2, X0
	MOVUPD 16(SI)(AX*8), X4
	MOVUPD 16(DX)(AX*8), X5
	MULPD X5, X4
	ADDPD X4, X1
	ADDQ $4, AX
	JMP  dotLoop

dotDone:
	MOVUPD X0, (DI)
	MOVUPD X1, 16(DI)
	RET
