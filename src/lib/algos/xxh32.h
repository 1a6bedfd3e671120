/* XXH32 (Y. Collet, "xxHash fast digest algorithm", doc/xxhash_spec.md of
 * the xxHash project, version 0.1.1), seed 0: the algorithm of the
 * test-only extra row, compiled in with -DHC_TEST_EXTRA_ROW=ON
 * (docs/adding-an-algorithm.md). */
#ifndef HC_ALGOS_XXH32_H
#define HC_ALGOS_XXH32_H

#include "algorithm_row.h"

/* Plain data: copying it with memcpy copies the running hash. */
typedef struct hc_xxh32_ctx {
    uint32_t acc[4];    /* the four accumulators of the stripes */
    uint64_t length;    /* bytes hashed so far */
    uint8_t buffer[16]; /* the partial stripe */
    uint8_t used;       /* bytes in buffer, < 16 */
} hc_xxh32_ctx;

void hc_xxh32_init(void *ctx, const hc_algorithm *alg, const hc_params *params);
void hc_xxh32_update(void *ctx, const void *data, size_t len);
void hc_xxh32_final(void *ctx, uint8_t *out, size_t out_len);

#endif
