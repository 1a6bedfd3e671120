/* The SHA-1 kernel family (FIPS 180-4), written once over the vector
 * abstraction (vec_portable.h) and compiled per instruction set by
 * mb_sha1_<isa>.c, which defines SHA_INTERLEAVE (vectors in flight).
 * The varying words are word, and word - 1, which always gets tab_lo (a
 * zero table when it does not vary): one variant serves every length.
 * Filter mode (kernel.h) compares the same word as for one target, with
 * each target's value of it as the filter's keys. */
#ifndef HC_CRACK_MB_SHA1_H
#define HC_CRACK_MB_SHA1_H

#include "mb_common.h"
#include "mb_sha1_masks.h"

/* The value of T[75], the word computed at step 75 that ends up as digest
 * word 4 (§6.1.2: e after step 79 is ROTL^30(T[75]); §5.3.1: H4(0) =
 * c3d2e1f0). */
static inline uint32_t sha1_expected(const hc_mb_args *args)
{
    uint32_t e = args->target[4] - 0xc3d2e1f0u;
    return (e << 2) | (e >> 30);
}

/* hc_mb_filter_key_fn: the same word for each of many targets, at any
 * length (defined once, in the portable file). */
static inline bool sha1_filter_key(const hc_mb_args *args, const uint32_t *target, uint32_t *key)
{
    hc_mb_args one = *args;
    one.target = target;
    *key = sha1_expected(&one);
    return true;
}

/* SHA-1 (§6.1.2), unrolled, the schedule in a ring of 16 registers: step t
 * reads A..E from s[k][(0..4 - t) mod 5], puts T into E's slot and
 * ROTL30(B) into B's. */
#define SHA1_SLOT(j, t) ((((j) - (t)) % 5 + 5) % 5)
#define SHA1_STEP(t, FN, K)                                                                            \
    MB_UNROLL for (int k = 0; k < SHA_INTERLEAVE; k++) {                                               \
        if ((t) >= 16)                                                                                 \
            w[k][(t) & 15] = V_ROL(V_XOR3(w[k][((t) - 3) & 15], w[k][((t) - 8) & 15],                  \
                                          w[k][((t) - 14) & 15]) ^ w[k][(t) & 15], 1);                 \
        V e_ = s[k][SHA1_SLOT(4, t)] + (w[k][(t) & 15] + V_SET1(K));                                   \
        e_ = e_ + FN(s[k][SHA1_SLOT(1, t)], s[k][SHA1_SLOT(2, t)], s[k][SHA1_SLOT(3, t)]);             \
        s[k][SHA1_SLOT(4, t)] = e_ + V_ROL(s[k][SHA1_SLOT(0, t)], 5);                                  \
        s[k][SHA1_SLOT(1, t)] = V_ROL(s[k][SHA1_SLOT(1, t)], 30);                                      \
    }
#define SHA1_CH(b, c, d) V_SEL(b, c, d)
#define SHA1_PAR(b, c, d) V_XOR3(b, c, d)
#define SHA1_MAJ(b, c, d) V_MAJ(b, c, d)

/* Any varying words (two, or past the specialised ones): the whole
 * expansion per lane, the ring of 16 schedule words in registers. */
