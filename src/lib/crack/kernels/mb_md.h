/* What the MD5 (RFC 1321) and MD4 (RFC 1320) kernels share, NTLM being
 * MD4: the constants, the scalar work done once per call, and the step
 * machinery, and the two families (MD_FAMILY), which the files
 * mb_md5_<isa>.c and mb_md4_<isa>.c compile per instruction set.
 *
 * Each kernel is specialised at compile time on the index of the varying
 * word (kernel.h), so that the steps that read only constant words cost a
 * broadcast add (the word folded into the round constant), the steps
 * before the first varying word are done once per call in scalar code, and
 * the steps after the last read of a varying word are undone from the
 * target instead of computed, leaving a 32-bit comparison of one chaining
 * value as the early rejection.
 *
 * Chaining values as one sequence Q: MD5 step i computes
 * Q[i] = Q[i-1] + ROTL(Q[i-4] + f(Q[i-1], Q[i-2], Q[i-3]) + T[i] + X[k], s),
 * MD4 the same without "Q[i-1] +" and with a round constant for T[i].
 * Q[j] lives in q[k][j & 3]. Step i also forms pre = Q[i-3] + T[i+1] +
 * X[k'] for step i+1 before its round function: then Q[i-3] is dead and
 * can be the operand that vpternlogd overwrites, so no register copies.
 * The round functions therefore take Q[i-3] first: FN(d, b, c).
 *
 * The including file defines MD_INTERLEAVE, the vectors in flight per
 * iteration (independent dependency chains, to fill the pipelines). */
#ifndef HC_CRACK_MB_MD_H
#define HC_CRACK_MB_MD_H

#include "mb_common.h"
#include "mb_md_consts.h"
#include "../../rotate.h"

/* The word each step reads and its shift, for the scalar steps: the
 * rounds of mb_md_consts.h listed. */
#define MD_WORD_OF(i, FN, g, s, gn, turn) g,
#define MD_SHIFT_OF(i, FN, g, s, gn, turn) s,
static const uint8_t md5_word[64] = {MD5_ROUNDS(MD_WORD_OF, 0, 0, 0, 0)};
static const uint8_t md5_rot[64] = {MD5_ROUNDS(MD_SHIFT_OF, 0, 0, 0, 0)};
static const uint8_t md4_word[48] = {MD4_ROUNDS(MD_WORD_OF, 0, 0, 0)};
static const uint8_t md4_rot[48] = {MD4_ROUNDS(MD_SHIFT_OF, 0, 0, 0)};

/* A family's number of steps: its tables' length. */
MB_INLINE unsigned md_steps(bool md5)
{
    return md5 ? sizeof(md5_word) : sizeof(md4_word);
}

static inline uint32_t md5_f(unsigned i, uint32_t x, uint32_t y, uint32_t z)
{
    if (i < 16)
        return (x & y) | (~x & z);
    if (i < 32)
        return (x & z) | (y & ~z);
    if (i < 48)
        return x ^ y ^ z;
    return y ^ (x | ~z);
}

static inline uint32_t md4_f(unsigned i, uint32_t x, uint32_t y, uint32_t z)
{
    if (i < 16)
        return (x & y) | (~x & z);
    if (i < 32)
        return (x & y) | (x & z) | (y & z);
    return x ^ y ^ z;
}

/* Per call of a kernel: km[i] = T[i] + w[word(i)] (MD4: the round's
 * constant + w[word(i)]) with the varying bits zero (they are added per
 * lane), the chaining values Q[first-4 .. first-1] after the steps that
 * read no varying word, and the value of Q[last-3] that the target implies,
 * found by running the steps after `last` backwards from the digest (none
 * of them reads a varying word).
 *
 * The chaining values as one sequence: q[i + 4] is the word step i writes,
 * q[0..3] the initial A, D, C, B, so step i reads q[i], q[i+1], q[i+2],
 * q[i+3] (RFC 1321 §3.4, unrolled). Digest: MD5's A = IV + Q60, B = IV +
 * Q63, C = IV + Q62, D = IV + Q61; MD4's (48 steps, no "+ b", RFC 1320
 * §3.4) A = IV + Q44, D = IV + Q45, C = IV + Q46, B = IV + Q47. */
