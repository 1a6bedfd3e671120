/* Brute force's path chosen by measurement on the running CPU.
 *
 * Which path is fastest is a property of the CPU, not of the code: on the
 * AVX-512 Xeon of issue 38 the AVX-512 SHA-256 kernel hashes 99 M/s and
 * the one-at-a-time path (OpenSSL with the SHA extensions) far less, while
 * on AMD Zen the SHA extensions one at a time may beat the kernels for
 * SHA-1 and SHA-256. So each path the CPU offers at or below the cap (a
 * kernel per level with an entry point of its own, and the generic path)
 * is timed on a slice of the search's own keyspace, by the engine itself
 * (hc_crack_run_probed with the path forced), and the fastest is kept for
 * the process, per row and cap.
 *
 * A measurement counts only what the engine hashes between its first poll
 * of job->cancelled and a later one, so setting up (the suffix tables,
 * the hasher) is left out, and in the thread's CPU time, so a busy machine
 * stretches a calibration but hardly changes its verdict. The paths are
 * timed in turn, ROUNDS times, each keeping its best: a burst of other
 * work slows one measurement, not the path's figure. Every measurement
 * also ends at MEASURE_WALL_SECONDS on the wall clock, so a starved thread
 * cannot hold a search up for long. */
#include <string.h>

#include "crack/engine_probe.h"
#include "crack/kernel.h"
#include "platform.h"

enum {
    ROUNDS = 3,
    /* the standard slice: 8 characters over the default dictionary, as
     * hc bench's brute-force figure */
    STANDARD_LENGTH = 8,
    /* the longest candidates a slice has (the engine's calibration length) */
    SLICE_LENGTH_MAX = 64
};
/* Thread CPU time per measurement, after the first poll: 10 to 40 polls
 * of the fast kernels (one per kernel call, a few thousand candidates),
 * and a few of the slowest rows one at a time. */
static const double MEASURE_SECONDS = 0.0003;
static const double MEASURE_WALL_SECONDS = 0.01;

typedef struct remembered {
    bool known;
    hc_crack_calibration report;
} remembered;

/* The choices made so far, per row and cap; under lock. */
static plat_mutex lock = PLAT_MUTEX_INIT;
static remembered choices[HC_ALGORITHM_COUNT][HC_SIMD_LEVEL_COUNT];
/* Tests: the factor each path's measured time is multiplied by (0: 1). */
static double handicaps[HC_CRACK_PATH_COUNT];

void hc_crack_calibration_forget(void)
{
    plat_mutex_lock(&lock);
    memset(choices, 0, sizeof(choices));
    plat_mutex_unlock(&lock);
}

void hc_crack_calibration_handicap(unsigned path, double factor)
{
    plat_mutex_lock(&lock);
    if (path < HC_CRACK_PATH_COUNT)
        handicaps[path] = factor;
    plat_mutex_unlock(&lock);
}

static unsigned path_of(const hc_crack_path_rate *rate)
{
    return rate->kernel ? (unsigned)rate->level : HC_CRACK_PATH_GENERIC;
}

/* ---- one measurement ---- */

typedef struct meter {
    hc_crack_progress progress;
    double wall_end;
    bool started;
    double start;
    uint64_t start_hashed;
    double seconds;  /* out: CPU time between the first poll and the last */
    uint64_t hashed; /* out: candidates hashed meanwhile */
} meter;

static double work_now(void)
{
    return plat_clock_seconds(PLAT_CLOCK_THREAD_WORK);
}

/* job->cancelled of a measurement; the engine has published its count. */
static bool meter_poll(void *arg)
{
    meter *m = arg;
    const double now = work_now();
    const uint64_t hashed = atomic_load_explicit(&m->progress.hashed, memory_order_relaxed);
    if (!m->started) {
        m->started = true;
        m->start = now;
        m->start_hashed = hashed;
        return false;
    }
    m->seconds = now - m->start;
    m->hashed = hashed - m->start_hashed;
    return m->seconds >= MEASURE_SECONDS || plat_clock_seconds(PLAT_CLOCK_MONOTONIC) >= m->wall_end;
}

