/* BLAKE3: the published test vectors (tests/data/vectors/blake3.json) and
 * differential tests, at every SIMD level this machine has, single-threaded
 * and on pools of 1..4 threads.
 *
 * The differential reference is a direct transcription of the tree of spec
 * §2.4 (recursive, whole message in memory) over the library's portable
 * compression function, which the vectors pin down; it shares nothing with
 * the incremental hasher, the chaining-value stack, the SIMD kernels or the
 * thread split under test. */
#include "testutil.h"

#include "blake3/blake3_row.h"
#include "blake3/blake3_impl.h"
#include "hc/blake3.h"
#include "hc/cpu.h"
#include "hc/pool.h"
#include "simd.h"

static const hc_algorithm *alg;
static hc_pool *pools[5];   /* pools[t]: t threads, 1..4 */

/* ---- the reference ------------------------------------------------------ */

typedef struct ref_node {
    uint32_t cv[8];
    uint8_t block[64];
    uint8_t block_len;
    uint8_t flags;
    uint64_t counter;
} ref_node;

/* Spec §2.3: a chunk of at most 1024 bytes, block by block. */
static void ref_chunk(const uint8_t *in, size_t len, const uint32_t key[8], uint8_t mode, uint64_t counter,
                      ref_node *o)
{
    memcpy(o->cv, key, 32);
    size_t blocks = len == 0 ? 1 : (len + 63) / 64;
    for (size_t b = 0; b < blocks; b++) {
        size_t n = len - b * 64 < 64 ? len - b * 64 : 64;
        uint8_t flags = mode;
        if (b == 0)
            flags |= B3_CHUNK_START;
        if (b + 1 == blocks) {
            flags |= B3_CHUNK_END;
            memset(o->block, 0, 64);
            if (n > 0)
                memcpy(o->block, in + b * 64, n);
            o->block_len = (uint8_t)n;
            o->flags = flags;
            o->counter = counter;
            return;
        }
        hc_b3_compress_in_place(o->cv, in + b * 64, 64, counter, flags);
    }
}

static void ref_cv(const ref_node *o, uint8_t out[32])
{
    uint32_t cv[8];
    memcpy(cv, o->cv, 32);
    hc_b3_compress_in_place(cv, o->block, o->block_len, o->counter, o->flags);
    for (int i = 0; i < 8; i++)
        b3_store32(out + 4 * i, cv[i]);
}

/* Spec §2.4: more than one chunk splits into a left subtree of the largest
 * power-of-two number of chunks that leaves at least one byte for the right. */
static void ref_tree(const uint8_t *in, size_t len, const uint32_t key[8], uint8_t mode, uint64_t counter,
                     ref_node *o)
{
    if (len <= B3_CHUNK_LEN) {
        ref_chunk(in, len, key, mode, counter, o);
        return;
    }
    size_t left = B3_CHUNK_LEN;
    while (2 * left < len)
        left *= 2;
    ref_node l, r;
    ref_tree(in, left, key, mode, counter, &l);
    ref_tree(in + left, len - left, key, mode, counter + left / B3_CHUNK_LEN, &r);
    memcpy(o->cv, key, 32);
    ref_cv(&l, o->block);
    ref_cv(&r, o->block + 32);
    o->block_len = 64;
    o->flags = mode | B3_PARENT;
    o->counter = 0;
}

/* Spec §2.5: output block t of the root is its compression with counter t. */
static void ref_hash(const uint8_t *in, size_t len, const uint32_t key[8], uint8_t mode, uint8_t *out,
                     size_t out_len)
{
    ref_node root;
    ref_tree(in, len, key, mode, 0, &root);
    for (uint64_t t = 0; out_len > 0; t++) {
        uint8_t block[64];
        hc_b3_compress_xof(root.cv, root.block, root.block_len, t, root.flags | B3_ROOT, block);
        size_t n = out_len < 64 ? out_len : 64;
        memcpy(out, block, n);
        out += n;
        out_len -= n;
    }
}

static const uint32_t iv_words[8] = B3_IV_INIT;

/* ---- helpers ------------------------------------------------------------ */

static void open_hasher(hc_hasher *h, const hc_params *p)
{
    if (hc_hasher_open(h, alg, p) != HC_OK) {
        fprintf(stderr, "cannot open blake3\n");
        exit(2);
    }
}

