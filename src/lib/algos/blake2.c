/* PLACEHOLDER: to be replaced by the implementation from the specification. */
#include "blake2.h"

#include <string.h>

void hc_blake2b_init(void *ctx, const hc_algorithm *alg, const hc_params *params)
{
    (void)alg;
    (void)params;
    memset(ctx, 0, sizeof(hc_blake2b_ctx));
}

void hc_blake2b_update(void *ctx, const void *data, size_t len)
{
    (void)ctx;
    (void)data;
    (void)len;
}

void hc_blake2b_final(void *ctx, uint8_t *out, size_t out_len)
{
    (void)ctx;
    memset(out, 0, out_len);
}
void hc_blake2s_init(void *ctx, const hc_algorithm *alg, const hc_params *params)
{
    (void)alg;
    (void)params;
    memset(ctx, 0, sizeof(hc_blake2s_ctx));
}

void hc_blake2s_update(void *ctx, const void *data, size_t len)
{
    (void)ctx;
    (void)data;
    (void)len;
}

void hc_blake2s_final(void *ctx, uint8_t *out, size_t out_len)
{
    (void)ctx;
    memset(out, 0, out_len);
}
