/* Many targets in one pass (hc_crack_job's targets): every row at every
 * SIMD level with an entry point of its own finds each of its targets
 * exactly once, in every lane and varying word, through the path it should
 * take (the kernel's filter mode with the keys it should hold, the kernel
 * once per target for a few targets, the one-at-a-time path otherwise; one
 * target without a filter); targets outside the keyspace are not found and
 * keep the run going to its end; all found ends it; MD5's and MD4's filter
 * keys made exactly where they can be; the target set's lookups and bad
 * jobs. */
#include "testutil.h"
#include "crack_testutil.h"

#include <time.h>

#include "crack/engine_probe.h"
#include "crack/kernel.h"
#include "crack/targets.h"
#include "hc/cpu.h"
#include "hc/crack.h"
#include "simd.h"

enum { MAX_TARGETS = 40, DECOYS = 3, SEARCH_DEADLINE_S = 5, REACH = 2000 };

typedef struct found_log {
    const hc_algorithm *alg;
    const uint8_t *targets;
    unsigned calls[MAX_TARGETS + DECOYS];
    bool wrong;             /* a report whose text does not hash to its target */
} found_log;

static void on_found(void *arg, size_t target, const uint8_t *text, size_t len)
{
    found_log *log = arg;
    uint8_t digest[HC_MAX_DIGEST_LEN];
    text_digest(log->alg, text, len, digest);
    if (target >= MAX_TARGETS + DECOYS ||
        memcmp(digest, log->targets + target * log->alg->digest_len, log->alg->digest_len) != 0) {
        log->wrong = true;
        return;
    }
    log->calls[target]++;
}

typedef struct targets_case {
    const hc_algorithm *alg;
    hc_simd_level level;
    uint32_t len;
    size_t d;               /* dictionary: the first d bytes of "0-9a-zA-Z" */
    unsigned found, decoys; /* targets in the keyspace, and random digests not in it */
    unsigned threads;
} targets_case;

/* Runs the case: `found` distinct candidates among the first d^3 (at most
 * REACH) of the length (they differ in the last characters, which vary
 * inside a kernel call, so hits land in every lane) plus the decoys; the
 * part holding the first 4 d^3 candidates of the length. Checks each real
 * target reported once with a text of its digest, the decoys never, and
 * the run's end. Returns the number of targets. */
static unsigned run_case(const targets_case *tc, hc_crack_probe *probe)
{
    const hc_algorithm *alg = tc->alg;
    const unsigned dl = alg->digest_len;
    uint8_t dict[HC_DICT_MAX];
    size_t dict_len;
    CHECK(hc_crack_dictionary(hc_crack_default_dictionary, strlen(hc_crack_default_dictionary), dict, &dict_len) ==
          HC_OK);
    const size_t d = tc->d;
    /* at most REACH candidates: a slow row's one-at-a-time path takes
     * about a millisecond per thousand */
    count128 total = pow_count(d, tc->len), reach = (count128)d * d * d;
    if (reach > REACH)
        reach = REACH;
    if (reach > total)
        reach = total;
    const unsigned real = (count128)tc->found <= reach ? tc->found : (unsigned)reach;
    /* the first part of total / (4 reach) parts holds the first 4 reach;
     * where parts cannot cut the length that small, the whole length, and
     * no decoys (the run ends when all are found, in the first chunks) */
    count128 parts_wide = total / (4 * reach);
    const bool bounded = total < COUNT128_MAX && parts_wide <= UINT64_MAX;
    uint64_t parts = !bounded || parts_wide == 0 ? 1 : (uint64_t)parts_wide;
    const unsigned decoys = bounded ? tc->decoys : 0;

    uint8_t digests[(MAX_TARGETS + DECOYS) * HC_MAX_DIGEST_LEN];
    uint64_t chosen[MAX_TARGETS];
    unsigned n = 0;
    while (n < real) {
        uint64_t index = rng() % (uint64_t)reach;
        bool again = false;
        for (unsigned k = 0; k < n; k++)
            again |= chosen[k] == index;
        if (again)
            continue;
        uint8_t text[256];
        uint64_t v = index;
        for (uint32_t k = tc->len; k-- > 0;) {
            text[k] = dict[v % d];
            v /= d;
        }
        uint8_t digest[HC_MAX_DIGEST_LEN];
        text_digest(alg, text, tc->len, digest);
        /* a colliding candidate (CRCs) would make two targets one */
        for (unsigned k = 0; k < n; k++)
            again |= memcmp(digests + k * dl, digest, dl) == 0;
        if (again)
            continue;
        chosen[n] = index;
        memcpy(digests + n * dl, digest, dl);
        n++;
    }
    for (unsigned k = 0; k < decoys; k++) {
        for (unsigned b = 0; b < dl; b++)
            digests[(n + k) * dl + b] = (uint8_t)rng();
    }
    const unsigned count = n + decoys;
    found_log log = {.alg = alg, .targets = digests};
    double deadline = wall_now() + SEARCH_DEADLINE_S;
    hc_crack_job job = {
        .alg = alg,
        .targets = digests,
        .target_count = count,
        .on_found = on_found,
        .found_arg = &log,
        .dict = dict,
        .dict_len = d,
        .min_len = tc->len,
        .max_len = tc->len,
        .part = 1,
        .parts = parts,
        .threads = tc->threads,
        .cancelled = past_deadline,
        .cancel_arg = &deadline,
    };
    hc_simd_limit(tc->level);
    hc_crack_result r;
    hc_status st = hc_crack_run_probed(&job, &r, probe);
    hc_simd_limit(HC_SIMD_AVX512);
    count128 attempts, hashed;
    job_size_count(&job, &attempts, &hashed);
    bool each_once = true;
    for (unsigned k = 0; k < count; k++)
        each_once &= log.calls[k] == (k < n ? 1u : 0u);
    CHECK_MSG(st == HC_OK && !r.cancelled && !log.wrong && each_once && r.found_count == n &&
                  r.found == (decoys == 0),
              "%s/%s len %u d %zu, %u targets + %u decoys, %u threads: status %s, cancelled %d, wrong %d, each "
              "once %d, found %zu",
              alg->name, hc_simd_name(tc->level), tc->len, d, n, decoys, tc->threads, hc_status_text(st),
              r.cancelled, log.wrong, each_once, r.found_count);
    /* decoys keep the run to its end; without them it may end early */
    CHECK_MSG(decoys == 0 ? count128_of(r.attempts) <= attempts : count128_of(r.attempts) == attempts,
              "%s len %u: %llu attempts of %llu", alg->name, tc->len, (unsigned long long)count128_of(r.attempts),
              (unsigned long long)attempts);
    hc_crack_result_free(&r);
    return count;
}

