/* The brute-force engine (hc/crack.h): dictionary rules, keyspace math,
 * enumeration order and attempts, parts, determinism across threads, every
 * row's kernel at every SIMD level against the ordinary hasher, the
 * kernels' wiring and speed, cancellation, bad jobs. */
#include "testutil.h"
#include "crack_testutil.h"

#include <time.h>

#include "crack/engine_probe.h"
#include "crack/kernel.h"
#include "hc/cpu.h"
#include "hc/crack.h"
#include "simd.h"

/* Every search in these tests takes milliseconds; one that runs on (a
 * broken kernel that never reports its match, in a keyspace of 2^128
 * candidates) is stopped here and fails its check instead of hanging the
 * suite until ctest's timeout. Generous for ASan/TSan on a loaded machine
 * (the slowest search measured 30 ms under TSan). */
enum { SEARCH_DEADLINE_S = 5 };

/* hc_crack_run with the deadline (the job's own cancel callback, if any,
 * is kept), on every kernel entry point, also one the generic path
 * outruns on this CPU (HC_KERNEL_ANY_ENTRY): the tests cover code, the
 * choice is test_kernel_wiring's. */
static hc_status run_bounded(hc_crack_job *job, hc_crack_result *r)
{
    double deadline = wall_now() + SEARCH_DEADLINE_S;
    if (job->cancelled == NULL) {
        job->cancelled = past_deadline;
        job->cancel_arg = &deadline;
    }
    hc_crack_probe probe = {.any_entry = true};
    hc_status st = hc_crack_run_probed(job, r, &probe);
    if (job->cancelled == past_deadline)
        job->cancelled = NULL, job->cancel_arg = NULL;
    return st;
}

typedef struct crack_case {
    const hc_algorithm *alg;
    const char *dict;      /* a dictionary spec */
    uint32_t min_len, max_len;
    uint64_t part, parts;
    unsigned threads;
} crack_case;

/* Cracks the digest of text; returns the result (caller frees). */
static hc_crack_result crack_text(const crack_case *c, const uint8_t *text, size_t len)
{
    uint8_t target[HC_MAX_DIGEST_LEN], dict[HC_DICT_MAX];
    size_t dict_len;
    text_digest(c->alg, text, len, target);
    CHECK(hc_crack_dictionary(c->dict, strlen(c->dict), dict, &dict_len) == HC_OK);
    hc_crack_job job = {
        .alg = c->alg,
        .target = target,
        .dict = dict,
        .dict_len = dict_len,
        .min_len = c->min_len,
        .max_len = c->max_len,
        .part = c->part,
        .parts = c->parts,
        .threads = c->threads ? c->threads : 1,
    };
    hc_crack_result r;
    hc_status st = run_bounded(&job, &r);
    CHECK_MSG(st == HC_OK && !r.cancelled, "hc_crack_run: %s%s", hc_status_text(st),
              r.cancelled ? " (past the deadline)" : "");
    return r;
}

static bool found_is(const hc_crack_result *r, const void *text, size_t len)
{
    return r->found && r->found_len == len && memcmp(r->found_text, text, len) == 0;
}

static uint64_t low64(count128 n)
{
    return (uint64_t)n;
}

/* ---- dictionary (§5.2) ---------------------------------------------------------- */

static void check_dict(const char *spec, const char *expected, size_t expected_len)
{
    uint8_t out[HC_DICT_MAX];
    size_t n = 99;
    CHECK(hc_crack_dictionary(spec, strlen(spec), out, &n) == HC_OK);
    CHECK_MSG(n == expected_len && memcmp(out, expected, n) == 0, "dictionary of '%s': %zu bytes '%.*s'", spec, n,
              (int)n, (const char *)out);
}

static void test_dictionary(void)
{
    check_dict("0-9a-zA-Z", "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", 62);
    check_dict(hc_crack_default_dictionary, "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", 62);
    check_dict("[0-9]", "[0123456789]", 12);
    check_dict("0-9abc0", "0123456789abc", 13);
    check_dict("a-f", "a-f", 3);
    check_dict("abcabc", "abc", 3);
    check_dict("", "", 0);
    check_dict("xASCIIx", "!\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~",
               94);
    /* UTF-8 split into bytes: е г р а б = d0 b5, d0 b3, d1 80, d0 b0, d0 b1. */
    check_dict("\xd0\xb5\xd0\xb3\xd1\x80\xd0\xb0\xd0\xb1", "\xd0\xb5\xb3\xd1\x80\xb0\xb1", 7);
    /* Replacements apply in order, not recursively. */
    check_dict("A-a-z", "A-abcdefghijklmnopqrstuvwxyz", 28);
    check_dict("9-0", "9-0", 3);
}

/* ---- counts ------------------------------------------------------------------------- */

