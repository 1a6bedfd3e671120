/* The algorithm table: one row per algorithm, the only place that knows
 * which code computes what. Rows are in the byte-wise sorted order of the
 * names (contract §1.2), indexed by hc_algorithm_id. */
#include "hc/algorithm.h"

#include <assert.h>
#include <ctype.h>
#include <string.h>

#include "algos/blake2.h"
#include "algos/crc_backend.h"
#include "algos/haval.h"
#include "algos/keccak.h"
#include "algos/md2.h"
#include "algos/openssl_backend.h"
#include "algos/rhash_backend.h"
#include "algos/ripemd.h"
#include "algos/tiger.h"
#include "algos/tth.h"
#include "blake3/blake3.h"
#include "crack/multibuffer.h"

static_assert(HC_ALGORITHM_COUNT == 50, "the contract lists 50 algorithms");

static const hc_tree_hooks tth_tree = {
    .leaf_len = HC_TTH_LEAF_LEN,
    .node_len = HC_TTH_NODE_LEN,
    .subtree = hc_tth_subtree,
    .push = hc_tth_push_subtree,
};

static const hc_tree_hooks blake3_tree = {
    .leaf_len = 1024,
    .node_len = 32,
    .subtree = hc_blake3_subtree,
    .push = hc_blake3_push_subtree,
};

