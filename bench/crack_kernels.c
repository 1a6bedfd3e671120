/* Single-thread speed of the brute-force engine per algorithm and SIMD
 * level, without the CLI: candidates per second over the 6-character
 * keyspace of [0-9a-z] (a target that is never found).
 *
 *   build/crack_kernels [seconds-per-run] [algorithm ...]
 *
 * With one thread the engine runs on the calling thread, so seconds are
 * this thread's CPU time: other processes on a shared machine take turns
 * with it but do not count. Each configuration runs three times; the best
 * run is printed (noise only ever slows a run down). With no algorithm
 * named, every row with a kernel. The load average is printed first. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "algorithm_row.h"
#include "hc/cpu.h"
#include "hc/crack.h"
#include "simd.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

typedef struct budget {
    double end;
} budget;

static bool over(void *arg)
{
    return now() >= ((budget *)arg)->end;
}

static double rate(const hc_algorithm *alg, double seconds, uint32_t len)
{
    uint8_t target[HC_MAX_DIGEST_LEN], dict[HC_DICT_MAX];
    size_t d;
    memset(target, 0x5a, sizeof(target));
    hc_crack_dictionary("0-9a-z", 6, dict, &d);
    hc_crack_job *job;
    if (hc_crack_job_create(&job) != HC_OK)
        return 0;
    hc_crack_job_set_algorithm(job, alg);
    hc_crack_job_set_target(job, target);
    hc_crack_job_set_dictionary(job, dict, d);
    hc_crack_job_set_lengths(job, len, len);
    double best = 0;
    for (int run = 0; run < 3; run++) {
        budget b = {now() + seconds};
        hc_crack_job_set_cancel(job, over, &b);
        double start = now();
        hc_crack_result r;
        if (hc_crack_run(job, &r) != HC_OK)
            break;
        double r_s = (double)r.hashed.lo / (now() - start); /* seconds of work: far below 2^64 */
        hc_crack_result_free(&r);
        if (r_s > best)
            best = r_s;
    }
    hc_crack_job_free(job);
    return best;
}

/* The same messages through hc_hasher_oneshot in a bare loop: what the
 * algorithm's own code costs per candidate, without the engine. */
static double bare_rate(const hc_algorithm *alg, double seconds, uint32_t len)
{
    hc_hasher h;
    if (hc_hasher_open(&h, alg, NULL) != HC_OK)
        return 0;
    uint8_t msg[64] = "000000000000000000000000000000000000000000000000000000000000000", out[HC_MAX_DIGEST_LEN];
    uint64_t n = 0;
    double start = now(), end = start + seconds, t = start;
    while (t < end) {
        for (int i = 0; i < 4096; i++) {
            msg[len - 1] = (uint8_t)('0' + (i & 31));
            msg[len - 2] = (uint8_t)('0' + ((i >> 5) & 31));
            hc_hasher_oneshot(&h, msg, len, out);
        }
        n += 4096;
        t = now();
    }
    hc_hasher_close(&h);
    return (double)n / (t - start);
}

int main(int argc, char **argv)
{
    double seconds = argc > 1 ? atof(argv[1]) : 0.5;
    uint32_t len = getenv("LEN") ? (uint32_t)atoi(getenv("LEN")) : 6;
    hc_simd_level top = hc_simd_detected();
    FILE *loadavg = fopen("/proc/loadavg", "r");
    char load[64] = "?";
    if (loadavg) {
        if (fgets(load, sizeof(load), loadavg) == NULL)
            strcpy(load, "?");
        fclose(loadavg);
    }
    printf("load average: %s", load);
    printf("%-12s", "algorithm");
    for (int l = HC_SIMD_PORTABLE; l <= (int)top; l++)
        if (l != HC_SIMD_SSE41)
            printf(" %12s", hc_simd_name((hc_simd_level)l));
    printf(" %12s   (M candidates/s, 1 thread, length %u)\n", "bare loop", len);
    for (size_t i = 0; i < HC_ALGORITHM_COUNT; i++) {
        const hc_algorithm *alg = &hc_algorithms[i];
        bool wanted = argc <= 2 ? alg->kernel != NULL : false;
        for (int a = 2; a < argc; a++)
            wanted |= strcmp(argv[a], alg->name) == 0;
        if (!wanted)
            continue;
        printf("%-12s", alg->name);
        for (int l = HC_SIMD_PORTABLE; l <= (int)top; l++) {
            if (l == HC_SIMD_SSE41)
                continue;
            hc_simd_limit((hc_simd_level)l);
            printf(" %12.1f", rate(alg, seconds, len) / 1e6);
            fflush(stdout);
        }
        hc_simd_limit(HC_SIMD_AVX512);
        printf(" %12.1f\n", bare_rate(alg, seconds, len) / 1e6);
    }
    return 0;
}