MB_INLINE size_t sha1_any_words(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                                unsigned *count)
{
    /* §5.3.1 initial value, §4.2.1 constants */
    static const uint32_t iv[5] = {0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u, 0xc3d2e1f0u};
    const uint32_t k1 = 0x5a827999u, k2 = 0x6ed9eba1u, k3 = 0x8f1bbcdcu, k4 = 0xca62c1d6u;
    const unsigned J = args->word;
    MB_BROADCAST_WORDS(V, wc, 16, V_SET1, args->w);
    const V want = V_SET1(sha1_expected(args));

    for (; u < end; u += (size_t)VL * SHA_INTERLEAVE) {
        if (*count + VL * SHA_INTERLEAVE > cap)
            return u;
        V s[SHA_INTERLEAVE][5], w[SHA_INTERLEAVE][16];
        MB_UNROLL for (int k = 0; k < SHA_INTERLEAVE; k++)
        {
            /* Compile-time indices keep the ring in registers although J
             * is known only at run time (a store to w[k][J] would not). */
            const V hi_ = V_LOAD(args->tab_hi + u + (size_t)k * VL);
            const V lo_ = J > 0 ? V_LOAD(args->tab_lo + u + (size_t)k * VL) : hi_;
            MB_UNROLL for (unsigned t = 0; t < 16; t++)
                w[k][t] = t == J ? wc[t] + hi_ : t + 1 == J ? wc[t] + lo_ : wc[t];
            for (int j = 0; j < 5; j++)
                s[k][j] = V_SET1(iv[j]);
        }
        SHA1_STEP(0, SHA1_CH, k1) SHA1_STEP(1, SHA1_CH, k1) SHA1_STEP(2, SHA1_CH, k1) SHA1_STEP(3, SHA1_CH, k1)
        SHA1_STEP(4, SHA1_CH, k1) SHA1_STEP(5, SHA1_CH, k1) SHA1_STEP(6, SHA1_CH, k1) SHA1_STEP(7, SHA1_CH, k1)
        SHA1_STEP(8, SHA1_CH, k1) SHA1_STEP(9, SHA1_CH, k1) SHA1_STEP(10, SHA1_CH, k1)
        SHA1_STEP(11, SHA1_CH, k1) SHA1_STEP(12, SHA1_CH, k1) SHA1_STEP(13, SHA1_CH, k1)
        SHA1_STEP(14, SHA1_CH, k1) SHA1_STEP(15, SHA1_CH, k1) SHA1_STEP(16, SHA1_CH, k1)
        SHA1_STEP(17, SHA1_CH, k1) SHA1_STEP(18, SHA1_CH, k1) SHA1_STEP(19, SHA1_CH, k1)
        SHA1_STEP(20, SHA1_PAR, k2) SHA1_STEP(21, SHA1_PAR, k2) SHA1_STEP(22, SHA1_PAR, k2)
        SHA1_STEP(23, SHA1_PAR, k2) SHA1_STEP(24, SHA1_PAR, k2) SHA1_STEP(25, SHA1_PAR, k2)
        SHA1_STEP(26, SHA1_PAR, k2) SHA1_STEP(27, SHA1_PAR, k2) SHA1_STEP(28, SHA1_PAR, k2)
        SHA1_STEP(29, SHA1_PAR, k2) SHA1_STEP(30, SHA1_PAR, k2) SHA1_STEP(31, SHA1_PAR, k2)
        SHA1_STEP(32, SHA1_PAR, k2) SHA1_STEP(33, SHA1_PAR, k2) SHA1_STEP(34, SHA1_PAR, k2)
        SHA1_STEP(35, SHA1_PAR, k2) SHA1_STEP(36, SHA1_PAR, k2) SHA1_STEP(37, SHA1_PAR, k2)
        SHA1_STEP(38, SHA1_PAR, k2) SHA1_STEP(39, SHA1_PAR, k2) SHA1_STEP(40, SHA1_MAJ, k3)
        SHA1_STEP(41, SHA1_MAJ, k3) SHA1_STEP(42, SHA1_MAJ, k3) SHA1_STEP(43, SHA1_MAJ, k3)
        SHA1_STEP(44, SHA1_MAJ, k3) SHA1_STEP(45, SHA1_MAJ, k3) SHA1_STEP(46, SHA1_MAJ, k3)
        SHA1_STEP(47, SHA1_MAJ, k3) SHA1_STEP(48, SHA1_MAJ, k3) SHA1_STEP(49, SHA1_MAJ, k3)
        SHA1_STEP(50, SHA1_MAJ, k3) SHA1_STEP(51, SHA1_MAJ, k3) SHA1_STEP(52, SHA1_MAJ, k3)
        SHA1_STEP(53, SHA1_MAJ, k3) SHA1_STEP(54, SHA1_MAJ, k3) SHA1_STEP(55, SHA1_MAJ, k3)
        SHA1_STEP(56, SHA1_MAJ, k3) SHA1_STEP(57, SHA1_MAJ, k3) SHA1_STEP(58, SHA1_MAJ, k3)
        SHA1_STEP(59, SHA1_MAJ, k3) SHA1_STEP(60, SHA1_PAR, k4) SHA1_STEP(61, SHA1_PAR, k4)
        SHA1_STEP(62, SHA1_PAR, k4) SHA1_STEP(63, SHA1_PAR, k4) SHA1_STEP(64, SHA1_PAR, k4)
        SHA1_STEP(65, SHA1_PAR, k4) SHA1_STEP(66, SHA1_PAR, k4) SHA1_STEP(67, SHA1_PAR, k4)
        SHA1_STEP(68, SHA1_PAR, k4) SHA1_STEP(69, SHA1_PAR, k4) SHA1_STEP(70, SHA1_PAR, k4)
        SHA1_STEP(71, SHA1_PAR, k4) SHA1_STEP(72, SHA1_PAR, k4) SHA1_STEP(73, SHA1_PAR, k4)
        SHA1_STEP(74, SHA1_PAR, k4) SHA1_STEP(75, SHA1_PAR, k4)
        /* T[75], in E's slot of step 75, becomes digest word 4. */
        V t75[SHA_INTERLEAVE];
        MB_UNROLL for (int k = 0; k < SHA_INTERLEAVE; k++) t75[k] = s[k][SHA1_SLOT(4, 75)];
        MB_REPORT_WORDS(t75, SHA_INTERLEAVE, VL, want, args->filter, u, end, hits, count);
    }
    return end;
}

