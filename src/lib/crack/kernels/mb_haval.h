/* The HAVAL kernel family, all 15 members: the algorithm's own passes and
 * tailoring (algos/haval_rounds.h) on the lanes of V (vec_portable.h), one
 * candidate per lane, over the 32-word block; compiled per instruction set
 * by mb_haval_<isa>.c. The row's passes and digest length pick the member
 * (each one specialised); the early rejection is on tailored word 0 (for
 * HAVAL-256 simply the first fingerprint word). */
#ifndef HC_CRACK_MB_HAVAL_H
#define HC_CRACK_MB_HAVAL_H

#include "mb_common.h"

#define HV_T V
#include "../../algos/haval_rounds.h"

#define MB_HAVAL_LOOP(passes, digest_len)          \
    for (; u < end; u += VL) {                     \
        if (*count + VL > cap)                     \
            return u;                              \
        V x[32], t[8];                             \
        MB_MESSAGE(x, 32, V_LOAD, tab_lo, tab_hi); \
        for (unsigned i = 0; i < 8; i++)           \
            t[i] = iv[i];                          \
        haval_passes(t, x, passes);                \
        for (unsigned i = 0; i < 8; i++)           \
            t[i] += iv[i];                         \
        haval_tailor(t, digest_len);               \
        V first_[1] = {t[0]};                      \
        MB_REPORT_WORDS(first_, 1, VL, want);      \
    }
#define MB_HAVAL_CASE(passes, digest_len) \
    case (passes) << 8 | (digest_len):    \
        MB_HAVAL_LOOP(passes, digest_len) \
        break;
#define MB_HAVAL_CASES(passes)                                                    \
    MB_HAVAL_CASE(passes, 16) MB_HAVAL_CASE(passes, 20) MB_HAVAL_CASE(passes, 24) \
    MB_HAVAL_CASE(passes, 28) MB_HAVAL_CASE(passes, 32)

MB_INLINE size_t haval_kernel(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                              unsigned *count)
{
    const unsigned J = args->word;
    const V want = V_SET1(args->target[0]);
    MB_BROADCAST_WORDS(V, xc, 32, V_SET1, w);
    V iv[8];
    for (unsigned i = 0; i < 8; i++)
        iv[i] = V_SET1(haval_initial[i]);
    switch (args->passes << 8 | args->digest_len) {
        MB_HAVAL_CASES(3)
        MB_HAVAL_CASES(4)
        MB_HAVAL_CASES(5)
    default:
        /* Unreachable: the table's HAVAL rows are checked at compile time
         * (algorithms.c), and hc_kernel_layout refuses any other. */
        break;
    }
    return end;
}

#endif
