/* MD2 (RFC 1319), our own code. */
#ifndef HC_ALGOS_MD2_H
#define HC_ALGOS_MD2_H

#include "hc/algorithm.h"

typedef struct hc_md2_ctx {
    uint8_t state[48];
    uint8_t checksum[16];
    uint8_t buffer[16];
    size_t buffered;
} hc_md2_ctx;

void hc_md2_init(void *ctx, const hc_algorithm *alg, const hc_params *params);
void hc_md2_update(void *ctx, const void *data, size_t len);
void hc_md2_final(void *ctx, uint8_t *out, size_t out_len);

#endif
