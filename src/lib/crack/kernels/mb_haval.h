/* The HAVAL kernel family, all 15 members, brute force and free lanes: the
 * algorithm's own passes and tailoring (algos/haval_rounds.h) on the lanes
 * of V (vec_portable.h), one candidate per lane, over the 32-word block;
 * compiled per instruction set by mb_haval_<isa>.c. The row's passes and digest length pick the member
 * (each one specialised); the early rejection is on tailored word 0 (for
 * HAVAL-256 simply the first fingerprint word). */
#ifndef HC_CRACK_MB_HAVAL_H
#define HC_CRACK_MB_HAVAL_H

#include "mb_common.h"

#define HV_T V
#include "../../algos/haval_rounds.h"

/* The lanes u.. of one vector: their message x (LOAD_X), the passes from
 * the initial value and its feed-forward (broadcasts the compiler keeps
 * out of the loop), the tailored first word reported. */
#define MB_HAVAL_VECTOR(LOAD_X, passes, digest_len)                              \
    do {                                                                         \
        V x[32], t[8];                                                           \
        LOAD_X;                                                                  \
        for (unsigned i = 0; i < 8; i++)                                         \
            t[i] = V_SET1(haval_initial[i]);                                     \
        haval_passes(t, x, passes);                                              \
        for (unsigned i = 0; i < 8; i++)                                         \
            t[i] += V_SET1(haval_initial[i]);                                    \
        haval_tailor(t, digest_len);                                             \
        V first_[1] = {t[0]};                                                    \
        MB_REPORT_WORDS(first_, 1, VL, want, args->filter, u, end, hits, count); \
    } while (0)

/* The brute force: the message from the tables (kernel.h). */
#define MB_HAVAL_LOOP(passes, digest_len)                                                               \
    for (; u < end; u += VL) {                                                                          \
        if (*count + VL > cap)                                                                          \
            return u;                                                                                   \
        MB_HAVAL_VECTOR(MB_MESSAGE(x, xc, 32, J, args, u, V_LOAD, tab_lo, tab_hi), passes, digest_len); \
    }
/* Free lanes (kernel.h's hc_lanes_fn): each lane's block from the columns. */
#define MB_HAVAL_COLUMNS                                        \
    for (unsigned c_ = 0; c_ < 32; c_++)                        \
    x[c_] = V_LOAD(args->words + (size_t)c_ * args->stride + u)
#define MB_HAVAL_LANES(passes, digest_len)                     \
    for (size_t u = 0; u < end; u += VL) {                     \
        MB_HAVAL_VECTOR(MB_HAVAL_COLUMNS, passes, digest_len); \
    }
/* The 15 members, each specialised: a case per member of one of them. */
#define MB_HAVAL_CASE(LOOP, passes, digest_len) \
    case (passes) << 8 | (digest_len):          \
        LOOP(passes, digest_len)                \
        break;
#define MB_HAVAL_CASES(LOOP, passes)                                                                \
    MB_HAVAL_CASE(LOOP, passes, 16) MB_HAVAL_CASE(LOOP, passes, 20) MB_HAVAL_CASE(LOOP, passes, 24) \
    MB_HAVAL_CASE(LOOP, passes, 28) MB_HAVAL_CASE(LOOP, passes, 32)
/* LOOP for the member the row names. None other can come: the table's
 * HAVAL rows are checked at compile time (algorithms.c), and
 * hc_kernel_layout refuses any other. */
#define MB_HAVAL_MEMBER(LOOP, passes, digest_len) \
    switch ((passes) << 8 | (digest_len)) {       \
        MB_HAVAL_CASES(LOOP, 3)                   \
        MB_HAVAL_CASES(LOOP, 4)                   \
        MB_HAVAL_CASES(LOOP, 5)                   \
    default:                                      \
        break;                                    \
    }

MB_INLINE size_t haval_kernel(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                              unsigned *count)
{
    const unsigned J = args->word;
    const V want = V_SET1(args->target[0]);
    MB_BROADCAST_WORDS(V, xc, 32, V_SET1, args->w);
    MB_HAVAL_MEMBER(MB_HAVAL_LOOP, args->passes, args->digest_len)
    return end;
}

MB_INLINE void haval_lanes(const hc_lanes_args *args, size_t end, uint32_t *hits, unsigned *count)
{
    const V want = V_SET1(args->want);
    MB_HAVAL_MEMBER(MB_HAVAL_LANES, args->passes, args->digest_len)
}

/* A kernel file's two entry points. */
#define MB_HAVAL_ENTRIES(isa)                                                                       \
    MB_ENTRY(hc_mb_haval_##isa, haval_kernel)                                                       \
    MB_LANES_ENTRY(hc_lanes_haval_##isa, haval_lanes)

#endif
