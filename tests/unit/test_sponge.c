/* SHA-3, original Keccak, BLAKE2b and BLAKE2s (our own code), at every SIMD
 * level the CPU offers:
 *   - published known answers (tests/data/vectors/sha3.txt, keccak.txt,
 *     blake2.txt, each naming its source) and RFC 7693's Appendix E
 *     self-test with keyed and shortened digests;
 *   - OpenSSL's EVP (an independent implementation) on every length
 *     0..3000 and a few MiB of non-uniform data;
 *   - streaming: every split point, empty updates, byte-at-a-time, and a
 *     memcpy of a running context;
 *   - the sponge with SHAKE parameters against OpenSSL's SHAKE128/256
 *     (the 21-lane rate, output longer than a block);
 *   - the Keccak SIMD backend against the portable one on raw states, and
 *     the dispatch choosing the backend of the level in force (BLAKE2 has
 *     one backend: see blake2_width.h);
 *   - the BLAKE2 byte counters carrying into their high words. */
#include <openssl/evp.h>

#include "testutil.h"

#include "algos/blake2.h"
#include "algos/keccak.h"
#include "algos/keccak_impl.h"
#include "hc/cpu.h"
#include "simd.h"

/* The table rows this file covers. */
static const char *const sponge_rows[] = {
    "sha-3-224", "sha-3-256", "sha-3-384", "sha-3-512", "sha-3k-224",
    "sha-3k-256", "sha-3k-384", "sha-3k-512", "blake2b", "blake2s",
};
#define ROW_COUNT (sizeof(sponge_rows) / sizeof(sponge_rows[0]))

static const hc_algorithm *row(const char *name)
{
    const hc_algorithm *alg = hc_algorithm_find(name);
    if (alg == NULL) {
        fprintf(stderr, "no table row %s\n", name);
        exit(2);
    }
    return alg;
}

