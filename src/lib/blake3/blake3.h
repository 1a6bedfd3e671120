/* BLAKE3 (O'Connor, Aumasson, Neves, Wilcox-O'Hearn 2020): the table's hooks.
 * Any output length, keyed hashing and key derivation through hc_params. */
#ifndef HC_ALGOS_BLAKE3_H
#define HC_ALGOS_BLAKE3_H

#include "hc/algorithm.h"

typedef struct hc_blake3_ctx {
    uint32_t key[8];
    uint32_t flags;
    uint8_t cv_stack[54 * 32];
    uint8_t chunk[1024];
    uint64_t chunk_counter;
    size_t chunk_len;
    size_t out_len;
} hc_blake3_ctx;

void hc_blake3_init(void *ctx, const hc_algorithm *alg, const hc_params *params);
void hc_blake3_update(void *ctx, const void *data, size_t len);
void hc_blake3_final(void *ctx, uint8_t *out, size_t out_len);
/* Same result as hc_blake3_update, with the subtrees hashed on the pool. */
void hc_blake3_update_parallel(void *ctx, const void *data, size_t len, struct hc_pool *pool);

#endif
