/* The two lines of RIPEMD-128/160/256/320 over one block (see ripemd.c for
 * the sources), written once for any word type: ripemd.c uses uint32_t,
 * the brute-force kernels (src/lib/crack) a vector of 32-bit lanes, one
 * candidate per lane. The includer defines RMD_T (the word type; +, ^, &,
 * |, ~, << and >> must act lane-wise, as on GCC vector types; rotate.h
 * rotates either). */
#ifndef HC_ALGOS_RIPEMD_LINES_H
#define HC_ALGOS_RIPEMD_LINES_H

#include <stdbool.h>
#include <stdint.h>

#include "rotate.h"

#if !defined(RMD_T)
#error "define RMD_T before including ripemd_lines.h"
#endif

/* The Boolean functions f1..f5 of the pseudo-code.  f2 and f4 are the
 * multiplexers (x & y) | (~x & z) and (x & z) | (y & ~z), written with one
 * operation fewer. */
#define RMD_F1(x, y, z) ((x) ^ (y) ^ (z))
#define RMD_F2(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define RMD_F3(x, y, z) (((x) | ~(y)) ^ (z))
#define RMD_F4(x, y, z) ((y) ^ ((z) & ((x) ^ (y))))
#define RMD_F5(x, y, z) ((x) ^ ((y) | ~(z)))

/* Additive constants K and K' of the pseudo-code: 0, then the integer
 * parts of 2^30 times the square roots (left line) of 2, 3, 5, 7; the
 * integer parts of 2^30 times the cube roots (right line) of 2, 3, 5, 7,
 * then 0.  The four-round members take the first four of each line,
 * except that the right line of RIPEMD-128/256 ends with 0 instead of the
 * cube root of 7. */
#define RMD_KL1 0x00000000u
#define RMD_KL2 0x5A827999u
#define RMD_KL3 0x6ED9EBA1u
#define RMD_KL4 0x8F1BBCDCu
#define RMD_KL5 0xA953FD4Eu
#define RMD_KR1 0x50A28BE6u
#define RMD_KR2 0x5C4DD124u
#define RMD_KR3 0x6D703EF3u
#define RMD_KR4 0x7A6D76E9u
#define RMD_KR5 0x00000000u
#define RMD_KR4_FOUR_ROUNDS 0x00000000u

/* Message word selected at each step (the pseudo-code's r(j), r'(j)). */
static const uint8_t rmd_word_left[80] = {
    0, 1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15,
    7, 4,  13, 1,  10, 6,  15, 3,  12, 0,  9,  5,  2,  14, 11, 8,
    3, 10, 14, 4,  9,  15, 8,  1,  2,  7,  0,  6,  13, 11, 5,  12,
    1, 9,  11, 10, 0,  8,  12, 4,  13, 3,  7,  15, 14, 5,  6,  2,
    4, 0,  5,  9,  7,  12, 2,  10, 14, 1,  3,  8,  11, 6,  15, 13,
};
static const uint8_t rmd_word_right[80] = {
    5,  14, 7,  0, 9, 2,  11, 4,  13, 6,  15, 8,  1,  10, 3,  12,
    6,  11, 3,  7, 0, 13, 5,  10, 14, 15, 8,  12, 4,  9,  1,  2,
    15, 5,  1,  3, 7, 14, 6,  9,  11, 8,  12, 2,  10, 0,  4,  13,
    8,  6,  4,  1, 3, 11, 15, 0,  5,  12, 2,  13, 9,  7,  10, 14,
    12, 15, 10, 4, 1, 5,  8,  7,  6,  2,  13, 14, 0,  3,  9,  11,
};

/* Left rotation at each step (the pseudo-code's s(j), s'(j)). */
static const uint8_t rmd_shift_left[80] = {
    11, 14, 15, 12, 5,  8,  7,  9,  11, 13, 14, 15, 6,  7,  9,  8,
    7,  6,  8,  13, 11, 9,  7,  15, 7,  12, 15, 9,  11, 7,  13, 12,
    11, 13, 6,  7,  14, 9,  13, 15, 14, 8,  13, 6,  5,  12, 7,  5,
    11, 12, 14, 15, 14, 15, 9,  8,  9,  14, 5,  6,  8,  6,  5,  12,
    9,  15, 5,  11, 6,  8,  13, 12, 5,  12, 13, 14, 11, 8,  5,  6,
};
static const uint8_t rmd_shift_right[80] = {
    8,  9,  9,  11, 13, 15, 15, 5,  7,  7,  8,  11, 14, 14, 12, 6,
    9,  13, 15, 7,  12, 8,  9,  11, 7,  7,  12, 7,  6,  15, 13, 11,
    9,  7,  15, 11, 8,  6,  6,  14, 12, 13, 5,  14, 13, 13, 7,  5,
    15, 5,  8,  11, 14, 14, 6,  14, 6,  9,  12, 9,  12, 5,  15, 8,
    8,  5,  12, 9,  12, 5,  14, 6,  8,  13, 6,  5,  15, 13, 11, 11,
};

