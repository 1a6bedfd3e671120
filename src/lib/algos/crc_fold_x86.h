/* The 128-bit steps shared by the folding code of every x86 level
 * (crc_fold_sse41.c, crc_fold_avx512.c; each file's flags give PCLMULQDQ).
 * The arithmetic and its constants: tools/crc_constants.py. */
#ifndef HC_ALGOS_CRC_FOLD_X86_H
#define HC_ALGOS_CRC_FOLD_X86_H

#include "x86_intrinsics.h"

#include "crc_own.h"

/* The pair of constants that moves an accumulator `blocks` 16-byte blocks on. */
static inline __m128i crc_fold_constant(const hc_crc_constants *k, unsigned blocks)
{
    return _mm_loadu_si128((const __m128i *)k->fold[blocks - 1]);
}

/* acc moved on by the distance of `constant`: low half times K_H, high
 * half times K_L, the two products added. */
static inline __m128i crc_fold_product(__m128i acc, __m128i constant)
{
    return _mm_xor_si128(_mm_clmulepi64_si128(acc, constant, 0x00), _mm_clmulepi64_si128(acc, constant, 0x11));
}

/* The register after the accumulator (16 bytes standing for everything
 * before p) and the len bytes at p: whole blocks folded one at a time, then
 * the accumulator's bytes and the last few through the tables from a zero
 * register (the accumulator is congruent to the message, so its CRC is
 * the message's). */
static inline uint32_t crc_fold_finish(const hc_crc_constants *k, __m128i acc, const uint8_t *p, size_t len)
{
    const __m128i one_block = crc_fold_constant(k, 1);
    for (; len >= 16; p += 16, len -= 16)
        acc = _mm_xor_si128(crc_fold_product(acc, one_block), _mm_loadu_si128((const __m128i *)p));
    uint8_t bytes[16];
    _mm_storeu_si128((__m128i *)bytes, acc);
    return hc_crc_slice8(k, hc_crc_slice8(k, 0, bytes, sizeof(bytes)), p, len);
}

/* The first block with the register XORed into its first four bytes: the
 * register stands for the message before p (the register's bit 0 is the
 * highest power, like the first byte's bit 0). */
static inline __m128i crc_fold_first_block(uint32_t reg, const uint8_t *p)
{
    return _mm_xor_si128(_mm_loadu_si128((const __m128i *)p), _mm_cvtsi32_si128((int)reg));
}

/* Messages too short for the wide loops: one accumulator from 16 bytes,
 * the tables below that. */
static inline uint32_t crc_fold_short(const hc_crc_constants *k, uint32_t reg, const uint8_t *p, size_t len)
{
    if (len < 16)
        return hc_crc_slice8(k, reg, p, len);
    return crc_fold_finish(k, crc_fold_first_block(reg, p), p + 16, len - 16);
}

#endif
