/* Multi-buffer kernels with AVX2: eight 32-bit lanes. Compiled with -mavx2
 * (CMake, by file name) and only called when hc_simd_active() allows. */
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#include <stdint.h>

#define MB_ISA avx2
#define V __m256i
#define VL 8
#define MB_NI_MD 2
#define MB_NI_SHA 1
#define V_SET1(x) _mm256_set1_epi32((int)(x))
#define V_LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define V_ADD(a, b) _mm256_add_epi32(a, b)
#define V_XOR(a, b) _mm256_xor_si256(a, b)
#define V_AND(a, b) _mm256_and_si256(a, b)
#define V_OR(a, b) _mm256_or_si256(a, b)
#define V_ROL(a, n) V_OR(_mm256_slli_epi32(a, n), _mm256_srli_epi32(a, 32 - (n)))
#define V_ROR(a, n) V_OR(_mm256_srli_epi32(a, n), _mm256_slli_epi32(a, 32 - (n)))
#define V_SHR(a, n) _mm256_srli_epi32(a, n)
#define V_SEL(c, x, y) V_XOR(y, V_AND(c, V_XOR(x, y)))
#define V_MAJ(x, y, z) V_OR(V_AND(x, y), V_AND(z, V_OR(x, y)))
#define V_XOR3(x, y, z) V_XOR(V_XOR(x, y), z)
/* c ^ (b | ~d) = ~(c ^ (~b & d)) */
#define V_MD5I(b, c, d) V_XOR(V_XOR(c, _mm256_andnot_si256(b, d)), _mm256_set1_epi32(-1))
#define V_EQ(a, b) ((unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(a, b))))
#define V_PIN(x) __asm__("" : "+x"(x))
/* The same register as a GCC vector of 32-bit lanes (RIPEMD). */
typedef uint32_t hc_vg8 __attribute__((vector_size(32)));
#define VG hc_vg8

#include "mb_kernels.inc"
#endif