static __attribute__((noinline)) void md_prepare(const hc_mb_args *args, const bool md5, unsigned first,
                                                 unsigned last, uint32_t *km, uint32_t q_first[4],
                                                 uint32_t *expected)
{
    const unsigned steps = md_steps(md5);
    /* one table or the other (a select of two loads would read past MD4's) */
    const uint8_t *rot = md5 ? md5_rot : md4_rot;
    uint32_t q[68];
    for (unsigned i = 0; i < steps; i++)
        km[i] = md5 ? md5_t[i] + args->w[md5_word[i]] : md4_round_constant[i / 16] + args->w[md4_word[i]];
    q[0] = (uint32_t)MD_IV_A;
    q[1] = (uint32_t)MD_IV_D;
    q[2] = (uint32_t)MD_IV_C;
    q[3] = (uint32_t)MD_IV_B;
    for (unsigned i = 0; i < first; i++) {
        uint32_t f = md5 ? md5_f(i, q[i + 3], q[i + 2], q[i + 1]) : md4_f(i, q[i + 3], q[i + 2], q[i + 1]);
        uint32_t r = HC_ROTL32(q[i] + f + km[i], rot[i]);
        q[i + 4] = md5 ? q[i + 3] + r : r;
    }
    for (unsigned k = 0; k < 4; k++)
        q_first[k] = q[first + k];

    const uint32_t *t = args->target;
    q[steps] = t[0] - (uint32_t)MD_IV_A;
    q[steps + 1] = t[3] - (uint32_t)MD_IV_D;
    q[steps + 2] = t[2] - (uint32_t)MD_IV_C;
    q[steps + 3] = t[1] - (uint32_t)MD_IV_B;
    for (unsigned i = steps - 1; i > last; i--) {
        uint32_t f = md5 ? md5_f(i, q[i + 3], q[i + 2], q[i + 1]) : md4_f(i, q[i + 3], q[i + 2], q[i + 1]);
        uint32_t r = HC_ROTR32(q[i + 4] - (md5 ? q[i + 3] : 0), rot[i]);
        q[i] = r - f - km[i];
    }
    *expected = q[last - 3 + 4];
}

#ifdef V_TERN
/* vpternlogd truth tables with (A, B, C) = (d, b, c). */
#define MD_F(d, b, c) V_TERN(d, b, c, 0xb8) /* b ? c : d */
#define MD5_G(d, b, c) V_TERN(d, b, c, 0xca) /* d ? b : c */
#define MD_H(d, b, c) V_TERN(d, b, c, 0x96)
#define MD5_I(d, b, c) V_TERN(d, b, c, 0x65) /* c ^ (b | ~d) */
#define MD4_G(d, b, c) V_TERN(d, b, c, 0xe8) /* majority */
#else
#define MD_F(d, b, c) V_SEL(b, c, d)
#define MD5_G(d, b, c) V_SEL(d, b, c)
#define MD_H(d, b, c) V_XOR3(b, c, d)
#define MD5_I(d, b, c) V_MD5I(b, c, d)
#define MD4_G(d, b, c) V_MAJ(b, c, d)
#endif

/* The message word g of a step, when it varies. */
#define MD_VARY(v, g) ((g) == J ? (v) + hi[k] : TWO && (g) + 1 == J ? (v) + lo[k] : (v))

/* One step; g is the word of this step, gn the word of the next; PLUS_B is
 * 1 for MD5. */
#define MD_STEP(i, FN, g, s, gn, PLUS_B)                                                       \
    if ((i) >= first && (i) + 3 <= last) {                                                     \
        MB_UNROLL for (int k = 0; k < MD_INTERLEAVE; k++) {                                    \
            V next_ = q[k][((i) + 1) & 3] + V_SET1(km[(i) + 1]);                               \
            next_ = MD_VARY(next_, gn);                                                        \
            V_PIN(next_);                                                                      \
            V t_ = pre[k] + FN(q[k][((i) + 1) & 3], q[k][((i) + 3) & 3], q[k][((i) + 2) & 3]); \
            t_ = V_ROL(t_, s);                                                                 \
            q[k][(i) & 3] = (PLUS_B) ? t_ + q[k][((i) + 3) & 3] : t_;                          \
            pre[k] = next_;                                                                    \
        }                                                                                      \
    }
#define MD5_STEP(i, FN, g, s, gn, turn) MD_STEP(i, FN, g, s, gn, 1)
#define MD4_STEP(i, FN, g, s, gn, turn) MD_STEP(i, FN, g, s, gn, 0)

/* The loop both share: loads the varying words, runs STEPS, compares
 * Q[last-3]. */
