/* GOST R 34.11-94 brute-force kernel (RFC 5831, with the CryptoPro
 * parameter set of RFC 4357 §11.2, as the gost row computes): sixteen
 * candidates in the 32-bit lanes of AVX-512 registers.
 *
 * A message of up to 32 bytes is one block M, zero-padded, and its hash is
 * three compressions from H = 0: H = f(f(f(0, M), L), Σ), where L is the
 * bit length (a 256-bit little-endian number, the same for every candidate
 * of a call) and the checksum Σ of a one-block message is M itself. A
 * compression f(H, M) (RFC 5831 §6):
 *  - key generation: U = H, V = M, K1 = P(U ^ V); then three times
 *    U = A(U) ^ C_j, V = A(A(V)), K_j = P(U ^ V), with C_3 the one nonzero
 *    constant. A shifts the four 64-bit quarters down and puts the XOR of
 *    the two lowest on top (register renaming and two XORs here); P takes
 *    byte 8i + k of its input to byte 4k + i, which per lane is a 4x4 byte
 *    transpose of the words c, c + 2, c + 4, c + 6 for c = 0, 1: two rounds
 *    of vpermt2b, no shifts;
 *  - encryption: each quarter h_i of H encrypted with GOST 28147-89 under
 *    K_i (32 rounds: N ^= rol11(S(N' + k)), the keys k1..k8 three times,
 *    then k8..k1). The four are independent, so they run interleaved: a
 *    round waits on its S-box look-ups and the other three fill the time;
 *  - mixing: H' = psi^61(H ^ psi(M ^ psi^12(S))), psi a shift of the sixteen
 *    16-bit words with one new word, the XOR of words 1, 2, 3, 4, 13 and 16
 *    (1-based, from the low end). Each psi is one new word here (three
 *    XORs), the shift is renaming: 74 words per compression, of which the
 *    last compression needs only the 47 that reach the digest's first
 *    word, the one compared.
 *
 * The S-box layer, eight 4-bit boxes on the nibbles of (N' + k), is two
 * byte permutes (vpermb, AVX-512 VBMI) over all sixteen lanes: the low
 * nibble of byte j of a lane goes through box 2j, the high one through box
 * 2j + 1, so the index of a byte's low-nibble look-up is the nibble with j
 * in bits 4-5 (one vpternlogd puts it there), in a 64-byte table of the
 * four even boxes; the high nibble likewise, shifted down first, in a table
 * of the odd boxes' outputs shifted up. No gathers and no memory look-ups.
 * Compiled with the AVX-512 flags (CMake, by file name); VBMI is asked for
 * per function and checked at run time (hc_kernel_layout, kernel.h). */
#include "vec_avx512.h"

#include "mb_common.h"

#define GOST_TARGET __attribute__((target("avx512vbmi")))

/* RFC 4357 §11.2, id-GostR3411-94-CryptoProParamSet: box K1 (for the lowest
 * nibble) first, K8 (the highest) last; row x holds K(x). */
static const uint8_t gost_sbox[8][16] = {
    {0xA, 0x4, 0x5, 0x6, 0x8, 0x1, 0x3, 0x7, 0xD, 0xC, 0xE, 0x0, 0x9, 0x2, 0xB, 0xF},
    {0x5, 0xF, 0x4, 0x0, 0x2, 0xD, 0xB, 0x9, 0x1, 0x7, 0x6, 0x3, 0xC, 0xE, 0xA, 0x8},
    {0x7, 0xF, 0xC, 0xE, 0x9, 0x4, 0x1, 0x0, 0x3, 0xB, 0x5, 0x2, 0x6, 0xA, 0x8, 0xD},
    {0x4, 0xA, 0x7, 0xC, 0x0, 0xF, 0x2, 0x8, 0xE, 0x1, 0x6, 0x5, 0xD, 0xB, 0x9, 0x3},
    {0x7, 0x6, 0x4, 0xB, 0x9, 0xC, 0x2, 0xA, 0x1, 0x8, 0x0, 0xE, 0xF, 0xD, 0x3, 0x5},
    {0x7, 0x6, 0x2, 0x4, 0xD, 0x9, 0xF, 0x0, 0xA, 0x1, 0x5, 0xB, 0x8, 0xE, 0xC, 0x3},
    {0xD, 0xE, 0x4, 0x1, 0x7, 0x0, 0x5, 0xA, 0x3, 0xC, 0x8, 0xF, 0x6, 0x2, 0x9, 0xB},
    {0x1, 0x3, 0xA, 0x9, 0x5, 0xB, 0x4, 0xF, 0x8, 0x6, 0x7, 0xE, 0xD, 0x0, 0x2, 0xC},
};

