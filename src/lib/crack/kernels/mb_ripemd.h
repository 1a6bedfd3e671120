/* The RIPEMD-128/160/256/320 kernel family, brute force and free lanes:
 * the algorithm's own two-line code (algos/ripemd_lines.h) on the lanes of
 * V (vec_portable.h), one candidate per lane, compiled per instruction set
 * by mb_ripemd_<isa>.c.
 * The shifts are constants after unrolling, which the compiler turns into
 * vector rotates. The first digest word is compared with the target's:
 * RIPEMD-128/160 combine the lines (h1 + C + D'), RIPEMD-256/320 take the
 * left line's A (h0 + A). The row's digest length picks the member. */
#ifndef HC_CRACK_MB_RIPEMD_H
#define HC_CRACK_MB_RIPEMD_H

#include "mb_common.h"

#define RMD_T V
#include "../../algos/ripemd_lines.h"

/* The lanes u.. of one vector: their message x (LOAD_X), both lines from
 * the initial values, the first digest word reported. */
#define MB_RMD_VECTOR(LOAD_X, LINES, n_words, swap, IV_RIGHT, FIRST_WORD)        \
    do {                                                                         \
        V x[16], left[n_words], right[n_words];                                  \
        LOAD_X;                                                                  \
        for (unsigned i = 0; i < (n_words); i++) {                               \
            left[i] = V_SET1(rmd_initial[i]);                                    \
            right[i] = V_SET1(rmd_initial[(IV_RIGHT) + i]);                      \
        }                                                                        \
        LINES(left, right, x, swap);                                             \
        V first_[1] = {FIRST_WORD};                                              \
        MB_REPORT_WORDS(first_, 1, VL, want, args->filter, u, end, hits, count); \
    } while (0)

/* The brute force: the message from the tables (kernel.h). */
#define MB_RMD_LOOP(LINES, n_words, swap, IV_RIGHT, FIRST_WORD)                                                               \
    for (; u < end; u += VL) {                                                                                                \
        if (*count + VL > cap)                                                                                                \
            return u;                                                                                                         \
        MB_RMD_VECTOR(MB_MESSAGE(x, xc, 16, J, args, u, V_LOAD, tab_lo, tab_hi), LINES, n_words, swap, IV_RIGHT, FIRST_WORD); \
    }

/* Free lanes (kernel.h's hc_lanes_fn): each lane's block from the columns. */
#define MB_RMD_COLUMNS                                          \
    for (unsigned t_ = 0; t_ < 16; t_++)                        \
    x[t_] = V_LOAD(args->words + (size_t)t_ * args->stride + u)
#define MB_RMD_LANES(LINES, n_words, swap, IV_RIGHT, FIRST_WORD)                   \
    for (size_t u = 0; u < end; u += VL) {                                         \
        MB_RMD_VECTOR(MB_RMD_COLUMNS, LINES, n_words, swap, IV_RIGHT, FIRST_WORD); \
    }

MB_INLINE size_t ripemd_kernel(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                               unsigned *count)
{
    const unsigned J = args->word;
    const V want = V_SET1(args->target[0]);
    MB_BROADCAST_WORDS(V, xc, 16, V_SET1, args->w);
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

/* The four members as ripemd_kernel, over the caller's columns. */
MB_INLINE void ripemd_lanes(const hc_lanes_args *args, size_t end, uint32_t *hits, unsigned *count)
{
    const V want = V_SET1(args->want);
    switch (args->digest_len) {
    case 16:
        MB_RMD_LANES(rmd4_lines, 4, false, 0, left[2] + right[3] + rmd_initial[1])
        break;
    case 20:
        MB_RMD_LANES(rmd5_lines, 5, false, 0, left[2] + right[3] + rmd_initial[1])
        break;
    case 32:
        MB_RMD_LANES(rmd4_lines, 4, true, 5, left[0] + rmd_initial[0])
        break;
    default: /* 40 */
        MB_RMD_LANES(rmd5_lines, 5, true, 5, left[0] + rmd_initial[0])
        break;
    }
}

/* A kernel file's two entry points. */
#define MB_RIPEMD_ENTRIES(isa)                                                                       \
    MB_ENTRY(hc_mb_ripemd_##isa, ripemd_kernel)                                                      \
    MB_LANES_ENTRY(hc_lanes_ripemd_##isa, ripemd_lanes)

#endif
