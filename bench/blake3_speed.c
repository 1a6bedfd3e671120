/* BLAKE3 speed.
 *
 *   blake3_speed [--simd LEVEL]       in-memory cycles/byte of every SIMD
 *                                     backend (or one) on one core, and
 *                                     per-call throughput for 4 KiB /
 *                                     64 KiB / 1 MiB
 *   blake3_speed --threshold          1 thread against 2 (update vs
 *                                     update_parallel) by input size
 *   blake3_speed --file F [--threads N] [--no-populate | --copy]
 *                [--advice sequential|willneed|hugepage] [--verbose]
 *                                     mmap F and hash it like `b3sum F`
 *                                     (N = 1: one thread, no pool;
 *                                     default: all CPUs). MAP_POPULATE by
 *                                     default: one call fills the page
 *                                     tables (~30 ms per GiB here), where
 *                                     faulting them in costs ~130 ms per
 *                                     GiB in this VM; --no-populate maps
 *                                     like b3sum does;
 *                                     --copy read()s it into memory first;
 *                                     --verbose times the two phases;
 *                                     --part-kib K: parts of at least K KiB
 *
 * Cycles: wall time x 3.6 GHz, the effective core clock measured on the dev
 * machine (a chain of dependent adds timed against the wall clock; the TSC
 * runs at 2.6 GHz there, so TSC ticks are shown too). The published AVX-512 figure for BLAKE3 is about 0.5
 * cycles/byte on one core. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "blake3/blake3_row.h"
#include "algorithm_row.h"
#include "hc/blake3.h"
#include "hc/cpu.h"
#include "hc/encode.h"
#include "hc/pool.h"
#include "simd.h"

#define CORE_GHZ 3.6
#define TSC_GHZ 2.596

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof(double), compare_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* One whole message: init, update (or update_parallel on pool, splitting
 * from min_bytes in parts of at least part_chunks), final. */
static void hash_once(const hc_algorithm *alg, void *ctx, const uint8_t *data, size_t len, hc_pool *pool,
                      size_t min_bytes, size_t part_chunks, uint8_t out[32])
{
    static const hc_params defaults;
    alg->init(ctx, alg, &defaults);
    if (pool != NULL)
        hc_blake3_update_parallel_tuned(ctx, data, len, pool, min_bytes, part_chunks);
    else
        alg->update(ctx, data, len);
    alg->final(ctx, out, 32);
}

/* Seconds per call over `reps` timed rounds of `calls` calls: the median,
 * and in *best the fastest round. On a shared machine other processes only
 * ever slow a round down, so the fastest round is the machine's speed and
 * the median what a user would see now. */
static double time_calls(const hc_algorithm *alg, void *ctx, const uint8_t *data, size_t len, hc_pool *pool,
                         size_t part_chunks, int calls, int reps, double *best)
{
    double wall[256];
    uint8_t out[32];
    if (reps > 256)
        reps = 256;
    hash_once(alg, ctx, data, len, pool, 2048, part_chunks, out);   /* warm up */
    for (int r = 0; r < reps; r++) {
        double t0 = now();
        for (int i = 0; i < calls; i++)
            hash_once(alg, ctx, data, len, pool, 2048, part_chunks, out);
        wall[r] = (now() - t0) / calls;
    }
    double m = median(wall, reps);   /* sorts: wall[0] is the fastest */
    if (best)
        *best = wall[0];
    return m;
}