/* RFC 5831 §6.1: C_3 = 0xff00ffff000000ffff0000ff00ffff0000ff00ff00ff00ffff00ff00ff00ff00,
 * as eight little-endian 32-bit words, the least significant first. */
static const uint32_t gost_c3[8] = {
    0xff00ff00, 0xff00ff00, 0x00ff00ff, 0x00ff00ff, 0x00ffff00, 0xff0000ff, 0x000000ff, 0xff00ffff,
};

typedef struct gost_consts {
    __m512i low_boxes, high_boxes; /* byte 16j + x: K(2j+1)(x), K(2j+2)(x) << 4 */
    __m512i nibbles, positions;    /* 0x0F in every byte; byte j of a lane: j << 4 */
    __m512i pair_low, pair_high;   /* P's first round: bytes 0, 1 resp. 2, 3 of two words, interleaved */
    __m512i half_low, half_high;   /* its second round: the low resp. high 16 bits of two words */
} gost_consts;

/* rol11(S(x)): the round function after the key addition. */
static inline GOST_TARGET __m512i gost_f(const gost_consts *c, __m512i x)
{
    /* (x & 0x0F..) | positions: vpternlogd A & B | C */
    __m512i lo = _mm512_ternarylogic_epi32(x, c->nibbles, c->positions, 0xEA);
    __m512i hi = _mm512_ternarylogic_epi32(_mm512_srli_epi32(x, 4), c->nibbles, c->positions, 0xEA);
    __m512i s = _mm512_or_si512(_mm512_permutexvar_epi8(lo, c->low_boxes), _mm512_permutexvar_epi8(hi, c->high_boxes));
    return _mm512_rol_epi32(s, 11);
}

/* P of W (eight words) into key[8]: key word 4c + b, byte i = byte b of
 * word 2i + c. */
static inline GOST_TARGET void gost_p(const gost_consts *c, const __m512i w[8], __m512i key[8])
{
    for (unsigned half = 0; half < 2; half++) {
        /* words half, half + 2 (bytes of i = 0, 1) and half + 4, half + 6 (i = 2, 3) */
        __m512i a01 = _mm512_permutex2var_epi8(w[half], c->pair_low, w[half + 2]);
        __m512i a23 = _mm512_permutex2var_epi8(w[half], c->pair_high, w[half + 2]);
        __m512i b01 = _mm512_permutex2var_epi8(w[half + 4], c->pair_low, w[half + 6]);
        __m512i b23 = _mm512_permutex2var_epi8(w[half + 4], c->pair_high, w[half + 6]);
        key[4 * half + 0] = _mm512_permutex2var_epi8(a01, c->half_low, b01);
        key[4 * half + 1] = _mm512_permutex2var_epi8(a01, c->half_high, b01);
        key[4 * half + 2] = _mm512_permutex2var_epi8(a23, c->half_low, b23);
        key[4 * half + 3] = _mm512_permutex2var_epi8(a23, c->half_high, b23);
    }
}

/* A of RFC 5831 §6.1 on eight words (four 64-bit quarters, lowest first). */
static inline void gost_a(__m512i y[8])
{
    __m512i lo = _mm512_xor_si512(y[0], y[2]), hi = _mm512_xor_si512(y[1], y[3]);
    for (unsigned i = 0; i < 6; i++)
        y[i] = y[i + 2];
    y[6] = lo;
    y[7] = hi;
}

/* psi^n on z[0..15] (16-bit words in the low halves of the lanes; the high
 * halves carry garbage, never read): z[16..16 + n - 1] are the new words,
 * psi^n's result is z[n..n + 15]. */
