/* BLAKE3: the incremental hasher (spec §5.1), the tree of chunks and
 * parents (§2.3, §2.4), the modes (§2.2), extendable output (§2.5) and
 * subtrees hashed on the project's thread pool (§5.2).
 *
 * The compression function runs in a backend (blake3_portable.c and the
 * SIMD files) picked from the row's levels when a message starts. Whole
 * chunks and parents always go to the backend many at a time, one per
 * SIMD lane; only a partial chunk is compressed block by block. */
#include "blake3_row.h"

#include <assert.h>
#include <string.h>

#include "blake3_impl.h"
#include "hc/blake3.h"
#include "hc/cpu.h"
#include "hc/pool.h"

typedef struct backend {
    unsigned degree;            /* inputs compressed at once by the widest kernel */
    const b3_kernel *kernels;   /* widest first; NULL: portable code only */
} backend;

/* The backend of each level the row offers (HC_BLAKE3_LEVELS). */
#define BACKEND_AT(level, degree, kernels) [HC_SIMD_##level] = {degree, kernels},
static const backend backends[HC_SIMD_LEVEL_COUNT] = {HC_BLAKE3_LEVELS(BACKEND_AT)};
#undef BACKEND_AT

/* A subtree is hashed down to at most WIDE chaining values before its
 * halves are joined: at least the widest kernel's inputs, so that the 2 *
 * WIDE CVs of the halves give every level of parents above the chunks a
 * full call (32 at once with AVX-512). */
#define WIDE 32
/* update_parallel splits a subtree into at most this many parts, of at
 * least MIN_PART_CHUNKS chunks each; many more parts than threads keep the
 * threads busy to the end when one of them is slowed down. */
#define MAX_PARTS 256
#define PARTS_PER_THREAD 64
#define MIN_PART_CHUNKS 64

/* When subtrees go to the pool: at least min_bytes, in parts of at least
 * min_part_chunks chunks. */
typedef struct split_rule {
    size_t min_bytes;
    size_t min_part_chunks;
} split_rule;

static_assert(WIDE >= 32 && (WIDE & (WIDE - 1)) == 0, "WIDE: a power of two, at least the widest SIMD degree");
static_assert((MAX_PARTS & (MAX_PARTS - 1)) == 0, "MAX_PARTS: a power of two");

static const uint32_t iv[8] = B3_IV_INIT;

/* ---- many chunks or parents at once ------------------------------------- */

/* Chaining values of `count` whole chunks starting at chunk index counter
 * (spec §2.3: CHUNK_START on the first block, CHUNK_END on the last). */
static void hash_chunks(const backend *be, const uint8_t *in, size_t count, const uint32_t key[8],
                        uint64_t counter, uint8_t flags, uint8_t *out)
{
    hc_b3_hash_with(be->kernels, in, B3_CHUNK_LEN, count, B3_CHUNK_LEN / B3_BLOCK_LEN, key, counter, true,
                    flags, B3_CHUNK_START, B3_CHUNK_END, out);
}

/* Chaining values of `count` parents, each the pair of child CVs at
 * cvs + 64 * i (spec §2.4: one block, counter 0, PARENT). */
static void hash_parents(const backend *be, const uint8_t *cvs, size_t count, const uint32_t key[8],
                         uint8_t flags, uint8_t *out)
{
    hc_b3_hash_with(be->kernels, cvs, 2 * B3_OUT_LEN, count, 1, key, 0, false, flags | B3_PARENT, 0, 0, out);
}

/* Join `count` CVs of equal, adjacent sibling subtrees (count a power of
 * two, at most MAX_PARTS) level by level until `target` remain. */
static void reduce_cvs(const backend *be, uint8_t *cvs, size_t count, size_t target, const uint32_t key[8],
                       uint8_t flags)
{
    uint8_t parents[MAX_PARTS / 2 * B3_OUT_LEN];
    while (count > target) {
        hash_parents(be, cvs, count / 2, key, flags, parents);
        count /= 2;
        memcpy(cvs, parents, count * B3_OUT_LEN);
    }
}

/* The subtree of `chunks` whole chunks (a power of two) starting at chunk
 * index counter, as min(chunks, WIDE) CVs of equal sibling subtrees. Below
 * WIDE chunks that is the chunk CVs; above, each half gives WIDE CVs and
 * the 2 * WIDE are joined pairwise, WIDE parents at once. */
