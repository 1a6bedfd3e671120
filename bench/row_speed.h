/* The in-memory speed of one row, shared by the benchmarks that compare
 * backends (bench_classic.c, backend_speed.c): best of five one-shot
 * hashes of one buffer, the wall clock through CLOCK_MONOTONIC
 * (winpthreads provides it on Windows). */
#ifndef HC_BENCH_ROW_SPEED_H
#define HC_BENCH_ROW_SPEED_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "algorithm_row.h"

static double seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* MB/s (10^6 bytes per second) of the best of five one-shot hashes. */
static double speed(const hc_algorithm *alg, const uint8_t *data, size_t len)
{
    hc_hasher h;
    if (hc_hasher_open(&h, alg, NULL) != HC_OK) {
        fprintf(stderr, "cannot open %s\n", alg->name);
        exit(2);
    }
    uint8_t out[HC_MAX_DIGEST_LEN];
    double best = 1e30;
    for (int run = 0; run < 5; run++) {
        double start = seconds_now();
        hc_hasher_oneshot(&h, data, len, out);
        double elapsed = seconds_now() - start;
        if (elapsed < best)
            best = elapsed;
    }
    hc_hasher_close(&h);
    return (double)len / best / 1e6;
}

#endif
