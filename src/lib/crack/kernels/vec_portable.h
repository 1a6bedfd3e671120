/* The kernels' vector abstraction in portable C: GCC/Clang vector
 * extensions of four 32-bit lanes, which compile to SSE2 on x86-64, NEON on
 * AArch64 and scalar code where the target has no vectors. The reference
 * for the other instruction sets (vec_avx2.h, vec_avx512.h), which define
 * the same names:
 *
 *   V, VL              the vector type (a GCC vector of VL uint32_t, so +,
 *                      -, ^, &, |, ~ and shifts work lane-wise) and its lanes
 *   V_SET1(x)          every lane x
 *   V_LOAD(p)          VL words from p (any alignment)
 *   V_ROL, V_ROR(x, n) rotations by a constant
 *   V_SEL(c, x, y)     bitwise c ? x : y
 *   V_MAJ(x, y, z)     bitwise majority
 *   V_XOR3(x, y, z)
 *   V_MD5I(b, c, d)    c ^ (b | ~d)   (RFC 1321 function I)
 *   V_EQ(a, b)         bit mask of the lanes where a == b
 *   V_PIN(x)           keeps x as computed (an empty asm; see mb_md.h)
 *   V_GATHER(p, idx)   lane i: p[idx[i]] (p: uint32_t words)
 * and, where the instruction set has them:
 *   V_TERN(a, b, c, imm)  three-input logic (vpternlogd)
 *   V_RORV(x, n)       each lane rotated right by its n mod 32 (vprorvd)
 *   V64, VL64, V64_*   the same on 64-bit lanes (AVX-512 only)
 * Each kernel family is written once over these names (mb_<family>.h) and
 * compiled once per instruction set (mb_<family>_<isa>.c). */
#ifndef HC_CRACK_VEC_H
#define HC_CRACK_VEC_H

#include <stdint.h>
#include <string.h>

#include "../../rotate.h"

typedef uint32_t V __attribute__((vector_size(16)));
#define VL 4

static inline V vec_portable_load(const uint32_t *p)
{
    V v;
    memcpy(&v, p, sizeof(v));
    return v;
}

static inline unsigned vec_portable_eq(V a, V b)
{
    unsigned mask = 0;
    for (int i = 0; i < VL; i++)
        mask |= (unsigned)(a[i] == b[i]) << i;
    return mask;
}

static inline V vec_portable_gather(const uint32_t *p, V idx)
{
    V v;
    for (int i = 0; i < VL; i++)
        v[i] = p[idx[i]];
    return v;
}

#define V_SET1(x) ((V){0} + (uint32_t)(x))
#define V_LOAD(p) vec_portable_load(p)
#define V_ROL(a, n) HC_ROTL32(a, n)
#define V_ROR(a, n) HC_ROTR32(a, n)
#define V_SEL(c, x, y) ((y) ^ ((c) & ((x) ^ (y))))
#define V_MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))
#define V_XOR3(x, y, z) ((x) ^ (y) ^ (z))
#define V_MD5I(b, c, d) ((c) ^ ((b) | ~(d)))
#define V_EQ(a, b) vec_portable_eq(a, b)
#define V_PIN(x) ((void)0)
#define V_GATHER(p, idx) vec_portable_gather(p, idx)

#endif
