/* The kernel families and the one dispatcher: which entry point serves a
 * row at a SIMD level, and how the engine lays out its block (kernel.h). */
#include "kernel.h"

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

const hc_kernel hc_kernel_md5 = {
    .name = "md5", .word_bytes = 4, .padding = HC_MB_PAD_MD, .length_bytes = 8, .filters = true,
    .filter_key = hc_mb_md5_filter_key,
    .entry = ENTRIES_ALL(md5), .lanes = LANES_ALL(md5),
};
const hc_kernel hc_kernel_md4 = {
    .name = "md4", .word_bytes = 4, .padding = HC_MB_PAD_MD, .length_bytes = 8, .filters = true,
    .filter_key = hc_mb_md4_filter_key,
    .entry = ENTRIES_ALL(md4), .lanes = LANES_ALL(md4),
};
const hc_kernel hc_kernel_sha1 = {
    .name = "sha1", .word_bytes = 4, .big_endian = true, .padding = HC_MB_PAD_MD, .length_bytes = 8,
    .filters = true, .filter_key = hc_mb_sha1_filter_key, .filter_key_fixed = true,
    .entry = ENTRIES_ALL(sha1), .lanes = LANES_ALL(sha1),
};
const hc_kernel hc_kernel_sha256 = {
    .name = "sha256", .word_bytes = 4, .big_endian = true, .padding = HC_MB_PAD_MD, .length_bytes = 8,
    .filters = true, .filter_key = hc_mb_sha256_filter_key, .filter_key_fixed = true,
    .portable_loses_to_sha_ext = true, .entry = ENTRIES_ALL(sha256),
    .lanes = LANES_ALL(sha256),
};
const hc_kernel hc_kernel_sha512 = {
    .name = "sha512", .word_bytes = 8, .big_endian = true, .padding = HC_MB_PAD_MD, .length_bytes = 16,
    .filters = true, .filter_key = X86(hc_mb_sha512_filter_key), .filter_key_fixed = true,
    .entry = ENTRIES_AVX512(sha512),
};
/* Filter mode without filter_key: the key is the whole CRC, the digest
 * read most significant byte first (the engine keys the target set so). */
const hc_kernel hc_kernel_crc32 = {
    .name = "crc32", .word_bytes = 4, .padding = HC_MB_CRC_TABLE, .filters = true, .entry = ENTRIES_ALL(crc32),
};
const hc_kernel hc_kernel_keccak = {
    .name = "keccak", .word_bytes = 8, .padding = HC_MB_PAD_KECCAK, .filters = true,
    .entry = ENTRIES_AVX512(keccak),
};
const hc_kernel hc_kernel_ripemd = {
    .name = "ripemd", .word_bytes = 4, .padding = HC_MB_PAD_MD, .length_bytes = 8, .filters = true,
    .entry = ENTRIES_ALL(ripemd),
};
const hc_kernel hc_kernel_haval = {
    .name = "haval", .word_bytes = 4, .padding = HC_MB_PAD_HAVAL, .filters = true,
    .entry = ENTRIES_ALL(haval),
};
const hc_kernel hc_kernel_blake2s = {
    .name = "blake2s", .word_bytes = 4, .padding = HC_MB_PAD_ZERO, .filters = true,
    .entry = ENTRIES_ALL(blake2s),
};
const hc_kernel hc_kernel_blake3 = {
    .name = "blake3", .word_bytes = 4, .padding = HC_MB_PAD_ZERO, .filters = true,
    .entry = ENTRIES_ALL(blake3),
};
const hc_kernel hc_kernel_blake2b = {
    .name = "blake2b", .word_bytes = 8, .padding = HC_MB_PAD_ZERO, .filters = true,
    .entry = ENTRIES_AVX512(blake2b),
};
const hc_kernel hc_kernel_md2 = {
    .name = "md2", .word_bytes = 4, .padding = HC_MB_PAD_MD2, .needs_vbmi = true, .filters = true,
    .entry = ENTRIES_AVX512(md2),
};
const hc_kernel hc_kernel_tiger = {
    .name = "tiger", .word_bytes = 8, .padding = HC_MB_PAD_MD, .length_bytes = 8, .filters = true,
    .filter_key = X86(hc_mb_tiger_filter_key), .filter_key_fixed = true, .entry = ENTRIES_AVX512(tiger),
};
/* A TTH input of up to one leaf is hashed as Tiger(0x00 || input): the
 * same kernel and filter keys. */
const hc_kernel hc_kernel_tth = {
    .name = "tiger", .word_bytes = 8, .padding = HC_MB_PAD_MD, .length_bytes = 8, .block_bytes = 64,
    .lead_zeros = 1, .filters = true, .filter_key = X86(hc_mb_tiger_filter_key), .filter_key_fixed = true,
    .entry = ENTRIES_AVX512(tiger),
};