static void test_counts(void)
{
    CHECK(pow_count(62, 0) == 1);
    CHECK(pow_count(62, 3) == 238328);
    CHECK(pow_count(2, 127) == (count128)1 << 127);
    CHECK(pow_count(2, 128) == COUNT128_MAX);
    CHECK(pow_count(256, 16) == COUNT128_MAX);
    CHECK(pow_count(256, HC_CRACK_MAX_LENGTH) == COUNT128_MAX);
    CHECK(pow_count(1, HC_CRACK_MAX_LENGTH) == 1);
    CHECK(pow_count(0, 5) == 0);
    CHECK(sum_count(62, 1, 2) == 62 + 3844);
    CHECK(sum_count(62, 1, 10) == (pow_count(62, 11) - 62) / 61);
    CHECK(sum_count(3, 1, 3) == 39);
    CHECK(sum_count(1, 1, HC_CRACK_MAX_LENGTH) == HC_CRACK_MAX_LENGTH);
    CHECK(sum_count(62, 1, 0) == 0);
    CHECK(sum_count(62, 1, 30) == COUNT128_MAX);
    CHECK(sum_count(62, 1, HC_CRACK_MAX_LENGTH) == COUNT128_MAX);
    /* 62^21 still fits 128 bits, the sum to 21 too; 62^22 does not. */
    CHECK(sum_count(62, 1, 21) != COUNT128_MAX && sum_count(62, 1, 22) == COUNT128_MAX);
    /* 64 bits end at 62^11: the counts go on. */
    CHECK(sum_count(62, 1, 11) > UINT64_MAX);

    /* Slices tile [0, total) for any total and part count. */
    const count128 totals[] = {0, 1, 2, 39, 1000, 999983, (count128)UINT64_MAX * 7 + 5, COUNT128_MAX};
    const uint64_t counts[] = {1, 2, 3, 7, 10, 1000, UINT64_MAX};
    for (size_t i = 0; i < sizeof(totals) / sizeof(totals[0]); i++) {
        for (size_t j = 0; j < sizeof(counts) / sizeof(counts[0]); j++) {
            uint64_t parts = counts[j];
            count128 prev_end = 0;
            bool tiled = true;
            uint64_t probe_parts[] = {1, 2, parts / 2 + 1, parts - 1, parts};
            /* Consecutive parts meet; the first starts at 0, the last ends at total. */
            for (size_t k = 0; k < 5; k++) {
                uint64_t p = probe_parts[k];
                if (p < 1 || p > parts)
                    continue;
                count128 b, e, b2, e2;
                slice_count(totals[i], p, parts, &b, &e);
                if (p < parts) {
                    slice_count(totals[i], p + 1, parts, &b2, &e2);
                    tiled &= e == b2;
                }
                tiled &= b <= e && e <= totals[i];
                if (p == 1)
                    tiled &= b == 0;
                if (p == parts)
                    tiled &= e == totals[i];
                /* equal within one */
                count128 size = e - b, q = totals[i] / parts;
                tiled &= size == q || size == q + 1;
            }
            if (parts <= 1000) {
                for (uint64_t p = 1; p <= parts; p++) {
                    count128 b, e;
                    slice_count(totals[i], p, parts, &b, &e);
                    tiled &= b == prev_end;
                    prev_end = e;
                }
                tiled &= prev_end == totals[i];
            }
            CHECK_MSG(tiled, "slices of total #%zu into %llu parts", i, (unsigned long long)parts);
        }
    }
}

/* ---- order and attempts (§5.5) ------------------------------------------------------------ */

/* The i-th candidate (0-based, global order from length 1) over dict. */
static size_t nth_candidate(const char *dict, size_t d, uint64_t i, uint8_t *out)
{
    size_t len = 1;
    uint64_t n = d;
    while (i >= n) {
        i -= n;
        len++;
        n *= d;
    }
    for (size_t k = len; k-- > 0;) {
        out[k] = (uint8_t)dict[i % d];
        i /= d;
    }
    return len;
}

static void test_order(void)
{
    const char *names[] = {"md5", "sha512", "crc32", "ntlm", "sha1"};
    for (size_t a = 0; a < sizeof(names) / sizeof(names[0]); a++) {
        for (unsigned threads = 1; threads <= 3; threads += 2) {
            crack_case c = {alg_named(names[a]), "abc", 1, 3, 0, 0, threads};
            for (uint64_t i = 0; i < 39; i++) {
                uint8_t text[8];
                size_t len = nth_candidate("abc", 3, i, text);
                hc_crack_result r = crack_text(&c, text, len);
                CHECK_MSG(found_is(&r, text, len) && count128_of(r.attempts) == i + 1,
                          "%s T%u: candidate %llu found=%d attempts=%llu", names[a], threads,
                          (unsigned long long)i, r.found, (unsigned long long)low64(count128_of(r.attempts)));
                hc_crack_result_free(&r);
            }
        }
    }
    /* The contract's example: "123" with the default dictionary takes
     * 62 + 62^2 + 3972 = 7878 attempts, on any number of threads. */
    for (unsigned threads = 1; threads <= 4; threads++) {
        crack_case c = {alg_named("md5"), hc_crack_default_dictionary, 1, 3, 0, 0, threads};
        hc_crack_result r = crack_text(&c, (const uint8_t *)"123", 3);
        CHECK_MSG(found_is(&r, "123", 3) && count128_of(r.attempts) == 7878, "123 on %u threads: %llu attempts", threads,
                  (unsigned long long)low64(count128_of(r.attempts)));
        hc_crack_result_free(&r);
    }
    /* Shorter than -n: counted, never hashed (§5.3). */
    crack_case c = {alg_named("md5"), "abc", 2, 3, 0, 0, 1};
    hc_crack_result r = crack_text(&c, (const uint8_t *)"ab", 2);
    CHECK(found_is(&r, "ab", 2) && count128_of(r.attempts) == 3 + 2);
    hc_crack_result_free(&r);
    r = crack_text(&c, (const uint8_t *)"a", 1);
    CHECK(!r.found && count128_of(r.attempts) == 39 && count128_of(r.hashed) == 36 && !r.cancelled);
    hc_crack_result_free(&r);
}

