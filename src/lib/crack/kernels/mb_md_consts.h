/* The MD5 and MD4 constants that the brute-force kernels (mb_md.h) and the
 * free-lanes kernels (mb_lanes.h) share, and the rounds every list of
 * their steps is expanded from. */
#ifndef HC_CRACK_MB_MD_CONSTS_H
#define HC_CRACK_MB_MD_CONSTS_H

#include <stdint.h>

/* RFC 1321 §3.3 / RFC 1320 §3.3: A, B, C, D. */
enum { MD_IV_A = 0x67452301, MD_IV_B = (int)0xefcdab89, MD_IV_C = (int)0x98badcfe, MD_IV_D = 0x10325476 };

/* RFC 1321 §3.4: T[i] = floor(2^32 * |sin(i + 1)|), the word used at step i. */
static const uint32_t md5_t[64] = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
};

/* RFC 1320 §3.4: MD4's round constants (none, then the square roots of 2
 * and 3 times 2^30). */
static const uint32_t md4_round_constant[3] = {0, 0x5A827999, 0x6ED9EBA1};

/* The rounds as the RFCs' tables give them (RFC 1321 §3.4, RFC 1320 §3.4):
 * a round's first step, its function, its four shifts (repeated every four
 * steps), the order in which it reads the 16 message words, and the word
 * the next round reads first. Every list of steps is expanded from these
 * (the kernels' steps, the scalar tables in mb_md.h, the free lanes). */
#define MD5_ROUNDS(STEP, F, G, H, I)                                                              \
    MD_ROUND(STEP, 0, F, 7, 12, 17, 22, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 1)  \
    MD_ROUND(STEP, 16, G, 5, 9, 14, 20, 1, 6, 11, 0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12, 5)  \
    MD_ROUND(STEP, 32, H, 4, 11, 16, 23, 5, 8, 11, 14, 1, 4, 7, 10, 13, 0, 3, 6, 9, 12, 15, 2, 0) \
    MD_ROUND(STEP, 48, I, 6, 10, 15, 21, 0, 7, 14, 5, 12, 3, 10, 1, 8, 15, 6, 13, 4, 11, 2, 9, 0)
#define MD4_ROUNDS(STEP, F, G, H)                                                                 \
    MD_ROUND(STEP, 0, F, 3, 7, 11, 19, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0)   \
    MD_ROUND(STEP, 16, G, 3, 5, 9, 13, 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, 0)   \
    MD_ROUND(STEP, 32, H, 3, 9, 11, 15, 0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15, 0)

/* A round's 16 steps: STEP(i, FN, g, s, gn, turn) for step i, which reads
 * word g and shifts by s, the next step reading word gn; turn is i mod 4,
 * how far the registers have turned (A, B, C, D), (D, A, B, C), ... */
#define MD_ROUND(STEP, i, FN, s0, s1, s2, s3, g0, g1, g2, g3, g4, g5, g6, g7, g8, g9, g10, g11, g12, g13, g14, \
                 g15, gn)                                                                                      \
    STEP(i, FN, g0, s0, g1, 0) STEP((i) + 1, FN, g1, s1, g2, 1) STEP((i) + 2, FN, g2, s2, g3, 2)               \
    STEP((i) + 3, FN, g3, s3, g4, 3) STEP((i) + 4, FN, g4, s0, g5, 0) STEP((i) + 5, FN, g5, s1, g6, 1)         \
    STEP((i) + 6, FN, g6, s2, g7, 2) STEP((i) + 7, FN, g7, s3, g8, 3) STEP((i) + 8, FN, g8, s0, g9, 0)         \
    STEP((i) + 9, FN, g9, s1, g10, 1) STEP((i) + 10, FN, g10, s2, g11, 2) STEP((i) + 11, FN, g11, s3, g12, 3)  \
    STEP((i) + 12, FN, g12, s0, g13, 0) STEP((i) + 13, FN, g13, s1, g14, 1)                                    \
    STEP((i) + 14, FN, g14, s2, g15, 2) STEP((i) + 15, FN, g15, s3, gn, 3)

#endif
