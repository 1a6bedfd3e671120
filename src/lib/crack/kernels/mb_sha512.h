/* The SHA-384/SHA-512 kernel family (FIPS 180-4 §6.4, §6.5): SHA-256's
 * scheme (mb_sha2.h) on 64-bit lanes, 80 steps, a 128-byte block of sixteen
 * 64-bit words. AVX-512 only (mb_sha512_avx512.c, which defines
 * SHA_INTERLEAVE): without 64-bit rotates the vector code loses to
 * OpenSSL's scalar rounds. The row's digest length tells the two apart. */
#ifndef HC_CRACK_MB_SHA512_H
#define HC_CRACK_MB_SHA512_H

#include "mb_sha2.h"
#include "mb_filter64.h"

/* §4.2.3: the round constants; §5.3.5, §5.3.4: the initial values. */
static const uint64_t sha512_k[80] = {
    0x428a2f98d728ae22ull, 0x7137449123ef65cdull, 0xb5c0fbcfec4d3b2full, 0xe9b5dba58189dbbcull,
    0x3956c25bf348b538ull, 0x59f111f1b605d019ull, 0x923f82a4af194f9bull, 0xab1c5ed5da6d8118ull,
    0xd807aa98a3030242ull, 0x12835b0145706fbeull, 0x243185be4ee4b28cull, 0x550c7dc3d5ffb4e2ull,
    0x72be5d74f27b896full, 0x80deb1fe3b1696b1ull, 0x9bdc06a725c71235ull, 0xc19bf174cf692694ull,
    0xe49b69c19ef14ad2ull, 0xefbe4786384f25e3ull, 0x0fc19dc68b8cd5b5ull, 0x240ca1cc77ac9c65ull,
    0x2de92c6f592b0275ull, 0x4a7484aa6ea6e483ull, 0x5cb0a9dcbd41fbd4ull, 0x76f988da831153b5ull,
    0x983e5152ee66dfabull, 0xa831c66d2db43210ull, 0xb00327c898fb213full, 0xbf597fc7beef0ee4ull,
    0xc6e00bf33da88fc2ull, 0xd5a79147930aa725ull, 0x06ca6351e003826full, 0x142929670a0e6e70ull,
    0x27b70a8546d22ffcull, 0x2e1b21385c26c926ull, 0x4d2c6dfc5ac42aedull, 0x53380d139d95b3dfull,
    0x650a73548baf63deull, 0x766a0abb3c77b2a8ull, 0x81c2c92e47edaee6ull, 0x92722c851482353bull,
    0xa2bfe8a14cf10364ull, 0xa81a664bbc423001ull, 0xc24b8b70d0f89791ull, 0xc76c51a30654be30ull,
    0xd192e819d6ef5218ull, 0xd69906245565a910ull, 0xf40e35855771202aull, 0x106aa07032bbd1b8ull,
    0x19a4c116b8d2d0c8ull, 0x1e376c085141ab53ull, 0x2748774cdf8eeb99ull, 0x34b0bcb5e19b48a8ull,
    0x391c0cb3c5c95a63ull, 0x4ed8aa4ae3418acbull, 0x5b9cca4f7763e373ull, 0x682e6ff3d6b2b8a3ull,
    0x748f82ee5defb2fcull, 0x78a5636f43172f60ull, 0x84c87814a1f0ab72ull, 0x8cc702081a6439ecull,
    0x90befffa23631e28ull, 0xa4506cebde82bde9ull, 0xbef9a3f7b2c67915ull, 0xc67178f2e372532bull,
    0xca273eceea26619cull, 0xd186b8c721c0c207ull, 0xeada7dd6cde0eb1eull, 0xf57d4f7fee6ed178ull,
    0x06f067aa72176fbaull, 0x0a637dc5a2c898a6ull, 0x113f9804bef90daeull, 0x1b710b35131c471bull,
    0x28db77f523047d84ull, 0x32caab7b40c72493ull, 0x3c9ebe0a15c9bebcull, 0x431d67c49c100d4cull,
    0x4cc5d4becb3e42b6ull, 0x597f299cfc657e2aull, 0x5fcb6fab3ad6faecull, 0x6c44198c4a475817ull,
};

