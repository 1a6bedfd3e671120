/* Tiger's rounds, passes and key schedule (see tiger.c for the source),
 * written once for any word type: tiger.c uses uint64_t, the brute-force
 * kernel (src/lib/crack) a vector of 64-bit lanes, one candidate per lane.
 * The includer defines TG_T (the word type; +, -, *, ^, ~, << and >> must
 * act lane-wise, as on GCC vector types) and TG_SBOX(box, c, n), the S-box
 * look-up; the passes read the block's words from x[]. */
#ifndef HC_ALGOS_TIGER_ROUNDS_H
#define HC_ALGOS_TIGER_ROUNDS_H

#include <stdint.h>

#if !defined(TG_T) || !defined(TG_SBOX)
#error "define TG_T and TG_SBOX before including tiger_rounds.h"
#endif

/* The initial state a, b, c (the paper's description of the compression
 * function). */
static const uint64_t tiger_initial[3] = {
    0x0123456789ABCDEFull,
    0xFEDCBA9876543210ull,
    0xF096A5B4C3B2E187ull,
};

/* Byte n of x, 0 being the least significant. */
#define TIGER_BYTE(x, n) (((x) >> (8 * (n))) & 0xFF)

/* One round of the compression function: c ^= x, then a and b
 * take S-box words chosen by the even and the odd bytes of c; TG_SBOX(box,
 * c, n) is word TIGER_BYTE(c, n) of S-box t(box + 1). */
#define TIGER_ROUND(a, b, c, x, mul)                                                                      \
    do {                                                                                                  \
        c ^= (x);                                                                                         \
        a -= TG_SBOX(0, c, 0) ^ TG_SBOX(1, c, 2) ^ TG_SBOX(2, c, 4) ^ TG_SBOX(3, c, 6);                   \
        b += TG_SBOX(3, c, 1) ^ TG_SBOX(2, c, 3) ^ TG_SBOX(1, c, 5) ^ TG_SBOX(0, c, 7);                   \
        b *= (mul);                                                                                       \
    } while (0)

#define TIGER_PASS(a, b, c, mul)             \
    do {                                     \
        TIGER_ROUND(a, b, c, x[0], mul);     \
        TIGER_ROUND(b, c, a, x[1], mul);     \
        TIGER_ROUND(c, a, b, x[2], mul);     \
        TIGER_ROUND(a, b, c, x[3], mul);     \
        TIGER_ROUND(b, c, a, x[4], mul);     \
        TIGER_ROUND(c, a, b, x[5], mul);     \
        TIGER_ROUND(a, b, c, x[6], mul);     \
        TIGER_ROUND(b, c, a, x[7], mul);     \
    } while (0)

/* The key schedule between passes (paper): it spreads every bit of the
 * block over all eight words. */
static inline void tiger_key_schedule(TG_T x[8])
{
    x[0] -= x[7] ^ 0xA5A5A5A5A5A5A5A5ull;
    x[1] ^= x[0];
    x[2] += x[1];
    x[3] -= x[2] ^ (~x[1] << 19);
    x[4] ^= x[3];
    x[5] += x[4];
    x[6] -= x[5] ^ (~x[4] >> 23);
    x[7] ^= x[6];
    x[0] += x[7];
    x[1] -= x[0] ^ (~x[7] << 19);
    x[2] ^= x[1];
    x[3] += x[2];
    x[4] -= x[3] ^ (~x[2] >> 23);
    x[5] ^= x[4];
    x[6] += x[5];
    x[7] -= x[6] ^ 0x0123456789ABCDEFull;
}

#endif