/* The lengths a row's kernel takes at a level (its longest message), or a
 * few short ones for the one-at-a-time path. */
static uint32_t longest(const hc_algorithm *alg, hc_simd_level level)
{
    hc_mb_layout layout;
    if (!hc_kernel_layout(alg, level, HC_KERNEL_ANY_ENTRY, &layout))
        return 6;
    if (layout.padding == HC_MB_CRC_TABLE)
        return 12;
    return (layout.max_bytes - layout.lead_zeros) / layout.char_width + 1; /* and one past */
}

/* Every row, at every level where its kernel has an entry point of its own
 * (rows without one at the top level): the kernel's filter mode at every
 * length (families with one) or a few lengths (the others, once with few
 * targets and once with many); the path checked through the probe. */
static void test_rows(void)
{
    const hc_simd_level top = hc_simd_detected();
    for (size_t i = 0; i < HC_ALGORITHM_COUNT; i++) {
        const hc_algorithm *alg = &hc_algorithms[i];
        for (int level = HC_SIMD_PORTABLE; level <= (int)top; level++) {
            bool kernel = own_entry(alg, (hc_simd_level)level);
            if (!kernel && level != (int)top)
                continue;
            hc_mb_layout layout;
            bool filters = kernel && hc_kernel_layout(alg, (hc_simd_level)level, HC_KERNEL_ANY_ENTRY, &layout) &&
                           layout.filters;
            /* every family, the CRC scan included, keeps many targets in
             * its kernel (else more than 4 meant one candidate at a time) */
            CHECK_MSG(!kernel || filters, "%s/%s: a kernel without filter mode", alg->name,
                      hc_simd_name((hc_simd_level)level));
            /* keys of the family's own (filter_key) are made per length
             * and varying word: every length; the first digest word is
             * compared the same way at any length */
            bool every_length = filters && layout.filter_key != NULL;
            uint32_t max = longest(alg, (hc_simd_level)level);
            for (uint32_t len = 1; len <= max; len++) {
                if (!every_length && len > 3 && len + 1 < max && len != max / 2)
                    continue;
                /* many targets, and (kernels without a filter mode) a few */
                for (int few = 0; few <= (kernel && !filters); few++) {
                    static const size_t dicts[] = {2, 3, 10, 62};
                    targets_case tc = {
                        .alg = alg,
                        .level = (hc_simd_level)level,
                        .len = len,
                        .d = dicts[rng() % 4],
                        .found = few ? 3 : 5 + (unsigned)(rng() % (MAX_TARGETS - 5)),
                        .decoys = rng() % 2 ? DECOYS : 0,
                        .threads = 1 + (unsigned)(rng() % 2),
                    };
                    if (few)
                        tc.decoys = 1; /* 4 targets: the kernel once per target */
                    hc_crack_probe probe = {.any_entry = true};
                    unsigned count = run_case(&tc, &probe);
                    /* the path: the kernel whenever it takes the length and
                     * the targets (a filter mode, or at most 4 of them:
                     * short lengths have few candidates), else one at a time */
                    bool fits = kernel && (layout.padding == HC_MB_CRC_TABLE ||
                                           layout.lead_zeros + len * layout.char_width <= layout.max_bytes);
                    bool by_kernel = fits && (filters || count <= 4);
                    CHECK_MSG(by_kernel ? probe.kernel_candidates > 0 : probe.kernel_candidates == 0,
                              "%s/%s len %u, %u targets: %llu candidates through the kernel", alg->name,
                              hc_simd_name((hc_simd_level)level), len, count,
                              (unsigned long long)probe.kernel_candidates);
                    /* which keys the filter held: the family's own (SHA's
                     * at every length; MD5/MD4's where the undone steps
                     * read no prefix word: surely with one word of
                     * message, never with the longest), else first words */
                    if (by_kernel && filters) {
                        CHECK_MSG(probe.filtered_candidates == probe.kernel_candidates,
                                  "%s/%s len %u: %llu of %llu kernel candidates through the filter", alg->name,
                                  hc_simd_name((hc_simd_level)level), len,
                                  (unsigned long long)probe.filtered_candidates,
                                  (unsigned long long)probe.kernel_candidates);
                        const unsigned bytes = len * layout.char_width;
                        bool keyed = layout.filter_key != NULL && (layout.filter_key_fixed || bytes <= 4);
                        bool first_words = layout.filter_key == NULL || (!layout.filter_key_fixed && len == max - 1);
                        CHECK_MSG(!keyed || probe.keyed_candidates == probe.kernel_candidates,
                                  "%s/%s len %u: %llu of %llu kernel candidates with the family's keys",
                                  alg->name, hc_simd_name((hc_simd_level)level), len,
                                  (unsigned long long)probe.keyed_candidates,
                                  (unsigned long long)probe.kernel_candidates);
                        CHECK_MSG(!first_words || probe.keyed_candidates == 0,
                                  "%s/%s len %u: %llu candidates with the family's keys, not first words",
                                  alg->name, hc_simd_name((hc_simd_level)level), len,
                                  (unsigned long long)probe.keyed_candidates);
                    }
                    /* one failure says it: the next could each run to the deadline */
                    if (test_failures > 0)
                        return;
                }
            }
        }
    }
}

