/* Brute-force kernels: many same-length candidates hashed at once in SIMD
 * lanes, one message block each. Internal to libhc.
 *
 * A kernel family (md5, sha256, haval, ...) is one `struct hc_kernel`: how
 * the engine lays a candidate out as the algorithm's one padded block, and
 * the family's entry point for each instruction set, one file per set
 * (kernels/mb_<family>_<isa>.c, defining hc_mb_<family>_<isa>). A row of the
 * algorithm table names its family with HC_ROW_SHAPE, which checks at
 * compile time that the family serves the row's digest and block lengths;
 * every other parameter (HAVAL's passes, Tiger's padding byte, SHA-3's
 * domain byte and rate, a CRC's polynomial, NTLM's UTF-16LE text) the
 * kernel and the engine read from the row itself, so the row and its
 * kernel cannot disagree.
 *
 * The engine splits the padded block into words. Only the last `t`
 * characters vary inside one kernel call (the rightmost vary fastest,
 * contract §5.5); they lie in word `word`, or in words `word - 1` and
 * `word` when `two` is set. For each suffix index u in [0, d^t) the tables
 * hold those characters' bits of the two words (the other bits zero), so a
 * lane's word is w[word] + tab_hi[u] (and w[word - 1] + tab_lo[u]); w[]
 * holds every other bit (prefix characters, padding, length).
 *
 * A kernel hashes lanes u, u+1, ... up to `end` and reports the u of every
 * lane whose early-rejection word equals the target's (32 or 64 bits), so
 * the engine verifies each report with the ordinary hasher. Reports come in
 * increasing u.
 *
 * Filter mode (many targets in one pass, hc_crack_job's targets): where
 * the family sets `filters` and args->filter is not NULL, the kernel
 * reports the lanes whose key is one of the filter's: a bitmap lookup per
 * lane, then an exact search of the few that pass. The key is the word the
 * kernel compares for one target, found from each target by the family's
 * filter_key (MD5/MD4 undo their last steps per length; SHA-1 compares a
 * digest word less its initial value, SHA-2 a word undone from the whole
 * digest, the same at every length);
 * or, without filter_key or where it cannot serve, the digest's first word
 * in the row's byte order, the kernel running every step up to it (RIPEMD,
 * HAVAL, BLAKE2s, BLAKE3, EDON-R-256, GOST, Snefru and MD2 compare that
 * word for one target too; Keccak, BLAKE2b, EDON-R-512 and Whirlpool a
 * 64-bit word whose low half it is; Tiger a word of its own, a fixed key;
 * the CRC scan each lane's whole CRC, below). Every kernel family has a
 * filter mode (test_crack_targets fails one without). The engine verifies
 * each report with the ordinary hasher, as for one target.
 *
 * SHA-3 and Keccak use the same scheme with 64-bit little-endian words: a
 * one-block message is the rate (block_len bytes) with the sponge padding
 * (domain byte after the message, 0x80 in the rate's last byte, FIPS 202
 * §5.1 and B.2), and the words past the rate are zero.
 *
 * CRCs take another way with the same machinery. A CRC register is linear
 * over GF(2) in the register and the message, so for a fixed prefix
 * reg(prefix + suffix) = Z(reg(prefix)) ^ U(suffix), where Z runs t zero
 * bytes through the register and U runs the suffix from a zero register.
 * The table holds U for every suffix, and a candidate matches when its
 * entry equals Z(reg(prefix)) ^ the target's register: the kernel is a scan
 * of the table for one value (w[0]), at any message length. In filter mode
 * w[0] is ~Z(reg(prefix)) instead, so w[0] ^ U is each lane's final CRC
 * (the register inverted), the filter's key: the CRC's value, which the
 * digest prints most significant byte first (the engine reads the
 * targets' keys big-endian for the CRC rows). */
#ifndef HC_CRACK_KERNEL_H
#define HC_CRACK_KERNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "algorithm_row.h"
#include "hc/cpu.h"

/* Tables are padded with this many readable entries past their end, so a
 * kernel may load whole vectors there (the engine ignores those lanes):
 * at most two sets of 64 (MD2). */
#define HC_MB_TABLE_PAD 128

/* The most words a kernel's block has: HAVAL's 32 (Keccak-f[1600] has 25
 * lanes). */
#define HC_MB_MAX_WORDS 32

/* The targets' keys (first digest words, or the values the kernel compares
 * with steps undone), for filter mode: a blocked Bloom filter small enough
 * for the L1 or L2 cache (targets.h), then a hash table. */