static size_t subtree_cvs(const backend *be, const uint8_t *in, size_t chunks, const uint32_t key[8],
                          uint64_t counter, uint8_t flags, uint8_t *out)
{
    if (chunks <= WIDE) {
        hash_chunks(be, in, chunks, key, counter, flags, out);
        return chunks;
    }
    uint8_t halves[2 * WIDE * B3_OUT_LEN];
    size_t half = chunks / 2;
    subtree_cvs(be, in, half, key, counter, flags, halves);
    subtree_cvs(be, in + half * B3_CHUNK_LEN, half, key, counter + half, flags, halves + WIDE * B3_OUT_LEN);
    hash_parents(be, halves, WIDE, key, flags, out);
    return WIDE;
}

/* ---- threads ------------------------------------------------------------ */

typedef struct part_job {
    const backend *be;
    const uint8_t *in;
    size_t part_chunks;
    const uint32_t *key;
    uint64_t counter;
    uint8_t flags;
    uint8_t *cvs;   /* one CV per part */
} part_job;

/* Part i of a subtree, reduced to its own chaining value. Parts only read
 * the shared input and job and write their own slot of cvs. */
static void part_run(void *arg, size_t i)
{
    const part_job *job = arg;
    uint8_t cvs[WIDE * B3_OUT_LEN];
    size_t count = subtree_cvs(job->be, job->in + i * job->part_chunks * B3_CHUNK_LEN, job->part_chunks, job->key,
                               job->counter + i * job->part_chunks, job->flags, cvs);
    reduce_cvs(job->be, cvs, count, 1, job->key, job->flags);
    memcpy(job->cvs + i * B3_OUT_LEN, cvs, B3_OUT_LEN);
}

/* The two children of the subtree of `chunks` whole chunks (a power of
 * two, at least 2) at chunk index counter: 64 bytes to out. With a pool
 * (split not NULL) and a subtree big enough, the subtree is cut into equal
 * parts (subtrees themselves, spec §5.2) hashed on the pool, and their CVs
 * are joined here. */
static void subtree_children(const backend *be, const uint8_t *in, size_t chunks, const uint32_t key[8],
                             uint64_t counter, uint8_t flags, hc_pool *pool, const split_rule *split,
                             uint8_t out[64])
{
    size_t parts = 1;
    if (split != NULL && chunks * B3_CHUNK_LEN >= split->min_bytes) {
        size_t want = (size_t)hc_pool_threads(pool) * PARTS_PER_THREAD;
        parts = MAX_PARTS;
        while (parts > 1 && (parts > want || chunks / parts < split->min_part_chunks))
            parts /= 2;
    }
    if (parts >= 2) {
        uint8_t cvs[MAX_PARTS * B3_OUT_LEN];
        part_job job = {be, in, chunks / parts, key, counter, flags, cvs};
        hc_pool_for(pool, parts, part_run, &job);
        reduce_cvs(be, cvs, parts, 2, key, flags);
        memcpy(out, cvs, 2 * B3_OUT_LEN);
    } else {
        uint8_t cvs[WIDE * B3_OUT_LEN];
        size_t count = subtree_cvs(be, in, chunks, key, counter, flags, cvs);
        reduce_cvs(be, cvs, count, 2, key, flags);
        memcpy(out, cvs, 2 * B3_OUT_LEN);
    }
}

/* ---- the chunk being filled (spec §5.1.1) ------------------------------- */

static void chunk_reset(hc_blake3_ctx *c)
{
    memcpy(c->chunk_cv, c->key, sizeof(c->chunk_cv));
    c->block_len = 0;
    c->blocks_done = 0;
}

static size_t chunk_fill(const hc_blake3_ctx *c)
{
    return (size_t)c->blocks_done * B3_BLOCK_LEN + c->block_len;
}

static uint8_t chunk_start_flag(const hc_blake3_ctx *c)
{
    return c->blocks_done == 0 ? B3_CHUNK_START : 0;
}

/* Append len bytes (at most what the chunk still takes). A block is only
 * compressed once more input follows it: the last block of the chunk needs
 * CHUNK_END, and the root needs ROOT. */
