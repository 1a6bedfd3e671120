/* What the brute-force engine's tests share (test_crack*.c): rows by
 * name, a wall-clock deadline for searches, the part holding a place of
 * the keyspace, the levels with a kernel entry point of their own.
 * Included after testutil.h. */
#ifndef HC_CRACK_TESTUTIL_H
#define HC_CRACK_TESTUTIL_H

#include <time.h>

#include "crack/job.h"
#include "crack/kernel.h"
#include "hc/crack.h"

/* The public API's counts (two 64-bit halves) as the tests' 128-bit
 * integers, converted by the library's own count128.h: each call goes
 * through the API's edge, so a count put together wrongly there fails the
 * tests' arithmetic. */
static inline count128 pow_count(uint64_t d, uint64_t l)
{
    return count128_of(hc_count_pow(d, l));
}

static inline count128 sum_count(uint64_t d, uint64_t lo, uint64_t hi)
{
    return count128_of(hc_count_sum(d, lo, hi));
}

static inline void slice_count(count128 total, uint64_t part, uint64_t parts, count128 *begin, count128 *end)
{
    hc_count b, e;
    hc_crack_slice(hc_count_of(total), part, parts, &b, &e);
    *begin = count128_of(b);
    *end = count128_of(e);
}

static inline hc_status job_size_count(const hc_crack_job *job, count128 *attempts, count128 *hashed)
{
    hc_count a, h;
    hc_status status = hc_crack_job_size(job, &a, &h);
    *attempts = count128_of(a);
    *hashed = count128_of(h);
    return status;
}

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
static inline uint64_t part_holding(count128 total, uint64_t parts, count128 pos)
{
    uint64_t lo = 1, hi = parts;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        count128 b, e;
        slice_count(total, mid, parts, &b, &e);
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
