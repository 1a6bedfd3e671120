/* Adler-32 (RFC 1950 §2.2, §8.2): the checksum of the test-only extra row,
 * compiled in with -DHC_TEST_EXTRA_ROW=ON (docs/adding-an-algorithm.md). */
#ifndef HC_ALGOS_ADLER32_H
#define HC_ALGOS_ADLER32_H

#include "algorithm_row.h"

/* Plain data: copying it with memcpy copies the running checksum. */
typedef struct hc_adler32_ctx {
    uint32_t a; /* 1 + the sum of the bytes, modulo 65521 */
    uint32_t b; /* the sum of the successive values of a, modulo 65521 */
} hc_adler32_ctx;

void hc_adler32_init(void *ctx, const hc_algorithm *alg, const hc_params *params);
void hc_adler32_update(void *ctx, const void *data, size_t len);
void hc_adler32_final(void *ctx, uint8_t *out, size_t out_len);

#endif