static void chunk_update(hc_blake3_ctx *c, const uint8_t *in, size_t len)
{
    if (c->block_len > 0) {
        size_t take = B3_BLOCK_LEN - c->block_len;
        if (take > len)
            take = len;
        memcpy(c->block + c->block_len, in, take);
        c->block_len = (uint8_t)(c->block_len + take);
        in += take;
        len -= take;
        if (len == 0)
            return;
        hc_b3_compress_in_place(c->chunk_cv, c->block, B3_BLOCK_LEN, c->chunk_counter,
                                c->flags | chunk_start_flag(c));
        c->blocks_done++;
        c->block_len = 0;
    }
    while (len > B3_BLOCK_LEN) {
        hc_b3_compress_in_place(c->chunk_cv, in, B3_BLOCK_LEN, c->chunk_counter, c->flags | chunk_start_flag(c));
        c->blocks_done++;
        in += B3_BLOCK_LEN;
        len -= B3_BLOCK_LEN;
    }
    memcpy(c->block, in, len);
    c->block_len = (uint8_t)len;
}

/* ---- nodes whose flags are not final yet ------------------------------- */

/* A compression not yet run: either it gives a chaining value, or, with
 * ROOT added, the output (spec §2.5). */
typedef struct node {
    uint32_t cv[8];
    uint8_t block[B3_BLOCK_LEN];
    uint8_t block_len;
    uint8_t flags;
    uint64_t counter;
} node;

static void chunk_node(const hc_blake3_ctx *c, node *o)
{
    memcpy(o->cv, c->chunk_cv, sizeof(o->cv));
    memset(o->block, 0, sizeof(o->block));   /* spec §2.3: the last block is zero-padded */
    memcpy(o->block, c->block, c->block_len);
    o->block_len = c->block_len;
    o->flags = (uint8_t)(c->flags | chunk_start_flag(c) | B3_CHUNK_END);
    o->counter = c->chunk_counter;
}

static void parent_node(const uint32_t key[8], const uint8_t children[2 * B3_OUT_LEN], uint8_t flags, node *o)
{
    memcpy(o->cv, key, sizeof(o->cv));
    memcpy(o->block, children, B3_BLOCK_LEN);
    o->block_len = B3_BLOCK_LEN;
    o->flags = (uint8_t)(flags | B3_PARENT);
    o->counter = 0;
}

static void node_cv(const node *o, uint8_t out[B3_OUT_LEN])
{
    uint32_t cv[8];
    memcpy(cv, o->cv, sizeof(cv));
    hc_b3_compress_in_place(cv, o->block, o->block_len, o->counter, o->flags);
    for (int i = 0; i < 8; i++)
        b3_store32(out + 4 * i, cv[i]);
}

/* ---- the chaining-value stack (spec §5.1.2) ----------------------------- */

/* Join the newest entries until one is left per set bit of total_chunks,
 * the chunks they cover. Only called when more input is known to follow,
 * so none of these parents can be the root. */
static void merge_stack(hc_blake3_ctx *c, uint64_t total_chunks)
{
    const backend *be = &backends[c->simd];
    unsigned keep = (unsigned)__builtin_popcountll(total_chunks);
    while (c->stack_len > keep) {
        uint8_t *pair = c->cv_stack + (size_t)(c->stack_len - 2) * B3_OUT_LEN;
        uint8_t cv[B3_OUT_LEN];
        hash_parents(be, pair, 1, c->key, c->flags, cv);
        memcpy(pair, cv, B3_OUT_LEN);
        c->stack_len--;
    }
}

/* Push the CV of a subtree that starts at chunk index first_chunk. */
static void push_cv(hc_blake3_ctx *c, const uint8_t cv[B3_OUT_LEN], uint64_t first_chunk)
{
    merge_stack(c, first_chunk);
    memcpy(c->cv_stack + (size_t)c->stack_len * B3_OUT_LEN, cv, B3_OUT_LEN);
    c->stack_len++;
}

/* The chunk being filled is complete and more input follows: it is an
 * ordinary leaf, pushed as such. */
static void close_chunk(hc_blake3_ctx *c)
{
    node o;
    uint8_t cv[B3_OUT_LEN];
    chunk_node(c, &o);
    node_cv(&o, cv);
    push_cv(c, cv, c->chunk_counter);
    c->chunk_counter++;
    chunk_reset(c);
}

/* ---- hashing ------------------------------------------------------------ */