static void *xmalloc(size_t n)
{
    void *p = aligned_alloc(64, (n + 63) / 64 * 64);
    if (p == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    return p;
}

static int run_backends(const hc_algorithm *alg, void *ctx, int only_level)
{
    const size_t big = 64u << 20, l2 = 512u << 10;
    uint8_t *buf = xmalloc(big);
    for (size_t i = 0; i < big; i++)
        buf[i] = (uint8_t)(i * 131 + (i >> 12));
    printf("BLAKE3 in memory, one core: cycles/byte = wall time x %.1f GHz; TSC (%.3f GHz) ticks/byte in\n"
           "brackets; fastest of many rounds (median of the rounds after the slash)\n", CORE_GHZ, TSC_GHZ);
    printf("%-9s %26s %26s %10s\n", "backend", "512 KiB (L2)", "64 MiB (DRAM)", "GB/s");
    for (int level = HC_SIMD_PORTABLE; level <= (int)hc_simd_detected(); level++) {
        if (only_level >= 0 && level != only_level)
            continue;
        hc_simd_limit((hc_simd_level)level);
        double best_small, best_big;
        double small = time_calls(alg, ctx, buf, l2, NULL, 1, 1, level == 0 ? 60 : 250, &best_small);
        double large = time_calls(alg, ctx, buf, big, NULL, 1, 1, level == 0 ? 3 : 15, &best_big);
        double cs = best_small * 1e9 / (double)l2, cb = best_big * 1e9 / (double)big;
        printf("%-9s %6.3f [%5.3f] / %5.3f c/B %6.3f [%5.3f] / %5.3f c/B %8.2f\n",
               hc_simd_name((hc_simd_level)level), cs * CORE_GHZ, cs * TSC_GHZ, small * 1e9 / (double)l2 * CORE_GHZ,
               cb * CORE_GHZ, cb * TSC_GHZ, large * 1e9 / (double)big * CORE_GHZ, (double)big / best_big / 1e9);
    }
    hc_simd_limit(only_level >= 0 ? (hc_simd_level)only_level : HC_SIMD_AVX512);
    printf("published: ~0.5 cycles/byte with AVX-512 on one core\n\n");

    printf("per call (init + update + final), %s, one core: fastest round (median)\n",
           hc_simd_name(hc_simd_active()));
    static const size_t sizes[] = {64, 1024, 2048, 3000, 4096, 8192, 16384, 65536, 1048576};
    for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
        size_t n = sizes[i];
        int calls = n < 65536 ? (int)(262144 / n) + 1 : 1;
        double best;
        double t = time_calls(alg, ctx, buf, n, NULL, 1, calls, 101, &best);
        printf("%8zu B: %8.2f us/call (%8.2f) %10.0f calls/s %7.2f GB/s %6.3f c/B\n", n, best * 1e6, t * 1e6,
               1 / best, (double)n / best / 1e9, best * CORE_GHZ * 1e9 / (double)n);
    }
    free(buf);
    return 0;
}

static int run_threshold(const hc_algorithm *alg, void *ctx)
{
    hc_pool *pool;
    if (hc_pool_create(&pool, 2) != HC_OK)
        return 1;
    const size_t max = 8u << 20;
    uint8_t *buf = xmalloc(max);
    memset(buf, 0x5A, max);
    printf("1 thread (update) vs 2 (update_parallel, parts of at least 16/32/64 KiB): fastest round, us per call\n");
    printf("%10s %10s %10s %10s %10s   best 2-thread / 1-thread\n", "bytes", "1 thread", "16 KiB", "32 KiB",
           "64 KiB");
    for (size_t n = 32 << 10; n <= max; n += n / 2 >= (32u << 10) && n < (1u << 20) ? n / 2 : n) {
        int calls = n < (1u << 20) ? (int)((1u << 20) / n) : 1;
        double one, two[3], best = 1e9;
        time_calls(alg, ctx, buf, n, NULL, 1, calls, 61, &one);
        for (int k = 0; k < 3; k++) {
            time_calls(alg, ctx, buf, n, pool, (size_t)16 << k, calls, 61, &two[k]);
            if (two[k] < best)
                best = two[k];
        }
        printf("%10zu %10.2f %10.2f %10.2f %10.2f   %5.2f\n", n, one * 1e6, two[0] * 1e6, two[1] * 1e6,
               two[2] * 1e6, best / one);
    }
    free(buf);
    hc_pool_destroy(pool);
    return 0;
}