typedef struct hc_mb_filter {
    /* 2^(32 - shift) bits: in word key >> (shift + 5), bits key & 31,
     * (key >> 5) & 31 and (key >> 10) & 31 are set for every key (one load
     * per probe). The keys are digest words or values computed like them,
     * as evenly spread as random numbers: their own bits serve, no mixing
     * (a multiplication per vector less; the word's index and the three
     * bits overlap by one bit only with the largest bitmap, 2^23 bits). */
    const uint32_t *bitmap;
    unsigned shift;
    /* The keys but 0 at (key * HC_MB_FILTER_MIX) >> table_shift or in the
     * next slots (wrapping at table_mask), 0 in the empty slots. */
    const uint32_t *table;
    unsigned table_shift;
    uint32_t table_mask;
    bool has_zero;            /* 0 is a key */
} hc_mb_filter;

#define HC_MB_FILTER_MIX 0x9E3779B1u /* 2^32 / the golden ratio: spreads any bits to the top */

/* A key's three bits in its bitmap word (hc_mb_filter; the vector kernels
 * test the same ones, mb_filter_mask). */
static inline uint32_t hc_mb_filter_bits(uint32_t key)
{
    return 1u << (key & 31) | 1u << (key >> 5 & 31) | 1u << (key >> 10 & 31);
}

typedef struct hc_mb_args {
    const uint32_t *w;        /* the block's words (16, HAVAL 32), varying bits zero */
    const uint32_t *tab_lo;   /* bits of word - 1 per suffix (when two) */
    const uint32_t *tab_hi;   /* bits of word per suffix */
    /* The same for the 64-bit-word kernels (SHA-384/512, Keccak, BLAKE2b, Tiger): */
    const uint64_t *w64, *tab64_lo, *tab64_hi, *target64;
    unsigned word;            /* last varying word, below the block's words */
    bool two;                 /* word - 1 varies too */
    const uint32_t *target;   /* digest as the algorithm's words (byte order undone) */
    /* From the row: which member of the family (SHA-224 or SHA-256,
     * RIPEMD-128..320, HAVAL's output), HAVAL's passes. */
    unsigned digest_len;
    unsigned passes;
    unsigned msg_bytes;       /* the message length (BLAKE2s/BLAKE3/BLAKE2b hash it in) */
    const hc_mb_filter *filter; /* not NULL: filter mode (families with `filters` only) */
    bool filter_undone;         /* the filter holds keys from the family's filter_key */
} hc_mb_args;

/* Filter mode with the last steps undone from each target, as for one
 * (MD5, MD4): the value the kernel compares for the target, for a length's
 * args (word, two and the words after the varying ones, which stay the
 * same for all candidates of the length); false when the steps undone read
 * a word of the prefix, which changes from call to call (the kernel then
 * runs every step, and the filter holds first digest words). */
typedef bool hc_mb_filter_key_fn(const hc_mb_args *args, const uint32_t *target, uint32_t *key);

/* Hashes lanes [u, end) (in vectors; lanes past end are hashed but never
 * reported) and appends the u of each passing lane to hits[*count]. Returns
 * early, with the u to resume at, when hits could overflow cap; else end. */
typedef size_t hc_mb_kernel_fn(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                               unsigned *count);

/* Free lanes (stream.c: wordlist, rules and hybrid candidates): n
 * candidates of any lengths, each already laid out as the algorithm's one
 * padded block, one per lane. Word j of candidate i is
 * words[j * stride + i], in the algorithm's byte order (stride: a multiple
 * of HC_LANES_ALIGN, and the columns readable up to it); words64 the same
 * for the families of 64-bit words. A kernel hashes them whole and appends
 * to hits[*count] the index of each candidate whose first 4 digest bytes,
 * read in the row's byte order (hc_target_key), are `want`, or in filter
 * mode (filter not NULL) one of the filter's keys; hits has room for n.
 * The caller verifies each with the ordinary hasher. Families: MD5, MD4
 * (and NTLM), SHA-1, SHA-224/256 (mb_lanes.h), SHA-384/512 (mb_sha512.h,
 * AVX-512 only, as its brute force), RIPEMD (mb_ripemd.h), HAVAL
 * (mb_haval.h), SHA-3 and Keccak (mb_keccak.h, AVX-512 only). */
enum { HC_LANES_ALIGN = 32 }; /* the widest step of any level: 16 lanes, two vectors in flight */

typedef struct hc_lanes_args {
    const uint32_t *words;
    const uint64_t *words64;
    size_t stride;
    unsigned block_words;       /* the words of a block (SHA-3, Keccak: the rate's) */
    unsigned passes;            /* HAVAL's */
    unsigned digest_len;        /* which member of the family (SHA-224 or SHA-256, ...) */
    uint32_t want;
    const hc_mb_filter *filter;
} hc_lanes_args;

