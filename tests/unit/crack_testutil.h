/* What the brute-force engine's tests share (test_crack*.c): rows by
 * name, a wall-clock deadline for searches, the part holding a place of
 * the keyspace, the levels with a kernel entry point of their own.
 * Included after testutil.h. */
#ifndef HC_CRACK_TESTUTIL_H
#define HC_CRACK_TESTUTIL_H

#include <time.h>

#include "crack/kernel.h"
#include "hc/crack.h"

static inline const hc_algorithm *alg_named(const char *name)
{
    const hc_algorithm *alg = hc_algorithm_find(name);
    if (alg == NULL) {
        fprintf(stderr, "no algorithm %s\n", name);
        exit(2);
    }
    return alg;
}

static inline double wall_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* job->cancelled for a search that must not hang the suite (a broken
 * kernel that never reports its match in a keyspace of 2^128): arg is the
 * wall-clock deadline, a double. */
static inline bool past_deadline(void *arg)
{
    if (wall_now() < *(const double *)arg)
        return false;
    fprintf(stderr, "a search ran past its deadline: stopped\n");
    return true;
}

/* The part number (1-based) of the slice holding position pos. */
static inline uint64_t part_holding(hc_count total, uint64_t parts, hc_count pos)
{
    uint64_t lo = 1, hi = parts;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        hc_count b, e;
        hc_crack_slice(total, mid, parts, &b, &e);
        if (pos >= e)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Timing means nothing where the kernels' code is instrumented and the
 * libraries' is not (ASan and TSan slow the SHA-3 kernel to 1.3x the
 * generic path, and MD5's AVX-512 kernel below its AVX2 one), nor under an
 * emulator (HC_TEST_NO_TIMING, set by the cross builds): there the counts
 * alone prove the wiring. */
static inline bool timing_meaningful(void)
{
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    return false;
#else
    return getenv("HC_TEST_NO_TIMING") == NULL;
#endif
}

/* The levels at which a row's kernel has an entry point of its own (a
 * level without one runs a lower level's, tested at that level), whatever
 * the calibration would pick. */
static inline bool own_entry(const hc_algorithm *alg, hc_simd_level level)
{
    hc_mb_layout layout;
    return hc_kernel_layout(alg, level, HC_KERNEL_ANY_ENTRY, &layout) && layout.level == level;
}

#endif
