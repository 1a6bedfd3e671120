/* The advanced API (hc/crack.h, hc/mask.h, hc/rules.h, hc/stream.h) from
 * C++, as a program outside the library uses it: opaque handles set up
 * with their setters and read back with their getters, 128-bit counts as
 * two 64-bit halves (tests/unit/public_headers.cmake). The digests are
 * Python's hashlib.md5; the counts follow from the keyspace's order
 * (docs/cli.md §5.5). */
/* opted in by the program itself (the build defines it for everything
 * linked with hclib) */
#undef HC_ADVANCED_API
#define HC_ADVANCED_API
#include <hc/hc.h>

#include <cstdio>
#include <cstring>

static int failures;

static void check(bool ok, const char *what)
{
    if (!ok) {
        std::fprintf(stderr, "test_public_headers_advanced: %s\n", what);
        failures++;
    }
}

static hc_count count_of(uint64_t hi, uint64_t lo)
{
    hc_count c;
    c.lo = lo;
    c.hi = hi;
    return c;
}

static bool count_is(hc_count c, uint64_t hi, uint64_t lo)
{
    return c.hi == hi && c.lo == lo;
}

/* The halves: 2^64 is hi 1, lo 0; sums past 2^128 saturate. */
static void check_counts()
{
    check(count_is(hc_count_pow(2, 64), 1, 0), "hc_count_pow(2, 64) is 2^64");
    check(count_is(hc_count_pow(2, 63), 0, 1ull << 63), "hc_count_pow(2, 63)");
    check(count_is(hc_count_sum(10, 1, 3), 0, 1110), "hc_count_sum(10, 1, 3)");
    check(hc_count_is_max(hc_count_sum(62, 1, 30)) && hc_count_is_max(hc_count_max()), "saturated sums");
    check(!hc_count_is_max(count_of(UINT64_MAX, UINT64_MAX - 1)) && !hc_count_is_max(count_of(UINT64_MAX - 1, UINT64_MAX)),
          "one bit short of the saturated count");
    hc_count begin, end;
    hc_crack_slice(hc_count_pow(2, 64), 2, 2, &begin, &end);
    check(count_is(begin, 0, 1ull << 63) && count_is(end, 1, 0), "hc_crack_slice of 2^64 in halves");
}

static bool found_nothing_else(void *arg)
{
    (void)arg;
    return false;
}

/* MD5 of "ab" over the dictionary "ab", lengths 1..2 (a b aa ab): found
 * fourth; with a window of 2 after 1 (b aa), not found, 3 attempts. */
static void check_job()
{
    static const uint8_t md5_ab[16] = {0x18, 0x7e, 0xf4, 0x43, 0x61, 0x22, 0xd1, 0xcc,
                                       0x2f, 0x40, 0xdc, 0x2b, 0x92, 0xf0, 0xeb, 0xa0};
    uint8_t dict[HC_DICT_MAX];
    size_t dict_len = 0;
    check(hc_crack_dictionary("ab", 2, dict, &dict_len) == HC_OK && dict_len == 2, "hc_crack_dictionary");
    hc_crack_job *job = NULL;
    check(hc_crack_job_create(&job) == HC_OK && job != NULL, "hc_crack_job_create");
    if (job == NULL)
        return;
    hc_crack_job_set_algorithm(job, hc_algorithm_find("md5"));
    hc_crack_job_set_target(job, md5_ab);
    hc_crack_job_set_dictionary(job, dict, dict_len);
    hc_crack_job_set_lengths(job, 1, 2);
    hc_crack_job_set_threads(job, 2, NULL);
    hc_crack_job_set_cancel(job, found_nothing_else, NULL);
    hc_crack_result r;
    check(hc_crack_run(job, &r) == HC_OK && r.found && r.found_len == 2 && std::memcmp(r.found_text, "ab", 2) == 0,
          "the search finds \"ab\"");
    check(count_is(r.attempts, 0, 4) && count_is(r.hashed, 0, 4), "found at attempt 4, 4 hashed");
    hc_crack_result_free(&r);

    hc_crack_job_set_window(job, count_of(0, 1), count_of(0, 2));
    hc_count skip, limit, attempts, hashed;
    hc_crack_job_window(job, &skip, &limit);
    check(count_is(skip, 0, 1) && count_is(limit, 0, 2), "hc_crack_job_window");
    check(hc_crack_job_size(job, &attempts, &hashed) == HC_OK && count_is(attempts, 0, 3) && count_is(hashed, 0, 2),
          "hc_crack_job_size of the window");
    check(hc_crack_run(job, &r) == HC_OK && !r.found && count_is(r.attempts, 0, 3) && count_is(r.hashed, 0, 2),
          "the window misses \"ab\"");
    hc_crack_result_free(&r);
    uint32_t min_len, max_len;
    hc_crack_job_lengths(job, &min_len, &max_len);
    check(min_len == 1 && max_len == 2 && hc_crack_job_target_count(job) == 0 && hc_crack_job_mask(job) == NULL,
          "hc_crack_job_lengths");

    /* 62 + 62^2 + ... + 62^30 > 2^128: the size saturates, also with the
     * 62 shorter candidates counted before the run */
    check(hc_crack_dictionary(hc_crack_default_dictionary, std::strlen(hc_crack_default_dictionary), dict,
                              &dict_len) == HC_OK && dict_len == 62, "the default dictionary");
    hc_crack_job_set_dictionary(job, dict, dict_len);
    hc_crack_job_set_window(job, count_of(0, 0), count_of(0, 0));
    hc_crack_job_set_lengths(job, 2, 30);
    check(hc_crack_job_size(job, &attempts, &hashed) == HC_OK && hc_count_is_max(attempts) && hc_count_is_max(hashed),
          "a keyspace past counting: saturated sizes");
    hc_crack_job_free(job);
}

