/* RIPEMD-128/256/320 (Dobbertin, Bosselaers, Preneel), our own code. The row variant is unused; digest_len picks the member of the family. */
#ifndef HC_ALGOS_RIPEMD_H
#define HC_ALGOS_RIPEMD_H

#include "hc/algorithm.h"

typedef struct hc_ripemd_ctx {
    uint32_t h[10];
    uint64_t length;
    uint8_t buffer[64];
    unsigned bits;
} hc_ripemd_ctx;

void hc_ripemd_init(void *ctx, const hc_algorithm *alg, const hc_params *params);
void hc_ripemd_update(void *ctx, const void *data, size_t len);
void hc_ripemd_final(void *ctx, uint8_t *out, size_t out_len);

#endif
