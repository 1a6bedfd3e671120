/* CRC-32 and CRC-32C in portable C, where ISA-L is not available (CMake
 * says so when it configures): one table look-up per byte from the row's
 * reflected polynomial, the register starting at all ones and inverted at
 * the end (RFC 1952 §8, RFC 3720 B.4). About 350 MB/s per core, against
 * several GB/s for ISA-L's folding; hash mode's CRC scan does not use it. */
#include "crc_backend.h"

#include <string.h>

#include "crc_table.h"

void hc_crc_portable_init(void *ctx, const hc_algorithm *alg, const hc_params *params)
{
    hc_crc_ctx *c = ctx;
    /* A reset keeps the table: made once per hasher (poly is 0 until the
     * first init, which sets it). */
    if (c->poly != alg->crc_poly)
        hc_crc_table_make(c->table, alg->crc_poly);
    hc_crc_init(c, alg, params);
}

void hc_crc_portable_update(void *ctx, const void *data, size_t len)
{
    hc_crc_ctx *c = ctx;
    c->state = hc_crc_table_run(c->table, c->state, data, len);
}

/* A subtree's node: its register from zero (crc_combine.c). */
void hc_crc_portable_subtree(const void *ctx, uint64_t offset, const void *data, size_t len, uint8_t *node)
{
    (void)offset;
    uint32_t reg0 = hc_crc_table_run(((const hc_crc_ctx *)ctx)->table, 0, data, len);
    memcpy(node, &reg0, sizeof(reg0));
}
