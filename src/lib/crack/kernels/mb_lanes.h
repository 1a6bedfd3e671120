/* Free lanes (kernel.h's hc_lanes_fn): candidates of any length up to one
 * block, each in a lane of its own, hashed whole (every step, the chaining
 * value added) and compared by their first digest word, the key of the
 * targets' set (targets.h) in the row's byte order. Unlike the brute-force
 * kernels, nothing is shared between lanes: each reads its 16 message
 * words from the caller's columns. Written once over the vector
 * abstraction (vec_portable.h), compiled per instruction set by
 * mb_lanes_<isa>.c, which defines LANES_INTERLEAVE (vectors in flight) and
 * SHA_INTERLEAVE (the same, for the SHA step macros reused from
 * mb_sha1.h and mb_sha256.h). */
#ifndef HC_CRACK_MB_LANES_H
#define HC_CRACK_MB_LANES_H

#include "mb_md_consts.h"
#include "mb_sha1.h"
#include "mb_sha256.h"

/* The MD5 and MD4 round functions (RFC 1321 §3.4, RFC 1320 §3.4). */
#define L_F(b, c, d) V_SEL(b, c, d)
#define L_G(b, c, d) V_SEL(d, b, c)
#define L_H(b, c, d) V_XOR3(b, c, d)
#define L_I(b, c, d) V_MD5I(b, c, d)
#define L_MAJ(b, c, d) V_MAJ(b, c, d)

/* Message word g of the vectors in flight, k of them, from the columns. */
#define L_WORD(g) V_LOAD(args->words + (size_t)(g) * args->stride + u + (size_t)k * VL)

/* One step of every vector in flight: MD5's a = b + ROTL(a + F(b,c,d) +
 * X[g] + T[i], s); MD4's a = ROTL(a + F(b,c,d) + X[g] + K[round], s). */
#define L_MD5(FN, a, b, c, d, g, s, i)                                                            \
    MB_UNROLL for (int k = 0; k < LANES_INTERLEAVE; k++) {                                        \
        a[k] = b[k] + V_ROL(a[k] + FN(b[k], c[k], d[k]) + (L_WORD(g) + V_SET1(md5_t[i])), s);     \
    }
#define L_MD4(FN, a, b, c, d, g, s, round)                                                              \
    MB_UNROLL for (int k = 0; k < LANES_INTERLEAVE; k++) {                                              \
        a[k] = V_ROL(a[k] + FN(b[k], c[k], d[k]) + (L_WORD(g) + V_SET1(md4_round_constant[round])), s); \
    }

/* Step i of the rounds (mb_md_consts.h), the registers turned i mod 4
 * times: A is a, then d, c, b. */
#define L_MD5_STEP(i, FN, g, s, gn, turn) L_TURN_##turn(L_MD5, FN, g, s, i)
#define L_MD4_STEP(i, FN, g, s, gn, turn) L_TURN_##turn(L_MD4, FN, g, s, (i) / 16)
#define L_TURN_0(STEP, FN, g, s, i) STEP(FN, a, b, c, d, g, s, i)
#define L_TURN_1(STEP, FN, g, s, i) STEP(FN, d, a, b, c, g, s, i)
#define L_TURN_2(STEP, FN, g, s, i) STEP(FN, c, d, a, b, g, s, i)
#define L_TURN_3(STEP, FN, g, s, i) STEP(FN, b, c, d, a, g, s, i)

MB_INLINE void lanes_md(const hc_lanes_args *args, size_t end, uint32_t *hits, unsigned *count, const bool md5)
{
    const V want = V_SET1(args->want);
    for (size_t u = 0; u < end; u += (size_t)VL * LANES_INTERLEAVE) {
        V a[LANES_INTERLEAVE], b[LANES_INTERLEAVE], c[LANES_INTERLEAVE], d[LANES_INTERLEAVE];
        MB_UNROLL for (int k = 0; k < LANES_INTERLEAVE; k++)
        {
            a[k] = V_SET1(MD_IV_A);
            b[k] = V_SET1(MD_IV_B);
            c[k] = V_SET1(MD_IV_C);
            d[k] = V_SET1(MD_IV_D);
        }
        if (md5) {
            MD5_ROUNDS(L_MD5_STEP, L_F, L_G, L_H, L_I)
        } else {
            MD4_ROUNDS(L_MD4_STEP, L_F, L_MAJ, L_H)
        }
        MB_UNROLL for (int k = 0; k < LANES_INTERLEAVE; k++) a[k] += V_SET1(MD_IV_A);
        MB_REPORT_WORDS(a, LANES_INTERLEAVE, VL, want, args->filter, u, end, hits, count);
    }
}

