/* EDON-R's quasigroup operation, shared by the streaming hasher
 * (algos/edonr.c) and the brute-force kernels (crack/kernels/mb_edonr.h,
 * which describes the compression). The macros take the word type, a
 * rotate, and arrays of eight words, so the same text serves scalar words
 * and vectors of lanes. */
#ifndef HC_ALGOS_EDONR_Q_H
#define HC_ALGOS_EDONR_Q_H

#include <stdint.h>

#include "../rotate.h"

/* §4 (initial double pipes): the bytes 0x40..0x7F as big-endian 32-bit
 * words for EDON-R-256, 0x80..0xFF as 64-bit words for EDON-R-512. */
static inline uint32_t edonr256_iv(unsigned i)
{
    uint32_t b = 0x40 + 4 * i;
    return b << 24 | (b + 1) << 16 | (b + 2) << 8 | (b + 3);
}

static inline uint64_t edonr512_iv(unsigned i)
{
    uint64_t v = 0;
    for (unsigned k = 0; k < 8; k++)
        v = v << 8 | (0x80 + 8 * i + k);
    return v;
}

/* The rotations of the two Latin squares (s1..s7, t1..t7 in that order)
 * for n = 256 and n = 512, as in the submission's optimised code that
 * librhash computes (the submission's first reference code rotated by
 * other amounts; those digests differ, and librhash's are the ones hc
 * prints). */
#define EDONR256_ROT_S 5, 11, 13, 17, 19, 29, 31
#define EDONR256_ROT_T 3, 7, 11, 17, 19, 23, 29
#define EDONR512_ROT_S 5, 19, 29, 31, 41, 57, 61
#define EDONR512_ROT_T 3, 17, 23, 31, 37, 45, 59

/* The first Latin square on x[0..7] into s[0..7]; c is 0xAA..AA. */
#define EDONR_LS1_(T, ROL, c, x, s, r1, r2, r3, r4, r5, r6, r7) \
    do {                                                         \
        T x04_ = (x)[0] + (x)[4], x17_ = (x)[1] + (x)[7];        \
        T x07_ = x04_ + x17_, x23_ = (x)[2] + (x)[3];            \
        T x56_ = (x)[5] + (x)[6], x26_ = x23_ + x56_;            \
        (s)[0] = (c) + x07_ + (x)[2];                            \
        (s)[1] = ROL(x07_ + (x)[3], r1);                         \
        (s)[2] = ROL(x07_ + (x)[6], r2);                         \
        (s)[3] = ROL(x26_ + (x)[7], r3);                         \
        (s)[4] = ROL(x26_ + (x)[1], r4);                         \
        (s)[5] = ROL(x04_ + x23_ + (x)[5], r5);                  \
        (s)[6] = ROL(x17_ + x56_ + (x)[0], r6);                  \
        (s)[7] = ROL(x26_ + (x)[4], r7);                         \
    } while (0)
#define EDONR_LS1(T, ROL, c, x, s, ...) EDONR_LS1_(T, ROL, c, x, s, __VA_ARGS__)

/* The second, orthogonal Latin square on y[0..7] into t[0..7]; nc is ~c. */
#define EDONR_LS2_(T, ROL, nc, y, t, r1, r2, r3, r4, r5, r6, r7) \
    do {                                                          \
        T y01_ = (y)[0] + (y)[1], y25_ = (y)[2] + (y)[5];         \
        T y34_ = (y)[3] + (y)[4], y67_ = (y)[6] + (y)[7];         \
        T y05_ = y01_ + y25_, y04_ = y01_ + y34_;                 \
        T y37_ = y34_ + y67_, y27_ = y25_ + y67_;                 \
        (t)[0] = (nc) + y05_ + (y)[7];                            \
        (t)[1] = ROL(y04_ + (y)[6], r1);                          \
        (t)[2] = ROL(y05_ + (y)[3], r2);                          \
        (t)[3] = ROL(y37_ + (y)[2], r3);                          \
        (t)[4] = ROL(y04_ + (y)[5], r4);                          \
        (t)[5] = ROL(y27_ + (y)[4], r5);                          \
        (t)[6] = ROL(y27_ + (y)[1], r6);                          \
        (t)[7] = ROL(y37_ + (y)[0], r7);                          \
    } while (0)
#define EDONR_LS2(T, ROL, nc, y, t, ...) EDONR_LS2_(T, ROL, nc, y, t, __VA_ARGS__)

/* The e-transformation of s and t into r[0..7]. */
#define EDONR_EXFORM(XOR3, s, t, r)                                     \
    do {                                                                \
        (r)[0] = XOR3((s)[0], (s)[4], (s)[1]) + XOR3((t)[0], (t)[1], (t)[5]); \
        (r)[1] = XOR3((s)[0], (s)[4], (s)[7]) + XOR3((t)[2], (t)[6], (t)[7]); \
        (r)[2] = XOR3((s)[1], (s)[7], (s)[6]) + XOR3((t)[0], (t)[1], (t)[3]); \
        (r)[3] = XOR3((s)[2], (s)[3], (s)[4]) + XOR3((t)[0], (t)[3], (t)[4]); \
        (r)[4] = XOR3((s)[0], (s)[1], (s)[7]) + XOR3((t)[1], (t)[2], (t)[5]); \
        (r)[5] = XOR3((s)[3], (s)[5], (s)[6]) + XOR3((t)[3], (t)[4], (t)[6]); \
        (r)[6] = XOR3((s)[2], (s)[5], (s)[6]) + XOR3((t)[2], (t)[5], (t)[7]); \
        (r)[7] = XOR3((s)[2], (s)[3], (s)[5]) + XOR3((t)[4], (t)[6], (t)[7]); \
    } while (0)

#define EDONR_SCALAR_XOR3(a, b, c) ((a) ^ (b) ^ (c))

#endif
