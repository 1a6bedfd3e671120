/* Adapters to OpenSSL libcrypto's digest cores (MD4, MD5, SHA-1, SHA-2,
 * RIPEMD-160, Whirlpool). Their contexts are plain structs, so a context
 * copy is a memcpy and no allocation happens per message. */
#ifndef HC_ALGOS_OPENSSL_BACKEND_H
#define HC_ALGOS_OPENSSL_BACKEND_H

#include "algorithm_row.h"

/* Sizes of OpenSSL's context structs, checked against the real ones in
 * openssl_backend.c (the table must not include OpenSSL's headers). */
#define HC_OSSL_MD4_CTX_SIZE 92
#define HC_OSSL_MD5_CTX_SIZE 92
#define HC_OSSL_SHA1_CTX_SIZE 96
#define HC_OSSL_SHA256_CTX_SIZE 112
#define HC_OSSL_SHA512_CTX_SIZE 216
#define HC_OSSL_RIPEMD160_CTX_SIZE 96
#define HC_OSSL_WHIRLPOOL_CTX_SIZE 168

#define HC_DECLARE_HOOKS(prefix)                                                      \
    void prefix##_init(void *ctx, const hc_algorithm *alg, const hc_params *params);  \
    void prefix##_update(void *ctx, const void *data, size_t len);                    \
    void prefix##_final(void *ctx, uint8_t *out, size_t out_len)

/* A row's hooks: the adapter `prefix` (hc_ossl_md5, ...) of
 * openssl_backend.c, whose prefix_init, prefix_update and prefix_final
 * serve the row. */
#define HC_OSSL_HOOKS(prefix) \
    .backend = HC_BACKEND_OPENSSL, .init = prefix##_init, .update = prefix##_update, .final = prefix##_final

HC_DECLARE_HOOKS(hc_ossl_md4);
HC_DECLARE_HOOKS(hc_ossl_md5);
HC_DECLARE_HOOKS(hc_ossl_sha1);
HC_DECLARE_HOOKS(hc_ossl_sha224);
HC_DECLARE_HOOKS(hc_ossl_sha256);
HC_DECLARE_HOOKS(hc_ossl_sha384);
HC_DECLARE_HOOKS(hc_ossl_sha512);
HC_DECLARE_HOOKS(hc_ossl_ripemd160);
HC_DECLARE_HOOKS(hc_ossl_whirlpool);

#endif
