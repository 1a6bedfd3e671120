/* Tiger/192 (Anderson, Biham); the row variant is the first padding byte: 0x01 for Tiger, 0x80 for Tiger2. */
#ifndef HC_ALGOS_TIGER_H
#define HC_ALGOS_TIGER_H

#include "hc/algorithm.h"

/* The first padding byte: the only difference between Tiger and Tiger2. */
enum {
    HC_TIGER_PADDING_TIGER = 0x01,
    HC_TIGER_PADDING_TIGER2 = 0x80
};

typedef struct hc_tiger_ctx {
    uint64_t state[3];
    uint64_t length;
    uint8_t buffer[64];
    uint8_t padding;
} hc_tiger_ctx;

void hc_tiger_init(void *ctx, const hc_algorithm *alg, const hc_params *params);
void hc_tiger_update(void *ctx, const void *data, size_t len);
void hc_tiger_final(void *ctx, uint8_t *out, size_t out_len);

#endif
