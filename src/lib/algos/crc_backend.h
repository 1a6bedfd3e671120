/* CRC-32 (IEEE/zlib) and CRC-32C (Castagnoli): through ISA-L's folding code
 * (PCLMULQDQ / VPCLMULQDQ, chosen by ISA-L at run time; crc_isal.c), or,
 * where ISA-L is not available, byte-wise from the row's polynomial
 * (crc_portable.c, HC_CRC_PORTABLE). CMake builds one of the two. */
#ifndef HC_ALGOS_CRC_BACKEND_H
#define HC_ALGOS_CRC_BACKEND_H

#include "algorithm_row.h"

#ifdef HC_CRC_PORTABLE
#define HC_CRC_BACKEND HC_BACKEND_OWN
typedef struct hc_crc_ctx {
    uint32_t state;        /* the register, inverted at the end */
    uint32_t table_poly;   /* the polynomial table[] was made for; 0: none yet */
    uint32_t table[256];
} hc_crc_ctx;
/* One set of hooks for both rows: the polynomial is the row's. */
void hc_crc_portable_init(void *ctx, const hc_algorithm *alg, const hc_params *params);
void hc_crc_portable_update(void *ctx, const void *data, size_t len);
void hc_crc_portable_final(void *ctx, uint8_t *out, size_t out_len);
#define HC_CRC32_HOOKS .init = hc_crc_portable_init, .update = hc_crc_portable_update, .final = hc_crc_portable_final
#define HC_CRC32C_HOOKS HC_CRC32_HOOKS
#else
#define HC_CRC_BACKEND HC_BACKEND_ISAL
typedef struct hc_crc_ctx {
    uint32_t state;
} hc_crc_ctx;
/* ISA-L has a function per polynomial. */
void hc_crc32_init(void *ctx, const hc_algorithm *alg, const hc_params *params);
void hc_crc32_update(void *ctx, const void *data, size_t len);
void hc_crc32_final(void *ctx, uint8_t *out, size_t out_len);
void hc_crc32c_init(void *ctx, const hc_algorithm *alg, const hc_params *params);
void hc_crc32c_update(void *ctx, const void *data, size_t len);
void hc_crc32c_final(void *ctx, uint8_t *out, size_t out_len);
#define HC_CRC32_HOOKS .init = hc_crc32_init, .update = hc_crc32_update, .final = hc_crc32_final
#define HC_CRC32C_HOOKS .init = hc_crc32c_init, .update = hc_crc32c_update, .final = hc_crc32c_final
#endif
/* The finals write the 32-bit value most-significant byte first (contract §6). */

#endif
