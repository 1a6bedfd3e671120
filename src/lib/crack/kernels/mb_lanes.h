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
#define L_MD4(FN, a, b, c, d, g, s, round)                                                        \
    MB_UNROLL for (int k = 0; k < LANES_INTERLEAVE; k++) {                                        \
        a[k] = V_ROL(a[k] + FN(b[k], c[k], d[k]) + (L_WORD(g) + V_SET1(lanes_md4_k[round])), s);  \
    }

#define LANES_MD5_STEPS                                                                                      \
    L_MD5(L_F, a, b, c, d, 0, 7, 0) L_MD5(L_F, d, a, b, c, 1, 12, 1) L_MD5(L_F, c, d, a, b, 2, 17, 2)        \
    L_MD5(L_F, b, c, d, a, 3, 22, 3) L_MD5(L_F, a, b, c, d, 4, 7, 4) L_MD5(L_F, d, a, b, c, 5, 12, 5)        \
    L_MD5(L_F, c, d, a, b, 6, 17, 6) L_MD5(L_F, b, c, d, a, 7, 22, 7) L_MD5(L_F, a, b, c, d, 8, 7, 8)        \
    L_MD5(L_F, d, a, b, c, 9, 12, 9) L_MD5(L_F, c, d, a, b, 10, 17, 10) L_MD5(L_F, b, c, d, a, 11, 22, 11)   \
    L_MD5(L_F, a, b, c, d, 12, 7, 12) L_MD5(L_F, d, a, b, c, 13, 12, 13) L_MD5(L_F, c, d, a, b, 14, 17, 14)  \
    L_MD5(L_F, b, c, d, a, 15, 22, 15) L_MD5(L_G, a, b, c, d, 1, 5, 16) L_MD5(L_G, d, a, b, c, 6, 9, 17)     \
    L_MD5(L_G, c, d, a, b, 11, 14, 18) L_MD5(L_G, b, c, d, a, 0, 20, 19) L_MD5(L_G, a, b, c, d, 5, 5, 20)    \
    L_MD5(L_G, d, a, b, c, 10, 9, 21) L_MD5(L_G, c, d, a, b, 15, 14, 22) L_MD5(L_G, b, c, d, a, 4, 20, 23)   \
    L_MD5(L_G, a, b, c, d, 9, 5, 24) L_MD5(L_G, d, a, b, c, 14, 9, 25) L_MD5(L_G, c, d, a, b, 3, 14, 26)     \
    L_MD5(L_G, b, c, d, a, 8, 20, 27) L_MD5(L_G, a, b, c, d, 13, 5, 28) L_MD5(L_G, d, a, b, c, 2, 9, 29)     \
    L_MD5(L_G, c, d, a, b, 7, 14, 30) L_MD5(L_G, b, c, d, a, 12, 20, 31) L_MD5(L_H, a, b, c, d, 5, 4, 32)    \
    L_MD5(L_H, d, a, b, c, 8, 11, 33) L_MD5(L_H, c, d, a, b, 11, 16, 34) L_MD5(L_H, b, c, d, a, 14, 23, 35)  \
    L_MD5(L_H, a, b, c, d, 1, 4, 36) L_MD5(L_H, d, a, b, c, 4, 11, 37) L_MD5(L_H, c, d, a, b, 7, 16, 38)     \
    L_MD5(L_H, b, c, d, a, 10, 23, 39) L_MD5(L_H, a, b, c, d, 13, 4, 40) L_MD5(L_H, d, a, b, c, 0, 11, 41)   \
    L_MD5(L_H, c, d, a, b, 3, 16, 42) L_MD5(L_H, b, c, d, a, 6, 23, 43) L_MD5(L_H, a, b, c, d, 9, 4, 44)     \
    L_MD5(L_H, d, a, b, c, 12, 11, 45) L_MD5(L_H, c, d, a, b, 15, 16, 46) L_MD5(L_H, b, c, d, a, 2, 23, 47)  \
    L_MD5(L_I, a, b, c, d, 0, 6, 48) L_MD5(L_I, d, a, b, c, 7, 10, 49) L_MD5(L_I, c, d, a, b, 14, 15, 50)    \
    L_MD5(L_I, b, c, d, a, 5, 21, 51) L_MD5(L_I, a, b, c, d, 12, 6, 52) L_MD5(L_I, d, a, b, c, 3, 10, 53)    \
    L_MD5(L_I, c, d, a, b, 10, 15, 54) L_MD5(L_I, b, c, d, a, 1, 21, 55) L_MD5(L_I, a, b, c, d, 8, 6, 56)    \
    L_MD5(L_I, d, a, b, c, 15, 10, 57) L_MD5(L_I, c, d, a, b, 6, 15, 58) L_MD5(L_I, b, c, d, a, 13, 21, 59)  \
    L_MD5(L_I, a, b, c, d, 4, 6, 60) L_MD5(L_I, d, a, b, c, 11, 10, 61) L_MD5(L_I, c, d, a, b, 2, 15, 62)    \
    L_MD5(L_I, b, c, d, a, 9, 21, 63)