/* One target: the kernel compares it as for -s, with no filter (a wrong
 * path here costs MD5 a tenth of its speed, nothing else shows it). The
 * rows of the AVX-512-only kernels where the machine has them. */
static void test_one_target(void)
{
    static const char *const rows[] = {"md5", "sha256",   "ripemd160", "crc32", "crc32c",
                                       "whirlpool", "tiger", "tth", "edonr512", "md2"};
    for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
        const hc_algorithm *alg = hc_algorithm_find(rows[i]);
        hc_mb_layout layout;
        if (!hc_kernel_layout(alg, hc_simd_detected(), 0, &layout))
            continue;
        targets_case tc = {.alg = alg, .level = hc_simd_detected(), .len = 5, .d = 10, .found = 1, .threads = 2};
        hc_crack_probe probe = {0};
        CHECK(run_case(&tc, &probe) == 1);
        CHECK_MSG(probe.kernel_candidates > 0 && probe.filtered_candidates == 0,
                  "%s, one target: %llu candidates by the kernel, %llu of them through a filter", rows[i],
                  (unsigned long long)probe.kernel_candidates, (unsigned long long)probe.filtered_candidates);
    }
}

/* The set itself: keys shared by several digests, the key 0, lookups of
 * every target and of digests next to them. */
static void test_set(void)
{
    enum { N = 3000, LEN = 16 };
    static uint8_t digests[N * LEN];
    for (size_t i = 0; i < N; i++) {
        for (unsigned b = 0; b < LEN; b++)
            digests[i * LEN + b] = (uint8_t)rng();
        if (i % 7 == 1) /* the first word of the one before */
            memcpy(digests + i * LEN, digests + (i - 1) * LEN, 4);
        if (i == 5)
            memset(digests + i * LEN, 0, 4);
    }
    hc_target_set set;
    CHECK(hc_target_set_init(&set, digests, N, LEN, false) == HC_OK);
    bool all = true, none = true;
    for (size_t i = 0; i < N; i++) {
        size_t index = SIZE_MAX;
        all &= hc_target_check(&set, digests + i * LEN, &index) && index == i;
        uint8_t other[LEN];
        memcpy(other, digests + i * LEN, LEN);
        other[LEN - 1] ^= 1;
        none &= !hc_target_find(&set, other, &index);
    }
    CHECK_MSG(all, "a target not found in its set");
    CHECK_MSG(none, "a digest next to a target found in the set");
    CHECK(set.keys.filter.has_zero);
    hc_target_set_free(&set);
    /* duplicates are refused */
    memcpy(digests + 9 * LEN, digests + 2 * LEN, LEN);
    CHECK(hc_target_set_init(&set, digests, N, LEN, false) == HC_ERR_INVALID);
}