/* ---- one varying word, specialised on it ------------------------------------------------ */

/* §4.2.1's constant of step t. */
static inline uint32_t sha1_k(unsigned t)
{
    return t < 20 ? 0x5a827999u : t < 40 ? 0x6ed9eba1u : t < 60 ? 0x8f1bbcdcu : 0xca62c1d6u;
}

/* c XOR the rotations of x that mask names (bit r: ROTL^r(x)), three inputs
 * per V_XOR3. mask is a compile-time constant in the specialised kernels,
 * so only the terms it names are left; each rotation is written with its
 * amount as a literal (an instruction's immediate, which clang wants
 * before any unrolling). */
MB_INLINE V sha1_terms(V c, V x, uint32_t mask)
{
    V acc = (mask & 1) ? c ^ x : c, pending = acc;
    bool have = false;
#define SHA1_TERM(r)                                   \
    if ((mask >> (r)) & 1) {                           \
        V term_ = V_ROL(x, r);                         \
        if (have)                                      \
            acc = V_XOR3(acc, pending, term_);         \
        else                                           \
            pending = term_;                           \
        have = !have;                                  \
    }
    SHA1_TERM(1) SHA1_TERM(2) SHA1_TERM(3) SHA1_TERM(4) SHA1_TERM(5) SHA1_TERM(6) SHA1_TERM(7)
    SHA1_TERM(8) SHA1_TERM(9) SHA1_TERM(10) SHA1_TERM(11) SHA1_TERM(12) SHA1_TERM(13) SHA1_TERM(14)
    SHA1_TERM(15) SHA1_TERM(16) SHA1_TERM(17) SHA1_TERM(18) SHA1_TERM(19) SHA1_TERM(20) SHA1_TERM(21)
    SHA1_TERM(22) SHA1_TERM(23) SHA1_TERM(24) SHA1_TERM(25) SHA1_TERM(26) SHA1_TERM(27) SHA1_TERM(28)
    SHA1_TERM(29) SHA1_TERM(30) SHA1_TERM(31)
#undef SHA1_TERM
    return have ? acc ^ pending : acc;
}

/* W[t] + K of step t for the lane whose varying bits are x_hi (of word J)
 * and x_lo (of word J - 1, when TWO): the constant words' expansion cw and
 * cwk = cw + K (the same in every lane), and the terms in x_hi and x_lo
 * (mb_sha1_masks.h). A message word that does not vary and a schedule word
 * no term reaches are constants; a varying message word itself is its
 * constant bits plus the varying ones (which are zero in cw). */
MB_INLINE V sha1_wk(unsigned t, unsigned J, bool TWO, const uint32_t *cw, const uint32_t *cwk, V x_hi, V x_lo)
{
    uint32_t hi = sha1_masks[J][t], lo = TWO ? sha1_masks[J - 1][t] : 0;
    if ((hi | lo) == 0)
        return V_SET1(cwk[t]);
    if (t < 16)
        return V_SET1(cwk[t]) + (hi ? x_hi : x_lo);
    return sha1_terms(sha1_terms(V_SET1(cw[t]), x_hi, hi), x_lo, lo) + V_SET1(sha1_k(t));
}

/* One step of the specialised kernel: as SHA1_STEP, with W[t] + K from
 * sha1_wk, and only from the first varying word on (the steps before it
 * read constant words: done once per call, in sha1_few_words). */