/* ---- parts --------------------------------------------------------------------------------- */

static void test_parts(void)
{
    const char *names[] = {"md5", "crc32"};
    for (size_t a = 0; a < 2; a++) {
        for (uint32_t min_len = 1; min_len <= 2; min_len++) {
            uint64_t skip = min_len == 2 ? 3 : 0; /* candidates shorter than min_len */
            for (uint64_t parts = 1; parts <= 8; parts++) {
                count128 total = sum_count(3, min_len, 3);
                uint64_t exhausted_sum = 0;
                for (uint64_t part = 1; part <= parts; part++) {
                    crack_case c = {alg_named(names[a]), "abc", min_len, 3, part, parts, 2};
                    count128 begin, end;
                    slice_count(total, part, parts, &begin, &end);
                    /* Exhausting a part counts exactly its slice. */
                    hc_crack_result r = crack_text(&c, (const uint8_t *)"zz", 2);
                    CHECK(!r.found && count128_of(r.attempts) == end - begin);
                    exhausted_sum += low64(count128_of(r.attempts));
                    hc_crack_result_free(&r);
                }
                CHECK(exhausted_sum == low64(total));
                /* Each candidate is found in exactly one part, the one whose
                 * slice holds it, after (position - begin + 1) attempts. */
                for (uint64_t i = skip; i < 39; i++) {
                    uint8_t text[8];
                    size_t len = nth_candidate("abc", 3, i, text);
                    unsigned found_in = 0;
                    for (uint64_t part = 1; part <= parts; part++) {
                        crack_case c = {alg_named(names[a]), "abc", min_len, 3, part, parts, 1};
                        count128 begin, end;
                        slice_count(total, part, parts, &begin, &end);
                        hc_crack_result r = crack_text(&c, text, len);
                        bool inside = (i - skip) >= begin && (i - skip) < end;
                        if (r.found) {
                            found_in++;
                            CHECK(inside && found_is(&r, text, len) && count128_of(r.attempts) == (i - skip) - begin + 1);
                        } else {
                            CHECK(!inside);
                        }
                        hc_crack_result_free(&r);
                    }
                    CHECK_MSG(found_in == 1, "%s candidate %llu found in %u of %llu parts", names[a],
                              (unsigned long long)i, found_in, (unsigned long long)parts);
                }
            }
        }
    }
}

/* ---- SIMD kernels against the portable path ------------------------------------------------ */

/* A random dictionary of n distinct bytes. */
static void random_dict(char *out, size_t n)
{
    bool used[256] = {false};
    for (size_t i = 0; i < n;) {
        uint8_t c = (uint8_t)rng();
        if (c == 0 || used[c])
            continue;
        used[c] = true;
        out[i++] = (char)c;
    }
    out[n] = '\0';
}

/* Random candidates of every length a kernel takes, found through a small
 * slice around them: exercises every varying word, one and two varying
 * words, chunk starts inside a kernel call, hits in every lane. With
 * `every_length` false (a family whose layout another row has swept at this
 * level), only the shortest lengths, some in between and the longest. */