/* How the message is fed: one update, random pieces, update_parallel, or
 * subtrees hashed apart and pushed (the tree hooks). */
enum feed { FEED_ONCE, FEED_PIECES, FEED_PARALLEL, FEED_PARALLEL_PIECES, FEED_SUBTREES };

static void feed(hc_hasher *h, const uint8_t *in, size_t len, enum feed how, hc_pool *pool)
{
    switch (how) {
    case FEED_ONCE:
        hc_hasher_update(h, in, len);
        break;
    case FEED_PIECES:
    case FEED_PARALLEL_PIECES:
        while (len > 0) {
            /* Mostly small and odd pieces, sometimes big ones. */
            size_t n = (size_t)(rng() % 8 == 0 ? rng() % (len + 1) : rng() % 3000);
            if (n > len)
                n = len;
            if (how == FEED_PIECES)
                hc_hasher_update(h, in, n);
            else
                hc_blake3_update_parallel_tuned(h->ctx, in, n, pool, 2048, 1);
            in += n;
            len -= n;
        }
        break;
    case FEED_PARALLEL:
        /* Tiny thresholds so that even the vectors' inputs are split. */
        hc_blake3_update_parallel_tuned(h->ctx, in, len, pool, 2048, 1);
        break;
    case FEED_SUBTREES:
        feed_subtrees(h, in, len);
        break;
    }
}

static void digest(const hc_params *p, const uint8_t *in, size_t len, enum feed how, hc_pool *pool, uint8_t *out,
                   size_t out_len, hc_simd_level level)
{
    hc_params q = *p;
    q.out_len = out_len;
    hc_hasher h;
    open_hasher(&h, &q);
    const hc_blake3_ctx *c = h.ctx;
    CHECK_MSG(c->simd == (uint8_t)level, "hasher at level %u, expected %u", c->simd, (unsigned)level);
    feed(&h, in, len, how, pool);
    hc_hasher_final(&h, out);
    hc_hasher_close(&h);
}

/* The string value after `"name": "` at or after *pos; advances *pos. */
static bool json_string(const char **pos, const char *name, char *out, size_t cap)
{
    char pattern[64];
    snprintf(pattern, sizeof(pattern), "\"%s\": \"", name);
    const char *p = strstr(*pos, pattern);
    if (p == NULL)
        return false;
    p += strlen(pattern);
    size_t n = 0;
    while (*p && *p != '"' && n + 1 < cap)
        out[n++] = *p++;
    out[n] = '\0';
    *pos = p;
    return *p == '"';
}

/* ---- the tests ---------------------------------------------------------- */

/* The X-macro B3_SCHEDULE must be sigma applied r times (spec §2.1). */
static void check_schedule(void)
{
    static const uint8_t sigma[16] = {2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8};
#define ROW(...) {__VA_ARGS__},
    static const uint8_t table[7][16] = {B3_SCHEDULE(ROW)};
#undef ROW
    uint8_t expect[16];
    for (int i = 0; i < 16; i++)
        expect[i] = (uint8_t)i;
    for (int r = 0; r < 7; r++) {
        CHECK_MSG(memcmp(table[r], expect, 16) == 0, "schedule row %d", r);
        uint8_t next[16];
        for (int i = 0; i < 16; i++)
            next[i] = expect[sigma[i]];
        memcpy(expect, next, 16);
    }
}

typedef struct vector_case {
    size_t input_len;
    uint8_t out[3][131];   /* hash, keyed_hash, derive_key */
} vector_case;

static int load_vectors(vector_case *cases, int max, char *key, char *context)
{
    const char *path = data_path("vectors/blake3.json");
    FILE *f = fopen(path, "rb");
    CHECK_MSG(f != NULL, "cannot open %s", path);
    if (!f)
        return 0;
    static char text[1 << 16];
    size_t n = fread(text, 1, sizeof(text) - 1, f);
    fclose(f);
    text[n] = '\0';
    const char *pos = text;
    CHECK(json_string(&pos, "key", key, 33));
    CHECK(json_string(&pos, "context_string", context, 64));
    static const char *const fields[3] = {"hash", "keyed_hash", "derive_key"};
    int count = 0;
    const char *p;
    while ((p = strstr(pos, "\"input_len\": ")) != NULL && count < max) {
        cases[count].input_len = strtoul(p + 13, NULL, 10);
        pos = p + 13;
        for (int k = 0; k < 3; k++) {
            char hex[300];
            CHECK(json_string(&pos, fields[k], hex, sizeof(hex)));
            CHECK_MSG(strlen(hex) == 262, "case %zu %s: %zu hex digits", cases[count].input_len, fields[k],
                      strlen(hex));
            CHECK(hc_hex_decode(hex, strlen(hex), cases[count].out[k], 131) == HC_OK);
        }
        count++;
    }
    return count;
}

