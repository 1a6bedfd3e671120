/* The SHA-224/SHA-256 kernel family (FIPS 180-4), written once over the
 * vector abstraction (vec_portable.h) and compiled per instruction set by
 * mb_sha256_<isa>.c, which defines SHA_INTERLEAVE (vectors in flight). The
 * row's digest length tells the two apart. Filter mode (kernel.h) compares
 * the same word as for one target, with each target's value of it as the
 * filter's keys. */
#ifndef HC_CRACK_MB_SHA256_H
#define HC_CRACK_MB_SHA256_H

#include <string.h>

#include "mb_sha2.h"

/* §4.2.2: the round constants; §5.3.3, §5.3.2: the initial values. */
static const uint32_t sha256_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static const uint32_t sha256_iv[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

static const uint32_t sha224_iv[8] = {
    0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4,
};

/* §4.1.2's functions on one word, for undoing the last steps. */
static inline uint32_t sha256_ror(uint32_t x, unsigned n)
{
    return (x >> n) | (x << (32 - n));
}
static inline uint32_t sha256_t2(uint32_t a, uint32_t b, uint32_t c)
{
    return (sha256_ror(a, 2) ^ sha256_ror(a, 13) ^ sha256_ror(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
}

/* The early-rejection word: the a that step 56 computes (SHA-256), or step
 * 57 (SHA-224), found from the digest alone by undoing the last steps.
 * Name a[t] and e[t] the a and e that step t computes (§6.2.2: e[t] =
 * a[t-4] + T1, a[t] = T1 + T2, T2 reading a[t-1], a[t-2], a[t-3]). The
 * digest less the initial value holds a[63..60] (words 0..3) and e[63..60]
 * (words 4..7). Step t's T1 is then a[t] - T2(a[t-1], a[t-2], a[t-3]), and
 * a[t-4] = e[t] - T1: no message word is read, so every candidate shares
 * the value, and the kernel stops 4 steps and 4 schedule words short of
 * where comparing e[60] would (SHA-224 lacks word 7, e[60]: it stops at
 * a[57]). */
static inline uint32_t sha256_expected(const hc_mb_args *args)
{
    const bool sha224 = args->digest_len == 28;
    const uint32_t *iv = sha224 ? sha224_iv : sha256_iv;
    const unsigned known_e = sha224 ? 3 : 4; /* e[63], e[62], ... in words 4, 5, ... */
    uint32_t a[64];
    for (unsigned j = 0; j < 4; j++)
        a[63 - j] = args->target[j] - iv[j];
    for (unsigned j = 0; j < known_e; j++) {
        unsigned t = 63 - j;
        uint32_t e = args->target[4 + j] - iv[4 + j];
        a[t - 4] = e - (a[t] - sha256_t2(a[t - 1], a[t - 2], a[t - 3]));
    }
    return a[64 - 4 - known_e];
}

/* hc_mb_filter_key_fn: the same word for each of many targets, at any
 * length (defined once, in the portable file). */
static inline bool sha256_filter_key(const hc_mb_args *args, const uint32_t *target, uint32_t *key)
{
    hc_mb_args one = *args;
    one.target = target;
    *key = sha256_expected(&one);
    return true;
}

#define SHA256_BSIG0(x) V_XOR3(V_ROR(x, 2), V_ROR(x, 13), V_ROR(x, 22))
#define SHA256_BSIG1(x) V_XOR3(V_ROR(x, 6), V_ROR(x, 11), V_ROR(x, 25))
#define SHA256_SSIG0(x) V_XOR3(V_ROR(x, 7), V_ROR(x, 18), (x) >> 3)
#define SHA256_SSIG1(x) V_XOR3(V_ROR(x, 17), V_ROR(x, 19), (x) >> 10)
#define SHA256_K(t) V_SET1(sha256_k[t])
#define SHA256_STEP(i) SHA2_STEP_W(i, SHA_INTERLEAVE, V, SHA256_BSIG0, SHA256_BSIG1, SHA256_K, V_SEL, V_MAJ)

/* §4.1.2's functions and step on scalars, for the work done once per call. */
static inline uint32_t sha256_ssig0(uint32_t x)
{
    return sha256_ror(x, 7) ^ sha256_ror(x, 18) ^ (x >> 3);
}
static inline uint32_t sha256_ssig1(uint32_t x)
{
    return sha256_ror(x, 17) ^ sha256_ror(x, 19) ^ (x >> 10);
}
static inline void sha256_scalar_step(uint32_t v[8], uint32_t kw)
{
    uint32_t e = v[4];
    uint32_t t1 = v[7] + (sha256_ror(e, 6) ^ sha256_ror(e, 11) ^ sha256_ror(e, 25)) + ((e & v[5]) ^ (~e & v[6])) + kw;
    uint32_t t2 = sha256_t2(v[0], v[1], v[2]);
    memmove(v + 1, v, 7 * sizeof(v[0]));
    v[4] += t1;
    v[0] = t1 + t2;
}

/* Is message or schedule word i different from lane to lane? */
#define SHA256_VARIES(i) ((i) >= 16 || (i) == J || (TWO && (i) + 1 == J))

/* The kernel's body. SPECIAL: J and TWO are compile-time constants (the
 * variants for words 0..7): then the steps before the first varying word
 * run once per call on scalars, and the schedule words 16..31 add, per
 * lane, only the terms that read a varying word, the sum of the others
 * (constant message words) being computed once per call. */
MB_INLINE size_t sha256_body(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                             unsigned *count, const unsigned J, const bool TWO, const bool SPECIAL)
{
    const bool sha224 = args->digest_len == 28;
    const uint32_t *iv = sha224 ? sha224_iv : sha256_iv;
    MB_BROADCAST_WORDS(V, wc, 16, V_SET1, args->w);
    const V want = V_SET1(sha256_expected(args));
    const unsigned first = SPECIAL ? (TWO ? J - 1 : J) : 0;
    const unsigned last_w = sha224 ? 57 : 56;
    /* a..h after the steps before the first varying word */
    uint32_t v[8];
    memcpy(v, iv, sizeof(v));
    for (unsigned t = 0; t < first; t++)
        sha256_scalar_step(v, args->w[t] + sha256_k[t]);
    /* the constant terms of schedule words 16..31 */
    uint32_t constant_part[32] = {0};
    if (SPECIAL) {
        for (unsigned t = 16; t < 32; t++) {
            const uint32_t *m = args->w;
            constant_part[t] = (SHA256_VARIES(t - 2) ? 0 : sha256_ssig1(m[t - 2])) +
                               (SHA256_VARIES(t - 7) ? 0 : m[t - 7]) +
                               (SHA256_VARIES(t - 15) ? 0 : sha256_ssig0(m[t - 15])) +
                               (SHA256_VARIES(t - 16) ? 0 : m[t - 16]);
        }
    }

    for (; u < end; u += (size_t)VL * SHA_INTERLEAVE) {
        if (*count + VL * SHA_INTERLEAVE > cap)
            return u;
        V s[SHA_INTERLEAVE][8], w[SHA_INTERLEAVE][58];
        SHA_MESSAGE(SHA_INTERLEAVE, V_LOAD, tab_lo, tab_hi, VL)
        MB_UNROLL for (int k = 0; k < SHA_INTERLEAVE; k++) for (unsigned slot = 0; slot < 8; slot++)
            s[k][slot] = V_SET1(v[(slot + first) % 8]); /* slot SHA2_SLOT(j, first) holds v[j] */
        unsigned t = 16;
        if (SPECIAL) {
            _Pragma("GCC unroll 16") for (; t < 32; t++)
            {
                MB_UNROLL for (int k = 0; k < SHA_INTERLEAVE; k++)
                {
                    V x = V_SET1(constant_part[t]);
                    if (SHA256_VARIES(t - 2))
                        x += SHA256_SSIG1(w[k][t - 2]);
                    if (SHA256_VARIES(t - 7))
                        x += w[k][t - 7];
                    if (SHA256_VARIES(t - 15))
                        x += SHA256_SSIG0(w[k][t - 15]);
                    if (SHA256_VARIES(t - 16))
                        x += w[k][t - 16];
                    w[k][t] = x;
                }
            }
        }
        MB_ROLLED for (; t <= last_w; t++)
        {
            MB_UNROLL for (int k = 0; k < SHA_INTERLEAVE; k++) w[k][t] =
                (SHA256_SSIG1(w[k][t - 2]) + w[k][t - 7]) + (SHA256_SSIG0(w[k][t - 15]) + w[k][t - 16]);
        }
        unsigned t0 = 0;
        if (SPECIAL) {
            /* the first group from the first varying word's step */
#define SHA256_STEP_FROM(i) \
    if ((i) >= first) {     \
        SHA256_STEP(i)      \
    }
            SHA256_STEP_FROM(0) SHA256_STEP_FROM(1) SHA256_STEP_FROM(2) SHA256_STEP_FROM(3)
            SHA256_STEP_FROM(4) SHA256_STEP_FROM(5) SHA256_STEP_FROM(6) SHA256_STEP_FROM(7)
#undef SHA256_STEP_FROM
            t0 = 8;
        }
        MB_ROLLED for (; t0 < 56; t0 += 8)
        {
            SHA256_STEP(0) SHA256_STEP(1) SHA256_STEP(2) SHA256_STEP(3)
            SHA256_STEP(4) SHA256_STEP(5) SHA256_STEP(6) SHA256_STEP(7)
        }
        /* Step 56 (and 57 for SHA-224): its a is the word compared
         * (sha256_expected), T1 + T2 in H's slot. */
        V last[SHA_INTERLEAVE];
        if (sha224) {
            SHA256_STEP(0)
            SHA256_STEP(1)
            MB_UNROLL for (int k = 0; k < SHA_INTERLEAVE; k++) last[k] = s[k][SHA2_SLOT(7, 1)];
        } else {
            SHA256_STEP(0)
            MB_UNROLL for (int k = 0; k < SHA_INTERLEAVE; k++) last[k] = s[k][SHA2_SLOT(7, 0)];
        }
        MB_REPORT_WORDS(last, SHA_INTERLEAVE, VL, want, args->filter, u, end, hits, count);
    }
    return end;
}
#undef SHA256_VARIES

/* The specialised variants for varying words in 0..7 (messages of up to
 * 32 bytes), and the run-time one for longer messages. */
MB_INLINE size_t sha256_special(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                                unsigned *count, const unsigned J, const bool TWO)
{
    return sha256_body(args, u, end, hits, cap, count, J, TWO, true);
}
MB_WORD_VARIANTS(sha256, sha256_special)
MB_VARIANT(sha256_any, sha256_body, args->word, args->two && args->word > 0, false)
MB_WORD_DISPATCH(sha256_kernel, sha256, sha256_any)

#endif
