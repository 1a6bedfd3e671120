/* What every kernel shares, whatever its family and instruction set:
 * unrolling hints and the reporting of passing lanes. Included after the
 * instruction set's vec_<isa>.h. */
#ifndef HC_CRACK_MB_COMMON_H
#define HC_CRACK_MB_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../kernel.h"

#define MB_INLINE static inline __attribute__((always_inline))
#define MB_UNROLL _Pragma("GCC unroll 8")
#define MB_ROLLED _Pragma("GCC unroll 1")

/* Appends the lanes whose mask bit is set, in increasing u, to
 * hits[*count...], ignoring lanes at or past end (they hash table
 * padding); masks[k] covers the `width` lanes from u + k * width. The
 * kernel's own u, end, hits and count are its last four operands. */
#define MB_REPORT(masks, ni, width, u, end, hits, count)                                  \
    do {                                                                                  \
        unsigned any_ = 0;                                                                \
        for (int k_ = 0; k_ < (ni); k_++)                                                 \
            any_ |= (masks)[k_];                                                          \
        if (any_) {                                                                       \
            for (int k_ = 0; k_ < (ni); k_++) {                                           \
                unsigned m_ = (masks)[k_];                                                \
                while (m_) {                                                              \
                    size_t pos_ = (u) + (size_t)k_ * (width) + (size_t)__builtin_ctz(m_); \
                    m_ &= m_ - 1;                                                         \
                    if (pos_ < (end))                                                     \
                        (hits)[(*(count))++] = (uint32_t)pos_;                            \
                }                                                                         \
            }                                                                             \
        }                                                                                 \
    } while (0)

/* The message words every lane shares, broadcast once per call: the
 * array name[n] of vectors T, from words (args->w, or args->w64 for 64-bit
 * lanes) through set1. */
#define MB_BROADCAST_WORDS(T, name, n, set1, words) \
    T name[n];                                      \
    for (unsigned t_ = 0; t_ < (n); t_++)           \
        name[t_] = set1((words)[t_])

/* A kernel file's entry point (kernel.h's hc_mb_kernel) and its family's
 * filter key (hc_mb_filter_key), each a call of the family's code
 * compiled for the file's instruction set. */
#define MB_ENTRY(name, kernel)                                                                               \
    size_t name(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap, unsigned *count) \
    {                                                                                                        \
        return kernel(args, u, end, hits, cap, count);                                                       \
    }
/* A kernel file's free-lanes entry point (kernel.h's hc_lanes_fn): the
 * family's lanes loop compiled for the file's instruction set. */
#define MB_LANES_ENTRY(name, lanes)                                                 \
    void name(const hc_lanes_args *args, size_t n, uint32_t *hits, unsigned *count) \
    {                                                                               \
        lanes(args, n, hits, count);                                                \
    }
/* Free lanes: the start of a block in each of the INTERLEAVE vectors in
 * flight, k: its 16 message words w[k][t] = LOAD(t), read from the
 * caller's columns for vector k, and its n state words s[k][j], the
 * initial value iv[j] broadcast by SET1. */
#define MB_LANES_START(INTERLEAVE, w, LOAD, s, n, SET1, iv)            \
    MB_UNROLL for (int k = 0; k < (INTERLEAVE); k++) {                 \
        MB_UNROLL for (unsigned t = 0; t < 16; t++) w[k][t] = LOAD(t); \
        for (int j = 0; j < (n); j++)                                  \
            s[k][j] = SET1((iv)[j]);                                   \
    }
/* A kernel specialised on compile-time parameters of its family's body
 * (the varying word, ...): a function of its own, cache-line aligned. */
#define MB_VARIANT(name, body, ...)                                                                    \
    static __attribute__((noinline, aligned(64))) size_t name(const hc_mb_args *args, size_t u,        \
                                                             size_t end, uint32_t *hits, unsigned cap, \
                                                             unsigned *count)                          \
    {                                                                                                  \
        return body(args, u, end, hits, cap, count, __VA_ARGS__);                                      \
    }

/* The variants of a family's body for each (word, two) of words 0..7:
 * word 0 alone, words 1..7 alone (name_J) or with the one before
 * (name_Jt): body(args, ..., J, TWO). */