static void *xmalloc(size_t len)
{
    void *p = malloc(len ? len : 1);
    if (p == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    return p;
}

/* Digest through the hasher, as raw bytes; returns the digest length. */
static size_t digest_raw(const hc_algorithm *alg, const void *data, size_t len, uint8_t *out)
{
    hc_hasher h;
    if (hc_hasher_open(&h, alg, NULL) != HC_OK) {
        fprintf(stderr, "cannot open hasher %s\n", alg->name);
        exit(2);
    }
    hc_hasher_update(&h, data, len);
    hc_hasher_final(&h, out);
    size_t out_len = h.out_len;
    hc_hasher_close(&h);
    return out_len;
}

/* ---- known answers ------------------------------------------------------- */

/* The message of a vector line (see the format in the files); NULL when the
 * text is malformed. */
static uint8_t *parse_message(const char *spec, size_t *len)
{
    if (strncmp(spec, "hex:", 4) == 0) {
        size_t digits = strlen(spec + 4);
        uint8_t *m = xmalloc(digits / 2);
        *len = digits / 2;
        if (digits % 2 || hc_hex_decode(spec + 4, digits, m, *len) != HC_OK) {
            free(m);
            return NULL;
        }
        return m;
    }
    if (strncmp(spec, "ascii:", 6) == 0) {
        *len = strlen(spec + 6);
        uint8_t *m = xmalloc(*len);
        memcpy(m, spec + 6, *len);
        return m;
    }
    if (strncmp(spec, "seq:", 4) == 0) {
        *len = strtoul(spec + 4, NULL, 10);
        uint8_t *m = xmalloc(*len);
        for (size_t i = 0; i < *len; i++)
            m[i] = (uint8_t)i;
        return m;
    }
    if (strncmp(spec, "rep:", 4) == 0) {
        char *colon;
        size_t count = strtoul(spec + 4, &colon, 10);
        if (*colon != ':')
            return NULL;
        size_t digits = strlen(colon + 1);
        uint8_t unit[64];
        if (digits % 2 || digits / 2 > sizeof(unit) || hc_hex_decode(colon + 1, digits, unit, digits / 2) != HC_OK)
            return NULL;
        *len = count * (digits / 2);
        uint8_t *m = xmalloc(*len);
        for (size_t i = 0; i < count; i++)
            memcpy(m + i * (digits / 2), unit, digits / 2);
        return m;
    }
    return NULL;
}

/* Deterministic bytes of RFC 7693 Appendix E (a Fibonacci generator). */
static void selftest_seq(uint8_t *out, size_t len, uint32_t seed)
{
    uint32_t a = 0xDEAD4BADu * seed, b = 1;
    for (size_t i = 0; i < len; i++) {
        uint32_t t = a + b;
        a = b;
        b = t;
        out[i] = (uint8_t)(t >> 24);
    }
}

/* One BLAKE2 width as RFC 7693 Appendix E drives it. */
typedef struct blake2_width {
    void (*init_key)(void *ctx, size_t out_len, const void *key, size_t key_len);
    void (*update)(void *ctx, const void *data, size_t len);
    void (*final)(void *ctx, uint8_t *out, size_t out_len);
    size_t md_len[4];
    size_t in_len[6];
} blake2_width;

static void b_init_key(void *ctx, size_t out_len, const void *key, size_t key_len)
{
    hc_blake2b_init_key(ctx, out_len, key, key_len);
}

static void s_init_key(void *ctx, size_t out_len, const void *key, size_t key_len)
{
    hc_blake2s_init_key(ctx, out_len, key, key_len);
}

static const blake2_width width_b = {b_init_key, hc_blake2b_update, hc_blake2b_final,
                                     {20, 32, 48, 64}, {0, 3, 128, 129, 255, 1024}};
static const blake2_width width_s = {s_init_key, hc_blake2s_update, hc_blake2s_final,
                                     {16, 20, 28, 32}, {0, 3, 64, 65, 255, 1024}};

_Static_assert(sizeof(hc_blake2s_ctx) <= sizeof(hc_blake2b_ctx), "the self-test's buffers hold either context");

/* RFC 7693 Appendix E: hash unkeyed and keyed messages of several lengths
 * into digests of several lengths, and hash all those digests with a
 * 256-bit BLAKE2 of the same width. */
static void blake2_selftest(const blake2_width *w, uint8_t grand[32])
{
    uint8_t in[1024], md[64], key[64];
    _Alignas(HC_CTX_ALIGN) uint8_t all[sizeof(hc_blake2b_ctx)], one[sizeof(hc_blake2b_ctx)];
    w->init_key(all, 32, NULL, 0);
    for (size_t i = 0; i < 4; i++) {
        size_t out_len = w->md_len[i];
        for (size_t j = 0; j < 6; j++) {
            size_t in_len = w->in_len[j];
            selftest_seq(in, in_len, (uint32_t)in_len);
            w->init_key(one, out_len, NULL, 0);
            w->update(one, in, in_len);
            w->final(one, md, out_len);
            w->update(all, md, out_len);

            selftest_seq(key, out_len, (uint32_t)out_len);
            w->init_key(one, out_len, key, out_len);
            w->update(one, in, in_len);
            w->final(one, md, out_len);
            w->update(all, md, out_len);
        }
    }
    w->final(all, grand, 32);
}

/* Checks every line of one vector file; returns how many it checked. */
static int check_vector_file(const char *relative, hc_simd_level level)
{
    const char *path = data_path(relative);
    FILE *f = fopen(path, "r");
    CHECK_MSG(f != NULL, "cannot open %s", path);
    if (f == NULL)
        return 0;
    char line[8192];
    int count = 0;
    while (fgets(line, sizeof(line), f)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '#' || line[0] == '\0')
            continue;
        char *tab1 = strchr(line, '\t');
        char *tab2 = tab1 ? strchr(tab1 + 1, '\t') : NULL;
        CHECK_MSG(tab2 != NULL, "%s: malformed line %s", relative, line);
        if (tab2 == NULL)
            continue;
        *tab1 = *tab2 = '\0';
        const char *name = line, *message = tab1 + 1, *expected = tab2 + 1;
        uint8_t digest[HC_MAX_DIGEST_LEN];
        size_t digest_len;
        if (strcmp(name, "blake2b-selftest") == 0 || strcmp(name, "blake2s-selftest") == 0) {
            blake2_selftest(name[6] == 'b' ? &width_b : &width_s, digest);
            digest_len = 32;
        } else {
            size_t len = 0;
            uint8_t *m = parse_message(message, &len);
            CHECK_MSG(m != NULL, "%s: bad message %s", relative, message);
            if (m == NULL)
                continue;
            digest_len = digest_raw(row(name), m, len, digest);
            free(m);
        }
        char hex[2 * HC_MAX_DIGEST_LEN + 1];
        hc_hex_encode(digest, digest_len, hex, false);
        CHECK_MSG(ascii_equal_ignore_case(hex, expected), "%s at %s: %s(%.40s) = %s, expected %s", relative,
                  hc_simd_name(level), name, message, hex, expected);
        count++;
    }
    fclose(f);
    return count;
}

