/* What the BLAKE2s and BLAKE3 kernel families share (mb_blake2s_<isa>.c,
 * mb_blake3_<isa>.c): one compression of the single, zero-padded block
 * (RFC 7693 §3.2; BLAKE3 spec §2.2), one candidate per 32-bit lane, with
 * BLAKE2s's G (algos/blake2_g.h), which BLAKE3 uses unchanged. The
 * includer calls blake2s_blake3_kernel(..., false) for BLAKE2s, (..., true) for
 * BLAKE3. */
#ifndef HC_CRACK_MB_BLAKE2S_H
#define HC_CRACK_MB_BLAKE2S_H

#include "mb_common.h"

#include "../../algos/blake2_g.h"
#include "../../algos/blake2_impl.h"
#include "../../rotate.h"
#include "../../blake3/blake3_impl.h"

#define MB_B3_ROW(...) {__VA_ARGS__},
/* BLAKE3's message word order of each round (blake3_impl.h). */
static const uint8_t mb_blake3_sigma[7][16] = {B3_SCHEDULE(MB_B3_ROW)};

#define MB_B2S_G(a, b, c, d, x, y) BLAKE2_G(HC_ROTR32, 16, 12, 8, 7, a, b, c, d, x, y)
#define MB_B2_V(i) v[i]
#define MB_B2_M(i) x[i]

/* v0..7 = V0_INIT, v8..11 = the IV, v12..15 = V12_15_INIT; ROUNDS rounds
 * with SIGMA's rows; WORD0 is the first output word. */
#define MB_BLAKE_LOOP(ROUNDS, SIGMA, V0_INIT, V12_15_INIT, WORD0)                \
    for (; u < end; u += VL) {                                                   \
        if (*count + VL > cap)                                                   \
            return u;                                                            \
        V x[16], v[16];                                                          \
        MB_MESSAGE(x, xc, 16, J, args, u, V_LOAD, tab_lo, tab_hi);               \
        for (unsigned i = 0; i < 8; i++)                                         \
            v[i] = V0_INIT[i];                                                   \
        for (unsigned i = 0; i < 4; i++)                                         \
            v[8 + i] = ivs[i];                                                   \
        for (unsigned i = 0; i < 4; i++)                                         \
            v[12 + i] = V12_15_INIT[i];                                          \
        _Pragma("GCC unroll 10") for (unsigned r = 0; r < (ROUNDS); r++)         \
        {                                                                        \
            BLAKE2_ROUND(MB_B2S_G, MB_B2_V, MB_B2_M, SIGMA[r]);                  \
        }                                                                        \
        V first_[1] = {WORD0};                                                   \
        MB_REPORT_WORDS(first_, 1, VL, want, args->filter, u, end, hits, count); \
    }

/* One of the two, chosen at compile time (each entry point passes a
 * constant). BLAKE2s-256: counter t0 = the message length and the
 * last-block flag (§3.2-3.3), parameter block word 0 = 0x01010020 (digest
 * 32 bytes, no key); output word 0 = h0 ^ v0 ^ v8. BLAKE3: block_len = the
 * message length and the flags CHUNK_START | CHUNK_END | ROOT (spec
 * §2.2-2.6); output word 0 = v0 ^ v8. BLAKE3's IV is SHA-256's, which is
 * BLAKE2s's (both §2.1/§2.6). */
MB_INLINE size_t blake2s_blake3_kernel(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                                unsigned *count, const bool blake3)
{
    const unsigned J = args->word;
    const V want = V_SET1(args->target[0]);
    MB_BROADCAST_WORDS(V, xc, 16, V_SET1, args->w);
    V h[8], ivs[4], tail[4];
    for (unsigned i = 0; i < 4; i++)
        ivs[i] = V_SET1(hc_blake2s_iv[i]);
    if (!blake3) {
        for (unsigned i = 0; i < 8; i++)
            h[i] = V_SET1(hc_blake2s_iv[i] ^ (i == 0 ? 0x01010020u : 0));
        tail[0] = V_SET1(hc_blake2s_iv[4] ^ args->msg_bytes); /* t0 */
        tail[1] = V_SET1(hc_blake2s_iv[5]);                   /* t1 = 0 */
        tail[2] = V_SET1(~hc_blake2s_iv[6]);                  /* f0 = ~0 */
        tail[3] = V_SET1(hc_blake2s_iv[7]);
        MB_BLAKE_LOOP(10, hc_blake2_sigma, h, tail, h[0] ^ v[0] ^ v[8])
    } else {
        for (unsigned i = 0; i < 8; i++)
            h[i] = V_SET1(hc_blake2s_iv[i]);
        tail[0] = V_SET1(0); /* counter */
        tail[1] = V_SET1(0);
        tail[2] = V_SET1(args->msg_bytes);
        tail[3] = V_SET1(B3_CHUNK_START | B3_CHUNK_END | B3_ROOT);
        MB_BLAKE_LOOP(7, mb_blake3_sigma, h, tail, v[0] ^ v[8])
    }
    return end;
}

#endif