#define MB_WORD_VARIANTS(name, body)                                          \
    MB_VARIANT(name##_0, body, 0, false)                                      \
    MB_VARIANT(name##_1, body, 1, false) MB_VARIANT(name##_1t, body, 1, true) \
    MB_VARIANT(name##_2, body, 2, false) MB_VARIANT(name##_2t, body, 2, true) \
    MB_VARIANT(name##_3, body, 3, false) MB_VARIANT(name##_3t, body, 3, true) \
    MB_VARIANT(name##_4, body, 4, false) MB_VARIANT(name##_4t, body, 4, true) \
    MB_VARIANT(name##_5, body, 5, false) MB_VARIANT(name##_5t, body, 5, true) \
    MB_VARIANT(name##_6, body, 6, false) MB_VARIANT(name##_6t, body, 6, true) \
    MB_VARIANT(name##_7, body, 7, false) MB_VARIANT(name##_7t, body, 7, true)

/* kernel(args, ...): the variant of MB_WORD_VARIANTS(name, ...) for the
 * call's varying words, or `other` for words past 7. */
#define MB_WORD_DISPATCH(kernel, name, other)                                                                 \
    static inline size_t kernel(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,   \
                                unsigned *count)                                                              \
    {                                                                                                         \
        static hc_mb_kernel_fn *const variants[16] = {name##_0, name##_0,  name##_1, name##_1t, name##_2,     \
                                                      name##_2t, name##_3, name##_3t, name##_4, name##_4t,    \
                                                      name##_5, name##_5t, name##_6, name##_6t, name##_7,     \
                                                      name##_7t};                                             \
        unsigned i = args->word * 2 + (args->two && args->word > 0);                                          \
        return (i < 16 ? variants[i] : other)(args, u, end, hits, cap, count);                                \
    }

#define MB_FILTER_KEY_ENTRY(name, filter_key)                                \
    bool name(const hc_mb_args *args, const uint32_t *target, uint32_t *key) \
    {                                                                        \
        return filter_key(args, target, key);                                \
    }

/* Filter mode (kernel.h): is key one of the targets' keys? Asked only for
 * the lanes that passed the bitmap: one probe of the table, most often
 * (it is at most a quarter full). */
static inline bool mb_filter_has(const hc_mb_filter *f, uint32_t key)
{
    if (key == 0)
        return f->has_zero;
    for (uint32_t at = (key * HC_MB_FILTER_MIX) >> f->table_shift;; at = (at + 1) & f->table_mask) {
        uint32_t k = f->table[at];
        if (k == key)
            return true;
        if (k == 0)
            return false;
    }
}

/* Bit n mod 32 of each lane of w, moved to bit 0 (above it: garbage). */
#ifdef V_RORV
#define MB_BIT_DOWN(w, n) V_RORV(w, n)
#else
#define MB_BIT_DOWN(w, n) ((w) >> ((n) & 31))
#endif

/* The lanes of x that may be keys of the filter: their three bits set in
 * their word of the bitmap (one gather, from the L1 or L2 cache;
 * hc_mb_filter_bits says which bits). About one in 800 passes with 10,000
 * keys (targets.h): mb_filter_has
 * decides those (a gather of their home slots in the table first made
 * MD5 3% slower: it waits on the L2 cache where the scalar probe is
 * needed only for the few lanes left). */
MB_INLINE unsigned mb_filter_mask(V x, const hc_mb_filter *f)
{
    V words = V_GATHER(f->bitmap, x >> (f->shift + 5));
    return V_EQ(MB_BIT_DOWN(words, x) & MB_BIT_DOWN(words, x >> 5) & MB_BIT_DOWN(words, x >> 10) & 1, V_SET1(1));
}

/* MB_REPORT for filter mode: of the lanes set in masks[k] (mb_filter_mask
 * of keys[k]), those whose key is one of the filter's. */
#define MB_FILTER_REPORT(keys, masks, ni, width, filter, u, end, hits, count)   \
    do {                                                                        \
        for (int k_ = 0; k_ < (ni); k_++) {                                     \
            unsigned m_ = (masks)[k_];                                          \
            while (m_) {                                                        \
                unsigned lane_ = (unsigned)__builtin_ctz(m_);                   \
                size_t pos_ = (u) + (size_t)k_ * (width) + lane_;               \
                m_ &= m_ - 1;                                                   \
                if (pos_ < (end) && mb_filter_has((filter), (keys)[k_][lane_])) \
                    (hits)[(*(count))++] = (uint32_t)pos_;                      \
            }                                                                   \
        }                                                                       \
    } while (0)

/* The lanes of words[0..ni) (masks of `width` lanes from u, as MB_REPORT)
 * to report: those equal to want (one target), or in filter mode (filter,
 * the kernel's args->filter, not NULL) those that are one of the filter's
 * keys. For the families whose filter_key gives the word they compare. */
#define MB_REPORT_WORDS(words, ni, width, want, filter, u, end, hits, count)            \
    do {                                                                                \
        unsigned wmasks_[ni];                                                           \
        if ((filter) != NULL) {                                                         \
            for (int kw_ = 0; kw_ < (ni); kw_++)                                        \
                wmasks_[kw_] = mb_filter_mask((words)[kw_], (filter));                  \
            MB_FILTER_REPORT(words, wmasks_, ni, width, (filter), u, end, hits, count); \
        } else {                                                                        \
            for (int kw_ = 0; kw_ < (ni); kw_++)                                        \
                wmasks_[kw_] = V_EQ((words)[kw_], want);                                \
            MB_REPORT(wmasks_, ni, width, u, end, hits, count);                         \
        }                                                                               \
    } while (0)

/* The n message words of the lanes u.. of one vector: the constant words
 * xc[] with the varying bits of word J (and J - 1 when args->two) added
 * from the tables args->tab_hi, args->tab_lo (the 32- or 64-bit ones,
 * named by tab_hi and tab_lo, read with LOAD). */
#define MB_MESSAGE(x, xc, n, J, args, u, LOAD, tab_lo, tab_hi) \
    do {                                                       \
        for (unsigned i_ = 0; i_ < (n); i_++)                  \
            (x)[i_] = (xc)[i_];                                \
        (x)[J] += LOAD((args)->tab_hi + (u));                  \
        if ((args)->two)                                       \
            (x)[(J) - 1] += LOAD((args)->tab_lo + (u));        \
    } while (0)

#endif
