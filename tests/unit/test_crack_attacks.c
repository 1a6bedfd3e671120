/* Masks and word streams in the library (hc/mask.h, hc/stream.h,
 * hc/rules.h): mask parsing, every row cracking through a mask at its
 * kernel's lanes (the probe counts what the kernel hashed), the answer's
 * place in the mask's order, word streams with rules and masks on every
 * row, one target and many. Rule exactness against hashcat itself is
 * tests/cli/test_rules_hashcat.py's. */
#include "testutil.h"
#include "crack_testutil.h"

#include "crack/engine_probe.h"
#include "hc/crack.h"
#include "hc/mask.h"
#include "hc/rules.h"
#include "hc/stream.h"

/* The mask (freed by the caller with hc_mask_free). */
static hc_mask *parse(const char *mask, const char *const custom[4])
{
    hc_mask_error error;
    hc_mask *out = NULL;
    CHECK_MSG(hc_mask_parse(mask, strlen(mask), custom, &out, &error) == HC_OK && out != NULL, "mask %s: %s", mask,
              error.reason);
    return out;
}

static void test_mask_parse(void)
{
    const char *custom[4] = {"?dab1", NULL, NULL, "?H"};
    hc_mask *m = parse("x?l?u?d?s?a?h?H?b???1?4", custom);
    const unsigned sizes[] = {1, 26, 26, 10, 33, 95, 16, 16, 256, 1, 12, 16};
    CHECK(m->length == 12);
    for (size_t i = 0; i < 12 && i < m->length; i++)
        CHECK_MSG(m->pos[i].count == sizes[i], "position %zu: %u", i, m->pos[i].count);
    CHECK(m->pos[0].chars[0] == 'x' && m->pos[9].chars[0] == '?' && m->pos[4].chars[0] == ' ');
    CHECK(memcmp(m->pos[10].chars, "0123456789ab", 12) == 0);  /* the repeated '1' dropped */
    CHECK(m->pos[5].chars[0] == 'a' && m->pos[5].chars[94] == '~');
    /* the public view: its length, and a prefix holding its first sets */
    CHECK(hc_mask_length(m) == 12);
    hc_mask *prefix = NULL;
    CHECK(hc_mask_prefix(m, 0, &prefix) == HC_ERR_INVALID && prefix == NULL);
    CHECK(hc_mask_prefix(m, 13, &prefix) == HC_ERR_INVALID && prefix == NULL);
    CHECK(hc_mask_prefix(m, 11, &prefix) == HC_OK && hc_mask_length(prefix) == 11);
    CHECK(memcmp(prefix->pos, m->pos, 11 * sizeof(m->pos[0])) == 0);
    hc_mask_free(prefix);
    hc_mask_free(m);
    hc_mask_error error;
    hc_mask *bad_mask = m;
    const char *bad[] = {"ab?", "?x", "?1", "", "?"};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
        CHECK_MSG(hc_mask_parse(bad[i], strlen(bad[i]), NULL, &bad_mask, &error) == HC_ERR_INVALID && bad_mask == NULL,
                  "%s accepted", bad[i]);
    CHECK(hc_mask_parse("ab?", 3, NULL, &bad_mask, &error) == HC_ERR_INVALID && error.offset == 2 && error.where == 0);
    const char *empty_set[4] = {"", NULL, NULL, NULL};
    CHECK(hc_mask_parse("?1", 2, empty_set, &bad_mask, &error) == HC_ERR_INVALID && error.where == 1);
    CHECK(hc_mask_like_offset("ab?l", 4) == 2 && hc_mask_like_offset("a?", 2) == 2 &&
          hc_mask_like_offset("?z", 2) == 2);
}

/* Every row: a mask of unequal sets, the answer late in its length; found,
 * at its place in the order, and (rows with a kernel) by the kernel. */