static void update_impl(hc_blake3_ctx *c, const uint8_t *in, size_t len, hc_pool *pool, const split_rule *split)
{
    if (len == 0)
        return;
    const backend *be = &backends[c->simd];

    /* Finish the chunk already started. */
    if (chunk_fill(c) > 0) {
        size_t take = B3_CHUNK_LEN - chunk_fill(c);
        if (take > len)
            take = len;
        chunk_update(c, in, take);
        in += take;
        len -= take;
        if (len == 0)
            return;
        close_chunk(c);
    }

    /* Whole subtrees straight from the input while more than a chunk is
     * left: the largest power-of-two number of chunks that fits and that
     * starts at a multiple of its own size, which is how the tree of §2.4
     * splits. The last chunk is kept for the chunk state unless a whole
     * subtree ends exactly at the end of the input; final() tells the two
     * cases apart by whether the chunk state is empty. */
    while (len > B3_CHUNK_LEN) {
        uint64_t size = (uint64_t)1 << (63 - __builtin_clzll((unsigned long long)len));
        while (((c->chunk_counter * B3_CHUNK_LEN) & (size - 1)) != 0)
            size >>= 1;
        size_t chunks = (size_t)(size / B3_CHUNK_LEN);
        if (chunks == 1) {
            uint8_t cv[B3_OUT_LEN];
            hash_chunks(be, in, 1, c->key, c->chunk_counter, c->flags, cv);
            push_cv(c, cv, c->chunk_counter);
        } else {
            uint8_t children[2 * B3_OUT_LEN];
            subtree_children(be, in, chunks, c->key, c->chunk_counter, c->flags, pool, split, children);
            push_cv(c, children, c->chunk_counter);
            push_cv(c, children + B3_OUT_LEN, c->chunk_counter + chunks / 2);
        }
        c->chunk_counter += chunks;
        in += size;
        len -= (size_t)size;
    }

    /* The rest starts a new chunk; the stack can now be joined as far as
     * the chunks before it allow. */
    if (len > 0) {
        merge_stack(c, c->chunk_counter);
        chunk_update(c, in, len);
    }
}

/* level: the row's (hc_row_simd). */
static void start(hc_blake3_ctx *c, const uint32_t key[8], uint8_t flags, hc_simd_level level)
{
    memcpy(c->key, key, sizeof(c->key));
    c->flags = flags;
    c->simd = (uint8_t)level;
    c->chunk_counter = 0;
    c->stack_len = 0;
    chunk_reset(c);
}

/* The root node's output blocks t = 0, 1, ... (spec §2.5), all the full
 * ones in SIMD lanes. */
static void root_output(const backend *be, const node *root, uint8_t *out, size_t out_len)
{
    size_t full = out_len / 64, rest = out_len % 64;
    if (full > 0)
        hc_b3_xof_with(be->kernels, root->cv, root->block, root->block_len, 0, root->flags, out, full);
    if (rest > 0) {
        uint8_t block[64];
        hc_b3_compress_xof(root->cv, root->block, root->block_len, full, root->flags, block);
        memcpy(out + 64 * full, block, rest);
    }
}

static void finish(const hc_blake3_ctx *c, uint8_t *out, size_t out_len)
{
    node o;
    size_t i = c->stack_len;
    if (chunk_fill(c) > 0 || i == 0) {
        /* The chunk being filled is the rightmost leaf (or the only one). */
        chunk_node(c, &o);
    } else {
        /* The input ended with a whole subtree: its two halves are the
         * newest entries. */
        i -= 2;
        parent_node(c->key, c->cv_stack + i * B3_OUT_LEN, c->flags, &o);
    }
    /* Join right to left with the older subtrees; the last join is the root. */
    while (i > 0) {
        i--;
        uint8_t children[2 * B3_OUT_LEN];
        memcpy(children, c->cv_stack + i * B3_OUT_LEN, B3_OUT_LEN);
        node_cv(&o, children + B3_OUT_LEN);
        parent_node(c->key, children, c->flags, &o);
    }
    o.flags |= B3_ROOT;
    root_output(&backends[c->simd], &o, out, out_len);
}

static void key_words(const uint8_t bytes[32], uint32_t words[8])
{
    for (int i = 0; i < 8; i++)
        words[i] = b3_load32(bytes + 4 * i);
}

/* ---- public ------------------------------------------------------------- */

