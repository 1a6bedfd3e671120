/* The kernels' vector abstraction (names: vec_portable.h) on AVX-512
 * F/VL/BW: sixteen 32-bit lanes or eight 64-bit ones, native rotates
 * (vprold, vprolq) and three-input logic (vpternlogd). Only the files
 * compiled with the AVX-512 flags include it. */
#ifndef HC_CRACK_VEC_H
#define HC_CRACK_VEC_H

#include "x86_intrinsics.h"
#include <stdint.h>

typedef uint32_t V __attribute__((vector_size(64)));
#define VL 16

#define V_SET1(x) ((V)_mm512_set1_epi32((int)(x)))
#define V_LOAD(p) ((V)_mm512_loadu_si512((const void *)(p)))
#define V_ROL(a, n) ((V)_mm512_rol_epi32((__m512i)(a), n))
#define V_ROR(a, n) ((V)_mm512_ror_epi32((__m512i)(a), n))
/* each lane rotated right by its own count mod 32 (vprorvd) */
#define V_RORV(a, n) ((V)_mm512_rorv_epi32((__m512i)(a), (__m512i)(n)))
/* vpternlogd truth tables over (A, B, C) = (0xF0, 0xCC, 0xAA). */
#define V_TERN(a, b, c, imm) ((V)_mm512_ternarylogic_epi32((__m512i)(a), (__m512i)(b), (__m512i)(c), imm))
#define V_SEL(c, x, y) V_TERN(c, x, y, 0xCA)
#define V_MAJ(x, y, z) V_TERN(x, y, z, 0xE8)
#define V_XOR3(x, y, z) V_TERN(x, y, z, 0x96)
#define V_MD5I(b, c, d) V_TERN(b, c, d, 0x39)
#define V_EQ(a, b) ((unsigned)_mm512_cmpeq_epi32_mask((__m512i)(a), (__m512i)(b)))
#define V_PIN(x) __asm__("" : "+v"(x))
#define V_GATHER(base, idx) ((V)_mm512_i32gather_epi32((__m512i)(idx), (const void *)(base), 4))

/* Eight 64-bit lanes. */
typedef uint64_t V64 __attribute__((vector_size(64)));
#define VL64 8

#define V64_SET1(x) ((V64)_mm512_set1_epi64((long long)(x)))
#define V64_LOAD(p) ((V64)_mm512_loadu_si512((const void *)(p)))
#define V64_ROL(a, n) ((V64)_mm512_rol_epi64((__m512i)(a), n))
#define V64_ROR(a, n) ((V64)_mm512_ror_epi64((__m512i)(a), n))
#define V64_TERN(a, b, c, imm) ((V64)_mm512_ternarylogic_epi64((__m512i)(a), (__m512i)(b), (__m512i)(c), imm))
#define V64_SEL(c, x, y) V64_TERN(c, x, y, 0xCA)
#define V64_MAJ(x, y, z) V64_TERN(x, y, z, 0xE8)
#define V64_XOR3(x, y, z) V64_TERN(x, y, z, 0x96)
#define V64_EQ(a, b) ((unsigned)_mm512_cmpeq_epi64_mask((__m512i)(a), (__m512i)(b)))
/* Lane i: base[idx[i]] (vpgatherqq). */
#define V64_GATHER(base, idx) ((V64)_mm512_i64gather_epi64((__m512i)(idx), (const void *)(base), 8))


/* Sixty-four byte lanes (MD2). */
typedef uint8_t V8 __attribute__((vector_size(64)));
#define V8_SET1(x) ((V8)_mm512_set1_epi8((char)(x)))
#define V8_EQ(a, b) ((uint64_t)_mm512_cmpeq_epi8_mask((__m512i)(a), (__m512i)(b)))

#endif
