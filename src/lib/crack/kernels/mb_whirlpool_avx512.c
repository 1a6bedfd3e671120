/* Whirlpool brute-force kernel (the final version of Barreto and Rijmen's
 * specification, as in ISO/IEC 10118-3): one candidate per AVX-512
 * register, its whole 8x8-byte state in the register's 64 bytes (row i in
 * the 64-bit lane i, column j in byte j of it).
 *
 * A round rho[k] = sigma[k] o theta o pi o gamma is then a handful of
 * instructions on the whole state (§3.2-3.5 of the specification):
 *  - gamma, the S-box on all 64 bytes: S sits in four registers and one
 *    look-up is two vpermt2b (entries 0-127 and 128-255 by the byte's low
 *    seven bits) and a blend on its top bit (AVX-512 VBMI);
 *  - pi, column j rotated down by j rows, is a byte permutation (vpermb);
 *  - theta multiplies each row by the circulant matrix cir(1, 1, 4, 1, 8,
 *    5, 2, 9) over GF(2^8) mod x^8 + x^4 + x^3 + x^2 + 1: output byte j of
 *    a row is the sum over d of c[d] times input byte j - d, that is, the
 *    row rotated by d bytes (vprolq by 8d bits) times c[d]; multiplying
 *    every byte by a constant is linear over GF(2), one gf2p8affineqb
 *    (GFNI) with that constant's 8x8 bit matrix;
 *  - sigma, the round key, joins the XOR of the nine terms (vpternlogq).
 * The S-box is built from the specification's 4-bit mini-boxes E, E^-1
 * and R (§3.2.1), the round constants from the S-box (§3.6).
 *
 * A message of up to 31 bytes is one block (0x80, zeros, the 256-bit
 * big-endian bit length), hashed from H = 0: the key schedule starts from
 * zero and is the same for every candidate (computed once per call with
 * the same round code), the state starts as the block itself, and the
 * digest is W(m) ^ m (Miyaguchi-Preneel with H = 0). Its first 8 bytes,
 * row 0, are compared (in filter mode, kernel.h, their first four: the
 * target set's key). Several candidates are in flight, since one round
 * waits on its S-box look-ups. Compiled with the AVX-512 flags (CMake, by
 * file name); VBMI and GFNI are asked for per function and checked at run
 * time (hc_kernel_layout, kernel.h). */
#include "vec_avx512.h"

#include <string.h>

#include "mb_common.h"

#define WP_TARGET __attribute__((target("avx512vbmi,gfni")))

/* Candidates in flight. */
enum { WP_SETS = 4 };

/* §3.2.1: the mini-boxes E and R; S(u) for u = (high nibble, low nibble):
 * a = E(high), b = E^-1(low), r = R(a ^ b), S(u) = E(a ^ r) || E^-1(b ^ r). */
static const uint8_t wp_e[16] = {0x1, 0xB, 0x9, 0xC, 0xD, 0x6, 0xF, 0x3, 0xE, 0x8, 0x7, 0x4, 0xA, 0x2, 0x5, 0x0};
static const uint8_t wp_r[16] = {0x7, 0xC, 0xB, 0xD, 0xE, 0x4, 0x9, 0xF, 0x6, 0x3, 0x8, 0xA, 0x2, 0x5, 0x1, 0x0};

static void wp_make_sbox(uint8_t s[256])
{
    uint8_t e_inv[16];
    for (unsigned i = 0; i < 16; i++)
        e_inv[wp_e[i]] = (uint8_t)i;
    for (unsigned u = 0; u < 256; u++) {
        unsigned a = wp_e[u >> 4], b = e_inv[u & 15], r = wp_r[a ^ b];
        s[u] = (uint8_t)(wp_e[a ^ r] << 4 | e_inv[b ^ r]);
    }
}

