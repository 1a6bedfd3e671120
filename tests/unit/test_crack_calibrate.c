/* Brute force's path chosen by measurement (src/lib/crack/calibrate.c):
 * the calibration times every path the CPU offers at or below the cap,
 * searches take its winner and hc_crack_kernel_name names it, a path made
 * to look slow (the test hook) loses, HC_SIMD's cap holds, the choice
 * never changes a search's answer or attempts, and a calibration is
 * bounded in CPU time. Expected answers come from the ordinary hasher
 * (OpenSSL's MD5 and SHA-256), never from the engine. */
#include "testutil.h"
#include "crack_testutil.h"

#include <time.h>

#include "crack/engine_probe.h"
#include "crack/kernel.h"
#include "hc/cpu.h"
#include "hc/crack.h"
#include "simd.h"

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The paths the CPU offers for alg at or below cap, as calibrate.c's
 * indices: each level with an entry point of its own, then generic. */
static size_t offered(const hc_algorithm *alg, hc_simd_level cap, unsigned *paths)
{
    size_t n = 0;
    for (int level = (int)cap; level >= HC_SIMD_PORTABLE; level--) {
        hc_mb_layout layout;
        if (hc_kernel_layout(alg, (hc_simd_level)level, HC_KERNEL_ANY_ENTRY, &layout) && (int)layout.level == level)
            paths[n++] = (unsigned)level;
    }
    if (n > 0)
        paths[n++] = HC_CRACK_PATH_GENERIC;
    return n;
}

static unsigned path_of(const hc_crack_path_rate *rate)
{
    return rate->kernel ? (unsigned)rate->level : HC_CRACK_PATH_GENERIC;
}

static const char *path_name(unsigned path)
{
    return path == HC_CRACK_PATH_GENERIC ? "generic" : hc_simd_name((hc_simd_level)path);
}

/* The calibration of alg at the active level, made afresh. */
static hc_crack_calibration fresh_calibration(const hc_algorithm *alg)
{
    hc_crack_calibration c;
    hc_crack_calibration_forget();
    CHECK(hc_crack_calibration(alg, &c) == HC_OK);
    return c;
}

/* Every offered path timed once, fastest first, with a rate. */
static void check_report(const hc_algorithm *alg, const hc_crack_calibration *c, hc_simd_level cap)
{
    unsigned want[HC_CRACK_PATH_COUNT];
    const size_t n = offered(alg, cap, want);
    CHECK_MSG(c->count == n, "%s: %zu paths timed, %zu offered", alg->name, c->count, n);
    for (size_t i = 0; i < n && i < c->count; i++) {
        bool seen = false;
        for (size_t j = 0; j < c->count; j++)
            seen |= path_of(&c->paths[j]) == want[i];
        CHECK_MSG(seen, "%s: the %s path was not timed", alg->name, path_name(want[i]));
        CHECK(c->paths[i].per_second > 0);
        CHECK(i == 0 || c->paths[i].per_second <= c->paths[i - 1].per_second);
    }
}

/* A search for "k9Zq" (or the given text) over [0-9a-zA-Z], lengths 1-4,
 * one thread: the answer and its attempts, and the path it took. */
static void search(const hc_algorithm *alg, bool any_entry, const char *text, hc_crack_result *r, hc_crack_probe *probe)
{
    uint8_t dict[HC_DICT_MAX], target[HC_MAX_DIGEST_LEN];
    size_t d;
    CHECK(hc_crack_dictionary("0-9a-zA-Z", 9, dict, &d) == HC_OK);
    /* NTLM hashes the text as UTF-16LE, each byte a code unit */
    const size_t len = strlen(text), width = (alg->flags & HC_ALG_TEXT_UTF16LE) ? 2 : 1;
    uint8_t message[16] = {0};
    for (size_t i = 0; i < len; i++)
        message[i * width] = (uint8_t)text[i];
    hc_hasher h;
    CHECK(hc_hasher_open(&h, alg, NULL) == HC_OK);
    hc_hasher_oneshot(&h, message, len * width, target);
    hc_hasher_close(&h);
    hc_crack_job job = {.alg = alg, .target = target, .dict = dict, .dict_len = d, .min_len = 1, .max_len = 4,
                        .threads = 1};
    memset(probe, 0, sizeof(*probe));
    probe->any_entry = any_entry;
    CHECK(hc_crack_run_probed(&job, r, probe) == HC_OK);
}

/* Attempts of "k9Zq" in the order of the contract (§5.5): the shorter
 * lengths, then its index among the 4-character ones. */
static count128 expected_attempts(void)
{
    const char *digits = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const char *text = "k9Zq";
    count128 index = 0;
    for (const char *p = text; *p; p++)
        index = index * 62 + (count128)(strchr(digits, *p) - digits);
    return 62 + 62 * 62 + 62 * 62 * 62 + index + 1;
}

/* The path a search takes with the calibration as it stands: the winner,
 * named by hc_crack_kernel_name, with the same answer and attempts as any
 * other path. */