/* Candidates per second of `path` on slice's keyspace; 0 when the slice
 * ended before two polls (too few candidates to tell). */
static double measure(const hc_crack_job *slice, unsigned path)
{
    meter m = {.wall_end = plat_clock_seconds(PLAT_CLOCK_MONOTONIC) + MEASURE_WALL_SECONDS};
    hc_crack_job job = *slice;
    job.progress = &m.progress;
    job.cancelled = meter_poll;
    job.cancel_arg = &m;
    hc_crack_probe probe = {
        .generic_only = path == HC_CRACK_PATH_GENERIC,
        .measuring = true,
        .measured_level = path == HC_CRACK_PATH_GENERIC ? HC_SIMD_PORTABLE : (hc_simd_level)path,
    };
    hc_crack_result result;
    if (hc_crack_run_probed(&job, &result, &probe) != HC_OK)
        return 0;
    hc_crack_result_free(&result);
    if (m.hashed == 0 || m.seconds <= 0)
        return 0;
    plat_mutex_lock(&lock);
    const double handicap = handicaps[path] > 0 ? handicaps[path] : 1;
    plat_mutex_unlock(&lock);
    return (double)m.hashed / (m.seconds * handicap);
}

/* ---- the slice ---- */

/* The longest candidates the row's kernel takes (characters). */
static uint32_t kernel_max_chars(const hc_mb_layout *layout)
{
    if (layout->padding == HC_MB_CRC_TABLE)
        return SLICE_LENGTH_MAX;
    return (layout->max_bytes - layout->lead_zeros) / layout->char_width;
}

/* A search of the job's dictionary or mask at the longest of its lengths a
 * kernel takes (the lengths that dominate a run), for one target nobody
 * is likely to have, on this thread; false when the job has no such
 * length (no kernel serves it: the choice does not matter). */
static bool job_slice(const hc_crack_job *job, const hc_mb_layout *layout, const uint8_t *target, hc_crack_job *slice)
{
    uint32_t len = kernel_max_chars(layout);
    if (len > SLICE_LENGTH_MAX)
        len = SLICE_LENGTH_MAX;
    if (len > job->max_len)
        len = job->max_len;
    if (len < job->min_len)
        return false;
    *slice = (hc_crack_job){
        .alg = job->alg, .target = target, .dict = job->dict, .dict_len = job->dict_len, .mask = job->mask,
        .min_len = len, .max_len = len, .threads = 1,
    };
    return true;
}

static bool standard_slice(const hc_algorithm *alg, const hc_mb_layout *layout, const uint8_t *target,
                           uint8_t dict[HC_DICT_MAX], hc_crack_job *slice)
{
    size_t dict_len;
    const char *spec = hc_crack_default_dictionary;
    if (hc_crack_dictionary(spec, strlen(spec), dict, &dict_len) != HC_OK)
        return false;
    const uint32_t max = kernel_max_chars(layout), len = max < STANDARD_LENGTH ? max : STANDARD_LENGTH;
    *slice = (hc_crack_job){
        .alg = alg, .target = target, .dict = dict, .dict_len = dict_len, .min_len = len, .max_len = len, .threads = 1,
    };
    return len >= 1;
}

/* ---- the calibration ---- */

/* The paths the CPU offers for alg at or below cap, highest level first,
 * the generic path last; 0 when there is no kernel (no choice). */
static size_t offered_paths(const hc_algorithm *alg, hc_simd_level cap, hc_crack_path_rate *paths)
{
    size_t n = 0;
    for (int level = (int)cap; level >= HC_SIMD_PORTABLE; level--) {
        hc_mb_layout layout;
        if (hc_kernel_layout(alg, (hc_simd_level)level, HC_KERNEL_ANY_ENTRY, &layout) && (int)layout.level == level)
            paths[n++] = (hc_crack_path_rate){.kernel = true, .level = (hc_simd_level)level};
    }
    if (n > 0)
        paths[n++] = (hc_crack_path_rate){.kernel = false};
    return n;
}

/* Each path's best rate on slice, fastest first (a stable order: a tie
 * keeps the higher level). false when a path could not be timed. */