/* The message word step i reads (RFC 1321 §3.4, RFC 1320 §3.4), written
 * here from the RFCs' formulas, apart from the kernels' round tables. */
static unsigned rfc_word(bool md5, unsigned i)
{
    const unsigned k = i % 16;
    switch (i / 16) {
    case 0:
        return k;
    case 1:
        return md5 ? (5 * k + 1) % 16 : (k % 4) * 4 + k / 4;
    case 2:
        return md5 ? (3 * k + 5) % 16
                   : ((k & 1) << 3) | ((k & 2) << 1) | ((k & 4) >> 1) | ((k & 8) >> 3); /* bit reversal */
    default:
        return (7 * k) % 16;
    }
}

/* MD5's and MD4's filter keys (filter mode with the last steps undone)
 * exist exactly where the steps after the last read of a varying word (J,
 * and J - 1 with two) read only words after J, which stay the same for a
 * length: for every J and two, at every level with an entry point. */
static void test_md_filter_keys(void)
{
    static const char *const rows[] = {"md5", "md4"};
    for (size_t r = 0; r < 2; r++) {
        const bool md5 = r == 0;
        const unsigned steps = md5 ? 64 : 48;
        hc_mb_layout layout;
        CHECK(hc_kernel_layout(hc_algorithm_find(rows[r]), HC_SIMD_PORTABLE, HC_KERNEL_ANY_ENTRY, &layout));
        CHECK(layout.filter_key != NULL);
        uint32_t w[16], target[4], key;
        for (unsigned i = 0; i < 16; i++)
            w[i] = (uint32_t)rng();
        for (unsigned i = 0; i < 4; i++)
            target[i] = (uint32_t)rng();
        for (unsigned word = 0; word < 14; word++) {
            for (int two = 0; two <= (word > 0); two++) {
                unsigned last = 0;
                for (unsigned i = 0; i < steps; i++)
                    if (rfc_word(md5, i) == word || (two && rfc_word(md5, i) + 1 == word))
                        last = i;
                bool expected = true;
                for (unsigned i = last + 1; i < steps; i++)
                    expected &= rfc_word(md5, i) > word;
                hc_mb_args args = {.w = w, .word = word, .two = two, .target = target};
                CHECK_MSG(layout.filter_key(&args, target, &key) == expected,
                          "%s, varying word %u%s: a filter key %s", rows[r], word, two ? " and the one before" : "",
                          expected ? "refused" : "made where steps undone read a prefix word");
            }
        }
    }
}

/* Bad jobs: no callback, no digests, duplicates. */
static void test_bad_jobs(void)
{
    const hc_algorithm *alg = hc_algorithm_find("md5");
    uint8_t digests[2 * 16] = {1, 2, 3};
    memcpy(digests + 16, digests, 16);
    found_log log = {.alg = alg, .targets = digests};
    hc_crack_job job = {
        .alg = alg, .targets = digests, .target_count = 1, .dict = (const uint8_t *)"ab", .dict_len = 2,
        .min_len = 1, .max_len = 3, .threads = 1,
    };
    hc_crack_result r;
    CHECK(hc_crack_run(&job, &r) == HC_ERR_INVALID); /* no on_found */
    job.on_found = on_found;
    job.found_arg = &log;
    job.targets = NULL;
    CHECK(hc_crack_run(&job, &r) == HC_ERR_INVALID);
    job.targets = digests;
    job.target_count = 2;
    CHECK(hc_crack_run(&job, &r) == HC_ERR_INVALID); /* the same digest twice */
    job.target_count = 1;
    CHECK(hc_crack_run(&job, &r) == HC_OK && !r.found && r.found_count == 0 && count128_of(r.attempts) == 2 + 4 + 8);
    hc_crack_result_free(&r);
}

int main(void)
{
    rng_state = 0x9E3779B97F4A7C15ull; /* the sequence these cases were picked with */
    test_set();
    test_bad_jobs();
    test_one_target();
    test_rows();
    test_md_filter_keys();
    return test_report("test_crack_targets");
}
