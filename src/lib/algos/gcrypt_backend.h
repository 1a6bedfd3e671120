/* Adapter to libgcrypt's message digests, the library backend of builds
 * without OpenSSL and librhash (Windows: Debian packages libgcrypt for
 * MinGW, not the other two). MD4, MD5, SHA-1, SHA-2, Whirlpool and GOST R
 * 34.11-94 (CryptoPro) come from it there; docs/backends.md has the
 * choice and its measurements. The row's backend_id is the GCRY_MD_* id. */
#ifndef HC_ALGOS_GCRYPT_BACKEND_H
#define HC_ALGOS_GCRYPT_BACKEND_H

#include "handle_backend.h"

/* libgcrypt allocates its contexts (gcry_md_open); ours holds the handle. */
typedef hc_handle_ctx hc_gcrypt_ctx;

/* The GCRY_MD_* ids, repeated so the table need not include gcrypt.h;
 * gcrypt_backend.c checks them against the library's header. */
enum {
    HC_GCRY_MD5 = 1,
    HC_GCRY_SHA1 = 2,
    HC_GCRY_SHA256 = 8,
    HC_GCRY_SHA384 = 9,
    HC_GCRY_SHA512 = 10,
    HC_GCRY_SHA224 = 11,
    HC_GCRY_MD4 = 301,
    HC_GCRY_WHIRLPOOL = 305,
    HC_GCRY_GOSTR3411_CP = 311,
    HC_GCRY_BLAKE2B_512 = 318
};

HC_HANDLE_BACKEND_HOOKS(gcrypt);

#endif
