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
