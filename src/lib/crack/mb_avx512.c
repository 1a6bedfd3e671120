/* Multi-buffer kernels with AVX-512 F/VL/BW: sixteen 32-bit lanes, native
 * rotates (vprold) and three-input logic (vpternlogd). Compiled with the
 * AVX-512 flags (CMake, by file name) and only called when hc_simd_active()
 * allows. */
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#include <stdint.h>

#define MB_ISA avx512
#define V __m512i
#define VL 16
#define MB_NI_MD 3
#define MB_NI_SHA 2
#define V_SET1(x) _mm512_set1_epi32((int)(x))
#define V_LOAD(p) _mm512_loadu_si512((const void *)(p))
#define V_ADD(a, b) _mm512_add_epi32(a, b)
#define V_XOR(a, b) _mm512_xor_si512(a, b)
#define V_ROL(a, n) _mm512_rol_epi32(a, n)
#define V_ROR(a, n) _mm512_ror_epi32(a, n)
#define V_SHR(a, n) _mm512_srli_epi32(a, n)
/* vpternlogd truth tables over (A, B, C) = (0xF0, 0xCC, 0xAA). */
#define V_SEL(c, x, y) _mm512_ternarylogic_epi32(c, x, y, 0xCA)
#define V_MAJ(x, y, z) _mm512_ternarylogic_epi32(x, y, z, 0xE8)
#define V_XOR3(x, y, z) _mm512_ternarylogic_epi32(x, y, z, 0x96)
#define V_MD5I(b, c, d) _mm512_ternarylogic_epi32(b, c, d, 0x39)
#define V_EQ(a, b) ((unsigned)_mm512_cmpeq_epi32_mask(a, b))
#define V_TERN(a, b, c, imm) _mm512_ternarylogic_epi32(a, b, c, imm)
#define V_PIN(x) __asm__("" : "+v"(x))
/* The same register as a GCC vector of 32-bit lanes, for code written with
 * operators (RIPEMD). */
typedef uint32_t hc_vg16 __attribute__((vector_size(64)));
#define VG hc_vg16
typedef uint64_t hc_vg64 __attribute__((vector_size(64)));
#define VG64 hc_vg64
/* Eight 64-bit lanes for SHA-384/512. */
#define V64 __m512i
#define VL64 8
#define MB_NI_SHA512 2
#define V64_SET1(x) _mm512_set1_epi64((long long)(x))
#define V64_LOAD(p) _mm512_loadu_si512((const void *)(p))
#define V64_ADD(a, b) _mm512_add_epi64(a, b)
#define V64_ROR(a, n) _mm512_ror_epi64(a, n)
#define V64_SHR(a, n) _mm512_srli_epi64(a, n)
#define V64_EQ(a, b) ((unsigned)_mm512_cmpeq_epi64_mask(a, b))
#define V64_XOR(a, b) _mm512_xor_si512(a, b)
#define V64_ROL(a, n) _mm512_rol_epi64(a, n)
#define V64_TERN(a, b, c, imm) _mm512_ternarylogic_epi64(a, b, c, imm)

#include "mb_kernels.inc"
#endif
