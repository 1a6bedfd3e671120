/* CRC-32 (IEEE/zlib) and CRC-32C (Castagnoli): through ISA-L's folding code
 * (PCLMULQDQ / VPCLMULQDQ, chosen by ISA-L at run time; crc_isal.c), or,
 * where ISA-L is not available, byte-wise from the row's polynomial
 * (crc_portable.c, HC_CRC_PORTABLE). CMake builds one of the two. */
#ifndef HC_ALGOS_CRC_BACKEND_H
#define HC_ALGOS_CRC_BACKEND_H

#include "algorithm_row.h"

/* What both backends keep: the register (started at all ones, inverted in
 * final), the row's polynomial (also the portable table's: 0 before the
 * first init), and the power of x that the last subtree pushed was
 * shifted by (crc_combine.c). */
#define HC_CRC_CTX_COMMON                                                      \
    uint32_t state;                                                            \
    uint32_t poly;                                                             \
    uint32_t shift;     /* x^(8 * shift_len) mod poly */                       \
    uint64_t shift_len; /* 0: none worked out yet */

#ifdef HC_CRC_PORTABLE
#define HC_CRC_BACKEND HC_BACKEND_OWN
typedef struct hc_crc_ctx {
    HC_CRC_CTX_COMMON
    uint32_t table[256];   /* made for poly */
} hc_crc_ctx;
/* One set of hooks for both rows: the polynomial is the row's. */
void hc_crc_portable_init(void *ctx, const hc_algorithm *alg, const hc_params *params);
void hc_crc_portable_update(void *ctx, const void *data, size_t len);
void hc_crc_portable_subtree(const void *ctx, uint64_t offset, const void *data, size_t len, uint8_t *node);
#define HC_CRC32_HOOKS .init = hc_crc_portable_init, .update = hc_crc_portable_update, .final = hc_crc_final
#define HC_CRC32C_HOOKS HC_CRC32_HOOKS
#define HC_CRC32_SUBTREE hc_crc_portable_subtree
#define HC_CRC32C_SUBTREE hc_crc_portable_subtree
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
#endif
/* Shared by both backends (crc_combine.c): the start of a message (the
 * portable init makes its table first), the final, which writes the
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