static int run_file(const hc_algorithm *alg, void *ctx, const char *path, unsigned threads, int populate, int advice,
                    int copy, int verbose, size_t part_kib)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0) {
        perror(path);
        return 1;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        perror(path);
        return 1;
    }
    size_t len = (size_t)st.st_size;
    double t0 = now();
    const uint8_t *data = NULL;
    uint8_t *copied = NULL;
    if (len > 0 && copy) {
        /* read() into anonymous memory first: hashing then runs from
         * ordinary pages, the copy is timed apart. */
        copied = xmalloc(len);
        for (size_t done = 0; done < len;) {
            ssize_t n = read(fd, copied + done, len - done > (64u << 20) ? (64u << 20) : len - done);
            if (n <= 0) {
                perror("read");
                return 1;
            }
            done += (size_t)n;
        }
        data = copied;
    } else if (len > 0) {
        void *map = mmap(NULL, len, PROT_READ, MAP_PRIVATE | (populate ? MAP_POPULATE : 0), fd, 0);
        if (map == MAP_FAILED) {
            perror("mmap");
            return 1;
        }
        if (advice >= 0)
            madvise(map, len, advice);
        data = map;
    }
    hc_pool *pool = NULL;
    if (threads > 1 && hc_pool_create(&pool, threads) != HC_OK)
        return 1;
    double t1 = now();
    static const hc_params defaults;
    uint8_t out[32];
    char hex[65];
    alg->init(ctx, alg, &defaults);
    if (pool != NULL && part_kib > 0)
        hc_blake3_update_parallel_tuned(ctx, data, len, pool, HC_BLAKE3_PARALLEL_MIN, part_kib);
    else if (pool != NULL)
        alg->update_parallel(ctx, data, len, pool);
    else
        alg->update(ctx, data, len);
    alg->final(ctx, out, 32);
    double t2 = now();
    hc_hex_encode(out, 32, hex, true);
    printf("%s  %s\n", hex, path);
    if (verbose)
        fprintf(stderr, "map/read %.3f s, hash %.3f s (%.2f GB/s, %.3f c/B per thread at %.1f GHz)\n", t1 - t0,
                t2 - t1, (double)len / (t2 - t1) / 1e9, (t2 - t1) * CORE_GHZ * 1e9 * threads / (double)len,
                CORE_GHZ);
    hc_pool_destroy(pool);
    if (copied != NULL)
        free(copied);
    else if (len > 0)
        munmap((void *)(uintptr_t)data, len);
    close(fd);
    return 0;
}

int main(int argc, char **argv)
{
    const hc_algorithm *alg = hc_algorithm_find("blake3");
    void *ctx = xmalloc(alg->ctx_size);
    const char *file = NULL;
    unsigned threads = hc_cpu_count();
    int populate = 1, threshold = 0, only_level = -1, advice = -1, copy = 0, verbose = 0;
    size_t part_kib = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--file") == 0 && i + 1 < argc)
            file = argv[++i];
        else if (strcmp(argv[i], "--threads") == 0 && i + 1 < argc)
            threads = (unsigned)atoi(argv[++i]);
        else if (strcmp(argv[i], "--populate") == 0)
            populate = 1;
        else if (strcmp(argv[i], "--no-populate") == 0)
            populate = 0;
        else if (strcmp(argv[i], "--copy") == 0)
            copy = 1;
        else if (strcmp(argv[i], "--verbose") == 0)
            verbose = 1;
        else if (strcmp(argv[i], "--part-kib") == 0 && i + 1 < argc)
            part_kib = (size_t)atol(argv[++i]);
        else if (strcmp(argv[i], "--advice") == 0 && i + 1 < argc) {
            const char *a = argv[++i];
            advice = strcmp(a, "sequential") == 0 ? MADV_SEQUENTIAL
                     : strcmp(a, "willneed") == 0 ? MADV_WILLNEED
                     : strcmp(a, "hugepage") == 0 ? MADV_HUGEPAGE
                                                  : -1;
        }
        else if (strcmp(argv[i], "--threshold") == 0)
            threshold = 1;
        else if (strcmp(argv[i], "--simd") == 0 && i + 1 < argc) {
            hc_simd_level level;
            if (hc_simd_parse(argv[++i], &level) != HC_OK) {
                fprintf(stderr, "unknown SIMD level %s\n", argv[i]);
                return 2;
            }
            only_level = (int)level;
        }
        else {
            fprintf(stderr,
                    "usage: %s [--simd LEVEL | --threshold | --file F [--threads N] [--no-populate | --copy] "
                    "[--advice sequential|willneed|hugepage] [--verbose] [--part-kib K]]\n",
                    argv[0]);
            return 2;
        }
    }
    int rc = file ? run_file(alg, ctx, file, threads ? threads : 1, populate, advice, copy, verbose, part_kib)
             : threshold ? run_threshold(alg, ctx)
                         : run_backends(alg, ctx, only_level);
    free(ctx);
    return rc;
}
