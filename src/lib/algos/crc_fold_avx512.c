/* CRC folding with VPCLMULQDQ on 4 zmm accumulators: 256 bytes a round,
 * 16 blocks of 16 bytes folded at once (Gopal et al.'s 128-bit fold on
 * every lane; constants: tools/crc_constants.py). */
#include "crc_fold_x86.h"

enum { LANES = 4, BLOCKS_PER_LANE = 4, STRIDE = LANES * BLOCKS_PER_LANE * 16 };

/* The constant of a fold by `blocks`, in every 128-bit lane. */
static __m512i wide_constant(const hc_crc_constants *k, unsigned blocks)
{
    return _mm512_broadcast_i32x4(crc_fold_constant(k, blocks));
}

/* acc moved on by the constant's distance, XORed into `into` (one ternary
 * logic op for the two products and the block: 0x96 is a ^ b ^ c). */
static __m512i fold_into(__m512i acc, __m512i constant, __m512i into)
{
    return _mm512_ternarylogic_epi64(_mm512_clmulepi64_epi128(acc, constant, 0x00),
                                     _mm512_clmulepi64_epi128(acc, constant, 0x11), into, 0x96);
}

uint32_t hc_crc_run_avx512(const hc_crc_constants *k, uint32_t reg, const uint8_t *p, size_t len)
{
    hc_simd_note(HC_SIMD_AVX512);
    if (len < 2 * STRIDE)
        return crc_fold_short(k, reg, p, len);
    __m512i acc[LANES];
    for (int i = 0; i < LANES; i++)
        acc[i] = _mm512_loadu_si512(p + 64 * i);
    acc[0] = _mm512_xor_si512(acc[0], _mm512_zextsi128_si512(_mm_cvtsi32_si128((int)reg)));
    p += STRIDE;
    len -= STRIDE;
    const __m512i round = wide_constant(k, LANES * BLOCKS_PER_LANE);
    for (; len >= STRIDE; p += STRIDE, len -= STRIDE)
        for (int i = 0; i < LANES; i++)
            acc[i] = fold_into(acc[i], round, _mm512_loadu_si512(p + 64 * i));
    /* Into the last zmm (lane i is LANES - 1 - i zmm before it), then its
     * four blocks into its last one. */
    __m512i last = acc[LANES - 1];
    for (int i = 0; i < LANES - 1; i++)
        last = fold_into(acc[i], wide_constant(k, (LANES - 1 - i) * BLOCKS_PER_LANE), last);
    __m128i block[BLOCKS_PER_LANE] = {_mm512_extracti32x4_epi32(last, 0), _mm512_extracti32x4_epi32(last, 1),
                                      _mm512_extracti32x4_epi32(last, 2), _mm512_extracti32x4_epi32(last, 3)};
    __m128i tail = block[BLOCKS_PER_LANE - 1];
    for (int i = 0; i < BLOCKS_PER_LANE - 1; i++)
        tail = _mm_xor_si128(tail, crc_fold_product(block[i], crc_fold_constant(k, BLOCKS_PER_LANE - 1 - i)));
    return crc_fold_finish(k, tail, p, len);
}
