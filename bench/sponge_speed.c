/* In-memory throughput of our SHA-3 and BLAKE2 against OpenSSL's EVP, on
 * the same buffer in the same run, with the ratio ours / OpenSSL.
 *
 *   build/sponge_speed [message bytes, default 16384] [trials, default 2000]
 *
 * Each trial hashes one whole message (init, update, final), timed with
 * CLOCK_MONOTONIC. Trials of all contenders are interleaved round-robin so
 * that frequency changes and other load on the machine hit them alike; the
 * table shows the median and the best trial. cycles/byte assume a 3.6 GHz
 * effective clock (the dev machine's, measured once), not one measured here. Ours is
 * run at every SIMD level the CPU has (forced with hc_simd_limit); the
 * ratio uses the level hc picks by itself. */
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "algorithm_row.h"
#include "hc/cpu.h"
#include "simd.h"

#define CLOCK_GHZ 3.6

typedef struct contender {
    const char *label;
    const hc_algorithm *alg;   /* ours, or NULL for OpenSSL */
    hc_simd_level level;
    const EVP_MD *md;          /* OpenSSL */
    double *ns;                /* one entry per trial */
} contender;

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double run_trial(contender *c, hc_hasher *hasher, EVP_MD_CTX *evp, const uint8_t *buf, size_t len,
                        uint8_t *out)
{
    double start, stop;
    if (c->alg) {
        hc_simd_limit(c->level);
        start = now_ns();
        hc_hasher_oneshot(hasher, buf, len, out);
        stop = now_ns();
    } else {
        unsigned out_len = 0;
        start = now_ns();
        if (EVP_DigestInit_ex(evp, c->md, NULL) != 1 || EVP_DigestUpdate(evp, buf, len) != 1 ||
            EVP_DigestFinal_ex(evp, out, &out_len) != 1) {
            fprintf(stderr, "sponge_speed: OpenSSL %s failed\n", c->label);
            exit(2);
        }
        stop = now_ns();
    }
    return stop - start;
}

static void bench_one(const char *name, const char *openssl_name, const uint8_t *buf, size_t len, int trials)
{
    const hc_algorithm *alg = hc_algorithm_find(name);
    const EVP_MD *md = EVP_get_digestbyname(openssl_name);
    if (alg == NULL || md == NULL) {
        fprintf(stderr, "sponge_speed: %s or %s unavailable\n", name, openssl_name);
        exit(2);
    }
    hc_simd_level top = hc_simd_detected();
    contender list[HC_SIMD_LEVEL_COUNT + 1];
    int n = 0;
    for (int level = HC_SIMD_PORTABLE; level <= (int)top; level++)
        list[n++] = (contender){.label = hc_simd_name((hc_simd_level)level), .alg = alg, .level = (hc_simd_level)level};
    list[n++] = (contender){.label = "OpenSSL", .md = md};

    hc_hasher hasher;
    EVP_MD_CTX *evp = EVP_MD_CTX_new();
    if (hc_hasher_open(&hasher, alg, NULL) != HC_OK || evp == NULL) {
        fprintf(stderr, "sponge_speed: out of memory\n");
        exit(2);
    }
    uint8_t digests[HC_SIMD_LEVEL_COUNT + 1][EVP_MAX_MD_SIZE];
    for (int i = 0; i < n; i++) {
        list[i].ns = malloc(sizeof(double) * (size_t)trials);
        if (list[i].ns == NULL) {
            fprintf(stderr, "sponge_speed: out of memory\n");
            exit(2);
        }
        run_trial(&list[i], &hasher, evp, buf, len, digests[i]); /* warm up */
    }
    for (int t = 0; t < trials; t++)
        for (int i = 0; i < n; i++)
            list[i].ns[t] = run_trial(&list[i], &hasher, evp, buf, len, digests[i]);
    hc_simd_limit(HC_SIMD_AVX512);

    printf("%-10s %-9s %10s %8s %10s\n", name, "backend", "GB/s med", "cyc/B", "GB/s best");
    double median[HC_SIMD_LEVEL_COUNT + 1];
    for (int i = 0; i < n; i++) {
        qsort(list[i].ns, (size_t)trials, sizeof(double), cmp_double);
        median[i] = list[i].ns[trials / 2];
        double best = list[i].ns[0];
        printf("%-10s %-9s %10.3f %8.2f %10.3f%s\n", "", list[i].label, (double)len / median[i],
               median[i] * CLOCK_GHZ / (double)len, (double)len / best,
               memcmp(digests[i], digests[n - 1], hasher.out_len) ? "  DIGEST MISMATCH" : "");
        free(list[i].ns);
    }
    /* The level hc uses by itself is the highest one detected. */
    printf("%-10s ratio ours(%s)/OpenSSL = %.2f (median throughput)\n\n", "", hc_simd_name(top),
           median[n - 2] > 0 ? median[n - 1] / median[n - 2] : 0.0);
    hc_hasher_close(&hasher);
    EVP_MD_CTX_free(evp);
}

int main(int argc, char **argv)
{
    size_t len = argc > 1 ? strtoull(argv[1], NULL, 10) : 16384;
    int trials = argc > 2 ? atoi(argv[2]) : 2000;
    if (len == 0 || trials <= 0) {
        fprintf(stderr, "usage: sponge_speed [message bytes] [trials]\n");
        return 2;
    }
    uint8_t *buf = malloc(len);
    if (buf == NULL)
        return 2;
    uint64_t x = 0x9E3779B97F4A7C15ull;
    for (size_t i = 0; i < len; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        buf[i] = (uint8_t)x;
    }
    /* Other load on the machine changes the ratios (it slows scalar code
     * more than vector code), so the run says what the load was. */
    char load[64] = "unknown";
    FILE *f = fopen("/proc/loadavg", "r");
    if (f != NULL) {
        if (fgets(load, sizeof(load), f) != NULL) {
            /* The 1, 5 and 15 minute averages are the first three fields. */
            char *end = load;
            for (int field = 0; field < 3 && end != NULL; field++)
                end = strchr(end + (field > 0), ' ');
            if (end != NULL)
                *end = '\0';
        }
        fclose(f);
    }
    printf("message %zu bytes, %d trials each, interleaved; CPU SIMD level %s; load average %s\n\n", len,
           trials, hc_simd_name(hc_simd_detected()), load);
    bench_one("sha-3-256", "SHA3-256", buf, len, trials);
    bench_one("sha-3-512", "SHA3-512", buf, len, trials);
    bench_one("blake2b", "BLAKE2b512", buf, len, trials);
    bench_one("blake2s", "BLAKE2s256", buf, len, trials);
    free(buf);
    return 0;
}
