/* CRC-32 (IEEE/zlib) and CRC-32C (Castagnoli) through ISA-L's folding code
 * (PCLMULQDQ / VPCLMULQDQ, chosen by ISA-L at run time). */
#ifndef HC_ALGOS_CRC_BACKEND_H
#define HC_ALGOS_CRC_BACKEND_H

#include "hc/algorithm.h"

typedef struct hc_crc_ctx {
    uint32_t state;
} hc_crc_ctx;

void hc_crc32_init(void *ctx, const hc_algorithm *alg, const hc_params *params);
void hc_crc32_update(void *ctx, const void *data, size_t len);
void hc_crc32_final(void *ctx, uint8_t *out, size_t out_len);
void hc_crc32c_init(void *ctx, const hc_algorithm *alg, const hc_params *params);
void hc_crc32c_update(void *ctx, const void *data, size_t len);
void hc_crc32c_final(void *ctx, uint8_t *out, size_t out_len);
/* Both finals write the 32-bit value most-significant byte first (contract §6). */

#endif
