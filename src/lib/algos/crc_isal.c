/* ISA-L CRCs behind the table's hooks (crc_backend.h). Both keep the
 * register in the context (the tree hooks of crc_combine.c work on it). */
#include "crc_backend.h"

#include <string.h>

#include <isa-l/crc.h>

/* crc32_gzip_refl takes and returns the finished CRC (it inverts on entry
 * and exit itself): the register is its value inverted. */
static uint32_t crc32_run(uint32_t reg, const void *data, size_t len)
{
    /* ISA-L takes a uint64_t length, so no splitting is needed. */
    return ~crc32_gzip_refl(~reg, data, len);
}

/* crc32_iscsi neither inverts on entry nor on exit (RFC 3720 B.4): it runs
 * the register itself. */
static uint32_t crc32c_run(uint32_t reg, const void *data, size_t len)
{
    const unsigned char *p = data;
    /* crc32_iscsi's length is an int: feed at most 1 GiB per call. */
    while (len > 0) {
        size_t n = len < (1u << 30) ? len : (1u << 30);
        reg = crc32_iscsi((unsigned char *)p, (int)n, reg);
        p += n;
        len -= n;
    }
    return reg;
}

void hc_crc32_update(void *ctx, const void *data, size_t len)
{
    hc_crc_ctx *c = ctx;
    c->state = crc32_run(c->state, data, len);
}

void hc_crc32c_update(void *ctx, const void *data, size_t len)
{
    hc_crc_ctx *c = ctx;
    c->state = crc32c_run(c->state, data, len);
}

/* A subtree's node: its register from zero (crc_combine.c). */
void hc_crc32_subtree(const void *ctx, uint64_t offset, const void *data, size_t len, uint8_t *node)
{
    (void)ctx;
    (void)offset;
    uint32_t reg0 = crc32_run(0, data, len);
    memcpy(node, &reg0, sizeof(reg0));
}

void hc_crc32c_subtree(const void *ctx, uint64_t offset, const void *data, size_t len, uint8_t *node)
{
    (void)ctx;
    (void)offset;
    uint32_t reg0 = crc32c_run(0, data, len);
    memcpy(node, &reg0, sizeof(reg0));
}