typedef void hc_lanes_fn(const hc_lanes_args *args, size_t n, uint32_t *hits, unsigned *count);

/* How the engine completes the block after the message. */
typedef enum hc_mb_padding {
    HC_MB_PAD_MD,     /* the row's pad_byte (0: 0x80), zeros, the bit length in the last length_bytes */
    HC_MB_PAD_KECCAK, /* the row's pad_byte (the domain), zeros, 0x80 in the last byte */
    HC_MB_PAD_HAVAL,  /* 0x01, zeros, version, passes, output length, bit length (HAVAL §4) */
    HC_MB_PAD_ZERO,   /* zeros only: BLAKE2s/BLAKE3/BLAKE2b hash the length into the state */
    HC_MB_PAD_MD2,    /* i bytes of value i (RFC 1319 §3.1) */
    HC_MB_CRC_TABLE   /* no block: the CRC table scan (above), any length */
} hc_mb_padding;

/* A kernel family. */
typedef struct hc_kernel {
    const char *name;         /* the family, as in its file and entry point names */
    uint8_t word_bytes;       /* 4, or 8 for SHA-384/512, Keccak, BLAKE2b and Tiger */
    bool big_endian;          /* message words are big-endian (SHA) */
    hc_mb_padding padding;
    uint8_t length_bytes;     /* HC_MB_PAD_MD: 8, or 16 for SHA-384/512 (FIPS 180-4 §5.1.2) */
    /* 0: the row's block_len. TTH: 64, since a short input is its one leaf
     * and hashed as one Tiger block. */
    uint16_t block_bytes;
    /* Zero bytes before the candidate in the message: TTH hashes a leaf as
     * Tiger(0x00 || leaf) (THEX §2.1). */
    uint8_t lead_zeros;
    /* The AVX-512 entry point also needs AVX-512 VBMI, GFNI. */
    bool needs_vbmi, needs_gfni;
    /* HC_MB_PAD_MD: the length is big-endian although the words are not
     * (Whirlpool's state holds the bytes in memory order). */
    bool length_big_endian;
    /* The portable free-lanes entry point is slower than one candidate at
     * a time where the CPU has SHA extensions, which OpenSSL uses (the
     * brute-force kernels' SHA-256: 8.7 against 10.3 M/s with
     * HC_SIMD=portable on the AVX-512 development machine), so it is not
     * used there. (The brute-force entry points are chosen by measurement
     * instead: calibrate.c.) */
    bool portable_lanes_lose_to_sha_ext;
    /* The entry points take filter mode (above), and where not NULL, keys
     * with steps undone. */
    bool filters;
    hc_mb_filter_key_fn *filter_key;
    /* filter_key's keys depend on the target alone, whatever the length
     * (the word compared is a function of the digest, as SHA's): the
     * engine makes their filter once per run for any number of targets,
     * and the entry points are only ever given that filter. */
    bool filter_key_fixed;
    /* Index: hc_simd_level; NULL where that level has no entry point of its
     * own (a lower one is used; none at all: the generic path). */
    hc_mb_kernel_fn *entry[HC_SIMD_LEVEL_COUNT];
    /* The free-lanes entry points, likewise (NULL: none). */
    hc_lanes_fn *lanes[HC_SIMD_LEVEL_COUNT];
} hc_kernel;

/* The families (kernels.c). */
extern const hc_kernel hc_kernel_md5, hc_kernel_md4, hc_kernel_sha1, hc_kernel_sha256, hc_kernel_sha512,
    hc_kernel_crc32, hc_kernel_keccak, hc_kernel_ripemd, hc_kernel_haval, hc_kernel_blake2s, hc_kernel_blake3,
    hc_kernel_blake2b, hc_kernel_md2, hc_kernel_tiger, hc_kernel_tth, hc_kernel_edonr256, hc_kernel_edonr512,
    hc_kernel_whirlpool, hc_kernel_gost, hc_kernel_snefru;

/* Which rows each family serves, as constant expressions of the digest and
 * block lengths (a new member of a family needs the family's code to know
 * it: add it here and there together). */
#define HC_KERNEL_SERVES_md5(digest, block) ((digest) == 16 && (block) == 64)
#define HC_KERNEL_SERVES_md4(digest, block) ((digest) == 16 && (block) == 64)
#define HC_KERNEL_SERVES_sha1(digest, block) ((digest) == 20 && (block) == 64)
#define HC_KERNEL_SERVES_sha256(digest, block) (((digest) == 28 || (digest) == 32) && (block) == 64)
#define HC_KERNEL_SERVES_sha512(digest, block) (((digest) == 48 || (digest) == 64) && (block) == 128)
#define HC_KERNEL_SERVES_crc32(digest, block) ((digest) == 4)
/* Keccak: the rate is 200 - 2 * digest bytes (FIPS 202 §6.1), at most the
 * 25 lanes; the first 8 digest bytes are compared. */