static void check_known_answers(hc_simd_level level)
{
    CHECK(check_vector_file("vectors/sha3.txt", level) >= 15);
    CHECK(check_vector_file("vectors/keccak.txt", level) >= 19);
    CHECK(check_vector_file("vectors/blake2.txt", level) >= 22);
}

/* ---- OpenSSL cross-check ------------------------------------------------- */

static const struct {
    const char *ours, *openssl;
} evp_pairs[] = {
    {"sha-3-224", "SHA3-224"}, {"sha-3-256", "SHA3-256"},   {"sha-3-384", "SHA3-384"},
    {"sha-3-512", "SHA3-512"}, {"blake2b", "BLAKE2b512"}, {"blake2s", "BLAKE2s256"},
};
#define PAIR_COUNT (sizeof(evp_pairs) / sizeof(evp_pairs[0]))
#define SHORT_MAX 3000

/* Longer messages: a few MiB, not multiples of any block length. */
static const size_t long_lengths[] = {(size_t)3 << 20, ((size_t)5 << 20) + 4099};
#define LONG_COUNT (sizeof(long_lengths) / sizeof(long_lengths[0]))

/* OpenSSL's digests, computed once and compared at every level. */
static uint8_t (*evp_short)[SHORT_MAX + 1][HC_MAX_DIGEST_LEN];
static uint8_t evp_long[PAIR_COUNT][LONG_COUNT][HC_MAX_DIGEST_LEN];
static uint8_t *bulk;
static size_t bulk_len;

static void evp_digest(const char *name, const uint8_t *data, size_t len, uint8_t *out)
{
    unsigned out_len = 0;
    if (EVP_Digest(data, len, out, &out_len, EVP_get_digestbyname(name), NULL) != 1) {
        fprintf(stderr, "OpenSSL cannot hash with %s\n", name);
        exit(2);
    }
}

static void prepare_openssl(void)
{
    bulk_len = long_lengths[LONG_COUNT - 1];
    bulk = xmalloc(bulk_len);
    fill_pattern(bulk, bulk_len, 7);
    evp_short = xmalloc(sizeof(*evp_short) * PAIR_COUNT);
    for (size_t p = 0; p < PAIR_COUNT; p++) {
        for (size_t len = 0; len <= SHORT_MAX; len++)
            evp_digest(evp_pairs[p].openssl, bulk, len, evp_short[p][len]);
        for (size_t i = 0; i < LONG_COUNT; i++)
            evp_digest(evp_pairs[p].openssl, bulk, long_lengths[i], evp_long[p][i]);
    }
}

static void check_against_openssl(hc_simd_level level)
{
    for (size_t p = 0; p < PAIR_COUNT; p++) {
        const hc_algorithm *alg = row(evp_pairs[p].ours);
        uint8_t digest[HC_MAX_DIGEST_LEN];
        int mismatches = 0;
        for (size_t len = 0; len <= SHORT_MAX; len++) {
            size_t n = digest_raw(alg, bulk, len, digest);
            if (memcmp(digest, evp_short[p][len], n) != 0 && mismatches++ < 3)
                CHECK_MSG(0, "%s at %s differs from OpenSSL for %zu bytes", alg->name, hc_simd_name(level), len);
        }
        CHECK_MSG(mismatches == 0, "%s at %s: %d lengths differ from OpenSSL", alg->name, hc_simd_name(level),
                  mismatches);
        for (size_t i = 0; i < LONG_COUNT; i++) {
            size_t n = digest_raw(alg, bulk, long_lengths[i], digest);
            CHECK_MSG(memcmp(digest, evp_long[p][i], n) == 0, "%s at %s differs from OpenSSL for %zu bytes",
                      alg->name, hc_simd_name(level), long_lengths[i]);
        }
    }
}

