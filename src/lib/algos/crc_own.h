/* hc's own CRC-32 and CRC-32C: one folding routine per SIMD level with
 * carry-less multiplication (crc_fold_sse41.c: PCLMULQDQ on 8 xmm
 * accumulators; crc_fold_avx512.c: VPCLMULQDQ on 4 zmm ones), and
 * slicing-by-8 in portable C (crc_own.c), all driven by one set of
 * constants per polynomial (crc_constants.c, written by
 * tools/crc_constants.py, which derives them). */
#ifndef HC_ALGOS_CRC_OWN_H
#define HC_ALGOS_CRC_OWN_H

#include <stddef.h>
#include <stdint.h>

#include "simd.h"

/* The widest fold: 4 zmm accumulators of 4 blocks of 16 bytes. */
#define HC_CRC_FOLD_MAX_BLOCKS 16

typedef struct hc_crc_constants {
    uint32_t poly; /* reflected, x^32 implied */
    /* fold[n - 1]: the pair {x^(128n + 31), x^(128n - 33)} mod P that
     * moves a 16-byte accumulator n blocks on (tools/crc_constants.py),
     * one per 64-bit half, in register notation. */
    uint64_t fold[HC_CRC_FOLD_MAX_BLOCKS][2];
    /* slice[k][b]: the register after byte b and k zero bytes, from zero. */
    uint32_t slice[8][256];
} hc_crc_constants;

extern const hc_crc_constants hc_crc32_constants;
extern const hc_crc_constants hc_crc32c_constants;

/* The register after len bytes (not inverted). Any length, any alignment. */
typedef uint32_t hc_crc_run_fn(const hc_crc_constants *k, uint32_t reg, const uint8_t *p, size_t len);
hc_crc_run_fn hc_crc_run_portable;
#ifdef HC_X86_SIMD
hc_crc_run_fn hc_crc_run_sse41;
hc_crc_run_fn hc_crc_run_avx512;
/* PCLMULQDQ at the SSE4.1 level (and AVX2, which has no code of its own);
 * VPCLMULQDQ on zmm at AVX-512. The CRC rows also need the carry-less
 * multiply at the level (hc_row_levels). */
#define HC_CRC_LEVELS(X) X(PORTABLE, hc_crc_run_portable) X(SSE41, hc_crc_run_sse41) X(AVX512, hc_crc_run_avx512)
#else
#define HC_CRC_LEVELS(X) X(PORTABLE, hc_crc_run_portable)
#endif
#define HC_CRC_SIMD_LEVELS HC_SIMD_MASK_OF(HC_CRC_LEVELS)

/* The code of a level the CRC rows have (HC_CRC_LEVELS), NULL for others:
 * the rows' dispatch, and the tests that run every level. */
hc_crc_run_fn *hc_crc_run_at(hc_simd_level level);

/* Slicing-by-8 (the portable code, and the folding code's last bytes):
 * eight bytes, XORed into the register four of them at a time, are eight
 * look-ups. The bytes are gathered one by one, so big-endian machines
 * (s390x) read the message in the same order. */
static inline uint32_t hc_crc_slice8(const hc_crc_constants *k, uint32_t reg, const uint8_t *p, size_t len)
{
    const uint32_t(*t)[256] = k->slice;
    for (; len >= 8; p += 8, len -= 8) {
        reg ^= (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
        reg = t[7][reg & 0xFF] ^ t[6][(reg >> 8) & 0xFF] ^ t[5][(reg >> 16) & 0xFF] ^ t[4][reg >> 24] ^
              t[3][p[4]] ^ t[2][p[5]] ^ t[1][p[6]] ^ t[0][p[7]];
    }
    for (; len > 0; p++, len--)
        reg = t[0][(reg ^ *p) & 0xFF] ^ (reg >> 8);
    return reg;
}

#endif
