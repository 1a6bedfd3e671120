/* PLACEHOLDER: to be replaced by the implementation from the specification. */
#include "haval.h"

#include <string.h>

void hc_haval_init(void *ctx, const hc_algorithm *alg, const hc_params *params)
{
    (void)alg;
    (void)params;
    memset(ctx, 0, sizeof(hc_haval_ctx));
}

void hc_haval_update(void *ctx, const void *data, size_t len)
{
    (void)ctx;
    (void)data;
    (void)len;
}

void hc_haval_final(void *ctx, uint8_t *out, size_t out_len)
{
    (void)ctx;
    memset(out, 0, out_len);
}
