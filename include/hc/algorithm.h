/* hc — the algorithm table and the streaming hasher built on it.
 *
 * Every algorithm is one const row of one table (src/lib/algorithms.c).
 * Name lookup, help, tests and benchmarks iterate the table; nothing else
 * switches on an algorithm. What a row holds is private to libhc
 * (src/lib/algorithm_row.h): users find rows by name or index and read
 * their properties through the accessors below. */
#ifndef HC_ALGORITHM_H
#define HC_ALGORITHM_H

#include "hc/export.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hc/cpu.h"
#include "hc/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Longest fixed digest in the table (BLAKE2b, SHA-512, Whirlpool, ...).
 * BLAKE3 may produce more through hc_params.out_len. */
#define HC_MAX_DIGEST_LEN 64
/* Longest context any row needs; checked by static_assert in the table. */
#define HC_MAX_CTX_SIZE 4096
/* Every context is allocated with this alignment (enough for AVX-512). */
#define HC_CTX_ALIGN 64

struct hc_pool;

/* Ids are append-only: a row keeps its id in every later release, and a
 * new row takes the next id after the last one, whatever its name (the
 * first 50 happen to be in the order of their names). Lists shown to
 * people are sorted by name instead (hc_algorithm_sorted). */
typedef enum hc_algorithm_id {
    HC_BLAKE2B,
    HC_BLAKE2S,
    HC_BLAKE3,
    HC_CRC32,
    HC_CRC32C,
    HC_EDONR256,
    HC_EDONR512,
    HC_GOST,
    HC_HAVAL_128_3,
    HC_HAVAL_128_4,
    HC_HAVAL_128_5,
    HC_HAVAL_160_3,
    HC_HAVAL_160_4,
    HC_HAVAL_160_5,
    HC_HAVAL_192_3,
    HC_HAVAL_192_4,
    HC_HAVAL_192_5,
    HC_HAVAL_224_3,
    HC_HAVAL_224_4,
    HC_HAVAL_224_5,
    HC_HAVAL_256_3,
    HC_HAVAL_256_4,
    HC_HAVAL_256_5,
    HC_MD2,
    HC_MD4,
    HC_MD5,
    HC_NTLM,
    HC_RIPEMD128,
    HC_RIPEMD160,
    HC_RIPEMD256,
    HC_RIPEMD320,
    HC_SHA3_224,
    HC_SHA3_256,
    HC_SHA3_384,
    HC_SHA3_512,
    HC_KECCAK_224,
    HC_KECCAK_256,
    HC_KECCAK_384,
    HC_KECCAK_512,
    HC_SHA1,
    HC_SHA224,
    HC_SHA256,
    HC_SHA384,
    HC_SHA512,
    HC_SNEFRU128,
    HC_SNEFRU256,
    HC_TIGER,
    HC_TIGER2,
    HC_TTH,
    HC_WHIRLPOOL,
    /* Rows added later: here, in the order they were added. */
#ifdef HC_TEST_EXTRA_ROW
    HC_TEST_XXH32, /* only in the build that proves a row can be added (docs/adding-an-algorithm.md) */
#endif
    /* The rows of the headers a program was compiled with; a later libhc
     * may have more: hc_algorithm_count() says how many it has. */
    HC_ALGORITHM_COUNT
} hc_algorithm_id;

enum hc_algorithm_flags {
    /* string and hash modes hash the text as UTF-16LE (ntlm); file and dir
     * modes hash the bytes as they are. */
    HC_ALG_TEXT_UTF16LE = 1u << 0,
    /* a CRC: the `--sfv` output format is offered. */
    HC_ALG_CRC = 1u << 1,
    /* BLAKE3: any output length, keyed hashing, key derivation. */
    HC_ALG_XOF_KEYED = 1u << 2,
    /* the context holds a handle to memory it does not own inline, so it
     * needs acquire/release and a plain memcpy is not a copy. */
    HC_ALG_OPAQUE_CTX = 1u << 3
};

typedef enum hc_key_mode {
    HC_KEY_NONE = 0,   /* plain hash */
    HC_KEY_KEYED,      /* BLAKE3 keyed_hash with a 32-byte key */
    HC_KEY_DERIVE      /* BLAKE3 derive_key with a context string */
} hc_key_mode;

#define HC_BLAKE3_KEY_LEN 32

/* Parameters beyond the plain digest; only rows with HC_ALG_XOF_KEYED read
 * anything but out_len. Zero-initialised means "the default digest". */
typedef struct hc_params {
    size_t out_len;                  /* 0: the row's digest_len */
    hc_key_mode key_mode;
    uint8_t key[HC_BLAKE3_KEY_LEN];  /* HC_KEY_KEYED */
    const char *context;             /* HC_KEY_DERIVE: not owned, must outlive the hasher */
    size_t context_len;
} hc_params;

/* Who computes a row: hc's own code or one of the libraries it links. */
typedef enum hc_backend {
    HC_BACKEND_OWN = 0,  /* hc's own code, from the specification */
    HC_BACKEND_OPENSSL,  /* OpenSSL libcrypto */
    HC_BACKEND_RHASH,    /* librhash */
    HC_BACKEND_ISAL,     /* Intel ISA-L */
    HC_BACKEND_GCRYPT    /* libgcrypt (builds without OpenSSL: Windows) */
} hc_backend;

typedef struct hc_algorithm hc_algorithm;

/* Longest node value of a tree hash's subtree (hc_hasher_tree_node_len). */
#define HC_TREE_NODE_MAX 64

/* ---- the rows: what a row holds is libhc's business; these read it ---- */