#define MD_LOOP(STEPS)                                                                                     \
    const hc_mb_filter *filter = args->filter;                                                             \
    for (; u < end; u += (size_t)VL * MD_INTERLEAVE) {                                                     \
        if (*count + VL * MD_INTERLEAVE > cap)                                                             \
            return u;                                                                                      \
        V q[MD_INTERLEAVE][4], hi[MD_INTERLEAVE], lo[MD_INTERLEAVE], pre[MD_INTERLEAVE];                   \
        MB_UNROLL for (int k = 0; k < MD_INTERLEAVE; k++)                                                  \
        {                                                                                                  \
            hi[k] = V_LOAD(args->tab_hi + u + (size_t)k * VL);                                             \
            lo[k] = TWO ? V_LOAD(args->tab_lo + u + (size_t)k * VL) : hi[k];                               \
            for (int j = 0; j < 4; j++)                                                                    \
                q[k][j] = start[j];                                                                        \
            /* step `first` reads word `first`, which varies */                                            \
            pre[k] = MD_VARY(pre0, first);                                                                 \
        }                                                                                                  \
        STEPS                                                                                              \
        unsigned masks[MD_INTERLEAVE];                                                                     \
        if (FILTER == MD_FILTER_ALL || filter != NULL) {                                                   \
            /* MD_FILTER_ALL: Q[last-3] is A less its initial value */                                     \
            V keys[MD_INTERLEAVE];                                                                         \
            MB_UNROLL for (int k = 0; k < MD_INTERLEAVE; k++)                                              \
            {                                                                                              \
                keys[k] = q[k][(last - 3) & 3] + V_SET1(FILTER == MD_FILTER_ALL ? MD_IV_A : 0);            \
                masks[k] = mb_filter_mask(keys[k], filter);                                                \
            }                                                                                              \
            MB_FILTER_REPORT(keys, masks, MD_INTERLEAVE, VL, filter, u, end, hits, count);                 \
        } else {                                                                                           \
            MB_UNROLL for (int k = 0; k < MD_INTERLEAVE; k++) masks[k] = V_EQ(q[k][(last - 3) & 3], want); \
            MB_REPORT(masks, MD_INTERLEAVE, VL, u, end, hits, count);                                      \
        }                                                                                                  \
    }                                                                                                      \
    return end;

/* The kernels' modes: the last steps undone, then one 32-bit compare with
 * one target or (filter mode with args->filter_undone, kernel.h) a probe of
 * the filter of the values md_filter_key finds; or filter mode with every
 * step up to A's. */
enum { MD_UNDONE, MD_FILTER_ALL };

/* Variants: each compiled as a function of its own, so each gets its own
 * register allocation (inlined into one switch they hurt each other). */
#define MD_VARIANT MB_VARIANT

/* (word, two): word 0 alone, words 1..7 alone or with the previous one,
 * specialised; longer messages (words 8..13) share one variant that decides
 * per step at run time (branches that always go the same way). Filter mode
 * with every step (messages whose undone steps would read the prefix: over
 * 12 bytes for MD5) has only the run-time variant: three specialised sets
 * took 15 minutes to compile under ASan. Defines static size_t
 * f_dispatch(...), which picks the variant. */
