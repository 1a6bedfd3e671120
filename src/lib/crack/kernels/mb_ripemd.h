/* The RIPEMD-128/160/256/320 kernel family: the algorithm's own two-line
 * code (algos/ripemd_lines.h) on the lanes of V (vec_portable.h), one
 * candidate per lane, compiled per instruction set by mb_ripemd_<isa>.c.
 * The shifts are constants after unrolling, which the compiler turns into
 * vector rotates. The first digest word is compared with the target's:
 * RIPEMD-128/160 combine the lines (h1 + C + D'), RIPEMD-256/320 take the
 * left line's A (h0 + A). The row's digest length picks the member. */
#ifndef HC_CRACK_MB_RIPEMD_H
#define HC_CRACK_MB_RIPEMD_H

#include "mb_common.h"

#define RMD_T V
#include "../../algos/ripemd_lines.h"

#define MB_RMD_LOOP(LINES, words, swap, IV_RIGHT, FIRST_WORD) \
    for (; u < end; u += VL) {                                \
        if (*count + VL > cap)                                \
            return u;                                         \
        V x[16], left[words], right[words];                   \
        MB_MESSAGE(x, 16, V_LOAD, tab_lo, tab_hi);            \
        for (unsigned i = 0; i < (words); i++) {              \
            left[i] = V_SET1(rmd_initial[i]);                 \
            right[i] = V_SET1(rmd_initial[(IV_RIGHT) + i]);   \
        }                                                     \
        LINES(left, right, x, swap);                          \
        V first_[1] = {FIRST_WORD};                           \
        MB_REPORT_WORDS(first_, 1, VL, want);                 \
    }

MB_INLINE size_t ripemd_kernel(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                               unsigned *count)
{
    const unsigned J = args->word;
    const V want = V_SET1(args->target[0]);
    MB_BROADCAST_WORDS(V, xc, 16, V_SET1, w);
    switch (args->digest_len) {
    case 16:
        MB_RMD_LOOP(rmd4_lines, 4, false, 0, left[2] + right[3] + rmd_initial[1])
        break;
    case 20:
        MB_RMD_LOOP(rmd5_lines, 5, false, 0, left[2] + right[3] + rmd_initial[1])
        break;
    case 32:
        MB_RMD_LOOP(rmd4_lines, 4, true, 5, left[0] + rmd_initial[0])
        break;
    default: /* 40, RIPEMD-320: HC_KERNEL_SERVES_ripemd admits no other length */
        MB_RMD_LOOP(rmd5_lines, 5, true, 5, left[0] + rmd_initial[0])
        break;
    }
    return end;
}

#endif
