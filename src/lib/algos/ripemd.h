/* RIPEMD-128/160/256/320 (Dobbertin, Bosselaers, Preneel), our own code;
 * the row's digest_len picks the member of the family. The tests compare
 * our RIPEMD-160 with OpenSSL's, which also checks the five-word machinery
 * that RIPEMD-320 shares with it. */
#ifndef HC_ALGOS_RIPEMD_H
#define HC_ALGOS_RIPEMD_H

#include "algorithm_row.h"

/* Plain data: copying it with memcpy copies the running hash. */
typedef struct hc_ripemd_ctx {
    uint32_t h[10];       /* chaining value: 4, 5, 8 or 10 words used */
    uint64_t length;      /* bytes absorbed so far */
    uint8_t buffer[64];   /* the partial block */
    unsigned digest_len;  /* 16, 20, 32 or 40 */
} hc_ripemd_ctx;

void hc_ripemd_init(void *ctx, const hc_algorithm *alg, const hc_params *params);
void hc_ripemd_update(void *ctx, const void *data, size_t len);
void hc_ripemd_final(void *ctx, uint8_t *out, size_t out_len);

#endif