static void check_vectors(void)
{
    static vector_case cases[40];
    char key[40] = "", context[80] = "";
    int count = load_vectors(cases, 40, key, context);
    CHECK_MSG(count == 35, "expected 35 cases, read %d", count);
    CHECK(strcmp(key, "whats the Elvish word for friend") == 0);
    CHECK(strcmp(context, "BLAKE3 2019-12-27 16:29:52 test vectors context") == 0);

    static uint8_t input[102400];
    for (size_t i = 0; i < sizeof(input); i++)
        input[i] = (uint8_t)(i % 251);

    hc_params params[3];
    memset(params, 0, sizeof(params));
    params[1].key_mode = HC_KEY_KEYED;
    memcpy(params[1].key, key, 32);
    params[2].key_mode = HC_KEY_DERIVE;
    params[2].context = context;
    params[2].context_len = strlen(context);

    for (int level = HC_SIMD_PORTABLE; level <= (int)hc_simd_detected(); level++) {
        hc_simd_limit((hc_simd_level)level);
        for (int i = 0; i < count; i++) {
            const vector_case *vc = &cases[i];
            CHECK(vc->input_len <= sizeof(input));
            for (int k = 0; k < 3; k++) {
                uint8_t out[131];
                /* Whole extended output, the default 32 bytes, and every
                 * way of feeding, with every pool size. */
                digest(&params[k], input, vc->input_len, FEED_ONCE, NULL, out, 131, (hc_simd_level)level);
                CHECK_MSG(memcmp(out, vc->out[k], 131) == 0, "%s level %d len %zu mode %d", "vector",
                          level, vc->input_len, k);
                digest(&params[k], input, vc->input_len, FEED_ONCE, NULL, out, 0, (hc_simd_level)level);
                CHECK_MSG(memcmp(out, vc->out[k], 32) == 0, "default length, level %d len %zu mode %d", level,
                          vc->input_len, k);
                digest(&params[k], input, vc->input_len, FEED_PIECES, NULL, out, 131, (hc_simd_level)level);
                CHECK_MSG(memcmp(out, vc->out[k], 131) == 0, "pieces, level %d len %zu mode %d", level,
                          vc->input_len, k);
                for (unsigned t = 1; t <= 4; t++) {
                    digest(&params[k], input, vc->input_len, FEED_PARALLEL, pools[t], out, 131,
                           (hc_simd_level)level);
                    CHECK_MSG(memcmp(out, vc->out[k], 131) == 0, "parallel %u threads, level %d len %zu mode %d",
                              t, level, vc->input_len, k);
                }
                /* And through the hook with its real threshold. */
                hc_params q = params[k];
                q.out_len = 131;
                hc_hasher h;
                open_hasher(&h, &q);
                alg->update_parallel(h.ctx, input, vc->input_len, pools[2]);
                hc_hasher_final(&h, out);
                hc_hasher_close(&h);
                CHECK_MSG(memcmp(out, vc->out[k], 131) == 0, "hook, level %d len %zu mode %d", level,
                          vc->input_len, k);
            }
        }
        /* The public context-key helper is the first stage of derive_key. */
        uint8_t ck[32], ref[32];
        hc_blake3_derive_context_key(context, strlen(context), ck);
        ref_hash((const uint8_t *)context, strlen(context), iv_words, B3_DERIVE_KEY_CONTEXT, ref, 32);
        CHECK(memcmp(ck, ref, 32) == 0);
    }
    hc_simd_limit(HC_SIMD_AVX512);
}

/* Lengths at every boundary the code has: blocks, chunks, SIMD batches
 * (4, 8, 16 chunks), WIDE (32 chunks) and 2 * WIDE, the thread threshold,
 * and the part sizes. */