static void check_search_takes(const hc_algorithm *alg, unsigned want)
{
    CHECK_MSG(strcmp(hc_crack_kernel_name(alg), path_name(want)) == 0, "%s: named %s, the winner is %s", alg->name,
              hc_crack_kernel_name(alg), path_name(want));
    hc_crack_result r;
    hc_crack_probe probe;
    search(alg, false, "k9Zq", &r, &probe);
    const bool generic = want == HC_CRACK_PATH_GENERIC;
    CHECK_MSG(r.found && r.found_len == 4 && memcmp(r.found_text, "k9Zq", 4) == 0 && count128_of(r.attempts) == expected_attempts(),
              "%s through %s: found=%d attempts %llu", alg->name, path_name(want), r.found,
              (unsigned long long)count128_of(r.attempts));
    CHECK_MSG(generic ? probe.kernel_candidates == 0 : probe.kernel_candidates > 0 && probe.kernel_level == want,
              "%s: the search took %s, the calibration chose %s", alg->name,
              probe.kernel_candidates ? hc_simd_name(probe.kernel_level) : "generic", path_name(want));
    hc_crack_result_free(&r);
}

/* Unhandicapped: every offered path timed, the winner taken. */
static void test_winner_taken(void)
{
    const char *rows[] = {"md5", "sha1", "sha256", "sha512", "ntlm", "crc32", "whirlpool"};
    for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
        const hc_algorithm *alg = alg_named(rows[i]);
        hc_crack_calibration c = fresh_calibration(alg);
        check_report(alg, &c, hc_simd_active());
        if (c.count > 0)
            check_search_takes(alg, path_of(&c.paths[0]));
    }
    /* each level timed at its own entry point: MD5's kernels are at least
     * 1.5x apart from level to level (AVX-512 16 lanes, AVX2 8, portable
     * C a few; 3x and 2x on the development machine), where timing means
     * something */
    if (!timing_meaningful())
        return;
    const hc_algorithm *md5 = alg_named("md5");
    hc_crack_calibration c = fresh_calibration(md5);
    double above = 0;
    for (int level = (int)hc_simd_active(); level >= HC_SIMD_PORTABLE; level--)
        for (size_t i = 0; i < c.count; i++)
            if (c.paths[i].kernel && (int)c.paths[i].level == level) {
                CHECK_MSG(above == 0 || above >= 1.5 * c.paths[i].per_second, "md5: %s kernel %.1f M/s, the level above %.1f",
                          hc_simd_name(c.paths[i].level), c.paths[i].per_second / 1e6, above / 1e6);
                above = c.paths[i].per_second;
            }
}

/* A path made slow loses: the fastest kernel, then every kernel, then the
 * generic path; each time the search follows, with the same answer. */
static void test_handicaps_change_the_choice(void)
{
    const hc_algorithm *md5 = alg_named("md5");
    unsigned paths[HC_CRACK_PATH_COUNT];
    const size_t n = offered(md5, hc_simd_active(), paths);
    CHECK(n >= 2); /* the portable kernel at least, and generic */
    /* the highest kernel slowed down a thousandfold: the next path wins */
    hc_crack_calibration_handicap(paths[0], 1000);
    hc_crack_calibration c = fresh_calibration(md5);
    check_report(md5, &c, hc_simd_active());
    CHECK_MSG(path_of(&c.paths[0]) != paths[0] && path_of(&c.paths[c.count - 1]) == paths[0],
              "md5: %s slowed down, still ahead of %s", path_name(paths[0]), path_name(path_of(&c.paths[0])));
    check_search_takes(md5, path_of(&c.paths[0]));
    /* every kernel slowed: one at a time */
    for (size_t i = 0; i + 1 < n; i++)
        hc_crack_calibration_handicap(paths[i], 1000);
    c = fresh_calibration(md5);
    CHECK(c.count == n && !c.paths[0].kernel);
    check_search_takes(md5, HC_CRACK_PATH_GENERIC);
    /* the generic path slowed instead: a kernel, never generic */
    for (size_t i = 0; i + 1 < n; i++)
        hc_crack_calibration_handicap(paths[i], 1);
    hc_crack_calibration_handicap(HC_CRACK_PATH_GENERIC, 1000);
    c = fresh_calibration(md5);
    CHECK(c.count == n && c.paths[0].kernel && !c.paths[n - 1].kernel);
    check_search_takes(md5, path_of(&c.paths[0]));
    hc_crack_calibration_handicap(HC_CRACK_PATH_GENERIC, 1);
}

/* HC_SIMD's cap (hc_simd_limit here): no path above it is timed or taken;
 * each cap has its own choice. */
