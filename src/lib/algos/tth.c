/* Tiger Tree Hash (THEX, as Direct Connect and rhash compute it): the tree
 * of hashes over 1024-byte leaves, Tiger/192 with the original padding.
 *
 * A leaf is hashed as soon as it is complete; its node then joins the
 * stack like a binary counter: two subtrees of the same size merge into
 * their parent at once. At the end the stack is folded from the newest
 * (smallest) subtree: that is the THEX shape, where a node without a
 * sibling is promoted. An empty message is one empty leaf. */
#include "tth.h"

#include <assert.h>
#include <string.h>

static const uint8_t leaf_prefix = 0x00, node_prefix = 0x01;

static void tiger_start(hc_tiger_ctx *tiger, uint8_t prefix)
{
    hc_tiger_init(tiger, &hc_algorithms[HC_TIGER], NULL);
    hc_tiger_update(tiger, &prefix, 1);
}

static void parent(const uint8_t left[HC_TTH_NODE_LEN], const uint8_t right[HC_TTH_NODE_LEN],
                   uint8_t out[HC_TTH_NODE_LEN])
{
    hc_tiger_ctx tiger;
    uint8_t children[2 * HC_TTH_NODE_LEN];
    memcpy(children, left, HC_TTH_NODE_LEN);
    memcpy(children + HC_TTH_NODE_LEN, right, HC_TTH_NODE_LEN);
    tiger_start(&tiger, node_prefix);
    hc_tiger_update(&tiger, children, sizeof(children));
    hc_tiger_final(&tiger, out, HC_TTH_NODE_LEN);
}

static void leaf(const uint8_t *data, size_t len, uint8_t out[HC_TTH_NODE_LEN])
{
    hc_tiger_ctx tiger;
    tiger_start(&tiger, leaf_prefix);
    hc_tiger_update(&tiger, data, len);
    hc_tiger_final(&tiger, out, HC_TTH_NODE_LEN);
}

/* A subtree of 2^level leaves: merged with the newest entries while they
 * are subtrees of the same size, then pushed. */
static void push_node(hc_tth_ctx *c, const uint8_t node[HC_TTH_NODE_LEN], unsigned level)
{
    uint8_t merged[HC_TTH_NODE_LEN];
    memcpy(merged, node, HC_TTH_NODE_LEN);
    while (c->stack_len > 0 && c->levels[c->stack_len - 1] == level) {
        c->stack_len--;
        parent(c->stack[c->stack_len], merged, merged);
        level++;
    }
    assert(c->stack_len < 64);
    memcpy(c->stack[c->stack_len], merged, HC_TTH_NODE_LEN);
    c->levels[c->stack_len] = (uint8_t)level;
    c->stack_len++;
}

void hc_tth_init(void *ctx, const hc_algorithm *alg, const hc_params *params)
{
    (void)alg;
    (void)params;
    hc_tth_ctx *c = ctx;
    c->leaf_fill = 0;
    c->stack_len = 0;
    tiger_start(&c->leaf, leaf_prefix);
}

void hc_tth_update(void *ctx, const void *data, size_t len)
{
    hc_tth_ctx *c = ctx;
    const uint8_t *in = data;
    while (len > 0) {
        if (c->leaf_fill == 0 && len >= HC_TTH_LEAF_LEN) {
            /* whole leaves straight from the input */
            uint8_t node[HC_TTH_NODE_LEN];
            leaf(in, HC_TTH_LEAF_LEN, node);
            push_node(c, node, 0);
            in += HC_TTH_LEAF_LEN;
            len -= HC_TTH_LEAF_LEN;
            continue;
        }
        size_t take = HC_TTH_LEAF_LEN - c->leaf_fill;
        take = take < len ? take : len;
        hc_tiger_update(&c->leaf, in, take);
        c->leaf_fill += (uint32_t)take;
        in += take;
        len -= take;
        if (c->leaf_fill == HC_TTH_LEAF_LEN) {
            uint8_t node[HC_TTH_NODE_LEN];
            hc_tiger_final(&c->leaf, node, HC_TTH_NODE_LEN);
            push_node(c, node, 0);
            c->leaf_fill = 0;
            tiger_start(&c->leaf, leaf_prefix);
        }
    }
}

/* Does not change the context. */
void hc_tth_final(void *ctx, uint8_t *out, size_t out_len)
{
    hc_tth_ctx c;
    memcpy(&c, ctx, sizeof(c));
    if (c.leaf_fill > 0 || c.stack_len == 0) {
        /* the last, partial leaf (or the one empty leaf of an empty message) */
        uint8_t node[HC_TTH_NODE_LEN];
        hc_tiger_final(&c.leaf, node, HC_TTH_NODE_LEN);
        push_node(&c, node, 0);
    }
    uint8_t root[HC_TTH_NODE_LEN];
    memcpy(root, c.stack[c.stack_len - 1], HC_TTH_NODE_LEN);
    for (size_t i = c.stack_len - 1; i-- > 0;)
        parent(c.stack[i], root, root);
    memcpy(out, root, out_len < HC_TTH_NODE_LEN ? out_len : HC_TTH_NODE_LEN);
}

/* 2^k whole leaves: the halves' nodes joined, down to the leaves. */
static void subtree_node(const uint8_t *data, size_t len, uint8_t node[HC_TTH_NODE_LEN])
{
    if (len == HC_TTH_LEAF_LEN) {
        leaf(data, len, node);
        return;
    }
    uint8_t left[HC_TTH_NODE_LEN], right[HC_TTH_NODE_LEN];
    subtree_node(data, len / 2, left);
    subtree_node(data + len / 2, len / 2, right);
    parent(left, right, node);
}

void hc_tth_subtree(const void *ctx, uint64_t offset, const void *data, size_t len, uint8_t *node)
{
    (void)ctx;
    (void)offset;
    size_t leaves = len / HC_TTH_LEAF_LEN;
    assert(leaves >= 1 && len % HC_TTH_LEAF_LEN == 0 && (leaves & (leaves - 1)) == 0);
    (void)leaves;
    subtree_node(data, len, node);
}

void hc_tth_push_subtree(void *ctx, uint64_t len, const uint8_t *node)
{
    hc_tth_ctx *c = ctx;
    assert(c->leaf_fill == 0);
    push_node(c, node, (unsigned)__builtin_ctzll(len / HC_TTH_LEAF_LEN));
}