/* x * c in GF(2^8) mod 0x11D (§2.1). */
static unsigned wp_mul(unsigned x, unsigned c)
{
    unsigned r = 0;
    for (; c; c >>= 1) {
        if (c & 1)
            r ^= x;
        x <<= 1;
        if (x & 0x100)
            x ^= 0x11D;
    }
    return r;
}

/* The gf2p8affineqb matrix of multiplication by c: result bit i is the
 * parity of (matrix byte 7 - i) & x, so that byte holds, for every input
 * bit k, bit i of c * 2^k. */
static uint64_t wp_mul_matrix(unsigned c)
{
    uint64_t m = 0;
    for (unsigned i = 0; i < 8; i++) {
        unsigned row = 0;
        for (unsigned k = 0; k < 8; k++)
            row |= ((wp_mul(1u << k, c) >> i) & 1) << k;
        m |= (uint64_t)row << (8 * (7 - i));
    }
    return m;
}

typedef struct wp_consts {
    __m512i s0, s1, s2, s3;           /* S[0..63] .. S[192..255] */
    __m512i pi[4];                    /* vpermb indices: pi, then rows rotated by 0, 2, 4, 6 bytes */
    __m512i m2, m4, m5, m8, m9;       /* the multiplications of theta */
} wp_consts;

static inline WP_TARGET __m512i wp_gamma(const wp_consts *c, __m512i x)
{
    /* vpermi2b writes over its index: the bytes with the top bit set take
     * S[128..255] first, the others keep their index and then take
     * S[0..127]. No register copies, no blend. */
    __mmask64 top = _mm512_movepi8_mask(x);
    x = _mm512_mask2_permutex2var_epi8(c->s2, x, top, c->s3);
    return _mm512_mask2_permutex2var_epi8(c->s0, x, _knot_mask64(top), c->s1);
}

#define WP_MUL(x, m) _mm512_gf2p8affine_epi64_epi8(x, m, 0)
#define WP_XOR3(a, b, d) _mm512_ternarylogic_epi64(a, b, d, 0x96)

/* One round rho[k] of §3.7. pi and the rotations of theta are byte
 * permutations: half of them are vpermb of gamma's output (pi, then the row
 * rotated by 0, 2, 4, 6 bytes) and half vprolq of those by one byte more,
 * so that the permutes (port 5) and the rotates and affine maps (port 0 on
 * the development machine's Intel core) share the work. */
static inline WP_TARGET __m512i wp_round(const wp_consts *c, __m512i x, __m512i k)
{
    __m512i g = wp_gamma(c, x);
    __m512i p0 = _mm512_permutexvar_epi8(c->pi[0], g), p2 = _mm512_permutexvar_epi8(c->pi[1], g);
    __m512i p4 = _mm512_permutexvar_epi8(c->pi[2], g), p6 = _mm512_permutexvar_epi8(c->pi[3], g);
    __m512i p1 = _mm512_rol_epi64(p0, 8), p3 = _mm512_rol_epi64(p2, 8), p5 = _mm512_rol_epi64(p4, 8);
    __m512i p7 = _mm512_rol_epi64(p6, 8);
    /* theta: rows rotated by d bytes times cir's c[d] = 1, 1, 4, 1, 8, 5, 2, 9 */
    __m512i t0 = WP_XOR3(p0, p1, p3);
    __m512i t1 = WP_XOR3(WP_MUL(p2, c->m4), WP_MUL(p4, c->m8), WP_MUL(p5, c->m5));
    __m512i t2 = WP_XOR3(WP_MUL(p6, c->m2), WP_MUL(p7, c->m9), k);
    return WP_XOR3(t0, t1, t2);
}

