/* libgcrypt behind the table's hooks.
 *
 * gcry_md_open allocates a context, so the rows are HC_ALG_OPAQUE_CTX as
 * the librhash ones are: acquire opens once per hasher, init only resets,
 * and the hot path never allocates. libgcrypt must be initialised once
 * (gcry_check_version) before any other call; secure memory is not used
 * (digests of public data), which also keeps it from locking pages. */
#include "gcrypt_backend.h"

#include <assert.h>
#include <string.h>

#include <gcrypt.h>

#include "platform.h"

#define HC_GCRY_SAME_ID(name, value) static_assert((int)HC_GCRY_##name == (int)GCRY_MD_##name, "gcrypt id " #name);
HC_GCRY_IDS(HC_GCRY_SAME_ID)

static plat_once gcrypt_once = PLAT_ONCE_INIT;
static int gcrypt_ready;

static void gcrypt_initialise_library(void)
{
    if (!gcry_check_version(GCRYPT_VERSION))
        return;
    gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    gcrypt_ready = 1;
}

hc_status hc_gcrypt_acquire(void *ctx, const hc_algorithm *alg)
{
    hc_gcrypt_ctx *c = ctx;
    c->handle = NULL;
    plat_run_once(&gcrypt_once, gcrypt_initialise_library);
    if (!gcrypt_ready)
        return HC_ERR_UNSUPPORTED;
    gcry_md_hd_t handle;
    if (gcry_md_open(&handle, (int)alg->backend_id, 0) != 0)
        return HC_ERR_NOMEM;
    c->handle = handle;
    return HC_OK;
}

HC_HANDLE_BACKEND_CALLS(gcrypt, gcry_md_close, gcry_md_reset, gcry_md_write)

/* gcry_md_read finishes the digest and points into the context; the next
 * init resets it. */
void hc_gcrypt_final(void *ctx, uint8_t *out, size_t out_len)
{
    hc_gcrypt_ctx *c = ctx;
    memcpy(out, gcry_md_read(c->handle, 0), out_len);
}