#define LANES_MD4_STEPS                                                                                      \
    L_MD4(L_F, a, b, c, d, 0, 3, 0) L_MD4(L_F, d, a, b, c, 1, 7, 0) L_MD4(L_F, c, d, a, b, 2, 11, 0)         \
    L_MD4(L_F, b, c, d, a, 3, 19, 0) L_MD4(L_F, a, b, c, d, 4, 3, 0) L_MD4(L_F, d, a, b, c, 5, 7, 0)         \
    L_MD4(L_F, c, d, a, b, 6, 11, 0) L_MD4(L_F, b, c, d, a, 7, 19, 0) L_MD4(L_F, a, b, c, d, 8, 3, 0)        \
    L_MD4(L_F, d, a, b, c, 9, 7, 0) L_MD4(L_F, c, d, a, b, 10, 11, 0) L_MD4(L_F, b, c, d, a, 11, 19, 0)      \
    L_MD4(L_F, a, b, c, d, 12, 3, 0) L_MD4(L_F, d, a, b, c, 13, 7, 0) L_MD4(L_F, c, d, a, b, 14, 11, 0)      \
    L_MD4(L_F, b, c, d, a, 15, 19, 0) L_MD4(L_MAJ, a, b, c, d, 0, 3, 1) L_MD4(L_MAJ, d, a, b, c, 4, 5, 1)    \
    L_MD4(L_MAJ, c, d, a, b, 8, 9, 1) L_MD4(L_MAJ, b, c, d, a, 12, 13, 1) L_MD4(L_MAJ, a, b, c, d, 1, 3, 1)  \
    L_MD4(L_MAJ, d, a, b, c, 5, 5, 1) L_MD4(L_MAJ, c, d, a, b, 9, 9, 1) L_MD4(L_MAJ, b, c, d, a, 13, 13, 1)  \
    L_MD4(L_MAJ, a, b, c, d, 2, 3, 1) L_MD4(L_MAJ, d, a, b, c, 6, 5, 1) L_MD4(L_MAJ, c, d, a, b, 10, 9, 1)   \
    L_MD4(L_MAJ, b, c, d, a, 14, 13, 1) L_MD4(L_MAJ, a, b, c, d, 3, 3, 1) L_MD4(L_MAJ, d, a, b, c, 7, 5, 1)  \
    L_MD4(L_MAJ, c, d, a, b, 11, 9, 1) L_MD4(L_MAJ, b, c, d, a, 15, 13, 1) L_MD4(L_H, a, b, c, d, 0, 3, 2)   \
    L_MD4(L_H, d, a, b, c, 8, 9, 2) L_MD4(L_H, c, d, a, b, 4, 11, 2) L_MD4(L_H, b, c, d, a, 12, 15, 2)       \
    L_MD4(L_H, a, b, c, d, 2, 3, 2) L_MD4(L_H, d, a, b, c, 10, 9, 2) L_MD4(L_H, c, d, a, b, 6, 11, 2)        \
    L_MD4(L_H, b, c, d, a, 14, 15, 2) L_MD4(L_H, a, b, c, d, 1, 3, 2) L_MD4(L_H, d, a, b, c, 9, 9, 2)        \
    L_MD4(L_H, c, d, a, b, 5, 11, 2) L_MD4(L_H, b, c, d, a, 13, 15, 2) L_MD4(L_H, a, b, c, d, 3, 3, 2)       \
    L_MD4(L_H, d, a, b, c, 11, 9, 2) L_MD4(L_H, c, d, a, b, 7, 11, 2) L_MD4(L_H, b, c, d, a, 15, 15, 2)
static const uint32_t lanes_md4_k[3] = {0, 0x5a827999, 0x6ed9eba1};

/* Reports the lanes of [u, end) whose key (first digest word) is one
 * target's: MB_REPORT_WORDS over the vectors in flight. */
#define LANES_REPORT(key) MB_REPORT_WORDS(key, LANES_INTERLEAVE, VL, want, args->filter, u, end, hits, count)

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
            LANES_MD5_STEPS
        } else {
            LANES_MD4_STEPS
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
        MB_UNROLL for (int k = 0; k < SHA_INTERLEAVE; k++)
        {
            MB_UNROLL for (unsigned t = 0; t < 16; t++) w[k][t] = L_WORD(t);
            for (int j = 0; j < 5; j++)
                s[k][j] = V_SET1(iv[j]);
        }
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
        MB_UNROLL for (int k = 0; k < SHA_INTERLEAVE; k++)
        {
            MB_UNROLL for (unsigned t = 0; t < 16; t++) w[k][t] = L_WORD(t);
            for (int j = 0; j < 8; j++)
                s[k][j] = V_SET1(iv[j]);
        }
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
