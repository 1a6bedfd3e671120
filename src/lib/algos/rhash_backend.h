/* Adapter to librhash for Whirlpool, GOST R 34.11-94 (CryptoPro),
 * Snefru-128/256 and EDON-R-256/512 (and TTH, for the unit tests' cross-check
 * of our own). The row's backend_id is the RHASH_* id. */
#ifndef HC_ALGOS_RHASH_BACKEND_H
#define HC_ALGOS_RHASH_BACKEND_H

#include "handle_backend.h"

/* librhash allocates its contexts; ours holds the handle. */
typedef hc_handle_ctx hc_rhash_ctx;

/* The RHASH_* ids hc uses, by their names in rhash.h and their values:
 * repeated so the table need not include rhash.h; rhash_backend.c checks
 * each against the library's header. */
#define HC_RHASH_IDS(ID)                                                                             \
    ID(TIGER, 0x10) ID(TTH, 0x20) ID(WHIRLPOOL, 0x200) ID(GOST94_CRYPTOPRO, 0x1000) ID(EDONR256, 0x0100000) \
    ID(EDONR512, 0x0200000) ID(SNEFRU128, 0x8000000) ID(SNEFRU256, 0x10000000)
#define HC_RHASH_ENUMERATOR(name, value) HC_RHASH_##name = (value),
enum { HC_RHASH_IDS(HC_RHASH_ENUMERATOR) };

HC_HANDLE_BACKEND_HOOKS(rhash);

/* Everything a row computed by librhash's algorithm `rhash_id` (an
 * HC_RHASH_* id) has in common: a context that holds a handle, and the
 * hooks. */
#define HC_RHASH_ROW(rhash_id)                                                                          \
    .flags = HC_ALG_OPAQUE_CTX, .backend_id = (rhash_id), HC_ROW_CTX(sizeof(hc_rhash_ctx)),             \
    .backend = HC_BACKEND_RHASH, .acquire = hc_rhash_acquire, .release = hc_rhash_release,              \
    .init = hc_rhash_init, .update = hc_rhash_update, .final = hc_rhash_final

#endif
