/* Tiger Tree Hash (THEX): 1024-byte leaves hashed as Tiger(0x00 || leaf),
 * inner nodes as Tiger(0x01 || left || right), a node without a sibling
 * promoted unchanged; 24-byte nodes. With the tree hooks, subtrees of
 * 2^k leaves are hashed apart by any thread (big files on every core). */
#ifndef HC_ALGOS_TTH_H
#define HC_ALGOS_TTH_H

#include "algorithm_row.h"
#include "tiger.h"

#define HC_TTH_LEAF_LEN 1024
#define HC_TTH_NODE_LEN 24

/* Plain data: a memcpy is a copy. */
typedef struct hc_tth_ctx {
    hc_tiger_ctx leaf;        /* the leaf being filled, 0x00 prefix included */
    uint32_t leaf_fill;       /* its bytes, without the prefix */
    uint8_t stack_len;
    /* completed subtrees, oldest (biggest) first, each of 2^level leaves:
     * the levels strictly decrease, as the bits of the leaf count */
    uint8_t levels[64];
    uint8_t stack[64][HC_TTH_NODE_LEN];
} hc_tth_ctx;

void hc_tth_init(void *ctx, const hc_algorithm *alg, const hc_params *params);
void hc_tth_update(void *ctx, const void *data, size_t len);
void hc_tth_final(void *ctx, uint8_t *out, size_t out_len);
/* The tree hooks (hc_tree_hooks). */
void hc_tth_subtree(const void *ctx, uint64_t offset, const void *data, size_t len, uint8_t *node);
void hc_tth_push_subtree(void *ctx, uint64_t len, const uint8_t *node);

#endif