static size_t boundary_lengths(size_t *out, size_t cap)
{
    static const size_t bases[] = {
        0, 1, 63, 64, 65, 127, 128, 129, 1023, 1024, 1025, 2048, 3072, 4096, 5120, 7168, 8192, 12288, 15360,
        16384, 17408, 32768, 49152, 65536, 131072, 196608, 262144, 278528, 524288, 1048576,
    };
    size_t n = 0;
    for (size_t i = 0; i < sizeof(bases) / sizeof(bases[0]); i++) {
        for (int d = -1; d <= 1; d++) {
            if (bases[i] == 0 && d < 0)
                continue;
            if (n < cap)
                out[n++] = bases[i] + (size_t)d;
        }
    }
    for (size_t k = 1; k <= 6 && n + 3 <= cap; k++) {
        out[n++] = 4096 * k * 3 - 1;
        out[n++] = 16384 * k + 1;
        out[n++] = 16384 * k * 5;
    }
    /* Random lengths, mostly below 300 KiB, and two big ones. */
    for (int i = 0; i < 24 && n < cap; i++)
        out[n++] = (size_t)(rng() % (i < 20 ? 300000 : 3000000));
    if (n + 2 <= cap) {
        out[n++] = 3 * 1024 * 1024 - 1;
        out[n++] = 4 * 1024 * 1024;
    }
    return n;
}

/* Every SIMD level, every way of feeding, keyed and extended outputs,
 * against the reference. */
static void check_differential(void)
{
    const size_t max_len = 4 * 1024 * 1024 + 1;
    uint8_t *input = malloc(max_len);
    CHECK(input != NULL);
    if (!input)
        return;
    fill_pattern(input, max_len, 3);
    size_t lengths[160];
    size_t count = boundary_lengths(lengths, 160);

    hc_params keyed;
    memset(&keyed, 0, sizeof(keyed));
    keyed.key_mode = HC_KEY_KEYED;
    fill_pattern(keyed.key, 32, 4);
    uint32_t key_words[8];
    for (int i = 0; i < 8; i++)
        key_words[i] = b3_load32(keyed.key + 4 * i);
    hc_params plain;
    memset(&plain, 0, sizeof(plain));

    for (size_t li = 0; li < count; li++) {
        size_t len = lengths[li];
        /* Offset the input so that no kernel can rely on alignment. */
        const uint8_t *in = input + (li % 3);
        bool is_keyed = li % 4 == 1;
        /* Mostly the default length; sometimes 16+ blocks of output, to
         * run the XOF kernels of every width. */
        size_t out_len = li % 5 == 0 ? 64 * 21 + 13 : li % 5 == 1 ? 64 * 4 : 32;
        uint8_t expect[64 * 22], got[64 * 22];
        ref_hash(in, len, is_keyed ? key_words : iv_words, is_keyed ? B3_KEYED_HASH : 0, expect, out_len);
        for (int level = HC_SIMD_PORTABLE; level <= (int)hc_simd_detected(); level++) {
            hc_simd_limit((hc_simd_level)level);
            const hc_params *p = is_keyed ? &keyed : &plain;
            static const enum feed feeds[] = {FEED_ONCE, FEED_PIECES, FEED_PARALLEL, FEED_PARALLEL_PIECES,
                                              FEED_SUBTREES};
            for (size_t f = 0; f < sizeof(feeds) / sizeof(feeds[0]); f++) {
                unsigned threads = 1 + (unsigned)((li + f + (size_t)level) % 4);
                digest(p, in, len, feeds[f], pools[threads], got, out_len, (hc_simd_level)level);
                CHECK_MSG(memcmp(got, expect, out_len) == 0, "len %zu level %d feed %zu threads %u keyed %d out %zu",
                          len, level, f, threads, is_keyed, out_len);
            }
        }
    }
    hc_simd_limit(HC_SIMD_AVX512);

    /* The hook with its real threshold on a big input, each pool size. */
    size_t len = max_len - 1;
    uint8_t expect[32], got[32];
    ref_hash(input, len, iv_words, 0, expect, 32);
    for (unsigned t = 1; t <= 4; t++) {
        hc_hasher h;
        open_hasher(&h, NULL);
        alg->update_parallel(h.ctx, input, len, pools[t]);
        hc_hasher_final(&h, got);
        hc_hasher_close(&h);
        CHECK_MSG(memcmp(got, expect, 32) == 0, "hook, %u threads", t);
    }
    free(input);
}

