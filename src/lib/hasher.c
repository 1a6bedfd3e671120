/* The streaming hasher: one row of the table plus its context. */
#include "algorithm_row.h"

#include <stdlib.h>
#include <string.h>

#include "platform.h"

static const hc_params default_params;

/* Contexts are aligned for the SIMD code. */
static void *ctx_alloc(size_t size)
{
    return plat_aligned_alloc(HC_CTX_ALIGN, size);
}

static void ctx_free(void *ctx)
{
    plat_aligned_free(ctx);
}

hc_status hc_hasher_open_sized(hc_hasher *hasher, size_t hasher_size, const hc_algorithm *alg,
                               const hc_params *params)
{
    if (hasher_size != sizeof(*hasher))
        return HC_ERR_ABI; /* the caller's hc_hasher is not ours: never write to it */
    memset(hasher, 0, sizeof(*hasher));
    if (params == NULL)
        params = &default_params;
    bool extended = (alg->flags & HC_ALG_XOF_KEYED) != 0;
    if (!extended && (params->key_mode != HC_KEY_NONE || (params->out_len != 0 && params->out_len != alg->digest_len)))
        return HC_ERR_INVALID;
    if (params->key_mode == HC_KEY_DERIVE && params->context == NULL)
        return HC_ERR_INVALID;

    /* aligned_alloc wants the size to be a multiple of the alignment. */
    size_t size = (alg->ctx_size + HC_CTX_ALIGN - 1) / HC_CTX_ALIGN * HC_CTX_ALIGN;
    void *ctx = ctx_alloc(size);
    if (ctx == NULL)
        return HC_ERR_NOMEM;
    memset(ctx, 0, size);
    if (alg->acquire) {
        hc_status status = alg->acquire(ctx, alg);
        if (status != HC_OK) {
            ctx_free(ctx);
            return status;
        }
    }
    hasher->alg = alg;
    hasher->ctx = ctx;
    hasher->params = *params;
    hasher->out_len = params->out_len ? params->out_len : alg->digest_len;
    hasher->params.out_len = hasher->out_len;
    alg->init(ctx, alg, &hasher->params);
    return HC_OK;
}

void hc_hasher_close(hc_hasher *hasher)
{
    if (hasher->ctx) {
        if (hasher->alg->release)
            hasher->alg->release(hasher->ctx);
        ctx_free(hasher->ctx);
    }
    memset(hasher, 0, sizeof(*hasher));
}

void hc_hasher_reset(hc_hasher *hasher)
{
    hasher->alg->init(hasher->ctx, hasher->alg, &hasher->params);
}

void hc_hasher_update(hc_hasher *hasher, const void *data, size_t len)
{
    hasher->alg->update(hasher->ctx, data, len);
}

void hc_hasher_update_parallel(hc_hasher *hasher, const void *data, size_t len, struct hc_pool *pool)
{
    if (hasher->alg->update_parallel != NULL && pool != NULL)
        hasher->alg->update_parallel(hasher->ctx, data, len, pool);
    else
        hasher->alg->update(hasher->ctx, data, len);
}

void hc_hasher_final(hc_hasher *hasher, uint8_t *out)
{
    hasher->alg->final(hasher->ctx, out, hasher->out_len);
}

hc_status hc_hasher_copy(hc_hasher *dst, const hc_hasher *src)
{
    if (dst->alg != src->alg || (src->alg->flags & HC_ALG_OPAQUE_CTX))
        return HC_ERR_UNSUPPORTED;
    memcpy(dst->ctx, src->ctx, src->alg->ctx_size);
    dst->params = src->params;
    dst->out_len = src->out_len;
    return HC_OK;
}

void hc_hasher_oneshot(hc_hasher *hasher, const void *data, size_t len, uint8_t *out)
{
    hc_hasher_reset(hasher);
    hc_hasher_update(hasher, data, len);
    hc_hasher_final(hasher, out);
}

size_t hc_hasher_tree_leaf(const hc_hasher *hasher)
{
    return hasher->alg->tree ? hasher->alg->tree->leaf_len : 0;
}

size_t hc_hasher_tree_node_len(const hc_hasher *hasher)
{
    return hasher->alg->tree ? hasher->alg->tree->node_len : 0;
}

void hc_hasher_subtree(const hc_hasher *hasher, uint64_t offset, const void *data, size_t len, uint8_t *node)
{
    hasher->alg->tree->subtree(hasher->ctx, offset, data, len, node);
}

void hc_hasher_push_subtree(hc_hasher *hasher, uint64_t len, const uint8_t *node)
{
    hasher->alg->tree->push(hasher->ctx, len, node);
}