/* Initial chaining values: the MD4 words, then (for the second line of
 * the 256/320 extensions) the same bytes reordered, from the RIPEMD page. */
static const uint32_t rmd_initial[10] = {
    0x67452301u, 0xEFCDAB89u, 0x98BADCFEu, 0x10325476u, 0xC3D2E1F0u,
    0x76543210u, 0xFEDCBA98u, 0x89ABCDEFu, 0x01234567u, 0x3C2D1E0Fu,
};

/* ---- four-word lines (RIPEMD-128, RIPEMD-256) ----------------------------
 * One step: A := (A + f(B, C, D) + X + K) <<< s, then the registers rotate
 * (A, B, C, D) -> (D, A, B, C); the rotation is done by renaming, so four
 * steps bring every name back to its role.  The tables are indexed with
 * constants and fold away.  The left and right lines are independent
 * until the end of the block, so their steps are interleaved one by one
 * to give the processor two chains to work on at once. */
#define RMD4_STEP(F, K, WORD, SHIFT, j, a, b, c, d) \
    a = HC_ROTL32(a + F(b, c, d) + x[WORD[j]] + (K), SHIFT[j])
#define RMD4_PAIR(FL, KL, FR, KR, j, a, b, c, d, ar, br, cr, dr)      \
    RMD4_STEP(FL, KL, rmd_word_left, rmd_shift_left, j, a, b, c, d); \
    RMD4_STEP(FR, KR, rmd_word_right, rmd_shift_right, j, ar, br, cr, dr)
#define RMD4_PAIR4(FL, KL, FR, KR, j, a, b, c, d, ar, br, cr, dr)      \
    RMD4_PAIR(FL, KL, FR, KR, j, a, b, c, d, ar, br, cr, dr);         \
    RMD4_PAIR(FL, KL, FR, KR, j + 1, d, a, b, c, dr, ar, br, cr);     \
    RMD4_PAIR(FL, KL, FR, KR, j + 2, c, d, a, b, cr, dr, ar, br);     \
    RMD4_PAIR(FL, KL, FR, KR, j + 3, b, c, d, a, br, cr, dr, ar)
/* Round r of both lines: steps j..j+15 with fL, KL on the left and fR, KR
 * on the right. */
#define RMD4_ROUND(FL, KL, FR, KR, j, a, b, c, d, ar, br, cr, dr)          \
    do {                                                                  \
        RMD4_PAIR4(FL, KL, FR, KR, j, a, b, c, d, ar, br, cr, dr);       \
        RMD4_PAIR4(FL, KL, FR, KR, j + 4, a, b, c, d, ar, br, cr, dr);   \
        RMD4_PAIR4(FL, KL, FR, KR, j + 8, a, b, c, d, ar, br, cr, dr);   \
        RMD4_PAIR4(FL, KL, FR, KR, j + 12, a, b, c, d, ar, br, cr, dr);  \
    } while (0)

#define RMD_SWAP(p, q)     \
    do {                   \
        RMD_T t_ = (p); \
        (p) = (q);         \
        (q) = t_;          \
    } while (0)

/* Runs both lines over one block, from left[] and right[], leaving the
 * final registers there.  With swap_pairs (RIPEMD-256) the registers
 * A, B, C, D are exchanged with their counterparts after rounds 1, 2, 3, 4. */
static inline void rmd4_lines(RMD_T left[4], RMD_T right[4], const RMD_T x[16], bool swap_pairs)
{
    RMD_T a = left[0], b = left[1], c = left[2], d = left[3];
    RMD_T ar = right[0], br = right[1], cr = right[2], dr = right[3];

    RMD4_ROUND(RMD_F1, RMD_KL1, RMD_F4, RMD_KR1, 0, a, b, c, d, ar, br, cr, dr);
    if (swap_pairs)
        RMD_SWAP(a, ar);
    RMD4_ROUND(RMD_F2, RMD_KL2, RMD_F3, RMD_KR2, 16, a, b, c, d, ar, br, cr, dr);
    if (swap_pairs)
        RMD_SWAP(b, br);
    RMD4_ROUND(RMD_F3, RMD_KL3, RMD_F2, RMD_KR3, 32, a, b, c, d, ar, br, cr, dr);
    if (swap_pairs)
        RMD_SWAP(c, cr);
    RMD4_ROUND(RMD_F4, RMD_KL4, RMD_F1, RMD_KR4_FOUR_ROUNDS, 48, a, b, c, d, ar, br, cr, dr);
    if (swap_pairs)
        RMD_SWAP(d, dr);

    left[0] = a;
    left[1] = b;
    left[2] = c;
    left[3] = d;
    right[0] = ar;
    right[1] = br;
    right[2] = cr;
    right[3] = dr;
}

