/* Which code computes the rows that come from a library, for the two
 * library sets hc builds with (CMake's HC_LIBRARIES):
 *   openssl  OpenSSL's libcrypto and librhash (Linux and the other POSIX
 *            systems; the choices and measurements are in docs/backends.md)
 *   gcrypt   libgcrypt, with our own EDON-R and Snefru where it has none
 *            (Windows, where Debian packages libgcrypt for MinGW but
 *            neither OpenSSL nor librhash)
 * A row names the macros that serve it, spelled out so that grep finds
 * them: `.flags = HC_LIB_FLAGS_md5 | ...` and `HC_LIB_HOOKS_md5` fill in
 * the context, the backend and the hooks, and each HC_LIB_HOOKS_x below
 * names the adapter whose functions compute the row (hc_ossl_md5, ...). */
#ifndef HC_ALGOS_LIBRARY_ROWS_H
#define HC_ALGOS_LIBRARY_ROWS_H

#include "edonr.h"
#include "snefru.h"

/* Our own EDON-R and Snefru (plain contexts). */
#define HC_OWN_EDONR_HOOKS \
    HC_ROW_CTX(sizeof(hc_edonr_ctx)), .backend = HC_BACKEND_OWN, .init = hc_edonr_init, .update = hc_edonr_update, \
    .final = hc_edonr_final
#define HC_OWN_SNEFRU_HOOKS \
    HC_ROW_CTX(sizeof(hc_snefru_ctx)), .backend = HC_BACKEND_OWN, .init = hc_snefru_init, \
    .update = hc_snefru_update, .final = hc_snefru_final

#ifdef HC_LIBRARIES_GCRYPT
#include "gcrypt_backend.h"

#define HC_GCRYPT_HOOKS(gcry_id)                                                                           \
    .backend_id = (gcry_id), HC_ROW_CTX(sizeof(hc_gcrypt_ctx)), .backend = HC_BACKEND_GCRYPT,             \
    .acquire = hc_gcrypt_acquire, .release = hc_gcrypt_release, .init = hc_gcrypt_init,                   \
    .update = hc_gcrypt_update, .final = hc_gcrypt_final

#define HC_LIB_FLAGS_md4 HC_ALG_OPAQUE_CTX
#define HC_LIB_FLAGS_md5 HC_ALG_OPAQUE_CTX
#define HC_LIB_FLAGS_sha1 HC_ALG_OPAQUE_CTX
#define HC_LIB_FLAGS_sha224 HC_ALG_OPAQUE_CTX
#define HC_LIB_FLAGS_sha256 HC_ALG_OPAQUE_CTX
#define HC_LIB_FLAGS_sha384 HC_ALG_OPAQUE_CTX
#define HC_LIB_FLAGS_sha512 HC_ALG_OPAQUE_CTX
#define HC_LIB_FLAGS_whirlpool HC_ALG_OPAQUE_CTX
#define HC_LIB_FLAGS_gost HC_ALG_OPAQUE_CTX
#define HC_LIB_FLAGS_edonr 0
#define HC_LIB_FLAGS_snefru 0
#define HC_LIB_HOOKS_md4 HC_GCRYPT_HOOKS(HC_GCRY_MD4)
#define HC_LIB_HOOKS_md5 HC_GCRYPT_HOOKS(HC_GCRY_MD5)
#define HC_LIB_HOOKS_sha1 HC_GCRYPT_HOOKS(HC_GCRY_SHA1)
#define HC_LIB_HOOKS_sha224 HC_GCRYPT_HOOKS(HC_GCRY_SHA224)
#define HC_LIB_HOOKS_sha256 HC_GCRYPT_HOOKS(HC_GCRY_SHA256)
#define HC_LIB_HOOKS_sha384 HC_GCRYPT_HOOKS(HC_GCRY_SHA384)
#define HC_LIB_HOOKS_sha512 HC_GCRYPT_HOOKS(HC_GCRY_SHA512)
#define HC_LIB_HOOKS_whirlpool HC_GCRYPT_HOOKS(HC_GCRY_WHIRLPOOL)
#define HC_LIB_HOOKS_gost HC_GCRYPT_HOOKS(HC_GCRY_GOSTR3411_CP)
#define HC_LIB_HOOKS_edonr256 HC_OWN_EDONR_HOOKS
#define HC_LIB_HOOKS_edonr512 HC_OWN_EDONR_HOOKS
#define HC_LIB_HOOKS_snefru128 HC_OWN_SNEFRU_HOOKS
#define HC_LIB_HOOKS_snefru256 HC_OWN_SNEFRU_HOOKS