const hc_algorithm hc_algorithms[HC_ALGORITHM_COUNT] = {
    [HC_BLAKE2B] = {
        .id = HC_BLAKE2B,
        .name = "blake2b",
        .title = "BLAKE2b-512 (RFC 7693)",
        .digest_len = 64,
        .block_len = 128,
        .flags = 0,
        .variant = 0,
        .ctx_size = sizeof(hc_blake2b_ctx),
        .init = hc_blake2b_init,
        .update = hc_blake2b_update,
        .final = hc_blake2b_final,
        .multibuffer = &hc_mb_blake2b,
    },
    [HC_BLAKE2S] = {
        .id = HC_BLAKE2S,
        .name = "blake2s",
        .title = "BLAKE2s-256 (RFC 7693)",
        .digest_len = 32,
        .block_len = 64,
        .flags = 0,
        .variant = 0,
        .ctx_size = sizeof(hc_blake2s_ctx),
        .init = hc_blake2s_init,
        .update = hc_blake2s_update,
        .final = hc_blake2s_final,
        .multibuffer = &hc_mb_blake2s,
    },
    [HC_BLAKE3] = {
        .id = HC_BLAKE3,
        .name = "blake3",
        .title = "BLAKE3, 256-bit default output",
        .digest_len = 32,
        .block_len = 64,
        .flags = HC_ALG_XOF_KEYED,
        .variant = 0,
        .ctx_size = sizeof(hc_blake3_ctx),
        .simd_levels = 1u << HC_SIMD_PORTABLE | 1u << HC_SIMD_SSE41 | 1u << HC_SIMD_AVX2 | 1u << HC_SIMD_AVX512,
        .init = hc_blake3_init,
        .update = hc_blake3_update,
        .final = hc_blake3_final,
        .multibuffer = &hc_mb_blake3,
        .update_parallel = hc_blake3_update_parallel,
        .tree = &blake3_tree,
    },
    [HC_CRC32] = {
        .id = HC_CRC32,
        .name = "crc32",
        .title = "CRC-32 (IEEE 802.3, zlib)",
        .digest_len = 4,
        .block_len = 64,
        .flags = HC_ALG_CRC,
        .variant = 0,
        .ctx_size = sizeof(hc_crc_ctx),
        .backend = HC_BACKEND_ISAL,
        .init = hc_crc32_init,
        .update = hc_crc32_update,
        .final = hc_crc32_final,
        .multibuffer = &hc_mb_crc32,
    },
    [HC_CRC32C] = {
        .id = HC_CRC32C,
        .name = "crc32c",
        .title = "CRC-32C (Castagnoli, iSCSI)",
        .digest_len = 4,
        .block_len = 64,
        .flags = HC_ALG_CRC,
        .variant = 0,
        .ctx_size = sizeof(hc_crc_ctx),
        .backend = HC_BACKEND_ISAL,
        .init = hc_crc32c_init,
        .update = hc_crc32c_update,
        .final = hc_crc32c_final,
        .multibuffer = &hc_mb_crc32c,
    },
    [HC_EDONR256] = {
        .id = HC_EDONR256,
        .name = "edonr256",
        .title = "EDON-R 256",
        .digest_len = 32,
        .block_len = 64,
        .flags = HC_ALG_OPAQUE_CTX,
        .variant = HC_RHASH_EDONR256,
        .ctx_size = sizeof(hc_rhash_ctx),
        .backend = HC_BACKEND_RHASH,
        .acquire = hc_rhash_acquire,
        .release = hc_rhash_release,
        .init = hc_rhash_init,
        .update = hc_rhash_update,
        .final = hc_rhash_final,
    },
    [HC_EDONR512] = {
        .id = HC_EDONR512,
        .name = "edonr512",
        .title = "EDON-R 512",
        .digest_len = 64,
        .block_len = 128,
        .flags = HC_ALG_OPAQUE_CTX,
        .variant = HC_RHASH_EDONR512,
        .ctx_size = sizeof(hc_rhash_ctx),
        .backend = HC_BACKEND_RHASH,
        .acquire = hc_rhash_acquire,
        .release = hc_rhash_release,
        .init = hc_rhash_init,
        .update = hc_rhash_update,
        .final = hc_rhash_final,
    },
    [HC_GOST] = {
        .id = HC_GOST,
        .name = "gost",
        .title = "GOST R 34.11-94, CryptoPro parameters",
        .digest_len = 32,
        .block_len = 32,
        .flags = HC_ALG_OPAQUE_CTX,
        .variant = HC_RHASH_GOST94_CRYPTOPRO,
        .ctx_size = sizeof(hc_rhash_ctx),
        .backend = HC_BACKEND_RHASH,
        .acquire = hc_rhash_acquire,
        .release = hc_rhash_release,
        .init = hc_rhash_init,
        .update = hc_rhash_update,
        .final = hc_rhash_final,
    },
    [HC_HAVAL_128_3] = {
        .id = HC_HAVAL_128_3,
        .name = "haval-128-3",
        .title = "HAVAL, 128 bits, 3 passes",
        .digest_len = 16,
        .block_len = 128,
        .flags = 0,
        .variant = 3,
        .ctx_size = sizeof(hc_haval_ctx),
        .init = hc_haval_init,
        .update = hc_haval_update,
        .final = hc_haval_final,
        .multibuffer = &hc_mb_haval[0][0],
    },
    [HC_HAVAL_128_4] = {
        .id = HC_HAVAL_128_4,
        .name = "haval-128-4",
        .title = "HAVAL, 128 bits, 4 passes",
        .digest_len = 16,
        .block_len = 128,
        .flags = 0,
        .variant = 4,
        .ctx_size = sizeof(hc_haval_ctx),
        .init = hc_haval_init,
        .update = hc_haval_update,
        .final = hc_haval_final,
        .multibuffer = &hc_mb_haval[1][0],
    },
    [HC_HAVAL_128_5] = {
        .id = HC_HAVAL_128_5,
        .name = "haval-128-5",
        .title = "HAVAL, 128 bits, 5 passes",
        .digest_len = 16,
        .block_len = 128,
        .flags = 0,
        .variant = 5,
        .ctx_size = sizeof(hc_haval_ctx),
        .init = hc_haval_init,
        .update = hc_haval_update,
        .final = hc_haval_final,
        .multibuffer = &hc_mb_haval[2][0],
    },
    [HC_HAVAL_160_3] = {
        .id = HC_HAVAL_160_3,
        .name = "haval-160-3",
        .title = "HAVAL, 160 bits, 3 passes",
        .digest_len = 20,
        .block_len = 128,
        .flags = 0,
        .variant = 3,
        .ctx_size = sizeof(hc_haval_ctx),
        .init = hc_haval_init,
        .update = hc_haval_update,
        .final = hc_haval_final,
        .multibuffer = &hc_mb_haval[0][1],
    },
    [HC_HAVAL_160_4] = {
        .id = HC_HAVAL_160_4,
        .name = "haval-160-4",
        .title = "HAVAL, 160 bits, 4 passes",
        .digest_len = 20,
        .block_len = 128,
        .flags = 0,
        .variant = 4,
        .ctx_size = sizeof(hc_haval_ctx),
        .init = hc_haval_init,
        .update = hc_haval_update,
        .final = hc_haval_final,
        .multibuffer = &hc_mb_haval[1][1],
    },
    [HC_HAVAL_160_5] = {
        .id = HC_HAVAL_160_5,
        .name = "haval-160-5",
        .title = "HAVAL, 160 bits, 5 passes",
        .digest_len = 20,
        .block_len = 128,
        .flags = 0,
        .variant = 5,
        .ctx_size = sizeof(hc_haval_ctx),
        .init = hc_haval_init,
        .update = hc_haval_update,
        .final = hc_haval_final,
        .multibuffer = &hc_mb_haval[2][1],
    },
    [HC_HAVAL_192_3] = {
        .id = HC_HAVAL_192_3,
        .name = "haval-192-3",
        .title = "HAVAL, 192 bits, 3 passes",
        .digest_len = 24,
        .block_len = 128,
        .flags = 0,
        .variant = 3,
        .ctx_size = sizeof(hc_haval_ctx),
        .init = hc_haval_init,
        .update = hc_haval_update,
        .final = hc_haval_final,
        .multibuffer = &hc_mb_haval[0][2],
    },
    [HC_HAVAL_192_4] = {
        .id = HC_HAVAL_192_4,
        .name = "haval-192-4",
        .title = "HAVAL, 192 bits, 4 passes",
        .digest_len = 24,
        .block_len = 128,
        .flags = 0,
        .variant = 4,
        .ctx_size = sizeof(hc_haval_ctx),
        .init = hc_haval_init,
        .update = hc_haval_update,
        .final = hc_haval_final,
        .multibuffer = &hc_mb_haval[1][2],
    },
    [HC_HAVAL_192_5] = {
        .id = HC_HAVAL_192_5,
        .name = "haval-192-5",
        .title = "HAVAL, 192 bits, 5 passes",
        .digest_len = 24,
        .block_len = 128,
        .flags = 0,
        .variant = 5,
        .ctx_size = sizeof(hc_haval_ctx),
        .init = hc_haval_init,
        .update = hc_haval_update,
        .final = hc_haval_final,
        .multibuffer = &hc_mb_haval[2][2],
    },
    [HC_HAVAL_224_3] = {
        .id = HC_HAVAL_224_3,
        .name = "haval-224-3",
        .title = "HAVAL, 224 bits, 3 passes",
        .digest_len = 28,
        .block_len = 128,
        .flags = 0,
        .variant = 3,
        .ctx_size = sizeof(hc_haval_ctx),
        .init = hc_haval_init,
        .update = hc_haval_update,
        .final = hc_haval_final,
        .multibuffer = &hc_mb_haval[0][3],
    },
    [HC_HAVAL_224_4] = {
        .id = HC_HAVAL_224_4,
        .name = "haval-224-4",
        .title = "HAVAL, 224 bits, 4 passes",
        .digest_len = 28,
        .block_len = 128,
        .flags = 0,
        .variant = 4,
        .ctx_size = sizeof(hc_haval_ctx),
        .init = hc_haval_init,
        .update = hc_haval_update,
        .final = hc_haval_final,
        .multibuffer = &hc_mb_haval[1][3],
    },
    [HC_HAVAL_224_5] = {
        .id = HC_HAVAL_224_5,
        .name = "haval-224-5",
        .title = "HAVAL, 224 bits, 5 passes",
        .digest_len = 28,
        .block_len = 128,
        .flags = 0,
        .variant = 5,
        .ctx_size = sizeof(hc_haval_ctx),
        .init = hc_haval_init,
        .update = hc_haval_update,
        .final = hc_haval_final,
        .multibuffer = &hc_mb_haval[2][3],
    },
    [HC_HAVAL_256_3] = {
        .id = HC_HAVAL_256_3,
        .name = "haval-256-3",
        .title = "HAVAL, 256 bits, 3 passes",
        .digest_len = 32,
        .block_len = 128,
        .flags = 0,
        .variant = 3,
        .ctx_size = sizeof(hc_haval_ctx),
        .init = hc_haval_init,
        .update = hc_haval_update,
        .final = hc_haval_final,
        .multibuffer = &hc_mb_haval[0][4],
    },
    [HC_HAVAL_256_4] = {
        .id = HC_HAVAL_256_4,
        .name = "haval-256-4",
        .title = "HAVAL, 256 bits, 4 passes",
        .digest_len = 32,
        .block_len = 128,
        .flags = 0,
        .variant = 4,
        .ctx_size = sizeof(hc_haval_ctx),
        .init = hc_haval_init,
        .update = hc_haval_update,
        .final = hc_haval_final,
        .multibuffer = &hc_mb_haval[1][4],
    },
    [HC_HAVAL_256_5] = {
        .id = HC_HAVAL_256_5,
        .name = "haval-256-5",
        .title = "HAVAL, 256 bits, 5 passes",
        .digest_len = 32,
        .block_len = 128,
        .flags = 0,
        .variant = 5,
        .ctx_size = sizeof(hc_haval_ctx),
        .init = hc_haval_init,
        .update = hc_haval_update,
        .final = hc_haval_final,
        .multibuffer = &hc_mb_haval[2][4],
    },
    [HC_MD2] = {
        .id = HC_MD2,
        .name = "md2",
        .title = "MD2 (RFC 1319)",
        .digest_len = 16,
        .block_len = 16,
        .flags = 0,
        .variant = 0,
        .ctx_size = sizeof(hc_md2_ctx),
        .init = hc_md2_init,
        .update = hc_md2_update,
        .final = hc_md2_final,
        .multibuffer = &hc_mb_md2,
    },
    [HC_MD4] = {
        .id = HC_MD4,
        .name = "md4",
        .title = "MD4 (RFC 1320)",
        .digest_len = 16,
        .block_len = 64,
        .flags = 0,
        .variant = 0,
        .ctx_size = HC_OSSL_MD4_CTX_SIZE,
        .backend = HC_BACKEND_OPENSSL,
        .init = hc_ossl_md4_init,
        .update = hc_ossl_md4_update,
        .final = hc_ossl_md4_final,
        .multibuffer = &hc_mb_md4,
    },
    [HC_MD5] = {
        .id = HC_MD5,
        .name = "md5",
        .title = "MD5 (RFC 1321)",
        .digest_len = 16,
        .block_len = 64,
        .flags = 0,
        .variant = 0,
        .ctx_size = HC_OSSL_MD5_CTX_SIZE,
        .backend = HC_BACKEND_OPENSSL,
        .init = hc_ossl_md5_init,
        .update = hc_ossl_md5_update,
        .final = hc_ossl_md5_final,
        .multibuffer = &hc_mb_md5,
    },
    [HC_NTLM] = {
        .id = HC_NTLM,
        .name = "ntlm",
        .title = "NTLM: MD4 of the UTF-16LE text",
        .digest_len = 16,
        .block_len = 64,
        .flags = HC_ALG_TEXT_UTF16LE,
        .variant = 0,
        .ctx_size = HC_OSSL_MD4_CTX_SIZE,
        .backend = HC_BACKEND_OPENSSL,
        .init = hc_ossl_md4_init,
        .update = hc_ossl_md4_update,
        .final = hc_ossl_md4_final,
        .multibuffer = &hc_mb_ntlm,
    },
    [HC_RIPEMD128] = {
        .id = HC_RIPEMD128,
        .name = "ripemd128",
        .title = "RIPEMD-128",
        .digest_len = 16,
        .block_len = 64,
        .flags = 0,
        .variant = 0,
        .ctx_size = sizeof(hc_ripemd_ctx),
        .init = hc_ripemd_init,
        .update = hc_ripemd_update,
        .final = hc_ripemd_final,
        .multibuffer = &hc_mb_ripemd128,
    },
    [HC_RIPEMD160] = {
        .id = HC_RIPEMD160,
        .name = "ripemd160",
        .title = "RIPEMD-160",
        .digest_len = 20,
        .block_len = 64,
        .flags = 0,
        .variant = 0,
        /* Ours, not OpenSSL's: 1.75x faster here (bench/bench_classic.c). */
        .ctx_size = sizeof(hc_ripemd_ctx),
        .init = hc_ripemd_init,
        .update = hc_ripemd_update,
        .final = hc_ripemd_final,
        .multibuffer = &hc_mb_ripemd160,
    },
    [HC_RIPEMD256] = {
        .id = HC_RIPEMD256,
        .name = "ripemd256",
        .title = "RIPEMD-256",
        .digest_len = 32,
        .block_len = 64,
        .flags = 0,
        .variant = 0,
        .ctx_size = sizeof(hc_ripemd_ctx),
        .init = hc_ripemd_init,
        .update = hc_ripemd_update,
        .final = hc_ripemd_final,
        .multibuffer = &hc_mb_ripemd256,
    },
    [HC_RIPEMD320] = {
        .id = HC_RIPEMD320,
        .name = "ripemd320",
        .title = "RIPEMD-320",
        .digest_len = 40,
        .block_len = 64,
        .flags = 0,
        .variant = 0,
        .ctx_size = sizeof(hc_ripemd_ctx),
        .init = hc_ripemd_init,
        .update = hc_ripemd_update,
        .final = hc_ripemd_final,
        .multibuffer = &hc_mb_ripemd320,
    },
    [HC_SHA3_224] = {
        .id = HC_SHA3_224,
        .name = "sha-3-224",
        .title = "SHA3-224 (FIPS 202)",
        .digest_len = 28,
        .block_len = 144,
        .flags = 0,
        .variant = HC_KECCAK_DOMAIN_SHA3,
        .ctx_size = sizeof(hc_keccak_ctx),
        .simd_levels = 1u << HC_SIMD_PORTABLE | 1u << HC_SIMD_AVX512,
        .init = hc_keccak_init,
        .update = hc_keccak_update,
        .final = hc_keccak_final,
        .multibuffer = &hc_mb_sha3_224,
    },
    [HC_SHA3_256] = {
        .id = HC_SHA3_256,
        .name = "sha-3-256",
        .title = "SHA3-256 (FIPS 202)",
        .digest_len = 32,
        .block_len = 136,
        .flags = 0,
        .variant = HC_KECCAK_DOMAIN_SHA3,
        .ctx_size = sizeof(hc_keccak_ctx),
        .simd_levels = 1u << HC_SIMD_PORTABLE | 1u << HC_SIMD_AVX512,
        .init = hc_keccak_init,
        .update = hc_keccak_update,
        .final = hc_keccak_final,
        .multibuffer = &hc_mb_sha3_256,
    },
    [HC_SHA3_384] = {
        .id = HC_SHA3_384,
        .name = "sha-3-384",
        .title = "SHA3-384 (FIPS 202)",
        .digest_len = 48,
        .block_len = 104,
        .flags = 0,
        .variant = HC_KECCAK_DOMAIN_SHA3,
        .ctx_size = sizeof(hc_keccak_ctx),
        .simd_levels = 1u << HC_SIMD_PORTABLE | 1u << HC_SIMD_AVX512,
        .init = hc_keccak_init,
        .update = hc_keccak_update,
        .final = hc_keccak_final,
        .multibuffer = &hc_mb_sha3_384,
    },
    [HC_SHA3_512] = {
        .id = HC_SHA3_512,
        .name = "sha-3-512",
        .title = "SHA3-512 (FIPS 202)",
        .digest_len = 64,
        .block_len = 72,
        .flags = 0,
        .variant = HC_KECCAK_DOMAIN_SHA3,
        .ctx_size = sizeof(hc_keccak_ctx),
        .simd_levels = 1u << HC_SIMD_PORTABLE | 1u << HC_SIMD_AVX512,
        .init = hc_keccak_init,
        .update = hc_keccak_update,
        .final = hc_keccak_final,
        .multibuffer = &hc_mb_sha3_512,
    },
    [HC_KECCAK_224] = {
        .id = HC_KECCAK_224,
        .name = "sha-3k-224",
        .title = "Keccak-224 (original padding)",
        .digest_len = 28,
        .block_len = 144,
        .flags = 0,
        .variant = HC_KECCAK_DOMAIN_KECCAK,
        .ctx_size = sizeof(hc_keccak_ctx),
        .simd_levels = 1u << HC_SIMD_PORTABLE | 1u << HC_SIMD_AVX512,
        .init = hc_keccak_init,
        .update = hc_keccak_update,
        .final = hc_keccak_final,
        .multibuffer = &hc_mb_keccak_224,
    },
    [HC_KECCAK_256] = {
        .id = HC_KECCAK_256,
        .name = "sha-3k-256",
        .title = "Keccak-256 (original padding)",
        .digest_len = 32,
        .block_len = 136,
        .flags = 0,
        .variant = HC_KECCAK_DOMAIN_KECCAK,
        .ctx_size = sizeof(hc_keccak_ctx),
        .simd_levels = 1u << HC_SIMD_PORTABLE | 1u << HC_SIMD_AVX512,
        .init = hc_keccak_init,
        .update = hc_keccak_update,
        .final = hc_keccak_final,
        .multibuffer = &hc_mb_keccak_256,
    },
    [HC_KECCAK_384] = {
        .id = HC_KECCAK_384,
        .name = "sha-3k-384",
        .title = "Keccak-384 (original padding)",
        .digest_len = 48,
        .block_len = 104,
        .flags = 0,
        .variant = HC_KECCAK_DOMAIN_KECCAK,
        .ctx_size = sizeof(hc_keccak_ctx),
        .simd_levels = 1u << HC_SIMD_PORTABLE | 1u << HC_SIMD_AVX512,
        .init = hc_keccak_init,
        .update = hc_keccak_update,
        .final = hc_keccak_final,
        .multibuffer = &hc_mb_keccak_384,
    },
    [HC_KECCAK_512] = {
        .id = HC_KECCAK_512,
        .name = "sha-3k-512",
        .title = "Keccak-512 (original padding)",
        .digest_len = 64,
        .block_len = 72,
        .flags = 0,
        .variant = HC_KECCAK_DOMAIN_KECCAK,
        .ctx_size = sizeof(hc_keccak_ctx),
        .simd_levels = 1u << HC_SIMD_PORTABLE | 1u << HC_SIMD_AVX512,
        .init = hc_keccak_init,
        .update = hc_keccak_update,
        .final = hc_keccak_final,
        .multibuffer = &hc_mb_keccak_512,
    },
    [HC_SHA1] = {
        .id = HC_SHA1,
        .name = "sha1",
        .title = "SHA-1 (FIPS 180-4)",
        .digest_len = 20,
        .block_len = 64,
        .flags = 0,
        .variant = 0,
        .ctx_size = HC_OSSL_SHA1_CTX_SIZE,
        .backend = HC_BACKEND_OPENSSL,
        .init = hc_ossl_sha1_init,
        .update = hc_ossl_sha1_update,
        .final = hc_ossl_sha1_final,
        .multibuffer = &hc_mb_sha1,
    },
    [HC_SHA224] = {
        .id = HC_SHA224,
        .name = "sha224",
        .title = "SHA-224 (FIPS 180-4)",
        .digest_len = 28,
        .block_len = 64,
        .flags = 0,
        .variant = 0,
        .ctx_size = HC_OSSL_SHA256_CTX_SIZE,
        .backend = HC_BACKEND_OPENSSL,
        .init = hc_ossl_sha224_init,
        .update = hc_ossl_sha224_update,
        .final = hc_ossl_sha224_final,
        .multibuffer = &hc_mb_sha224,
    },
    [HC_SHA256] = {
        .id = HC_SHA256,
        .name = "sha256",
        .title = "SHA-256 (FIPS 180-4)",
        .digest_len = 32,
        .block_len = 64,
        .flags = 0,
        .variant = 0,
        .ctx_size = HC_OSSL_SHA256_CTX_SIZE,
        .backend = HC_BACKEND_OPENSSL,
        .init = hc_ossl_sha256_init,
        .update = hc_ossl_sha256_update,
        .final = hc_ossl_sha256_final,
        .multibuffer = &hc_mb_sha256,
    },
    [HC_SHA384] = {
        .id = HC_SHA384,
        .name = "sha384",
        .title = "SHA-384 (FIPS 180-4)",
        .digest_len = 48,
        .block_len = 128,
        .flags = 0,
        .variant = 0,
        .ctx_size = HC_OSSL_SHA512_CTX_SIZE,
        .backend = HC_BACKEND_OPENSSL,
        .init = hc_ossl_sha384_init,
        .update = hc_ossl_sha384_update,
        .final = hc_ossl_sha384_final,
        .multibuffer = &hc_mb_sha384,
    },
    [HC_SHA512] = {
        .id = HC_SHA512,
        .name = "sha512",
        .title = "SHA-512 (FIPS 180-4)",
        .digest_len = 64,
        .block_len = 128,
        .flags = 0,
        .variant = 0,
        .ctx_size = HC_OSSL_SHA512_CTX_SIZE,
        .backend = HC_BACKEND_OPENSSL,
        .init = hc_ossl_sha512_init,
        .update = hc_ossl_sha512_update,
        .final = hc_ossl_sha512_final,
        .multibuffer = &hc_mb_sha512,
    },
    [HC_SNEFRU128] = {
        .id = HC_SNEFRU128,
        .name = "snefru128",
        .title = "Snefru-128 (8 passes)",
        .digest_len = 16,
        .block_len = 48,
        .flags = HC_ALG_OPAQUE_CTX,
        .variant = HC_RHASH_SNEFRU128,
        .ctx_size = sizeof(hc_rhash_ctx),
        .backend = HC_BACKEND_RHASH,
        .acquire = hc_rhash_acquire,
        .release = hc_rhash_release,
        .init = hc_rhash_init,
        .update = hc_rhash_update,
        .final = hc_rhash_final,
    },
    [HC_SNEFRU256] = {
        .id = HC_SNEFRU256,
        .name = "snefru256",
        .title = "Snefru-256 (8 passes)",
        .digest_len = 32,
        .block_len = 32,
        .flags = HC_ALG_OPAQUE_CTX,
        .variant = HC_RHASH_SNEFRU256,
        .ctx_size = sizeof(hc_rhash_ctx),
        .backend = HC_BACKEND_RHASH,
        .acquire = hc_rhash_acquire,
        .release = hc_rhash_release,
        .init = hc_rhash_init,
        .update = hc_rhash_update,
        .final = hc_rhash_final,
    },
    [HC_TIGER] = {
        .id = HC_TIGER,
        .name = "tiger",
        .title = "Tiger/192 (padding 0x01)",
        .digest_len = 24,
        .block_len = 64,
        .flags = 0,
        .variant = HC_TIGER_PADDING_TIGER,
        /* Ours, not librhash's: as fast or faster (bench/bench_classic.c) and
         * a plain context that brute force can copy. */
        .ctx_size = sizeof(hc_tiger_ctx),
        .init = hc_tiger_init,
        .update = hc_tiger_update,
        .final = hc_tiger_final,
        .multibuffer = &hc_mb_tiger,
    },
    [HC_TIGER2] = {
        .id = HC_TIGER2,
        .name = "tiger2",
        .title = "Tiger2/192 (padding 0x80)",
        .digest_len = 24,
        .block_len = 64,
        .flags = 0,
        .variant = HC_TIGER_PADDING_TIGER2,
        .ctx_size = sizeof(hc_tiger_ctx),
        .init = hc_tiger_init,
        .update = hc_tiger_update,
        .final = hc_tiger_final,
        .multibuffer = &hc_mb_tiger2,
    },
    [HC_TTH] = {
        .id = HC_TTH,
        .name = "tth",
        .title = "Tiger Tree Hash (1024-byte leaves)",
        .digest_len = 24,
        .block_len = 1024,
        .flags = 0,
        .variant = 0,
        .ctx_size = sizeof(hc_tth_ctx),
        .init = hc_tth_init,
        .update = hc_tth_update,
        .final = hc_tth_final,
        .multibuffer = &hc_mb_tth,
        .tree = &tth_tree,
    },
    [HC_WHIRLPOOL] = {
        .id = HC_WHIRLPOOL,
        .name = "whirlpool",
        .title = "Whirlpool (ISO/IEC 10118-3)",
        .digest_len = 64,
        .block_len = 64,
        /* librhash, not OpenSSL: 10% faster here (163-171 against
         * 144-153 MB/s in memory, 64 MiB; docs/backends.md). */
        .flags = HC_ALG_OPAQUE_CTX,
        .variant = HC_RHASH_WHIRLPOOL,
        .ctx_size = sizeof(hc_rhash_ctx),
        .backend = HC_BACKEND_RHASH,
        .acquire = hc_rhash_acquire,
        .release = hc_rhash_release,
        .init = hc_rhash_init,
        .update = hc_rhash_update,
        .final = hc_rhash_final,
    },
};

