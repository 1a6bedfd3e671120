/* A minimal test harness: checks count failures, main returns non-zero if
 * any failed. Header-only so each test file is one executable. */
#ifndef HC_TESTUTIL_H
#define HC_TESTUTIL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algorithm_row.h"
#include "hc/encode.h"

static int test_failures;
static int test_checks;

#define CHECK(cond)                                                                   \
    do {                                                                              \
        test_checks++;                                                                \
        if (!(cond)) {                                                                \
            test_failures++;                                                          \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                             \
    } while (0)

#define CHECK_MSG(cond, ...)                                               \
    do {                                                                   \
        test_checks++;                                                     \
        if (!(cond)) {                                                     \
            test_failures++;                                               \
            fprintf(stderr, "%s:%d: check failed: ", __FILE__, __LINE__); \
            fprintf(stderr, __VA_ARGS__);                                  \
            fputc('\n', stderr);                                           \
        }                                                                  \
    } while (0)

static inline int test_report(const char *name)
{
    fprintf(stderr, "%s: %d checks, %d failed\n", name, test_checks, test_failures);
    return test_failures ? 1 : 0;
}

/* Path of a file under tests/data (HC_TEST_DATA, which ctest sets; the
 * relative fallback serves a run from the source root); returns a static
 * buffer. */
static inline const char *data_path(const char *relative)
{
    static char path[4096];
    const char *base = getenv("HC_TEST_DATA");
    snprintf(path, sizeof(path), "%s/%s", base ? base : "tests/data", relative);
    return path;
}

/* Digest of data with alg's default parameters, as upper-case hex. */
static inline void digest_hex(const hc_algorithm *alg, const void *data, size_t len, char *hex)
{
    hc_hasher h;
    uint8_t out[HC_MAX_DIGEST_LEN];
    if (hc_hasher_open(&h, alg, NULL) != HC_OK) {
        fprintf(stderr, "cannot open hasher %s\n", alg->name);
        exit(2);
    }
    hc_hasher_update(&h, data, len);
    hc_hasher_final(&h, out);
    hc_hex_encode(out, h.out_len, hex, false);
    hc_hasher_close(&h);
}

/* Deterministic non-uniform bytes (xorshift64*), so tests need no files. */
static inline void fill_pattern(uint8_t *buf, size_t len, uint64_t seed)
{
    uint64_t x = seed * 0x9E3779B97F4A7C15ull + 1;
    for (size_t i = 0; i < len; i++) {
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        buf[i] = (uint8_t)((x * 0x2545F4914F6CDD1Dull) >> 56);
    }
}

/* A deterministic xorshift64 stream for tests that pick sizes at random. */
static uint64_t rng_state = 0x0123456789ABCDEFull;

static inline uint64_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* The digest hash mode compares against for a candidate text: each byte
 * widened to a UTF-16LE code unit for the UTF-16LE rows (NTLM). */
static inline void text_digest(const hc_algorithm *alg, const uint8_t *text, size_t len, uint8_t *digest)
{
    uint8_t wide[2 * 512];
    size_t n = len;
    const uint8_t *bytes = text;
    if (alg->flags & HC_ALG_TEXT_UTF16LE) {
        for (size_t i = 0; i < len && i < sizeof(wide) / 2; i++)
            wide[2 * i] = text[i], wide[2 * i + 1] = 0;
        bytes = wide, n = 2 * len;
    }
    hc_hasher h;
    CHECK(hc_hasher_open(&h, alg, NULL) == HC_OK);
    hc_hasher_oneshot(&h, bytes, n, digest);
    hc_hasher_close(&h);
}

/* Feeds a tree hash (hc_hasher_tree_leaf > 0) as bigfile does: whole
 * leaves through update (sometimes none), then aligned subtrees of random
 * power-of-two sizes hashed apart, out of order, and pushed in order, then
 * the last 1..leaf bytes through update (a pushed subtree is never the
 * root). */
static inline void feed_subtrees(hc_hasher *h, const uint8_t *in, size_t len)
{
    size_t leaf = hc_hasher_tree_leaf(h);
    size_t pos = len > leaf ? (size_t)(rng() % (len / leaf)) * leaf : 0;
    if (rng() % 2)
        pos = 0;
    hc_hasher_update(h, in, pos);
    uint64_t offsets[64], sizes[64];
    uint8_t nodes[64][HC_TREE_NODE_MAX];
    size_t count = 0;
    while (len - pos > leaf) {
        uint64_t size = leaf;
        /* grow while the bigger subtree stays aligned and leaves a byte */
        while ((size * 2) <= len - pos - 1 && pos % (size * 2) == 0 && rng() % 4 != 0)
            size *= 2;
        offsets[count] = pos;
        sizes[count] = size;
        count++;
        pos += size;
        if (count == 64 || len - pos <= leaf) {
            for (size_t i = count; i-- > 0;) /* any order: they are independent */
                hc_hasher_subtree(h, offsets[i], in + offsets[i], sizes[i], nodes[i]);
            for (size_t i = 0; i < count; i++)
                hc_hasher_push_subtree(h, sizes[i], nodes[i]);
            count = 0;
        }
    }
    hc_hasher_update(h, in + pos, len - pos);
}

static inline bool ascii_equal_ignore_case(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        char x = *a >= 'a' && *a <= 'z' ? (char)(*a - 32) : *a;
        char y = *b >= 'a' && *b <= 'z' ? (char)(*b - 32) : *b;
        if (x != y)
            return false;
    }
    return *a == *b;
}

#endif
