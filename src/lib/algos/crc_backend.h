/* CRC-32 (IEEE/zlib) and CRC-32C (Castagnoli): hc's own code (crc_own.c:
 * carry-less folding on x86 chosen by SIMD level, slicing-by-8 elsewhere),
 * or ISA-L's (crc_isal.c, HC_CRC_ISAL). CMake picks the backend
 * (HC_CRC_BACKEND, docs/backends.md); our own code is built either way
 * (the tests cross-check the two). */
#ifndef HC_ALGOS_CRC_BACKEND_H
#define HC_ALGOS_CRC_BACKEND_H

#include "algorithm_row.h"
#include "crc_own.h"

/* What both backends keep: the register (started at all ones, inverted in
 * final), the row's polynomial, and the power of x that the last subtree pushed was
 * shifted by (crc_combine.c). */
#define HC_CRC_CTX_COMMON                                                      \
    uint32_t state;                                                            \
    uint32_t poly;                                                             \
    uint32_t shift;     /* x^(8 * shift_len) mod poly */                       \
    uint64_t shift_len; /* 0: none worked out yet */

#ifndef HC_CRC_ISAL
#define HC_CRC_BACKEND HC_BACKEND_OWN
typedef struct hc_crc_ctx {
    HC_CRC_CTX_COMMON
    const hc_crc_constants *constants; /* the row's polynomial's */
    hc_crc_run_fn *run;                /* the code of the row's SIMD level */
} hc_crc_ctx;
/* One set of hooks for both rows: the polynomial is the row's. */
void hc_crc_own_init(void *ctx, const hc_algorithm *alg, const hc_params *params);
void hc_crc_own_update(void *ctx, const void *data, size_t len);
void hc_crc_own_subtree(const void *ctx, uint64_t offset, const void *data, size_t len, uint8_t *node);
#define HC_CRC32_HOOKS .init = hc_crc_own_init, .update = hc_crc_own_update, .final = hc_crc_final
#define HC_CRC32C_HOOKS HC_CRC32_HOOKS
#define HC_CRC32_SUBTREE hc_crc_own_subtree
#define HC_CRC32C_SUBTREE hc_crc_own_subtree
#define HC_CRC_ROW_SIMD_LEVELS HC_CRC_SIMD_LEVELS
#else
#define HC_CRC_BACKEND HC_BACKEND_ISAL
typedef struct hc_crc_ctx {
    HC_CRC_CTX_COMMON
} hc_crc_ctx;
/* ISA-L has a function per polynomial. */
void hc_crc32_update(void *ctx, const void *data, size_t len);
void hc_crc32c_update(void *ctx, const void *data, size_t len);
#define HC_CRC32_HOOKS .init = hc_crc_init, .update = hc_crc32_update, .final = hc_crc_final
#define HC_CRC32C_HOOKS .init = hc_crc_init, .update = hc_crc32c_update, .final = hc_crc_final
void hc_crc32_subtree(const void *ctx, uint64_t offset, const void *data, size_t len, uint8_t *node);
void hc_crc32c_subtree(const void *ctx, uint64_t offset, const void *data, size_t len, uint8_t *node);
#define HC_CRC32_SUBTREE hc_crc32_subtree
#define HC_CRC32C_SUBTREE hc_crc32c_subtree
#define HC_CRC_ROW_SIMD_LEVELS 0 /* ISA-L picks its own code */
#endif
/* Shared by both backends (crc_combine.c): the start of a message (the
 * own init picks its constants and code first), the final, which writes the
 * inverted register most-significant byte first (contract §6), and the
 * tree hooks' push. A subtree's node is its 4-byte register from zero, in
 * the machine's byte order. Any length splits; the leaf only sets the
 * grain bigfile cuts at. */
#define HC_CRC_LEAF_LEN 1024
#define HC_CRC_NODE_LEN 4
void hc_crc_init(void *ctx, const hc_algorithm *alg, const hc_params *params);
void hc_crc_final(void *ctx, uint8_t *out, size_t out_len);
void hc_crc_push_subtree(void *ctx, uint64_t len, const uint8_t *node);

#endif
