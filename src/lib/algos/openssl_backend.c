/* OpenSSL libcrypto digest cores behind the table's hooks.
 *
 * The low-level MD4_/MD5_/SHA*_/RIPEMD160_/WHIRLPOOL_ functions are
 * deprecated in OpenSSL 3 but still exported and run the same assembly as
 * EVP (SHA-NI for SHA-1/SHA-256 on this CPU). We use them on purpose: the
 * contexts are plain structs (copyable, no allocation, nothing that can
 * fail), MD4 and Whirlpool need no legacy provider, and the per-message
 * overhead is a few nanoseconds instead of EVP's fetch and dispatch, which
 * matters for brute force. */
#define OPENSSL_SUPPRESS_DEPRECATED 1

#include "openssl_backend.h"

#include <assert.h>
#include <openssl/md4.h>
#include <openssl/md5.h>
#include <openssl/ripemd.h>
#include <openssl/sha.h>
#include <openssl/whrlpool.h>

static_assert(sizeof(MD4_CTX) == HC_OSSL_MD4_CTX_SIZE, "MD4_CTX size");
static_assert(sizeof(MD5_CTX) == HC_OSSL_MD5_CTX_SIZE, "MD5_CTX size");
static_assert(sizeof(SHA_CTX) == HC_OSSL_SHA1_CTX_SIZE, "SHA_CTX size");
static_assert(sizeof(SHA256_CTX) == HC_OSSL_SHA256_CTX_SIZE, "SHA256_CTX size");
static_assert(sizeof(SHA512_CTX) == HC_OSSL_SHA512_CTX_SIZE, "SHA512_CTX size");
static_assert(sizeof(RIPEMD160_CTX) == HC_OSSL_RIPEMD160_CTX_SIZE, "RIPEMD160_CTX size");
static_assert(sizeof(WHIRLPOOL_CTX) == HC_OSSL_WHIRLPOOL_CTX_SIZE, "WHIRLPOOL_CTX size");

/* One adapter per digest: OpenSSL's Init/Update/Final return int, but with a
 * valid context they cannot fail (they only return 0 for a NULL context). */
#define HC_OSSL_ADAPTER(prefix, CTX, Init, Update, Final)                              \
    void prefix##_init(void *ctx, const hc_algorithm *alg, const hc_params *params)  \
    {                                                                                  \
        (void)alg;                                                                     \
        (void)params;                                                                  \
        Init((CTX *)ctx);                                                              \
    }                                                                                  \
    void prefix##_update(void *ctx, const void *data, size_t len)                      \
    {                                                                                  \
        Update((CTX *)ctx, data, len);                                                 \
    }                                                                                  \
    void prefix##_final(void *ctx, uint8_t *out, size_t out_len)                       \
    {                                                                                  \
        (void)out_len;                                                                 \
        Final(out, (CTX *)ctx);                                                        \
    }

HC_OSSL_ADAPTER(hc_ossl_md4, MD4_CTX, MD4_Init, MD4_Update, MD4_Final)
HC_OSSL_ADAPTER(hc_ossl_md5, MD5_CTX, MD5_Init, MD5_Update, MD5_Final)
HC_OSSL_ADAPTER(hc_ossl_sha1, SHA_CTX, SHA1_Init, SHA1_Update, SHA1_Final)
HC_OSSL_ADAPTER(hc_ossl_sha224, SHA256_CTX, SHA224_Init, SHA224_Update, SHA224_Final)
HC_OSSL_ADAPTER(hc_ossl_sha256, SHA256_CTX, SHA256_Init, SHA256_Update, SHA256_Final)
HC_OSSL_ADAPTER(hc_ossl_sha384, SHA512_CTX, SHA384_Init, SHA384_Update, SHA384_Final)
HC_OSSL_ADAPTER(hc_ossl_sha512, SHA512_CTX, SHA512_Init, SHA512_Update, SHA512_Final)
HC_OSSL_ADAPTER(hc_ossl_ripemd160, RIPEMD160_CTX, RIPEMD160_Init, RIPEMD160_Update, RIPEMD160_Final)
HC_OSSL_ADAPTER(hc_ossl_whirlpool, WHIRLPOOL_CTX, WHIRLPOOL_Init, WHIRLPOOL_Update, WHIRLPOOL_Final)