static void kernel_sweep(const hc_algorithm *alg, hc_simd_level level, bool every_length)
{
    hc_simd_limit(level);
    const size_t dict_sizes[] = {1, 2, 3, 7, 10, 26, 62, 94, 200, 255};
    /* Up to two past the longest message a kernel takes (the row's own
     * limit, after any leading bytes, in characters); CRCs take any length. */
    hc_mb_layout layout;
    CHECK(hc_kernel_layout(alg, level, HC_KERNEL_ANY_ENTRY, &layout));
    uint32_t max_len =
        layout.padding == HC_MB_CRC_TABLE ? 70 : (layout.max_bytes - layout.lead_zeros) / layout.char_width;
    for (uint32_t len = 1; len <= max_len + 2; len++) {
        if (!every_length && len > 4 && len + 3 < max_len && len % 13 != 0)
            continue;
        for (int rep = 0; rep < 2; rep++) {
            size_t d = dict_sizes[rng() % (sizeof(dict_sizes) / sizeof(dict_sizes[0]))];
            char dict[257];
            random_dict(dict, d);
            /* Deep in the keyspace when a slice of ~3000 can reach there
             * (parts are at most 2^64), else near the start of the length:
             * the last characters random, the others the first byte. */
            count128 total = pow_count(d, len);
            bool deep = total / 3000 <= UINT64_MAX;
            uint32_t random_from = 0;
            if (!deep) {
                count128 reach = 1;
                random_from = len;
                while (random_from > 0 && reach * d <= 50000) {
                    reach *= d;
                    random_from--;
                }
            }
            uint8_t text[256]; /* longest swept: SHA-3-224, 143 + 2 bytes */
            count128 index = 0;
            for (uint32_t k = 0; k < len; k++) {
                size_t digit = k >= random_from ? rng() % d : 0;
                text[k] = (uint8_t)dict[digit];
                index = index * d + digit;
            }
            uint64_t parts = deep && total / 3000 > 0 ? (uint64_t)(total / 3000) : 1;
            uint64_t part = part_holding(total, parts, index);
            count128 begin, end;
            slice_count(total, part, parts, &begin, &end);
            crack_case c = {alg, dict, len, len, part, parts, 1 + (unsigned)(rng() % 2)};
            hc_crack_result r = crack_text(&c, text, len);
            bool ok = found_is(&r, text, len) && count128_of(r.attempts) == index - begin + 1;
            CHECK_MSG(ok, "%s/%s len %u dict %zu: found=%d attempts=%llu expected %llu", alg->name,
                      hc_simd_name(level), len, d, r.found, (unsigned long long)low64(count128_of(r.attempts)),
                      (unsigned long long)low64(index - begin + 1));
            hc_crack_result_free(&r);
            /* One failure says it: the next could each run to the deadline. */
            if (!ok) {
                hc_simd_limit(HC_SIMD_AVX512);
                return;
            }
        }
    }
    hc_simd_limit(HC_SIMD_AVX512);
}

/* Every row with a kernel, at every level with an entry point the CPU runs,
 * against the ordinary hasher. */
static void test_kernels(void)
{
    hc_simd_level top = hc_simd_detected();
    for (size_t i = 0; i < HC_ALGORITHM_COUNT; i++) {
        const hc_algorithm *alg = &hc_algorithms[i];
        if (alg->kernel == NULL)
            continue;
        /* The first row of a family (and text encoding) sweeps every length. */
        bool first_of_family = true;
        for (size_t j = 0; j < i; j++)
            first_of_family &= hc_algorithms[j].kernel != alg->kernel ||
                               (hc_algorithms[j].flags & HC_ALG_TEXT_UTF16LE) != (alg->flags & HC_ALG_TEXT_UTF16LE);
        for (int level = HC_SIMD_PORTABLE; level <= (int)top; level++)
            if (own_entry(alg, (hc_simd_level)level))
                kernel_sweep(alg, (hc_simd_level)level, first_of_family);
    }
}

/* ---- the kernels' wiring and speed --------------------------------------------------------------- */

static double thread_cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

typedef struct cpu_budget {
    double end;
} cpu_budget;

static bool cpu_spent(void *arg)
{
    return thread_cpu_now() >= ((const cpu_budget *)arg)->end;
}

/* The paths probe_run may take. */
typedef enum probe_path { PATH_CHOSEN, PATH_ANY_ENTRY, PATH_GENERIC } probe_path;

/* Searches the first `slice` candidates of length 6 over [0-9a-z] for a
 * digest nobody has, on this thread, for about 10 ms of its CPU at most
 * (the engine polls every 65536 candidates): the probe says which path
 * hashed them. Returns CPU seconds per candidate. */
static double probe_run(const hc_algorithm *alg, probe_path path, uint64_t slice, hc_crack_probe *probe,
                        count128 *hashed)
{
    uint8_t target[HC_MAX_DIGEST_LEN], dict[HC_DICT_MAX];
    size_t d;
    memset(target, 0x5a, sizeof(target));
    CHECK(hc_crack_dictionary("0-9a-z", 6, dict, &d) == HC_OK);
    count128 total = pow_count(d, 6);
    cpu_budget budget = {thread_cpu_now() + 0.01};
    hc_crack_job job = {
        .alg = alg, .target = target, .dict = dict, .dict_len = d, .min_len = 6, .max_len = 6,
        .part = 1, .parts = (uint64_t)(total / slice), .threads = 1, .cancelled = cpu_spent, .cancel_arg = &budget,
    };
    memset(probe, 0, sizeof(*probe));
    probe->generic_only = path == PATH_GENERIC;
    probe->any_entry = path == PATH_ANY_ENTRY;
    hc_crack_result r;
    double start = thread_cpu_now();
    CHECK(hc_crack_run_probed(&job, &r, probe) == HC_OK);
    double cpu = thread_cpu_now() - start;
    *hashed = count128_of(r.hashed);
    hc_crack_result_free(&r);
    return *hashed ? cpu / (double)low64(*hashed) : 1.0;
}

