/* CRC folding with PCLMULQDQ on 8 xmm accumulators: 128 bytes a round, the
 * 8 products of a round independent of each other, so the multiplier's
 * latency is hidden (Gopal et al.; constants: tools/crc_constants.py). */
#include "crc_fold_x86.h"

enum { LANES = 8, STRIDE = LANES * 16 };

uint32_t hc_crc_run_sse41(const hc_crc_constants *k, uint32_t reg, const uint8_t *p, size_t len)
{
    hc_simd_note(HC_SIMD_SSE41);
    if (len < 2 * STRIDE)
        return crc_fold_short(k, reg, p, len);
    __m128i acc[LANES];
    acc[0] = crc_fold_first_block(reg, p);
    for (int i = 1; i < LANES; i++)
        acc[i] = _mm_loadu_si128((const __m128i *)(p + 16 * i));
    p += STRIDE;
    len -= STRIDE;
    const __m128i round = crc_fold_constant(k, LANES);
    for (; len >= STRIDE; p += STRIDE, len -= STRIDE)
        for (int i = 0; i < LANES; i++)
            acc[i] = _mm_xor_si128(crc_fold_product(acc[i], round), _mm_loadu_si128((const __m128i *)(p + 16 * i)));
    /* Everything into the last accumulator: lane i is LANES - 1 - i blocks before it. */
    __m128i last = acc[LANES - 1];
    for (int i = 0; i < LANES - 1; i++)
        last = _mm_xor_si128(last, crc_fold_product(acc[i], crc_fold_constant(k, LANES - 1 - i)));
    return crc_fold_finish(k, last, p, len);
}
