/* The SHA-3 and Keccak kernel family (FIPS 202), all eight rows, brute
 * force and free lanes: eight candidates per AVX-512 register, one per
 * 64-bit lane (mb_keccak_avx512.c; below AVX-512 the generic path with the
 * single-state permutation is as fast). A one-block message is the rate's words (w64[0 .. rate/8), the
 * padding already in them, the capacity's lanes zero), absorbed into the
 * zero state, i.e. the state itself. Then the 24 rounds of Keccak-f[1600]
 * (§3.3), where the last round computes lane (0,0) only: it holds the
 * first 8 digest bytes, compared with target64[0]. Lanes are numbered
 * x + 5y. Needs V64_TERN (three-input logic). */
#ifndef HC_CRACK_MB_KECCAK_H
#define HC_CRACK_MB_KECCAK_H

#include "mb_common.h"
#include "mb_filter64.h"

#include "../../algos/keccak_impl.h"

/* rho and pi (§3.2.2-3): lane i = (x, y) rotated by its offset (Table 2)
 * goes to (y, 2x + 3y); written out so every rotation is an immediate. */
#define KECCAK_RHO_PI(i, to, r) b[to] = V64_ROL(a[i] ^ d[(i) % 5], r);
#define KECCAK_RHO_PI_ALL                                                                                                          \
    KECCAK_RHO_PI(0, 0, 0) KECCAK_RHO_PI(1, 10, 1) KECCAK_RHO_PI(2, 20, 62) KECCAK_RHO_PI(3, 5, 28) KECCAK_RHO_PI(4, 15, 27)       \
    KECCAK_RHO_PI(5, 16, 36) KECCAK_RHO_PI(6, 1, 44) KECCAK_RHO_PI(7, 11, 6) KECCAK_RHO_PI(8, 21, 55) KECCAK_RHO_PI(9, 6, 20)      \
    KECCAK_RHO_PI(10, 7, 3) KECCAK_RHO_PI(11, 17, 10) KECCAK_RHO_PI(12, 2, 43) KECCAK_RHO_PI(13, 12, 25) KECCAK_RHO_PI(14, 22, 39) \
    KECCAK_RHO_PI(15, 23, 41) KECCAK_RHO_PI(16, 8, 45) KECCAK_RHO_PI(17, 18, 15) KECCAK_RHO_PI(18, 3, 21) KECCAK_RHO_PI(19, 13, 8) \
    KECCAK_RHO_PI(20, 14, 18) KECCAK_RHO_PI(21, 24, 2) KECCAK_RHO_PI(22, 9, 61) KECCAK_RHO_PI(23, 19, 56) KECCAK_RHO_PI(24, 4, 14)

#define KECCAK_XOR5(a, b, c, d, e) V64_TERN(V64_TERN(a, b, c, 0x96), d, e, 0x96)
#define KECCAK_CHI(a, b, c) V64_TERN(a, b, c, 0xD2) /* a ^ (~b & c) */

/* Keccak-f[1600] (§3.3) on the state a, its last round for lane (0,0)
 * only: that lane, the first 8 digest bytes. */
MB_INLINE V64 keccak_lane0(V64 a[25])
{
    V64 b[25], c[5], d[5];
    MB_ROLLED for (unsigned round = 0; round < 23; round++)
    {
        _Pragma("GCC unroll 5") for (unsigned x = 0; x < 5; x++) c[x] =
            KECCAK_XOR5(a[x], a[x + 5], a[x + 10], a[x + 15], a[x + 20]);
        _Pragma("GCC unroll 5") for (unsigned x = 0; x < 5; x++) d[x] = c[(x + 4) % 5] ^ V64_ROL(c[(x + 1) % 5], 1);
        KECCAK_RHO_PI_ALL
        _Pragma("GCC unroll 25") for (unsigned i = 0; i < 25; i++)
        {
            unsigned x = i % 5, y5 = i - x;
            a[i] = KECCAK_CHI(b[i], b[y5 + (x + 1) % 5], b[y5 + (x + 2) % 5]);
        }
        a[0] ^= V64_SET1(hc_keccak_round_constants[round]);
    }
    /* Round 23, lane (0,0) only: b[0], b[1], b[2] come from lanes
     * (0,0), (1,1), (2,2). */
    _Pragma("GCC unroll 5") for (unsigned x = 0; x < 5; x++) c[x] =
        KECCAK_XOR5(a[x], a[x + 5], a[x + 10], a[x + 15], a[x + 20]);
    V64 b0 = a[0] ^ (c[4] ^ V64_ROL(c[1], 1));
    V64 b1 = V64_ROL(a[6] ^ (c[0] ^ V64_ROL(c[2], 1)), 44);
    V64 b2 = V64_ROL(a[12] ^ (c[1] ^ V64_ROL(c[3], 1)), 43);
    return KECCAK_CHI(b0, b1, b2) ^ V64_SET1(hc_keccak_round_constants[23]);
}

MB_INLINE size_t keccak_kernel(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                               unsigned *count)
{
    const unsigned J = args->word;
    const V64 want = V64_SET1(args->target64[0]);
    MB_BROADCAST_WORDS(V64, wc, 25, V64_SET1, args->w64);

    for (; u < end; u += VL64) {
        if (*count + VL64 > cap)
            return u;
        V64 a[25];
        for (unsigned i = 0; i < 25; i++)
            a[i] = wc[i];
        a[J] = wc[J] ^ V64_LOAD(args->tab64_hi + u);
        if (args->two)
            a[J - 1] = wc[J - 1] ^ V64_LOAD(args->tab64_lo + u);
        /* filter mode: the first digest word, lane (0,0)'s low half */
        V64 words[1] = {keccak_lane0(a)};
        MB_REPORT_WORDS64(words, 1, want, 0, args->filter, u, end, hits, count);
    }
    return end;
}

/* Free lanes (kernel.h's hc_lanes_fn): each lane's rate words from the
 * columns (words64: the row's block_len / 8 of them, the padding in), the
 * capacity's lanes zero; the key is the first 4 digest bytes, lane
 * (0,0)'s low half. */
MB_INLINE void keccak_lanes(const hc_lanes_args *args, size_t end, uint32_t *hits, unsigned *count)
{
    const V64 want = V64_SET1(args->want);
    const unsigned rate_words = args->block_words;
    for (size_t u = 0; u < end; u += VL64) {
        V64 a[25];
        for (unsigned i = 0; i < 25; i++)
            a[i] = i < rate_words ? V64_LOAD(args->words64 + (size_t)i * args->stride + u) : V64_SET1(0);
        V64 key[1] = {keccak_lane0(a) & V64_SET1(UINT32_MAX)};
        MB_REPORT_WORDS64(key, 1, want, 0, args->filter, u, end, hits, count);
    }
}

#endif