/* How much faster a row's kernel must hash than the one-at-a-time path, per
 * candidate, at the level a run uses by default. The kernels measure 3x
 * (Tiger) to 400x (CRC) on the AVX-512 development machine at load 7 on
 * its 2 cores, and 1.4x-1.7x (SHA-1 against the SHA extensions) to 45x in a
 * portable-only build there; a row whose kernel is not used measures 1x. */
#define KERNEL_MIN_SPEEDUP 1.3

/* How many times faster the calibration measured its winner than the
 * generic path. */
static double measured_lead(const hc_crack_calibration *c)
{
    for (size_t i = 1; i < c->count; i++)
        if (!c->paths[i].kernel)
            return c->paths[0].per_second / c->paths[i].per_second;
    return 1;
}

/* Proves the wiring of every row's kernel, derived from the table:
 *  - at every level, a run takes the kernel hc_kernel_layout chooses (the
 *    entry point at or below the level that the calibration measured
 *    fastest on this CPU) or, where there is none, the generic path, for every
 *    candidate of a length the kernel takes; hc_crack_kernel_name names
 *    what the run took;
 *  - every entry point, asked for, hashes every candidate;
 *  - at the level runs use by default, the kernel is KERNEL_MIN_SPEEDUP
 *    times faster per candidate than the generic path (where the
 *    calibration found it 2x faster; else at least as fast, nearly), both measured here
 *    side by side in thread CPU time (best of three each: a loaded machine
 *    only ever slows a run down), where timing means something
 *    (timing_meaningful(), crack_testutil.h);
 *  - a row whose family has an entry point the CPU runs takes a kernel
 *    by default unless the calibration measured the generic path faster
 *    (no silent fallback), and the calibration's winner is what runs take;
 *  - rows without a kernel report "generic" and hash everything one at a
 *    time. */
static void test_kernel_wiring(void)
{
    hc_simd_level top = hc_simd_detected();
    const bool timing = timing_meaningful();
    for (size_t i = 0; i < HC_ALGORITHM_COUNT; i++) {
        const hc_algorithm *alg = &hc_algorithms[i];
        hc_crack_probe probe;
        count128 hashed;
        for (int level = HC_SIMD_PORTABLE; level <= (int)top; level++) {
            hc_simd_limit((hc_simd_level)level);
            const char *at = hc_simd_name((hc_simd_level)level);
            hc_mb_layout chosen;
            bool kernel = hc_kernel_layout(alg, (hc_simd_level)level, 0, &chosen);
            const char *name = kernel ? hc_simd_name(chosen.level) : "generic";
            CHECK_MSG(alg->kernel != NULL || !kernel, "%s: a kernel from no family", alg->name);
            CHECK_MSG(strcmp(hc_crack_kernel_name(alg), name) == 0, "%s/%s: kernel name %s, the run takes %s",
                      alg->name, at, hc_crack_kernel_name(alg), name);
            probe_run(alg, PATH_CHOSEN, 1u << 16, &probe, &hashed);
            CHECK_MSG(hashed > 0 && probe.kernel_candidates == (kernel ? hashed : 0) &&
                          probe.generic_candidates == (kernel ? 0 : hashed) &&
                          (!kernel || probe.kernel_level == chosen.level),
                      "%s/%s: %llu of %llu candidates through the kernel (expected %s), at level %s", alg->name,
                      at, (unsigned long long)low64(probe.kernel_candidates), (unsigned long long)low64(hashed),
                      name, hc_simd_name(probe.kernel_level));
            if (own_entry(alg, (hc_simd_level)level)) {
                probe_run(alg, PATH_ANY_ENTRY, 1u << 16, &probe, &hashed);
                CHECK_MSG(hashed > 0 && probe.kernel_candidates == hashed && (int)probe.kernel_level == level,
                          "%s/%s: %llu of %llu candidates through its entry point", alg->name, at,
                          (unsigned long long)low64(probe.kernel_candidates), (unsigned long long)low64(hashed));
            }
        }
        hc_simd_limit(HC_SIMD_AVX512);
        /* A row whose family has an entry point this CPU runs takes a
         * kernel by default, unless the calibration measured the generic
         * path faster than every one (SHA against the SHA extensions): a
         * kernel left unused otherwise, even with the dispatcher, the name
         * and the run agreeing on "generic", is a silent fallback. */
        hc_mb_layout chosen, any;
        hc_crack_calibration measured;
        CHECK(hc_crack_calibration(alg, &measured) == HC_OK);
        const bool runs_one = hc_kernel_layout(alg, top, HC_KERNEL_ANY_ENTRY, &any);
        const bool generic_won = measured.count > 0 && !measured.paths[0].kernel;
        const bool takes = hc_kernel_layout(alg, top, 0, &chosen);
        CHECK_MSG(takes == (runs_one && !generic_won), "%s/%s: the row's kernel has a %s entry point, runs take %s",
                  alg->name, hc_simd_name(top), runs_one ? hc_simd_name(any.level) : "no",
                  takes ? hc_simd_name(chosen.level) : "the generic path");
        CHECK_MSG(measured.count == 0 || (measured.paths[0].kernel == takes &&
                                          (!takes || measured.paths[0].level == chosen.level)),
                  "%s: the calibration's winner is not the path runs take", alg->name);
        if (!timing || !takes)
            continue;
        /* A kernel the calibration found barely ahead of the generic path
         * (SHA-NI one at a time, on some CPUs) only has to keep up here. */
        const double lead = measured_lead(&measured);
        const double min_speedup = lead >= 2 ? KERNEL_MIN_SPEEDUP : 0.75;
        /* At the level a run uses by default. */
        double kernel = 1e9, generic = 1e9;
        for (int rep = 0; rep < 3; rep++) {
            double k = probe_run(alg, PATH_CHOSEN, 1u << 24, &probe, &hashed);
            double g = probe_run(alg, PATH_GENERIC, 1u << 16, &probe, &hashed);
            CHECK(probe.kernel_candidates == 0);
            kernel = k < kernel ? k : kernel;
            generic = g < generic ? g : generic;
        }
        fprintf(stderr, "  %-12s %-8s kernel %8.2f M/s, one at a time %7.2f M/s: %6.1fx\n", alg->name,
                hc_simd_name(chosen.level), 1e-6 / kernel, 1e-6 / generic, generic / kernel);
        CHECK_MSG(generic / kernel >= min_speedup,
                  "%s/%s: the kernel is only %.2fx the one-at-a-time speed (%.2f vs %.2f M candidates/s)", alg->name,
                  hc_simd_name(chosen.level), generic / kernel, 1e-6 / kernel, 1e-6 / generic);
    }
}

