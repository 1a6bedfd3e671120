/* Adapter to librhash for Whirlpool, GOST R 34.11-94 (CryptoPro),
 * Snefru-128/256 and EDON-R-256/512 (and TTH, for the unit tests' cross-check
 * of our own). The row's backend_id is the RHASH_* id. */
#ifndef HC_ALGOS_RHASH_BACKEND_H
#define HC_ALGOS_RHASH_BACKEND_H

#include "handle_backend.h"

/* librhash allocates its contexts; ours holds the handle. */
typedef hc_handle_ctx hc_rhash_ctx;

/* The RHASH_* ids, repeated so the table need not include rhash.h;
 * rhash_backend.c checks them against the library's header. */
enum {
    HC_RHASH_TIGER = 0x10,
    HC_RHASH_TTH = 0x20,
    HC_RHASH_WHIRLPOOL = 0x200,
    HC_RHASH_GOST94_CRYPTOPRO = 0x1000,
    HC_RHASH_EDONR256 = 0x0100000,
    HC_RHASH_EDONR512 = 0x0200000,
    HC_RHASH_SNEFRU128 = 0x8000000,
    HC_RHASH_SNEFRU256 = 0x10000000
};

HC_HANDLE_BACKEND_HOOKS(rhash);

/* Everything a row computed by librhash's algorithm `rhash_id` (an
 * HC_RHASH_* id) has in common: a context that holds a handle, and the
 * hooks. */
#define HC_RHASH_ROW(rhash_id)                                                                          \
    .flags = HC_ALG_OPAQUE_CTX, .backend_id = (rhash_id), HC_ROW_CTX(sizeof(hc_rhash_ctx)),             \
    .backend = HC_BACKEND_RHASH, .acquire = hc_rhash_acquire, .release = hc_rhash_release,              \
    .init = hc_rhash_init, .update = hc_rhash_update, .final = hc_rhash_final

#endif