WP_TARGET size_t hc_mb_whirlpool_avx512(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits,
                                        unsigned cap, unsigned *count)
{
    const unsigned J = args->word;
    uint8_t sbox[256], pi[4][64];
    wp_make_sbox(sbox);
    /* pi (§3.3): row i, column j takes row i - j, column j; then byte j of
     * a row takes byte j - d (the row rotated by d = 2q bytes). */
    for (unsigned q = 0; q < 4; q++)
        for (unsigned i = 0; i < 8; i++)
            for (unsigned j = 0; j < 8; j++) {
                unsigned from = (j - 2 * q) & 7;
                pi[q][8 * i + j] = (uint8_t)(8 * ((i - from) & 7) + from);
            }
    wp_consts c = {
        _mm512_loadu_si512(sbox), _mm512_loadu_si512(sbox + 64),
        _mm512_loadu_si512(sbox + 128), _mm512_loadu_si512(sbox + 192),
        {_mm512_loadu_si512(pi[0]), _mm512_loadu_si512(pi[1]), _mm512_loadu_si512(pi[2]), _mm512_loadu_si512(pi[3])},
        _mm512_set1_epi64((long long)wp_mul_matrix(2)), _mm512_set1_epi64((long long)wp_mul_matrix(4)),
        _mm512_set1_epi64((long long)wp_mul_matrix(5)), _mm512_set1_epi64((long long)wp_mul_matrix(8)),
        _mm512_set1_epi64((long long)wp_mul_matrix(9)),
    };
    /* §3.6-3.7: K0 = H = 0, K_r = rho[c_r](K_{r-1}), c_r's row 0 the S-box
     * entries 8(r - 1) .. 8r - 1, its other rows zero. */
    __m512i key[11];
    key[0] = _mm512_setzero_si512();
    for (unsigned r = 1; r <= 10; r++) {
        uint64_t row0;
        memcpy(&row0, sbox + 8 * (r - 1), 8);
        key[r] = wp_round(&c, key[r - 1], _mm512_maskz_set1_epi64(1, (long long)row0));
    }
    /* The block's rows with the varying bits zero. */
    const __m512i block = _mm512_loadu_si512(args->w64);
    const __m512i want = _mm512_set1_epi64((long long)args->target64[0]);
    const __mmask8 hi_lane = (__mmask8)(1u << J), lo_lane = (__mmask8)(args->two ? 1u << (J - 1) : 0);

    for (; u < end; u += WP_SETS) {
        if (*count + WP_SETS > cap)
            return u;
        __m512i m[WP_SETS], x[WP_SETS];
        for (unsigned i = 0; i < WP_SETS; i++) {
            m[i] = _mm512_mask_set1_epi64(block, hi_lane, (long long)(args->w64[J] + args->tab64_hi[u + i]));
            m[i] = _mm512_mask_set1_epi64(m[i], lo_lane, (long long)(args->w64[J - (J > 0)] + args->tab64_lo[u + i]));
            x[i] = m[i]; /* sigma[K0] with K0 = 0 */
        }
        for (unsigned r = 1; r <= 10; r++)
            for (unsigned i = 0; i < WP_SETS; i++)
                x[i] = wp_round(&c, x[i], key[r]);
        unsigned masks[1] = {0};
        if (args->filter != NULL) {
            /* filter mode: the key of candidate i, the low half of its row
             * 0 (the digest's first four bytes), in lane i of keys[0]; the
             * lanes past WP_SETS are zero and masked off */
            V keys[1] = {V_SET1(0)};
            for (unsigned i = 0; i < WP_SETS; i++)
                keys[0][i] = (uint32_t)_mm_cvtsi128_si32(_mm512_castsi512_si128(_mm512_xor_si512(x[i], m[i])));
            masks[0] = mb_filter_mask(keys[0], args->filter) & ((1u << WP_SETS) - 1);
            MB_FILTER_REPORT(keys, masks, 1, WP_SETS, args->filter, u, end, hits, count);
            continue;
        }
        for (unsigned i = 0; i < WP_SETS; i++)
            masks[0] |= (_mm512_cmpeq_epi64_mask(_mm512_xor_si512(x[i], m[i]), want) & 1u) << i;
        MB_REPORT(masks, 1, WP_SETS, u, end, hits, count);
    }
    return end;
}