/* EDON-R: little-endian words, 0x80, zeros, the 64-bit bit length at the
 * end of the block (the SHA-3 submission's padding; 8 length bytes for
 * EDON-R-512 too). */
const hc_kernel hc_kernel_edonr256 = {
    .name = "edonr256", .word_bytes = 4, .padding = HC_MB_PAD_MD, .length_bytes = 8, .filters = true,
    .entry = ENTRIES_ALL(edonr256),
};
const hc_kernel hc_kernel_edonr512 = {
    .name = "edonr512", .word_bytes = 8, .padding = HC_MB_PAD_MD, .length_bytes = 8, .filters = true,
    .entry = ENTRIES_AVX512(edonr512),
};

/* Whirlpool: the block's bytes in memory order (64-bit words read
 * little-endian are the state's rows), 0x80, zeros, the 256-bit big-endian
 * bit length (§3.1 of the specification). */
const hc_kernel hc_kernel_whirlpool = {
    .name = "whirlpool", .word_bytes = 8, .padding = HC_MB_PAD_MD, .length_bytes = 32, .length_big_endian = true,
    .needs_vbmi = true, .needs_gfni = true, .filters = true, .entry = ENTRIES_AVX512(whirlpool),
};

/* GOST R 34.11-94: a message of up to 32 bytes is one block, zero-padded;
 * the kernel hashes the length and checksum blocks itself (RFC 5831 §7). */
const hc_kernel hc_kernel_gost = {
    .name = "gost", .word_bytes = 4, .padding = HC_MB_PAD_ZERO, .needs_vbmi = true, .filters = true,
    .entry = {[HC_SIMD_AVX2] = X86(hc_mb_gost_avx2), [HC_SIMD_AVX512] = X86(hc_mb_gost_avx512)},
};

/* Snefru: big-endian words, the message zero-padded to the block's message
 * part (48 or 32 bytes), then a length block the kernel makes itself. With
 * AVX2 and AVX-512: the look-ups are gathers. (Portable C, the look-ups
 * lane by lane, measured 1.5x the one-at-a-time path, 0.6 against 0.4
 * M/s: not worth its share of the test sweeps.) */
const hc_kernel hc_kernel_snefru = {
    .name = "snefru", .word_bytes = 4, .big_endian = true, .padding = HC_MB_PAD_ZERO, .filters = true,
    .entry = {[HC_SIMD_AVX2] = X86(hc_mb_snefru_avx2), [HC_SIMD_AVX512] = X86(hc_mb_snefru_avx512)},
};

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

/* The portable kernel is slower than one candidate at a time through the
 * SHA extensions where the CPU has them: no kernel then, unless the caller
 * asks for any entry (the tests of every level). */
static bool portable_gives_way(const hc_kernel *k, unsigned flags)
{
    return k->portable_loses_to_sha_ext && hc_cpu_has_sha_ni() && !(flags & HC_KERNEL_ANY_ENTRY);
}

bool hc_kernel_layout(const hc_algorithm *alg, hc_simd_level level, unsigned flags, hc_mb_layout *layout)
{
    const hc_kernel *k = alg->kernel;
    if (k == NULL)
        return false;
    for (int l = (int)level; l >= HC_SIMD_PORTABLE; l--) {
        if (l == HC_SIMD_AVX512 && ((k->needs_vbmi && !hc_cpu_has_avx512_vbmi()) || (k->needs_gfni && !hc_cpu_has_gfni())))
            continue;
        if (k->entry[l] == NULL)
            continue;
        if (l == HC_SIMD_PORTABLE && portable_gives_way(k, flags))
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
    return false;
}

bool hc_kernel_lanes(const hc_algorithm *alg, hc_simd_level level, unsigned flags, hc_lanes_layout *layout)
{
    const hc_kernel *k = alg->kernel;
    if (k == NULL || k->padding != HC_MB_PAD_MD || k->length_bytes != 8 || k->word_bytes != 4 || k->lead_zeros ||
        k->length_big_endian || (k->block_bytes && k->block_bytes != alg->block_len) || alg->block_len != 64)
        return false;
    for (int l = (int)level; l >= HC_SIMD_PORTABLE; l--) {
        if (k->lanes[l] == NULL)
            continue;
        if (l == HC_SIMD_PORTABLE && portable_gives_way(k, flags))
            return false;
        layout->kernel = k->lanes[l];
        layout->level = (hc_simd_level)l;
        layout->big_endian = k->big_endian;
        layout->max_bytes = max_message(k, 64);
        layout->char_width = (alg->flags & HC_ALG_TEXT_UTF16LE) ? 2 : 1;
        layout->pad_byte = alg->pad_byte ? alg->pad_byte : 0x80;
        return true;
    }
    return false;
}