static const uint64_t sha512_iv[8] = {
    0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull, 0xa54ff53a5f1d36f1ull,
    0x510e527fade682d1ull, 0x9b05688c2b3e6c1full, 0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull,
};

static const uint64_t sha384_iv[8] = {
    0xcbbb9d5dc1059ed8ull, 0x629a292a367cd507ull, 0x9159015a3070dd17ull, 0x152fecd8f70e5939ull,
    0x67332667ffc00b31ull, 0x8eb44a8768581511ull, 0xdb0c2e0d64f98fa7ull, 0x47b5481dbefa4fa4ull,
};

/* §4.1.3's T2 on one word, for undoing the last steps. */
static inline uint64_t sha512_ror(uint64_t x, unsigned n)
{
    return (x >> n) | (x << (64 - n));
}
static inline uint64_t sha512_t2(uint64_t a, uint64_t b, uint64_t c)
{
    return (sha512_ror(a, 28) ^ sha512_ror(a, 34) ^ sha512_ror(a, 39)) + ((a & b) ^ (a & c) ^ (b & c));
}

/* The early-rejection word: the a that step 72 computes (SHA-512), or step
 * 74 (SHA-384, whose digest lacks e[77] and e[76]), found from the digest
 * by undoing the last steps without a message word, as for SHA-256
 * (mb_sha256.h's sha256_expected: a[t-4] = e[t] - (a[t] - T2)). */
static inline uint64_t sha512_expected(const hc_mb_args *args)
{
    const bool sha384 = args->digest_len == 48;
    const uint64_t *iv = sha384 ? sha384_iv : sha512_iv;
    const unsigned known_e = sha384 ? 2 : 4; /* e[79], e[78], ... in words 4, 5, ... */
    uint64_t a[80];
    for (unsigned j = 0; j < 4; j++)
        a[79 - j] = args->target64[j] - iv[j];
    for (unsigned j = 0; j < known_e; j++) {
        unsigned t = 79 - j;
        uint64_t e = args->target64[4 + j] - iv[4 + j];
        a[t - 4] = e - (a[t] - sha512_t2(a[t - 1], a[t - 2], a[t - 3]));
    }
    return a[80 - 4 - known_e];
}

/* hc_mb_filter_key_fn: the low half of the early-rejection word, the same
 * at any length. target holds the digest as 32-bit big-endian words: the
 * 64-bit word i is target[2i] (high half), target[2i + 1]. */
static inline bool sha512_filter_key(const hc_mb_args *args, const uint32_t *target, uint32_t *key)
{
    uint64_t words[8];
    for (unsigned i = 0; i < args->digest_len / 8; i++)
        words[i] = (uint64_t)target[2 * i] << 32 | target[2 * i + 1];
    hc_mb_args one = *args;
    one.target64 = words;
    *key = (uint32_t)sha512_expected(&one);
    return true;
}

#define SHA512_BSIG0(x) V64_XOR3(V64_ROR(x, 28), V64_ROR(x, 34), V64_ROR(x, 39))
#define SHA512_BSIG1(x) V64_XOR3(V64_ROR(x, 14), V64_ROR(x, 18), V64_ROR(x, 41))
#define SHA512_SSIG0(x) V64_XOR3(V64_ROR(x, 1), V64_ROR(x, 8), (x) >> 7)
#define SHA512_SSIG1(x) V64_XOR3(V64_ROR(x, 19), V64_ROR(x, 61), (x) >> 6)
#define SHA512_K(t) V64_SET1(sha512_k[t])
#define SHA512_STEP(i) \
    SHA2_STEP_W(i, SHA_INTERLEAVE, V64, SHA512_BSIG0, SHA512_BSIG1, SHA512_K, V64_SEL, V64_MAJ)
/* §6.4.2 step 1: schedule words 16..upto-1 of every vector in flight. */
#define SHA512_SCHEDULE(upto)                                                                        \
    MB_ROLLED for (unsigned t = 16; t < (upto); t++)                                                 \
    {                                                                                                \
        MB_UNROLL for (int k = 0; k < SHA_INTERLEAVE; k++) w[k][t] =                                 \
            (SHA512_SSIG1(w[k][t - 2]) + w[k][t - 7]) + (SHA512_SSIG0(w[k][t - 15]) + w[k][t - 16]); \
    }