/* ---- determinism with a CRC32 collision ------------------------------------------------------ */

static void test_first_match(void)
{
    /* CRC-32 ("lzl1u") = CRC-32 ("p500a") = 399D9DEC. With the dictionary
     * "lz1up50a" the first is candidate 531 of length 5 and the second 19383:
     * 4096-candidate chunks put them in different chunks, so with several
     * threads the later one is often hashed first; the answer must still be
     * the first in the order, every time. */
    const hc_algorithm *crc = alg_named("crc32");
    uint8_t a[4], b[4];
    text_digest(crc, (const uint8_t *)"lzl1u", 5, a);
    text_digest(crc, (const uint8_t *)"p500a", 5, b);
    CHECK(memcmp(a, b, 4) == 0 && a[0] == 0x39 && a[3] == 0xEC);
    for (unsigned threads = 1; threads <= 4; threads++) {
        for (int rep = 0; rep < 4; rep++) {
            crack_case c = {crc, "lz1up50a", 5, 5, 0, 0, threads};
            hc_crack_result r = crack_text(&c, (const uint8_t *)"p500a", 5);
            CHECK_MSG(found_is(&r, "lzl1u", 5) && count128_of(r.attempts) == 8 + 64 + 512 + 4096 + 531 + 1,
                      "T%u: found %.*s after %llu", threads, (int)r.found_len, (const char *)r.found_text,
                      (unsigned long long)low64(count128_of(r.attempts)));
            hc_crack_result_free(&r);
            /* The other dictionary order puts "p500a" first. */
            crack_case c2 = {crc, "p50alz1u", 5, 5, 0, 0, threads};
            r = crack_text(&c2, (const uint8_t *)"lzl1u", 5);
            CHECK(found_is(&r, "p500a", 5));
            hc_crack_result_free(&r);
        }
    }
}

/* ---- every algorithm ------------------------------------------------------------------------ */

static void test_all_algorithms(void)
{
    for (size_t i = 0; i < HC_ALGORITHM_COUNT; i++) {
        const hc_algorithm *alg = &hc_algorithms[i];
        for (unsigned threads = 1; threads <= 2; threads++) {
            crack_case c = {alg, "abc", 1, 3, 0, 0, threads};
            uint8_t target[HC_MAX_DIGEST_LEN], got[HC_MAX_DIGEST_LEN], other[HC_MAX_DIGEST_LEN];
            text_digest(alg, (const uint8_t *)"cab", 3, target);
            text_digest(alg, (const uint8_t *)"bca", 3, other);
            hc_crack_result r = crack_text(&c, (const uint8_t *)"cab", 3);
            CHECK_MSG(r.found, "%s: nothing found", alg->name);
            if (!r.found)
                continue;
            text_digest(alg, r.found_text, r.found_len, got);
            CHECK_MSG(memcmp(got, target, alg->digest_len) == 0, "%s: wrong answer", alg->name);
            /* Unless the row is a stub that hashes everything alike. */
            if (memcmp(target, other, alg->digest_len) != 0)
                CHECK_MSG(found_is(&r, "cab", 3) && count128_of(r.attempts) == 3 + 9 + 19 + 1, "%s: %.*s after %llu", alg->name,
                          (int)r.found_len, (const char *)r.found_text, (unsigned long long)low64(count128_of(r.attempts)));
            hc_crack_result_free(&r);
        }
    }
}

