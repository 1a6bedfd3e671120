/* Streaming for every row of the table: a multi-block non-uniform message
 * fed in two pieces split at every offset, with zero-length updates between
 * them, and in many random pieces, gives the one-shot digest; a copy of a
 * mid-stream context finishes to the same digest. */
#include "testutil.h"

#include "hc/crack.h"
#include "hc/pool.h"
#include "hc/stream.h"
#include "names.h"

static void oneshot(hc_hasher *h, const uint8_t *data, size_t len, uint8_t *out)
{
    hc_hasher_reset(h);
    hc_hasher_update(h, data, len);
    hc_hasher_final(h, out);
}

static void check_algorithm(const hc_algorithm *alg)
{
    /* Two full blocks and a partial one, at least 300 bytes, so every split
     * crosses block boundaries and the padding sees a partial block. */
    size_t len = 2 * (size_t)alg->block_len + 37;
    if (len < 300)
        len = 300;
    uint8_t *data = malloc(len);
    fill_pattern(data, len, alg->id + 1);

    hc_hasher h;
    CHECK(hc_hasher_open(&h, alg, NULL) == HC_OK);
    uint8_t expected[HC_MAX_DIGEST_LEN], got[HC_MAX_DIGEST_LEN];
    oneshot(&h, data, len, expected);

    /* The same hasher used again must not carry state over. */
    oneshot(&h, data, len, got);
    CHECK_MSG(memcmp(expected, got, h.out_len) == 0, "%s: reset does not restart", alg->name);

    int split_failures = 0;
    for (size_t split = 0; split <= len; split++) {
        hc_hasher_reset(&h);
        hc_hasher_update(&h, data, 0);
        hc_hasher_update(&h, data, split);
        hc_hasher_update(&h, data + split, 0);
        hc_hasher_update(&h, data + split, len - split);
        hc_hasher_final(&h, got);
        if (memcmp(expected, got, h.out_len) != 0)
            split_failures++;
    }
    CHECK_MSG(split_failures == 0, "%s: %d of %zu split points differ", alg->name, split_failures, len + 1);

    /* Random pieces of 0..2 blocks. */
    uint8_t sizes[64];
    fill_pattern(sizes, sizeof(sizes), 1000 + alg->id);
    hc_hasher_reset(&h);
    size_t done = 0;
    for (size_t i = 0; done < len; i++) {
        size_t piece = sizes[i % sizeof(sizes)] % (2 * alg->block_len + 1);
        if (piece > len - done)
            piece = len - done;
        hc_hasher_update(&h, data + done, piece);
        done += piece;
    }
    hc_hasher_final(&h, got);
    CHECK_MSG(memcmp(expected, got, h.out_len) == 0, "%s: random pieces differ", alg->name);

    /* Copy mid-stream (brute force reuses a hashed prefix this way). */
    if (!(alg->flags & HC_ALG_OPAQUE_CTX)) {
        hc_hasher copy;
        CHECK(hc_hasher_open(&copy, alg, NULL) == HC_OK);
        hc_hasher_reset(&h);
        hc_hasher_update(&h, data, len / 3);
        CHECK(hc_hasher_copy(&copy, &h) == HC_OK);
        /* Diverge the original to prove the copy is independent. */
        hc_hasher_update(&h, "x", 1);
        hc_hasher_update(&copy, data + len / 3, len - len / 3);
        hc_hasher_final(&copy, got);
        CHECK_MSG(memcmp(expected, got, h.out_len) == 0, "%s: copied context differs", alg->name);
        hc_hasher_close(&copy);
    } else {
        hc_hasher other;
        CHECK(hc_hasher_open(&other, alg, NULL) == HC_OK);
        CHECK(hc_hasher_copy(&other, &h) == HC_ERR_UNSUPPORTED);
        hc_hasher_close(&other);
    }
    hc_hasher_close(&h);
    free(data);
}

/* Rows with tree hooks (BLAKE3, TTH, the CRCs): subtrees hashed apart and
 * pushed give the one-shot digest, for messages of a few leaves to a few
 * hundred, cut at random many times over. */
static void check_tree_hooks(const hc_algorithm *alg)
{
    hc_hasher h;
    CHECK(hc_hasher_open(&h, alg, NULL) == HC_OK);
    size_t leaf = hc_hasher_tree_leaf(&h);
    CHECK_MSG(hc_hasher_tree_node_len(&h) > 0 && hc_hasher_tree_node_len(&h) <= HC_TREE_NODE_MAX,
              "%s: node length %zu", alg->name, hc_hasher_tree_node_len(&h));
    const size_t lengths[] = {leaf + 1, 2 * leaf + 1, 3 * leaf, 7 * leaf + 5, 64 * leaf + 1, 300 * leaf + 777};
    int failures = 0;
    for (size_t l = 0; l < sizeof(lengths) / sizeof(lengths[0]); l++) {
        size_t len = lengths[l];
        uint8_t *data = malloc(len);
        fill_pattern(data, len, 77 + l);
        uint8_t expected[HC_MAX_DIGEST_LEN], got[HC_MAX_DIGEST_LEN];
        oneshot(&h, data, len, expected);
        for (int cut = 0; cut < 8; cut++) {
            hc_hasher_reset(&h);
            feed_subtrees(&h, data, len);
            hc_hasher_final(&h, got);
            if (memcmp(expected, got, h.out_len) != 0)
                failures++;
        }
        free(data);
    }
    CHECK_MSG(failures == 0, "%s: %d subtree feeds differ from one update", alg->name, failures);
    hc_hasher_close(&h);
}

