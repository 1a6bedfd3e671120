/* Multi-buffer brute-force kernels: many same-length candidates hashed at
 * once in SIMD lanes, for one-block messages (MD5, MD4/NTLM, SHA-1,
 * SHA-224/256).
 *
 * The engine lays a candidate out as the algorithm's single padded 64-byte
 * block (message, 0x80, zeros, bit length) and splits it into 16 words. Only
 * the last `t` characters vary inside one kernel call (the rightmost vary
 * fastest, contract §5.5); they lie in word `word`, or in words `word - 1`
 * and `word` when `two` is set. For each suffix index u in [0, d^t) the
 * tables hold those characters' bits of the two words (the other bits zero),
 * so a lane's word is w[word] + tab_hi[u] (and w[word - 1] + tab_lo[u]);
 * w[] holds every other bit (prefix characters, padding, length).
 *
 * A kernel hashes lanes u, u+1, ... up to `end` and reports the u of every
 * lane whose early-rejection word equals the target's: a 32-bit filter, so
 * the engine verifies each report with the ordinary hasher. Reports come in
 * increasing u.
 *
 * SHA-3 and Keccak use the same scheme with 64-bit little-endian words: a
 * one-block message is the rate (block_words words) with the sponge padding
 * (domain byte after the message, 0x80 in the rate's last byte, FIPS 202
 * §5.1 and B.2), and the words past the rate are zero.
 *
 * CRCs take another way with the same machinery. A CRC register is linear
 * over GF(2) in the register and the message, so for a fixed prefix
 * reg(prefix + suffix) = Z(reg(prefix)) ^ U(suffix), where Z runs t zero
 * bytes through the register and U runs the suffix from a zero register.
 * The table holds U for every suffix, and a candidate matches when its
 * entry equals Z(reg(prefix)) ^ the target's register: the kernel is a scan
 * of the table for one value (w[0]), at any message length. */
#ifndef HC_CRACK_MULTIBUFFER_H
#define HC_CRACK_MULTIBUFFER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hc/cpu.h"

/* Tables are padded with this many readable entries past their end, so a
 * kernel may load whole vectors there (the engine ignores those lanes):
 * at most two sets of 64 (MD2). */
#define HC_MB_TABLE_PAD 128

/* The most words a kernel's block has: HAVAL's 32 (Keccak-f[1600] has 25
 * lanes). */
#define HC_MB_MAX_WORDS 32

typedef struct hc_mb_args {
    const uint32_t *w;        /* the block's words (16, HAVAL 32), varying bits zero */
    const uint32_t *tab_lo;   /* bits of word - 1 per suffix (when two) */
    const uint32_t *tab_hi;   /* bits of word per suffix */
    /* The same for the 64-bit-word kernels (SHA-384/512): */
    const uint64_t *w64, *tab64_lo, *tab64_hi, *target64;
    unsigned word;            /* last varying word, below block_words */
    bool two;                 /* word - 1 varies too */
    const uint32_t *target;   /* digest as the algorithm's words (byte order undone) */
    unsigned variant;         /* hc_multibuffer.variant */
    unsigned msg_bytes;       /* the message length (BLAKE2s/BLAKE3 hash it in) */
} hc_mb_args;

/* Hashes lanes [u, end) (in vectors; lanes past end are hashed but never
 * reported) and appends the u of each passing lane to hits[*count]. Returns
 * early, with the u to resume at, when hits could overflow cap; else end. */
typedef size_t (*hc_mb_kernel)(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                               unsigned *count);

struct hc_multibuffer {
    const char *name;         /* for reports */
    uint8_t char_width;       /* bytes per candidate character (2: UTF-16LE) */
    bool big_endian;          /* message words are big-endian (SHA) */
    uint8_t word_bytes;       /* 4, or 8 for SHA-384/512 and Keccak */
    uint8_t max_bytes;        /* longest message of one block: 55 (111; Keccak: rate - 1) */
    unsigned variant;         /* passed to the kernel (SHA-224 vs SHA-256) */
    /* CRCs: the reflected polynomial (the register starts and ends inverted,
     * RFC 1952 §8 / RFC 3720 B.4); 0 for the block kernels. */
    uint32_t crc_poly;
    /* Words in a block: 16, or the rate's lanes for Keccak (18, 17, 13, 9). */
    uint8_t block_words;
    /* How the engine completes the block after the message. */
    enum hc_mb_padding {
        HC_MB_PAD_MD,     /* pad_byte (0: 0x80), zeros, the 64-bit bit length */
        HC_MB_PAD_KECCAK, /* pad_byte (the domain: 0x06 SHA-3, 0x01 Keccak), zeros, 0x80 last */
        HC_MB_PAD_HAVAL,  /* 0x01, zeros, version, passes, output length, bit length (§4) */
        HC_MB_PAD_ZERO,   /* zeros only: BLAKE2s/BLAKE3 hash the length into the state */
        HC_MB_PAD_MD2,    /* i bytes of value i (RFC 1319 §3.1) */
    } padding;
    uint8_t pad_byte;
    /* Zero bytes before the candidate in the message: TTH hashes a short
     * input as its one leaf, Tiger(0x00 || input) (THEX §2.1). */
    uint8_t lead_zeros;
    /* The AVX-512 kernel also needs AVX-512 VBMI. */
    bool needs_vbmi;
    /* Index: hc_simd_level; NULL where that level has no kernel of its own
     * (a lower one is used; none at all: the generic path). */
    hc_mb_kernel kernels[HC_SIMD_LEVEL_COUNT];
};