static void test_mask_every_row(void)
{
    const char *custom[4] = {"qzx", NULL, NULL, NULL};
    hc_mask *m = parse("?1?d?l?d", custom);
    const uint8_t answer[] = "x7w4";
    /* its index: x = 2 of 3, 7, w = 22 of 26, 4 */
    const uint64_t place = ((2ull * 10 + 7) * 26 + 22) * 10 + 4 + 1;
    for (size_t i = 0; i < HC_ALGORITHM_COUNT; i++) {
        const hc_algorithm *alg = &hc_algorithms[i];
        uint8_t target[HC_MAX_DIGEST_LEN];
        text_digest(alg, answer, 4, target);
        for (unsigned threads = 1; threads <= 2; threads++) {
            hc_crack_job job = {.alg = alg, .target = target, .mask = m, .min_len = 4, .max_len = 4,
                                .threads = threads};
            hc_crack_probe probe = {.any_entry = true};
            hc_crack_result r;
            CHECK(hc_crack_run_probed(&job, &r, &probe) == HC_OK);
            CHECK_MSG(r.found && r.found_len == 4 && memcmp(r.found_text, answer, 4) == 0, "%s: not found",
                      alg->name);
            CHECK_MSG((uint64_t)count128_of(r.attempts) == place, "%s: attempts %llu", alg->name,
                      (unsigned long long)(uint64_t)count128_of(r.attempts));
            if (strcmp(hc_crack_kernel_name(alg), "generic") != 0)
                CHECK_MSG(probe.kernel_candidates > 0, "%s: not through the kernel's lanes", alg->name);
            hc_crack_result_free(&r);
        }
    }
    hc_mask_free(m);
}

/* Mask rows with a kernel hash (nearly) every candidate in its lanes. */
static void test_mask_takes_the_lanes(void)
{
    hc_mask *m = parse("?l?l?l?l?l", NULL);
    uint8_t target[HC_MAX_DIGEST_LEN];
    memset(target, 0x5a, sizeof(target));
    const char *rows[] = {"md5", "sha1", "sha256", "ntlm"};
    for (size_t i = 0; i < 4; i++) {
        const hc_algorithm *alg = hc_algorithm_find(rows[i]);
        if (strcmp(hc_crack_kernel_name(alg), "generic") == 0)
            continue;
        hc_crack_job job = {.alg = alg, .target = target, .mask = m, .min_len = 5, .max_len = 5, .threads = 1};
        hc_crack_probe probe = {0};
        hc_crack_result r;
        CHECK(hc_crack_run_probed(&job, &r, &probe) == HC_OK);
        CHECK_MSG(!r.found && (uint64_t)probe.kernel_candidates == 11881376ull, "%s: %llu by the kernel", rows[i],
                  (unsigned long long)(uint64_t)probe.kernel_candidates);
        hc_crack_result_free(&r);
    }
    hc_mask_free(m);
}

static void add_rule(hc_rules *rules, const char *text)
{
    size_t at;
    CHECK_MSG(hc_rules_add(rules, text, strlen(text), &at) == HC_OK, "rule %s at %zu", text, at);
}