/* Output of any length is a prefix of the longer output (spec §2.5), at
 * every level: lengths 1..1100 cover partial blocks and every XOF width. */
static void check_xof_lengths(void)
{
    uint8_t msg[3000];
    fill_pattern(msg, sizeof(msg), 5);
    static uint8_t full[1100], part[1100];
    ref_hash(msg, sizeof(msg), iv_words, 0, full, sizeof(full));
    for (int level = HC_SIMD_PORTABLE; level <= (int)hc_simd_detected(); level++) {
        hc_simd_limit((hc_simd_level)level);
        hc_params p;
        memset(&p, 0, sizeof(p));
        for (size_t n = 1; n <= sizeof(part); n += (n < 200 ? 1 : 37)) {
            memset(part, 0xEE, sizeof(part));
            digest(&p, msg, sizeof(msg), FEED_ONCE, NULL, part, n, (hc_simd_level)level);
            CHECK_MSG(memcmp(part, full, n) == 0 && (n == sizeof(part) || part[n] == 0xEE),
                      "xof length %zu level %d", n, level);
        }
    }
    hc_simd_limit(HC_SIMD_AVX512);
}

/* final() leaves the context as it was; a copy continues independently. */
static void check_copy_and_final(void)
{
    uint8_t msg[70000];
    fill_pattern(msg, sizeof(msg), 6);
    uint8_t a[32], b[32], c[32], whole[32], prefix[32];
    ref_hash(msg, sizeof(msg), iv_words, 0, whole, 32);
    ref_hash(msg, 40000, iv_words, 0, prefix, 32);
    hc_hasher h, g;
    open_hasher(&h, NULL);
    open_hasher(&g, NULL);
    hc_hasher_update(&h, msg, 40000);
    CHECK(hc_hasher_copy(&g, &h) == HC_OK);
    hc_hasher_final(&h, a);
    hc_hasher_final(&h, b);
    CHECK(memcmp(a, prefix, 32) == 0 && memcmp(b, prefix, 32) == 0);
    hc_hasher_update(&h, msg + 40000, sizeof(msg) - 40000);
    hc_hasher_final(&h, a);
    hc_hasher_update(&g, msg + 40000, sizeof(msg) - 40000);
    hc_hasher_final(&g, c);
    CHECK(memcmp(a, whole, 32) == 0 && memcmp(c, whole, 32) == 0);
    /* Reset starts over with the same parameters. */
    hc_hasher_oneshot(&h, msg, 40000, a);
    CHECK(memcmp(a, prefix, 32) == 0);
    hc_hasher_close(&h);
    hc_hasher_close(&g);
}

/* Every split point of a message spanning several chunks. */
static void check_all_splits(void)
{
    uint8_t msg[4100];
    fill_pattern(msg, sizeof(msg), 7);
    uint8_t expect[32], got[32];
    ref_hash(msg, sizeof(msg), iv_words, 0, expect, 32);
    hc_hasher h;
    open_hasher(&h, NULL);
    for (size_t cut = 0; cut <= sizeof(msg); cut++) {
        hc_hasher_reset(&h);
        hc_hasher_update(&h, msg, cut);
        hc_hasher_update(&h, NULL, 0);
        hc_hasher_update(&h, msg + cut, sizeof(msg) - cut);
        hc_hasher_final(&h, got);
        CHECK_MSG(memcmp(got, expect, 32) == 0, "split at %zu", cut);
    }
    hc_hasher_close(&h);
}

/* The kernels directly, every count 1..40 (the tree only asks for powers
 * of two), chunks and parents, against the scalar code; XOF likewise. */
