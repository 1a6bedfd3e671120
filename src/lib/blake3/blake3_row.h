/* BLAKE3 (O'Connor, Aumasson, Neves, Wilcox-O'Hearn 2020): the table's hooks.
 * Any output length, keyed hashing and key derivation through hc_params. */
#ifndef HC_BLAKE3_ROW_H
#define HC_BLAKE3_ROW_H

#include "algorithm_row.h"
#include "simd.h"

/* The SIMD levels BLAKE3 has code for, one X(level, inputs compressed at
 * once, lane kernels) each: the dispatch table (blake3.c) and the row's
 * .simd_levels both come from this list (simd.h). */
#ifdef HC_X86_SIMD
#define HC_BLAKE3_LEVELS(X)                                                                     \
    X(PORTABLE, 1, NULL) X(SSE41, 4, hc_b3_kernels_sse41) X(AVX2, 8, hc_b3_kernels_avx2)        \
    X(AVX512, 32, hc_b3_kernels_avx512)
#else
#define HC_BLAKE3_LEVELS(X) X(PORTABLE, 1, NULL)
#endif
#define HC_BLAKE3_SIMD_LEVELS HC_SIMD_MASK_OF(HC_BLAKE3_LEVELS)

/* Plain data: a memcpy is a copy (hc_hasher_copy). */
typedef struct hc_blake3_ctx {
    uint32_t key[8];          /* IV, the key, or derive_key's context key */
    uint32_t chunk_cv[8];     /* chaining value of the chunk being filled */
    uint64_t chunk_counter;   /* index of that chunk = chunks completed before it */
    uint8_t block[64];        /* its last, not yet compressed block */
    uint8_t block_len;        /* bytes in block */
    uint8_t blocks_done;      /* blocks of the chunk already compressed */
    uint8_t flags;            /* mode flag: 0, KEYED_HASH or DERIVE_KEY_MATERIAL */
    uint8_t simd;             /* hc_simd_level chosen at init, from the row */
    uint8_t stack_len;        /* entries in cv_stack */
    /* chaining values of completed subtrees, oldest first: at most one per
     * bit of a 54-bit chunk count, plus the one being pushed */
    uint8_t cv_stack[55 * 32];
} hc_blake3_ctx;

void hc_blake3_init(void *ctx, const hc_algorithm *alg, const hc_params *params);
void hc_blake3_update(void *ctx, const void *data, size_t len);
void hc_blake3_final(void *ctx, uint8_t *out, size_t out_len);
/* Same result as hc_blake3_update, with the subtrees hashed on the pool. */
void hc_blake3_update_parallel(void *ctx, const void *data, size_t len, struct hc_pool *pool);

/* The table's tree hooks (hc_tree_hooks): the chaining value of the
 * subtree of len bytes (a power-of-two number of 1024-byte chunks) at
 * message offset `offset` (a multiple of len), reading only the key, mode
 * and backend from ctx; and appending such a value to ctx, whose message
 * must end at that offset, with more input to follow. */
void hc_blake3_subtree(const void *ctx, uint64_t offset, const void *data, size_t len, uint8_t *out);
void hc_blake3_push_subtree(void *ctx, uint64_t len, const uint8_t *cv);

/* update_parallel with its split rule as arguments, for tests and
 * benchmarks: inputs and subtrees of at least min_bytes go to the pool, in
 * parts of at least min_part_chunks chunks (the hook uses
 * HC_BLAKE3_PARALLEL_MIN and 64). */
void hc_blake3_update_parallel_tuned(void *ctx, const void *data, size_t len, struct hc_pool *pool,
                                     size_t min_bytes, size_t min_part_chunks);

#endif
