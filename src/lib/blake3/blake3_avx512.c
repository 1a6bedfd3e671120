/* BLAKE3 on AVX-512 (F, VL, BW): 16 inputs at once in 512-bit vectors, then
 * 8 and 4 in 256- and 128-bit ones for what is left (blake3_lanes.h). All
 * widths use the native rotate vprord (AVX-512F/VL), one instruction where
 * SSE and AVX2 need a shuffle or three shifts and ors. */
#include "x86_intrinsics.h"

#include "blake3_impl.h"
#include "simd.h"

#define B3_SIMD_LEVEL HC_SIMD_AVX512

#define FN(name) name##_avx512_16
#define LANES 16
#define VEC __m512i
#define V_ADD(a, b) _mm512_add_epi32(a, b)
#define V_XOR(a, b) _mm512_xor_si512(a, b)
#define V_R16(x) _mm512_ror_epi32(x, 16)
#define V_R12(x) _mm512_ror_epi32(x, 12)
#define V_R8(x) _mm512_ror_epi32(x, 8)
#define V_R7(x) _mm512_ror_epi32(x, 7)
#define V_SET1(x) _mm512_set1_epi32((int)(x))
#define V_ZERO() _mm512_setzero_si512()
#define V_LOADU(p) _mm512_loadu_si512((const void *)(p))
#define V_STOREU(p, v) _mm512_storeu_si512((void *)(p), v)
#define V_UNPACKLO32 _mm512_unpacklo_epi32
#define V_UNPACKHI32 _mm512_unpackhi_epi32
#define V_UNPACKLO64 _mm512_unpacklo_epi64
#define V_UNPACKHI64 _mm512_unpackhi_epi64
#include "blake3_lanes.h"

#define FN(name) name##_avx512_8
#define V_R16(x) _mm256_ror_epi32(x, 16)
#define V_R12(x) _mm256_ror_epi32(x, 12)
#define V_R8(x) _mm256_ror_epi32(x, 8)
#define V_R7(x) _mm256_ror_epi32(x, 7)
#include "blake3_vec256.h"
#include "blake3_lanes.h"

#define FN(name) name##_avx512_4
#define V_R16(x) _mm_ror_epi32(x, 16)
#define V_R12(x) _mm_ror_epi32(x, 12)
#define V_R8(x) _mm_ror_epi32(x, 8)
#define V_R7(x) _mm_ror_epi32(x, 7)
#include "blake3_vec128.h"
#include "blake3_lanes.h"

/* Output blocks gain nothing from the pair: the XOF is short. */
static void xof_avx512_32(const uint32_t cv[8], const uint8_t block[B3_BLOCK_LEN], uint8_t block_len,
                          uint64_t counter, uint8_t flags, uint8_t *out, size_t count)
{
    size_t first = count < 16 ? count : 16;
    xof_avx512_16(cv, block, block_len, counter, flags, out, first);
    if (count > first)
        xof_avx512_16(cv, block, block_len, counter + first, flags, out + 64 * first, count - first);
}

/* pad_from 2: with vprord a call costs ~400 cycles a block at any width,
 * two scalar blocks ~500 (measured on Zen 4). */
const b3_kernel hc_b3_kernels_avx512[] = {
    {32, 2, hash_pair_avx512_16, xof_avx512_32},
    {16, 2, hash_avx512_16, xof_avx512_16},
    {8, 2, hash_avx512_8, xof_avx512_8},
    {4, 2, hash_avx512_4, xof_avx512_4},
    {0, 0, NULL, NULL},
};
