/* The algorithm table: one row per algorithm, the only place that knows
 * which code computes what. Rows are indexed by hc_algorithm_id, which is
 * append-only: a new row goes at the end, whatever its name, and lists
 * shown to people are sorted by name (hc_algorithm_sorted). */
#include "algorithm_row.h"

#include <assert.h>
#include <string.h>

#include "algos/blake2.h"
#include "algos/crc_backend.h"
#include "algos/haval.h"
#include "algos/keccak.h"
#include "algos/md2.h"
#include "algos/library_rows.h"
#include "algos/ripemd.h"
#include "algos/tiger.h"
#include "algos/tth.h"
#include "algos/xxh32.h"
#include "blake3/blake3_row.h"
#include "crack/kernel.h"
#include "simd.h"

static_assert(HC_WHIRLPOOL == 49, "the contract's 50 algorithms keep ids 0..49; new rows come after them");

/* HAVAL-<bits>-<passes>: one row per member, its name, lengths, passes and
 * kernel from the two numbers (checked here, so the hasher and the kernel
 * never see another pair). */
#define HAVAL_ROW(bits, pass_count)                                                                   \
    [HC_HAVAL_##bits##_##pass_count] = {                                                              \
        .id = HC_HAVAL_##bits##_##pass_count,                                                         \
        .name = "haval-" #bits "-" #pass_count,                                                       \
        .title = "HAVAL, " #bits " bits, " #pass_count " passes",                                     \
        HC_ROW_SHAPE((bits) / 8, 128, haval),                                                         \
        .passes = (pass_count) + HC_STATIC_CHECK((pass_count) >= 3 && (pass_count) <= 5,              \
                                                 "HAVAL has 3, 4 or 5 passes"),                       \
        HC_ROW_CTX(sizeof(hc_haval_ctx)),                                                             \
        HC_OWN_HOOKS(hc_haval),                                                                       \
    }

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

/* CRCs split anywhere (crc_combine.c); the leaf length only sets the
 * grain bigfile cuts them at, as for BLAKE3. The rows differ in their
 * subtree hook only where the backend has a function per polynomial. */
#define CRC_TREE(name, subtree_hook)           \
    static const hc_tree_hooks name = {        \
        .leaf_len = HC_CRC_LEAF_LEN,           \
        .node_len = HC_CRC_NODE_LEN,           \
        .subtree = subtree_hook,               \
        .push = hc_crc_push_subtree,           \
    }
CRC_TREE(crc32_tree, HC_CRC32_SUBTREE);
CRC_TREE(crc32c_tree, HC_CRC32C_SUBTREE);