/* SHA-1: the 80 steps of mb_sha1.h, the schedule in a ring of 16. */
#define L_SHA1_5(t, FN, K) SHA1_STEP(t, FN, K) SHA1_STEP(t + 1, FN, K) SHA1_STEP(t + 2, FN, K) \
    SHA1_STEP(t + 3, FN, K) SHA1_STEP(t + 4, FN, K)
#define L_SHA1_20(t, FN, K) L_SHA1_5(t, FN, K) L_SHA1_5(t + 5, FN, K) L_SHA1_5(t + 10, FN, K) \
    L_SHA1_5(t + 15, FN, K)

MB_INLINE void lanes_sha1(const hc_lanes_args *args, size_t end, uint32_t *hits, unsigned *count)
{
    /* FIPS 180-4 §5.3.1 initial value, §4.2.1 constants */
    static const uint32_t iv[5] = {0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u, 0xc3d2e1f0u};
    const uint32_t k1 = 0x5a827999u, k2 = 0x6ed9eba1u, k3 = 0x8f1bbcdcu, k4 = 0xca62c1d6u;
    const V want = V_SET1(args->want);
    for (size_t u = 0; u < end; u += (size_t)VL * SHA_INTERLEAVE) {
        V s[SHA_INTERLEAVE][5], w[SHA_INTERLEAVE][16];
        MB_LANES_START(SHA_INTERLEAVE, w, L_WORD, s, 5, V_SET1, iv)
        L_SHA1_20(0, SHA1_CH, k1) L_SHA1_20(20, SHA1_PAR, k2) L_SHA1_20(40, SHA1_MAJ, k3)
        L_SHA1_20(60, SHA1_PAR, k4)
        /* after step 79 the slots are back in order: A in slot 0 */
        V key[SHA_INTERLEAVE];
        MB_UNROLL for (int k = 0; k < SHA_INTERLEAVE; k++) key[k] = s[k][0] + V_SET1(iv[0]);
        MB_REPORT_WORDS(key, SHA_INTERLEAVE, VL, want, args->filter, u, end, hits, count);
    }
}

/* SHA-224/SHA-256: mb_sha256.h's steps over the whole schedule. */
MB_INLINE void lanes_sha256(const hc_lanes_args *args, size_t end, uint32_t *hits, unsigned *count)
{
    const uint32_t *iv = args->digest_len == 28 ? sha224_iv : sha256_iv;
    const V want = V_SET1(args->want);
    for (size_t u = 0; u < end; u += (size_t)VL * SHA_INTERLEAVE) {
        V s[SHA_INTERLEAVE][8], w[SHA_INTERLEAVE][64];
        MB_LANES_START(SHA_INTERLEAVE, w, L_WORD, s, 8, V_SET1, iv)
        MB_ROLLED for (unsigned t = 16; t < 64; t++)
        {
            MB_UNROLL for (int k = 0; k < SHA_INTERLEAVE; k++) w[k][t] =
                (SHA256_SSIG1(w[k][t - 2]) + w[k][t - 7]) + (SHA256_SSIG0(w[k][t - 15]) + w[k][t - 16]);
        }
        MB_ROLLED for (unsigned t0 = 0; t0 < 64; t0 += 8)
        {
            SHA256_STEP(0) SHA256_STEP(1) SHA256_STEP(2) SHA256_STEP(3)
            SHA256_STEP(4) SHA256_STEP(5) SHA256_STEP(6) SHA256_STEP(7)
        }
        /* eight steps a group: the slots are back in order, A in slot 0 */
        V key[SHA_INTERLEAVE];
        MB_UNROLL for (int k = 0; k < SHA_INTERLEAVE; k++) key[k] = s[k][0] + V_SET1(iv[0]);
        MB_REPORT_WORDS(key, SHA_INTERLEAVE, VL, want, args->filter, u, end, hits, count);
    }
}

/* The entry points of an instruction set: hc_lanes_<family>_<isa>. */
#define LANES_ENTRIES(isa)                                                                        \
    void hc_lanes_md5_##isa(const hc_lanes_args *args, size_t n, uint32_t *hits, unsigned *count) \
    {                                                                                             \
        lanes_md(args, n, hits, count, true);                                                     \
    }                                                                                             \
    void hc_lanes_md4_##isa(const hc_lanes_args *args, size_t n, uint32_t *hits, unsigned *count) \
    {                                                                                             \
        lanes_md(args, n, hits, count, false);                                                    \
    }                                                                                             \
    MB_LANES_ENTRY(hc_lanes_sha1_##isa, lanes_sha1)                                               \
    MB_LANES_ENTRY(hc_lanes_sha256_##isa, lanes_sha256)

#endif