/* Every context must fit the generic allocation and every digest the
 * generic buffer. */
#define HC_CHECK_ROW_SIZES(ctx_type) static_assert(sizeof(ctx_type) <= HC_MAX_CTX_SIZE, #ctx_type " too large")
HC_CHECK_ROW_SIZES(hc_blake2b_ctx);
HC_CHECK_ROW_SIZES(hc_blake2s_ctx);
HC_CHECK_ROW_SIZES(hc_blake3_ctx);
HC_CHECK_ROW_SIZES(hc_haval_ctx);
HC_CHECK_ROW_SIZES(hc_keccak_ctx);
HC_CHECK_ROW_SIZES(hc_md2_ctx);
HC_CHECK_ROW_SIZES(hc_ripemd_ctx);
HC_CHECK_ROW_SIZES(hc_tiger_ctx);

const char *hc_backend_name(hc_backend backend)
{
    switch (backend) {
    case HC_BACKEND_OWN:
        return "hc";
    case HC_BACKEND_OPENSSL:
        return "OpenSSL";
    case HC_BACKEND_RHASH:
        return "librhash";
    case HC_BACKEND_ISAL:
        return "ISA-L";
    }
    return "unknown";
}

hc_simd_level hc_algorithm_simd(const hc_algorithm *alg)
{
    if (alg->backend != HC_BACKEND_OWN)
        return HC_SIMD_LEVEL_COUNT;
    for (int level = (int)hc_simd_active(); level > HC_SIMD_PORTABLE; level--)
        if (alg->simd_levels & (1u << level))
            return (hc_simd_level)level;
    return HC_SIMD_PORTABLE;
}