static void test_cap_holds(void)
{
    const hc_algorithm *sha256 = alg_named("sha256");
    hc_crack_calibration_forget();
    for (int level = HC_SIMD_PORTABLE; level <= (int)hc_simd_detected(); level++) {
        hc_simd_limit((hc_simd_level)level);
        hc_crack_calibration c;
        CHECK(hc_crack_calibration(sha256, &c) == HC_OK);
        check_report(sha256, &c, (hc_simd_level)level);
        for (size_t i = 0; i < c.count; i++)
            CHECK_MSG(!c.paths[i].kernel || (int)c.paths[i].level <= level, "sha256: %s timed under the %s cap",
                      hc_simd_name(c.paths[i].level), hc_simd_name((hc_simd_level)level));
        if (c.count > 0)
            check_search_takes(sha256, path_of(&c.paths[0]));
    }
    hc_simd_limit(HC_SIMD_AVX512);
}

/* The first search of a row calibrates on its own keyspace and the
 * choice is kept; a job no kernel length serves, or whose keyspace is too
 * small to time, falls back to the standard slice. */
static void test_search_calibrates_once(void)
{
    const hc_algorithm *md5 = alg_named("md5");
    hc_crack_calibration_forget();
    hc_crack_result r;
    hc_crack_probe probe;
    search(md5, false, "k9Zq", &r, &probe);
    CHECK(r.found && count128_of(r.attempts) == expected_attempts());
    hc_crack_result_free(&r);
    hc_crack_calibration first, again;
    CHECK(hc_crack_calibration(md5, &first) == HC_OK && hc_crack_calibration(md5, &again) == HC_OK);
    CHECK(first.count >= 2 && again.count == first.count);
    for (size_t i = 0; i < first.count; i++)
        CHECK(path_of(&again.paths[i]) == path_of(&first.paths[i]) &&
              again.paths[i].per_second == first.paths[i].per_second);
    /* a one-character dictionary: 1 candidate per length, nothing to time */
    const uint8_t a = 'a';
    uint8_t target[HC_MAX_DIGEST_LEN];
    hc_hasher h;
    CHECK(hc_hasher_open(&h, md5, NULL) == HC_OK);
    hc_hasher_oneshot(&h, "aaa", 3, target);
    hc_hasher_close(&h);
    hc_crack_job tiny = {.alg = md5, .target = target, .dict = &a, .dict_len = 1, .min_len = 1, .max_len = 3,
                         .threads = 1};
    hc_crack_calibration_forget();
    CHECK(hc_crack_run(&tiny, &r) == HC_OK);
    CHECK(r.found && count128_of(r.attempts) == 3);
    hc_crack_result_free(&r);
    hc_crack_calibration c;
    CHECK(hc_crack_calibration(md5, &c) == HC_OK);
    check_report(md5, &c, hc_simd_active());
}

/* A calibration takes milliseconds of CPU: a few paths, a few rounds of a
 * fraction of a millisecond each, plus their set-up. Bounded by CPU time,
 * which a busy machine does not stretch. */
static void test_bounded(void)
{
    const char *rows[] = {"md5", "sha1", "sha256", "sha512", "ntlm"};
    const double start = cpu_now();
    for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
        (void)fresh_calibration(alg_named(rows[i]));
    const double spent = cpu_now() - start;
    fprintf(stderr, "  five rows calibrated in %.1f ms of CPU\n", spent * 1e3);
    CHECK_MSG(spent < 0.25, "five calibrations took %.3f s of CPU", spent);
}

/* The public call's guards. */
static void test_api(void)
{
    hc_crack_calibration c;
    CHECK(hc_crack_calibration_sized(alg_named("md5"), &c, sizeof(c) - 1) == HC_ERR_ABI);
    CHECK(hc_crack_calibration(NULL, &c) == HC_ERR_INVALID);
    /* a row without a kernel (if the table has one): nothing to choose,
     * one at a time */
    for (size_t i = 0; i < HC_ALGORITHM_COUNT; i++)
        if (hc_algorithms[i].kernel == NULL) {
            CHECK(hc_crack_calibration(&hc_algorithms[i], &c) == HC_OK && c.count == 0);
            CHECK(strcmp(hc_crack_kernel_name(&hc_algorithms[i]), "generic") == 0);
        }
    /* a cap below every entry point of the row: nothing to choose either */
    hc_simd_limit(HC_SIMD_SSE41);
    CHECK(hc_crack_calibration(alg_named("sha512"), &c) == HC_OK && c.count == 0);
    CHECK(strcmp(hc_crack_kernel_name(alg_named("sha512")), "generic") == 0);
    hc_simd_limit(HC_SIMD_AVX512);
    CHECK(hc_crack_calibration(alg_named("sha1"), &c) == HC_OK && c.sha_extensions == hc_cpu_has_sha_ni());
    CHECK(hc_crack_calibration(alg_named("md5"), &c) == HC_OK && !c.sha_extensions);
}

int main(void)
{
    test_api();
    test_winner_taken();
    test_handicaps_change_the_choice();
    test_cap_holds();
    test_search_calibrates_once();
    test_bounded();
    return test_report("test_crack_calibrate");
}
