/* The kernels' vector abstraction (names: vec_portable.h) on AVX2: eight
 * 32-bit lanes. Only the files compiled with -mavx2 include it. */
#ifndef HC_CRACK_VEC_H
#define HC_CRACK_VEC_H

#include "x86_intrinsics.h"
#include <stdint.h>

#include "../../rotate.h"

typedef uint32_t V __attribute__((vector_size(32)));
#define VL 8

#define V_SET1(x) ((V)_mm256_set1_epi32((int)(x)))
#define V_LOAD(p) ((V)_mm256_loadu_si256((const __m256i *)(const void *)(p)))
#define V_ROL(a, n) HC_ROTL32(a, n)
#define V_ROR(a, n) HC_ROTR32(a, n)
#define V_SEL(c, x, y) ((y) ^ ((c) & ((x) ^ (y))))
#define V_MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))
#define V_XOR3(x, y, z) ((x) ^ (y) ^ (z))
/* c ^ (b | ~d) = ~(c ^ (~b & d)), vpandn */
#define V_MD5I(b, c, d) (~((c) ^ (V)_mm256_andnot_si256((__m256i)(b), (__m256i)(d))))
#define V_EQ(a, b) ((unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32((__m256i)(a), (__m256i)(b)))))
#define V_PIN(x) __asm__("" : "+x"(x))
#define V_GATHER(base, idx) ((V)_mm256_i32gather_epi32((const int *)(const void *)(base), (__m256i)(idx), 4))

#endif