enum { HC_MB_SHA256 = 0, HC_MB_SHA224 = 1, HC_MB_SHA512 = 0, HC_MB_SHA384 = 1 };
enum { HC_MB_RIPEMD128, HC_MB_RIPEMD160, HC_MB_RIPEMD256, HC_MB_RIPEMD320 };
enum { HC_MB_BLAKE2S, HC_MB_BLAKE3 };

/* The kernel for a level: the best one at or below it, or NULL. */
hc_mb_kernel hc_mb_select(const struct hc_multibuffer *mb, hc_simd_level level, hc_simd_level *used);

extern const struct hc_multibuffer hc_mb_md5, hc_mb_md4, hc_mb_ntlm, hc_mb_sha1, hc_mb_sha224, hc_mb_sha256,
    hc_mb_sha384, hc_mb_sha512, hc_mb_crc32, hc_mb_crc32c, hc_mb_sha3_224, hc_mb_sha3_256, hc_mb_sha3_384,
    hc_mb_sha3_512, hc_mb_keccak_224, hc_mb_keccak_256, hc_mb_keccak_384, hc_mb_keccak_512, hc_mb_ripemd128,
    hc_mb_ripemd160, hc_mb_ripemd256, hc_mb_ripemd320, hc_mb_haval[3][5],
    hc_mb_blake2s, hc_mb_blake3, hc_mb_blake2b, hc_mb_md2, hc_mb_tiger,
    hc_mb_tiger2, hc_mb_tth;

/* The kernels, one set per instruction set (mb_portable.c, mb_avx2.c,
 * mb_avx512.c). */
#define HC_MB_DECLARE(isa)                                                                                  \
    size_t hc_mb_md5_##isa(const hc_mb_args *, size_t, size_t, uint32_t *, unsigned, unsigned *);    \
    size_t hc_mb_md4_##isa(const hc_mb_args *, size_t, size_t, uint32_t *, unsigned, unsigned *);    \
    size_t hc_mb_sha1_##isa(const hc_mb_args *, size_t, size_t, uint32_t *, unsigned, unsigned *);   \
    size_t hc_mb_sha256_##isa(const hc_mb_args *, size_t, size_t, uint32_t *, unsigned, unsigned *); \
    size_t hc_mb_blake32_##isa(const hc_mb_args *, size_t, size_t, uint32_t *, unsigned, unsigned *); \
    size_t hc_mb_haval_##isa(const hc_mb_args *, size_t, size_t, uint32_t *, unsigned, unsigned *);  \
    size_t hc_mb_ripemd_##isa(const hc_mb_args *, size_t, size_t, uint32_t *, unsigned, unsigned *); \
    size_t hc_mb_scan_##isa(const hc_mb_args *, size_t, size_t, uint32_t *, unsigned, unsigned *)

HC_MB_DECLARE(portable);
HC_MB_DECLARE(avx2);
HC_MB_DECLARE(avx512);
size_t hc_mb_sha512_avx512(const hc_mb_args *, size_t, size_t, uint32_t *, unsigned, unsigned *);
size_t hc_mb_tiger_avx512(const hc_mb_args *, size_t, size_t, uint32_t *, unsigned, unsigned *);
size_t hc_mb_md2_avx512(const hc_mb_args *, size_t, size_t, uint32_t *, unsigned, unsigned *);
size_t hc_mb_blake2b_avx512(const hc_mb_args *, size_t, size_t, uint32_t *, unsigned, unsigned *);
size_t hc_mb_keccak_avx512(const hc_mb_args *, size_t, size_t, uint32_t *, unsigned, unsigned *);

#endif
