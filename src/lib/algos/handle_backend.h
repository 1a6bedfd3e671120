/* What the adapters to libraries that allocate their own contexts
 * (libgcrypt, librhash) share: our context holds the library's handle
 * (the rows are HC_ALG_OPAQUE_CTX), acquire opens it once per hasher,
 * init only resets it, so the hot path never allocates. Each adapter
 * writes acquire and final itself (the library's start-up and its way of
 * handing out the digest) and has the rest made here from three calls. */
#ifndef HC_ALGOS_HANDLE_BACKEND_H
#define HC_ALGOS_HANDLE_BACKEND_H

#include "algorithm_row.h"

typedef struct hc_handle_ctx {
    void *handle;
} hc_handle_ctx;

/* The five hooks of the adapter named lib (hc_<lib>_acquire, ...). */
#define HC_HANDLE_BACKEND_HOOKS(lib)                                                                    \
    hc_status hc_##lib##_acquire(void *ctx, const hc_algorithm *alg);                                   \
    void hc_##lib##_release(void *ctx);                                                                 \
    void hc_##lib##_init(void *ctx, const hc_algorithm *alg, const hc_params *params);                  \
    void hc_##lib##_update(void *ctx, const void *data, size_t len);                                    \
    void hc_##lib##_final(void *ctx, uint8_t *out, size_t out_len)

/* release, init and update from the library's close(handle),
 * reset(handle) and write(handle, data, len). */
#define HC_HANDLE_BACKEND_CALLS(lib, close_handle, reset_handle, write_handle)                          \
    void hc_##lib##_release(void *ctx)                                                                  \
    {                                                                                                   \
        hc_handle_ctx *c = ctx;                                                                         \
        if (c->handle)                                                                                  \
            close_handle(c->handle);                                                                    \
        c->handle = NULL;                                                                               \
    }                                                                                                   \
    void hc_##lib##_init(void *ctx, const hc_algorithm *alg, const hc_params *params)                   \
    {                                                                                                   \
        hc_handle_ctx *c = ctx;                                                                         \
        (void)alg;                                                                                      \
        (void)params;                                                                                   \
        reset_handle(c->handle);                                                                        \
    }                                                                                                   \
    void hc_##lib##_update(void *ctx, const void *data, size_t len)                                     \
    {                                                                                                   \
        hc_handle_ctx *c = ctx;                                                                         \
        write_handle(c->handle, data, len);                                                             \
    }

#endif
