/* HAVAL (Zheng, Pieprzyk, Seberry 1992), 3/4/5 passes x 128..256 bits, our
 * own code; the row gives the passes and the digest length. */
#ifndef HC_ALGOS_HAVAL_H
#define HC_ALGOS_HAVAL_H

#include "algorithm_row.h"

/* Plain data: copying it with memcpy copies the running hash. */
typedef struct hc_haval_ctx {
    uint32_t state[8];    /* the fingerprint D7..D0 of the paper, D0 first */
    uint64_t length;      /* bytes absorbed so far */
    uint8_t buffer[128];  /* the partial block */
    unsigned passes;      /* 3, 4 or 5 */
    unsigned digest_len;  /* 16, 20, 24, 28 or 32 bytes */
} hc_haval_ctx;

void hc_haval_init(void *ctx, const hc_algorithm *alg, const hc_params *params);
void hc_haval_update(void *ctx, const void *data, size_t len);
void hc_haval_final(void *ctx, uint8_t *out, size_t out_len);

#endif
