/* ISA-L CRCs behind the table's hooks (crc_backend.h). */
#include "crc_backend.h"

#include <isa-l/crc.h>

/* crc32_gzip_refl takes and returns the finished CRC (it inverts on entry
 * and exit itself), so the running value chains directly from 0. */
void hc_crc32_init(void *ctx, const hc_algorithm *alg, const hc_params *params)
{
    (void)alg;
    (void)params;
    ((hc_crc_ctx *)ctx)->state = 0;
}

void hc_crc32_update(void *ctx, const void *data, size_t len)
{
    hc_crc_ctx *c = ctx;
    /* ISA-L takes a uint64_t length, so no splitting is needed. */
    c->state = crc32_gzip_refl(c->state, data, len);
}

/* crc32_iscsi neither inverts on entry nor on exit: the running register
 * starts at all ones and is inverted once in final (RFC 3720 B.4). */
void hc_crc32c_init(void *ctx, const hc_algorithm *alg, const hc_params *params)
{
    (void)alg;
    (void)params;
    ((hc_crc_ctx *)ctx)->state = 0xFFFFFFFFu;
}

void hc_crc32c_update(void *ctx, const void *data, size_t len)
{
    hc_crc_ctx *c = ctx;
    const unsigned char *p = data;
    /* crc32_iscsi's length is an int: feed at most 1 GiB per call. */
    while (len > 0) {
        size_t n = len < (1u << 30) ? len : (1u << 30);
        c->state = crc32_iscsi((unsigned char *)p, (int)n, c->state);
        p += n;
        len -= n;
    }
}

static void store_big_endian(uint32_t value, uint8_t *out)
{
    out[0] = (uint8_t)(value >> 24);
    out[1] = (uint8_t)(value >> 16);
    out[2] = (uint8_t)(value >> 8);
    out[3] = (uint8_t)value;
}

void hc_crc32_final(void *ctx, uint8_t *out, size_t out_len)
{
    (void)out_len;
    store_big_endian(((hc_crc_ctx *)ctx)->state, out);
}

void hc_crc32c_final(void *ctx, uint8_t *out, size_t out_len)
{
    (void)out_len;
    store_big_endian(~((hc_crc_ctx *)ctx)->state, out);
}