void hc_blake3_derive_context_key(const char *context, size_t context_len, uint8_t key[32])
{
    hc_blake3_ctx c;
    start(&c, iv, B3_DERIVE_KEY_CONTEXT, hc_row_simd(&hc_algorithms[HC_BLAKE3]));
    update_impl(&c, (const uint8_t *)context, context_len, NULL, NULL);
    finish(&c, key, 32);
}

unsigned hc_blake3_simd_degree(hc_simd_level level)
{
    if ((unsigned)level >= HC_SIMD_LEVEL_COUNT)
        level = HC_SIMD_AVX512;
    return backends[hc_simd_pick(HC_BLAKE3_SIMD_LEVELS, level)].degree;
}

void hc_blake3_init(void *ctx, const hc_algorithm *alg, const hc_params *params)
{
    hc_blake3_ctx *c = ctx;
    hc_simd_level level = hc_row_simd(alg);
    uint32_t key[8];
    switch (params->key_mode) {
    case HC_KEY_KEYED:
        key_words(params->key, key);
        start(c, key, B3_KEYED_HASH, level);
        break;
    case HC_KEY_DERIVE: {
        /* Spec §2.2: the context string is hashed into the key of a
         * second hash, which then reads the key material. */
        uint8_t context_key[32];
        hc_blake3_derive_context_key(params->context, params->context_len, context_key);
        key_words(context_key, key);
        start(c, key, B3_DERIVE_KEY_MATERIAL, level);
        break;
    }
    case HC_KEY_NONE:
    default:
        start(c, iv, 0, level);
        break;
    }
}

void hc_blake3_update(void *ctx, const void *data, size_t len)
{
    update_impl(ctx, data, len, NULL, NULL);
}

void hc_blake3_update_parallel_tuned(void *ctx, const void *data, size_t len, hc_pool *pool, size_t min_bytes,
                                     size_t min_part_chunks)
{
    split_rule split = {min_bytes < 2 * B3_CHUNK_LEN ? 2 * B3_CHUNK_LEN : min_bytes,
                        min_part_chunks < 1 ? 1 : min_part_chunks};
    if (len < split.min_bytes || hc_pool_threads(pool) < 2)
        update_impl(ctx, data, len, NULL, NULL);
    else
        update_impl(ctx, data, len, pool, &split);
}

void hc_blake3_update_parallel(void *ctx, const void *data, size_t len, hc_pool *pool)
{
    hc_blake3_update_parallel_tuned(ctx, data, len, pool, HC_BLAKE3_PARALLEL_MIN, MIN_PART_CHUNKS);
}

/* ---- subtrees hashed by the caller's own threads (spec §5.2) ------------ */

void hc_blake3_subtree(const void *ctx, uint64_t offset, const void *data, size_t len, uint8_t *out)
{
    const hc_blake3_ctx *c = ctx;
    const backend *be = &backends[c->simd];
    size_t chunks = len / B3_CHUNK_LEN;
    uint64_t counter = offset / B3_CHUNK_LEN;
    assert(chunks >= 1 && (chunks & (chunks - 1)) == 0 && len % B3_CHUNK_LEN == 0 && counter % chunks == 0);
    uint8_t cvs[WIDE * B3_OUT_LEN];
    size_t count = subtree_cvs(be, data, chunks, c->key, counter, c->flags, cvs);
    reduce_cvs(be, cvs, count, 1, c->key, c->flags);
    memcpy(out, cvs, B3_OUT_LEN);
}

void hc_blake3_push_subtree(void *ctx, uint64_t len, const uint8_t *cv)
{
    hc_blake3_ctx *c = ctx;
    /* update() keeps a last whole chunk in the chunk state (it might be the
     * root); more input follows now, so it is an ordinary leaf. */
    if (chunk_fill(c) == B3_CHUNK_LEN)
        close_chunk(c);
    uint64_t chunks = len / B3_CHUNK_LEN;
    assert(chunk_fill(c) == 0 && chunks >= 1 && (chunks & (chunks - 1)) == 0 && c->chunk_counter % chunks == 0);
    push_cv(c, cv, c->chunk_counter);
    c->chunk_counter += chunks;
}

/* Does not change the context: final() may be called again, or the hasher
 * copied and continued. */
void hc_blake3_final(void *ctx, uint8_t *out, size_t out_len)
{
    finish(ctx, out, out_len);
}