const hc_algorithm hc_algorithms[HC_ALGORITHM_COUNT] = {
    [HC_BLAKE2B] = {
        .id = HC_BLAKE2B,
        .name = "blake2b",
        .title = "BLAKE2b-512 (RFC 7693)",
        HC_ROW_SHAPE(64, 128, blake2b),
        .flags = 0,
        HC_ROW_CTX(sizeof(hc_blake2b_ctx)),
        HC_OWN_HOOKS(hc_blake2b),
    },
    [HC_BLAKE2S] = {
        .id = HC_BLAKE2S,
        .name = "blake2s",
        .title = "BLAKE2s-256 (RFC 7693)",
        HC_ROW_SHAPE(32, 64, blake2s),
        .flags = 0,
        HC_ROW_CTX(sizeof(hc_blake2s_ctx)),
        HC_OWN_HOOKS(hc_blake2s),
    },
    [HC_BLAKE3] = {
        .id = HC_BLAKE3,
        .name = "blake3",
        .title = "BLAKE3, 256-bit default output",
        HC_ROW_SHAPE(32, 64, blake3),
        .flags = HC_ALG_XOF_KEYED,
        HC_ROW_CTX(sizeof(hc_blake3_ctx)),
        .simd_levels = HC_BLAKE3_SIMD_LEVELS,
        HC_OWN_HOOKS(hc_blake3),
        .update_parallel = hc_blake3_update_parallel,
        .tree = &blake3_tree,
    },
    [HC_CRC32] = {
        .id = HC_CRC32,
        .name = "crc32",
        .title = "CRC-32 (IEEE 802.3, zlib)",
        HC_ROW_SHAPE(4, 64, crc32),
        .flags = HC_ALG_CRC,
        .crc_poly = 0xEDB88320u,
        HC_ROW_CTX(sizeof(hc_crc_ctx)),
        .backend = HC_CRC_BACKEND,
        .simd_levels = HC_CRC_ROW_SIMD_LEVELS,
        HC_CRC32_HOOKS,
        .tree = &crc32_tree,
    },
    [HC_CRC32C] = {
        .id = HC_CRC32C,
        .name = "crc32c",
        .title = "CRC-32C (Castagnoli, iSCSI)",
        HC_ROW_SHAPE(4, 64, crc32),
        .flags = HC_ALG_CRC,
        .crc_poly = 0x82F63B78u,
        HC_ROW_CTX(sizeof(hc_crc_ctx)),
        .backend = HC_CRC_BACKEND,
        .simd_levels = HC_CRC_ROW_SIMD_LEVELS,
        HC_CRC32C_HOOKS,
        .tree = &crc32c_tree,
    },
    [HC_EDONR256] = {
        .id = HC_EDONR256,
        .name = "edonr256",
        .title = "EDON-R 256",
        HC_ROW_SHAPE(32, 64, edonr256),
        .flags = HC_LIB_FLAGS_edonr,
        HC_LIB_HOOKS_edonr256,
    },
    [HC_EDONR512] = {
        .id = HC_EDONR512,
        .name = "edonr512",
        .title = "EDON-R 512",
        HC_ROW_SHAPE(64, 128, edonr512),
        .flags = HC_LIB_FLAGS_edonr,
        HC_LIB_HOOKS_edonr512,
    },
    [HC_GOST] = {
        .id = HC_GOST,
        .name = "gost",
        .title = "GOST R 34.11-94, CryptoPro parameters",
        HC_ROW_SHAPE(32, 32, gost),
        .flags = HC_LIB_FLAGS_gost,
        HC_LIB_HOOKS_gost,
    },
    HAVAL_ROW(128, 3),
    HAVAL_ROW(128, 4),
    HAVAL_ROW(128, 5),
    HAVAL_ROW(160, 3),
    HAVAL_ROW(160, 4),
    HAVAL_ROW(160, 5),
    HAVAL_ROW(192, 3),
    HAVAL_ROW(192, 4),
    HAVAL_ROW(192, 5),
    HAVAL_ROW(224, 3),
    HAVAL_ROW(224, 4),
    HAVAL_ROW(224, 5),
    HAVAL_ROW(256, 3),
    HAVAL_ROW(256, 4),
    HAVAL_ROW(256, 5),
    [HC_MD2] = {
        .id = HC_MD2,
        .name = "md2",
        .title = "MD2 (RFC 1319)",
        HC_ROW_SHAPE(16, 16, md2),
        .flags = 0,
        HC_ROW_CTX(sizeof(hc_md2_ctx)),
        HC_OWN_HOOKS(hc_md2),
    },
    [HC_MD4] = {
        .id = HC_MD4,
        .name = "md4",
        .title = "MD4 (RFC 1320)",
        HC_ROW_SHAPE(16, 64, md4),
        .flags = HC_LIB_FLAGS_md4,
        HC_LIB_HOOKS_md4,
    },
    [HC_MD5] = {
        .id = HC_MD5,
        .name = "md5",
        .title = "MD5 (RFC 1321)",
        HC_ROW_SHAPE(16, 64, md5),
        .flags = HC_LIB_FLAGS_md5,
        HC_LIB_HOOKS_md5,
    },
    [HC_NTLM] = {
        .id = HC_NTLM,
        .name = "ntlm",
        .title = "NTLM: MD4 of the UTF-16LE text",
        HC_ROW_SHAPE(16, 64, md4),
        .flags = HC_ALG_TEXT_UTF16LE | HC_LIB_FLAGS_md4,
        HC_LIB_HOOKS_md4,
    },
    [HC_RIPEMD128] = {
        .id = HC_RIPEMD128,
        .name = "ripemd128",
        .title = "RIPEMD-128",
        HC_ROW_SHAPE(16, 64, ripemd),
        .flags = 0,
        HC_ROW_CTX(sizeof(hc_ripemd_ctx)),
        HC_OWN_HOOKS(hc_ripemd),
    },
    [HC_RIPEMD160] = {
        .id = HC_RIPEMD160,
        .name = "ripemd160",
        .title = "RIPEMD-160",
        HC_ROW_SHAPE(20, 64, ripemd),
        .flags = 0,
        /* Ours, not OpenSSL's: 1.75x faster here (bench/bench_classic.c). */
        HC_ROW_CTX(sizeof(hc_ripemd_ctx)),
        HC_OWN_HOOKS(hc_ripemd),
    },
    [HC_RIPEMD256] = {
        .id = HC_RIPEMD256,
        .name = "ripemd256",
        .title = "RIPEMD-256",
        HC_ROW_SHAPE(32, 64, ripemd),
        .flags = 0,
        HC_ROW_CTX(sizeof(hc_ripemd_ctx)),
        HC_OWN_HOOKS(hc_ripemd),
    },
    [HC_RIPEMD320] = {
        .id = HC_RIPEMD320,
        .name = "ripemd320",
        .title = "RIPEMD-320",
        HC_ROW_SHAPE(40, 64, ripemd),
        .flags = 0,
        HC_ROW_CTX(sizeof(hc_ripemd_ctx)),
        HC_OWN_HOOKS(hc_ripemd),
    },
    [HC_SHA3_224] = {
        .id = HC_SHA3_224,
        .name = "sha-3-224",
        .title = "SHA3-224 (FIPS 202)",
        HC_ROW_SHAPE(28, 144, keccak),
        .flags = 0,
        .pad_byte = HC_KECCAK_DOMAIN_SHA3,
        HC_ROW_CTX(sizeof(hc_keccak_ctx)),
        .simd_levels = HC_KECCAK_SIMD_LEVELS,
        HC_OWN_HOOKS(hc_keccak),
    },
    [HC_SHA3_256] = {
        .id = HC_SHA3_256,
        .name = "sha-3-256",
        .title = "SHA3-256 (FIPS 202)",
        HC_ROW_SHAPE(32, 136, keccak),
        .flags = 0,
        .pad_byte = HC_KECCAK_DOMAIN_SHA3,
        HC_ROW_CTX(sizeof(hc_keccak_ctx)),
        .simd_levels = HC_KECCAK_SIMD_LEVELS,
        HC_OWN_HOOKS(hc_keccak),
    },
    [HC_SHA3_384] = {
        .id = HC_SHA3_384,
        .name = "sha-3-384",
        .title = "SHA3-384 (FIPS 202)",
        HC_ROW_SHAPE(48, 104, keccak),
        .flags = 0,
        .pad_byte = HC_KECCAK_DOMAIN_SHA3,
        HC_ROW_CTX(sizeof(hc_keccak_ctx)),
        .simd_levels = HC_KECCAK_SIMD_LEVELS,
        HC_OWN_HOOKS(hc_keccak),
    },
    [HC_SHA3_512] = {
        .id = HC_SHA3_512,
        .name = "sha-3-512",
        .title = "SHA3-512 (FIPS 202)",
        HC_ROW_SHAPE(64, 72, keccak),
        .flags = 0,
        .pad_byte = HC_KECCAK_DOMAIN_SHA3,
        HC_ROW_CTX(sizeof(hc_keccak_ctx)),
        .simd_levels = HC_KECCAK_SIMD_LEVELS,
        HC_OWN_HOOKS(hc_keccak),
    },
    [HC_KECCAK_224] = {
        .id = HC_KECCAK_224,
        .name = "sha-3k-224",
        .title = "Keccak-224 (original padding)",
        HC_ROW_SHAPE(28, 144, keccak),
        .flags = 0,
        .pad_byte = HC_KECCAK_DOMAIN_KECCAK,
        HC_ROW_CTX(sizeof(hc_keccak_ctx)),
        .simd_levels = HC_KECCAK_SIMD_LEVELS,
        HC_OWN_HOOKS(hc_keccak),
    },
    [HC_KECCAK_256] = {
        .id = HC_KECCAK_256,
        .name = "sha-3k-256",
        .title = "Keccak-256 (original padding)",
        HC_ROW_SHAPE(32, 136, keccak),
        .flags = 0,
        .pad_byte = HC_KECCAK_DOMAIN_KECCAK,
        HC_ROW_CTX(sizeof(hc_keccak_ctx)),
        .simd_levels = HC_KECCAK_SIMD_LEVELS,
        HC_OWN_HOOKS(hc_keccak),
    },
    [HC_KECCAK_384] = {
        .id = HC_KECCAK_384,
        .name = "sha-3k-384",
        .title = "Keccak-384 (original padding)",
        HC_ROW_SHAPE(48, 104, keccak),
        .flags = 0,
        .pad_byte = HC_KECCAK_DOMAIN_KECCAK,
        HC_ROW_CTX(sizeof(hc_keccak_ctx)),
        .simd_levels = HC_KECCAK_SIMD_LEVELS,
        HC_OWN_HOOKS(hc_keccak),
    },
    [HC_KECCAK_512] = {
        .id = HC_KECCAK_512,
        .name = "sha-3k-512",
        .title = "Keccak-512 (original padding)",
        HC_ROW_SHAPE(64, 72, keccak),
        .flags = 0,
        .pad_byte = HC_KECCAK_DOMAIN_KECCAK,
        HC_ROW_CTX(sizeof(hc_keccak_ctx)),
        .simd_levels = HC_KECCAK_SIMD_LEVELS,
        HC_OWN_HOOKS(hc_keccak),
    },
    [HC_SHA1] = {
        .id = HC_SHA1,
        .name = "sha1",
        .title = "SHA-1 (FIPS 180-4)",
        HC_ROW_SHAPE(20, 64, sha1),
        .flags = HC_LIB_FLAGS_sha1,
        HC_LIB_HOOKS_sha1,
    },
    [HC_SHA224] = {
        .id = HC_SHA224,
        .name = "sha224",
        .title = "SHA-224 (FIPS 180-4)",
        HC_ROW_SHAPE(28, 64, sha256),
        .flags = HC_LIB_FLAGS_sha224,
        HC_LIB_HOOKS_sha224,
    },
    [HC_SHA256] = {
        .id = HC_SHA256,
        .name = "sha256",
        .title = "SHA-256 (FIPS 180-4)",
        HC_ROW_SHAPE(32, 64, sha256),
        .flags = HC_LIB_FLAGS_sha256,
        HC_LIB_HOOKS_sha256,
    },
    [HC_SHA384] = {
        .id = HC_SHA384,
        .name = "sha384",
        .title = "SHA-384 (FIPS 180-4)",
        HC_ROW_SHAPE(48, 128, sha512),
        .flags = HC_LIB_FLAGS_sha384,
        HC_LIB_HOOKS_sha384,
    },
    [HC_SHA512] = {
        .id = HC_SHA512,
        .name = "sha512",
        .title = "SHA-512 (FIPS 180-4)",
        HC_ROW_SHAPE(64, 128, sha512),
        .flags = HC_LIB_FLAGS_sha512,
        HC_LIB_HOOKS_sha512,
    },
    [HC_SNEFRU128] = {
        .id = HC_SNEFRU128,
        .name = "snefru128",
        .title = "Snefru-128 (8 passes)",
        HC_ROW_SHAPE(16, 48, snefru),
        .flags = HC_LIB_FLAGS_snefru,
        HC_LIB_HOOKS_snefru128,
    },
    [HC_SNEFRU256] = {
        .id = HC_SNEFRU256,
        .name = "snefru256",
        .title = "Snefru-256 (8 passes)",
        HC_ROW_SHAPE(32, 32, snefru),
        .flags = HC_LIB_FLAGS_snefru,
        HC_LIB_HOOKS_snefru256,
    },
    [HC_TIGER] = {
        .id = HC_TIGER,
        .name = "tiger",
        .title = "Tiger/192 (padding 0x01)",
        HC_ROW_SHAPE(24, 64, tiger),
        .flags = 0,
        .pad_byte = HC_TIGER_PADDING_TIGER,
        /* Ours, not librhash's: as fast or faster (bench/bench_classic.c) and
         * a plain context that brute force can copy. */
        HC_ROW_CTX(sizeof(hc_tiger_ctx)),
        HC_OWN_HOOKS(hc_tiger),
    },
    [HC_TIGER2] = {
        .id = HC_TIGER2,
        .name = "tiger2",
        .title = "Tiger2/192 (padding 0x80)",
        HC_ROW_SHAPE(24, 64, tiger),
        .flags = 0,
        .pad_byte = HC_TIGER_PADDING_TIGER2,
        HC_ROW_CTX(sizeof(hc_tiger_ctx)),
        HC_OWN_HOOKS(hc_tiger),
    },
    [HC_TTH] = {
        .id = HC_TTH,
        .name = "tth",
        .title = "Tiger Tree Hash (1024-byte leaves)",
        HC_ROW_SHAPE(24, 1024, tth),
        .flags = 0,
        .pad_byte = HC_TIGER_PADDING_TIGER, /* its leaves are Tiger hashes (THEX §2.1) */
        HC_ROW_CTX(sizeof(hc_tth_ctx)),
        HC_OWN_HOOKS(hc_tth),
        .tree = &tth_tree,
    },
    [HC_WHIRLPOOL] = {
        .id = HC_WHIRLPOOL,
        .name = "whirlpool",
        .title = "Whirlpool (ISO/IEC 10118-3)",
        HC_ROW_SHAPE(64, 64, whirlpool),
        .flags = HC_LIB_FLAGS_whirlpool,
        HC_LIB_HOOKS_whirlpool,
    },
    /* Rows added later: after the others, whatever their names. */
#ifdef HC_TEST_EXTRA_ROW
    [HC_TEST_XXH32] = {
        .id = HC_TEST_XXH32,
        .name = "test-xxh32",
        .title = "XXH32, seed 0 (xxHash), test-only row",
        .digest_len = 4,
        .block_len = 16,
        HC_ROW_CTX(sizeof(hc_xxh32_ctx)),
        HC_OWN_HOOKS(hc_xxh32),
    },
#endif
};

