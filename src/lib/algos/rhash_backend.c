/* librhash behind the table's hooks.
 *
 * librhash hands out heap contexts (rhash_init), so these rows are marked
 * HC_ALG_OPAQUE_CTX: acquire allocates once per hasher, init only resets,
 * and the hot path never allocates. */
#include "rhash_backend.h"

#include <assert.h>
#include <rhash.h>

#include "platform.h"

#define HC_RHASH_SAME_ID(name, value) static_assert((unsigned)HC_RHASH_##name == (unsigned)RHASH_##name, "rhash id " #name);
HC_RHASH_IDS(HC_RHASH_SAME_ID)

/* rhash_library_init() fills static tables and is not thread-safe itself. */
static plat_once rhash_once = PLAT_ONCE_INIT;

static void rhash_initialise_library(void)
{
    rhash_library_init();
}

hc_status hc_rhash_acquire(void *ctx, const hc_algorithm *alg)
{
    hc_rhash_ctx *c = ctx;
    plat_run_once(&rhash_once, rhash_initialise_library);
    c->handle = rhash_init(alg->backend_id);
    return c->handle ? HC_OK : HC_ERR_NOMEM;
}

HC_HANDLE_BACKEND_CALLS(rhash, rhash_free, rhash_reset, rhash_update)

void hc_rhash_final(void *ctx, uint8_t *out, size_t out_len)
{
    hc_rhash_ctx *c = ctx;
    (void)out_len;
    rhash_final(c->handle, out);
}