#define SHA1_STEP_ONE(t, FN)                                                                   \
    if ((t) >= first) {                                                                        \
        MB_UNROLL for (int k = 0; k < SHA_INTERLEAVE; k++) {                                   \
            V e_ = s[k][SHA1_SLOT(4, t)] + sha1_wk(t, J, TWO, cw, cwk, x[k], x_lo[k]);         \
            e_ = e_ + FN(s[k][SHA1_SLOT(1, t)], s[k][SHA1_SLOT(2, t)], s[k][SHA1_SLOT(3, t)]); \
            s[k][SHA1_SLOT(4, t)] = e_ + V_ROL(s[k][SHA1_SLOT(0, t)], 5);                      \
            s[k][SHA1_SLOT(1, t)] = V_ROL(s[k][SHA1_SLOT(1, t)], 30);                          \
        }                                                                                      \
    }

/* The SHA-1 step functions of §4.1.1 on scalars. */
static inline uint32_t sha1_f(unsigned t, uint32_t b, uint32_t c, uint32_t d)
{
    if (t < 20)
        return d ^ (b & (c ^ d));
    if (t >= 40 && t < 60)
        return (b & c) | (d & (b | c));
    return b ^ c ^ d;
}

static inline uint32_t sha1_rol(uint32_t x, unsigned n)
{
    return (x << n) | (x >> (32 - n));
}

/* Word J varies, and word J - 1 when TWO (J < 8: messages of up to 32
 * bytes): the schedule of each lane is the constant words' expansion,
 * computed once per call, XOR a few rotations of the varying bits
 * (Steube's observation, tools/sha1_masks.py), and the steps before the
 * first varying word run once per call on scalars. */