/* How many rows this library has (at least HC_ALGORITHM_COUNT). */
HC_API size_t hc_algorithm_count(void);
/* The row whose id is index, 0 .. hc_algorithm_count() - 1; NULL past the
 * end. */
HC_API const hc_algorithm *hc_algorithm_at(size_t index);
/* The rows in the byte-wise sorted order of their names (contract §1.2),
 * as every list shown to people has them: writes the first min(cap,
 * hc_algorithm_count()) to rows and returns hc_algorithm_count(). */
HC_API size_t hc_algorithm_sorted(const hc_algorithm **rows, size_t cap);
HC_API hc_algorithm_id hc_algorithm_id_of(const hc_algorithm *alg);
/* Exactly as typed on the command line ("sha-3-256"). */
HC_API const char *hc_algorithm_name(const hc_algorithm *alg);
/* A human description for help and benchmarks. */
HC_API const char *hc_algorithm_title(const hc_algorithm *alg);
/* Bytes of the default digest (hc_params.out_len 0). */
HC_API size_t hc_algorithm_digest_len(const hc_algorithm *alg);
/* Bytes its compression function consumes at a time. */
HC_API size_t hc_algorithm_block_len(const hc_algorithm *alg);
/* enum hc_algorithm_flags. */
HC_API uint32_t hc_algorithm_flags(const hc_algorithm *alg);
/* Whose code computes it. */
HC_API hc_backend hc_algorithm_backend(const hc_algorithm *alg);
/* A tree hash's leaf size (BLAKE3, TTH, and the CRCs, whose ranges combine:
 * 1024): its subtrees can be hashed apart (hc_hasher_subtree); 0 for every
 * other row. */
HC_API size_t hc_algorithm_tree_leaf(const hc_algorithm *alg);

/* "hc", "OpenSSL", "librhash", "ISA-L", "libgcrypt". */
HC_API const char *hc_backend_name(hc_backend backend);

/* The SIMD level alg's update() uses now (its highest level not above
 * hc_simd_active()); HC_SIMD_LEVEL_COUNT for a library row, whose library
 * picks its own code path from the CPU. */
HC_API hc_simd_level hc_algorithm_simd(const hc_algorithm *alg);

/* Exact, case-sensitive lookup; NULL when unknown. */
HC_API const hc_algorithm *hc_algorithm_find(const char *name);

/* ---- streaming hasher: one algorithm, one context, reusable ---- */

typedef struct hc_hasher {
    const hc_algorithm *alg;
    void *ctx;            /* HC_CTX_ALIGN-aligned, as large as the row needs */
    hc_params params;     /* copy of what the hasher was opened with */
    size_t out_len;       /* bytes final() writes */
} hc_hasher;

/* Allocate and initialise; params may be NULL. HC_ERR_INVALID when params
 * ask for something the row does not offer (a length or key on a fixed hash).
 * A macro: it passes the size of hc_hasher (and so of the hc_params inside
 * it) as the caller's headers have it, and the library answers HC_ERR_ABI
 * when that is not its own. */
#define hc_hasher_open(hasher, alg, params) hc_hasher_open_sized((hasher), sizeof(hc_hasher), (alg), (params))
HC_API hc_status hc_hasher_open_sized(hc_hasher *hasher, size_t hasher_size, const hc_algorithm *alg,
                                      const hc_params *params);
HC_API void hc_hasher_close(hc_hasher *hasher);
/* Start a new message with the same algorithm and parameters. */
HC_API void hc_hasher_reset(hc_hasher *hasher);
HC_API void hc_hasher_update(hc_hasher *hasher, const void *data, size_t len);
/* The same as hc_hasher_update, with all threads of pool where the row can
 * spread one buffer over threads (BLAKE3), on this thread otherwise. */
HC_API void hc_hasher_update_parallel(hc_hasher *hasher, const void *data, size_t len, struct hc_pool *pool);
/* Writes hasher->out_len bytes to out; the hasher must be reset before reuse. */
HC_API void hc_hasher_final(hc_hasher *hasher, uint8_t *out);
/* Copy the running state of src into dst (opened on the same algorithm).
 * HC_ERR_UNSUPPORTED for rows with HC_ALG_OPAQUE_CTX. */
HC_API hc_status hc_hasher_copy(hc_hasher *dst, const hc_hasher *src);
/* Hash one whole message in one call; out receives hasher->out_len bytes. */
HC_API void hc_hasher_oneshot(hc_hasher *hasher, const void *data, size_t len, uint8_t *out);

/* ---- tree hashes: one message hashed by many threads, subtree by subtree ----
 *
 * For a tree hash, hc_hasher_tree_leaf() is its leaf size (BLAKE3: 1024),
 * else 0. A subtree is 2^k leaves at a message offset that is a multiple of
 * its size. hc_hasher_subtree() hashes one into its node value
 * (hc_hasher_tree_node_len() bytes, at most HC_TREE_NODE_MAX) and only
 * reads the hasher, so many threads may hash subtrees of one message at
 * once; hc_hasher_push_subtree() then appends the nodes in message order,
 * as if update() had been given the subtrees' bytes. The message so far
 * must end where a pushed subtree starts, and more input must follow it
 * (the last bytes always go through update()). The CRCs take ranges of
 * any length at any offset. */
HC_API size_t hc_hasher_tree_leaf(const hc_hasher *hasher);
HC_API size_t hc_hasher_tree_node_len(const hc_hasher *hasher);
HC_API void hc_hasher_subtree(const hc_hasher *hasher, uint64_t offset, const void *data, size_t len, uint8_t *node);
HC_API void hc_hasher_push_subtree(hc_hasher *hasher, uint64_t len, const uint8_t *node);

#ifdef __cplusplus
}
#endif

#endif