/* ---- streaming ------------------------------------------------------------- */

/* Longer than two blocks of every row (the largest rate is 144 bytes). */
#define STREAM_LEN 700

static void check_streaming(hc_simd_level level)
{
    uint8_t msg[STREAM_LEN];
    fill_pattern(msg, sizeof(msg), 11);
    for (size_t r = 0; r < ROW_COUNT; r++) {
        const hc_algorithm *alg = row(sponge_rows[r]);
        uint8_t want[HC_MAX_DIGEST_LEN], got[HC_MAX_DIGEST_LEN];
        size_t n = digest_raw(alg, msg, sizeof(msg), want);
        hc_hasher h, copy;
        CHECK(hc_hasher_open(&h, alg, NULL) == HC_OK);
        CHECK(hc_hasher_open(&copy, alg, NULL) == HC_OK);

        /* Two pieces split at every offset, with empty updates around them. */
        int bad = 0;
        for (size_t split = 0; split <= sizeof(msg); split++) {
            hc_hasher_reset(&h);
            hc_hasher_update(&h, msg, 0);
            hc_hasher_update(&h, msg, split);
            hc_hasher_update(&h, msg + split, 0);
            hc_hasher_update(&h, msg + split, sizeof(msg) - split);
            hc_hasher_update(&h, NULL, 0);
            hc_hasher_final(&h, got);
            bad += memcmp(got, want, n) != 0;
        }
        CHECK_MSG(bad == 0, "%s at %s: %d split points differ from one-shot", alg->name, hc_simd_name(level), bad);

        /* Three pieces: every first split, a second one rate-dependent. */
        bad = 0;
        for (size_t a = 0; a <= sizeof(msg); a++) {
            size_t b = a + (a * 7 + 13) % (sizeof(msg) - a + 1);
            hc_hasher_reset(&h);
            hc_hasher_update(&h, msg, a);
            hc_hasher_update(&h, msg + a, b - a);
            hc_hasher_update(&h, msg + b, sizeof(msg) - b);
            hc_hasher_final(&h, got);
            bad += memcmp(got, want, n) != 0;
        }
        CHECK_MSG(bad == 0, "%s at %s: %d three-way splits differ", alg->name, hc_simd_name(level), bad);

        /* Byte at a time. */
        hc_hasher_reset(&h);
        for (size_t i = 0; i < sizeof(msg); i++)
            hc_hasher_update(&h, msg + i, 1);
        hc_hasher_final(&h, got);
        CHECK_MSG(memcmp(got, want, n) == 0, "%s at %s: byte-at-a-time differs", alg->name, hc_simd_name(level));

        /* A running context copied with memcpy (through hc_hasher_copy and
         * by hand into fresh memory) finishes to the same digest, and the
         * original is not disturbed. Copy points: mid-block and on blocks. */
        static const size_t cut_points[] = {1, 71, 72, 136, 144, 333};
        for (size_t c = 0; c < sizeof(cut_points) / sizeof(cut_points[0]); c++) {
            size_t cut = cut_points[c];
            hc_hasher_reset(&h);
            hc_hasher_update(&h, msg, cut);
            CHECK(hc_hasher_copy(&copy, &h) == HC_OK);
            void *raw = aligned_alloc(HC_CTX_ALIGN, (alg->ctx_size + HC_CTX_ALIGN - 1) / HC_CTX_ALIGN * HC_CTX_ALIGN);
            CHECK(raw != NULL);
            if (raw == NULL)
                continue;
            memcpy(raw, h.ctx, alg->ctx_size);
            hc_hasher_update(&copy, msg + cut, sizeof(msg) - cut);
            hc_hasher_final(&copy, got);
            CHECK_MSG(memcmp(got, want, n) == 0, "%s: hasher copy at %zu differs", alg->name, cut);
            alg->update(raw, msg + cut, sizeof(msg) - cut);
            alg->final(raw, got, n);
            CHECK_MSG(memcmp(got, want, n) == 0, "%s: memcpy'd context at %zu differs", alg->name, cut);
            free(raw);
            hc_hasher_update(&h, msg + cut, sizeof(msg) - cut);
            hc_hasher_final(&h, got);
            CHECK_MSG(memcmp(got, want, n) == 0, "%s: original after copy at %zu differs", alg->name, cut);
        }
        hc_hasher_close(&h);
        hc_hasher_close(&copy);
    }
}

