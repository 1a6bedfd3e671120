/* Candidate counts as unsigned 128-bit integers, for fast arithmetic: the
 * search engine's inside the library, the command line's for its status
 * line, --skip/--limit and --part. The public API carries them as
 * hc_count, two 64-bit halves (hc/crack.h), which any C or C++ compiler
 * takes; each side converts at the API's edge only, never per candidate.
 * Both saturate at their all-ones value ("this many or more"). A helper
 * any layer may use (GCC and Clang, MinGW included, have the type). */
#ifndef HC_UTIL_COUNT128_H
#define HC_UTIL_COUNT128_H

#include <stdint.h>

#include "hc/crack.h"

__extension__ typedef unsigned __int128 count128;

#define COUNT128_MAX (~(count128)0)

static inline count128 count128_of(hc_count c)
{
    return (count128)c.hi << 64 | c.lo;
}

static inline hc_count hc_count_of(count128 v)
{
    hc_count c;
    c.lo = (uint64_t)v;
    c.hi = (uint64_t)(v >> 64);
    return c;
}

/* a + b and a * b, saturating */
static inline count128 count128_add_sat(count128 a, count128 b)
{
    return a > COUNT128_MAX - b ? COUNT128_MAX : a + b;
}

static inline count128 count128_mul_sat(count128 a, count128 b)
{
    return a != 0 && b > COUNT128_MAX / a ? COUNT128_MAX : a * b;
}

#endif