/* ---- five-word lines (RIPEMD-160, RIPEMD-320) ----------------------------
 * One step: A := ((A + f(B, C, D) + X + K) <<< s) + E, C := C <<< 10, then
 * (A, B, C, D, E) -> (E, A, B, C, D), again by renaming: five steps bring
 * the names back, so each 16-step round starts one name further on.  The
 * two lines are interleaved as above. */
#define RMD5_STEP(F, K, WORD, SHIFT, j, a, b, c, d, e)                  \
    do {                                                                \
        a = HC_ROTL32(a + F(b, c, d) + x[WORD[j]] + (K), SHIFT[j]) + e; \
        c = HC_ROTL32(c, 10);                                           \
    } while (0)
#define RMD5_PAIR(FL, KL, FR, KR, j, a, b, c, d, e, ar, br, cr, dr, er)  \
    RMD5_STEP(FL, KL, rmd_word_left, rmd_shift_left, j, a, b, c, d, e); \
    RMD5_STEP(FR, KR, rmd_word_right, rmd_shift_right, j, ar, br, cr, dr, er)
#define RMD5_PAIR5(FL, KL, FR, KR, j, a, b, c, d, e, ar, br, cr, dr, er) \
    RMD5_PAIR(FL, KL, FR, KR, j, a, b, c, d, e, ar, br, cr, dr, er);     \
    RMD5_PAIR(FL, KL, FR, KR, j + 1, e, a, b, c, d, er, ar, br, cr, dr); \
    RMD5_PAIR(FL, KL, FR, KR, j + 2, d, e, a, b, c, dr, er, ar, br, cr); \
    RMD5_PAIR(FL, KL, FR, KR, j + 3, c, d, e, a, b, cr, dr, er, ar, br); \
    RMD5_PAIR(FL, KL, FR, KR, j + 4, b, c, d, e, a, br, cr, dr, er, ar)
#define RMD5_ROUND(FL, KL, FR, KR, j, a, b, c, d, e, ar, br, cr, dr, er)          \
    do {                                                                         \
        RMD5_PAIR5(FL, KL, FR, KR, j, a, b, c, d, e, ar, br, cr, dr, er);       \
        RMD5_PAIR5(FL, KL, FR, KR, j + 5, a, b, c, d, e, ar, br, cr, dr, er);   \
        RMD5_PAIR5(FL, KL, FR, KR, j + 10, a, b, c, d, e, ar, br, cr, dr, er);  \
        RMD5_PAIR(FL, KL, FR, KR, j + 15, a, b, c, d, e, ar, br, cr, dr, er);   \
    } while (0)

/* As rmd4_lines for five words; with swap_pairs (RIPEMD-320) the registers
 * B, D, A, C, E are exchanged with their counterparts after rounds 1..5.
 * Those are registers in the sense of the specification: as each round
 * starts one name further on, round r + 1's argument list tells which
 * variable holds A, B, C, D, E after round r. */
static inline void rmd5_lines(RMD_T left[5], RMD_T right[5], const RMD_T x[16], bool swap_pairs)
{
    RMD_T a = left[0], b = left[1], c = left[2], d = left[3], e = left[4];
    RMD_T ar = right[0], br = right[1], cr = right[2], dr = right[3], er = right[4];

    RMD5_ROUND(RMD_F1, RMD_KL1, RMD_F5, RMD_KR1, 0, a, b, c, d, e, ar, br, cr, dr, er);
    if (swap_pairs)
        RMD_SWAP(a, ar); /* B */
    RMD5_ROUND(RMD_F2, RMD_KL2, RMD_F4, RMD_KR2, 16, e, a, b, c, d, er, ar, br, cr, dr);
    if (swap_pairs)
        RMD_SWAP(b, br); /* D */
    RMD5_ROUND(RMD_F3, RMD_KL3, RMD_F3, RMD_KR3, 32, d, e, a, b, c, dr, er, ar, br, cr);
    if (swap_pairs)
        RMD_SWAP(c, cr); /* A */
    RMD5_ROUND(RMD_F4, RMD_KL4, RMD_F2, RMD_KR4, 48, c, d, e, a, b, cr, dr, er, ar, br);
    if (swap_pairs)
        RMD_SWAP(d, dr); /* C */
    RMD5_ROUND(RMD_F5, RMD_KL5, RMD_F1, RMD_KR5, 64, b, c, d, e, a, br, cr, dr, er, ar);
    /* 80 steps are 16 turns of five names: a..e hold A..E again. */
    if (swap_pairs)
        RMD_SWAP(e, er); /* E */

    left[0] = a;
    left[1] = b;
    left[2] = c;
    left[3] = d;
    left[4] = e;
    right[0] = ar;
    right[1] = br;
    right[2] = cr;
    right[3] = dr;
    right[4] = er;
}

#endif
