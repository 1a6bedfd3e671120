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

/* The GCRY_MD_* ids hc uses, by their names in gcrypt.h and their values:
 * repeated so the table need not include gcrypt.h; gcrypt_backend.c checks
 * each against the library's header. */
#define HC_GCRY_IDS(ID)                                                                            \
    ID(MD5, 1) ID(SHA1, 2) ID(SHA256, 8) ID(SHA384, 9) ID(SHA512, 10) ID(SHA224, 11) ID(MD4, 301) \
    ID(WHIRLPOOL, 305) ID(GOSTR3411_CP, 311) ID(BLAKE2B_512, 318)
#define HC_GCRY_ENUMERATOR(name, value) HC_GCRY_##name = (value),
enum { HC_GCRY_IDS(HC_GCRY_ENUMERATOR) };

HC_HANDLE_BACKEND_HOOKS(gcrypt);

#endif
