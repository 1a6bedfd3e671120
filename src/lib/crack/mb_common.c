/* Constants and scalar precomputation shared by the multi-buffer kernels,
 * the kernel tables of the algorithm rows, and the dispatcher. */
#include "mb_common.h"

const uint32_t hc_md5_t[64] = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
};

/* Round 1 reads word i, round 2 word (5i + 1) mod 16, round 3 (3i + 5) mod
 * 16, round 4 7i mod 16 (RFC 1321 §3.4). */
const uint8_t hc_md5_word[64] = {
    0, 1, 2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 1, 6, 11, 0,  5,  10, 15, 4,  9,  14, 3,  8,  13, 2,  7,  12,
    5, 8, 11, 14, 1,  4,  7,  10, 13, 0,  3,  6,  9,  12, 15, 2,  0, 7, 14, 5,  12, 3,  10, 1,  8,  15, 6,  13, 4,  11, 2,  9,
};

const uint8_t hc_md5_rot[64] = {
    7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20,
    4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
};

const uint8_t hc_md4_word[48] = {
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 4, 8, 12, 1, 5, 9, 13,
    2, 6, 10, 14, 3, 7, 11, 15, 0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15,
};

const uint8_t hc_md4_rot[48] = {
    3, 7, 11, 19, 3, 7, 11, 19, 3, 7, 11, 19, 3, 7, 11, 19, 3, 5, 9, 13, 3, 5, 9, 13,
    3, 5, 9, 13, 3, 5, 9, 13, 3, 9, 11, 15, 3, 9, 11, 15, 3, 9, 11, 15, 3, 9, 11, 15,
};

const uint32_t hc_sha256_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