#define MD_VARIANT_SET(f, s, FILTER)                                                                  \
    MD_VARIANT(f##_0##s, f##_body, 0, false, FILTER)                                                  \
    MD_VARIANT(f##_1##s, f##_body, 1, false, FILTER) MD_VARIANT(f##_1t##s, f##_body, 1, true, FILTER) \
    MD_VARIANT(f##_2##s, f##_body, 2, false, FILTER) MD_VARIANT(f##_2t##s, f##_body, 2, true, FILTER) \
    MD_VARIANT(f##_3##s, f##_body, 3, false, FILTER) MD_VARIANT(f##_3t##s, f##_body, 3, true, FILTER) \
    MD_VARIANT(f##_4##s, f##_body, 4, false, FILTER) MD_VARIANT(f##_4t##s, f##_body, 4, true, FILTER) \
    MD_VARIANT(f##_5##s, f##_body, 5, false, FILTER) MD_VARIANT(f##_5t##s, f##_body, 5, true, FILTER) \
    MD_VARIANT(f##_6##s, f##_body, 6, false, FILTER) MD_VARIANT(f##_6t##s, f##_body, 6, true, FILTER) \
    MD_VARIANT(f##_7##s, f##_body, 7, false, FILTER) MD_VARIANT(f##_7t##s, f##_body, 7, true, FILTER) \
    MD_VARIANT(f##_any##s, f##_body, args->word, args->two && args->word > 0, FILTER)

#define MD_VARIANTS(f)                                                                              \
    MD_VARIANT_SET(f, , MD_UNDONE)                                                                  \
    MD_VARIANT(f##_any_filter, f##_body, args->word, args->two && args->word > 0, MD_FILTER_ALL)    \
    static inline size_t f##_dispatch(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, \
                                      unsigned cap, unsigned *count)                                \
    {                                                                                               \
        static hc_mb_kernel_fn *const variants[16] = {f##_0,  f##_0,  f##_1, f##_1t, f##_2, f##_2t, \
                                                      f##_3,  f##_3t, f##_4, f##_4t, f##_5, f##_5t, \
                                                      f##_6,  f##_6t, f##_7, f##_7t};               \
        unsigned i = args->word * 2 + (args->two && args->word > 0);                                \
        if (args->filter != NULL && !args->filter_undone)                                           \
            return f##_any_filter(args, u, end, hits, cap, count);                                  \
        return (i < 16 ? variants[i] : f##_any)(args, u, end, hits, cap, count);                    \
    }

/* The last step that reads message word j. MD5 reads it last in round 4,
 * at step 48 + p with (7p mod 16) = j (RFC 1321 §3.4), so p = 7j mod 16
 * since 7 * 7 = 49 = 1 (mod 16); MD4 in round 3, whose word order is the
 * 4-bit bit reversal of the position (RFC 1320 §3.4). Written as
 * arithmetic so that kernels specialised on j fold it at compile time. */
static inline unsigned md_last_use(unsigned j, bool md5)
{
    if (md5)
        return 48 + ((7 * j) & 15);
    return 32 + (((j & 1) << 3) | ((j & 2) << 1) | ((j & 4) >> 1) | ((j & 8) >> 3));
}

/* The last step that reads a varying word. */
static inline unsigned md_last(unsigned J, bool TWO, bool md5)
{
    const unsigned own = md_last_use(J, md5);
    return TWO && md_last_use(J - 1, md5) > own ? md_last_use(J - 1, md5) : own;
}

/* hc_mb_filter_key_fn for a family: the steps after `last` must read only
 * words after the varying ones (padding and length, the same for the whole
 * length). */
static inline bool md_filter_key(const hc_mb_args *args, const bool md5, const uint32_t *target, uint32_t *key)
{
    const bool two = args->two && args->word > 0;
    const unsigned first = two ? args->word - 1 : args->word, last = md_last(args->word, two, md5);
    const uint8_t *word_of = md5 ? md5_word : md4_word;
    const unsigned steps = md_steps(md5);
    for (unsigned i = last + 1; i < steps; i++)
        if (word_of[i] <= args->word)
            return false;
    hc_mb_args one = *args;
    one.target = target;
    uint32_t km[64], q0[4];
    md_prepare(&one, md5, first, last, km, q0, key);
    return true;
}

/* The families' filter keys (an entry point of the portable files). */
static inline bool md5_filter_key(const hc_mb_args *args, const uint32_t *target, uint32_t *key)
{
    return md_filter_key(args, true, target, key);
}

static inline bool md4_filter_key(const hc_mb_args *args, const uint32_t *target, uint32_t *key)
{
    return md_filter_key(args, false, target, key);
}

/* A kernel of either family, specialised on (J, TWO, FILTER) by the
 * variants and on MD5 by the family. */
MB_INLINE size_t md_body(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                         unsigned *count, const unsigned J, const bool TWO, const unsigned FILTER, const bool MD5)
{
    const unsigned first = TWO ? J - 1 : J;
    /* MD_FILTER_ALL: every step up to A's (none undone, there being many targets) */
    const unsigned last = FILTER == MD_FILTER_ALL ? md_steps(MD5) - 1 : md_last(J, TWO, MD5);
    uint32_t km[64], q0[4], expected;
    md_prepare(args, MD5, first, last, km, q0, &expected);
    const V want = V_SET1(expected), pre0 = V_SET1(q0[0] + km[first]);
    V start[4];
    for (unsigned j = 0; j < 4; j++)
        start[(first + j) & 3] = V_SET1(q0[j]);
    if (MD5) {
        MD_LOOP(MD5_ROUNDS(MD5_STEP, MD_F, MD5_G, MD_H, MD5_I))
    }
    MD_LOOP(MD4_ROUNDS(MD4_STEP, MD_F, MD4_G, MD_H))
}

/* A family's kernels, f being md5 or md4 (NTLM is MD4 of the UTF-16LE
 * text, the engine laying out the characters: kernel.h): f_dispatch and
 * the variants it picks from. */
#define MD_FAMILY(f, MD5)                                                                                 \
    MB_INLINE size_t f##_body(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap, \
                              unsigned *count, const unsigned J, const bool TWO, const unsigned FILTER)   \
    {                                                                                                     \
        return md_body(args, u, end, hits, cap, count, J, TWO, FILTER, MD5);                              \
    }                                                                                                     \
    MD_VARIANTS(f)

#endif
