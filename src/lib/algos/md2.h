/* MD2 (RFC 1319), our own code. */
#ifndef HC_ALGOS_MD2_H
#define HC_ALGOS_MD2_H

#include "algorithm_row.h"

/* Plain data: copying it with memcpy copies the running hash. */
typedef struct hc_md2_ctx {
    uint8_t state[16];    /* X[0..15] of RFC 1319 §3.3; X[16..47] is rebuilt per block */
    uint8_t checksum[16]; /* C of §3.2; its last byte is the running L */
    uint8_t buffer[16];   /* the partial block */
    uint64_t length;      /* bytes absorbed so far */
} hc_md2_ctx;

/* The substitution S of RFC 1319 §3.2 (a permutation of 0..255), also
 * used by the brute-force kernel. */
extern const uint32_t hc_md2_pi_subst[256];

void hc_md2_init(void *ctx, const hc_algorithm *alg, const hc_params *params);
void hc_md2_update(void *ctx, const void *data, size_t len);
void hc_md2_final(void *ctx, uint8_t *out, size_t out_len);

#endif