static void found_one(void *arg, size_t target, const uint8_t *text, size_t len)
{
    if (len == 2 && std::memcmp(text, "aa", 2) == 0)
        ((int *)arg)[target]++;
}

/* Many targets through a copy of a job, with its part and progress. */
static void check_many_targets()
{
    static const uint8_t md5_aa[16] = {0x41, 0x24, 0xbc, 0x0a, 0x93, 0x35, 0xc2, 0x7f,
                                       0x08, 0x6f, 0x24, 0xba, 0x20, 0x7a, 0x49, 0x12};
    static const uint8_t dict[] = "ab";
    hc_crack_job *job = NULL, *copy = NULL;
    hc_crack_progress *progress = NULL;
    int hits[1] = {0};
    if (hc_crack_job_create(&job) != HC_OK || hc_crack_progress_create(&progress) != HC_OK) {
        check(false, "hc_crack_job_create, hc_crack_progress_create");
        return;
    }
    hc_crack_job_set_algorithm(job, hc_algorithm_find("md5"));
    hc_crack_job_set_dictionary(job, dict, 2);
    hc_crack_job_set_lengths(job, 2, 2);
    hc_crack_job_set_targets(job, md5_aa, 1, found_one, hits);
    hc_crack_job_set_part(job, 1, 2); /* aa ab of aa ab ba bb */
    hc_crack_job_set_progress(job, progress);
    check(hc_crack_job_copy(job, &copy) == HC_OK, "hc_crack_job_copy");
    hc_crack_job_free(job);
    uint64_t part, parts;
    hc_crack_job_part(copy, &part, &parts);
    check(part == 1 && parts == 2 && hc_crack_job_target_count(copy) == 1 && hc_crack_job_progress(copy) == progress,
          "the copy's settings");
    hc_crack_result r;
    check(hc_crack_run(copy, &r) == HC_OK && r.found && r.found_count == 1 && hits[0] == 1, "many targets: found");
    check(hc_crack_progress_found(progress) == 1 && hc_crack_progress_length(progress) == 2, "the progress's counters");
    hc_crack_progress_set_settled(progress, 7);
    check(hc_crack_progress_settled(progress) == 7, "hc_crack_progress_set_settled");
    hc_crack_result_free(&r);

    /* one target again: the many are gone */
    hc_crack_job_set_target(copy, md5_aa);
    hc_crack_job_set_progress(copy, NULL);
    check(hc_crack_job_target_count(copy) == 0 && hc_crack_job_progress(copy) == NULL, "one target set again");
    check(hc_crack_run(copy, &r) == HC_OK && r.found && r.found_len == 2 && std::memcmp(r.found_text, "aa", 2) == 0 &&
              hits[0] == 1,
          "one target: found as the answer, not reported to found_one");
    hc_crack_result_free(&r);
    hc_crack_job_free(copy);
    hc_crack_progress_free(progress);
}

static bool count_candidate(void *arg, const uint8_t *text, size_t len)
{
    size_t *n = (size_t *)arg;
    if (len == 2 && text[0] == (uint8_t)('0' + *n) && text[1] == 'a')
        (*n)++;
    return true;
}

/* A mask ?da: its length, a prefix, its walk in order; as a stream's
 * mask after a word. */
static void check_mask_and_stream()
{
    hc_mask *mask = NULL, *prefix = NULL;
    hc_mask_error error;
    check(hc_mask_parse("?da", 3, NULL, &mask, &error) == HC_OK && hc_mask_length(mask) == 2, "hc_mask_parse");
    check(hc_mask_prefix(mask, 1, &prefix) == HC_OK && hc_mask_length(prefix) == 1, "hc_mask_prefix");
    hc_mask_free(prefix);
    hc_crack_job *job = NULL;
    static const uint8_t any_target[16] = {0};
    check(hc_crack_job_create(&job) == HC_OK, "hc_crack_job_create");
    hc_crack_job_set_algorithm(job, hc_algorithm_find("md5"));
    hc_crack_job_set_target(job, any_target);
    hc_crack_job_set_mask(job, mask);
    hc_crack_job_set_lengths(job, 2, 2);
    hc_crack_job_set_last_length_only(job, false);
    size_t walked = 0;
    check(hc_crack_walk(job, count_candidate, &walked) == HC_OK && walked == 10, "hc_crack_walk: 0a .. 9a in order");
    hc_crack_job_free(job);

    hc_rules rules;
    hc_rules_init(&rules);
    size_t bad_at = 0;
    check(hc_rules_add(&rules, "u", 1, &bad_at) == HC_OK, "hc_rules_add");
    hc_stream_attack attack;
    attack.rules = &rules;
    attack.mask = mask;
    attack.mask_first = false;
    check(count_is(hc_stream_per_word(&attack), 0, 10), "hc_stream_per_word");
    uint8_t out[HC_STREAM_CANDIDATE_MAX];
    const size_t len = hc_stream_candidate(&attack, (const uint8_t *)"x", 1, count_of(0, 3), out);
    check(len == 3 && std::memcmp(out, "X3a", 3) == 0, "hc_stream_candidate");
    hc_rules_free(&rules);
    hc_mask_free(mask);
}

int main()
{
    check_counts();
    check_job();
    check_many_targets();
    check_mask_and_stream();
    if (failures == 0)
        std::printf("test_public_headers_advanced: all passed\n");
    return failures == 0 ? 0 : 1;
}
