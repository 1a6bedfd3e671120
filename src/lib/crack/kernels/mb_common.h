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

/* Appends the lanes whose mask bit is set, in increasing u, ignoring lanes
 * at or past end (they hash table padding); masks[k] covers the `width`
 * lanes from u + k * width. Uses u, end, hits and count of the kernel. */
#define MB_REPORT(masks, ni, width)                                                     \
    do {                                                                                \
        unsigned any_ = 0;                                                              \
        for (int k_ = 0; k_ < (ni); k_++)                                               \
            any_ |= (masks)[k_];                                                        \
        if (any_) {                                                                     \
            for (int k_ = 0; k_ < (ni); k_++) {                                         \
                unsigned m_ = (masks)[k_];                                              \
                while (m_) {                                                            \
                    size_t pos_ = u + (size_t)k_ * (width) + (size_t)__builtin_ctz(m_); \
                    m_ &= m_ - 1;                                                       \
                    if (pos_ < end)                                                     \
                        hits[(*count)++] = (uint32_t)pos_;                              \
                }                                                                       \
            }                                                                           \
        }                                                                               \
    } while (0)

/* Filter mode (kernel.h): is key one of the targets' keys? Asked only for
 * the lanes that passed the bitmap: one probe of the table, most often. */
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

/* The lanes of x that may be keys of the filter: their three bits set in
 * their word of the bitmap (one gather, from the L1 cache), and of those
 * (about one in 230 with 10,000 keys) the ones whose home slot in the table
 * is not empty (a gather of only those lanes): mb_filter_has decides them. */
MB_INLINE unsigned mb_filter_mask(V x, const hc_mb_filter *f)
{
    V mixed = x * HC_MB_FILTER_MIX;
    V words = V_GATHER(f->bitmap, x >> (f->shift + 5));
    unsigned m = V_EQ((words >> (mixed >> 27)) & (words >> ((mixed >> 22) & 31)) & (words >> ((mixed >> 17) & 31)) & 1,
                      V_SET1(1));
    if (m == 0)
        return 0;
    V slot = V_GATHER_MASKED(f->table, (x * HC_MB_FILTER_MIX) >> f->table_shift, m);
    return m & ~V_EQ(slot, V_SET1(0));
}

/* MB_REPORT for filter mode: of the lanes set in masks[k] (mb_filter_mask
 * of keys[k]), those whose key is one of the filter's. */
#define MB_FILTER_REPORT(keys, masks, ni, width, filter)                                             \
    do {                                                                                             \
        for (int k_ = 0; k_ < (ni); k_++) {                                                          \
            unsigned m_ = (masks)[k_];                                                               \
            while (m_) {                                                                             \
                unsigned lane_ = (unsigned)__builtin_ctz(m_);                                        \
                size_t pos_ = u + (size_t)k_ * (width) + lane_;                                      \
                m_ &= m_ - 1;                                                                        \
                if (pos_ < end && mb_filter_has((filter), (keys)[k_][lane_]))                        \
                    hits[(*count)++] = (uint32_t)pos_;                                               \
            }                                                                                        \
        }                                                                                            \
    } while (0)

/* The lanes of words[0..ni) (masks of `width` lanes from u, as MB_REPORT)
 * to report: those equal to want (one target), or in filter mode
 * (args->filter) those that are one of the filter's keys. For the
 * families whose filter_key gives the word they compare. */
#define MB_REPORT_WORDS(words, ni, width, want)                                               \
    do {                                                                                      \
        unsigned wmasks_[ni];                                                                 \
        if (args->filter != NULL) {                                                           \
            for (int kw_ = 0; kw_ < (ni); kw_++)                                              \
                wmasks_[kw_] = mb_filter_mask((words)[kw_], args->filter);                    \
            MB_FILTER_REPORT(words, wmasks_, ni, width, args->filter);                        \
        } else {                                                                              \
            for (int kw_ = 0; kw_ < (ni); kw_++)                                              \
                wmasks_[kw_] = V_EQ((words)[kw_], want);                                      \
            MB_REPORT(wmasks_, ni, width);                                                    \
        }                                                                                     \
    } while (0)

/* The n message words of the lanes u.. of one vector: the constant words
 * xc[] with the varying bits of word J (and J - 1) added from the tables
 * tab_hi, tab_lo (args' 32- or 64-bit ones, read with LOAD). */
#define MB_MESSAGE(x, n, LOAD, tab_lo, tab_hi)    \
    do {                                          \
        for (unsigned i_ = 0; i_ < (n); i_++)     \
            (x)[i_] = xc[i_];                     \
        (x)[J] += LOAD(args->tab_hi + u);         \
        if (args->two)                            \
            (x)[J - 1] += LOAD(args->tab_lo + u); \
    } while (0)

#endif
