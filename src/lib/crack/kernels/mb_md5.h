/* The MD5 kernel family (RFC 1321), written once over the vector
 * abstraction (vec_portable.h) and compiled per instruction set by
 * mb_md5_<isa>.c: MD5's steps and their variants (the scheme, the
 * constants and the scalar part: mb_md.h). */
#ifndef HC_CRACK_MB_MD5_H
#define HC_CRACK_MB_MD5_H

#include "mb_md.h"

/* The last step that reads message word j: MD5 reads it last in round 4 at
 * step 48 + p with (7p mod 16) = j (RFC 1321 §3.4), so p = 7j mod 16 since
 * 7 * 7 = 49 = 1 (mod 16). Written as arithmetic so that kernels
 * specialised on j fold it at compile time. */
static inline unsigned md5_last_use(unsigned j)
{
    return 48 + ((7 * j) & 15);
}

#define MD5_STEPS                                                                                \
    MD5_STEP(0, MD_F, 0, 7, 1) MD5_STEP(1, MD_F, 1, 12, 2) MD5_STEP(2, MD_F, 2, 17, 3)           \
    MD5_STEP(3, MD_F, 3, 22, 4) MD5_STEP(4, MD_F, 4, 7, 5) MD5_STEP(5, MD_F, 5, 12, 6)           \
    MD5_STEP(6, MD_F, 6, 17, 7) MD5_STEP(7, MD_F, 7, 22, 8) MD5_STEP(8, MD_F, 8, 7, 9)           \
    MD5_STEP(9, MD_F, 9, 12, 10) MD5_STEP(10, MD_F, 10, 17, 11) MD5_STEP(11, MD_F, 11, 22, 12)   \
    MD5_STEP(12, MD_F, 12, 7, 13) MD5_STEP(13, MD_F, 13, 12, 14) MD5_STEP(14, MD_F, 14, 17, 15)  \
    MD5_STEP(15, MD_F, 15, 22, 1)                                                                \
    MD5_STEP(16, MD5_G, 1, 5, 6) MD5_STEP(17, MD5_G, 6, 9, 11) MD5_STEP(18, MD5_G, 11, 14, 0)    \
    MD5_STEP(19, MD5_G, 0, 20, 5) MD5_STEP(20, MD5_G, 5, 5, 10) MD5_STEP(21, MD5_G, 10, 9, 15)   \
    MD5_STEP(22, MD5_G, 15, 14, 4) MD5_STEP(23, MD5_G, 4, 20, 9) MD5_STEP(24, MD5_G, 9, 5, 14)   \
    MD5_STEP(25, MD5_G, 14, 9, 3) MD5_STEP(26, MD5_G, 3, 14, 8) MD5_STEP(27, MD5_G, 8, 20, 13)   \
    MD5_STEP(28, MD5_G, 13, 5, 2) MD5_STEP(29, MD5_G, 2, 9, 7) MD5_STEP(30, MD5_G, 7, 14, 12)    \
    MD5_STEP(31, MD5_G, 12, 20, 5)                                                               \
    MD5_STEP(32, MD_H, 5, 4, 8) MD5_STEP(33, MD_H, 8, 11, 11) MD5_STEP(34, MD_H, 11, 16, 14)     \
    MD5_STEP(35, MD_H, 14, 23, 1) MD5_STEP(36, MD_H, 1, 4, 4) MD5_STEP(37, MD_H, 4, 11, 7)       \
    MD5_STEP(38, MD_H, 7, 16, 10) MD5_STEP(39, MD_H, 10, 23, 13) MD5_STEP(40, MD_H, 13, 4, 0)    \
    MD5_STEP(41, MD_H, 0, 11, 3) MD5_STEP(42, MD_H, 3, 16, 6) MD5_STEP(43, MD_H, 6, 23, 9)       \
    MD5_STEP(44, MD_H, 9, 4, 12) MD5_STEP(45, MD_H, 12, 11, 15) MD5_STEP(46, MD_H, 15, 16, 2)    \
    MD5_STEP(47, MD_H, 2, 23, 0)                                                                 \
    MD5_STEP(48, MD5_I, 0, 6, 7) MD5_STEP(49, MD5_I, 7, 10, 14) MD5_STEP(50, MD5_I, 14, 15, 5)   \
    MD5_STEP(51, MD5_I, 5, 21, 12) MD5_STEP(52, MD5_I, 12, 6, 3) MD5_STEP(53, MD5_I, 3, 10, 10)  \
    MD5_STEP(54, MD5_I, 10, 15, 1) MD5_STEP(55, MD5_I, 1, 21, 8) MD5_STEP(56, MD5_I, 8, 6, 15)   \
    MD5_STEP(57, MD5_I, 15, 10, 6) MD5_STEP(58, MD5_I, 6, 15, 13) MD5_STEP(59, MD5_I, 13, 21, 4) \
    MD5_STEP(60, MD5_I, 4, 6, 11)

/* The last step that reads a varying word. */
static inline unsigned md5_last(unsigned J, bool TWO)
{
    return TWO && md5_last_use(J - 1) > md5_last_use(J) ? md5_last_use(J - 1) : md5_last_use(J);
}

MB_INLINE size_t md5_body(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                          unsigned *count, const unsigned J, const bool TWO, const unsigned FILTER)
{
    const unsigned first = TWO ? J - 1 : J;
    /* MD_FILTER_ALL: every step up to A's (none undone, there being many targets) */
    const unsigned last = FILTER == MD_FILTER_ALL ? 63 : md5_last(J, TWO);
    uint32_t km[64], q0[4], expected;
    md_prepare(args, true, first, last, km, q0, &expected);
    const V want = V_SET1(expected), pre0 = V_SET1(q0[0] + km[first]);
    V start[4];
    for (unsigned j = 0; j < 4; j++)
        start[(first + j) & 3] = V_SET1(q0[j]);
    MD_LOOP(MD5_STEPS)
}

MD_VARIANTS(md5)

/* hc_mb_filter_key_fn (defined once, in the portable file). */
static inline bool md5_filter_key(const hc_mb_args *args, const uint32_t *target, uint32_t *key)
{
    const bool two = args->two && args->word > 0;
    return md_filter_key(args, true, target, key, two ? args->word - 1 : args->word, md5_last(args->word, two));
}

#endif
