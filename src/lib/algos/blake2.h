/* BLAKE2b-512 and BLAKE2s-256 (RFC 7693), unkeyed, our own code. */
#ifndef HC_ALGOS_BLAKE2_H
#define HC_ALGOS_BLAKE2_H

#include "hc/algorithm.h"

typedef struct hc_blake2b_ctx {
    uint64_t h[8];
    uint64_t t[2];
    uint8_t buffer[128];
    size_t buffered;
} hc_blake2b_ctx;

void hc_blake2b_init(void *ctx, const hc_algorithm *alg, const hc_params *params);
void hc_blake2b_update(void *ctx, const void *data, size_t len);
void hc_blake2b_final(void *ctx, uint8_t *out, size_t out_len);

typedef struct hc_blake2s_ctx {
    uint32_t h[8];
    uint32_t t[2];
    uint8_t buffer[64];
    size_t buffered;
} hc_blake2s_ctx;

void hc_blake2s_init(void *ctx, const hc_algorithm *alg, const hc_params *params);
void hc_blake2s_update(void *ctx, const void *data, size_t len);
void hc_blake2s_final(void *ctx, uint8_t *out, size_t out_len);

#endif