/* Steps 0..upto-1 (a multiple of 8: the slots are back in order after it)
 * in rolled groups of eight (mb_sha2.h); leaves t0 at upto. */
#define SHA512_GROUPS(upto)                                         \
    MB_ROLLED for (t0 = 0; t0 < (upto); t0 += 8)                    \
    {                                                               \
        SHA512_STEP(0) SHA512_STEP(1) SHA512_STEP(2) SHA512_STEP(3) \
        SHA512_STEP(4) SHA512_STEP(5) SHA512_STEP(6) SHA512_STEP(7) \
    }

MB_INLINE size_t sha512_kernel(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                               unsigned *count)
{
    const bool sha384 = args->digest_len == 48;
    const uint64_t *iv = sha384 ? sha384_iv : sha512_iv;
    const unsigned J = args->word;
    MB_BROADCAST_WORDS(V64, wc, 16, V64_SET1, args->w64);
    const V64 want = V64_SET1(sha512_expected(args));

    for (; u < end; u += (size_t)VL64 * SHA_INTERLEAVE) {
        if (*count + VL64 * SHA_INTERLEAVE > cap)
            return u;
        V64 s[SHA_INTERLEAVE][8], w[SHA_INTERLEAVE][75];
        SHA_MESSAGE(SHA_INTERLEAVE, V64_LOAD, tab64_lo, tab64_hi, VL64)
        MB_UNROLL for (int k = 0; k < SHA_INTERLEAVE; k++) for (int j = 0; j < 8; j++) s[k][j] = V64_SET1(iv[j]);
        const unsigned schedule_end = sha384 ? 75 : 73;
        SHA512_SCHEDULE(schedule_end)
        unsigned t0;
        SHA512_GROUPS(72)
        /* Step 72 (to 74 for SHA-384): its a is the word compared
         * (sha512_expected), T1 + T2 in H's slot. */
        V64 last[SHA_INTERLEAVE];
        SHA512_STEP(0)
        if (sha384) {
            SHA512_STEP(1)
            SHA512_STEP(2)
            MB_UNROLL for (int k = 0; k < SHA_INTERLEAVE; k++) last[k] = s[k][SHA2_SLOT(7, 2)];
        } else {
            MB_UNROLL for (int k = 0; k < SHA_INTERLEAVE; k++) last[k] = s[k][SHA2_SLOT(7, 0)];
        }
        /* filter mode: sha512_filter_key's low halves */
        MB_REPORT_WORDS64(last, SHA_INTERLEAVE, want, 0, args->filter, u, end, hits, count);
    }
    return end;
}

/* Free lanes (kernel.h's hc_lanes_fn): each lane's whole block from the
 * columns (words64), all 80 steps, the chaining value added to a; the key
 * is the high half of digest word 0, the first 4 digest bytes. */
#define SHA512_LANES_WORD(t) V64_LOAD(args->words64 + (size_t)(t) * args->stride + u + (size_t)k * VL64)
MB_INLINE void sha512_lanes(const hc_lanes_args *args, size_t end, uint32_t *hits, unsigned *count)
{
    const uint64_t *iv = args->digest_len == 48 ? sha384_iv : sha512_iv;
    const V64 want = V64_SET1(args->want);
    for (size_t u = 0; u < end; u += (size_t)VL64 * SHA_INTERLEAVE) {
        V64 s[SHA_INTERLEAVE][8], w[SHA_INTERLEAVE][80];
        MB_LANES_START(SHA_INTERLEAVE, w, SHA512_LANES_WORD, s, 8, V64_SET1, iv)
        SHA512_SCHEDULE(80)
        unsigned t0;
        SHA512_GROUPS(80)
        V64 key[SHA_INTERLEAVE];
        MB_UNROLL for (int k = 0; k < SHA_INTERLEAVE; k++) key[k] = (s[k][0] + V64_SET1(iv[0])) >> 32;
        MB_REPORT_WORDS64(key, SHA_INTERLEAVE, want, 0, args->filter, u, end, hits, count);
    }
}

#endif
