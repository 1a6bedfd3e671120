/* hc's own CRC-32 and CRC-32C behind the table's hooks (crc_backend.h):
 * the row's polynomial picks its constants, the row's SIMD level its code
 * (HC_CRC_LEVELS: carry-less folding on x86, slicing-by-8 elsewhere). The
 * register lives in the context like ISA-L's, so the tree hooks of
 * crc_combine.c work on either. */
#include "crc_backend.h"

#include <string.h>

uint32_t hc_crc_run_portable(const hc_crc_constants *k, uint32_t reg, const uint8_t *p, size_t len)
{
    hc_simd_note(HC_SIMD_PORTABLE);
    return hc_crc_slice8(k, reg, p, len);
}

#define RUN_AT(level, fn) [HC_SIMD_##level] = fn,
static hc_crc_run_fn *const run_at[HC_SIMD_LEVEL_COUNT] = {HC_CRC_LEVELS(RUN_AT)};

hc_crc_run_fn *hc_crc_run_at(hc_simd_level level)
{
    return (unsigned)level < HC_SIMD_LEVEL_COUNT ? run_at[level] : NULL;
}

#ifndef HC_CRC_ISAL
void hc_crc_own_init(void *ctx, const hc_algorithm *alg, const hc_params *params)
{
    hc_crc_ctx *c = ctx;
    c->constants = alg->crc_poly == hc_crc32c_constants.poly ? &hc_crc32c_constants : &hc_crc32_constants;
    c->run = run_at[hc_row_simd(alg)];
    hc_crc_init(c, alg, params);
}

void hc_crc_own_update(void *ctx, const void *data, size_t len)
{
    hc_crc_ctx *c = ctx;
    c->state = c->run(c->constants, c->state, data, len);
}

/* A subtree's node: its register from zero (crc_combine.c). */
void hc_crc_own_subtree(const void *ctx, uint64_t offset, const void *data, size_t len, uint8_t *node)
{
    (void)offset;
    const hc_crc_ctx *c = ctx;
    uint32_t reg0 = c->run(c->constants, 0, data, len);
    memcpy(node, &reg0, sizeof(reg0));
}
#endif
