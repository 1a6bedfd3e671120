/* The Keccak sponge: SHA-3 (FIPS 202, domain byte 0x06) and original Keccak (domain byte 0x01); the row variant is the domain byte. */
#ifndef HC_ALGOS_KECCAK_H
#define HC_ALGOS_KECCAK_H

#include "hc/algorithm.h"

/* The bits appended to the message before the pad10*1 rule. */
enum {
    HC_KECCAK_DOMAIN_KECCAK = 0x01, /* Keccak submission, round 3 */
    HC_KECCAK_DOMAIN_SHA3 = 0x06    /* FIPS 202: suffix 01 then the first pad bit */
};

typedef struct hc_keccak_ctx {
    uint64_t state[25];
    size_t rate;
    size_t used;
    uint8_t domain;
} hc_keccak_ctx;

void hc_keccak_init(void *ctx, const hc_algorithm *alg, const hc_params *params);
void hc_keccak_update(void *ctx, const void *data, size_t len);
void hc_keccak_final(void *ctx, uint8_t *out, size_t out_len);

#endif