size_t hc_algorithm_count(void)
{
    return HC_ALGORITHM_COUNT;
}

const hc_algorithm *hc_algorithm_at(size_t index)
{
    return index < HC_ALGORITHM_COUNT ? &hc_algorithms[index] : NULL;
}

size_t hc_algorithm_sorted(const hc_algorithm **rows, size_t cap)
{
    /* Insertion sort of a few dozen pointers, each time: no state kept. */
    const hc_algorithm *sorted[HC_ALGORITHM_COUNT];
    for (size_t i = 0; i < HC_ALGORITHM_COUNT; i++) {
        size_t j = i;
        for (; j > 0 && strcmp(sorted[j - 1]->name, hc_algorithms[i].name) > 0; j--)
            sorted[j] = sorted[j - 1];
        sorted[j] = &hc_algorithms[i];
    }
    for (size_t i = 0; i < cap && i < HC_ALGORITHM_COUNT; i++)
        rows[i] = sorted[i];
    return HC_ALGORITHM_COUNT;
}

hc_algorithm_id hc_algorithm_id_of(const hc_algorithm *alg)
{
    return alg->id;
}

const char *hc_algorithm_name(const hc_algorithm *alg)
{
    return alg->name;
}

const char *hc_algorithm_title(const hc_algorithm *alg)
{
    return alg->title;
}