#define HC_KERNEL_SERVES_keccak(digest, block) ((digest) >= 8 && (block) == 200 - 2 * (digest) && (block) % 8 == 0)
#define HC_KERNEL_SERVES_ripemd(digest, block) \
    (((digest) == 16 || (digest) == 20 || (digest) == 32 || (digest) == 40) && (block) == 64)
#define HC_KERNEL_SERVES_haval(digest, block) \
    ((digest) >= 16 && (digest) <= 32 && (digest) % 4 == 0 && (block) == 128)
#define HC_KERNEL_SERVES_blake2s(digest, block) ((digest) == 32 && (block) == 64)
#define HC_KERNEL_SERVES_blake3(digest, block) ((digest) == 32 && (block) == 64)
#define HC_KERNEL_SERVES_blake2b(digest, block) ((digest) == 64 && (block) == 128)
#define HC_KERNEL_SERVES_md2(digest, block) ((digest) == 16 && (block) == 16)
#define HC_KERNEL_SERVES_tiger(digest, block) ((digest) == 24 && (block) == 64)
#define HC_KERNEL_SERVES_tth(digest, block) ((digest) == 24 && (block) == 1024)
#define HC_KERNEL_SERVES_edonr256(digest, block) ((digest) == 32 && (block) == 64)
#define HC_KERNEL_SERVES_edonr512(digest, block) ((digest) == 64 && (block) == 128)
#define HC_KERNEL_SERVES_whirlpool(digest, block) ((digest) == 64 && (block) == 64)
#define HC_KERNEL_SERVES_gost(digest, block) ((digest) == 32 && (block) == 32)
/* Snefru's block is 64 bytes, its message part 64 minus the chaining value. */
#define HC_KERNEL_SERVES_snefru(digest, block) (((digest) == 16 || (digest) == 32) && (block) == 64 - (digest))

/* A row's digest and block lengths and its kernel family, written once:
 * the family must serve them, or the build fails. (Rows without a kernel
 * set .digest_len and .block_len themselves.) */
#define HC_ROW_SHAPE(digest, block, family)                                                   \
    .digest_len = (digest), .block_len = (block),                                             \
    .kernel = &hc_kernel_##family + HC_STATIC_CHECK(HC_KERNEL_SERVES_##family(digest, block), \
                                                    "the " #family " kernel does not serve these lengths")

/* Everything the engine needs to run a row's kernel, derived from the row
 * and its family by hc_kernel_layout. */
typedef struct hc_mb_layout {
    hc_mb_kernel_fn *kernel;
    hc_simd_level level;      /* the level of the entry point used */
    hc_mb_padding padding;
    unsigned word_bytes;
    bool big_endian;
    bool length_big_endian;   /* the padding's length (big_endian implies it) */
    bool filters;             /* the kernel takes filter mode */
    hc_mb_filter_key_fn *filter_key;
    bool filter_key_fixed;
    unsigned block_bytes, block_words;
    unsigned max_bytes;       /* longest message of one block (CRC: no limit) */
    unsigned lead_zeros;
    unsigned char_width;      /* bytes per candidate character: 2 for UTF-16LE rows */
    uint8_t pad_byte;
} hc_mb_layout;

/* The row's kernel at the level, at or below `level`, that a calibration
 * on this CPU measured fastest (calibrate.c: made now if the process has
 * none for the row and level yet); false when the generic path won, or
 * there is no kernel. With HC_KERNEL_ANY_ENTRY, no measurement: the
 * highest entry point at or below `level` that the CPU runs (tests run
 * every entry point, the calibration times each). */
enum { HC_KERNEL_ANY_ENTRY = 1u << 0 };
bool hc_kernel_layout(const hc_algorithm *alg, hc_simd_level level, unsigned flags, hc_mb_layout *layout);

/* A row's free-lanes kernel (hc_lanes_fn) at the best level at or below
 * `level` that the CPU runs and that beats the one-at-a-time path there
 * (flags as hc_kernel_layout's); false when there is none. Rows whose
 * block is an MD-style one of 16 words (HC_MB_PAD_MD, the bit length in
 * its last two words, no leading bytes), HAVAL's (HC_MB_PAD_HAVAL: the
 * same, and its tail before the length) or a sponge's rate
 * (HC_MB_PAD_KECCAK) only. */