/* ---- backends ---------------------------------------------------------------- */

/* The backend each level must use; what the dispatchers pick is checked
 * against this so that a broken dispatch cannot hide a backend. */
static hc_keccak_absorb_fn *expected_keccak(hc_simd_level level)
{
#ifdef HC_X86_SIMD
    if (level >= HC_SIMD_AVX512)
        return hc_keccak_absorb_avx512;
#else
    (void)level;
#endif
    return hc_keccak_absorb_portable;
}

static void check_dispatch(hc_simd_level level)
{
    hc_keccak_ctx k;
    hc_keccak_init(&k, row("sha-3-256"), &(hc_params){0});
    CHECK_MSG(k.absorb == expected_keccak(level), "keccak dispatch at %s", hc_simd_name(level));
}

/* Every Keccak backend against the portable one on raw states, for every
 * rate the absorb ladder knows (including SHAKE128's 21 lanes, which no row
 * uses yet) and several block counts. */
static void check_keccak_backend(hc_simd_level level)
{
    hc_keccak_absorb_fn *backend = expected_keccak(level);
    if (backend == hc_keccak_absorb_portable)
        return;
    static const size_t rates[] = {9, 13, 17, 18, 21};
    uint8_t blocks[5 * 168];
    fill_pattern(blocks, sizeof(blocks), 3);
    for (size_t r = 0; r < sizeof(rates) / sizeof(rates[0]); r++) {
        for (size_t nblocks = 1; nblocks <= 5; nblocks++) {
            uint64_t a[25], b[25];
            fill_pattern((uint8_t *)a, sizeof(a), 100 + nblocks);
            memcpy(b, a, sizeof(a));
            hc_keccak_absorb_portable(a, blocks, nblocks, rates[r]);
            backend(b, blocks, nblocks, rates[r]);
            CHECK_MSG(memcmp(a, b, sizeof(a)) == 0, "keccak %s differs from portable: %zu lanes, %zu blocks",
                      hc_simd_name(level), rates[r], nblocks);
        }
    }
}

/* The sponge with SHAKE's domain bits (1111, FIPS 202 §6.2) and capacity is
 * SHAKE128/256: that reaches what no row does, the 21-lane rate and
 * squeezing more than one block, and OpenSSL's XOF checks both. */
static void check_shake(hc_simd_level level)
{
    static const struct {
        unsigned security_bytes; /* capacity / 2 */
        const char *openssl;
    } shakes[] = {{16, "SHAKE128"}, {32, "SHAKE256"}};
    enum { SHAKE_DOMAIN = 0x1F, OUT_LEN = 1000 };
    uint8_t msg[600];
    fill_pattern(msg, sizeof(msg), 13);
    for (size_t i = 0; i < sizeof(shakes) / sizeof(shakes[0]); i++) {
        hc_algorithm shake = {.name = shakes[i].openssl, .digest_len = (uint16_t)shakes[i].security_bytes,
                              .pad_byte = SHAKE_DOMAIN};
        static const size_t lengths[] = {0, 1, 167, 168, 169, 600};
        for (size_t l = 0; l < sizeof(lengths) / sizeof(lengths[0]); l++) {
            uint8_t ours[OUT_LEN], theirs[OUT_LEN];
            hc_keccak_ctx ctx;
            hc_keccak_init(&ctx, &shake, &(hc_params){0});
            hc_keccak_update(&ctx, msg, lengths[l]);
            hc_keccak_final(&ctx, ours, sizeof(ours));
            EVP_MD_CTX *evp = EVP_MD_CTX_new();
            CHECK(evp != NULL && EVP_DigestInit_ex(evp, EVP_get_digestbyname(shakes[i].openssl), NULL) == 1 &&
                  EVP_DigestUpdate(evp, msg, lengths[l]) == 1 &&
                  EVP_DigestFinalXOF(evp, theirs, sizeof(theirs)) == 1);
            EVP_MD_CTX_free(evp);
            CHECK_MSG(memcmp(ours, theirs, sizeof(ours)) == 0, "%s at %s differs from OpenSSL for %zu bytes",
                      shakes[i].openssl, hc_simd_name(level), lengths[l]);
        }
    }
}