static bool time_paths(const hc_crack_job *slice, hc_crack_path_rate *paths, size_t n)
{
    for (int round = 0; round < ROUNDS; round++)
        for (size_t i = 0; i < n; i++) {
            const double rate = measure(slice, path_of(&paths[i]));
            if (rate > paths[i].per_second)
                paths[i].per_second = rate;
        }
    for (size_t i = 0; i < n; i++)
        if (paths[i].per_second <= 0)
            return false;
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && paths[j].per_second > paths[j - 1].per_second; j--) {
            const hc_crack_path_rate t = paths[j];
            paths[j] = paths[j - 1];
            paths[j - 1] = t;
        }
    return true;
}

/* Measures alg's paths at or below cap: on job's slice when it has one
 * that can tell them apart, else on the standard slice. */
static void calibrate(const hc_algorithm *alg, hc_simd_level cap, const hc_crack_job *job, hc_crack_calibration *out)
{
    memset(out, 0, sizeof(*out));
    out->sha_extensions = (alg->kernel == &hc_kernel_sha1 || alg->kernel == &hc_kernel_sha256) && hc_cpu_has_sha_ni();
    hc_crack_path_rate paths[HC_CRACK_PATH_COUNT];
    const size_t n = offered_paths(alg, cap, paths);
    hc_mb_layout layout;
    if (n == 0 || !hc_kernel_layout(alg, cap, HC_KERNEL_ANY_ENTRY, &layout))
        return;
    uint8_t target[HC_MAX_DIGEST_LEN], dict[HC_DICT_MAX];
    memset(target, 0x5A, sizeof(target));
    hc_crack_job slice;
    hc_crack_path_rate timed[HC_CRACK_PATH_COUNT];
    memcpy(timed, paths, sizeof(paths));
    if (job == NULL || !job_slice(job, &layout, target, &slice) || !time_paths(&slice, timed, n)) {
        memcpy(timed, paths, sizeof(paths));
        if (!standard_slice(alg, &layout, target, dict, &slice) || !time_paths(&slice, timed, n))
            return; /* not even that: the highest level (hc_crack_choose) */
    }
    memcpy(out->paths, timed, n * sizeof(timed[0]));
    out->count = n;
}

/* The remembered calibration of alg at cap, made now if there is none. */
static void calibration_of(const hc_algorithm *alg, hc_simd_level cap, const hc_crack_job *job,
                           hc_crack_calibration *out)
{
    const ptrdiff_t row = alg - hc_algorithms;
    const bool rememberable = row >= 0 && row < HC_ALGORITHM_COUNT && cap < HC_SIMD_LEVEL_COUNT;
    if (rememberable) {
        plat_mutex_lock(&lock);
        const remembered r = choices[row][cap];
        plat_mutex_unlock(&lock);
        if (r.known) {
            *out = r.report;
            return;
        }
    }
    /* unlocked: two threads may both measure; either result serves */
    calibrate(alg, cap, job, out);
    if (rememberable) {
        plat_mutex_lock(&lock);
        choices[row][cap] = (remembered){.known = true, .report = *out};
        plat_mutex_unlock(&lock);
    }
}

unsigned hc_crack_choose(const hc_algorithm *alg, hc_simd_level cap, const hc_crack_job *job)
{
    hc_crack_calibration c;
    calibration_of(alg, cap, job, &c);
    if (c.count > 0)
        return path_of(&c.paths[0]);
    /* no choice, or none measurable: the highest entry point, if any */
    hc_mb_layout layout;
    return alg->kernel && hc_kernel_layout(alg, cap, HC_KERNEL_ANY_ENTRY, &layout) ? (unsigned)layout.level
                                                                                 : HC_CRACK_PATH_GENERIC;
}

hc_status hc_crack_calibration_sized(const hc_algorithm *alg, hc_crack_calibration *out, size_t size)
{
    if (size != sizeof(hc_crack_calibration))
        return HC_ERR_ABI;
    if (alg == NULL)
        return HC_ERR_INVALID;
    calibration_of(alg, hc_simd_active(), NULL, out);
    return HC_OK;
}