/* ---- ntlm: bytes are UTF-16 code units --------------------------------------------------------- */

static void test_ntlm_units(void)
{
    const hc_algorithm *ntlm = alg_named("ntlm");
    /* "é" typed as UTF-8 is the bytes C3 A9: two code units U+00C3 U+00A9. */
    crack_case c = {ntlm, "\xc3\xa9" "abc", 1, 4, 0, 0, 2};
    const uint8_t text[] = {0xc3, 0xa9, 'a'};
    hc_crack_result r = crack_text(&c, text, 3);
    CHECK(found_is(&r, text, 3));
    hc_crack_result_free(&r);
    /* Long enough for the generic path (28 units do not fit one block). */
    crack_case c2 = {ntlm, "xy", 28, 28, 0, 0, 1};
    uint8_t long_text[28];
    memset(long_text, 'x', sizeof(long_text));
    long_text[27] = 'y';
    long_text[26] = 'y';
    r = crack_text(&c2, long_text, 28);
    CHECK(found_is(&r, long_text, 28) && count128_of(r.attempts) == sum_count(2, 1, 27) + 4);
    hc_crack_result_free(&r);
}

/* ---- cancel, huge lengths, empty and bad jobs ---------------------------------------------------- */

static bool always(void *arg)
{
    (void)arg;
    return true;
}