static void check_table(void)
{
    for (size_t i = 0; i < HC_ALGORITHM_COUNT; i++) {
        const hc_algorithm *alg = &hc_algorithms[i];
        CHECK_MSG(alg->id == (hc_algorithm_id)i, "row %zu has id %d", i, alg->id);
        CHECK(alg->digest_len > 0 && alg->digest_len <= HC_MAX_DIGEST_LEN);
        CHECK(alg->block_len > 0);
        CHECK(alg->ctx_size > 0 && alg->ctx_size <= HC_MAX_CTX_SIZE);
        CHECK(alg->init && alg->update && alg->final);
        CHECK((alg->acquire == NULL) == (alg->release == NULL));
        CHECK_MSG(hc_algorithm_find(alg->name) == alg, "lookup of %s", alg->name);
    }
    /* Ids are append-only; what people see is sorted by name: every row
     * once, in strictly increasing byte order. */
    const hc_algorithm *sorted[HC_ALGORITHM_COUNT + 1] = {NULL};
    CHECK(hc_algorithm_count() == HC_ALGORITHM_COUNT);
    CHECK(hc_algorithm_sorted(sorted, HC_ALGORITHM_COUNT + 1) == HC_ALGORITHM_COUNT && sorted[HC_ALGORITHM_COUNT] == NULL);
    int listed[HC_ALGORITHM_COUNT] = {0};
    for (size_t i = 0; i < HC_ALGORITHM_COUNT; i++) {
        CHECK(sorted[i] != NULL);
        if (sorted[i] == NULL)
            continue;
        listed[sorted[i]->id]++;
        if (i > 0)
            CHECK_MSG(strcmp(sorted[i - 1]->name, sorted[i]->name) < 0, "%s is out of order", sorted[i]->name);
    }
    for (size_t i = 0; i < HC_ALGORITHM_COUNT; i++)
        CHECK_MSG(listed[i] == 1, "%s listed %d times", hc_algorithms[i].name, listed[i]);
    const hc_algorithm *first_two[2];
    CHECK(hc_algorithm_sorted(first_two, 2) == HC_ALGORITHM_COUNT && first_two[0] == sorted[0] && first_two[1] == sorted[1]);
    CHECK(hc_algorithm_find("MD5") == NULL);
    CHECK(hc_algorithm_find("sha3-256") == NULL);
    CHECK(hc_algorithm_find("") == NULL);
    CHECK(cli_algorithm_suggest("sha3-256", 2) == hc_algorithm_find("sha-3-256"));
    CHECK(cli_algorithm_suggest("MD5", 2) == hc_algorithm_find("md5"));
    CHECK(cli_algorithm_suggest("completely-different", 2) == NULL);
}

static void check_parameters_are_refused_where_not_offered(void)
{
    hc_hasher h;
    hc_params params = {.out_len = 20};
    CHECK(hc_hasher_open(&h, hc_algorithm_find("md5"), &params) == HC_ERR_INVALID);
    params = (hc_params){.key_mode = HC_KEY_KEYED};
    CHECK(hc_hasher_open(&h, hc_algorithm_find("sha256"), &params) == HC_ERR_INVALID);
    params = (hc_params){.out_len = 16};
    CHECK(hc_hasher_open(&h, hc_algorithm_find("md5"), &params) == HC_OK);
    hc_hasher_close(&h);
}

/* A caller compiled with other headers: its structs are refused, never
 * written. */