const hc_algorithm *hc_algorithm_find(const char *name)
{
    for (size_t i = 0; i < HC_ALGORITHM_COUNT; i++)
        if (strcmp(hc_algorithms[i].name, name) == 0)
            return &hc_algorithms[i];
    return NULL;
}

/* Optimal string alignment distance, ignoring ASCII case (so `MD5`
 * suggests `md5`); names are short, longer words are never close to one. */
unsigned hc_name_distance(const char *a, const char *b)
{
    enum { MAX_LEN = 32 };
    size_t la = strlen(a), lb = strlen(b);
    if (la >= MAX_LEN || lb >= MAX_LEN)
        return MAX_LEN;
    unsigned d[MAX_LEN + 1][MAX_LEN + 1];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = (unsigned)i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = (unsigned)j;
    for (size_t i = 1; i <= la; i++) {
        for (size_t j = 1; j <= lb; j++) {
            unsigned cost = tolower((unsigned char)a[i - 1]) == tolower((unsigned char)b[j - 1]) ? 0 : 1;
            unsigned best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (d[i - 1][j - 1] + cost < best)
                best = d[i - 1][j - 1] + cost;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    }
    return d[la][lb];
}

const hc_algorithm *hc_algorithm_suggest(const char *name, unsigned max_distance)
{
    const hc_algorithm *best = NULL;
    unsigned best_distance = max_distance + 1;
    for (size_t i = 0; i < HC_ALGORITHM_COUNT; i++) {
        unsigned d = hc_name_distance(name, hc_algorithms[i].name);
        if (d < best_distance) {
            best = &hc_algorithms[i];
            best_distance = d;
        }
    }
    return best;
}
