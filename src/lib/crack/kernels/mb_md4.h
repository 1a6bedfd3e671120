/* The MD4 kernel family (RFC 1320), NTLM being MD4 of the UTF-16LE text
 * (the engine lays out the characters, kernel.h): written once over the
 * vector abstraction (vec_portable.h) and compiled per instruction set by
 * mb_md4_<isa>.c (the scheme: mb_md.h). */
#ifndef HC_CRACK_MB_MD4_H
#define HC_CRACK_MB_MD4_H

#include "mb_md.h"

/* The last step that reads message word j: round 3, whose word order is
 * the 4-bit bit reversal of the position (RFC 1320 §3.4). Written as
 * arithmetic so that kernels specialised on j fold it at compile time. */
static inline unsigned md4_last_use(unsigned j)
{
    return 32 + (((j & 1) << 3) | ((j & 2) << 1) | ((j & 4) >> 1) | ((j & 8) >> 3));
}

#define MD4_STEPS                                                                               \
    MD4_STEP(0, MD_F, 0, 3, 1) MD4_STEP(1, MD_F, 1, 7, 2) MD4_STEP(2, MD_F, 2, 11, 3)           \
    MD4_STEP(3, MD_F, 3, 19, 4) MD4_STEP(4, MD_F, 4, 3, 5) MD4_STEP(5, MD_F, 5, 7, 6)           \
    MD4_STEP(6, MD_F, 6, 11, 7) MD4_STEP(7, MD_F, 7, 19, 8) MD4_STEP(8, MD_F, 8, 3, 9)          \
    MD4_STEP(9, MD_F, 9, 7, 10) MD4_STEP(10, MD_F, 10, 11, 11) MD4_STEP(11, MD_F, 11, 19, 12)   \
    MD4_STEP(12, MD_F, 12, 3, 13) MD4_STEP(13, MD_F, 13, 7, 14) MD4_STEP(14, MD_F, 14, 11, 15)  \
    MD4_STEP(15, MD_F, 15, 19, 0)                                                               \
    MD4_STEP(16, MD4_G, 0, 3, 4) MD4_STEP(17, MD4_G, 4, 5, 8) MD4_STEP(18, MD4_G, 8, 9, 12)     \
    MD4_STEP(19, MD4_G, 12, 13, 1) MD4_STEP(20, MD4_G, 1, 3, 5) MD4_STEP(21, MD4_G, 5, 5, 9)    \
    MD4_STEP(22, MD4_G, 9, 9, 13) MD4_STEP(23, MD4_G, 13, 13, 2) MD4_STEP(24, MD4_G, 2, 3, 6)   \
    MD4_STEP(25, MD4_G, 6, 5, 10) MD4_STEP(26, MD4_G, 10, 9, 14) MD4_STEP(27, MD4_G, 14, 13, 3) \
    MD4_STEP(28, MD4_G, 3, 3, 7) MD4_STEP(29, MD4_G, 7, 5, 11) MD4_STEP(30, MD4_G, 11, 9, 15)   \
    MD4_STEP(31, MD4_G, 15, 13, 0)                                                              \
    MD4_STEP(32, MD_H, 0, 3, 8) MD4_STEP(33, MD_H, 8, 9, 4) MD4_STEP(34, MD_H, 4, 11, 12)       \
    MD4_STEP(35, MD_H, 12, 15, 2) MD4_STEP(36, MD_H, 2, 3, 10) MD4_STEP(37, MD_H, 10, 9, 6)     \
    MD4_STEP(38, MD_H, 6, 11, 14) MD4_STEP(39, MD_H, 14, 15, 1) MD4_STEP(40, MD_H, 1, 3, 9)     \
    MD4_STEP(41, MD_H, 9, 9, 5) MD4_STEP(42, MD_H, 5, 11, 13) MD4_STEP(43, MD_H, 13, 15, 3)     \
    MD4_STEP(44, MD_H, 3, 3, 11)

/* The last step that reads a varying word. */
static inline unsigned md4_last(unsigned J, bool TWO)
{
    return TWO && md4_last_use(J - 1) > md4_last_use(J) ? md4_last_use(J - 1) : md4_last_use(J);
}

MB_INLINE size_t md4_body(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                          unsigned *count, const unsigned J, const bool TWO, const unsigned FILTER)
{
    const unsigned first = TWO ? J - 1 : J;
    /* MD_FILTER_ALL: every step up to A's (none undone, there being many targets) */
    const unsigned last = FILTER == MD_FILTER_ALL ? 47 : md4_last(J, TWO);
    uint32_t km[48], q0[4], expected;
    md_prepare(args, false, first, last, km, q0, &expected);
    const V want = V_SET1(expected), pre0 = V_SET1(q0[0] + km[first]);
    V start[4];
    for (unsigned j = 0; j < 4; j++)
        start[(first + j) & 3] = V_SET1(q0[j]);
    MD_LOOP(MD4_STEPS)
}

MD_VARIANTS(md4)

/* hc_mb_filter_key_fn (defined once, in the portable file). */
static inline bool md4_filter_key(const hc_mb_args *args, const uint32_t *target, uint32_t *key)
{
    const bool two = args->two && args->word > 0;
    return md_filter_key(args, false, target, key, two ? args->word - 1 : args->word, md4_last(args->word, two));
}

#endif
