/* Snefru (Merkle, "A fast software one-way hash function", J. Cryptology
 * 3(1), 1990) with 8 passes, as the snefru128 and snefru256 rows compute
 * it through librhash. The brute-force kernel (src/lib/crack) computes it
 * itself from the S-boxes here, and so does the streaming hasher below
 * (snefru.c), which builds without librhash (Windows) use for the rows;
 * the unit tests check them against librhash. */
#ifndef HC_ALGOS_SNEFRU_H
#define HC_ALGOS_SNEFRU_H

#include <stdint.h>

#include "algorithm_row.h"

/* Passes (the paper's "security level"): one S-box pair per pass. */
#define HC_SNEFRU_PASSES 8

/* Merkle's standard S-boxes, 2 per pass, 256 words each: pass p's
 * round step i looks up box 2p + ((i >> 1) & 1). */
#define HC_SNEFRU_SBOX_WORDS (2 * HC_SNEFRU_PASSES * 256)
extern const uint32_t hc_snefru_sboxes[HC_SNEFRU_SBOX_WORDS];

/* Plain data: a memcpy is a copy. The row's digest length sets the
 * chaining words: 4 for Snefru-128 (48-byte message blocks), 8 for
 * Snefru-256 (32-byte blocks). */
typedef struct hc_snefru_ctx {
    uint32_t chain[8];
    uint64_t length;       /* bytes absorbed so far */
    uint8_t buffer[48];    /* the partial block */
    uint8_t chain_words;
} hc_snefru_ctx;

void hc_snefru_init(void *ctx, const hc_algorithm *alg, const hc_params *params);
void hc_snefru_update(void *ctx, const void *data, size_t len);
void hc_snefru_final(void *ctx, uint8_t *out, size_t out_len);

#endif