#define GOST_PSI_STEP(z, j)                                                                                    \
    ((z)[(j) + 16] = _mm512_xor_si512(_mm512_ternarylogic_epi32((z)[j], (z)[(j) + 1], (z)[(j) + 2], 0x96),     \
                                      _mm512_ternarylogic_epi32((z)[(j) + 3], (z)[(j) + 12], (z)[(j) + 15], 0x96)))

/* f(H, M) of RFC 5831 §6 into h; only words 0 .. out_words - 1 of the
 * result are right (1 or 8, a constant: every loop unrolls). */
static inline GOST_TARGET __attribute__((always_inline)) void gost_compress(const gost_consts *c, __m512i h[8],
                                                                             const __m512i m[8], unsigned out_words)
{
    /* Key generation (§6.1). */
    __m512i key[4][8], u[8], v[8], w[8];
    for (unsigned i = 0; i < 8; i++) {
        u[i] = h[i];
        v[i] = m[i];
        w[i] = _mm512_xor_si512(u[i], v[i]);
    }
    gost_p(c, w, key[0]);
    for (unsigned j = 1; j < 4; j++) {
        gost_a(u);
        if (j == 2)
            for (unsigned i = 0; i < 8; i++)
                u[i] = _mm512_xor_si512(u[i], _mm512_set1_epi32((int)gost_c3[i]));
        gost_a(v);
        gost_a(v);
        for (unsigned i = 0; i < 8; i++)
            w[i] = _mm512_xor_si512(u[i], v[i]);
        gost_p(c, w, key[j]);
    }

    /* Encryption (§6.2): quarter e of H (words 2e, 2e + 1: N1, N2) under
     * key[e], the four interleaved; round r takes key word r mod 8 for
     * r < 24, then 7 - r mod 8, and updates N2, N1, N2, ... in turn. */
    __m512i n1[4], n2[4];
    for (unsigned e = 0; e < 4; e++) {
        n1[e] = h[2 * e];
        n2[e] = h[2 * e + 1];
    }
    _Pragma("GCC unroll 16") for (unsigned r = 0; r < 32; r += 2) {
        const unsigned k0 = r < 24 ? r % 8 : 7 - r % 8, k1 = r + 1 < 24 ? (r + 1) % 8 : 7 - (r + 1) % 8;
        for (unsigned e = 0; e < 4; e++)
            n2[e] = _mm512_xor_si512(n2[e], gost_f(c, _mm512_add_epi32(n1[e], key[e][k0])));
        for (unsigned e = 0; e < 4; e++)
            n1[e] = _mm512_xor_si512(n1[e], gost_f(c, _mm512_add_epi32(n2[e], key[e][k1])));
    }

    /* Mixing (§6.3) on 16-bit words: S's quarter e is (N2, N1) after the
     * last round, which swaps nothing. */
    __m512i z[16 + 61];
    for (unsigned e = 0; e < 4; e++) {
        z[4 * e + 0] = n2[e];
        z[4 * e + 1] = _mm512_srli_epi32(n2[e], 16);
        z[4 * e + 2] = n1[e];
        z[4 * e + 3] = _mm512_srli_epi32(n1[e], 16);
    }
    _Pragma("GCC unroll 12") for (unsigned j = 0; j < 12; j++) GOST_PSI_STEP(z, j);
    /* M ^ psi^12(S), then psi of it: z[12..27] ^ M, one step more */
    __m512i y[17];
    for (unsigned i = 0; i < 8; i++) {
        y[2 * i] = _mm512_xor_si512(z[12 + 2 * i], m[i]);
        y[2 * i + 1] = _mm512_xor_si512(z[12 + 2 * i + 1], _mm512_srli_epi32(m[i], 16));
    }
    GOST_PSI_STEP(y, 0);
    /* H ^ psi(...) = y[1..16] ^ H, then psi^61 */
    for (unsigned i = 0; i < 8; i++) {
        z[2 * i] = _mm512_xor_si512(y[1 + 2 * i], h[i]);
        z[2 * i + 1] = _mm512_xor_si512(y[1 + 2 * i + 1], _mm512_srli_epi32(h[i], 16));
    }
    const unsigned steps = 61 - 16 + 2 * out_words; /* the new words up to z[61 + 2 * out_words - 1] */
    _Pragma("GCC unroll 61") for (unsigned j = 0; j < steps; j++) GOST_PSI_STEP(z, j);
    for (unsigned i = 0; i < out_words; i++)
        h[i] = _mm512_ternarylogic_epi32(z[61 + 2 * i], _mm512_set1_epi32(0xFFFF),
                                         _mm512_slli_epi32(z[61 + 2 * i + 1], 16), 0xEA);
}

