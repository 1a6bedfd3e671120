/* EDON-R-256 and EDON-R-512, streaming, from the SHA-3 submission
 * (Gligoroski et al., 2008) in the flavour the brute-force kernels and
 * librhash compute (crack/kernels/mb_edonr.h describes the compression).
 * Builds without librhash (Windows) use it for the two rows; elsewhere the
 * unit tests check it against librhash. */
#ifndef HC_ALGOS_EDONR_H
#define HC_ALGOS_EDONR_H

#include "algorithm_row.h"

/* Plain data: a memcpy is a copy. The row's digest length picks the
 * width: 32 bytes EDON-R-256 (32-bit words, 64-byte blocks), 64 bytes
 * EDON-R-512 (64-bit words, 128-byte blocks). */
typedef struct hc_edonr_ctx {
    union {
        uint32_t w32[16];
        uint64_t w64[16];
    } pipe;                /* the double pipe: P0 then P1 */
    uint64_t length;       /* bytes absorbed so far */
    uint8_t buffer[128];   /* the partial block */
    uint8_t wide;          /* EDON-R-512 */
} hc_edonr_ctx;

void hc_edonr_init(void *ctx, const hc_algorithm *alg, const hc_params *params);
void hc_edonr_update(void *ctx, const void *data, size_t len);
void hc_edonr_final(void *ctx, uint8_t *out, size_t out_len);

#endif