#else
#include "openssl_backend.h"
#include "rhash_backend.h"

/* HC_RHASH_ROW less its flags (the rows set those themselves). */
#define HC_LIB_RHASH_HOOKS(rhash_id)                                                                          \
    .backend_id = (rhash_id), HC_ROW_CTX(sizeof(hc_rhash_ctx)), .backend = HC_BACKEND_RHASH,              \
    .acquire = hc_rhash_acquire, .release = hc_rhash_release, .init = hc_rhash_init,                      \
    .update = hc_rhash_update, .final = hc_rhash_final

#define HC_LIB_FLAGS_md4 0
#define HC_LIB_FLAGS_md5 0
#define HC_LIB_FLAGS_sha1 0
#define HC_LIB_FLAGS_sha224 0
#define HC_LIB_FLAGS_sha256 0
#define HC_LIB_FLAGS_sha384 0
#define HC_LIB_FLAGS_sha512 0
#define HC_LIB_FLAGS_whirlpool HC_ALG_OPAQUE_CTX
#define HC_LIB_FLAGS_gost HC_ALG_OPAQUE_CTX
#define HC_LIB_FLAGS_edonr HC_ALG_OPAQUE_CTX
#define HC_LIB_FLAGS_snefru HC_ALG_OPAQUE_CTX
#define HC_LIB_HOOKS_md4 HC_ROW_CTX(HC_OSSL_MD4_CTX_SIZE), HC_OSSL_HOOKS(hc_ossl_md4)
#define HC_LIB_HOOKS_md5 HC_ROW_CTX(HC_OSSL_MD5_CTX_SIZE), HC_OSSL_HOOKS(hc_ossl_md5)
#define HC_LIB_HOOKS_sha1 HC_ROW_CTX(HC_OSSL_SHA1_CTX_SIZE), HC_OSSL_HOOKS(hc_ossl_sha1)
#define HC_LIB_HOOKS_sha224 HC_ROW_CTX(HC_OSSL_SHA256_CTX_SIZE), HC_OSSL_HOOKS(hc_ossl_sha224)
#define HC_LIB_HOOKS_sha256 HC_ROW_CTX(HC_OSSL_SHA256_CTX_SIZE), HC_OSSL_HOOKS(hc_ossl_sha256)
#define HC_LIB_HOOKS_sha384 HC_ROW_CTX(HC_OSSL_SHA512_CTX_SIZE), HC_OSSL_HOOKS(hc_ossl_sha384)
#define HC_LIB_HOOKS_sha512 HC_ROW_CTX(HC_OSSL_SHA512_CTX_SIZE), HC_OSSL_HOOKS(hc_ossl_sha512)
/* librhash, not OpenSSL: 10% faster here (163-171 against 144-153 MB/s
 * in memory, 64 MiB; docs/backends.md). */
#define HC_LIB_HOOKS_whirlpool HC_LIB_RHASH_HOOKS(HC_RHASH_WHIRLPOOL)
#define HC_LIB_HOOKS_gost HC_LIB_RHASH_HOOKS(HC_RHASH_GOST94_CRYPTOPRO)
#define HC_LIB_HOOKS_edonr256 HC_LIB_RHASH_HOOKS(HC_RHASH_EDONR256)
#define HC_LIB_HOOKS_edonr512 HC_LIB_RHASH_HOOKS(HC_RHASH_EDONR512)
#define HC_LIB_HOOKS_snefru128 HC_LIB_RHASH_HOOKS(HC_RHASH_SNEFRU128)
#define HC_LIB_HOOKS_snefru256 HC_LIB_RHASH_HOOKS(HC_RHASH_SNEFRU256)
#endif

#endif