size_t hc_algorithm_digest_len(const hc_algorithm *alg)
{
    return alg->digest_len;
}

size_t hc_algorithm_block_len(const hc_algorithm *alg)
{
    return alg->block_len;
}

uint32_t hc_algorithm_flags(const hc_algorithm *alg)
{
    return alg->flags;
}

hc_backend hc_algorithm_backend(const hc_algorithm *alg)
{
    return alg->backend;
}

size_t hc_algorithm_tree_leaf(const hc_algorithm *alg)
{
    return alg->tree ? alg->tree->leaf_len : 0;
}

const char *hc_backend_name(hc_backend backend)
{
    static const char *const names[] = {
        [HC_BACKEND_OWN] = "hc",     [HC_BACKEND_OPENSSL] = "OpenSSL",   [HC_BACKEND_RHASH] = "librhash",
        [HC_BACKEND_ISAL] = "ISA-L", [HC_BACKEND_GCRYPT] = "libgcrypt",
    };
    return (unsigned)backend < sizeof(names) / sizeof(names[0]) ? names[backend] : "unknown";
}

hc_simd_level hc_algorithm_simd(const hc_algorithm *alg)
{
    return alg->backend == HC_BACKEND_OWN ? hc_row_simd(alg) : HC_SIMD_LEVEL_COUNT;
}

const hc_algorithm *hc_algorithm_find(const char *name)
{
    for (size_t i = 0; i < HC_ALGORITHM_COUNT; i++)
        if (strcmp(hc_algorithms[i].name, name) == 0)
            return &hc_algorithms[i];
    return NULL;
}