static void check_kernels(void)
{
#ifdef HC_X86_SIMD
    static const b3_kernel *const tables[HC_SIMD_LEVEL_COUNT] = {
        NULL, hc_b3_kernels_sse41, hc_b3_kernels_avx2, hc_b3_kernels_avx512};
#else
    /* No SIMD files in this build: hc_simd_detected() is portable. */
    static const b3_kernel *const tables[HC_SIMD_LEVEL_COUNT] = {NULL};
#endif
    static uint8_t in[40 * B3_CHUNK_LEN + 64];
    fill_pattern(in, sizeof(in), 8);
    uint32_t key[8];
    for (int i = 0; i < 8; i++)
        key[i] = (uint32_t)rng();
    for (int level = HC_SIMD_SSE41; level <= (int)hc_simd_detected(); level++) {
        for (size_t count = 1; count <= 40; count++) {
            uint8_t expect[41 * 64], got[41 * 64];
            /* Chunks, with a counter that carries into the high word. */
            uint64_t counter = 0xFFFFFFFFull - 5;
            hc_b3_hash_portable(in + 1, B3_CHUNK_LEN, count, 16, key, counter, true, B3_KEYED_HASH, B3_CHUNK_START,
                                B3_CHUNK_END, expect);
            memset(got, 0, sizeof(got));
            hc_b3_hash_with(tables[level], in + 1, B3_CHUNK_LEN, count, 16, key, counter, true, B3_KEYED_HASH,
                            B3_CHUNK_START, B3_CHUNK_END, got);
            CHECK_MSG(memcmp(got, expect, count * 32) == 0 && got[count * 32] == 0, "chunks level %d count %zu",
                      level, count);
            /* Parents. */
            hc_b3_hash_portable(in + 3, 64, count, 1, key, 0, false, B3_PARENT, 0, 0, expect);
            memset(got, 0, sizeof(got));
            hc_b3_hash_with(tables[level], in + 3, 64, count, 1, key, 0, false, B3_PARENT, 0, 0, got);
            CHECK_MSG(memcmp(got, expect, count * 32) == 0 && got[count * 32] == 0, "parents level %d count %zu",
                      level, count);
            /* Output blocks, also across the 32-bit counter boundary. */
            hc_b3_xof_portable(key, in, 37, counter, B3_ROOT, expect, count);
            memset(got, 0, sizeof(got));
            hc_b3_xof_with(tables[level], key, in, 37, counter, B3_ROOT, got, count);
            CHECK_MSG(memcmp(got, expect, count * 64) == 0 && got[count * 64] == 0, "xof level %d count %zu", level,
                      count);
        }
    }
}

/* The public extras: degrees per level, the context key of an empty
 * context. */
static void check_public_api(void)
{
    CHECK(hc_blake3_simd_degree(HC_SIMD_PORTABLE) == 1);
#ifdef HC_X86_SIMD
    CHECK(hc_blake3_simd_degree(HC_SIMD_SSE41) == 4);
    CHECK(hc_blake3_simd_degree(HC_SIMD_AVX2) == 8);
    /* Two groups of 16 side by side (blake3_lanes.h): a table that lost its
     * pair kernel would hash 16 at a time, 1.3x slower on Zen 5. */
    CHECK(hc_blake3_simd_degree(HC_SIMD_AVX512) == 32);
#else
    /* No SIMD files: every level is the portable code. */
    CHECK(hc_blake3_simd_degree(HC_SIMD_AVX512) == 1);
#endif
    uint8_t ck[32], ref[32];
    hc_blake3_derive_context_key("", 0, ck);
    ref_hash(NULL, 0, iv_words, B3_DERIVE_KEY_CONTEXT, ref, 32);
    CHECK(memcmp(ck, ref, 32) == 0);
    /* A derive_key hasher reads its context at init only. */
    char context[] = "hc test context";
    hc_params p;
    memset(&p, 0, sizeof(p));
    p.key_mode = HC_KEY_DERIVE;
    p.context = context;
    p.context_len = strlen(context);
    hc_hasher h;
    open_hasher(&h, &p);
    uint8_t before[32], after[32];
    hc_hasher_update(&h, "material", 8);
    hc_hasher_final(&h, before);
    context[0] = 'X';
    hc_hasher_final(&h, after);
    CHECK(memcmp(before, after, 32) == 0);
    hc_hasher_close(&h);
}

int main(void)
{
    alg = hc_algorithm_find("blake3");
    CHECK(alg != NULL && alg->update_parallel != NULL);
    if (!alg)
        return test_report("blake3");
    for (unsigned t = 1; t <= 4; t++)
        CHECK(hc_pool_create(&pools[t], t) == HC_OK);
    fprintf(stderr, "blake3: levels up to %s\n", hc_simd_name(hc_simd_detected()));
    check_schedule();
    check_vectors();
    check_differential();
    check_xof_lengths();
    check_copy_and_final();
    check_all_splits();
    check_kernels();
    check_public_api();
    for (unsigned t = 1; t <= 4; t++)
        hc_pool_destroy(pools[t]);
    return test_report("blake3");
}
