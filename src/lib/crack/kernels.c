/* The kernel families and the one dispatcher: which entry point serves a
 * row at a SIMD level, and how the engine lays out its block (kernel.h). */
#include "kernel.h"

#include "crack/engine_probe.h"
#include "simd.h"

/* The x86 entry points exist where CMake builds their files. */
#ifdef HC_X86_SIMD
#define X86(entry) entry
#else
#define X86(entry) NULL
#endif

/* Portable C, AVX2 and AVX-512 entry points. */
#define ENTRIES_ALL(family)                                                                             \
    {                                                                                                   \
        [HC_SIMD_PORTABLE] = hc_mb_##family##_portable, [HC_SIMD_AVX2] = X86(hc_mb_##family##_avx2),    \
        [HC_SIMD_AVX512] = X86(hc_mb_##family##_avx512),                                                \
    }
/* The free-lanes entry points (mb_lanes_<isa>.c), at all three levels. */
#define LANES_ALL(family)                                                                                   \
    {                                                                                                       \
        [HC_SIMD_PORTABLE] = hc_lanes_##family##_portable, [HC_SIMD_AVX2] = X86(hc_lanes_##family##_avx2), \
        [HC_SIMD_AVX512] = X86(hc_lanes_##family##_avx512),                                                 \
    }
/* AVX-512 only: 64-bit lanes need its 64-bit rotates and three-input logic
 * (below it the vector code loses to the scalar code of the generic path),
 * and MD2 and Tiger its byte permutes and gathers. */
#define ENTRIES_AVX512(family) {[HC_SIMD_AVX512] = X86(hc_mb_##family##_avx512)}
#define LANES_AVX512(family) {[HC_SIMD_AVX512] = X86(hc_lanes_##family##_avx512)}

/* A kernel family's description: every family filters many targets. */
#define KERNEL(family, ...) const hc_kernel hc_kernel_##family = {.name = #family, .filters = true, __VA_ARGS__}
/* MD4-style strengthening (0x80, zeros, the 64-bit bit length) over words of
 * `bytes` bytes. */
#define MD_PADDING(bytes) .word_bytes = (bytes), .padding = HC_MB_PAD_MD, .length_bytes = 8

KERNEL(md5, MD_PADDING(4), .filter_key = hc_mb_md5_filter_key, .entry = ENTRIES_ALL(md5), .lanes = LANES_ALL(md5));
KERNEL(md4, MD_PADDING(4), .filter_key = hc_mb_md4_filter_key, .entry = ENTRIES_ALL(md4), .lanes = LANES_ALL(md4));
KERNEL(sha1, MD_PADDING(4), .big_endian = true, .filter_key = hc_mb_sha1_filter_key, .filter_key_fixed = true,
       .entry = ENTRIES_ALL(sha1), .lanes = LANES_ALL(sha1));
KERNEL(sha256, MD_PADDING(4), .big_endian = true, .filter_key = hc_mb_sha256_filter_key, .filter_key_fixed = true,
       .portable_lanes_lose_to_sha_ext = true, .entry = ENTRIES_ALL(sha256), .lanes = LANES_ALL(sha256));
/* SHA-512: a 128-bit length field. */
KERNEL(sha512, .word_bytes = 8, .big_endian = true, .padding = HC_MB_PAD_MD, .length_bytes = 16,
       .filter_key = X86(hc_mb_sha512_filter_key), .filter_key_fixed = true, .entry = ENTRIES_AVX512(sha512),
       .lanes = LANES_AVX512(sha512));
/* Filter mode without filter_key: the key is the whole CRC, the digest
 * read most significant byte first (the engine keys the target set so). */
KERNEL(crc32, .word_bytes = 4, .padding = HC_MB_CRC_TABLE, .entry = ENTRIES_ALL(crc32));
KERNEL(keccak, .word_bytes = 8, .padding = HC_MB_PAD_KECCAK, .entry = ENTRIES_AVX512(keccak),
       .lanes = LANES_AVX512(keccak));
KERNEL(ripemd, MD_PADDING(4), .entry = ENTRIES_ALL(ripemd), .lanes = LANES_ALL(ripemd));
KERNEL(haval, .word_bytes = 4, .padding = HC_MB_PAD_HAVAL, .entry = ENTRIES_ALL(haval), .lanes = LANES_ALL(haval));
KERNEL(blake2s, .word_bytes = 4, .padding = HC_MB_PAD_ZERO, .entry = ENTRIES_ALL(blake2s));
KERNEL(blake3, .word_bytes = 4, .padding = HC_MB_PAD_ZERO, .entry = ENTRIES_ALL(blake3));
KERNEL(blake2b, .word_bytes = 8, .padding = HC_MB_PAD_ZERO, .entry = ENTRIES_AVX512(blake2b));
KERNEL(md2, .word_bytes = 4, .padding = HC_MB_PAD_MD2, .needs_vbmi = true, .entry = ENTRIES_AVX512(md2));
KERNEL(tiger, MD_PADDING(8), .filter_key = X86(hc_mb_tiger_filter_key), .filter_key_fixed = true,
       .entry = ENTRIES_AVX512(tiger));
/* A TTH input of up to one leaf is hashed as Tiger(0x00 || input): the
 * same kernel and filter keys. */
const hc_kernel hc_kernel_tth = {
    .name = "tiger", MD_PADDING(8), .block_bytes = 64, .lead_zeros = 1, .filters = true,
    .filter_key = X86(hc_mb_tiger_filter_key), .filter_key_fixed = true, .entry = ENTRIES_AVX512(tiger),
};

/* EDON-R: little-endian words, 0x80, zeros, the 64-bit bit length at the
 * end of the block (the SHA-3 submission's padding; 8 length bytes for
 * EDON-R-512 too). */
KERNEL(edonr256, MD_PADDING(4), .entry = ENTRIES_ALL(edonr256));
KERNEL(edonr512, MD_PADDING(8), .entry = ENTRIES_AVX512(edonr512));

/* Whirlpool: the block's bytes in memory order (64-bit words read
 * little-endian are the state's rows), 0x80, zeros, the 256-bit big-endian
 * bit length (§3.1 of the specification). */
KERNEL(whirlpool, .word_bytes = 8, .padding = HC_MB_PAD_MD, .length_bytes = 32, .length_big_endian = true,
       .needs_vbmi = true, .needs_gfni = true, .entry = ENTRIES_AVX512(whirlpool));

/* GOST R 34.11-94: a message of up to 32 bytes is one block, zero-padded;
 * the kernel hashes the length and checksum blocks itself (RFC 5831 §7). */
KERNEL(gost, .word_bytes = 4, .padding = HC_MB_PAD_ZERO, .needs_vbmi = true,
       .entry = {[HC_SIMD_AVX2] = X86(hc_mb_gost_avx2), [HC_SIMD_AVX512] = X86(hc_mb_gost_avx512)});

/* Snefru: big-endian words, the message zero-padded to the block's message
 * part (48 or 32 bytes), then a length block the kernel makes itself. With
 * AVX2 and AVX-512: the look-ups are gathers. (Portable C, the look-ups
 * lane by lane, measured 1.5x the one-at-a-time path, 0.6 against 0.4
 * M/s: not worth its share of the test sweeps.) */
KERNEL(snefru, .word_bytes = 4, .big_endian = true, .padding = HC_MB_PAD_ZERO,
       .entry = {[HC_SIMD_AVX2] = X86(hc_mb_snefru_avx2), [HC_SIMD_AVX512] = X86(hc_mb_snefru_avx512)});

/* The longest message that leaves room for the padding in one block. */
static unsigned max_message(const hc_kernel *k, unsigned block_bytes)
{
    switch (k->padding) {
    case HC_MB_PAD_MD:
        return block_bytes - 1 - k->length_bytes; /* the first padding byte, the length */
    case HC_MB_PAD_HAVAL:
        return block_bytes - 11;                  /* 0x01, then 10 bytes of tail (HAVAL §4) */
    case HC_MB_PAD_KECCAK:
    case HC_MB_PAD_MD2:
        return block_bytes - 1;                   /* at least one padding byte */
    case HC_MB_PAD_ZERO:
        return block_bytes;
    case HC_MB_CRC_TABLE:
        break;
    }
    return UINT32_MAX;
}

/* The highest level at or below `level` that has an entry point (of the
 * free-lanes kernels, or of the brute-force ones) this CPU can run; -1
 * when there is none, or when only the portable lanes are left and they
 * are slower than one candidate at a time through the SHA extensions
 * (unless the caller asks for any entry: the tests of every level). */
static int serving_level(const hc_kernel *k, bool lanes, hc_simd_level level, unsigned flags)
{
    for (int l = (int)level; l >= HC_SIMD_PORTABLE; l--) {
        if (l == HC_SIMD_AVX512 && ((k->needs_vbmi && !hc_cpu_has_avx512_vbmi()) || (k->needs_gfni && !hc_cpu_has_gfni())))
            continue;
        if (lanes ? k->lanes[l] == NULL : k->entry[l] == NULL)
            continue;
        if (lanes && l == HC_SIMD_PORTABLE && k->portable_lanes_lose_to_sha_ext && hc_cpu_has_sha_ni() &&
            !(flags & HC_KERNEL_ANY_ENTRY))
            return -1;
        return l;
    }
    return -1;
}

bool hc_kernel_layout(const hc_algorithm *alg, hc_simd_level level, unsigned flags, hc_mb_layout *layout)
{
    const hc_kernel *k = alg->kernel;
    if (k == NULL)
        return false;
    if (!(flags & HC_KERNEL_ANY_ENTRY)) {
        /* the measured choice (calibrate.c) */
        const unsigned path = hc_crack_choose(alg, level, NULL);
        if (path == HC_CRACK_PATH_GENERIC)
            return false;
        level = (hc_simd_level)path;
    }
    const int l = serving_level(k, false, level, flags);
    if (l < 0)
        return false;
    layout->kernel = k->entry[l];
    layout->level = (hc_simd_level)l;
    layout->padding = k->padding;
    layout->word_bytes = k->word_bytes;
    layout->big_endian = k->big_endian;
    layout->length_big_endian = k->big_endian || k->length_big_endian;
    layout->filters = k->filters;
    layout->filter_key = k->filter_key;
    layout->filter_key_fixed = k->filter_key_fixed;
    layout->block_bytes = k->block_bytes ? k->block_bytes : alg->block_len;
    layout->block_words = layout->block_bytes / k->word_bytes;
    layout->max_bytes = max_message(k, layout->block_bytes);
    layout->lead_zeros = k->lead_zeros;
    layout->char_width = (alg->flags & HC_ALG_TEXT_UTF16LE) ? 2 : 1;
    layout->pad_byte = alg->pad_byte;
    return true;
}

bool hc_kernel_lanes(const hc_algorithm *alg, hc_simd_level level, unsigned flags, hc_lanes_layout *layout)
{
    const hc_kernel *k = alg->kernel;
    if (k == NULL || k->lead_zeros || (k->block_bytes && k->block_bytes != alg->block_len))
        return false;
    const bool md = k->padding == HC_MB_PAD_MD && !k->length_big_endian && k->length_bytes == 2 * k->word_bytes &&
                    alg->block_len == 16 * k->word_bytes;
    const bool haval = k->padding == HC_MB_PAD_HAVAL && k->word_bytes == 4 && alg->block_len <= HC_LANES_MAX_BLOCK;
    const bool sponge = k->padding == HC_MB_PAD_KECCAK && !k->big_endian && k->word_bytes == 8 &&
                        alg->block_len <= HC_LANES_MAX_BLOCK;
    if (!md && !haval && !sponge)
        return false;
    const int l = serving_level(k, true, level, flags);
    if (l < 0)
        return false;
    layout->kernel = k->lanes[l];
    layout->level = (hc_simd_level)l;
    layout->padding = k->padding;
    layout->big_endian = k->big_endian;
    layout->word_bytes = k->word_bytes;
    layout->block_words = alg->block_len / k->word_bytes;
    layout->max_bytes = max_message(k, alg->block_len);
    layout->char_width = (alg->flags & HC_ALG_TEXT_UTF16LE) ? 2 : 1;
    layout->pad_byte = haval ? 0x01 : alg->pad_byte ? alg->pad_byte : 0x80;
    /* HAVAL §4: VERSION 1, PASS and FPTLEN (bits) in the two bytes before the length */
    const unsigned fingerprint_bits = alg->digest_len * 8;
    layout->tail = haval ? ((fingerprint_bits & 0x3) << 6 | (alg->passes & 0x7) << 3 | 1) << 16 | (fingerprint_bits >> 2) << 24
                         : 0;
    return true;
}
