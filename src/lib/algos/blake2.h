/* BLAKE2b and BLAKE2s (RFC 7693), our own code. The table's rows are the
 * unkeyed full-length digests (BLAKE2b-512, BLAKE2s-256); keyed and shorter
 * outputs are offered through hc_blake2b_init_key / hc_blake2s_init_key for
 * the RFC's self-test (Appendix E) and future rows. */
#ifndef HC_ALGOS_BLAKE2_H
#define HC_ALGOS_BLAKE2_H

#include "algorithm_row.h"

enum {
    HC_BLAKE2B_BLOCK_LEN = 128,
    HC_BLAKE2B_MAX_OUT_LEN = 64,
    HC_BLAKE2S_BLOCK_LEN = 64,
    HC_BLAKE2S_MAX_OUT_LEN = 32
};

/* Plain data: a memcpy of a running context is a copy of the hash. */
typedef struct hc_blake2b_ctx {
    uint64_t h[8];
    uint64_t t[2];                          /* bytes compressed so far, 128-bit */
    uint8_t buffer[HC_BLAKE2B_BLOCK_LEN];   /* the last block waits here for its flag */
    size_t buffered;
} hc_blake2b_ctx;

typedef struct hc_blake2s_ctx {
    uint32_t h[8];
    uint32_t t[2];                          /* bytes compressed so far, 64-bit */
    uint8_t buffer[HC_BLAKE2S_BLOCK_LEN];
    size_t buffered;
} hc_blake2s_ctx;

void hc_blake2b_init(void *ctx, const hc_algorithm *alg, const hc_params *params);
void hc_blake2b_update(void *ctx, const void *data, size_t len);
void hc_blake2b_final(void *ctx, uint8_t *out, size_t out_len);

void hc_blake2s_init(void *ctx, const hc_algorithm *alg, const hc_params *params);
void hc_blake2s_update(void *ctx, const void *data, size_t len);
void hc_blake2s_final(void *ctx, uint8_t *out, size_t out_len);

/* Start a hash of out_len bytes (1..64 for b, 1..32 for s), keyed when
 * key_len > 0 (at most out_len's maximum). final must then be asked for
 * out_len bytes. Lengths out of range are the caller's error. */
void hc_blake2b_init_key(hc_blake2b_ctx *ctx, size_t out_len, const void *key, size_t key_len);
void hc_blake2s_init_key(hc_blake2s_ctx *ctx, size_t out_len, const void *key, size_t key_len);

#endif
