/* The algorithm row: every fact about one algorithm, one const row per
 * algorithm in one table (algorithms.c). Private to libhc (and to the tests
 * and benchmarks that reach into it); users read rows through the
 * accessors of hc/algorithm.h. */
#ifndef HC_ALGORITHM_ROW_H
#define HC_ALGORITHM_ROW_H

#include "hc/algorithm.h"

struct hc_pool;
struct hc_kernel;

/* Tree hashes (BLAKE3): a message is a tree of leaf_len-byte leaves, and a
 * subtree of 2^k leaves that starts at a message offset that is a multiple
 * of its own size can be hashed apart, by any thread, into a node value
 * that is then appended to the running hash in message order. */
typedef struct hc_tree_hooks {
    uint32_t leaf_len;
    uint32_t node_len;
    /* Node of the subtree of len bytes at message offset `offset`. Reads
     * only the parameters in ctx (key, mode), never changes it: any number
     * of threads may call it at once on one context. */
    void (*subtree)(const void *ctx, uint64_t offset, const void *data, size_t len, uint8_t *node);
    /* Append a subtree's node: the message so far ends where the subtree
     * starts, and more input follows (a pushed subtree is never the root). */
    void (*push)(void *ctx, uint64_t len, const uint8_t *node);
} hc_tree_hooks;

struct hc_algorithm {
    hc_algorithm_id id;
    const char *name;          /* exactly as typed on the command line */
    const char *title;         /* human description for help and benchmark */
    uint16_t digest_len;       /* bytes of the default digest */
    uint16_t block_len;        /* bytes the compression function consumes */
    uint32_t flags;            /* enum hc_algorithm_flags */
    uint32_t ctx_size;         /* bytes of context, <= HC_MAX_CTX_SIZE */
    hc_backend backend;        /* whose code update() runs */
    /* The SIMD levels the row's own update() has code for, as bits
     * (1u << hc_simd_level); 0 means portable C only. Always the family's
     * own list (HC_SIMD_MASK_OF, simd.h), never bits written by hand: its
     * dispatcher takes the level from here (hc_row_simd, the highest one
     * not above hc_simd_active()). Libraries choose their own code paths,
     * so library rows leave it 0. */
    uint8_t simd_levels;

    /* Facts of one member of a family, read by its hooks and by its
     * brute-force kernel alike (zero where they do not apply): */
    uint8_t passes;            /* HAVAL: 3, 4 or 5 */
    /* The first padding byte after the message: Tiger 0x01, Tiger2 0x80
     * (TTH: its leaves are Tiger's); SHA-3 0x06, Keccak 0x01 (the domain
     * bits with the first bit of pad10*1, FIPS 202 B.2). */
    uint8_t pad_byte;
    uint32_t crc_poly;         /* CRCs: the polynomial, reflected (RFC 1952 §8, RFC 3720 B.4) */
    uint32_t backend_id;       /* librhash rows: the RHASH_* id */

    /* Optional: obtain what the context refers to (HC_ALG_OPAQUE_CTX). */
    hc_status (*acquire)(void *ctx, const hc_algorithm *alg);
    /* Optional: give it back. */
    void (*release)(void *ctx);
    /* Start a new message. params is never NULL. */
    void (*init)(void *ctx, const hc_algorithm *alg, const hc_params *params);
    void (*update)(void *ctx, const void *data, size_t len);
    /* Finish: write out_len bytes (digest_len unless HC_ALG_XOF_KEYED).
     * The context must be initialised again before further use. */
    void (*final)(void *ctx, uint8_t *out, size_t out_len);
    /* Optional: hash a large in-memory buffer with all threads of pool.
     * Same result as update(). */
    void (*update_parallel)(void *ctx, const void *data, size_t len, struct hc_pool *pool);
    /* Optional: the brute-force kernel family that hashes many equal-length
     * candidates at once (src/lib/crack/kernel.h); every parameter it needs
     * comes from the fields above. */
    const struct hc_kernel *kernel;
    /* Optional: subtrees hashed apart (tree hashes); see hc_hasher_subtree. */
    const hc_tree_hooks *tree;
};

/* 0, or a compile error with msg when cond is false: usable inside a
 * constant initializer, where a static_assert declaration cannot go. */
#define HC_STATIC_CHECK(cond, msg) (0 * sizeof(struct { _Static_assert(cond, msg); char hc_check; }))

/* A row's context size, checked against the generic allocation. */
#define HC_ROW_CTX(size) \
    .ctx_size = (uint32_t)((size) + HC_STATIC_CHECK((size) <= HC_MAX_CTX_SIZE, "context larger than HC_MAX_CTX_SIZE"))

/* The hooks of a row computed by hc's own code: prefix_init, _update and
 * _final (each backend has its own: HC_OSSL_HOOKS, HC_RHASH_ROW, the CRCs'). */
#define HC_OWN_HOOKS(prefix) \
    .backend = HC_BACKEND_OWN, .init = prefix##_init, .update = prefix##_update, .final = prefix##_final

/* The table, indexed by hc_algorithm_id. */
extern const hc_algorithm hc_algorithms[HC_ALGORITHM_COUNT];

#endif