/* ---- counters ------------------------------------------------------------- */

/* The byte counter is a double word (RFC 7693 §2.3): compressing past the
 * top of the low word must carry. Messages of 2^64 or 2^32 bytes are out of
 * reach, so the test starts from a counter just below the wrap. */
static void check_blake2_counters(void)
{
    uint8_t msg[3 * HC_BLAKE2B_BLOCK_LEN];
    fill_pattern(msg, sizeof(msg), 5);
    uint8_t out[64];

    hc_blake2b_ctx b;
    hc_blake2b_init_key(&b, 64, NULL, 0);
    b.t[0] = UINT64_MAX - HC_BLAKE2B_BLOCK_LEN; /* one block from the wrap */
    hc_blake2b_update(&b, msg, sizeof(msg));    /* compresses two blocks */
    CHECK(b.t[1] == 1 && b.t[0] == HC_BLAKE2B_BLOCK_LEN - 1);
    hc_blake2b_final(&b, out, 64);
    CHECK(b.t[1] == 1 && b.t[0] == 2 * HC_BLAKE2B_BLOCK_LEN - 1);

    hc_blake2s_ctx s;
    hc_blake2s_init_key(&s, 32, NULL, 0);
    s.t[0] = UINT32_MAX - HC_BLAKE2S_BLOCK_LEN;
    hc_blake2s_update(&s, msg, 3 * HC_BLAKE2S_BLOCK_LEN);
    CHECK(s.t[1] == 1 && s.t[0] == HC_BLAKE2S_BLOCK_LEN - 1);
    hc_blake2s_final(&s, out, 32);
    CHECK(s.t[1] == 1 && s.t[0] == 2 * HC_BLAKE2S_BLOCK_LEN - 1);
}

/* ---- table ------------------------------------------------------------------ */

static void check_rows(void)
{
    for (size_t r = 0; r < ROW_COUNT; r++) {
        const hc_algorithm *alg = row(sponge_rows[r]);
        CHECK(alg->ctx_size <= HC_MAX_CTX_SIZE);
        CHECK(alg->digest_len <= HC_MAX_DIGEST_LEN);
        if (alg->init == hc_keccak_init)
            CHECK_MSG(alg->block_len == 200 - 2 * alg->digest_len, "%s: block_len is not the rate", alg->name);
    }
}

int main(void)
{
    check_rows();
    check_blake2_counters();
    prepare_openssl();
    hc_simd_level top = hc_simd_detected();
    for (int level = HC_SIMD_PORTABLE; level <= (int)top; level++) {
        hc_simd_limit((hc_simd_level)level);
        CHECK(hc_simd_active() == (hc_simd_level)level);
        check_dispatch((hc_simd_level)level);
        check_keccak_backend((hc_simd_level)level);
        check_shake((hc_simd_level)level);
        check_known_answers((hc_simd_level)level);
        check_streaming((hc_simd_level)level);
        check_against_openssl((hc_simd_level)level);
        fprintf(stderr, "level %s done\n", hc_simd_name((hc_simd_level)level));
    }
    hc_simd_limit(HC_SIMD_AVX512);
    free(bulk);
    free(evp_short);
    return test_report("sponge");
}
