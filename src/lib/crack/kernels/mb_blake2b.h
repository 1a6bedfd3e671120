/* The BLAKE2b-512 kernel family (RFC 7693): BLAKE2s's scheme
 * (mb_blake2s.h) on 64-bit lanes, AVX-512 only (mb_blake2b_avx512.c):
 * twelve rounds, rotations 32, 24, 16, 63, a 128-byte block; word 0 of
 * the digest is h0 ^ v0 ^ v8, compared with target64[0]. */
#ifndef HC_CRACK_MB_BLAKE2B_H
#define HC_CRACK_MB_BLAKE2B_H

#include "mb_common.h"
#include "mb_filter64.h"

#include "../../algos/blake2_g.h"
#include "../../algos/blake2_impl.h"
#include "../../rotate.h"

#define MB_B2B_G(a, b, c, d, x, y) BLAKE2_G(HC_ROTR64, 32, 24, 16, 63, a, b, c, d, x, y)
#define MB_B2_V(i) v[i]
#define MB_B2_M(i) x[i]

MB_INLINE size_t blake2b_kernel(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                                unsigned *count)
{
    const unsigned J = args->word;
    const V64 want = V64_SET1(args->target64[0]);
    MB_BROADCAST_WORDS(V64, xc, 16, V64_SET1, args->w64);
    V64 init[16];
    /* h = IV ^ parameter word 0 (digest 64 bytes, no key); v8..15 = IV with
     * t0 = the message length and f0 = ~0 (§3.2). */
    for (unsigned i = 0; i < 8; i++)
        init[i] = V64_SET1(hc_blake2b_iv[i] ^ (i == 0 ? 0x01010040u : 0));
    for (unsigned i = 0; i < 8; i++)
        init[8 + i] = V64_SET1(hc_blake2b_iv[i] ^ (i == 4 ? args->msg_bytes : 0) ^ (i == 6 ? ~0ull : 0));

    for (; u < end; u += VL64) {
        if (*count + VL64 > cap)
            return u;
        V64 x[16], v[16];
        MB_MESSAGE(x, xc, 16, J, args, u, V64_LOAD, tab64_lo, tab64_hi);
        for (unsigned i = 0; i < 16; i++)
            v[i] = init[i];
        _Pragma("GCC unroll 12") for (unsigned r = 0; r < 12; r++)
        {
            BLAKE2_ROUND(MB_B2B_G, MB_B2_V, MB_B2_M, hc_blake2_sigma[r]);
        }
        /* filter mode: the first digest word, word 0's low half */
        V64 words[1] = {init[0] ^ v[0] ^ v[8]};
        MB_REPORT_WORDS64(words, 1, want, 0, args->filter, u, end, hits, count);
    }
    return end;
}

#endif
