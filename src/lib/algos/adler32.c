/* Adler-32 (RFC 1950 §2.2 for the value, §8.2 for why): two sums modulo
 * the largest prime below 2^16, the second one over the first, stored most
 * significant byte first. Only the test build's extra row uses it. */
#include "adler32.h"

#ifdef HC_TEST_EXTRA_ROW

enum { ADLER_BASE = 65521 };

/* Bytes summed in 64-bit registers before reducing: b grows by at most
 * (ADLER_BASE + 255 n) per byte, far below 2^64 after 2^20 bytes. */
#define RUN_BYTES ((size_t)1 << 20)

void hc_adler32_init(void *ctx, const hc_algorithm *alg, const hc_params *params)
{
    (void)alg;
    (void)params;
    hc_adler32_ctx *c = ctx;
    c->a = 1;
    c->b = 0;
}

void hc_adler32_update(void *ctx, const void *data, size_t len)
{
    hc_adler32_ctx *c = ctx;
    const uint8_t *p = data;
    while (len > 0) {
        size_t run = len < RUN_BYTES ? len : RUN_BYTES;
        uint64_t a = c->a, b = c->b;
        for (size_t i = 0; i < run; i++) {
            a += p[i];
            b += a;
        }
        c->a = (uint32_t)(a % ADLER_BASE);
        c->b = (uint32_t)(b % ADLER_BASE);
        p += run;
        len -= run;
    }
}

void hc_adler32_final(void *ctx, uint8_t *out, size_t out_len)
{
    (void)out_len; /* a fixed 4 bytes */
    const hc_adler32_ctx *c = ctx;
    uint32_t value = c->b << 16 | c->a;
    out[0] = (uint8_t)(value >> 24);
    out[1] = (uint8_t)(value >> 16);
    out[2] = (uint8_t)(value >> 8);
    out[3] = (uint8_t)value;
}

#endif