/* The whole compression, and the one of the last block (the first word). */
static GOST_TARGET __attribute__((noinline)) void gost_compress_all(const gost_consts *c, __m512i h[8],
                                                                     const __m512i m[8])
{
    gost_compress(c, h, m, 8);
}

static GOST_TARGET __attribute__((noinline)) void gost_compress_first(const gost_consts *c, __m512i h[8],
                                                                       const __m512i m[8])
{
    gost_compress(c, h, m, 1);
}

GOST_TARGET size_t hc_mb_gost_avx512(const hc_mb_args *args, size_t u, size_t end, uint32_t *hits, unsigned cap,
                                     unsigned *count)
{
    const unsigned J = args->word;
    uint8_t low_boxes[64], high_boxes[64], pair_low[64], pair_high[64], half_low[64], half_high[64];
    for (unsigned j = 0; j < 4; j++)
        for (unsigned x = 0; x < 16; x++) {
            low_boxes[16 * j + x] = gost_sbox[2 * j][x];
            high_boxes[16 * j + x] = (uint8_t)(gost_sbox[2 * j + 1][x] << 4);
        }
    /* vpermt2b indices: 0-63 the first source's bytes, 64-127 the second's */
    for (unsigned lane = 0; lane < 16; lane++) {
        const uint8_t at = (uint8_t)(4 * lane);
        const uint8_t p_lo[4] = {at, at + 64, at + 1, at + 65}, p_hi[4] = {at + 2, at + 66, at + 3, at + 67};
        const uint8_t h_lo[4] = {at, at + 1, at + 64, at + 65}, h_hi[4] = {at + 2, at + 3, at + 66, at + 67};
        for (unsigned b = 0; b < 4; b++) {
            pair_low[at + b] = p_lo[b];
            pair_high[at + b] = p_hi[b];
            half_low[at + b] = h_lo[b];
            half_high[at + b] = h_hi[b];
        }
    }
    const gost_consts c = {
        _mm512_loadu_si512(low_boxes), _mm512_loadu_si512(high_boxes),
        _mm512_set1_epi8(0x0F), _mm512_set1_epi32(0x30201000),
        _mm512_loadu_si512(pair_low), _mm512_loadu_si512(pair_high),
        _mm512_loadu_si512(half_low), _mm512_loadu_si512(half_high),
    };
    /* The length block: the message's bit length (under 2^9). */
    __m512i length[8];
    length[0] = _mm512_set1_epi32((int)(args->msg_bytes * 8));
    for (unsigned i = 1; i < 8; i++)
        length[i] = _mm512_setzero_si512();
    V xc[8];
    for (unsigned i = 0; i < 8; i++)
        xc[i] = V_SET1(args->w[i]);
    const V want = V_SET1(args->target[0]);

    for (; u < end; u += VL) {
        if (*count + VL > cap)
            return u;
        V x[8];
        MB_MESSAGE(x, 8, V_LOAD, tab_lo, tab_hi);
        __m512i m[8], h[8];
        for (unsigned i = 0; i < 8; i++) {
            m[i] = (__m512i)x[i];
            h[i] = _mm512_setzero_si512();
        }
        gost_compress_all(&c, h, m);
        gost_compress_all(&c, h, length);
        gost_compress_first(&c, h, m); /* the checksum of one block is the block */
        unsigned masks[1] = {V_EQ((V)h[0], want)};
        MB_REPORT(masks, 1, VL);
    }
    return end;
}