MB_INLINE size_t sha1_few_words(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                                unsigned *count, const unsigned J, const bool TWO)
{
    const unsigned first = TWO ? J - 1 : J;
    static const uint32_t iv[5] = {0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u, 0xc3d2e1f0u};
    uint32_t cw[80], cwk[80];
    for (unsigned t = 0; t < 80; t++) {
        cw[t] = t < 16 ? args->w[t] : sha1_rol(cw[t - 3] ^ cw[t - 8] ^ cw[t - 14] ^ cw[t - 16], 1);
        cwk[t] = cw[t] + sha1_k(t);
    }
    /* a..e after the steps before the first varying word */
    uint32_t v[5] = {iv[0], iv[1], iv[2], iv[3], iv[4]};
    for (unsigned t = 0; t < first; t++) {
        uint32_t n = sha1_rol(v[0], 5) + sha1_f(t, v[1], v[2], v[3]) + v[4] + cwk[t];
        v[4] = v[3];
        v[3] = v[2];
        v[2] = sha1_rol(v[1], 30);
        v[1] = v[0];
        v[0] = n;
    }
    const V want = V_SET1(sha1_expected(args));

    for (; u < end; u += (size_t)VL * SHA_INTERLEAVE) {
        if (*count + VL * SHA_INTERLEAVE > cap)
            return u;
        V s[SHA_INTERLEAVE][5], x[SHA_INTERLEAVE], x_lo[SHA_INTERLEAVE];
        MB_UNROLL for (int k = 0; k < SHA_INTERLEAVE; k++)
        {
            x[k] = V_LOAD(args->tab_hi + u + (size_t)k * VL);
            x_lo[k] = TWO ? V_LOAD(args->tab_lo + u + (size_t)k * VL) : x[k];
            for (unsigned slot = 0; slot < 5; slot++) /* slot SHA1_SLOT(j, first) holds v[j] */
                s[k][slot] = V_SET1(v[(slot + first) % 5]);
        }
        SHA1_STEP_ONE(0, SHA1_CH) SHA1_STEP_ONE(1, SHA1_CH) SHA1_STEP_ONE(2, SHA1_CH)
        SHA1_STEP_ONE(3, SHA1_CH) SHA1_STEP_ONE(4, SHA1_CH) SHA1_STEP_ONE(5, SHA1_CH)
        SHA1_STEP_ONE(6, SHA1_CH) SHA1_STEP_ONE(7, SHA1_CH) SHA1_STEP_ONE(8, SHA1_CH)
        SHA1_STEP_ONE(9, SHA1_CH) SHA1_STEP_ONE(10, SHA1_CH) SHA1_STEP_ONE(11, SHA1_CH)
        SHA1_STEP_ONE(12, SHA1_CH) SHA1_STEP_ONE(13, SHA1_CH) SHA1_STEP_ONE(14, SHA1_CH)
        SHA1_STEP_ONE(15, SHA1_CH) SHA1_STEP_ONE(16, SHA1_CH) SHA1_STEP_ONE(17, SHA1_CH)
        SHA1_STEP_ONE(18, SHA1_CH) SHA1_STEP_ONE(19, SHA1_CH) SHA1_STEP_ONE(20, SHA1_PAR)
        SHA1_STEP_ONE(21, SHA1_PAR) SHA1_STEP_ONE(22, SHA1_PAR) SHA1_STEP_ONE(23, SHA1_PAR)
        SHA1_STEP_ONE(24, SHA1_PAR) SHA1_STEP_ONE(25, SHA1_PAR) SHA1_STEP_ONE(26, SHA1_PAR)
        SHA1_STEP_ONE(27, SHA1_PAR) SHA1_STEP_ONE(28, SHA1_PAR) SHA1_STEP_ONE(29, SHA1_PAR)
        SHA1_STEP_ONE(30, SHA1_PAR) SHA1_STEP_ONE(31, SHA1_PAR) SHA1_STEP_ONE(32, SHA1_PAR)
        SHA1_STEP_ONE(33, SHA1_PAR) SHA1_STEP_ONE(34, SHA1_PAR) SHA1_STEP_ONE(35, SHA1_PAR)
        SHA1_STEP_ONE(36, SHA1_PAR) SHA1_STEP_ONE(37, SHA1_PAR) SHA1_STEP_ONE(38, SHA1_PAR)
        SHA1_STEP_ONE(39, SHA1_PAR) SHA1_STEP_ONE(40, SHA1_MAJ) SHA1_STEP_ONE(41, SHA1_MAJ)
        SHA1_STEP_ONE(42, SHA1_MAJ) SHA1_STEP_ONE(43, SHA1_MAJ) SHA1_STEP_ONE(44, SHA1_MAJ)
        SHA1_STEP_ONE(45, SHA1_MAJ) SHA1_STEP_ONE(46, SHA1_MAJ) SHA1_STEP_ONE(47, SHA1_MAJ)
        SHA1_STEP_ONE(48, SHA1_MAJ) SHA1_STEP_ONE(49, SHA1_MAJ) SHA1_STEP_ONE(50, SHA1_MAJ)
        SHA1_STEP_ONE(51, SHA1_MAJ) SHA1_STEP_ONE(52, SHA1_MAJ) SHA1_STEP_ONE(53, SHA1_MAJ)
        SHA1_STEP_ONE(54, SHA1_MAJ) SHA1_STEP_ONE(55, SHA1_MAJ) SHA1_STEP_ONE(56, SHA1_MAJ)
        SHA1_STEP_ONE(57, SHA1_MAJ) SHA1_STEP_ONE(58, SHA1_MAJ) SHA1_STEP_ONE(59, SHA1_MAJ)
        SHA1_STEP_ONE(60, SHA1_PAR) SHA1_STEP_ONE(61, SHA1_PAR) SHA1_STEP_ONE(62, SHA1_PAR)
        SHA1_STEP_ONE(63, SHA1_PAR) SHA1_STEP_ONE(64, SHA1_PAR) SHA1_STEP_ONE(65, SHA1_PAR)
        SHA1_STEP_ONE(66, SHA1_PAR) SHA1_STEP_ONE(67, SHA1_PAR) SHA1_STEP_ONE(68, SHA1_PAR)
        SHA1_STEP_ONE(69, SHA1_PAR) SHA1_STEP_ONE(70, SHA1_PAR) SHA1_STEP_ONE(71, SHA1_PAR)
        SHA1_STEP_ONE(72, SHA1_PAR) SHA1_STEP_ONE(73, SHA1_PAR) SHA1_STEP_ONE(74, SHA1_PAR)
        SHA1_STEP_ONE(75, SHA1_PAR)
        V t75[SHA_INTERLEAVE];
        MB_UNROLL for (int k = 0; k < SHA_INTERLEAVE; k++) t75[k] = s[k][SHA1_SLOT(4, 75)];
        MB_REPORT_WORDS(t75, SHA_INTERLEAVE, VL, want, args->filter, u, end, hits, count);
    }
    return end;
}

/* The specialised variants for varying words in 0..7 (messages of up to
 * 32 bytes); longer ones take every step at run time. */
MB_WORD_VARIANTS(sha1, sha1_few_words)
MB_WORD_DISPATCH(sha1_kernel, sha1, sha1_any_words)

#endif