enum { HC_LANES_MAX_BLOCK = 144 }; /* the longest block in bytes: SHA3-224's rate */
typedef struct hc_lanes_layout {
    hc_lanes_fn *kernel;
    hc_simd_level level;
    hc_mb_padding padding;    /* HC_MB_PAD_MD, HC_MB_PAD_HAVAL or HC_MB_PAD_KECCAK */
    bool big_endian;          /* message words and length are big-endian (SHA) */
    unsigned word_bytes;      /* 4 (words) or 8 (words64) */
    unsigned block_words;     /* 16, 32 (HAVAL), or the rate's (SHA-3, Keccak) */
    /* OR'd into the word before the length: HAVAL's VERSION, PASS and
     * FPTLEN in its last two bytes (0 for the others) */
    uint32_t tail;
    unsigned max_bytes;       /* longest message of one block: 55, 111 (SHA-384/512), 117 (HAVAL), the rate - 1 */
    unsigned char_width;      /* bytes per candidate character: 2 for UTF-16LE rows */
    uint8_t pad_byte;         /* after the message: 0x80, or the sponge's domain byte */
} hc_lanes_layout;
bool hc_kernel_lanes(const hc_algorithm *alg, hc_simd_level level, unsigned flags, hc_lanes_layout *layout);

/* The entry points, one per family and instruction set. */
hc_mb_kernel_fn hc_mb_md5_portable, hc_mb_md5_avx2, hc_mb_md5_avx512;
hc_mb_kernel_fn hc_mb_md4_portable, hc_mb_md4_avx2, hc_mb_md4_avx512;
hc_mb_filter_key_fn hc_mb_md5_filter_key, hc_mb_md4_filter_key, hc_mb_sha1_filter_key, hc_mb_sha256_filter_key,
    hc_mb_sha512_filter_key, hc_mb_tiger_filter_key;
hc_mb_kernel_fn hc_mb_sha1_portable, hc_mb_sha1_avx2, hc_mb_sha1_avx512;
hc_mb_kernel_fn hc_mb_sha256_portable, hc_mb_sha256_avx2, hc_mb_sha256_avx512;
hc_mb_kernel_fn hc_mb_sha512_avx512;
hc_mb_kernel_fn hc_mb_crc32_portable, hc_mb_crc32_avx2, hc_mb_crc32_avx512;
hc_mb_kernel_fn hc_mb_keccak_avx512;
hc_mb_kernel_fn hc_mb_ripemd_portable, hc_mb_ripemd_avx2, hc_mb_ripemd_avx512;
hc_mb_kernel_fn hc_mb_haval_portable, hc_mb_haval_avx2, hc_mb_haval_avx512;
hc_mb_kernel_fn hc_mb_blake2s_portable, hc_mb_blake2s_avx2, hc_mb_blake2s_avx512;
hc_mb_kernel_fn hc_mb_blake3_portable, hc_mb_blake3_avx2, hc_mb_blake3_avx512;
hc_mb_kernel_fn hc_mb_blake2b_avx512;
hc_mb_kernel_fn hc_mb_md2_avx512;
hc_mb_kernel_fn hc_mb_tiger_avx512;
hc_mb_kernel_fn hc_mb_edonr256_portable, hc_mb_edonr256_avx2, hc_mb_edonr256_avx512;
hc_mb_kernel_fn hc_mb_edonr512_avx512;
hc_mb_kernel_fn hc_mb_whirlpool_avx512;
hc_mb_kernel_fn hc_mb_gost_avx2, hc_mb_gost_avx512;
hc_mb_kernel_fn hc_mb_snefru_avx2, hc_mb_snefru_avx512;
hc_lanes_fn hc_lanes_md5_portable, hc_lanes_md5_avx2, hc_lanes_md5_avx512;
hc_lanes_fn hc_lanes_md4_portable, hc_lanes_md4_avx2, hc_lanes_md4_avx512;
hc_lanes_fn hc_lanes_sha1_portable, hc_lanes_sha1_avx2, hc_lanes_sha1_avx512;
hc_lanes_fn hc_lanes_sha256_portable, hc_lanes_sha256_avx2, hc_lanes_sha256_avx512;
hc_lanes_fn hc_lanes_sha512_avx512, hc_lanes_keccak_avx512;
hc_lanes_fn hc_lanes_ripemd_portable, hc_lanes_ripemd_avx2, hc_lanes_ripemd_avx512;
hc_lanes_fn hc_lanes_haval_portable, hc_lanes_haval_avx2, hc_lanes_haval_avx512;

#endif