static void check_struct_sizes_are_checked(void)
{
    hc_hasher h;
    memset(&h, 0xA5, sizeof(h));
    CHECK(hc_hasher_open_sized(&h, sizeof(h) - 8, hc_algorithm_find("md5"), NULL) == HC_ERR_ABI);
    CHECK(h.alg == (const hc_algorithm *)(uintptr_t)0xA5A5A5A5A5A5A5A5u);
    CHECK(hc_hasher_open_sized(&h, sizeof(h), hc_algorithm_find("md5"), NULL) == HC_OK);
    hc_hasher_close(&h);
    /* the search's result, the one public struct of hc/crack.h */
    static const uint8_t dict[] = "ab", target[16] = {0};
    hc_crack_job *job;
    CHECK(hc_crack_job_create(&job) == HC_OK);
    hc_crack_job_set_algorithm(job, hc_algorithm_find("md5"));
    hc_crack_job_set_target(job, target);
    hc_crack_job_set_dictionary(job, dict, 2);
    hc_crack_result result;
    const size_t other_sizes[] = {sizeof(result) + 8, sizeof(result) - 8};
    for (size_t i = 0; i < 2; i++) {
        memset(&result, 0xA5, sizeof(result));
        CHECK(hc_crack_run_sized(job, &result, other_sizes[i]) == HC_ERR_ABI);
        CHECK(result.found_count == (size_t)0xA5A5A5A5A5A5A5A5u);
        hc_stream *stream = (hc_stream *)&result;
        const hc_stream_attack attack = {NULL, NULL, false};
        CHECK(hc_stream_open_sized(&stream, job, other_sizes[i], &attack) == HC_ERR_ABI && stream == NULL);
    }
    CHECK(hc_crack_run(job, &result) == HC_OK && !result.found && result.attempts.lo == 2 && result.attempts.hi == 0);
    hc_crack_result_free(&result);
    hc_crack_job_free(job);
    CHECK(strcmp(hc_status_text(HC_ERR_ABI), "unknown status") != 0);
}

/* The block of each family as its specification states it (RFC 1321: 64
 * bytes; FIPS 180-4: 64 for SHA-1/SHA-256, 128 for SHA-512; FIPS 202: the
 * rate, 136 bytes for SHA3-256 and 72 for SHA3-512; RFC 7693: BLAKE2b 128,
 * BLAKE2s 64): what an HMAC built on the library pads its key to. */
static void check_block_lengths(void)
{
    static const struct {
        const char *name;
        size_t block;
    } rows[] = {{"md5", 64},       {"sha1", 64},      {"sha256", 64},     {"sha512", 128},
                {"sha-3-256", 136}, {"sha-3-512", 72},  {"blake2b", 128},   {"blake2s", 64}};
    for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
        const hc_algorithm *alg = hc_algorithm_find(rows[i].name);
        CHECK_MSG(alg != NULL && hc_algorithm_block_len(alg) == rows[i].block, "%s: block %zu, want %zu",
                  rows[i].name, alg ? hc_algorithm_block_len(alg) : 0, rows[i].block);
    }
}

/* One buffer hashed with a pool's threads gives the one-shot digest, for
 * every row (BLAKE3 spreads it over the threads, the others hash it on the
 * calling thread), after a first update that leaves the state mid-block. */
static void check_parallel_update(void)
{
    hc_pool *pool;
    CHECK(hc_pool_create(&pool, 2) == HC_OK);
    const size_t len = (size_t)3 << 20;
    uint8_t *data = malloc(len);
    fill_pattern(data, len, 31);
    for (size_t i = 0; i < HC_ALGORITHM_COUNT; i++) {
        hc_hasher h;
        CHECK(hc_hasher_open(&h, &hc_algorithms[i], NULL) == HC_OK);
        uint8_t expected[HC_MAX_DIGEST_LEN], got[HC_MAX_DIGEST_LEN];
        oneshot(&h, data, len, expected);
        hc_hasher_reset(&h);
        hc_hasher_update(&h, data, 1000);
        hc_hasher_update_parallel(&h, data + 1000, len - 1000, pool);
        hc_hasher_final(&h, got);
        CHECK_MSG(memcmp(expected, got, h.out_len) == 0, "%s: the parallel update differs", hc_algorithms[i].name);
        hc_hasher_close(&h);
    }
    free(data);
    hc_pool_destroy(pool);
}

int main(void)
{
    check_table();
    check_block_lengths();
    check_parallel_update();
    check_struct_sizes_are_checked();
    check_parameters_are_refused_where_not_offered();
    for (size_t i = 0; i < HC_ALGORITHM_COUNT; i++)
        check_algorithm(&hc_algorithms[i]);
    size_t trees = 0;
    for (size_t i = 0; i < HC_ALGORITHM_COUNT; i++) {
        /* the row's leaf as the API tells it: BLAKE3's chunk and TTH's
         * leaf are 1024 bytes (their specifications), as are the CRCs'
         * ranges; 0 for every row without tree hooks */
        size_t leaf = hc_algorithm_tree_leaf(&hc_algorithms[i]);
        CHECK_MSG(leaf == (hc_algorithms[i].tree != NULL ? 1024u : 0u), "%s: tree leaf %zu", hc_algorithms[i].name,
                  leaf);
        if (hc_algorithms[i].tree != NULL) {
            check_tree_hooks(&hc_algorithms[i]);
            trees++;
        }
        /* CRCs split over threads (bigfile's tree path): a row that lost
         * its hooks would fall back to one thread reading for another. */
        if (hc_algorithms[i].flags & HC_ALG_CRC)
            CHECK_MSG(hc_algorithms[i].tree != NULL, "%s has no tree hooks", hc_algorithms[i].name);
    }
    CHECK_MSG(trees == 4, "%zu rows with tree hooks, want 4 (BLAKE3, TTH, CRC-32, CRC-32C)", trees);
    return test_report("streaming");
}