/* Rule functions on words, from hashcat's rule documentation's examples. */
static void test_rules_examples(void)
{
    static const struct {
        const char *rule, *word, *out;
    } cases[] = {
        {"l", "p@ssW0rd", "p@ssw0rd"},      {"u", "p@ssW0rd", "P@SSW0RD"},   {"c", "p@ssW0rd", "P@ssw0rd"},
        {"C", "p@ssW0rd", "p@SSW0RD"},      {"t", "p@ssW0rd", "P@SSw0RD"},   {"T3", "p@ssW0rd", "p@sSW0rd"},
        {"r", "p@ssW0rd", "dr0Wss@p"},      {"d", "p@ssW0rd", "p@ssW0rdp@ssW0rd"},
        {"p2", "p@ssW0rd", "p@ssW0rdp@ssW0rdp@ssW0rd"}, {"f", "p@ssW0rd", "p@ssW0rddr0Wss@p"},
        {"{", "p@ssW0rd", "@ssW0rdp"},      {"}", "p@ssW0rd", "dp@ssW0r"},   {"$1$2", "p@ssW0rd", "p@ssW0rd12"},
        {"^2^1", "p@ssW0rd", "12p@ssW0rd"}, {"[", "p@ssW0rd", "@ssW0rd"},    {"]", "p@ssW0rd", "p@ssW0r"},
        {"D3", "p@ssW0rd", "p@sW0rd"},      {"x04", "p@ssW0rd", "p@ss"},     {"O12", "p@ssW0rd", "psW0rd"},
        {"i4!", "p@ssW0rd", "p@ss!W0rd"},   {"o3$", "p@ssW0rd", "p@s$W0rd"}, {"'6", "p@ssW0rd", "p@ssW0"},
        {"ss$", "p@ssW0rd", "p@$$W0rd"},    {"@s", "p@ssW0rd", "p@W0rd"},    {"z2", "p@ssW0rd", "ppp@ssW0rd"},
        {"Z2", "p@ssW0rd", "p@ssW0rddd"},   {"q", "p@ssW0rd", "pp@@ssssWW00rrdd"}, {"k", "p@ssW0rd", "@pssW0rd"},
        {"K", "p@ssW0rd", "p@ssW0dr"},      {"*34", "p@ssW0rd", "p@sWs0rd"}, {"L2", "p@ssW0rd", "p@\xe6sW0rd"},
        {"R2", "p@ssW0rd", "p@9sW0rd"},     {"+2", "p@ssW0rd", "p@tsW0rd"},  {"-1", "p@ssW0rd", "p?ssW0rd"},
        {".1", "p@ssW0rd", "psssW0rd"},     {",1", "p@ssW0rd", "ppssW0rd"},  {"y2", "p@ssW0rd", "p@p@ssW0rd"},
        {"Y2", "p@ssW0rd", "p@ssW0rdrd"},   {"E", "p@ssW0rd w0rld", "P@ssw0rd W0rld"},
        {"e-", "pass-word", "Pass-Word"},   {"30-", "pass-word", "pass-Word"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        hc_rules rules;
        hc_rules_init(&rules);
        add_rule(&rules, cases[i].rule);
        uint8_t out[HC_RULE_BUF];
        size_t n = rules.count ? hc_rules_apply(&rules, 0, (const uint8_t *)cases[i].word, strlen(cases[i].word), out)
                               : 0;
        CHECK_MSG(n == strlen(cases[i].out) && memcmp(out, cases[i].out, n) == 0, "%s on %s: %.*s", cases[i].rule,
                  cases[i].word, (int)n, (const char *)out);
        hc_rules_free(&rules);
    }
    hc_rules rules;
    hc_rules_init(&rules);
    const char *bad[] = {"$", "T", "Tz", "x1", "s1", "?", "X123", "\x01"};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
        CHECK_MSG(hc_rules_add(&rules, bad[i], strlen(bad[i]), NULL) == HC_ERR_INVALID, "'%s' accepted", bad[i]);
    CHECK(rules.count == 0);
    hc_rules_free(&rules);
}

static void found_many(void *arg, size_t target, const uint8_t *text, size_t len)
{
    (void)text, (void)len;
    ((int *)arg)[target]++;
}

/* Every row: a stream of words, rules and a mask after them; the answer
 * and its attempts; then two targets at once. */
static void test_stream_every_row(void)
{
    hc_mask *m = parse("?d", NULL);
    hc_rules rules;
    hc_rules_init(&rules);
    add_rule(&rules, ":");
    add_rule(&rules, "c");
    add_rule(&rules, "$!");
    const hc_stream_attack attack = {.rules = &rules, .mask = m};
    static const char bytes[] = "alphabetagammadelta";
    const size_t offset[] = {0, 5, 9, 14, 19};
    const hc_stream_words words = {(const uint8_t *)bytes, offset, 4, hc_count_of(0), hc_count_of(0)};
    CHECK(count128_of(hc_stream_per_word(&attack)) == 30);
    uint8_t cand[HC_STREAM_CANDIDATE_MAX];
    CHECK(hc_stream_candidate(&attack, (const uint8_t *)"beta", 4, hc_count_of(17), cand) == 5 &&
          memcmp(cand, "Beta7", 5) == 0);
    for (size_t i = 0; i < HC_ALGORITHM_COUNT; i++) {
        const hc_algorithm *alg = &hc_algorithms[i];
        uint8_t targets[2 * HC_MAX_DIGEST_LEN];
        text_digest(alg, (const uint8_t *)"Gamma3", 6, targets);
        text_digest(alg, (const uint8_t *)"delta!9", 7, targets + alg->digest_len);
        hc_crack_job job = {.alg = alg, .target = targets, .threads = 2};
        hc_stream *s;
        hc_crack_result r;
        CHECK(hc_stream_open(&s, &job, &attack) == HC_OK);
        CHECK(hc_stream_feed(s, &words) == HC_OK && hc_stream_over(s));
        hc_stream_result(s, &r);
        CHECK_MSG(r.found && r.found_len == 6 && memcmp(r.found_text, "Gamma3", 6) == 0 &&
                      (uint64_t)count128_of(r.attempts) == 2 * 30 + 10 + 3 + 1,
                  "%s: %llu", alg->name, (unsigned long long)(uint64_t)count128_of(r.attempts));
        hc_crack_result_free(&r);
        hc_stream_close(s);
        int hits[2] = {0, 0};
        job = (hc_crack_job){.alg = alg, .targets = targets, .target_count = 2, .on_found = found_many,
                             .found_arg = hits, .threads = 2};
        CHECK(hc_stream_open(&s, &job, &attack) == HC_OK);
        CHECK(hc_stream_feed(s, &words) == HC_OK);
        hc_stream_result(s, &r);
        CHECK_MSG(r.found && r.found_count == 2 && hits[0] == 1 && hits[1] == 1, "%s: many", alg->name);
        hc_crack_result_free(&r);
        hc_stream_close(s);
    }
    hc_rules_free(&rules);
    hc_mask_free(m);
}

/* A mask past counting (95^100 candidates, about 2^657): its size says
 * "2^128 - 1 or more" and its parts are refused, also --stdout's walk;
 * one position less that still fits (95^19 < 2^128) is sized exactly. */
static void test_mask_past_counting(void)
{
    hc_mask *m;
    char text[201];
    for (int i = 0; i < 100; i++)
        memcpy(text + 2 * i, "?a", 2);
    text[200] = '\0';
    m = parse(text, NULL);
    uint8_t target[16] = {0};
    hc_crack_job job = {.alg = hc_algorithm_find("md5"), .target = target, .mask = m, .min_len = 100,
                        .max_len = 100, .threads = 1};
    count128 attempts, hashed;
    CHECK(job_size_count(&job, &attempts, &hashed) == HC_OK);
    CHECK(attempts == COUNT128_MAX && hashed == COUNT128_MAX);
    job.part = 2;
    job.parts = 2;
    CHECK(job_size_count(&job, &attempts, &hashed) == HC_ERR_RANGE);
    hc_crack_result r;
    CHECK(hc_crack_run(&job, &r) == HC_ERR_RANGE);
    text[38] = '\0';
    hc_mask_free(m);
    m = parse(text, NULL);
    job.mask = m;
    job.min_len = job.max_len = 19;
    CHECK(job_size_count(&job, &attempts, &hashed) == HC_OK);
    count128 whole = 1;
    for (int i = 0; i < 19; i++)
        whole *= 95;
    CHECK(hashed == whole - whole / 2 && attempts == hashed);
    hc_mask_free(m);
}

int main(void)
{
    test_mask_parse();
    test_mask_past_counting();
    test_mask_every_row();
    test_mask_takes_the_lanes();
    test_rules_examples();
    test_stream_every_row();
    return test_report("test_crack_attacks");
}