const uint32_t hc_sha256_iv[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

const uint32_t hc_sha224_iv[8] = {
    0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4,
};

const uint64_t hc_sha512_k[80] = {
    0x428a2f98d728ae22ull, 0x7137449123ef65cdull, 0xb5c0fbcfec4d3b2full, 0xe9b5dba58189dbbcull,
    0x3956c25bf348b538ull, 0x59f111f1b605d019ull, 0x923f82a4af194f9bull, 0xab1c5ed5da6d8118ull,
    0xd807aa98a3030242ull, 0x12835b0145706fbeull, 0x243185be4ee4b28cull, 0x550c7dc3d5ffb4e2ull,
    0x72be5d74f27b896full, 0x80deb1fe3b1696b1ull, 0x9bdc06a725c71235ull, 0xc19bf174cf692694ull,
    0xe49b69c19ef14ad2ull, 0xefbe4786384f25e3ull, 0x0fc19dc68b8cd5b5ull, 0x240ca1cc77ac9c65ull,
    0x2de92c6f592b0275ull, 0x4a7484aa6ea6e483ull, 0x5cb0a9dcbd41fbd4ull, 0x76f988da831153b5ull,
    0x983e5152ee66dfabull, 0xa831c66d2db43210ull, 0xb00327c898fb213full, 0xbf597fc7beef0ee4ull,
    0xc6e00bf33da88fc2ull, 0xd5a79147930aa725ull, 0x06ca6351e003826full, 0x142929670a0e6e70ull,
    0x27b70a8546d22ffcull, 0x2e1b21385c26c926ull, 0x4d2c6dfc5ac42aedull, 0x53380d139d95b3dfull,
    0x650a73548baf63deull, 0x766a0abb3c77b2a8ull, 0x81c2c92e47edaee6ull, 0x92722c851482353bull,
    0xa2bfe8a14cf10364ull, 0xa81a664bbc423001ull, 0xc24b8b70d0f89791ull, 0xc76c51a30654be30ull,
    0xd192e819d6ef5218ull, 0xd69906245565a910ull, 0xf40e35855771202aull, 0x106aa07032bbd1b8ull,
    0x19a4c116b8d2d0c8ull, 0x1e376c085141ab53ull, 0x2748774cdf8eeb99ull, 0x34b0bcb5e19b48a8ull,
    0x391c0cb3c5c95a63ull, 0x4ed8aa4ae3418acbull, 0x5b9cca4f7763e373ull, 0x682e6ff3d6b2b8a3ull,
    0x748f82ee5defb2fcull, 0x78a5636f43172f60ull, 0x84c87814a1f0ab72ull, 0x8cc702081a6439ecull,
    0x90befffa23631e28ull, 0xa4506cebde82bde9ull, 0xbef9a3f7b2c67915ull, 0xc67178f2e372532bull,
    0xca273eceea26619cull, 0xd186b8c721c0c207ull, 0xeada7dd6cde0eb1eull, 0xf57d4f7fee6ed178ull,
    0x06f067aa72176fbaull, 0x0a637dc5a2c898a6ull, 0x113f9804bef90daeull, 0x1b710b35131c471bull,
    0x28db77f523047d84ull, 0x32caab7b40c72493ull, 0x3c9ebe0a15c9bebcull, 0x431d67c49c100d4cull,
    0x4cc5d4becb3e42b6ull, 0x597f299cfc657e2aull, 0x5fcb6fab3ad6faecull, 0x6c44198c4a475817ull,
};

const uint64_t hc_sha512_iv[8] = {
    0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull, 0xa54ff53a5f1d36f1ull,
    0x510e527fade682d1ull, 0x9b05688c2b3e6c1full, 0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull,
};

const uint64_t hc_sha384_iv[8] = {
    0xcbbb9d5dc1059ed8ull, 0x629a292a367cd507ull, 0x9159015a3070dd17ull, 0x152fecd8f70e5939ull,
    0x67332667ffc00b31ull, 0x8eb44a8768581511ull, 0xdb0c2e0d64f98fa7ull, 0x47b5481dbefa4fa4ull,
};

/* RFC 1321 §3.3 / RFC 1320 §3.3: A, B, C, D. */
enum { IV_A = 0x67452301, IV_B = (int)0xefcdab89, IV_C = (int)0x98badcfe, IV_D = 0x10325476 };

static uint32_t ror32(uint32_t x, unsigned n)
{
    return hc_rol32(x, (32 - n) & 31);
}

static uint32_t md5_f(unsigned i, uint32_t x, uint32_t y, uint32_t z)
{
    if (i < 16)
        return (x & y) | (~x & z);
    if (i < 32)
        return (x & z) | (y & ~z);
    if (i < 48)
        return x ^ y ^ z;
    return y ^ (x | ~z);
}

/* The chaining values as one sequence: q[i + 4] is the word step i writes,
 * q[0..3] the initial A, D, C, B, so step i reads q[i], q[i+1], q[i+2],
 * q[i+3] (RFC 1321 §3.4, unrolled). Digest: A = IV + Q60, B = IV + Q63,
 * C = IV + Q62, D = IV + Q61. */
void hc_md5_prepare(const hc_mb_args *args, unsigned first, unsigned last, uint32_t km[64], uint32_t q_first[4],
                    uint32_t *expected)
{
    uint32_t q[68];
    for (unsigned i = 0; i < 64; i++)
        km[i] = hc_md5_t[i] + args->w[hc_md5_word[i]];
    q[0] = (uint32_t)IV_A;
    q[1] = (uint32_t)IV_D;
    q[2] = (uint32_t)IV_C;
    q[3] = (uint32_t)IV_B;
    for (unsigned i = 0; i < first; i++)
        q[i + 4] = q[i + 3] + hc_rol32(q[i] + md5_f(i, q[i + 3], q[i + 2], q[i + 1]) + km[i], hc_md5_rot[i]);
    for (unsigned k = 0; k < 4; k++)
        q_first[k] = q[first + k];

    const uint32_t *t = args->target;
    q[64] = t[0] - (uint32_t)IV_A;
    q[65] = t[3] - (uint32_t)IV_D;
    q[66] = t[2] - (uint32_t)IV_C;
    q[67] = t[1] - (uint32_t)IV_B;
    for (unsigned i = 63; i > last; i--)
        q[i] = ror32(q[i + 4] - q[i + 3], hc_md5_rot[i]) - md5_f(i, q[i + 3], q[i + 2], q[i + 1]) - km[i];
    *expected = q[last - 3 + 4];
}

static uint32_t md4_f(unsigned i, uint32_t x, uint32_t y, uint32_t z)
{
    if (i < 16)
        return (x & y) | (~x & z);
    if (i < 32)
        return (x & y) | (x & z) | (y & z);
    return x ^ y ^ z;
}

/* Same sequence as MD5 without the "+ b" (RFC 1320 §3.4); digest A = IV +
 * Q44, D = IV + Q45, C = IV + Q46, B = IV + Q47. */
void hc_md4_prepare(const hc_mb_args *args, unsigned first, unsigned last, uint32_t km[48], uint32_t q_first[4],
                    uint32_t *expected)
{
    static const uint32_t round_constant[3] = {0, 0x5A827999, 0x6ED9EBA1};
    uint32_t q[52];
    for (unsigned i = 0; i < 48; i++)
        km[i] = round_constant[i / 16] + args->w[hc_md4_word[i]];
    q[0] = (uint32_t)IV_A;
    q[1] = (uint32_t)IV_D;
    q[2] = (uint32_t)IV_C;
    q[3] = (uint32_t)IV_B;
    for (unsigned i = 0; i < first; i++)
        q[i + 4] = hc_rol32(q[i] + md4_f(i, q[i + 3], q[i + 2], q[i + 1]) + km[i], hc_md4_rot[i]);
    for (unsigned k = 0; k < 4; k++)
        q_first[k] = q[first + k];

    const uint32_t *t = args->target;
    q[48] = t[0] - (uint32_t)IV_A;
    q[49] = t[3] - (uint32_t)IV_D;
    q[50] = t[2] - (uint32_t)IV_C;
    q[51] = t[1] - (uint32_t)IV_B;
    for (unsigned i = 47; i > last; i--)
        q[i] = ror32(q[i + 4], hc_md4_rot[i]) - md4_f(i, q[i + 3], q[i + 2], q[i + 1]) - km[i];
    *expected = q[last - 3 + 4];
}

uint32_t hc_sha1_expected(const hc_mb_args *args)
{
    /* FIPS 180-4 §5.3.1: H4(0) = c3d2e1f0. */
    return hc_rol32(args->target[4] - 0xc3d2e1f0u, 2);
}

uint32_t hc_sha256_expected(const hc_mb_args *args)
{
    if (args->variant == HC_MB_SHA224)
        return args->target[3] - hc_sha224_iv[3];
    return args->target[7] - hc_sha256_iv[7];
}

uint64_t hc_sha512_expected(const hc_mb_args *args)
{
    if (args->variant == HC_MB_SHA384)
        return args->target64[3] - hc_sha384_iv[3];
    return args->target64[7] - hc_sha512_iv[7];
}

hc_mb_kernel hc_mb_select(const struct hc_multibuffer *mb, hc_simd_level level, hc_simd_level *used)
{
    for (int l = (int)level; l >= HC_SIMD_PORTABLE; l--) {
        if (l == HC_SIMD_AVX512 && mb->needs_vbmi && !hc_cpu_has_avx512_vbmi())
            continue;
        if (mb->kernels[l]) {
            if (used)
                *used = (hc_simd_level)l;
            return mb->kernels[l];
        }
    }
    return NULL;
}

#if defined(__x86_64__) || defined(__i386__)
#define HC_MB_X86(fn) fn
#else
#define HC_MB_X86(fn) NULL
#endif

#define HC_MB_KERNELS(family)                                                             \
    {                                                                                     \
        [HC_SIMD_PORTABLE] = hc_mb_##family##_portable, [HC_SIMD_SSE41] = NULL,           \
        [HC_SIMD_AVX2] = HC_MB_X86(hc_mb_##family##_avx2),                                \
        [HC_SIMD_AVX512] = HC_MB_X86(hc_mb_##family##_avx512),                            \
    }

/* SHA-384/512 lanes are 64-bit: without AVX-512's 64-bit rotates the
 * vector code loses to OpenSSL's scalar rounds, so lower levels use the
 * generic path. */
#define HC_MB_KERNELS_AVX512(family)                                                      \
    {                                                                                     \
        [HC_SIMD_PORTABLE] = NULL, [HC_SIMD_SSE41] = NULL, [HC_SIMD_AVX2] = NULL,         \
        [HC_SIMD_AVX512] = HC_MB_X86(hc_mb_##family##_avx512),                            \
    }

#define HC_MB(kernel, width, be, bytes, var, poly)                                                    \
    {                                                                                                 \
        .name = #kernel, .char_width = width, .big_endian = be, .word_bytes = bytes,                  \
        .max_bytes = (poly) ? 0 : 55, .variant = var, .crc_poly = poly, .block_words = 16,            \
        .kernels = HC_MB_KERNELS(kernel),                                                             \
    }

const struct hc_multibuffer hc_mb_md5 = HC_MB(md5, 1, false, 4, 0, 0);
const struct hc_multibuffer hc_mb_md4 = HC_MB(md4, 1, false, 4, 0, 0);
/* NTLM is MD4 over UTF-16LE: each candidate byte becomes two message bytes. */
const struct hc_multibuffer hc_mb_ntlm = HC_MB(md4, 2, false, 4, 0, 0);
const struct hc_multibuffer hc_mb_sha1 = HC_MB(sha1, 1, true, 4, 0, 0);
const struct hc_multibuffer hc_mb_sha224 = HC_MB(sha256, 1, true, 4, HC_MB_SHA224, 0);
const struct hc_multibuffer hc_mb_sha256 = HC_MB(sha256, 1, true, 4, HC_MB_SHA256, 0);
const struct hc_multibuffer hc_mb_ripemd128 = HC_MB(ripemd, 1, false, 4, HC_MB_RIPEMD128, 0);
const struct hc_multibuffer hc_mb_ripemd160 = HC_MB(ripemd, 1, false, 4, HC_MB_RIPEMD160, 0);
const struct hc_multibuffer hc_mb_ripemd256 = HC_MB(ripemd, 1, false, 4, HC_MB_RIPEMD256, 0);
const struct hc_multibuffer hc_mb_ripemd320 = HC_MB(ripemd, 1, false, 4, HC_MB_RIPEMD320, 0);

#define HC_MB_SHA512_ROW(var)                                                                         \
    {                                                                                                 \
        .name = "sha512", .char_width = 1, .big_endian = true, .word_bytes = 8, .max_bytes = 111,     \
        .variant = var, .block_words = 16, .kernels = HC_MB_KERNELS_AVX512(sha512),                   \
    }
const struct hc_multibuffer hc_mb_sha384 = HC_MB_SHA512_ROW(HC_MB_SHA384);
const struct hc_multibuffer hc_mb_sha512 = HC_MB_SHA512_ROW(HC_MB_SHA512);

/* SHA-3 (domain bits 01, then pad10*1: byte 0x06) and the original Keccak
 * (pad10*1 alone: 0x01); the rate is 200 - 2 * digest bytes. Eight 64-bit
 * lanes need AVX-512's 64-bit rotates and three-input logic; below it the
 * generic path (with the single-state AVX-512 or scalar permutation) is as
 * fast. */
#define HC_MB_KECCAK_ROW(domain, digest_bytes)                                                        \
    {                                                                                                 \
        .name = "keccak", .char_width = 1, .big_endian = false, .word_bytes = 8,                      \
        .max_bytes = 200 - 2 * (digest_bytes) - 1, .block_words = (200 - 2 * (digest_bytes)) / 8,      \
        .padding = HC_MB_PAD_KECCAK, .pad_byte = domain, .kernels = HC_MB_KERNELS_AVX512(keccak),                             \
    }
const struct hc_multibuffer hc_mb_sha3_224 = HC_MB_KECCAK_ROW(0x06, 28);
const struct hc_multibuffer hc_mb_sha3_256 = HC_MB_KECCAK_ROW(0x06, 32);
const struct hc_multibuffer hc_mb_sha3_384 = HC_MB_KECCAK_ROW(0x06, 48);
const struct hc_multibuffer hc_mb_sha3_512 = HC_MB_KECCAK_ROW(0x06, 64);
const struct hc_multibuffer hc_mb_keccak_224 = HC_MB_KECCAK_ROW(0x01, 28);
const struct hc_multibuffer hc_mb_keccak_256 = HC_MB_KECCAK_ROW(0x01, 32);
const struct hc_multibuffer hc_mb_keccak_384 = HC_MB_KECCAK_ROW(0x01, 48);
const struct hc_multibuffer hc_mb_keccak_512 = HC_MB_KECCAK_ROW(0x01, 64);

/* HAVAL: 128-byte blocks of 32 little-endian words; the padding's 10-byte
 * tail leaves 117 message bytes in one block. [passes - 3][digest words - 4]. */
#define HC_MB_HAVAL_ROW(passes, digest_bytes)                                                         \
    {                                                                                                 \
        .name = "haval", .char_width = 1, .big_endian = false, .word_bytes = 4, .max_bytes = 117,     \
        .variant = (passes) << 8 | (digest_bytes), .block_words = 32, .padding = HC_MB_PAD_HAVAL,              \
        .kernels = HC_MB_KERNELS(haval),                                                              \
    }
#define HC_MB_HAVAL_PASSES(passes)                                                                    \
    {                                                                                                 \
        HC_MB_HAVAL_ROW(passes, 16), HC_MB_HAVAL_ROW(passes, 20), HC_MB_HAVAL_ROW(passes, 24),        \
            HC_MB_HAVAL_ROW(passes, 28), HC_MB_HAVAL_ROW(passes, 32),                                 \
    }
const struct hc_multibuffer hc_mb_haval[3][5] = {HC_MB_HAVAL_PASSES(3), HC_MB_HAVAL_PASSES(4), HC_MB_HAVAL_PASSES(5)};

/* BLAKE2s and BLAKE3: a message of up to 64 bytes is one zero-padded block. */
#define HC_MB_BLAKE32_ROW(var)                                                                        \
    {                                                                                                 \
        .name = "blake32", .char_width = 1, .big_endian = false, .word_bytes = 4, .max_bytes = 64,    \
        .variant = var, .block_words = 16, .padding = HC_MB_PAD_ZERO, .kernels = HC_MB_KERNELS(blake32),       \
    }
const struct hc_multibuffer hc_mb_blake2s = HC_MB_BLAKE32_ROW(HC_MB_BLAKE2S);
const struct hc_multibuffer hc_mb_blake3 = HC_MB_BLAKE32_ROW(HC_MB_BLAKE3);
/* BLAKE2b: up to 128 bytes; 64-bit lanes, AVX-512 only, as SHA-512. */
const struct hc_multibuffer hc_mb_blake2b = {
    .name = "blake2b", .char_width = 1, .big_endian = false, .word_bytes = 8, .max_bytes = 128,
    .block_words = 16, .padding = HC_MB_PAD_ZERO, .kernels = HC_MB_KERNELS_AVX512(blake2b),
};

/* MD2: messages of up to 15 bytes fill one block with their padding. */
const struct hc_multibuffer hc_mb_md2 = {
    .name = "md2", .char_width = 1, .big_endian = false, .word_bytes = 4, .max_bytes = 15,
    .block_words = 4, .padding = HC_MB_PAD_MD2, .needs_vbmi = true, .kernels = HC_MB_KERNELS_AVX512(md2),
};

/* Tiger (padding byte 0x01) and Tiger2 (0x80): 64-byte blocks of eight
 * little-endian 64-bit words, AVX-512 gathers for the S-boxes. */
#define HC_MB_TIGER_ROW(pad, lead)                                                                    \
    {                                                                                                 \
        .name = "tiger", .char_width = 1, .big_endian = false, .word_bytes = 8, .max_bytes = 55,      \
        .block_words = 8, .lead_zeros = lead, .pad_byte = pad, .kernels = HC_MB_KERNELS_AVX512(tiger), \
    }
const struct hc_multibuffer hc_mb_tiger = HC_MB_TIGER_ROW(0x01, 0);
const struct hc_multibuffer hc_mb_tiger2 = HC_MB_TIGER_ROW(0x80, 0);
/* TTH of up to 1024 bytes is its single leaf, Tiger(0x00 || input). */
const struct hc_multibuffer hc_mb_tth = HC_MB_TIGER_ROW(0x01, 1);

/* CRC-32 (IEEE 802.3, reflected 0xEDB88320) and CRC-32C (Castagnoli,
 * reflected 0x82F63B78): any length, so max_bytes does not apply. */
const struct hc_multibuffer hc_mb_crc32 = HC_MB(scan, 1, false, 4, 0, 0xEDB88320u);
const struct hc_multibuffer hc_mb_crc32c = HC_MB(scan, 1, false, 4, 0, 0x82F63B78u);