static void test_limits(void)
{
    const hc_algorithm *md5 = alg_named("md5");
    uint8_t target[16], dict[HC_DICT_MAX];
    size_t d;
    text_digest(md5, (const uint8_t *)"zzzzzzzzzz", 10, target);
    hc_crack_dictionary("0-9a-zA-Z", 9, dict, &d);
    hc_crack_job job = {.alg = md5, .target = target, .dict = dict, .dict_len = d, .min_len = 1,
                        .max_len = 10, .threads = 2, .cancelled = always};
    hc_crack_result r;
    CHECK(run_bounded(&job, &r) == HC_OK);
    CHECK(r.cancelled && !r.found && count128_of(r.attempts) == count128_of(r.hashed) && count128_of(r.hashed) < sum_count(62, 1, 10));
    hc_crack_result_free(&r);

    /* -x at the limit: the counts saturate, the search still runs in order. */
    text_digest(md5, (const uint8_t *)"ab", 2, target);
    job.cancelled = NULL;
    job.max_len = HC_CRACK_MAX_LENGTH;
    count128 attempts, hashed;
    job_size_count(&job, &attempts, &hashed);
    CHECK(attempts == COUNT128_MAX && hashed == COUNT128_MAX);
    CHECK(run_bounded(&job, &r) == HC_OK);
    CHECK(!r.cancelled && found_is(&r, "ab", 2) && count128_of(r.attempts) == 62 + 10 * 62 + 11 + 1);
    hc_crack_result_free(&r);
    /* Parts of the saturated keyspace are refused: their slices would
     * tile the first 2^128 - 1 candidates only. Its size is "this many or
     * more" whatever the lengths (a mask of 100 positions too). */
    job.part = 1;
    job.parts = 3;
    CHECK(run_bounded(&job, &r) == HC_ERR_RANGE);
    CHECK(job_size_count(&job, &attempts, &hashed) == HC_ERR_RANGE);
    job.part = job.parts = 0;

    /* One-byte dictionary: one candidate per length. */
    text_digest(md5, (const uint8_t *)"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                     99, target);
    job.dict = (const uint8_t *)"a";
    job.dict_len = 1;
    CHECK(run_bounded(&job, &r) == HC_OK);
    CHECK(!r.cancelled && r.found && r.found_len == 99 && count128_of(r.attempts) == 99);
    hc_crack_result_free(&r);

    /* Empty dictionary: nothing, 0 attempts. */
    job.dict_len = 0;
    job.max_len = 10;
    CHECK(run_bounded(&job, &r) == HC_OK);
    CHECK(!r.found && count128_of(r.attempts) == 0 && count128_of(r.hashed) == 0);
    hc_crack_result_free(&r);

    /* Malformed jobs. */
    job.dict = dict;
    job.dict_len = d;
    for (int m = 0; m < 7; m++) {
        hc_crack_job bad = job;
        switch (m) {
        case 0: bad.min_len = 5, bad.max_len = 4; break;
        case 1: bad.min_len = 0; break;
        case 2: bad.max_len = HC_CRACK_MAX_LENGTH + 1; break;
        case 3: bad.part = 4, bad.parts = 3; break;
        case 4: bad.part = 0, bad.parts = 3; break;
        case 5: bad.threads = 0; break;
        default: bad.dict_len = 257; break;
        }
        CHECK_MSG(hc_crack_run(&bad, &r) == HC_ERR_INVALID, "malformed job %d accepted", m);
    }
}

static void timed(const char *name, void (*fn)(void))
{
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    fn();
    clock_gettime(CLOCK_MONOTONIC, &b);
    fprintf(stderr, "%s: %.3f s\n", name, (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9);
}

/* ---- live progress ------------------------------------------------------------------ */

static bool progress_moved(void *arg)
{
    return hc_crack_progress_hashed(arg) > 0;
}

/* A run of the job publishing into new counters, which it returns. */
static hc_crack_progress *run_with_progress(hc_crack_job *job, hc_crack_result *r)
{
    hc_crack_progress *progress;
    CHECK(hc_crack_progress_create(&progress) == HC_OK);
    CHECK(hc_crack_progress_hashed(progress) == 0 && hc_crack_progress_length(progress) == 0 &&
          hc_crack_progress_found(progress) == 0 && hc_crack_progress_settled(progress) == 0);
    hc_crack_job_set_progress(job, progress);
    CHECK(hc_crack_job_progress(job) == progress);
    CHECK(hc_crack_run(job, r) == HC_OK);
    return progress;
}

/* The job's progress ends equal to the result, and moves while the run
 * goes on (a run stopped as soon as it shows progress stops long before
 * its end); the whole run is settled at its end. Through the public
 * handles only. */
static void test_progress(void)
{
    /* The first row with a kernel and the first without (the generic path). */
    const hc_algorithm *rows[2] = {NULL, NULL};
    for (size_t i = 0; i < HC_ALGORITHM_COUNT; i++)
        if (rows[hc_algorithms[i].kernel == NULL] == NULL)
            rows[hc_algorithms[i].kernel == NULL] = &hc_algorithms[i];
    for (size_t a = 0; a < 2; a++) {
        const hc_algorithm *alg = rows[a];
        if (alg == NULL)
            continue;
        uint8_t target[HC_MAX_DIGEST_LEN], dict[HC_DICT_MAX];
        size_t d;
        hc_crack_dictionary("0-9a-z", 6, dict, &d);
        text_digest(alg, (const uint8_t *)"not in it", 9, target);
        hc_crack_job *job;
        CHECK(hc_crack_job_create(&job) == HC_OK);
        hc_crack_job_set_algorithm(job, alg);
        hc_crack_job_set_target(job, target);
        hc_crack_job_set_dictionary(job, dict, d);
        hc_crack_job_set_lengths(job, 2, 3);
        hc_crack_job_set_threads(job, 2, NULL);
        hc_crack_result r;
        hc_crack_progress *progress = run_with_progress(job, &r);
        CHECK(!r.found && r.hashed.hi == 0 && r.hashed.lo == 36 * 36 + 36 * 36 * 36);
        CHECK(hc_crack_progress_hashed(progress) == r.hashed.lo && hc_crack_progress_settled(progress) == r.hashed.lo);
        CHECK(hc_crack_progress_length(progress) == 3 && hc_crack_progress_found(progress) == 0);
        hc_crack_result_free(&r);
        hc_crack_progress_free(progress);

        text_digest(alg, (const uint8_t *)"zz9", 3, target);
        progress = run_with_progress(job, &r);
        CHECK(found_is(&r, "zz9", 3) && hc_crack_progress_found(progress) == 1);
        CHECK(hc_crack_progress_hashed(progress) == r.hashed.lo);
        hc_crack_result_free(&r);
        hc_crack_progress_free(progress);

        /* 36^6 candidates (minutes of work): stopped once progress shows. */
        hc_crack_progress *watched;
        CHECK(hc_crack_progress_create(&watched) == HC_OK);
        hc_crack_job_set_lengths(job, 6, 6);
        hc_crack_job_set_cancel(job, progress_moved, watched);
        hc_crack_job_set_progress(job, watched);
        CHECK(hc_crack_run(job, &r) == HC_OK);
        CHECK(r.cancelled && !r.found && count128_of(r.hashed) < pow_count(36, 6) / 100);
        CHECK(hc_crack_progress_hashed(watched) == r.hashed.lo && hc_crack_progress_length(watched) == 6);
        hc_crack_result_free(&r);
        hc_crack_progress_free(watched);
        hc_crack_job_free(job);
    }
}

int main(void)
{
    rng_state = 0x243F6A8885A308D3ull; /* the sequence these cases were picked with */
    timed("dictionary", test_dictionary);
    timed("counts", test_counts);
    timed("order", test_order);
    timed("parts", test_parts);
    timed("first_match", test_first_match);
    timed("all_algorithms", test_all_algorithms);
    timed("ntlm_units", test_ntlm_units);
    timed("limits", test_limits);
    timed("progress", test_progress);
    timed("kernels", test_kernels);
    timed("kernel_wiring", test_kernel_wiring);
    return test_report("test_crack");
}
